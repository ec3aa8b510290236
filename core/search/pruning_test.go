package search

import (
	"context"
	"slices"
	"testing"

	"github.com/jumpers-game/jumpers/core"
	"pgregory.net/rapid"
)

// prunedTTT is tic-tac-toe with every selective-search option on.
func prunedTTT() Config[ttt, int] {
	cfg := tttConfig()
	cfg.Reduce = func(*ttt, int) bool { return true }
	cfg.Prune = Pruning{FutilityMargin: 1, FutilityDepth: 3, FutilityFirstDepth: 1, LateMoves: 1, LateMoveDepth: 3, ReductionDivisor: 1}
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

// Reductions in PV nodes (ReducePV) search a walk tree in fewer nodes than
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

// Null-move pruning passes only at non-PV nodes deep enough, never twice
// in a row, and cuts a walk tree down.
func TestNullMovePruning(t *testing.T) {
	root := walk{b: 7, salt: 11}
	passes, twice := 0, 0
	nodes := func(pr Pruning) int64 {
		cfg := Config[walk, int]{Eval: walkEval, Prune: pr}
		cfg.Null = func(w *walk) bool {
			passes++
			if w.path%8 == 0 && w.ply > 0 {
				twice++ // the last step was a pass
			}
			w.path *= 8 // a step no move makes: moves add 1 to 7
			w.ply++
			return true
		}
		return New[walk, int](cfg, 4).Search(context.Background(), root, Limits[int]{Depth: 7}).Nodes
	}
	plain := nodes(Pruning{})
	if passes != 0 {
		t.Fatalf("%d null moves without NullMoveDepth", passes)
	}
	pruned := nodes(Pruning{NullMoveDepth: 2, NullMoveReduction: 2})
	if passes == 0 || twice != 0 || pruned >= plain {
		t.Fatalf("%d null moves, %d right after another; nodes %d, %d without", passes, twice, pruned, plain)
	}
}

// countingWalk counts its move generations.
type countingWalk struct {
	walk
	generated *int
}

func (w *countingWalk) Moves(dst []int) []int {
	*w.generated++
	return w.walk.Moves(dst)
}

// With Playable, a node plays the table's move before it generates the
// others; without history the tree is the same, so the result and the
// node count are too, with fewer generations.
func TestTableMoveBeforeGeneration(t *testing.T) {
	run := func(playable func(*countingWalk, int) bool) (Result[int], int) {
		generated := 0
		cfg := Config[countingWalk, int]{
			Eval:     func(w *countingWalk, pov int) int { return walkEval(&w.walk, pov) },
			Playable: playable,
		}
		root := countingWalk{walk{b: 6, salt: 5}, &generated}
		res := New[countingWalk, int](cfg, 4).Search(context.Background(), root, Limits[int]{Depth: 7})
		return res, generated
	}
	plain, plainGen := run(nil)
	asked := 0
	first, firstGen := run(func(w *countingWalk, m int) bool { asked++; return m < w.b })
	if first.Move != plain.Move || first.Score != plain.Score || first.Nodes != plain.Nodes {
		t.Fatalf("table move first: move %d score %d nodes %d; generated first: %d %d %d",
			first.Move, first.Score, first.Nodes, plain.Move, plain.Score, plain.Nodes)
	}
	if asked == 0 || firstGen >= plainGen {
		t.Fatalf("asked %d times; %d generations, %d without", asked, firstGen, plainGen)
	}
	// A table move that the position does not allow is never played.
	never, neverGen := run(func(*countingWalk, int) bool { return false })
	if never.Nodes != plain.Nodes || neverGen != plainGen {
		t.Fatalf("no playable table move: %d nodes %d generations; want %d %d", never.Nodes, neverGen, plain.Nodes, plainGen)
	}
}

// Singular extensions search a table move that no other move comes near
// one ply deeper: leaves appear below the iteration's depth, which no
// other setting here reaches.
func TestSingularExtensionGoesDeeper(t *testing.T) {
	deepest := func(pr Pruning) int { return deepestLeaf(pr, walk{b: 5, salt: 9}) }
	if d := deepest(Pruning{}); d != 6 {
		t.Fatalf("without extensions leaves at ply %d, want 6", d)
	}
	if d := deepest(Pruning{SingularDepth: 2}); d <= 6 {
		t.Fatalf("with singular extensions the deepest leaf is at ply %d", d)
	}
	// A margin no move can fall under extends nothing.
	if d := deepest(Pruning{SingularDepth: 2, SingularMargin: 5000}); d > 6 {
		t.Fatalf("with an impossible margin leaves at ply %d", d)
	}
}

// A line of single moves is all PV nodes: singular extensions take it
// deeper unless they are kept out of PV nodes.
func TestSingularExtensionOutOfPVNodes(t *testing.T) {
	deepest := func(pr Pruning) int { return deepestLeaf(pr, walk{b: 1, salt: 9}) }
	if d := deepest(Pruning{SingularDepth: 2}); d <= 6 {
		t.Fatalf("in PV nodes the deepest leaf is at ply %d, want an extension", d)
	}
	if d := deepest(Pruning{SingularDepth: 2, SingularNonPV: true}); d != 6 {
		t.Fatalf("out of PV nodes the deepest leaf is at ply %d, want 6", d)
	}
}

// stagedTTT is tic-tac-toe with staged generation: the moves weak calls
// weak come only from Moves, after the candidates.
func stagedTTT(weak func(g *ttt, m int) bool, weakFrom int) Config[ttt, int] {
	cfg := tttConfig()
	cfg.Weak = weak
	cfg.Prune.WeakFrom = weakFrom
	cfg.Playable = func(g *ttt, m int) bool { return m >= 0 && m < 9 && g.cell[m] == 0 }
	cfg.Candidates = func(g *ttt, dst []int) []int {
		for _, m := range g.Moves(nil) {
			if !weak(g, m) {
				dst = append(dst, m)
			}
		}
		return dst
	}
	return cfg
}

// Staged generation loses no move: with weak moves never pruned (WeakFrom
// above any move count) the second stage brings every weak move in, and
// the search is exact, whichever moves are weak.
func TestStagedGenerationLosesNoMove(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		g := randomTTT(t)
		mask := rapid.Uint16().Draw(t, "weak squares")
		weak := func(g *ttt, m int) bool { return mask>>(uint(m)+uint(g.turn)*5)&1 == 1 }
		res := New[ttt, int](stagedTTT(weak, 9), 1).Search(context.Background(), g, Limits[int]{Depth: 9})
		if over, _ := g.Outcome(); over {
			return
		}
		if want := brute(g, 0); res.Score != want {
			t.Fatalf("%v: staged search scores %d, brute force %d", g.cell, res.Score, want)
		}
	})
}

