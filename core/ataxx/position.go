package ataxx

import (
	"errors"
	"fmt"
	"strings"

	"github.com/jumpers-game/jumpers/core"
)

// Rules selects a rule set.
type Rules uint8

const (
	// Standard are the rules of the Ataxx engine community (libataxx).
	Standard Rules = iota
	// SeedRules are the rules of seed 002 (see the package doc).
	SeedRules
	numRules
)

// RuleSetNames lists the rule set names, the default first.
var RuleSetNames = []string{"standard", "seed"}

// String is the rule set's name.
func (r Rules) String() string {
	if int(r) < len(RuleSetNames) {
		return RuleSetNames[r]
	}
	return fmt.Sprintf("Rules(%d)", r)
}

// ParseRules reads a rule set name; "" is the standard rules.
func ParseRules(name string) (Rules, error) {
	switch strings.ToLower(name) {
	case "", "standard":
		return Standard, nil
	case "seed":
		return SeedRules, nil
	}
	return Standard, fmt.Errorf("unknown rule set %q (standard or seed)", name)
}

// The sides. Black (x) moves first.
const (
	Black = 0
	White = 1
)

// Limits of the game length. Under the standard rules a half-move clock of
// 100 (50 moves by each side without a clone) ends the game as a draw; under
// the seed rules the game ends after 100 turns, when the full-move number
// passes 100.
const (
	HalfMoveLimit = 100
	TurnLimit     = 100
)

// Cell is what stands on a square.
type Cell uint8

const (
	Empty Cell = iota
	BlackPiece
	WhitePiece
	Gap
)

// Position is an Ataxx position: a small value (48 bytes) that is copied,
// never shared, so a move is played on a copy (copy-make) and the caller's
// position is untouched.
type Position struct {
	pieces [2]uint64 // Black, White
	gaps   uint64
	key    uint64 // Zobrist key of the board (gaps included) and side to move
	half   uint32 // plies since the last clone
	full   uint32 // starts at 1, grows after White's move
	turn   uint8
	rules  Rules
}

// StartFEN is the standard start position.
const StartFEN = "x5o/7/7/7/7/7/o5x x 0 1"

// New returns the standard start position under rules r.
func New(r Rules) Position {
	p, err := ParseFEN(StartFEN, r)
	if err != nil {
		panic(err) // the constant above is well formed
	}
	return p
}

// Rules is the position's rule set.
func (p *Position) Rules() Rules { return p.rules }

// ToMove is the side to move: Black (0, x) or White (1, o).
func (p *Position) ToMove() int { return int(p.turn) }

// Pieces is the bitboard of side's pieces (bit sq = square sq).
func (p *Position) Pieces(side int) uint64 { return p.pieces[side&1] }

// Gaps is the bitboard of the blocked squares.
func (p *Position) Gaps() uint64 { return p.gaps }

// Empty is the bitboard of the empty squares.
func (p *Position) Empty() uint64 { return allMask &^ (p.pieces[0] | p.pieces[1] | p.gaps) }

// Count is the number of side's pieces.
func (p *Position) Count(side int) int { return popcount(p.pieces[side&1]) }

// HalfMoves is the half-move clock: plies since the last clone.
func (p *Position) HalfMoves() int { return int(p.half) }

// FullMoves is the full-move number: 1 at the start, +1 after each move
// (or pass) of White. Under the seed rules it is the number of the turn
// being played.
func (p *Position) FullMoves() int { return int(p.full) }

// At tells what stands on sq.
func (p *Position) At(sq int) Cell {
	if sq < 0 || sq >= Squares {
		return Gap
	}
	b := uint64(1) << uint(sq)
	switch {
	case p.pieces[Black]&b != 0:
		return BlackPiece
	case p.pieces[White]&b != 0:
		return WhitePiece
	case p.gaps&b != 0:
		return Gap
	}
	return Empty
}

