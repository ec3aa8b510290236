// Package chinesecheckers is the Chinese Checkers engine of Jumpers: the
// 121-hole star for 2, 3, 4 and 6 players (and 1, for the solitaire), its
// rule profiles, a fast move generator, perft, the AI (the shared alpha-beta
// search with a race-distance evaluation; Best-Reply Search over the same
// search for more than two players; a race planner for the endgame; and the
// seed program's rule-based AI as the level "Classic"), a solitaire solver,
// and the core.Game adapter. The rules are in docs/chinesecheckers-rules.md,
// the measured figures in docs/benchmarks-chinesecheckers.md.
//
// Representation. Holes have a dense index 0..120, row by row from the
// bottom tip a1 (index 0) to the top tip q1 (index 120), left to right in
// each row, so the index order is also the order of the hole names. Each
// hole has cube coordinates (q, r, s) for the geometry (distances, the six
// arms, rotations); the hot paths only use precomputed tables: the
// neighbour and the jump-landing hole in each of the six directions, arm
// masks and distance tables. Occupancy is a 128-bit bitboard (two uint64)
// and an owner byte per hole; the position is a small value (copy-make), so
// the generic search can copy it per ply and the app can hand it to the AI
// goroutine while it keeps its own.
package chinesecheckers

import (
	"fmt"
	"math"
	"math/bits"
	"strings"
)

// NumHoles is the number of holes of the star.
const NumHoles = 121

// rowSizes are the holes of rows a (the bottom tip) to q (the top tip).
var rowSizes = [17]int{1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11, 12, 13, 4, 3, 2, 1}

// Arm is one of the six points of the star, in seat order: clockwise from
// the bottom (S, SW, NW, N, NE, SE). The arm opposite arm a is (a+3)%6.
type Arm uint8

// The six arms.
const (
	S Arm = iota
	SW
	NW
	N
	NE
	SE
)

var armNames = [6]string{"S", "SW", "NW", "N", "NE", "SE"}

func (a Arm) String() string {
	if int(a) < len(armNames) {
		return armNames[a]
	}
	return fmt.Sprintf("Arm(%d)", uint8(a))
}

// Opposite is the arm across the board: the target of a player seated at a.
func (a Arm) Opposite() Arm { return (a + 3) % 6 }

// ParseArm reads an arm name (S, SW, NW, N, NE, SE; any case).
func ParseArm(s string) (Arm, error) {
	for i, n := range armNames {
		if strings.EqualFold(n, s) {
			return Arm(i), nil
		}
	}
	return 0, fmt.Errorf("unknown arm %q (one of S, SW, NW, N, NE, SE)", s)
}

// bitboard is a set of holes: bit i of word i/64.
type bitboard [2]uint64

func (b bitboard) has(i int) bool          { return b[i>>6]>>(uint(i)&63)&1 != 0 }
func (b *bitboard) set(i int)              { b[i>>6] |= 1 << (uint(i) & 63) }
func (b *bitboard) clr(i int)              { b[i>>6] &^= 1 << (uint(i) & 63) }
func (b bitboard) and(c bitboard) bitboard { return bitboard{b[0] & c[0], b[1] & c[1]} }
func (b bitboard) or(c bitboard) bitboard  { return bitboard{b[0] | c[0], b[1] | c[1]} }
func (b bitboard) andNot(c bitboard) bitboard {
	return bitboard{b[0] &^ c[0], b[1] &^ c[1]}
}
func (b bitboard) count() int  { return bits.OnesCount64(b[0]) + bits.OnesCount64(b[1]) }
func (b bitboard) empty() bool { return b[0]|b[1] == 0 }

// each calls f for every hole of b in index order.
func (b bitboard) each(f func(int)) {
	for w := 0; w < 2; w++ {
		x := b[w]
		for x != 0 {
			i := bits.TrailingZeros64(x)
			x &= x - 1
			f(w*64 + i)
		}
	}
}

// Directions in doubled coordinates (x counts half-hole widths, y rows
// upwards): E, NE, NW, W, SW, SE. Direction d+3 is the opposite of d.
var dirDX = [6]int{2, 1, -1, -2, -1, 1}
var dirDY = [6]int{0, 1, 1, 0, -1, -1}

