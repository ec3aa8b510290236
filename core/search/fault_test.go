package search

import (
	"context"
	"errors"
	"testing"

	"github.com/jumpers-game/jumpers/core"
)

// injected is a fault the test can wait for.
func injected(thread int, nodes int64, afterDepth int) (context.Context, *fault) {
	f := &fault{thread: thread, nodes: nodes, afterDepth: afterDepth, fired: make(chan struct{})}
	return withFault(context.Background(), f), f
}

func threadPanic(t *testing.T, err error, thread int) {
	t.Helper()
	var tp *ThreadPanic
	if !errors.As(err, &tp) || tp.Thread != thread {
		t.Fatalf("want the failure of thread %d, got %v", thread, err)
	}
}

// A helper that panics in the middle of its tree ends neither the process
// nor the search: the main thread answers with its move, the failure is
// reported, and the helper is not used again.
func TestHelperPanicLeavesTheMainThreadsMove(t *testing.T) {
	s := New[endless, uint8](endlessConfig(), 1)
	ctx, f := injected(1, 3000, 0)
	ctx, cancel := context.WithCancel(ctx)
	go func() {
		<-f.fired
		cancel()
	}()
	res := s.Search(ctx, endless{}, Limits[uint8]{Threads: 2})
	cancel()
	if !res.OK || res.Move > 2 || res.Depth < 1 {
		t.Fatalf("no legal move of a completed iteration: %+v", res)
	}
	threadPanic(t, res.Err, 1)
	if len(s.helpers) != 0 {
		t.Fatalf("the failed helper is kept: %d helpers", len(s.helpers))
	}
	// The searcher still works: a new helper takes the failed one's place.
	res = s.Search(context.Background(), endless{}, Limits[uint8]{Depth: 5, Threads: 2})
	if !res.OK || res.Err != nil || res.Depth != 5 || len(s.helpers) != 1 {
		t.Fatalf("the next search: %+v, %d helpers", res, len(s.helpers))
	}
}

// A main thread that panics after an iteration was completed answers with
// the deepest one (its helpers', or its own), and its helpers stop.
func TestMainThreadPanicTakesTheDeepestIteration(t *testing.T) {
	for _, threads := range []int{2, 3} {
		s := New[endless, uint8](endlessConfig(), 1)
		ctx, _ := injected(0, 0, 3)
		res := s.Search(ctx, endless{}, Limits[uint8]{Threads: threads})
		if !res.OK || res.Move > 2 || res.Depth < 3 {
			t.Fatalf("%d threads: no move of depth 3 or more: %+v", threads, res)
		}
		threadPanic(t, res.Err, 0)
	}
	// Alone, the main thread keeps the iterations it completed.
	s := New[endless, uint8](endlessConfig(), 1)
	ctx, _ := injected(0, 5000, 0)
	res := s.Search(ctx, endless{}, Limits[uint8]{})
	if !res.OK || res.Move > 2 || res.Depth < 1 {
		t.Fatalf("one thread: no move of its completed iterations: %+v", res)
	}
	threadPanic(t, res.Err, 0)
}

// A search whose only thread fails before any iteration is complete has
// no move to give.
func TestPanicBeforeAnyIterationGivesNoMove(t *testing.T) {
	res := New[endless, uint8](endlessConfig(), 1).Search(InjectPanic(context.Background(), 0, 0), endless{}, Limits[uint8]{})
	if res.OK {
		t.Fatalf("a move without any completed iteration: %+v", res)
	}
	threadPanic(t, res.Err, 0)
}

// The pool answers with the move of the threads that did not fail, reports
// the failure, and drops the searcher whose thread panicked; a search
// without a move is an error.
func TestPoolDropsAFailedSearcher(t *testing.T) {
	var pool Pool[endless, uint8, *endless]
	spec := Spec[endless, uint8]{Key: "endless", Config: endlessConfig}
	format := func(m uint8) string { return string(rune('0' + m)) }
	level := core.Level{Name: "l"}
	ctx, f := injected(1, 3000, 0)
	ctx, cancel := context.WithCancel(ctx)
	go func() {
		<-f.fired
		cancel()
	}()
	r, err := pool.BestMove(ctx, spec, endless{}, level, core.AIRequest{Infinite: true, Threads: 2}, format)
	cancel()
	if err != nil || r.Move < "0" || r.Move > "2" {
		t.Fatalf("no legal move: %q, %v", r.Move, err)
	}
	threadPanic(t, r.Failure, 1)
	if n := idleCount(&pool, "endless"); n != 0 {
		t.Fatalf("the failed searcher went back to the pool (%d idle)", n)
	}
	if _, err := pool.BestMove(InjectPanic(context.Background(), 0, 0), spec, endless{}, level, core.AIRequest{Depth: 4}, format); err == nil {
		t.Fatal("a search that failed before any move answered no error")
	} else {
		threadPanic(t, err, 0)
	}
	if n := idleCount(&pool, "endless"); n != 0 {
		t.Fatalf("the failed searcher went back to the pool (%d idle)", n)
	}
	// The pool keeps a searcher that did not fail.
	if r, err := pool.BestMove(context.Background(), spec, endless{}, level, core.AIRequest{Depth: 4}, format); err != nil || r.Failure != nil {
		t.Fatalf("a search without a fault: %+v, %v", r, err)
	}
	if n := idleCount(&pool, "endless"); n != 1 {
		t.Fatalf("%d idle searchers after a good search, want 1", n)
	}
}

// idleCount is how many of owner's searchers of group the budget keeps idle.
func idleCount(owner any, group string) int {
	tables.mu.Lock()
	defer tables.mu.Unlock()
	n := 0
	for _, it := range tables.idle {
		if it.owner == owner && it.group == group {
			n++
		}
	}
	return n
}
