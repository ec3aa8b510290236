package ataxx

import (
	"slices"
	"testing"

	"pgregory.net/rapid"
)

func nnFeatureSet(us, them uint64, r Rules) []uint16 {
	var f [NNActive]uint16
	NNFeatures(us, them, r, &f)
	s := f[:]
	slices.Sort(s)
	return s
}

// A board and its seven images turn on the same inputs; a board with one
// square more for either side turns on others (the inputs tell the sides
// and the squares apart), and every input is in range.
func TestNNFeaturesSymmetric(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := gaplessPosition(t)
		us, them := p.pieces[p.turn], p.pieces[p.turn^1]
		want := nnFeatureSet(us, them, p.rules)
		for _, x := range want {
			if int(x) >= NNInputs {
				t.Fatalf("input %d of %d", x, NNInputs)
			}
		}
		for g := 1; g < 8; g++ {
			got := nnFeatureSet(mapBoard(g, us), mapBoard(g, them), p.rules)
			if !slices.Equal(got, want) {
				t.Fatalf("%s: symmetry %d turns on %v, the board %v", p.FEN(), g, got, want)
			}
		}
		empty := allMask &^ (us | them)
		if empty == 0 {
			return
		}
		sq := rapid.SampledFrom(squaresOf(empty)).Draw(t, "square")
		for side, b := range [2][2]uint64{{us | 1<<sq, them}, {us, them | 1<<sq}} {
			got := nnFeatureSet(b[0], b[1], p.rules)
			if slices.Equal(got[:NNWindows], want[:NNWindows]) {
				t.Fatalf("%s: a piece of side %d on %d changes no window input", p.FEN(), side, sq)
			}
		}
	})
}

// Each kind of window is turned on as often as it has windows: 4 corners,
// 8, 8, 4 on the diagonal, 8, 4 in the middle.
func TestNNFeaturesKinds(t *testing.T) {
	p := New(Standard)
	var f [NNActive]uint16
	NNFeatures(p.pieces[p.turn], p.pieces[p.turn^1], p.rules, &f)
	var count [NNWindowKinds]int
	for _, x := range f[:NNWindows] {
		count[x/NNWindowStates]++
	}
	if count != [NNWindowKinds]int{4, 8, 8, 4, 8, 4} {
		t.Fatalf("windows of each kind: %v", count)
	}
	if got := int(f[NNWindows]); got != nnEmptyBase+45/4 {
		t.Fatalf("the start's empty bucket input %d, want %d", got, nnEmptyBase+45/4)
	}
}

func squaresOf(b uint64) []int {
	var out []int
	for ; b != 0; b &= b - 1 {
		out = append(out, lowest(b))
	}
	return out
}
