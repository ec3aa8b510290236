package cube

import (
	"fmt"
	"strconv"
	"strings"
)

// FormatMove writes square m of an n×n board as "r:c", 1-based, row 1 at
// the top.
func FormatMove(n int, m Move) string {
	return strconv.Itoa(int(m)/n+1) + ":" + strconv.Itoa(int(m)%n+1)
}

// ParseMove reads a square of an n×n board: "r:c", or "r c" as typed at a
// terminal (the seeds replace the colon with a space).
func ParseMove(n int, text string) (Move, error) {
	t := strings.TrimSpace(text)
	var rs, cs string
	if i := strings.IndexByte(t, ':'); i >= 0 {
		rs, cs = t[:i], t[i+1:]
	} else if f := strings.Fields(t); len(f) == 2 {
		rs, cs = f[0], f[1]
	} else {
		return 0, fmt.Errorf("malformed square %q (want row:column, like 2:3)", text)
	}
	r, err1 := parseIndex(strings.TrimSpace(rs))
	c, err2 := parseIndex(strings.TrimSpace(cs))
	if err1 != nil || err2 != nil {
		return 0, fmt.Errorf("malformed square %q (want row:column, like 2:3)", text)
	}
	if r < 1 || r > n || c < 1 || c > n {
		return 0, fmt.Errorf("square %d:%d is off the %dx%d board", r, c, n, n)
	}
	return Move((r-1)*n + c - 1), nil
}

// parseIndex reads a plain decimal number (no sign), capped so that huge
// inputs neither overflow nor pass as small ones.
func parseIndex(s string) (int, error) {
	if s == "" || len(s) > 6 {
		return 0, fmt.Errorf("bad number")
	}
	v := 0
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, fmt.Errorf("bad number")
		}
		v = v*10 + int(s[i]-'0')
	}
	return v, nil
}

var ownerChar = [3]byte{'r', 'b', '-'}

// String is the position text of CONTRACTS.md: rows top to bottom separated
// by "/", each cell its spot count and owner (r, b or -), then a space and
// the side to move, "r" or "b".
func (b Board) String() string {
	n := int(b.n)
	if n == 0 {
		return "(no board)"
	}
	var sb strings.Builder
	sb.Grow(n*n*2 + n + 2)
	for r := 0; r < n; r++ {
		if r > 0 {
			sb.WriteByte('/')
		}
		for c := 0; c < n; c++ {
			s := r*n + c
			sb.WriteString(strconv.Itoa(int(b.spots[s])))
			sb.WriteByte(ownerChar[b.owner[s]])
		}
	}
	sb.WriteByte(' ')
	sb.WriteByte(ownerChar[b.side])
	return sb.String()
}

// Show is the board for people: a line "===", each row indented four
// spaces with its cells separated by one space ("    1- 2r 1-"), then
// "===". Every line ends with a newline.
func (b Board) Show() string {
	n := int(b.n)
	var sb strings.Builder
	sb.WriteString("===\n")
	for r := 0; r < n; r++ {
		sb.WriteString("   ")
		for c := 0; c < n; c++ {
			s := r*n + c
			sb.WriteByte(' ')
			sb.WriteString(strconv.Itoa(int(b.spots[s])))
			sb.WriteByte(ownerChar[b.owner[s]])
		}
		sb.WriteByte('\n')
	}
	sb.WriteString("===\n")
	return sb.String()
}

// ParseBoard reads a position text (see String). It accepts only positions
// that real play can reach in form:
//   - 2 to 15 rows of as many cells each;
//   - every cell has at least one spot; a neutral cell has exactly one
//     (placing a spot or receiving one colours a square, so a neutral
//     square never changes);
//   - no square is overfull unless one side owns every square (a winning
//     cascade may stop with overfull squares left, as the seeds allow; any
//     other overfull square would still have to explode);
//   - at most 255 spots on a square.
//
// The side to move is not checked against the number of spots: set-up
// positions (puzzles, the seeds' figures) may have either side to move.
func ParseBoard(text string) (Board, error) {
	t := strings.TrimSpace(text)
	sp := strings.LastIndexByte(t, ' ')
	if sp < 0 {
		return Board{}, fmt.Errorf("malformed position %q: want rows separated by / then a space and the side to move (r or b)", clip(text))
	}
	cells, side := strings.TrimSpace(t[:sp]), t[sp+1:]
	var b Board
	switch side {
	case "r":
		b.side = Red
	case "b":
		b.side = Blue
	default:
		return Board{}, fmt.Errorf("side to move %q is not r or b", clip(side))
	}
	rows := strings.Split(cells, "/")
	n := len(rows)
	if n < MinSize || n > MaxSize {
		return Board{}, fmt.Errorf("position has %d rows: the size must be %d to %d", n, MinSize, MaxSize)
	}
	b.n = uint8(n)
	for r, row := range rows {
		c := 0
		for i := 0; i < len(row); {
			j := i
			for j < len(row) && row[j] >= '0' && row[j] <= '9' {
				j++
			}
			if j == i || j == len(row) {
				return Board{}, fmt.Errorf("row %d: malformed cell at %q: want a spot count then r, b or -", r+1, clip(row[i:]))
			}
			if c >= n {
				return Board{}, fmt.Errorf("row %d has more than %d cells", r+1, n)
			}
			v, err := parseIndex(row[i:j])
			if err != nil || v > 255 {
				return Board{}, fmt.Errorf("square %d:%d: spot count %q out of range", r+1, c+1, clip(row[i:j]))
			}
			var o uint8
			switch row[j] {
			case 'r':
				o = Red
			case 'b':
				o = Blue
			case '-':
				o = neutral
			default:
				return Board{}, fmt.Errorf("square %d:%d: owner %q is not r, b or -", r+1, c+1, string(row[j]))
			}
			s := r*n + c
			switch {
			case v == 0:
				return Board{}, fmt.Errorf("square %d:%d has no spots (every square has at least one)", r+1, c+1)
			case o == neutral && v != 1:
				return Board{}, fmt.Errorf("square %d:%d is neutral with %d spots (a neutral square has exactly one)", r+1, c+1, v)
			}
			b.spots[s] = uint8(v)
			b.owner[s] = o
			if o != neutral {
				b.owned[o]++
			}
			c++
			i = j + 1
		}
		if c != n {
			return Board{}, fmt.Errorf("row %d has %d cells, want %d", r+1, c, n)
		}
	}
	if over, _ := b.Outcome(); !over {
		g := &geo[n]
		for s := 0; s < n*n; s++ {
			if b.spots[s] > g.deg[s] {
				return Board{}, fmt.Errorf("square %s is overfull (%d spots, %d neighbours) but nobody has won", FormatMove(n, Move(s)), b.spots[s], g.deg[s])
			}
		}
	}
	b.rehash()
	return b, nil
}

// clip shortens text quoted in error messages.
func clip(s string) string {
	if len(s) > 40 {
		return s[:40] + "..."
	}
	return s
}