// Hash is the Zobrist hash of the position. Besides the board and the side
// to move it covers the rule set, and the game-length counter once the
// limit is near (standard: the half-move clock from 52 on; seed: the turn
// number from 77 on): there two positions with the same board can differ in
// how the game ends, so the search's table must keep them apart, while far
// from the limit transpositions still meet.
func (p *Position) Hash() uint64 {
	h := p.key
	if p.rules == SeedRules {
		h ^= seedRulesKey
		if p.full >= TurnLimit-23 {
			h ^= counterKeys[min(p.full-(TurnLimit-23), uint32(len(counterKeys)-1))]
		}
	} else if p.half >= HalfMoveLimit-48 {
		h ^= counterKeys[min(p.half-(HalfMoveLimit-48), uint32(len(counterKeys)-1))]
	}
	return h
}

// limitReached tells whether the game-length rule ends the game.
func (p *Position) limitReached() bool {
	return limitReached(p.half, p.full, p.rules)
}

// hasMoves tells whether side has a clone or jump.
func (p *Position) hasMoves(side int) bool {
	return reach(p.pieces[side], p.rules)&p.Empty() != 0
}

// Outcome tells whether the game is over and who won (-1 for a draw). The
// game ends when a side has no pieces, or neither side can move (the board
// is full, or no empty square is in reach), and then the side with more
// pieces wins; or by the game-length rule: under the standard rules a
// half-move clock of 100 is a draw, under the seed rules after 100 turns the
// side with more pieces wins. As in libataxx, a win by pieces takes priority
// over the half-move draw.
func (p *Position) Outcome() (over bool, winner int) {
	over, winner, _ = p.outcome()
	return over, winner
}

func (p *Position) outcome() (over bool, winner int, reason string) {
	b, w := p.pieces[Black], p.pieces[White]
	switch {
	case b == 0 || w == 0:
		reason = "a side has no pieces"
	case reach(b|w, p.rules)&p.Empty() == 0:
		if p.Empty() == 0 {
			reason = "board full"
		} else {
			reason = "no moves left"
		}
	case p.limitReached():
		if p.rules == Standard {
			return true, -1, "50-move rule"
		}
		reason = "100 turns played"
	default:
		return false, -1, ""
	}
	return true, p.leader(), reason
}

// leader is the side with more pieces, -1 when equal.
func (p *Position) leader() int {
	switch nb, nw := p.Count(Black), p.Count(White); {
	case nb > nw:
		return Black
	case nw > nb:
		return White
	}
	return -1
}

// Result describes the end of the game: over, the winner (-1 = draw) and
// the reason in words.
func (p *Position) Result() (over bool, winner int, reason string) { return p.outcome() }

// MustPass tells whether the side to move has no move although the game
// goes on: its only legal move is Pass.
func (p *Position) MustPass() bool {
	if over, _ := p.Outcome(); over {
		return false
	}
	return !p.hasMoves(int(p.turn))
}

// Moves appends the legal moves to dst: clones by destination, then jumps
// by origin and destination; just Pass when the side to move cannot move;
// nothing when the game is over.
func (p *Position) Moves(dst []Move) []Move {
	return p.moves(dst, false)
}

// Candidates appends the legal moves that are not weak (weakMove): every
// move but the jumps that convert nothing, which half of a middle game's
// moves are. The search generates these first (search.Config.Candidates).
func (p *Position) Candidates(dst []Move) []Move {
	return p.moves(dst, true)
}

// moves appends the legal moves, only those that land next to an enemy
// piece among the jumps when capturing.
func (p *Position) moves(dst []Move, capturing bool) []Move {
	us, them := p.pieces[p.turn], p.pieces[p.turn^1]
	if us == 0 || them == 0 || p.limitReached() {
		return dst
	}
	empty := p.Empty()
	n := len(dst)
	for b := dilate(us) & empty; b != 0; b &= b - 1 {
		dst = append(dst, Clone(lowest(b)))
	}
	targets := empty
	if capturing {
		targets &= dilate(them)
	}
	jm := &jumpMasks[p.rules]
	for f := us; f != 0; f &= f - 1 {
		from := lowest(f)
		for t := jm[from] & targets; t != 0; t &= t - 1 {
			dst = append(dst, Jump(from, lowest(t)))
		}
	}
	// A pass only when there is no move at all (the weak jumps count).
	if len(dst) == n && (!capturing || reach(us, p.rules)&empty == 0) && reach(them, p.rules)&empty != 0 {
		dst = append(dst, Pass)
	}
	return dst
}

