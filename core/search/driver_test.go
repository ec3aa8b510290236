package search

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/jumpers-game/jumpers/core"
	"pgregory.net/rapid"
)

// With every selective option on, a search deep enough that no pruned or
// reduced node comes near the horizon must still find the exact value:
// pruning may only change what happens near the leaves, never the
// bookkeeping (TT bounds, PVS re-searches, mate distances).
func TestPrunedSearchMatchesBruteForce(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		cfg := tttConfig()
		cfg.Reduce = func(*ttt, int) bool { return true }
		cfg.Prune = Pruning{
			FutilityMargin: rapid.IntRange(1, 300).Draw(rt, "margin"),
			FutilityDepth:  rapid.IntRange(1, 4).Draw(rt, "futilityDepth"),
			LateMoves:      rapid.IntRange(1, 6).Draw(rt, "lateMoves"),
			LateMoveDepth:  rapid.IntRange(1, 4).Draw(rt, "lateMoveDepth"),
			IIRDepth:       rapid.IntRange(0, 6).Draw(rt, "iirDepth"),
			ReductionFrom:  rapid.IntRange(0, 5).Draw(rt, "reductionFrom"),
		}
		if rapid.Bool().Draw(rt, "moveFutility") {
			cfg.Prune.MoveFutility = rapid.IntRange(1, 300).Draw(rt, "moveFutility")
			cfg.Prune.MoveFutilityPerPly = rapid.IntRange(0, 100).Draw(rt, "moveFutilityPerPly")
			cfg.Prune.MoveFutilityDepth = rapid.IntRange(1, 4).Draw(rt, "moveFutilityDepth")
		}
		cfg.Aspiration = rapid.IntRange(0, 300).Draw(rt, "aspiration")
		// Nine plies at most remain, each reduced by at most two plies
		// (one by ReductionDivisor 0, one by IIR), so every node keeps a
		// depth above where futility and late move pruning act.
		perPly := 3
		if rapid.Bool().Draw(rt, "grownReductions") {
			cfg.Prune.ReductionDivisor = float64(rapid.IntRange(15, 30).Draw(rt, "divisor10")) / 10
			cfg.Prune.ReductionBase = float64(rapid.IntRange(0, 15).Draw(rt, "base10")) / 10
			cfg.Prune.ReducePV = rapid.Bool().Draw(rt, "reducePV")
			// At most 1.5 + ln(128)·ln(9)/1.5 < 9 plies by reduction, one
			// by IIR.
			perPly = 11
		}
		depth := 9*perPly + max(cfg.Prune.FutilityDepth, cfg.Prune.LateMoveDepth, cfg.Prune.MoveFutilityDepth) + 1
		if perPly == 3 && rapid.Bool().Draw(rt, "singular") {
			// A negative extension costs one more ply; the search that
			// leaves the table's move out runs at half the depth, so the
			// depth doubles to keep it exact too.
			cfg.Prune.SingularDepth = rapid.IntRange(1, 8).Draw(rt, "singularDepth")
			cfg.Prune.SingularMargin = rapid.IntRange(0, 3).Draw(rt, "singularMargin")
			depth = 2*(9*4+max(cfg.Prune.FutilityDepth, cfg.Prune.LateMoveDepth, cfg.Prune.MoveFutilityDepth)+1) + 1
		} else if perPly == 3 && rapid.Bool().Draw(rt, "nullMove") {
			// A mark never hurts its owner in tic-tac-toe, so passing is
			// never better than moving: null moves are sound. Each of the
			// nine moves may follow one null move.
			cfg.Null = func(g *ttt) bool { g.turn ^= 1; return true }
			cfg.Prune.NullMoveDepth = rapid.IntRange(1, 4).Draw(rt, "nullMoveDepth")
			cfg.Prune.NullMoveReduction = rapid.IntRange(0, 3).Draw(rt, "nullMoveReduction")
			depth += 9 * (cfg.Prune.NullMoveReduction + 1)
		}
		if rapid.Bool().Draw(rt, "ttFirst") {
			cfg.Playable = func(g *ttt, m int) bool { return m >= 0 && m < 9 && g.cell[m] == 0 }
		}
		g := randomTTT(rt)
		res := New[ttt, int](cfg, 1).Search(context.Background(), g, Limits[int]{Depth: depth, Seed: rapid.Int64().Draw(rt, "seed")})
		if res.Depth < depth && MateIn(res.Score) != 0 {
			// The search stops at the first proven result: a reduced line
			// may have hidden a shorter mate at that depth (a seed found
			// a win in 5 plies where one in 3 exists). The result is then
			// a true win or loss and the move keeps it.
			checkProven(rt, g, res, "the pruned search")
			return
		}
		checkExact(rt, g, res, "the pruned search")
	})
}

