package engine

import "time"

// The time rules. A tournament manager measures a reply from the moment it
// writes "go" to the moment it reads "bestmove", truncates it to whole
// milliseconds, and forfeits a reply over the limit (cuteataxx's default
// buffer is 0). So every limit is a limit on the whole reply: the search is
// told to end early enough to unwind, and a watchdog writes the best move
// known at replyBy whatever the search is doing. See docs/benchmarks.md
// ("Time limits") for the measured figures.

// limit is what a go allows: use is the time we mean to spend, most the
// most one move may take (0: use), hard the time after which the reply is
// lost (movetime: all three the same; clock: a share of the time left, a
// tenth of it, all of it).
type limit struct {
	use, most, hard time.Duration
}

// plan says when, counted from the go line's arrival, the search is told
// to stop and when the answer goes out at the latest.
type plan struct {
	searchFor time.Duration
	replyBy   time.Duration
	quick     bool // too little time for iterative deepening: depth 1 only
	// soft > 0 is the search's target when it may take less than
	// searchFor (a clock game): it aims at soft, stops sooner when its
	// answer settles and goes on toward searchFor while its best move
	// keeps changing (core.AIRequest.SoftTime).
	soft time.Duration
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
	most := l.most
	if most <= 0 {
		most = l.use
	}
	within := min(most, l.hard)
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
		return p
	}
	if l.use < within {
		soft := l.use - replyMargin(l.use) - overhead
		soft -= searchMargin(soft)
		if soft > 0 && soft < p.searchFor {
			p.soft = soft
		}
	}
	return p
}

// clockLimit is the limit of one move with clock ms left and inc ms added
// a move: aim at a share of what is left plus most of the increment (the
// strong Ataxx engines spend about a 27th of the time left), never more
// than a tenth of the clock, which a move whose best answer keeps
// changing may reach (docs/benchmarks-ataxx.md, "Clock use").
func clockLimit(clock, inc, movesToGo int64) limit {
	if movesToGo <= 0 {
		movesToGo = defaultMovesToGo
	}
	ms := time.Millisecond
	most := time.Duration(clock) * ms / maxClockShare
	use := time.Duration(clock)*ms/time.Duration(movesToGo) + time.Duration(inc)*ms*3/4
	return limit{use: min(use, most), most: most, hard: time.Duration(clock) * ms}
}

const (
	// defaultMovesToGo: the share of the clock a move aims at without
	// movestogo.
	defaultMovesToGo = 27
	// maxClockShare: no move takes more than this share of the time left.
	maxClockShare = 10
)

// SearchTime is how long a search may run when its answer must be back
// within budget: the rule of "go movetime", for callers that wait for the
// answer themselves (the app's levels: a level's 1 s is 1 s on the screen).
func SearchTime(budget time.Duration) time.Duration {
	return planReply(limit{use: budget, hard: budget}, 0).searchFor
}
