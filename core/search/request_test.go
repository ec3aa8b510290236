package search

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jumpers-game/jumpers/core"
)

// infiniteTo runs an infinite (timed, so table-reusing) pool request on
// root until an iteration at depth or deeper completes (a parallel
// search's main thread may pass over a depth its helpers finished), and
// returns the nodes the iterations up to there took. The timeout only
// keeps a broken search from hanging the test.
func infiniteTo(t *testing.T, ctx context.Context, pool *Pool[walk, int, *walk], depth, threads int) int64 {
	t.Helper()
	spec := Spec[walk, int]{Key: "walk", Config: func() Config[walk, int] { return Config[walk, int]{Eval: walkEval} }}
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	var nodes int64
	req := core.AIRequest{Infinite: true, Threads: threads, Info: func(i core.SearchInfo) {
		if i.Depth >= depth && nodes == 0 {
			nodes = i.Nodes
			cancel()
		}
	}}
	if _, err := pool.BestMove(ctx, spec, walk{b: 5, salt: 11}, core.Level{Name: "x"}, req, func(m int) string { return string(rune('0' + m)) }); err != nil {
		t.Fatal(err)
	}
	if nodes == 0 {
		t.Fatalf("no iteration at depth %d", depth)
	}
	return nodes
}

// A timed request keeps the table of the one before unless its context
// asks for a fresh search (WithFresh): then it searches exactly as the
// first did.
func TestPoolWithFresh(t *testing.T) {
	var pool Pool[walk, int, *walk]
	first := infiniteTo(t, context.Background(), &pool, 5, 1)
	if again := infiniteTo(t, WithFresh(context.Background()), &pool, 5, 1); again != first {
		t.Fatalf("a fresh search took %d nodes to depth 5, the first %d", again, first)
	}
	if warm := infiniteTo(t, context.Background(), &pool, 5, 1); warm >= first {
		t.Fatalf("a search on the kept table took %d nodes to depth 5, no fewer than the first's %d", warm, first)
	}
}

// The thread start of the context runs on each helper thread of a timed
// parallel request, and on none of a reproducible one.
func TestPoolWithThreadStart(t *testing.T) {
	var pool Pool[walk, int, *walk]
	var started atomic.Int32
	ctx := WithThreadStart(context.Background(), func() { started.Add(1) })
	infiniteTo(t, ctx, &pool, 3, 3)
	if got := started.Load(); got != 2 {
		t.Fatalf("3 threads: the thread start ran %d times, want 2", got)
	}
	started.Store(0)
	spec := Spec[walk, int]{Key: "walk", Config: func() Config[walk, int] { return Config[walk, int]{Eval: walkEval} }}
	if _, err := pool.BestMove(ctx, spec, walk{b: 5}, core.Level{Name: "x"}, core.AIRequest{Depth: 3, Threads: 3}, func(m int) string { return "" }); err != nil {
		t.Fatal(err)
	}
	if got := started.Load(); got != 0 {
		t.Fatalf("a depth-limited request started %d helper threads", got)
	}
}