// checkProven fails unless res's proven result is tic-tac-toe's (a win
// or a loss) and its move keeps it; a win is never claimed sooner than
// the shortest one, and its move wins within the plies claimed.
func checkProven(rt *rapid.T, g ttt, res Result[int], who string) {
	want := brute(g, 0)
	if (res.Score > 0) != (want > 0) || (res.Score < 0) != (want < 0) || want == 0 {
		rt.Fatalf("%s claims %d, brute force %d (%v)", who, res.Score, want, g)
	}
	c := g
	c.Play(res.Move)
	got := -brute(c, 1)
	if (got > 0) != (want > 0) {
		rt.Fatalf("%s plays %d, which scores %d; brute force %d", who, res.Move, got, want)
	}
	if want > 0 && (res.Score > want || got < res.Score) {
		rt.Fatalf("%s claims %d with %d, which wins as %d; the shortest win is %d (%v)", who, res.Score, res.Move, got, want, g)
	}
}

// checkExact fails unless res has tic-tac-toe's exact value of g and plays
// a move that keeps it (nothing to check in a finished game).
func checkExact(rt *rapid.T, g ttt, res Result[int], who string) {
	if len(g.Moves(nil)) == 0 {
		return
	}
	want := brute(g, 0)
	if res.Score != want {
		rt.Fatalf("%s scores %d, brute force %d (%v)", who, res.Score, want, g)
	}
	c := g
	c.Play(res.Move)
	if got := -brute(c, 1); got != want {
		rt.Fatalf("%s plays %d, which scores %d; best is %d", who, res.Move, got, want)
	}
}

// tree is a two-ply game with random leaf values: the root player picks
// one of n moves, the opponent one of k replies. Its depth-1 and depth-2
// values are known exactly, so the choice of an interrupted second
// iteration can be checked.
type tree struct {
	ply   int
	path  [2]int
	n, k  int
	leaf  *[8][8]int // root player's score after (move, reply)
	early *[8]int    // root player's static score after a move
}

func (t *tree) ToMove() int { return t.ply % 2 }
func (t *tree) Moves(dst []int) []int {
	switch t.ply {
	case 0:
		for i := range t.n {
			dst = append(dst, i)
		}
	case 1:
		for i := range t.k {
			dst = append(dst, i)
		}
	}
	return dst
}
func (t *tree) Play(m int) { t.path[t.ply] = m; t.ply++ }
func (t *tree) Hash() uint64 {
	return core.Mix64(uint64(t.ply)<<8 | uint64(t.path[0])<<4 | uint64(t.path[1]))
}
func (t *tree) Outcome() (bool, int) { return false, -1 }

func treeEval(t *tree, pov int) int {
	v := 0
	switch t.ply {
	case 1:
		v = t.early[t.path[0]]
	case 2:
		v = t.leaf[t.path[0]][t.path[1]]
	}
	if pov != 0 {
		v = -v
	}
	return v
}

// An iteration cut short keeps the previous best move unless another move
// was proven better at the new depth than the previous best: never a move
// that only beat the previous iteration's score.
func TestPartialIterationChoice(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		var leaf [8][8]int
		var early [8]int
		n := rapid.IntRange(2, 8).Draw(rt, "moves")
		k := rapid.IntRange(1, 8).Draw(rt, "replies")
		for i := range n {
			early[i] = rapid.IntRange(-50, 50).Draw(rt, "early")
			for j := range k {
				leaf[i][j] = rapid.IntRange(-50, 50).Draw(rt, "leaf")
			}
		}
		value2 := func(m int) int {
			v := leaf[m][0]
			for j := 1; j < k; j++ {
				v = min(v, leaf[m][j])
			}
			return v
		}
		cfg := Config[tree, int]{Eval: treeEval}
		root := tree{n: n, k: k, leaf: &leaf, early: &early}
		seed := rapid.Int64().Draw(rt, "seed")
		var first int
		s := New[tree, int](cfg, 1)
		res1 := s.Search(context.Background(), root, Limits[int]{Depth: 1, Seed: seed})
		first = res1.Move
		full := New[tree, int](cfg, 1).Search(context.Background(), root, Limits[int]{Depth: 2, Seed: seed})
		nodes := rapid.Int64Range(1, full.Nodes).Draw(rt, "nodes")
		res := New[tree, int](cfg, 1).Search(context.Background(), root, Limits[int]{Depth: 2, Seed: seed, Nodes: nodes})
		switch {
		case res.Depth == 2:
			if value2(res.Move) != full.Score {
				rt.Fatalf("completed depth 2 chose %d worth %d, best %d", res.Move, value2(res.Move), full.Score)
			}
		case res.Depth == 1 && res.Move != first:
			if value2(res.Move) <= value2(first) {
				rt.Fatalf("cut at %d nodes: took %d (depth-2 value %d) over the previous best %d (%d)",
					nodes, res.Move, value2(res.Move), first, value2(first))
			}
		}
	})
}