// Targets are the squares the piece on from may move to: its clone targets
// and its jump targets (both empty when from holds no piece of the side to
// move, or the game is over). For the board widget.
func (p *Position) Targets(from int) (clones, jumps uint64) {
	if from < 0 || from >= Squares || p.pieces[p.turn]&(1<<uint(from)) == 0 {
		return 0, 0
	}
	if over, _ := p.Outcome(); over {
		return 0, 0
	}
	empty := p.Empty()
	return neighbours[from] & empty, jumpMasks[p.rules][from] & empty
}

// Converted is the set of enemy pieces that m converts (for the flip
// animation). m need not be legal; a pass converts nothing.
func (p *Position) Converted(m Move) uint64 {
	if !m.valid() || m == Pass {
		return 0
	}
	return neighbours[m.To()] & p.pieces[p.turn^1]
}

// Play plays m, which must be legal (Moves returned it): the search's
// make-move. Use PlayMove for a move from outside.
func (p *Position) Play(m Move) {
	us := p.turn
	if us == White {
		p.full++
	}
	p.turn ^= 1
	p.key ^= sideKey
	if m == Pass {
		p.half++
		return
	}
	to := m.To()
	capt := neighbours[to] & p.pieces[us^1]
	p.pieces[us^1] ^= capt
	p.pieces[us] |= 1<<uint(to) | capt
	p.key ^= zobrist[us][to]
	for c := capt; c != 0; c &= c - 1 {
		p.key ^= flipKey[lowest(c)]
	}
	if m.IsJump() {
		from := m.From()
		p.pieces[us] &^= 1 << uint(from)
		p.key ^= zobrist[us][from]
		p.half++
	} else {
		p.half = 0
	}
}

// Legal returns nil if m is legal here, or an error that says why not.
func (p *Position) Legal(m Move) error {
	if err := p.illegal(m); err != nil {
		if err == core.ErrGameOver {
			return err
		}
		return fmt.Errorf("%v: %w", m, err)
	}
	return nil
}

// sideLetter names a side in messages by its letter in the notation
// (x moves first).
func sideLetter(i int) string { return "xo"[i&1 : i&1+1] }

// illegal says why m is not legal here, without naming m; nil if it is.
func (p *Position) illegal(m Move) error {
	if over, _ := p.Outcome(); over {
		return core.ErrGameOver
	}
	if !m.valid() {
		return errors.New("not a move")
	}
	side := core.Player(p.turn)
	if m == Pass {
		if p.hasMoves(int(p.turn)) {
			return core.PlayerErrorf(sideLetter, "%v may pass only when it has no move", side)
		}
		return nil
	}
	to := m.To()
	switch p.At(to) {
	case Gap:
		return fmt.Errorf("%s is a gap", SquareName(to))
	case BlackPiece, WhitePiece:
		return fmt.Errorf("%s is not empty", SquareName(to))
	}
	us := p.pieces[p.turn]
	if m.IsClone() {
		if neighbours[to]&us == 0 {
			return core.PlayerErrorf(sideLetter, "no %v piece next to %s", side, SquareName(to))
		}
		return nil
	}
	from := m.From()
	if us&(1<<uint(from)) == 0 {
		return core.PlayerErrorf(sideLetter, "no %v piece on %s", side, SquareName(from))
	}
	if jumpMasks[p.rules][from]&(1<<uint(to)) == 0 {
		return fmt.Errorf("%s is not a jump from %s under the %v rules", SquareName(to), SquareName(from), p.rules)
	}
	return nil
}

