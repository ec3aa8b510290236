package main

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/search"
)

// errSkip marks a position that cannot be timed to the depth: the search
// proved the result first, or the game answers it without a search (a
// Chinese Checkers race). The position is replaced by the next candidate.
var errSkip = errors.New("skipped")

// measureOpts are the settings every measurement of a run shares.
type measureOpts struct {
	Seed    int64         // the search's seed (root tie-breaks), the same for every thread count
	HashMB  int           // the table size, the same for every thread count (0 = the default)
	Timeout time.Duration // gives up a measurement after this long
}

// checkSearched runs a quick Beginner search of pos first and reports
// whether the game searches pos at all: Chinese Checkers answers a race
// without the search, and then no Info arrives (beginnerMove's far move
// time lets its race planner finish, so that answer does not depend on
// the machine's load either). The timed search itself forgets every
// earlier search (search.WithFresh): Jumping Cube's levels below Expert
// search with another configuration than the infinite search, so a
// Beginner request no longer reaches the searcher the timed one takes.
func checkSearched(ctx context.Context, g core.Game, pos core.Position, o measureOpts) error {
	var mu sync.Mutex
	searched := false
	req := beginnerMove(o.Seed)
	req.Depth, req.HashMB = 1, o.HashMB
	req.Info = func(core.SearchInfo) { mu.Lock(); searched = true; mu.Unlock() }
	_, err := g.BestMove(ctx, pos, req)
	if err != nil {
		return err
	}
	mu.Lock()
	defer mu.Unlock()
	if !searched {
		return fmt.Errorf("%w: the game answers this position without a search", errSkip)
	}
	return nil
}

// reading is what one timed search saw at the depth.
type reading struct {
	Elapsed time.Duration
	Nodes   int64
}

// timeToDepth is the time an infinite search of pos with threads threads
// takes to complete depth: the Elapsed (and Nodes) of the first Info at
// depth or deeper, from a forgotten table. The search is stopped there.
func timeToDepth(parent context.Context, g core.Game, pos core.Position, depth, threads int, o measureOpts) (reading, error) {
	if err := checkSearched(parent, g, pos, o); err != nil {
		return reading{}, err
	}
	ctx, cancel := context.WithTimeout(parent, o.Timeout)
	defer cancel()
	var (
		mu      sync.Mutex
		reached bool
		at      reading
		proven  int // the depth whose score was a proven result, 0 = none
	)
	_, err := g.BestMove(search.WithFresh(ctx), pos, core.AIRequest{
		Infinite: true, Threads: threads, Seed: o.Seed, HashMB: o.HashMB,
		Info: func(i core.SearchInfo) {
			mu.Lock()
			defer mu.Unlock()
			if reached {
				return
			}
			if i.Depth >= depth {
				reached, at = true, reading{Elapsed: i.Elapsed, Nodes: i.Nodes}
				cancel()
				return
			}
			if i.Mate != 0 && proven == 0 {
				proven = i.Depth
			}
		},
	})
	if err != nil {
		return reading{}, err
	}
	mu.Lock()
	defer mu.Unlock()
	switch {
	case reached:
		return at, nil
	case parent.Err() != nil:
		return reading{}, parent.Err()
	case ctx.Err() != nil:
		return reading{}, fmt.Errorf("%w: depth %d not reached in %v", errSkip, depth, o.Timeout)
	case proven > 0:
		return reading{}, fmt.Errorf("%w: result proven at depth %d", errSkip, proven)
	}
	return reading{}, fmt.Errorf("%w: the search stopped before depth %d", errSkip, depth)
}

// sample is one timed position: the median times and node counts of 1
// and n threads. With one thread both runs must count the same nodes (the
// same search from the same empty table): a check of the measure itself.
type sample struct {
	Game    string
	Index   int
	Plies   int
	Depth   int
	T1, TN  time.Duration
	N1, NN  int64
	Speedup float64
}

// measurePosition times pos runs times with 1 thread and with threads
// threads, and keeps the median of each. The order of the two alternates
// with the position's index, so neither is always the one that runs on a
// table the other has already paged in.
func measurePosition(ctx context.Context, g core.Game, c candidate, depth, threads, runs int, o measureOpts) (sample, error) {
	// times[0] holds the 1-thread runs, times[1] the n-thread ones (with
	// -threads 1 both are 1 thread: the spread of the measure itself).
	threadsOf := [2]int{1, threads}
	var times, nodes [2][]float64
	order := []int{0, 1}
	if c.Index%2 == 1 {
		order = []int{1, 0}
	}
	for range runs {
		for _, slot := range order {
			r, err := timeToDepth(ctx, g, c.Pos, depth, threadsOf[slot], o)
			if err != nil {
				return sample{}, err
			}
			times[slot] = append(times[slot], r.Elapsed.Seconds())
			nodes[slot] = append(nodes[slot], float64(r.Nodes))
		}
	}
	s := sample{Index: c.Index, Plies: c.Plies, Depth: depth,
		T1: secondsDuration(median(times[0])), TN: secondsDuration(median(times[1])),
		N1: int64(median(nodes[0])), NN: int64(median(nodes[1]))}
	s.Speedup = speedup(s.T1, s.TN)
	return s, nil
}

func secondsDuration(s float64) time.Duration { return time.Duration(s * float64(time.Second)) }

// speedup is t1/tn, 0 when tn is not positive.
func speedup(t1, tn time.Duration) float64 {
	if tn <= 0 {
		return 0
	}
	return float64(t1) / float64(tn)
}