func TestTableKeepsMoveOnSquareZero(t *testing.T) {
	tb := newTable(1, codeFor[int]())
	tb.newSearch(false)
	tb.store(42, 0, true, 10, 3, boundLower)
	e, ok := tb.probe(42)
	if !ok || !e.hasMove || e.move != 0 {
		t.Fatalf("a best move 0 must be kept: %+v %v", e, ok)
	}
	// A later fail-low at the same node has no best move: keep the known.
	tb.store(42, 0, false, -5, 4, boundUpper)
	e, _ = tb.probe(42)
	if !e.hasMove || e.move != 0 || e.depth != 4 || e.bound != boundUpper {
		t.Fatalf("fail-low lost the known move or the new bound: %+v", e)
	}
	// A fail-low at a new node stores no move.
	tb.store(43, 0, false, -5, 4, boundUpper)
	if e, ok := tb.probe(43); !ok || e.hasMove {
		t.Fatalf("a fail-low node has no move: %+v %v", e, ok)
	}
}

func TestTableReplacement(t *testing.T) {
	tb := newTable(1, codeFor[int]())
	bucketMate := func(key uint64) uint64 { return key + (tb.mask + 1) } // same bucket
	tb.newSearch(false)
	tb.store(7, 1, true, 0, 8, boundExact)
	// A shallower result of another position goes to the second slot and
	// leaves the deep one.
	tb.store(bucketMate(7), 2, true, 0, 2, boundExact)
	if _, ok := tb.probe(7); !ok {
		t.Fatal("the deep entry was replaced by a shallow one")
	}
	if _, ok := tb.probe(bucketMate(7)); !ok {
		t.Fatal("the shallow entry did not get in")
	}
	// In a later search, old entries give way even to shallow results.
	tb.newSearch(false)
	third := bucketMate(bucketMate(7))
	tb.store(third, 3, true, 0, 1, boundExact)
	if e, ok := tb.probe(third); !ok || e.move != 3 {
		t.Fatal("a new search could not replace an old deep entry")
	}
	if _, ok := tb.probe(7); ok {
		t.Fatal("the old first slot should have been the one replaced")
	}
	// Forgetting makes every entry empty at once.
	tb.newSearch(true)
	if _, ok := tb.probe(third); ok {
		t.Fatal("a forgotten entry was found")
	}
	// Generations wrap with a real clear, and nothing old comes back.
	tb.store(11, 5, true, 0, 1, boundExact)
	tb.gen = 1<<16 - 1
	tb.newSearch(false)
	if _, ok := tb.probe(11); ok {
		t.Fatal("an entry survived the generation wrap")
	}
}

func TestStopBeforeSearchIsNotLost(t *testing.T) {
	s := New[endless, uint8](endlessConfig(), 1)
	s.Stop()
	done := make(chan Result[uint8], 1)
	go func() { done <- s.Search(context.Background(), endless{}, Limits[uint8]{}) }()
	select {
	case r := <-done:
		if !r.OK {
			t.Fatal("a stopped search still returns a move")
		}
	case <-time.After(10 * time.Second):
		s.Stop()
		t.Fatal("a Stop that came before the search was lost")
	}
	// The Stop was consumed: the next search runs to its limit.
	if r := s.Search(context.Background(), endless{}, Limits[uint8]{Depth: 4}); r.Depth != 4 {
		t.Fatalf("the next search stopped at depth %d", r.Depth)
	}
}

