package search

import (
	"context"
	"testing"

	"github.com/jumpers-game/jumpers/core"
	"pgregory.net/rapid"
)

// walkTactical: the walk's "captures" are the moves the path's hash picks.
func walkTactical(w *walk, dst []int) []int {
	h := core.Mix64(w.path ^ w.salt ^ 0x7ac7)
	for i := range w.b {
		if h>>i&1 == 1 {
			dst = append(dst, i)
		}
	}
	return dst
}

// walkQuiesce is the definition: stand pat or play a tactical move, for up
// to q plies.
func walkQuiesce(w walk, q int) int {
	best := walkEval(&w, w.ToMove())
	if q == 0 {
		return best
	}
	for _, m := range walkTactical(&w, nil) {
		c := w
		c.Play(m)
		best = max(best, -walkQuiesce(c, q-1))
	}
	return best
}

func walkMinimaxQ(w walk, depth, q int) int {
	if depth == 0 {
		return walkQuiesce(w, q)
	}
	best := -Win
	for _, m := range w.Moves(nil) {
		c := w
		c.Play(m)
		best = max(best, -walkMinimaxQ(c, depth-1, q))
	}
	return best
}

// With a quiescence search the root's score is still the exact minimax
// value of the tree with stand-pat leaves, whatever the windows.
func TestQuiescenceKeepsTheValue(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		root := walk{b: rapid.IntRange(2, 4).Draw(rt, "branching"), salt: rapid.Uint64().Draw(rt, "salt")}
		depth := rapid.IntRange(1, 5).Draw(rt, "depth")
		q := rapid.IntRange(1, 4).Draw(rt, "quiescence")
		cfg := Config[walk, int]{Eval: walkEval, Tactical: walkTactical, QuiescenceDepth: q}
		res := New[walk, int](cfg, 1).Search(context.Background(), root, Limits[int]{Depth: depth})
		if want := walkMinimaxQ(root, depth, q); res.Score != want {
			rt.Fatalf("quiescence search scores %d, minimax %d", res.Score, want)
		}
	})
}

// A tactical reply that ends the game is seen below a leaf.
func TestQuiescenceSeesTheEnd(t *testing.T) {
	// Tic-tac-toe: X 0 8, O 4 2, X to move; O threatens 6. At depth 1
	// every move scores 0 to a flat evaluation; with O's replies played
	// out, only 6 does not lose.
	var g ttt
	for _, m := range []int{0, 4, 8, 2} {
		g.Play(m)
	}
	flat := func(*ttt, int) int { return 0 }
	every := func(p *ttt, dst []int) []int { return p.Moves(dst) }
	for seed := range int64(5) {
		cfg := Config[ttt, int]{Eval: flat, Tactical: every, QuiescenceDepth: 2}
		res := New[ttt, int](cfg, 1).Search(context.Background(), g, Limits[int]{Depth: 1, Seed: seed})
		if res.Move != 6 || res.Score < 0 {
			t.Errorf("seed %d: played %d scoring %d, want the block at 6", seed, res.Move, res.Score)
		}
	}
}

// The evaluation cache changes nothing but the time: the same search with
// and without it, even a tiny one that keeps overwriting itself, gives the
// same score, move and node count, and two searches in a row on one
// searcher read the first one's cached scores right.
func TestEvalCacheChangesNothing(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		root := walk{b: rapid.IntRange(2, 4).Draw(rt, "branching"), salt: rapid.Uint64().Draw(rt, "salt")}
		depth := rapid.IntRange(1, 6).Draw(rt, "depth")
		plain := Config[walk, int]{Eval: walkEval, Tactical: walkTactical, QuiescenceDepth: 2}
		cached := plain
		cached.EvalCache = rapid.IntRange(1, 512).Draw(rt, "cache")
		want := New[walk, int](plain, 1).Search(context.Background(), root, Limits[int]{Depth: depth})
		s := New[walk, int](cached, 1)
		for range 2 {
			got := s.Search(context.Background(), root, Limits[int]{Depth: depth, Fresh: true})
			if got.Score != want.Score || got.Move != want.Move || got.Nodes != want.Nodes {
				rt.Fatalf("cached: %d %d %d nodes; plain: %d %d %d nodes", got.Score, got.Move, got.Nodes, want.Score, want.Move, want.Nodes)
			}
		}
	})
}

// EvalTactical changes nothing but the time: with it, with or without the
// evaluation cache and with noise, a search gives the same score, move and
// node count as with Eval and Tactical apart.
func TestEvalTacticalChangesNothing(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		root := walk{b: rapid.IntRange(2, 4).Draw(rt, "branching"), salt: rapid.Uint64().Draw(rt, "salt")}
		lim := Limits[int]{Depth: rapid.IntRange(1, 6).Draw(rt, "depth"), Noise: rapid.IntRange(0, 30).Draw(rt, "noise"), Seed: 7, Fresh: true}
		apart := Config[walk, int]{Eval: walkEval, Tactical: walkTactical, QuiescenceDepth: 3, EvalCache: rapid.IntRange(0, 64).Draw(rt, "cache")}
		together := apart
		calls := 0
		together.EvalTactical = func(w *walk, pov int, dst []int) (int, []int) {
			calls++
			return walkEval(w, pov), walkTactical(w, dst)
		}
		want := New[walk, int](apart, 1).Search(context.Background(), root, lim)
		s := New[walk, int](together, 1)
		for range 2 {
			got := s.Search(context.Background(), root, lim)
			if got.Score != want.Score || got.Move != want.Move || got.Nodes != want.Nodes {
				rt.Fatalf("together: %d %d %d nodes; apart: %d %d %d nodes", got.Score, got.Move, got.Nodes, want.Score, want.Move, want.Nodes)
			}
		}
		if calls == 0 {
			rt.Fatal("EvalTactical was never asked")
		}
	})
}