// A node whose candidates all lose searches its weak moves too: O's only
// defence, the block on 8, is weak, and X's threat must not look like a win.
func TestStagedGenerationFindsTheWeakDefence(t *testing.T) {
	root := ttt{cell: [9]int8{1, 2, 2, 0, 0, 0, 0, 0, 0}}
	weak := func(g *ttt, m int) bool { return g.turn == 1 && m == 8 }
	res := New[ttt, int](stagedTTT(weak, 1), 1).Search(context.Background(), root, Limits[int]{Depth: 9})
	if want := brute(root, 0); res.Score != want {
		t.Fatalf("staged search scores %d (move %d), brute force %d", res.Score, res.Move, want)
	}
}

// ReduceAll is Reduce saying yes to every move, only quicker: the same
// tree, move for move, on a wide walk (up to 40 moves a node; the
// transpositions that makes do not matter here) with late move pruning,
// staged generation and orderings full of ties (nextMove then picks or
// sorts; both must give the same order).
func TestReduceAllSearchesTheSameTree(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		root := walk{path: rapid.Uint64().Draw(t, "root"), b: rapid.IntRange(2, 40).Draw(t, "moves"), salt: 5}
		weakEvery := rapid.IntRange(2, 5).Draw(t, "weak every")
		weakFrom := rapid.IntRange(1, 8).Draw(t, "weak from")
		depth := rapid.IntRange(1, 5).Draw(t, "depth")
		weak := func(w *walk, m int) bool { return int(w.path>>7+uint64(m))%weakEvery == 0 }
		config := func(all bool) Config[walk, int] {
			cfg := Config[walk, int]{
				Eval: walkEval,
				// Few distinct scores: many ties.
				Order: func(w *walk, moves []int, scores []int32) {
					for i, m := range moves {
						scores[i] = int32(core.Mix64(w.path+uint64(m))%3) << 16
					}
				},
				MoveKey:  func(m int) int { return m },
				MoveKeys: 64,
				Weak:     weak,
				Playable: func(w *walk, m int) bool { return m >= 0 && m < w.b },
				Candidates: func(w *walk, dst []int) []int {
					for m := range w.b {
						if !weak(w, m) {
							dst = append(dst, m)
						}
					}
					return dst
				},
				Prune: Pruning{FutilityMargin: 300, FutilityDepth: 3, LateMoves: 2, LateMoveDepth: 3, WeakFrom: weakFrom,
					ReductionDivisor: 2, ReductionBase: 1, ReductionFrom: 2, IIRDepth: 3},
			}
			if all {
				cfg.ReduceAll = true
			} else {
				cfg.Reduce = func(*walk, int) bool { return true }
			}
			return cfg
		}
		lim := Limits[int]{Depth: depth}
		want := New[walk, int](config(false), 1).Search(context.Background(), root, lim)
		got := New[walk, int](config(true), 1).Search(context.Background(), root, lim)
		if got.Move != want.Move || got.Score != want.Score || got.Nodes != want.Nodes || !slices.Equal(got.PV, want.PV) {
			t.Fatalf("ReduceAll: move %d score %d nodes %d pv %v; Reduce: move %d score %d nodes %d pv %v",
				got.Move, got.Score, got.Nodes, got.PV, want.Move, want.Score, want.Nodes, want.PV)
		}
	})
}

