package ataxx

import (
	"fmt"
	"math/bits"
)

// The board is 7×7. Square sq = rank*7 + file, a1 = 0, g1 = 6, a7 = 42,
// g7 = 48, as in libataxx: bit sq of a uint64 stands for square sq, and the
// 15 high bits are always zero.
const (
	// Size is the number of files and of ranks.
	Size = 7
	// Squares is the number of squares.
	Squares = Size * Size

	allMask uint64 = 1<<Squares - 1
	fileA   uint64 = 1 | 1<<7 | 1<<14 | 1<<21 | 1<<28 | 1<<35 | 1<<42
	fileG   uint64 = fileA << 6

	// notFileA also clears the bit above g7, where a shift of g7 lands.
	notFileA = allMask &^ fileA
	notFileG = allMask &^ fileG
)

// Square returns the square of file (0 = a) and rank (0 = rank 1), or -1
// when either is off the board.
func Square(file, rank int) int {
	if file < 0 || file >= Size || rank < 0 || rank >= Size {
		return -1
	}
	return rank*Size + file
}

// File is the file of sq, 0 = a.
func File(sq int) int { return sq % Size }

// Rank is the rank of sq, 0 = rank 1.
func Rank(sq int) int { return sq / Size }

// SquareName writes sq as "a1".."g7".
func SquareName(sq int) string {
	if sq < 0 || sq >= Squares {
		return "??"
	}
	return string([]byte{byte('a' + File(sq)), byte('1' + Rank(sq))})
}

// ParseSquare reads "a1".."g7".
func ParseSquare(s string) (int, error) {
	if len(s) != 2 || s[0] < 'a' || s[0] > 'g' || s[1] < '1' || s[1] > '7' {
		return -1, fmt.Errorf("%q is not a square (a1 to g7)", s)
	}
	return Square(int(s[0]-'a'), int(s[1]-'1')), nil
}

// dilate returns b grown by one king step in every direction (b included).
// The file masks stop pieces from wrapping round the board's edge.
func dilate(b uint64) uint64 {
	h := b | (b<<1)&notFileA | (b>>1)&notFileG
	return (h | h<<7 | h>>7) & allMask
}

// destFileMasks[df+3] is the set of squares a shift by df files (-3..3) may
// land on without having wrapped round an edge.
var destFileMasks = func() (m [7]uint64) {
	for df := -3; df <= 3; df++ {
		for f := 0; f < Size; f++ {
			if f-df >= 0 && f-df < Size {
				m[df+3] |= fileA << uint(f)
			}
		}
	}
	return m
}()

// Precomputed masks. neighbours[sq] are the 8 squares around sq (the clone
// targets and the squares a piece landing on sq converts). jumpMasks[r][sq]
// are the jump targets from sq under rule set r: for the standard rules the
// 16 squares at distance two, for the seed rules the 8 squares two steps away
// straight or diagonally plus the 4 squares three steps away straight.
var (
	neighbours [Squares]uint64
	jumpMasks  [numRules][Squares]uint64
)

// seedJumpOffsets are the seed rules' jumps as (files, ranks).
var seedJumpOffsets = [...][2]int{
	{2, 0}, {-2, 0}, {0, 2}, {0, -2},
	{2, 2}, {2, -2}, {-2, 2}, {-2, -2},
	{3, 0}, {-3, 0}, {0, 3}, {0, -3},
}

func init() {
	for sq := 0; sq < Squares; sq++ {
		b := uint64(1) << uint(sq)
		d1 := dilate(b)
		neighbours[sq] = d1 &^ b
		jumpMasks[Standard][sq] = dilate(d1) &^ d1
		f, r := File(sq), Rank(sq)
		for _, o := range seedJumpOffsets {
			if t := Square(f+o[0], r+o[1]); t >= 0 {
				jumpMasks[SeedRules][sq] |= 1 << uint(t)
			}
		}
	}
}

// reach is the set of squares pieces b can move to (ignoring occupancy)
// under rule set r: one king step, or a jump.
func reach(b uint64, r Rules) uint64 {
	d1 := dilate(b)
	if r == Standard {
		// Distance at most two is exactly two king steps.
		return dilate(d1)
	}
	// Seed: the 3×3 lattice of spacing two (two steps straight or
	// diagonal), plus three steps straight.
	h := b | (b<<2)&destFileMasks[5] | (b>>2)&destFileMasks[1]
	v := (h | h<<14 | h>>14) & allMask
	t := (b<<3)&destFileMasks[6] | (b>>3)&destFileMasks[0] | (b<<21)&allMask | b>>21
	return d1 | v | t
}

func popcount(b uint64) int { return bits.OnesCount64(b) }

func lowest(b uint64) int { return bits.TrailingZeros64(b) }