// whyNotPick says why the side to move cannot start a move from sq; nil
// when it can.
func (p *Position) whyNotPick(sq int) error {
	if over, _ := p.Outcome(); over {
		return core.ErrGameOver
	}
	name := SquareName(sq)
	side := core.Player(p.turn)
	switch p.At(sq) {
	case Gap:
		return fmt.Errorf("%s is a gap: no piece stands there", name)
	case Empty:
		return core.PlayerErrorf(sideLetter, "%s is empty: tap one of %v's pieces, then where it goes", name, side)
	}
	if p.pieces[p.turn]&(1<<uint(sq)) == 0 {
		return core.PlayerErrorf(sideLetter, "%s is a piece of %v, and %v is to move", name, core.Player(p.turn^1), side)
	}
	if clones, jumps := p.Targets(sq); clones|jumps == 0 {
		return fmt.Errorf("the piece on %s has no move: no empty square within its reach", name)
	}
	return nil
}

// PlayMove returns the position after m, or an error saying why m is not
// legal here. The receiver is not changed.
func (p Position) PlayMove(m Move) (Position, error) {
	if err := p.Legal(m); err != nil {
		return p, err
	}
	p.Play(m)
	return p, nil
}

// ParseMove reads a move in notation and checks that it is legal here. A
// clone written with its source ("a1b2") must name a piece of the side to
// move.
func (p *Position) ParseMove(s string) (Move, error) {
	m, err := p.parseMove(s)
	if err != nil {
		return NoMove, fmt.Errorf("%s: %w", s, err)
	}
	return m, nil
}

// parseMove is ParseMove with errors that do not repeat the move.
func (p *Position) parseMove(s string) (Move, error) {
	m, err := parseMoveText(s)
	if err != nil {
		return NoMove, err
	}
	if len(s) == 4 && m.IsClone() {
		from, _ := ParseSquare(s[:2])
		if p.pieces[p.turn]&(1<<uint(from)) == 0 {
			return NoMove, core.PlayerErrorf(sideLetter, "no %v piece on %s", core.Player(p.turn), s[:2])
		}
	}
	if err := p.illegal(m); err != nil {
		return NoMove, err
	}
	return m, nil
}

// Apply plays the moves in notation in order and returns the position
// after them, or an error naming the first move that is not legal
// (`move 3 "f2": f2 is not empty`).
func (p Position) Apply(moves ...string) (Position, error) {
	for i, s := range moves {
		m, err := p.parseMove(s)
		if err != nil {
			return p, fmt.Errorf("move %d %q: %w", i+1, s, err)
		}
		p.Play(m)
	}
	return p, nil
}

// MoveBetween is the move of the piece on from to to, as a board widget
// sees it (tap a piece, tap a target): a clone when to is next to from, a
// jump otherwise. It returns an error saying why when that move is not
// legal here.
func (p *Position) MoveBetween(from, to int) (Move, error) {
	if from < 0 || from >= Squares || to < 0 || to >= Squares {
		return NoMove, fmt.Errorf("no square %d or %d", from, to)
	}
	if p.pieces[p.turn]&(1<<uint(from)) == 0 {
		return NoMove, core.PlayerErrorf(sideLetter, "no %v piece on %s", core.Player(p.turn), SquareName(from))
	}
	m := Jump(from, to)
	if neighbours[from]&(1<<uint(to)) != 0 {
		m = Clone(to)
	}
	if from == to {
		return NoMove, fmt.Errorf("%s: the piece does not move", SquareName(from))
	}
	return m, p.Legal(m)
}

// SquaresOf lists the squares of a bitboard in increasing order.
func SquaresOf(b uint64) []int {
	out := make([]int, 0, popcount(b))
	for ; b != 0; b &= b - 1 {
		out = append(out, lowest(b))
	}
	return out
}

// PositionOf returns the position with Black's pieces black, White's
// white, the gaps and side to move under rules, the clocks at their start
// (for tools that store boards, not games). It does not check the board.
func PositionOf(black, white, gaps uint64, toMove int, rules Rules) Position {
	p := Position{pieces: [2]uint64{black & allMask, white & allMask}, gaps: gaps & allMask, full: 1, turn: uint8(toMove & 1), rules: rules}
	p.key = p.computeKey()
	return p
}
