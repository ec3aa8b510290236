package cube

import (
	"slices"
	"testing"

	"github.com/jumpers-game/jumpers/core"
	"pgregory.net/rapid"
)

// randomBitsBoard is a board that fits a word: either reached by random
// moves from the start, or any owners and spot counts (the evaluation
// must agree on boards no game reaches too: the search's leaves are
// scored as they come).
func randomBitsBoard(rt *rapid.T) Board {
	n := rapid.IntRange(MinSize, bitsMax).Draw(rt, "n")
	if rapid.Bool().Draw(rt, "played") {
		return randomGame(rt, n)
	}
	b, _ := NewBoard(n)
	g := &geo[n]
	for s := 0; s < n*n; s++ {
		b.owner[s] = uint8(rapid.IntRange(0, 2).Draw(rt, "owner"))
		b.spots[s] = uint8(rapid.IntRange(1, int(g.deg[s])+1).Draw(rt, "spots"))
	}
	b.side = uint8(rapid.IntRange(0, 1).Draw(rt, "side"))
	b.rehash()
	return b
}

// The word-sized sets give the terms and chains of the square-by-square
// scan, to the candidate squares and their order.
func TestBitScanMatchesLoops(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		b := randomBitsBoard(rt)
		var want keplerTerms
		var sc scan
		want.fill(&b, &sc)
		var got keplerTerms
		var ch chains
		if !got.fillBits(&b, &ch) {
			rt.Fatalf("%dx%d board not on the fast path: %s", b.n, b.n, &b)
		}
		if got != want {
			rt.Fatalf("terms of %s:\n sets  %v\n loops %v", &b, got, want)
		}
		if ch != sc.chains {
			rt.Fatalf("chains of %s:\n sets  %+v\n loops %+v", &b, ch, sc.chains)
		}
		var ch2 chains
		ch2.fillChainsOf(&b)
		if ch2 != sc.chains {
			rt.Fatalf("fillChainsOf of %s: %+v, want %+v", &b, ch2, sc.chains)
		}
	})
}

// Boards larger than a word, and won positions with a stopped cascade's
// overfull squares, take the loops.
func TestBitScanFallsBack(t *testing.T) {
	b, _ := NewBoard(bitsMax + 1)
	var terms keplerTerms
	var ch chains
	if terms.fillBits(&b, &ch) {
		t.Fatalf("a %dx%d board took the one-word path", bitsMax+1, bitsMax+1)
	}
	b, _ = NewBoard(5)
	b.spots[0] = 9
	if terms.fillBits(&b, &ch) {
		t.Fatal("a square of 9 spots took the three-bit path")
	}
	if got, want := KeplerTerms(&b), func() []int { var t keplerTerms; var sc scan; t.fill(&b, &sc); return t[:] }(); !slices.Equal(got, want) {
		t.Fatalf("KeplerTerms %v, loops %v", got, want)
	}
}

// Small boards search with the small table and no evaluation cache;
// Expert alone sees through chain reactions and proves, on every size.
func TestSpecFor(t *testing.T) {
	expert, strong := core.Level{Name: core.Expert}, core.Level{Name: core.Strong}
	for _, n := range []int{MinSize, 5, smallBoard, smallBoard + 1, 10, MaxSize} {
		for st := range numStyles {
			for _, lv := range []core.Level{expert, strong} {
				sp := specFor(lv, st, n)
				cfg := sp.Config()
				small := n <= smallBoard
				if small != (sp.HashMB == smallHashMB) || small != (cfg.EvalCache == 0) {
					t.Errorf("%dx%d %s: table %d MB, evaluation cache %d", n, n, sp.Key, sp.HashMB, cfg.EvalCache)
				}
				full := lv.Name == core.Expert
				if full != (sp.Proof != nil) || full != (cfg.QuiescenceDepth > 0) {
					t.Errorf("%dx%d %s at %s: prover %v, quiescence %d", n, n, sp.Key, lv.Name, sp.Proof != nil, cfg.QuiescenceDepth)
				}
			}
		}
	}
}