func TestSoftLimitSkipsIterationsThatCannotFinish(t *testing.T) {
	s := New[endless, uint8](endlessConfig(), 16)
	// The hard limit is far off: a search that started an iteration it
	// could not finish by the soft target runs into it (no bound on how
	// fast a loaded machine returns is asserted).
	const hard = 20 * time.Second
	start := time.Now()
	ctx, cancel := context.WithTimeout(context.Background(), hard)
	defer cancel()
	lastDepth := 0
	res := s.Search(ctx, endless{}, Limits[uint8]{Soft: 200 * time.Millisecond, Info: func(i Info[uint8]) { lastDepth = i.Depth }})
	if took := time.Since(start); took >= hard {
		t.Fatalf("the soft target did not end the search: %v, depth %d", took, res.Depth)
	}
	// It returned a completed iteration, not one cut by the deadline.
	if res.Depth == 0 || res.Depth != lastDepth {
		t.Fatalf("returned depth %d, the last completed iteration was %d", res.Depth, lastDepth)
	}
}

// The pool's rule: a reproducible request gives the same move whatever the
// searcher ran before; a noisy search never leaves its scores behind.
func TestPoolReproducible(t *testing.T) {
	var pool Pool[ttt, int, *ttt]
	spec := Spec[ttt, int]{Key: "ttt", Config: tttConfig}
	g := ttt{cell: [9]int8{1, 0, 0, 0, 2, 0, 0, 0, 0}}
	format := func(m int) string { return string(rune('0' + m)) }
	ask := func(level core.Level, req core.AIRequest) string {
		r, err := pool.BestMove(context.Background(), spec, g, level, req, format)
		if err != nil {
			t.Fatal(err)
		}
		return r.Move
	}
	weak := core.Level{Name: "weak", MaxDepth: 2, Noise: 1000}
	want := map[int64]string{}
	for seed := range int64(10) {
		want[seed] = ask(weak, core.AIRequest{Seed: seed})
	}
	for seed := range int64(10) {
		ask(core.Level{Name: "strong"}, core.AIRequest{MoveTime: 5 * time.Millisecond, Seed: seed + 100})
		ask(weak, core.AIRequest{Seed: seed + 50})
		if got := ask(weak, core.AIRequest{Seed: seed}); got != want[seed] {
			t.Fatalf("seed %d: %s after other searches, %s fresh", seed, got, want[seed])
		}
	}
	if _, err := pool.BestMove(context.Background(), spec, ttt{cell: [9]int8{1, 1, 1}}, weak, core.AIRequest{}, format); err != core.ErrGameOver {
		t.Fatalf("a finished game: %v", err)
	}
}

func TestRequestLimits(t *testing.T) {
	level := core.Level{Budget: time.Second, MaxDepth: 5, Noise: 3}
	cases := []struct {
		req    core.AIRequest
		budget time.Duration
		depth  int
		soft   bool
	}{
		{core.AIRequest{}, time.Second, 5, true},
		{core.AIRequest{MoveTime: 100 * time.Millisecond}, 100 * time.Millisecond, 5, false},
		{core.AIRequest{Depth: 9}, 0, 9, false},
		{core.AIRequest{Nodes: 1000}, 0, 0, false},
		{core.AIRequest{Infinite: true}, 0, 0, false},
	}
	for _, c := range cases {
		lim, budget := requestLimits[int](level, c.req)
		if budget != c.budget || lim.Depth != c.depth || (lim.Soft > 0) != c.soft || lim.Noise != 3 {
			t.Errorf("%+v: budget %v depth %d soft %v", c.req, budget, lim.Depth, lim.Soft)
		}
	}
}

// When the position turns out worse at the new depth, a move proven better
// than the previous best is still taken from the cut iteration, although
// its score is below the previous iteration's.
func TestPartialIterationTakesTheProvenBetterMove(t *testing.T) {
	early := [8]int{50, 20, -30}                        // depth 1 prefers move 0, then 1, then 2
	leaf := [8][8]int{{-40, 60}, {-10, 30}, {-50, -50}} // depth 2: move 1 is best
	root := tree{n: 3, k: 2, leaf: &leaf, early: &early}
	cfg := Config[tree, int]{Eval: treeEval}
	full := New[tree, int](cfg, 1).Search(context.Background(), root, Limits[int]{Depth: 2})
	if full.Move != 1 {
		t.Fatalf("depth 2 chose %d", full.Move)
	}
	took := false
	for n := int64(1); n < full.Nodes; n++ {
		res := New[tree, int](cfg, 1).Search(context.Background(), root, Limits[int]{Depth: 2, Nodes: n})
		if res.Depth == 1 && res.Move == 1 {
			took = true
		}
		if res.Depth == 1 && res.Move == 2 {
			t.Fatalf("cut at %d nodes took the worst move", n)
		}
	}
	if !took {
		t.Fatal("no cut iteration took the move it proved better")
	}
}

