package search

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"pgregory.net/rapid"
)

// A parallel search must keep the exact value: helpers only add entries
// to the shared table, and a torn or foreign entry must never be used.
// Searched to the end, tic-tac-toe's value and an optimal move come out
// whatever the threads did, with the pruning options on or off.
func TestParallelSearchMatchesBruteForce(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		cfg := tttConfig()
		if rapid.Bool().Draw(rt, "pruned") {
			cfg.Reduce = func(*ttt, int) bool { return true }
			cfg.Prune = Pruning{FutilityMargin: 100, FutilityDepth: 3, LateMoves: 2, LateMoveDepth: 3, IIRDepth: 4}
			cfg.Aspiration = 50
		}
		g := randomTTT(rt)
		threads := rapid.IntRange(2, 6).Draw(rt, "threads")
		// Deep enough that pruning and reductions never reach a leaf.
		res := New[ttt, int](cfg, 1).Search(context.Background(), g, Limits[int]{Depth: 9*3 + 4, Threads: threads, Seed: rapid.Int64().Draw(rt, "seed")})
		checkExact(rt, g, res, fmt.Sprintf("a search of %d threads", threads))
	})
}

// One thread is the reproducible search: Threads 0 and 1 give the same
// move, score, depth and node count as each other, search after search.
func TestOneThreadIsTheSingleThreadSearch(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		g := randomTTT(rt)
		seed := rapid.Int64().Draw(rt, "seed")
		depth := rapid.IntRange(1, 9).Draw(rt, "depth")
		a := New[ttt, int](tttConfig(), 1).Search(context.Background(), g, Limits[int]{Depth: depth, Seed: seed})
		b := New[ttt, int](tttConfig(), 1).Search(context.Background(), g, Limits[int]{Depth: depth, Seed: seed, Threads: 1})
		if a.Move != b.Move || a.Score != b.Score || a.Depth != b.Depth || a.Nodes != b.Nodes {
			rt.Fatalf("Threads 1 %+v, default %+v", b, a)
		}
	})
}

// The race detector's test: searches of several threads share one table
// while Stops and new searches arrive from other goroutines. Every search
// still returns a legal move, every helper has stopped when Search
// returns (the next search reuses them), and node counts add up.
func TestParallelSearchUnderStopsAndNewSearches(t *testing.T) {
	s := New[endless, uint8](endlessConfig(), 1)
	var wg sync.WaitGroup
	stopper := make(chan struct{})
	wg.Add(1)
	go func() {
		defer wg.Done()
		for {
			select {
			case <-stopper:
				return
			case <-time.After(time.Millisecond):
				s.Stop()
			}
		}
	}()
	for i := range 50 {
		ctx, cancel := context.WithTimeout(context.Background(), time.Duration(i%5)*time.Millisecond)
		var infoNodes int64
		res := s.Search(ctx, endless{}, Limits[uint8]{Threads: 2 + i%3, Info: func(in Info[uint8]) {
			if in.Nodes < infoNodes {
				t.Errorf("search %d: node count went down: %d after %d", i, in.Nodes, infoNodes)
			}
			infoNodes = in.Nodes
		}})
		cancel()
		if !res.OK || res.Move > 2 {
			t.Fatalf("search %d: no legal move: %+v", i, res)
		}
		if res.Nodes < infoNodes {
			t.Fatalf("search %d: %d nodes in the result, %d in the last info", i, res.Nodes, infoNodes)
		}
		for _, h := range s.helpers {
			if !h.stop.Load() {
				t.Fatalf("search %d: a helper still runs after Search returned", i)
			}
		}
	}
	close(stopper)
	wg.Wait()
}

// A Stop ends every thread: a parallel infinite search returns soon after
// it (the bound here only catches a hang; docs/benchmarks.md measures the
// latency).
func TestStopEndsEveryThread(t *testing.T) {
	s := New[endless, uint8](endlessConfig(), 4)
	done := make(chan Result[uint8], 1)
	go func() { done <- s.Search(context.Background(), endless{}, Limits[uint8]{Threads: 4}) }()
	time.Sleep(20 * time.Millisecond)
	s.Stop()
	select {
	case r := <-done:
		if !r.OK || r.Depth < 1 {
			t.Fatalf("a stopped parallel search returns its completed move: %+v", r)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Stop did not end the parallel search")
	}
}

// The table's words round-trip every field, for every move type the games
// use, with negative and mate scores.
func TestTableEntryRoundTrip(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		tb := newTable(1, codeFor[pair]())
		tb.newSearch(false)
		key := rapid.Uint64().Draw(rt, "key")
		m := pair{rapid.Uint8().Draw(rt, "from"), rapid.Uint8().Draw(rt, "to")}
		score := rapid.IntRange(-Win-MaxPly, Win+MaxPly).Draw(rt, "score")
		depth := rapid.IntRange(0, 300).Draw(rt, "depth")
		bd := bound(rapid.IntRange(1, 3).Draw(rt, "bound"))
		tb.store(key, m, true, score, depth, bd)
		e, ok := tb.probe(key)
		if !ok || e.move != m || !e.hasMove || e.score != score || e.depth != min(depth, maxStoredDepth) || e.bound != bd {
			rt.Fatalf("stored %v %d %d %d, read %+v %v", m, score, depth, bd, e, ok)
		}
		if _, ok := tb.probe(key ^ 1<<rapid.IntRange(0, 63).Draw(rt, "bit")); ok {
			rt.Fatal("another key found the entry")
		}
	})
}

type pair struct{ from, to uint8 }

// Torn entries: threads hammer one bucket with entries whose fields are
// all derived from the key; whatever a probe returns must be one whole
// entry, never a mix of two writes.
func TestTableNeverMixesConcurrentWrites(t *testing.T) {
	tb := newTable(1, codeFor[uint16]())
	tb.newSearch(false)
	stride := tb.mask + 1 // keys k and k+stride share a bucket
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 20000 {
				k := uint64(1+(i+w)%8) * stride
				tb.store(k, uint16(k/stride), true, int(k/stride)*1000, int(k/stride), boundExact)
				if e, ok := tb.probe(uint64(1+(i*7+w)%8) * stride); ok {
					n := int(e.move)
					if e.score != n*1000 || e.depth != n {
						t.Errorf("a mixed entry: %+v", e)
						return
					}
				}
			}
		}()
	}
	wg.Wait()
}

// ThreadStart runs once on each helper thread of each parallel search (the
// app lowers their priority with it), and never for one thread.
func TestThreadStartRunsOnEachHelper(t *testing.T) {
	s := New[ttt, int](tttConfig(), 1)
	for _, threads := range []int{1, 2, 4} {
		var started atomic.Int32
		s.Search(context.Background(), ttt{}, Limits[int]{Depth: 6, Threads: threads, ThreadStart: func() { started.Add(1) }})
		if got := int(started.Load()); got != threads-1 {
			t.Errorf("%d threads: ThreadStart ran %d times, want %d", threads, got, threads-1)
		}
	}
}

// The busy table forgets a position only for the thread that marked it:
// another position in the same slot takes the slot, and unmarking the old
// one then leaves the new one marked.
func TestBusyTable(t *testing.T) {
	var b busyTable
	a, c := uint64(5), uint64(5+len(b.slots)) // same slot
	b.mark(a)
	if !b.has(a) || b.has(c) {
		t.Fatal("a marked position is busy, another is not")
	}
	b.mark(c)
	b.unmark(a)
	if !b.has(c) {
		t.Fatal("unmarking a position cleared another's mark")
	}
	b.unmark(c)
	if b.has(c) {
		t.Fatal("an unmarked position stays busy")
	}
}
