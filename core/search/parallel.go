package search

import (
	"context"
	"math/rand/v2"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/jumpers-game/jumpers/core"
)

// Lazy SMP: the helper threads of a search run the same iterative
// deepening as the main thread on the shared table, without talking to it
// otherwise. What they store (cutoffs, best moves, exact scores a ply
// deeper) makes the main thread's next iterations cheaper; the main
// thread's result is the one played. Helpers differ from the main thread
// and from each other by the depths they skip (half of them run a ply
// ahead) and by the order of equal root moves, so they do not all search
// the same tree at the same time.

// skipSize and skipPhase pick the depths helper i skips: depth d is skipped
// when (d+skipPhase[i])/skipSize[i] is odd. The first helper searches the
// even depths only, so it is a ply ahead of the main thread half the time.
var (
	skipSize  = [...]int{1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4}
	skipPhase = [...]int{0, 1, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 6, 7}
)

// startHelpers starts lim.Threads-1 helper threads on root and returns the
// function that stops them, waits until they are done and returns their
// node count. The main thread calls it as soon as its own search ends.
func (s *Searcher[P, M, PP]) startHelpers(ctx context.Context, root P, lim Limits[M], rootMoves []M, maxDepth int) func() int64 {
	n := min(lim.Threads, MaxThreads) - 1
	for len(s.helpers) < n {
		h := &Searcher[P, M, PP]{cfg: s.cfg, tt: s.tt, helper: true}
		if s.history != nil {
			h.history = make([]int32, len(s.history))
		}
		s.helpers = append(s.helpers, h)
	}
	s.active = n
	if s.shared == nil {
		s.shared = &smpShared[M]{}
	}
	s.shared.reset()
	var wg sync.WaitGroup
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
			if lim.ThreadStart != nil {
				lim.ThreadStart()
			}
			h.deepen(ctx, root, lim, moves, maxDepth, i)
		}()
	}
	return func() int64 {
		var nodes int64
		for _, h := range s.helpers[:n] {
			h.stop.Store(true)
		}
		wg.Wait()
		for _, h := range s.helpers[:n] {
			nodes += h.nodes
		}
		s.active = 0
		return nodes
	}
}

// MaxThreads bounds the threads of one search.
const MaxThreads = 64

// deepen is helper i's search: iterative deepening over its depths until
// the main thread stops it. Its results are in the table only.
func (s *Searcher[P, M, PP]) deepen(ctx context.Context, root P, lim Limits[M], moves []M, maxDepth, i int) {
	// A helper never reads the clock (tick): the main thread stops it.
	s.begin(ctx, root, lim)
	rng := rand.New(rand.NewPCG(uint64(lim.Seed), core.Mix64(uint64(i)+1)))
	rng.Shuffle(len(moves), func(a, b int) { moves[a], moves[b] = moves[b], moves[a] })
	scores := make([]int, len(moves))
	size, phase := skipSize[i%len(skipSize)], skipPhase[i%len(skipPhase)]
	prev := 0
	for depth := 1; depth <= maxDepth; depth++ {
		if depth > 1 && (depth+phase)/size%2 == 1 {
			continue
		}
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