// walk is an endless game of b moves a ply whose leaves score by a hash of
// the path: no transpositions, so a search to a fixed depth must return
// the exact minimax value whatever its windows.
type walk struct {
	path uint64
	ply  int
	b    int
	salt uint64
}

func (w *walk) ToMove() int { return w.ply % 2 }
func (w *walk) Moves(dst []int) []int {
	for i := range w.b {
		dst = append(dst, i)
	}
	return dst
}
func (w *walk) Play(m int)           { w.path = w.path*8 + uint64(m) + 1; w.ply++ }
func (w *walk) Hash() uint64         { return core.Mix64(w.path ^ w.salt) }
func (w *walk) Outcome() (bool, int) { return false, -1 }

func walkEval(w *walk, pov int) int {
	v := int(core.Mix64(w.path^w.salt)%2001) - 1000
	if pov != 0 {
		v = -v
	}
	return v
}

func walkMinimax(w walk, depth int) int { return walkMinimaxWith(walkEval, w, depth) }

// walkMinimaxWith is the full-width value of w to depth under eval.
func walkMinimaxWith(eval func(*walk, int) int, w walk, depth int) int {
	if depth == 0 {
		return eval(&w, w.ToMove())
	}
	best := -Win
	for _, m := range w.Moves(nil) {
		c := w
		c.Play(m)
		best = max(best, -walkMinimaxWith(eval, c, depth-1))
	}
	return best
}

func TestAspirationKeepsTheValue(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		root := walk{b: rapid.IntRange(2, 4).Draw(rt, "branching"), salt: rapid.Uint64().Draw(rt, "salt")}
		depth := rapid.IntRange(4, 6).Draw(rt, "depth")
		cfg := Config[walk, int]{Eval: walkEval, Aspiration: rapid.IntRange(1, 400).Draw(rt, "window")}
		res := New[walk, int](cfg, 1).Search(context.Background(), root, Limits[int]{Depth: depth})
		if want := walkMinimax(root, depth); res.Score != want {
			rt.Fatalf("aspiration search scores %d, minimax %d", res.Score, want)
		}
	})
}

// An aspiration window that fails low leaves only upper bounds at the
// root: an interrupted pass must not take a move for having the larger
// bound. Whatever move a cut search returns is the last iteration's best or
// one proven better at the next depth.
func TestInterruptedAspirationKeepsProvenMoves(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		root := walk{b: rapid.IntRange(2, 5).Draw(rt, "branching"), salt: rapid.Uint64().Draw(rt, "salt")}
		cfg := Config[walk, int]{Eval: walkEval, Aspiration: rapid.IntRange(1, 200).Draw(rt, "window")}
		full := New[walk, int](cfg, 1).Search(context.Background(), root, Limits[int]{Depth: 6})
		nodes := rapid.Int64Range(1, full.Nodes).Draw(rt, "nodes")
		var last Info[int]
		res := New[walk, int](cfg, 1).Search(context.Background(), root, Limits[int]{Depth: 6, Nodes: nodes, Info: func(i Info[int]) { last = i }})
		if res.Depth == 0 || res.Depth == 6 || res.Move == last.PV[0] {
			return
		}
		value := func(m int) int {
			c := root
			c.Play(m)
			return -walkMinimax(c, res.Depth)
		}
		if value(res.Move) <= value(last.PV[0]) {
			rt.Fatalf("cut at %d nodes in depth %d: took %d (%d) over %d (%d)", nodes, res.Depth+1, res.Move, value(res.Move), last.PV[0], value(last.PV[0]))
		}
	})
}

// A deadline that passed before the search began still gets a move that
// was searched, never a random root move.
func TestPassedDeadlineStillSearchesDepthOne(t *testing.T) {
	g := ttt{cell: [9]int8{1, 1, 0, 2, 2, 0, 0, 0, 0}} // X wins on 2 at once
	for seed := range int64(20) {
		ctx, cancel := context.WithDeadline(context.Background(), time.Now().Add(-time.Second))
		res := New[ttt, int](tttConfig(), 1).Search(ctx, g, Limits[int]{Seed: seed})
		cancel()
		if res.Depth < 1 || res.Move != 2 {
			t.Fatalf("seed %d: depth %d move %d, want the win on 2 from depth 1", seed, res.Depth, res.Move)
		}
	}
}

