package search

import (
	"context"
	"testing"
)

// prunedTTT is tic-tac-toe with every selective-search option on.
func prunedTTT() Config[ttt, int] {
	cfg := tttConfig()
	cfg.Reduce = func(*ttt, int) bool { return true }
	cfg.Prune = Pruning{FutilityMargin: 1, FutilityDepth: 3, LateMoves: 1, LateMoveDepth: 3, ReductionDivisor: 1}
	return cfg
}

func TestPruningKeepsForcedWins(t *testing.T) {
	// X to move wins at once on 2; pruning must not hide it.
	g := ttt{cell: [9]int8{1, 1, 0, 2, 2, 0, 0, 0, 0}}
	res := New[ttt, int](prunedTTT(), 1).Search(context.Background(), g, Limits[int]{Depth: 9})
	if res.Move != 2 || MateIn(res.Score) != 1 {
		t.Fatalf("want the win in one on 2, got move %d score %d", res.Move, res.Score)
	}
	// O to move must block on 2 or lose.
	g = ttt{cell: [9]int8{1, 1, 0, 2, 0, 0, 0, 0, 0}, turn: 1}
	res = New[ttt, int](prunedTTT(), 1).Search(context.Background(), g, Limits[int]{Depth: 9})
	if res.Move != 2 {
		t.Fatalf("want the block on 2, got move %d score %d", res.Move, res.Score)
	}
}

func TestPruningSearchesEveryDepth(t *testing.T) {
	var depths []int
	res := New[ttt, int](prunedTTT(), 1).Search(context.Background(), ttt{}, Limits[int]{Depth: 9, Info: func(i Info[int]) { depths = append(depths, i.Depth) }})
	if !res.OK || res.Depth != 9 || len(depths) != 9 {
		t.Fatalf("depth %d, iterations %v", res.Depth, depths)
	}
	lt := lmrTable(Pruning{ReductionDivisor: 2})
	if lt[1][10] != 1 || lt[8][30] < 2 || lt[8][30] > lt[8][60] || lt[8][30] > lt[12][30] {
		t.Errorf("reductions %d %d %d %d", lt[1][10], lt[8][30], lt[8][60], lt[12][30])
	}
	if based := lmrTable(Pruning{ReductionDivisor: 2, ReductionBase: 1}); based[8][30] != lt[8][30]+1 {
		t.Errorf("base 1 reduces %d, not one more than %d", based[8][30], lt[8][30])
	}
	if lmrTable(Pruning{}) != nil {
		t.Error("a reduction table without a divisor")
	}
}

// Weak move pruning leaves the root's moves alone (the root searches every
// move), skips weak moves below it once WeakFrom moves were searched, and
// so searches fewer nodes.
func TestWeakMovesPrunedBelowTheRootOnly(t *testing.T) {
	// O must block on 8, the last move in the order; it is weak for O.
	root := ttt{cell: [9]int8{1, 2, 0, 0, 1, 0, 0, 0, 0}, turn: 1}
	asked := 0
	cfg := tttConfig()
	cfg.Weak = func(g *ttt, m int) bool {
		asked++
		return g.turn == 1 && m == 8
	}
	cfg.Prune.WeakFrom = 1
	res := New[ttt, int](cfg, 1).Search(context.Background(), root, Limits[int]{Depth: 5})
	if res.Move != 8 {
		t.Fatalf("want the block on 8, got move %d score %d", res.Move, res.Score)
	}
	cfg.Weak = func(g *ttt, m int) bool {
		asked++
		return true
	}
	asked = 0
	res = New[ttt, int](cfg, 1).Search(context.Background(), ttt{}, Limits[int]{Depth: 4})
	plain := New[ttt, int](tttConfig(), 1).Search(context.Background(), ttt{}, Limits[int]{Depth: 4})
	if asked == 0 || res.Nodes >= plain.Nodes {
		t.Fatalf("weak pruning asked %d times, searched %d nodes, %d without", asked, res.Nodes, plain.Nodes)
	}
}

// Reductions in PV nodes (ReducePV) search a wide tree in fewer nodes than
// reductions at non-PV nodes alone.
func TestPVReductionsSearchFewerNodes(t *testing.T) {
	root := walk{b: 8, salt: 7}
	nodes := func(pr Pruning) int64 {
		cfg := Config[walk, int]{Eval: walkEval, Reduce: func(*walk, int) bool { return true }, Prune: pr}
		return New[walk, int](cfg, 4).Search(context.Background(), root, Limits[int]{Depth: 8}).Nodes
	}
	plain := nodes(Pruning{ReductionDivisor: 2.5, ReductionBase: 1.3, ReductionFrom: 2})
	pv := nodes(Pruning{ReductionDivisor: 2.5, ReductionBase: 1.3, ReductionFrom: 2, ReducePV: true})
	if pv >= plain {
		t.Fatalf("nodes: non-PV reductions %d, PV too %d", plain, pv)
	}
}