// sortRest keeps each move's score with it: a pick after a sort (a staged
// node's weak moves, then nextMove picking) reads the score of the move it
// looks at.
func TestSortRestMovesScoresWithMoves(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(1, 60).Draw(t, "moves")
		from := rapid.IntRange(0, n-1).Draw(t, "from")
		s := New[walk, int](Config[walk, int]{Eval: func(*walk, int) int { return 0 }}, 1)
		moves := make([]int, n)
		scoreOf := map[int]int32{}
		s.scores[3] = make([]int32, n)
		for i := range moves {
			moves[i] = i
			scoreOf[i] = int32(rapid.IntRange(-5, 5).Draw(t, "score")) << 16
			s.scores[3][i] = scoreOf[i]
		}
		s.sortRest(3, moves, from)
		for i, m := range moves {
			if s.scores[3][i] != scoreOf[m] {
				t.Fatalf("move %d at %d has score %d, its own is %d", m, i, s.scores[3][i], scoreOf[m])
			}
			if i > from && (scoreOf[m] > scoreOf[moves[i-1]] || scoreOf[m] == scoreOf[moves[i-1]] && m < moves[i-1]) {
				t.Fatalf("not sorted (score, then order) at %d: %v", i, moves)
			}
		}
	})
}

// FutilityFirstDepth: near the leaves reverse futility decides before the
// table is read. A depth-1 node whose evaluation beats beta by the margin
// returns the evaluation even though the table holds a deep exact score
// for it; without the option the table's score comes first.
func TestReverseFutilityBeforeTheTable(t *testing.T) {
	node := func(first int) int {
		cfg := Config[walk, int]{
			Eval:  func(*walk, int) int { return 500 },
			Prune: Pruning{FutilityMargin: 100, FutilityDepth: 1, FutilityFirstDepth: first},
		}
		s := New[walk, int](cfg, 1)
		pos := walk{path: 7, b: 3}
		s.tt.newSearch(true)
		s.begin(context.Background(), pos, Limits[int]{})
		s.stack[1] = pos
		s.tt.store(pos.Hash(), 0, true, 123, 10, boundExact)
		return s.negamax(1, 1, 0, 1) // a null window: not a PV node
	}
	if got := node(0); got != 123 {
		t.Fatalf("table first: the node returns %d, want the table's 123", got)
	}
	if got := node(1); got != 500 {
		t.Fatalf("reverse futility first: the node returns %d, want the evaluation 500", got)
	}
}

// Root reductions search the root's late moves shallower, and a late move
// that proves better is searched again to full depth: the best move, last
// in the order, is found with its full-depth score.
func TestRootReductions(t *testing.T) {
	const b, depth = 6, 5
	root := walk{b: b, salt: 3}
	// The last root move wins 50 pieces at every depth: reduced or not,
	// it beats alpha, so only the full-depth search decides its score.
	eval := func(w *walk, pov int) int {
		v := walkEval(w, pov)
		if w.ply > 0 && w.path>>(3*uint(w.ply-1)) == b {
			if pov == 0 {
				v += 5000
			} else {
				v -= 5000
			}
		}
		return v
	}
	// One iteration at the given depth, the root's moves in their natural
	// order (an iterative search would have sorted the winner first).
	search := func(reduceRoot bool) (score, best int, nodes int64) {
		cfg := Config[walk, int]{
			Eval: eval,
			// Only the root's moves may be reduced: below it the search
			// is full width, so the chosen line's score is exact.
			Reduce: func(w *walk, _ int) bool { return w.ply == 0 },
			Prune:  Pruning{ReductionDivisor: 1, ReductionBase: 2, ReductionFrom: 1, ReduceRoot: reduceRoot},
		}
		s := New[walk, int](cfg, 1)
		s.tt.newSearch(true)
		s.begin(context.Background(), root, Limits[int]{})
		s.iterDepth = depth
		moves := root.Moves(nil)
		score, i, _ := s.searchRoot(moves, make([]int, len(moves)), depth, -Win-1, Win+1)
		return score, moves[i], s.nodes
	}
	_, _, fullNodes := search(false)
	score, best, nodes := search(true)
	if nodes >= fullNodes {
		t.Fatalf("nodes: %d with root reductions, %d without", nodes, fullNodes)
	}
	c := root
	c.Play(b - 1)
	want := -walkMinimaxWith(eval, c, depth-1)
	if best != b-1 || score != want {
		t.Fatalf("root reductions: move %d score %d, want move %d score %d", best, score, b-1, want)
	}
}

// deepestLeaf is the ply of the deepest leaf a depth-6 search of root
// evaluates under pr.
func deepestLeaf(pr Pruning, root walk) int {
	most := 0
	cfg := Config[walk, int]{Prune: pr, Eval: func(w *walk, pov int) int {
		most = max(most, w.ply)
		return walkEval(w, pov)
	}}
	New[walk, int](cfg, 4).Search(context.Background(), root, Limits[int]{Depth: 6})
	return most
}
