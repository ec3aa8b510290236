package search

import (
	"context"
	"math/rand/v2"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/jumpers-game/jumpers/core"
)

// Lazy SMP: the helper threads of a search run the same iterative
// deepening as the main thread on the shared table. Two things make them
// split the work rather than repeat it: a thread that reaches a position
// another thread is searching puts that move off until its other moves are
// done (busyTable), and an iteration completed by any thread ends that
// iteration for all: the others take its result and go one ply deeper.
// Helpers also order equal root moves differently. The main thread's
// result is the one played, or a deeper iteration a helper completed first.
//
// All threads search the same depths: measured with 2 threads (tools/ttd,
// docs/benchmarks.md), helpers that skip every other depth, as in
// Stockfish's former scheme, made the time to a depth of the other parity
// no shorter at all on Jumping Cube, whose scores swing between odd and
// even depths, and on Chinese Checkers.

// startHelpers starts lim.Threads-1 helper threads on root and returns the
// function that stops them, waits until they are done and returns their
// node count, and the first failure of a helper that panicked. The main
// thread calls it as soon as its own search ends.
func (s *Searcher[P, M, PP]) startHelpers(ctx context.Context, root P, lim Limits[M], rootMoves []M, maxDepth int) func() (int64, *ThreadPanic) {
	n := min(lim.Threads, maxThreads) - 1
	for len(s.helpers) < n {
		h := &Searcher[P, M, PP]{cfg: s.cfg, tt: s.tt, helper: true, lmrTable: s.lmrTable}
		if s.history != nil {
			h.history = make([]int32, len(s.history))
		}
		s.helpers = append(s.helpers, h)
	}
	reserveProcessor(n + 1)
	s.active = n
	if s.shared == nil {
		s.shared = &smpShared[M]{}
	}
	s.shared.reset()
	var wg sync.WaitGroup
	failures := make([]*ThreadPanic, n)
	for i, h := range s.helpers[:n] {
		// A Stop meant for the main thread is the main thread's; a helper
		// starts unstopped whatever happened before.
		h.stop.Store(false)
		h.shared = s.shared
		h.published.Store(0) // not in begin: Info may read it first
		moves := append([]M(nil), rootMoves...)
		wg.Add(1)
		go func() {
			defer wg.Done()
			// A helper's panic must not end the process: the main thread
			// and the other helpers answer without it.
			defer func() { failures[i] = recovered(i+1, recover()) }()
			if lim.ThreadStart != nil {
				lim.ThreadStart()
			}
			h.deepen(ctx, root, lim, moves, maxDepth, i)
		}()
	}
	return func() (int64, *ThreadPanic) {
		var nodes int64
		for _, h := range s.helpers[:n] {
			h.stop.Store(true)
		}
		wg.Wait()
		for _, h := range s.helpers[:n] {
			nodes += h.nodes
		}
		s.active = 0
		failed := firstFailure(failures)
		if failed != nil {
			// A helper that failed is not used again.
			var kept []*Searcher[P, M, PP]
			for i, h := range s.helpers {
				if i >= n || failures[i] == nil {
					kept = append(kept, h)
				}
			}
			s.helpers = kept
		}
		return nodes, failed
	}
}

// maxThreads bounds the threads of one search (core.MaxThreads, the
// CPUs, is what the protocol and the app offer).
const maxThreads = 64

// deepen is helper i's search: iterative deepening until the main thread
// stops it. Its results are in the table and in s.shared.
func (s *Searcher[P, M, PP]) deepen(ctx context.Context, root P, lim Limits[M], moves []M, maxDepth, i int) {
	// A helper never reads the clock (tick): the main thread stops it.
	s.begin(ctx, root, lim)
	s.fault = faultFor(ctx, i+1)
	if s.fault != nil {
		s.checkFault()
	}
	rng := rand.New(rand.NewPCG(uint64(lim.Seed), core.Mix64(uint64(i)+1)))
	rng.Shuffle(len(moves), func(a, b int) { moves[a], moves[b] = moves[b], moves[a] })
	scores := make([]int, len(moves))
	prev := 0
	for depth := 1; depth <= maxDepth; depth++ {
		if done := int(s.shared.deepest.Load()); depth <= done {
			// Another thread completed this depth: go past it.
			depth = done
			continue
		}
		s.iterDepth = depth
		score, best, done := s.iterate(moves, scores, depth, prev)
		if !done {
			if !s.overtaken {
				break // the main thread is done
			}
			s.overtaken, s.stopped = false, false
			depth-- // the loop looks again at which depth is next
			continue
		}
		prev = score
		s.firstDone = true
		s.shared.publish(depth, score, moves[best], s.pvTable[0][:s.pvLen[0]])
		sortRoot(moves, scores, best)
		if MateIn(score) != 0 && depth >= Win-abs(score) {
			break
		}
	}
	s.published.Store(s.nodes)
}

