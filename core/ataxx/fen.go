package ataxx

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// maxCounter bounds the FEN's counters, so no later arithmetic overflows.
const maxCounter = 1_000_000_000

// ParseFEN reads a position in the FEN of libataxx: the ranks from 7 down to
// 1 separated by '/', each rank its squares from file a to g: 'x' (Black),
// 'o' (White), '-' (a gap) or a digit 1–7 for that many empty squares; then
// the side to move ('x' or 'o'), the half-move clock and the full-move
// number. The two counters may be left out (0 and 1). The word "startpos"
// stands for the start position.
func ParseFEN(fen string, rules Rules) (Position, error) {
	if rules >= numRules {
		return Position{}, fmt.Errorf("unknown rule set %d", rules)
	}
	fields := strings.Fields(fen)
	if len(fields) == 1 && fields[0] == "startpos" {
		fields = strings.Fields(StartFEN)
	}
	if len(fields) != 2 && len(fields) != 4 {
		return Position{}, fmt.Errorf("FEN %q: want the board, the side to move, the half-move clock and the full-move number", fen)
	}
	p := Position{rules: rules, full: 1}
	ranks := strings.Split(fields[0], "/")
	if len(ranks) != Size {
		return Position{}, fmt.Errorf("FEN %q: the board has %d ranks, want 7", fen, len(ranks))
	}
	for i, row := range ranks {
		rank := Size - 1 - i
		file := 0
		for j := 0; j < len(row); j++ {
			c := row[j]
			n := 1
			if c >= '1' && c <= '7' {
				n = int(c - '0')
			} else if c != 'x' && c != 'o' && c != '-' {
				return Position{}, fmt.Errorf("FEN %q: rank %d: bad character %q (x, o, - or a digit 1-7)", fen, rank+1, badChar(row[j:]))
			}
			if file+n > Size {
				return Position{}, fmt.Errorf("FEN %q: rank %d is too long", fen, rank+1)
			}
			bit := uint64(1) << uint(Square(file, rank))
			switch c {
			case 'x':
				p.pieces[Black] |= bit
			case 'o':
				p.pieces[White] |= bit
			case '-':
				p.gaps |= bit
			}
			file += n
		}
		if file != Size {
			return Position{}, fmt.Errorf("FEN %q: rank %d has %d squares, want 7", fen, rank+1, file)
		}
	}
	switch fields[1] {
	case "x":
		p.turn = Black
	case "o":
		p.turn = White
	default:
		return Position{}, fmt.Errorf("FEN %q: side to move %q, want x or o", fen, fields[1])
	}
	if len(fields) == 4 {
		half, ok := parseCounter(fields[2])
		if !ok {
			return Position{}, fmt.Errorf("FEN %q: half-move clock %q, want a number from 0", fen, fields[2])
		}
		full, ok := parseCounter(fields[3])
		if !ok || full < 1 {
			return Position{}, fmt.Errorf("FEN %q: full-move number %q, want a number from 1", fen, fields[3])
		}
		p.half, p.full = uint32(half), uint32(full)
	}
	p.key = p.computeKey()
	return p, nil
}

// badChar is the character at the start of s, whole even if it is not
// ASCII.
func badChar(s string) string {
	r, size := utf8.DecodeRuneInString(s)
	if r == utf8.RuneError {
		return s[:size]
	}
	return string(r)
}

// parseCounter reads a FEN counter: plain decimal digits, at most
// maxCounter.
func parseCounter(s string) (int, bool) {
	if len(s) == 0 || len(s) > 10 {
		return 0, false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
	}
	n, err := strconv.Atoi(s)
	return n, err == nil && n <= maxCounter
}

// FEN writes p in the FEN of libataxx ("x5o/7/7/7/7/7/o5x x 0 1").
func (p *Position) FEN() string {
	var sb strings.Builder
	sb.Grow(40)
	for rank := Size - 1; rank >= 0; rank-- {
		empty := 0
		for file := 0; file < Size; file++ {
			c := p.At(Square(file, rank))
			if c == Empty {
				empty++
				continue
			}
			if empty > 0 {
				sb.WriteByte(byte('0' + empty))
				empty = 0
			}
			sb.WriteByte(".xo-"[c])
		}
		if empty > 0 {
			sb.WriteByte(byte('0' + empty))
		}
		if rank > 0 {
			sb.WriteByte('/')
		}
	}
	sb.WriteByte(' ')
	sb.WriteByte("xo"[p.turn])
	sb.WriteByte(' ')
	sb.WriteString(strconv.Itoa(int(p.half)))
	sb.WriteByte(' ')
	sb.WriteString(strconv.Itoa(int(p.full)))
	return sb.String()
}

// String is the FEN.
func (p Position) String() string { return p.FEN() }

// Board writes the board for people: rank 7 first, "x", "o", "-" for a gap
// and "." for an empty square, with file letters and rank numbers.
func (p *Position) Board() string {
	var sb strings.Builder
	for rank := Size - 1; rank >= 0; rank-- {
		sb.WriteByte(byte('1' + rank))
		for file := 0; file < Size; file++ {
			sb.WriteByte(' ')
			sb.WriteByte(".xo-"[p.At(Square(file, rank))])
		}
		sb.WriteByte('\n')
	}
	sb.WriteString("  a b c d e f g\n")
	return sb.String()
}
