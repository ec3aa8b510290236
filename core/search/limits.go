package search

// What one search is asked (Limits) and what it answers (Info, Result).

import "time"

// Limits bound one search. Zero values mean "no limit" (the context's
// deadline still applies).
type Limits[M comparable] struct {
	Depth int   // deepest iteration; 0 = MaxPly
	Nodes int64 // stop after about this many nodes
	// Noise adds a seeded random term in [-Noise, Noise] to every leaf
	// evaluation: deliberate weakness for the low levels. The term depends
	// only on the position and the seed, so the tree stays consistent.
	Noise int
	// Seed makes the root tie-breaks and the noise reproducible.
	Seed int64
	// Soft > 0 is a time target: no new iteration starts when the last ones
	// say it cannot finish by then. The context's deadline stays the hard
	// limit that interrupts an iteration.
	Soft time.Duration
	// Stretch > Soft lets an unstable search go past Soft: each change of
	// the best move in the last two iterations moves the target half of
	// Soft further, up to Stretch (a clock game's ceiling for one move).
	// The context's deadline stays the hard limit.
	Stretch time.Duration
	// Quiet > 0 is a shorter time target for a search whose answer has
	// settled: no new iteration starts past Quiet when the last three
	// iterations chose the same move and the score moved by at most
	// QuietSwing from two iterations back (same side to move at the
	// leaves). An unsettled search goes on to Soft.
	Quiet      time.Duration
	QuietSwing int
	// Fresh makes the search forget what earlier searches left in the
	// searcher (table, killers, history) before it starts, so its result
	// depends on nothing but the position and the limits.
	Fresh bool
	// Info, if set, is called after each completed iteration.
	Info func(Info[M])
	// Threads > 1 runs a parallel search (Lazy SMP): helper threads search
	// the same root on the shared table, each at its own depths and root
	// order, and fill it for the main thread, whose result is returned.
	// Only the main thread reports Info; Nodes counts every thread's nodes,
	// and a node limit applies to each thread. The result then depends on
	// timing: one thread is the reproducible search.
	Threads int
	// ThreadStart, if set, runs first on each helper thread.
	ThreadStart func()
}

// Info describes one completed iteration.
type Info[M comparable] struct {
	Depth   int
	Score   int
	Nodes   int64
	Elapsed time.Duration
	PV      []M
}

// Result is the outcome of a search.
type Result[M comparable] struct {
	// Move is the best move found; OK is false when the root has no moves
	// (or, with Err, when no iteration was completed).
	Move    M
	OK      bool
	Score   int // from the root player's point of view
	Depth   int // the deepest completed iteration
	Nodes   int64
	Elapsed time.Duration
	PV      []M
	// Err is a thread of the search that panicked (*ThreadPanic). The
	// result is then the deepest iteration that a thread completed before
	// it failed or that a thread that did not fail completed; OK is false
	// when there is none. The searcher should not be used again.
	Err error
}

// MateIn converts a score to plies to a forced result: > 0 win in n plies,
// < 0 loss in n plies, 0 when the score is no proven result.
func MateIn(score int) int {
	switch {
	case score >= Win-MaxPly:
		return Win - score
	case score <= -Win+MaxPly:
		return -(Win + score)
	}
	return 0
}