// hole geometry, filled by init.
var (
	holeRow   [NumHoles]int8 // 0 = row a (bottom) .. 16 = row q (top)
	holePlace [NumHoles]int8 // 1-based place in the row
	holeDX    [NumHoles]int8 // doubled x: 0..24, the centre column is 12
	holeQ     [NumHoles]int8 // cube coordinates, q+r+s = 0
	holeR     [NumHoles]int8
	holeS     [NumHoles]int8
	rowStart  [18]int      // index of the first hole of each row; rowStart[17] = 121
	grid      [17][25]int8 // doubled coordinates -> index, -1 off the board

	// step[h][d] is the neighbour of h in direction d, jump[h][d] the hole
	// behind it (the landing of a hop in direction d); -1 off the board.
	step [NumHoles][6]int8
	jump [NumHoles][6]int8

	armOf   [NumHoles]int8 // the arm a hole belongs to, -1 for the centre hexagon
	armMask [6]bitboard
	armTip  [6]int // the hole at the point of each arm
	centre  bitboard
	allMask bitboard

	// tipDist[a][h] is the hex distance from h to the tip of arm a: the
	// race distance of a piece whose target is a. Ten pieces packed into
	// arm a sum to exactly packedSum (0+1+1+2+2+2+3+3+3+3), and any other
	// placement of ten distinct holes sums to more, so "sum - packedSum"
	// is 0 exactly when the arm is full.
	tipDist [6][NumHoles]int8

	// rot60[h] is h turned one arm clockwise (S to SW, SW to NW, ...).
	rot60 [NumHoles]int8

	// nbMask[h] is the set of h's neighbours.
	nbMask [NumHoles]bitboard

	// hops[h] lists the hops from h that stay on the board: the hole hopped
	// over and the landing, nHops[h] of them.
	hops  [NumHoles][6]struct{ mid, land uint8 }
	nHops [NumHoles]uint8
)

const packedSum = 20

// The tables are built by a package variable's initializer, which runs
// before every init function of the package (init functions run in file
// order, and classic.go's and ai.go's build on these tables).
var _ = buildGeometry()

func buildGeometry() bool {
	for y := range grid {
		for x := range grid[y] {
			grid[y][x] = -1
		}
	}
	idx := 0
	for y, n := range rowSizes {
		rowStart[y] = idx
		for k := 0; k < n; k++ {
			x := 12 - (n - 1) + 2*k
			holeRow[idx] = int8(y)
			holePlace[idx] = int8(k + 1)
			holeDX[idx] = int8(x)
			col, row := x-12, y-8
			q, r := (col-row)/2, row
			holeQ[idx], holeR[idx], holeS[idx] = int8(q), int8(r), int8(-q-r)
			grid[y][x] = int8(idx)
			idx++
		}
	}
	rowStart[17] = idx
	if idx != NumHoles {
		panic("chinesecheckers: bad row sizes")
	}
	at := func(x, y int) int {
		if y < 0 || y > 16 || x < 0 || x > 24 {
			return -1
		}
		return int(grid[y][x])
	}
	for h := 0; h < NumHoles; h++ {
		x, y := int(holeDX[h]), int(holeRow[h])
		for d := 0; d < 6; d++ {
			step[h][d] = int8(at(x+dirDX[d], y+dirDY[d]))
			jump[h][d] = int8(at(x+2*dirDX[d], y+2*dirDY[d]))
			if step[h][d] < 0 {
				jump[h][d] = -1
			} else {
				nbMask[h].set(int(step[h][d]))
			}
			if jump[h][d] >= 0 {
				hops[h][nHops[h]] = struct{ mid, land uint8 }{uint8(step[h][d]), uint8(jump[h][d])}
				nHops[h]++
			}
		}
		q, r, s := int(holeQ[h]), int(holeR[h]), int(holeS[h])
		a := -1
		switch {
		case r <= -5:
			a = int(S)
		case s >= 5:
			a = int(SW)
		case q <= -5:
			a = int(NW)
		case r >= 5:
			a = int(N)
		case s <= -5:
			a = int(NE)
		case q >= 5:
			a = int(SE)
		}
		armOf[h] = int8(a)
		allMask.set(h)
		if a < 0 {
			centre.set(h)
		} else {
			armMask[a].set(h)
		}
	}
	// Tips: the hole of each arm farthest from the centre.
	for a := 0; a < 6; a++ {
		best, bd := -1, -1
		armMask[a].each(func(h int) {
			if d := hexDist(h, grid[8][12]); d > bd {
				best, bd = h, d
			}
		})
		armTip[a] = best
	}
	for a := 0; a < 6; a++ {
		for h := 0; h < NumHoles; h++ {
			tipDist[a][h] = int8(hexDist(h, int8(armTip[a])))
		}
	}
	// A 60° turn of cube coordinates is (q, r, s) -> (-r, -s, -q) or its
	// inverse; pick the one that carries S to SW (clockwise in seat order).
	find := func(q, r, s int) int {
		for h := 0; h < NumHoles; h++ {
			if int(holeQ[h]) == q && int(holeR[h]) == r && int(holeS[h]) == s {
				return h
			}
		}
		return -1
	}
	turn := func(h, sense int) int {
		q, r, s := int(holeQ[h]), int(holeR[h]), int(holeS[h])
		if sense == 0 {
			return find(-r, -s, -q)
		}
		return find(-s, -q, -r)
	}
	sense := 0
	if armOf[turn(armTip[S], 0)] != int8(SW) {
		sense = 1
	}
	for h := 0; h < NumHoles; h++ {
		rot60[h] = int8(turn(h, sense))
	}
	return true
}

