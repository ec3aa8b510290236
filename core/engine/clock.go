package engine

import "time"

// The time rules. A tournament manager measures a reply from the moment it
// writes "go" to the moment it reads "bestmove", truncates it to whole
// milliseconds, and forfeits a reply over the limit (cuteataxx's default
// buffer is 0). So every limit is a limit on the whole reply: the search is
// told to end early enough to unwind, and a watchdog writes the best move
// known at replyBy whatever the search is doing. See docs/benchmarks.md
// ("Time limits") for the measured figures.

// limit is what a go allows: use is the time we mean to spend, hard the
// time after which the reply is lost (movetime: the same; clock: the time
// left).
type limit struct {
	use, hard time.Duration
}

// plan says when, counted from the go line's arrival, the search is told
// to stop and when the answer goes out at the latest.
type plan struct {
	searchFor time.Duration
	replyBy   time.Duration
	quick     bool // too little time for iterative deepening: depth 1 only
}

const (
	// minThink is what a clock move is given when its share is smaller,
	// while the hard limit allows it: enough for a depth-1 search.
	minThink = 2 * time.Millisecond
	// quickBelow: with less search time than this, a depth-1 search with
	// the whole reply time beats an iteration cut short.
	quickBelow = 3 * time.Millisecond
)

// replyMargin covers what happens after the answer is written: the pipe,
// the manager waking up to read it, its rounding. It grows a little with
// the limit, for timer and scheduler jitter under load.
func replyMargin(d time.Duration) time.Duration {
	return min(time.Millisecond+d/50, 20*time.Millisecond)
}

// searchMargin covers the search noticing its deadline (it looks at the
// clock every thousand nodes or so) and unwinding, so that its own answer,
// usually better than the watchdog's, comes before replyBy.
func searchMargin(d time.Duration) time.Duration {
	return min(time.Millisecond/2+d/20, 30*time.Millisecond)
}

// planReply turns a limit into a plan; overhead is the manager's lag the
// organiser declared ("Move Overhead").
func planReply(l limit, overhead time.Duration) plan {
	within := min(l.use, l.hard)
	replyBy := within - replyMargin(within) - overhead
	// The hard limit's own ceiling: never plan past it, even for the
	// minimum thought.
	ceiling := max(l.hard-replyMargin(l.hard)-overhead, 0)
	if replyBy < minThink {
		replyBy = min(minThink, ceiling)
	}
	replyBy = max(replyBy, 0)
	p := plan{replyBy: replyBy, searchFor: replyBy - searchMargin(replyBy)}
	if p.searchFor < quickBelow {
		p.quick, p.searchFor = true, replyBy
	}
	return p
}

// clockShare is the time to use for one move with clock ms left and inc
// ms added per move: a share of what is left plus most of the increment,
// never more than a third of the clock.
func clockShare(clock, inc, movesToGo int64) time.Duration {
	if movesToGo <= 0 {
		movesToGo = 30
	}
	us := clock*1000/movesToGo + inc*1000*3/4
	us = min(us, clock*1000/3)
	return time.Duration(us) * time.Microsecond
}

// SearchTime is how long a search may run when its answer must be back
// within budget: the rule of "go movetime", for callers that wait for the
// answer themselves (the app's levels: a level's 1 s is 1 s on the screen).
func SearchTime(budget time.Duration) time.Duration {
	return planReply(limit{use: budget, hard: budget}, 0).searchFor
}
