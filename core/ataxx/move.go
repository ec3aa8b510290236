package ataxx

import (
	"errors"
	"fmt"
	"unicode/utf8"
)

// Move is one Ataxx move in 16 bits: the destination in bits 0–5, the
// origin of a jump in bits 6–11, and the kind in bits 12–14. The zero Move
// is no move at all (NoMove), so the search's transposition table can tell
// "no best move" from any real one.
type Move uint16

const (
	kindClone Move = 1 << 12
	kindJump  Move = 2 << 12
	kindPass  Move = 4 << 12

	// NoMove is the zero Move: not a move.
	NoMove Move = 0
	// Pass is the forced pass, written "0000".
	Pass = kindPass
)

// Clone is the move that grows a new piece on to (from any own piece next
// to it: which one does not matter, so a clone is named by its destination).
func Clone(to int) Move { return kindClone | Move(to) }

// Jump is the move of the piece on from to to.
func Jump(from, to int) Move { return kindJump | Move(from)<<6 | Move(to) }

// IsClone tells whether m is a clone (a single move).
func (m Move) IsClone() bool { return m&(7<<12) == kindClone }

// IsJump tells whether m is a jump (a double move).
func (m Move) IsJump() bool { return m&(7<<12) == kindJump }

// IsPass tells whether m is the pass.
func (m Move) IsPass() bool { return m == Pass }

// To is the destination square of a clone or jump.
func (m Move) To() int { return int(m & 63) }

// From is the origin square of a jump; for a clone it is its destination.
func (m Move) From() int {
	if m.IsJump() {
		return int(m>>6) & 63
	}
	return int(m & 63)
}

// valid tells whether m is a well-formed move (not whether it is legal).
func (m Move) valid() bool {
	switch {
	case m == Pass:
		return true
	case m.IsClone():
		return m&^(kindClone|63) == 0 && m.To() < Squares
	case m.IsJump():
		return m&^(kindJump|0xfff) == 0 && m.To() < Squares && m.From() < Squares && m.From() != m.To()
	}
	return false
}

// String writes m in the Ataxx notation: "f2" (clone), "g1e3" (jump),
// "0000" (pass).
func (m Move) String() string {
	switch {
	case !m.valid():
		return "(none)"
	case m == Pass:
		return "0000"
	case m.IsClone():
		return SquareName(m.To())
	}
	return SquareName(m.From()) + SquareName(m.To())
}

// moveKeys is the number of distinct move keys (the search's history
// table): 49 clones, 49×49 (from, to) pairs for jumps, and the pass.
const moveKeys = Squares + Squares*Squares + 1

// key maps m to 0..moveKeys-1.
func (m Move) key() int {
	switch {
	case m.IsClone():
		return m.To()
	case m.IsJump():
		return Squares + m.From()*Squares + m.To()
	}
	return moveKeys - 1
}

// ParseMove reads a move in notation: "f2" (clone), "g1e3" (jump), "0000"
// (pass). It checks only the syntax; Position.ParseMove also checks the
// move is legal. A four-character move whose squares are neighbours is read
// as the clone to its destination (some programs write clones with their
// source square).
func ParseMove(s string) (Move, error) {
	m, err := parseMoveText(s)
	if err != nil {
		return NoMove, fmt.Errorf("move %q: %w", s, err)
	}
	return m, nil
}

func parseMoveText(s string) (Move, error) {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			// Slicing below is by bytes: a wide letter like "ｆ" would be
			// quoted half, so it is refused whole here.
			return NoMove, errors.New("not a move: moves are written in ASCII, like f2, g1e3 or 0000")
		}
	}
	switch len(s) {
	case 4:
		if s == "0000" {
			return Pass, nil
		}
		from, err := ParseSquare(s[:2])
		if err != nil {
			return NoMove, err
		}
		to, err := ParseSquare(s[2:])
		if err != nil {
			return NoMove, err
		}
		if from == to {
			return NoMove, errors.New("the piece does not move")
		}
		if neighbours[from]&(1<<uint(to)) != 0 {
			return Clone(to), nil
		}
		return Jump(from, to), nil
	case 2:
		to, err := ParseSquare(s)
		if err != nil {
			return NoMove, err
		}
		return Clone(to), nil
	}
	return NoMove, errors.New("want a square (f2), two squares (g1e3) or 0000")
}