func hexDist(a int, b int8) int {
	dq := abs(int(holeQ[a]) - int(holeQ[b]))
	dr := abs(int(holeR[a]) - int(holeR[b]))
	ds := abs(int(holeS[a]) - int(holeS[b]))
	return max(dq, dr, ds)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// HoleName is the contract name of hole h ("a1" .. "q1"), "" if h is not a
// hole.
func HoleName(h int) string {
	if h < 0 || h >= NumHoles {
		return ""
	}
	return fmt.Sprintf("%c%d", 'a'+holeRow[h], holePlace[h])
}

// ParseHole reads a hole name: a row letter a..q and a 1-based place.
func ParseHole(s string) (int, error) {
	h, n := parseHolePrefix(s)
	if n == 0 || n != len(s) {
		return -1, fmt.Errorf("bad hole %q (a row a..q and a place, like e5)", s)
	}
	if h < 0 {
		return -1, fmt.Errorf("no hole %q on the board (row %c has %d holes)", s, s[0]|0x20, rowSizes[(s[0]|0x20)-'a'])
	}
	return h, nil
}

// parseHolePrefix reads a hole name at the start of s. It returns the hole
// (-1 when the row is fine but the place is out of range) and the number of
// bytes read (0 when s does not start with a row letter and a number).
func parseHolePrefix(s string) (int, int) {
	if len(s) < 2 {
		return -1, 0
	}
	c := s[0] | 0x20
	if c < 'a' || c > 'q' {
		return -1, 0
	}
	row := int(c - 'a')
	n, i := 0, 1
	for i < len(s) && i < 3 && s[i] >= '0' && s[i] <= '9' {
		n = n*10 + int(s[i]-'0')
		i++
	}
	if i == 1 || s[1] == '0' {
		return -1, 0 // no number, or a leading zero ("e05" is no name)
	}
	if n < 1 || n > rowSizes[row] {
		return -1, i
	}
	return rowStart[row] + n - 1, i
}

// HoleXY is the centre of hole h for drawing, in units of the distance
// between neighbouring holes: x to the right, y upwards, the centre hole at
// (0, 0). The star spans x in [-6, 6] and y in [-8·√3/2, 8·√3/2].
func HoleXY(h int) (x, y float64) {
	if h < 0 || h >= NumHoles {
		return 0, 0
	}
	return float64(int(holeDX[h])-12) / 2, float64(int(holeRow[h])-8) * math.Sqrt(3) / 2
}

// HoleAt is the hole at row (0 = a .. 16 = q) and 1-based place, or -1.
func HoleAt(row, place int) int {
	if row < 0 || row > 16 || place < 1 || place > rowSizes[row] {
		return -1
	}
	return rowStart[row] + place - 1
}

// HoleRow and HolePlace give the row (0 = a) and 1-based place of hole h.
func HoleRow(h int) int   { return int(holeRow[h]) }
func HolePlace(h int) int { return int(holePlace[h]) }

// ArmOf is the arm hole h lies in; ok is false for the centre hexagon.
func ArmOf(h int) (a Arm, ok bool) {
	if h < 0 || h >= NumHoles || armOf[h] < 0 {
		return 0, false
	}
	return Arm(armOf[h]), true
}

// Neighbours lists the holes next to h.
func Neighbours(h int) []int {
	var out []int
	if h < 0 || h >= NumHoles {
		return out
	}
	for d := 0; d < 6; d++ {
		if n := step[h][d]; n >= 0 {
			out = append(out, int(n))
		}
	}
	return out
}

// Distance is the number of steps between holes a and b on an empty board.
func Distance(a, b int) int { return hexDist(a, int8(b)) }

func trailingZeros(x uint64) int { return bits.TrailingZeros64(x) }