// takeDeepest makes res the deepest iteration any thread completed, when
// that is deeper than res: after the main thread failed, the helpers'
// results are the answer.
func (s *Searcher[P, M, PP]) takeDeepest(res *Result[M]) {
	sh := s.shared
	if sh == nil {
		return
	}
	sh.mu.Lock()
	defer sh.mu.Unlock()
	if sh.depth <= res.Depth {
		return
	}
	res.Move, res.Score, res.Depth, res.OK = sh.move, sh.score, sh.depth, true
	res.PV = append(res.PV[:0], sh.pv...)
}

// helperNodes is the helpers' node count so far, as they published it.
func (s *Searcher[P, M, PP]) helperNodes() int64 {
	var n int64
	for _, h := range s.helpers[:s.active] {
		n += h.published.Load()
	}
	return n
}

// smpShared is the helpers' deepest completed iteration. Helpers write it
// once an iteration, the main thread polls deepest every 256 nodes: no
// lock on the search's hot path.
type smpShared[M comparable] struct {
	busy    busyTable
	deepest atomic.Int32
	mu      sync.Mutex
	depth   int
	score   int
	move    M
	pv      []M
}

func (sh *smpShared[M]) reset() {
	sh.mu.Lock()
	sh.depth = 0
	sh.pv = sh.pv[:0]
	sh.mu.Unlock()
	sh.deepest.Store(0)
}

func (sh *smpShared[M]) publish(depth, score int, move M, pv []M) {
	sh.mu.Lock()
	defer sh.mu.Unlock()
	if depth <= sh.depth {
		return
	}
	sh.depth, sh.score, sh.move = depth, score, move
	sh.pv = append(sh.pv[:0], pv...)
	sh.deepest.Store(int32(depth))
}

// adoptDeeper replaces res by a helper's result when a helper completed a
// deeper iteration than res, and brings its move to the front of the root
// moves. It tells whether it did.
func (s *Searcher[P, M, PP]) adoptDeeper(res *Result[M], moves []M, scores []int) bool {
	if s.shared == nil || s.active == 0 || int(s.shared.deepest.Load()) <= res.Depth {
		return false
	}
	sh := s.shared
	sh.mu.Lock()
	defer sh.mu.Unlock()
	i := slices.Index(moves, sh.move)
	if i < 0 {
		return false
	}
	res.Move, res.Score, res.Depth = sh.move, sh.score, sh.depth
	res.PV = append(res.PV[:0], sh.pv...)
	moves[0], moves[i] = moves[i], moves[0]
	scores[0], scores[i] = scores[i], scores[0]
	return true
}

// deferDepth is the least depth at which a parallel search defers moves
// that another thread is searching: below it a node costs less than the
// bookkeeping.
const deferDepth = 3

// busyTable records the positions the threads are searching now (from
// depth deferDepth up), so that another thread reaching one of them
// searches its other moves first: the threads of one iteration split the
// tree instead of all searching the same subtree (the "simplified ABDADA"
// of Tom Kerrigan). A slot holds one position's key; a collision only
// costs a deferral or a missed one, never a wrong score.
type busyTable struct {
	slots [1 << 14]atomic.Uint64
}

func (b *busyTable) slot(key uint64) *atomic.Uint64 { return &b.slots[key&(uint64(len(b.slots))-1)] }
func (b *busyTable) has(key uint64) bool            { return b.slot(key).Load() == key }
func (b *busyTable) mark(key uint64)                { b.slot(key).Store(key) }
func (b *busyTable) unmark(key uint64)              { b.slot(key).CompareAndSwap(key, 0) }

// reserveProcessor makes sure Go may run one goroutine more than the
// search's threads at once: with every processor (GOMAXPROCS) busy
// searching, the goroutine that reads "stop" or draws a frame waits for the
// scheduler to preempt a search, 10 to 40 ms (measured: Stop answered in
// 29 ms median, 42 ms worst with 2 threads on 2 CPUs; 8 and 20 ms with one
// processor more). The system's scheduler then shares the cores at once.
func reserveProcessor(threads int) {
	if runtime.GOMAXPROCS(0) < threads+1 {
		runtime.GOMAXPROCS(threads + 1)
	}
}