// A settled search stops at the quiet target; one whose score keeps
// moving, or without a quiet target, goes on.
func TestQuietTargetStopsSettledSearches(t *testing.T) {
	flat := func(*walk, int) int { return 7 }
	growing := func(w *walk, pov int) int { // 100 a ply: never settles
		if pov != w.ToMove() {
			return -100 * w.ply
		}
		return 100 * w.ply
	}
	cases := []struct {
		eval  func(*walk, int) int
		quiet time.Duration
		want  int
	}{
		{flat, time.Nanosecond, 3},
		{flat, 0, 10},
		{growing, time.Nanosecond, 10},
	}
	for i, c := range cases {
		cfg := Config[walk, int]{Eval: c.eval}
		lim := Limits[int]{Depth: 10, Soft: time.Minute, Quiet: c.quiet, QuietSwing: 50}
		res := New[walk, int](cfg, 1).Search(context.Background(), walk{b: 2, salt: 1}, lim)
		if res.Depth != c.want {
			t.Errorf("case %d: stopped at depth %d, want %d", i, res.Depth, c.want)
		}
	}
}

// A spec's table size applies to requests that name none; a request's own
// size wins; without either the pool takes DefaultHashMB.
func TestPoolTableSize(t *testing.T) {
	g := ttt{cell: [9]int8{1, 0, 0, 0, 2, 0, 0, 0, 0}}
	format := func(m int) string { return string(rune('0' + m)) }
	for _, c := range []struct{ spec, req, want int }{{0, 0, DefaultHashMB}, {2, 0, 2}, {2, 3, 3}, {0, 1, 1}} {
		var pool Pool[ttt, int, *ttt]
		spec := Spec[ttt, int]{Key: "ttt", Config: tttConfig, HashMB: c.spec}
		if _, err := pool.BestMove(context.Background(), spec, g, core.Level{Name: "l"}, core.AIRequest{Depth: 2, HashMB: c.req}, format); err != nil {
			t.Fatal(err)
		}
		idle := idleSizes(&pool, "ttt")
		if len(idle) != 1 || idle[0] != tableBytes(c.want) {
			t.Errorf("spec %d MB, request %d MB: tables of %v bytes, want %d MB", c.spec, c.req, idle, c.want)
		}
	}
}

// A clock game's plan: the soft target stretches by half for each change
// of the best move in the last two iterations, up to the ceiling; a
// request's SoftTime becomes the target and its MoveTime the ceiling.
func TestSoftTargetStretchesWhileTheBestMoveChanges(t *testing.T) {
	var u instability[int]
	var changes []int
	for _, m := range []int{4, 4, 7, 7, 7, 2, 5, 5} {
		changes = append(changes, u.add(m))
	}
	if want := []int{0, 0, 1, 1, 0, 1, 2, 1}; !slices.Equal(changes, want) {
		t.Fatalf("changes %v, want %v", changes, want)
	}
	lim := Limits[int]{Soft: 100 * time.Millisecond, Stretch: 180 * time.Millisecond}
	for changes, want := range []time.Duration{100, 150, 180} {
		if got := lim.target(changes); got != want*time.Millisecond {
			t.Errorf("%d changes: target %v, want %v ms", changes, got, want)
		}
	}
	if got := (Limits[int]{Soft: time.Second}).target(2); got != time.Second {
		t.Errorf("no ceiling: target %v, want the soft target", got)
	}
	lim, budget := requestLimits[int](core.Level{Budget: time.Second}, core.AIRequest{MoveTime: 900 * time.Millisecond, SoftTime: 300 * time.Millisecond})
	if lim.Soft != 300*time.Millisecond || lim.Stretch != 900*time.Millisecond || budget != 900*time.Millisecond {
		t.Errorf("clock request: soft %v stretch %v budget %v", lim.Soft, lim.Stretch, budget)
	}
	if lim, _ := requestLimits[int](core.Level{}, core.AIRequest{MoveTime: time.Second}); lim.Soft != 0 || lim.Stretch != 0 {
		t.Errorf("a move time is the time to use: soft %v stretch %v", lim.Soft, lim.Stretch)
	}
}
