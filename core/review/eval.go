package review

import (
	"context"
	"time"

	"github.com/jumpers-game/jumpers/core"
)

// SearchFunc is how the review asks the engine about a position: a
// game's BestMove, or the app's wrapper of it (which turns an engine's
// panic into an error).
type SearchFunc func(ctx context.Context, pos core.Position, req core.AIRequest) (core.AIResult, error)

// Budget is how hard the engine looks at each position of a review.
type Budget struct {
	Nodes int64 // node cap per position (> 0)
	Depth int   // depth cap when > 0
	// Time caps a position's search whatever the nodes when > 0 (the
	// app, on a slow phone); 0 leaves only the node and depth caps, so
	// the same game gives the same review on every machine (the CLI).
	Time time.Duration
}

// DefaultNodes is the node cap of a review's position of two players in
// the app and jumpers-cli review: about a tenth of a second a position
// on a phone, enough to see the blunders of a game at the Expert level's
// depth horizon. The fitted scales (fitted.go) are for scores at this
// budget. More players get more (ForPlayers, DefaultBudget).
const DefaultNodes = 60_000

// manyPlayersFactor is how many times a budget given for two players a
// review of more than two players searches each position. Their search
// (Chinese Checkers' Monte-Carlo tree search) estimates a race for the
// next place, and its estimate at 60,000 nodes, an eighth of the Expert
// it judges (500,000 nodes a move), wavers by more than a mistake's 10
// points: three Expert's moves of six four-player games against a
// random seat were marked by it, and lose at most 1 point searched at
// 120,000 (docs/app.md, "Game review").
const manyPlayersFactor = 2

// ForPlayers is b, a budget for a position of two players, for a game of
// players: more than two get manyPlayersFactor times its nodes and time.
// The app's review, its analysis mode and jumpers-cli review's default
// all take their budget through it, so they judge a position alike.
func (b Budget) ForPlayers(players int) Budget {
	if players > 2 {
		b.Nodes *= manyPlayersFactor
		b.Time *= manyPlayersFactor
	}
	return b
}

// DefaultBudget is the review's node budget for a game of players, as
// jumpers-cli review and the app (plus its time cap) use it: DefaultNodes
// for two players, more for more (ForPlayers).
func DefaultBudget(players int) Budget {
	return Budget{Nodes: DefaultNodes}.ForPlayers(players)
}

// Seed is the seed of every search of a review, in the app and in
// jumpers-cli review: a game's review does not depend on who asks.
const Seed = 1

// Eval is the engine's word on one position, as the review's graph and
// the analysis mode's evaluation bar both show it: one function
// (Evaluate) makes it, so the two always agree.
type Eval struct {
	// Standing is each seat's expected score; with more than two players
	// only the seat to move is known (Seat), the others are NaN-free
	// zeros the caller carries over from earlier positions.
	Standing []float64
	// Seat is the seat whose expected score the search gave (the side to
	// move), or -1 for a finished game (every seat known).
	Seat  int
	Known bool // the engine gave a score, or the game is over
	// Best is the engine's move here ("" when the game is over); PV its
	// line; Depth the depth reached.
	Best  string
	PV    []string
	Depth int
	// Score and Mate are the search's own figures for Seat (the fit of
	// tools/reviewfit reads them).
	Score, Mate int
	// Forced: the position has one legal move; its standing is the one
	// after that move (and any forced moves after it).
	Forced bool
	// byDepth are the search's scores for Seat by completed depth (index
	// = depth; not ok: a forced result or not heard), and scale the
	// position's fitted scale: what moverShareAt needs to judge two
	// positions at one depth.
	byDepth []depthScore
	scale   float64
}

// depthScore is one completed iteration's score.
type depthScore struct {
	score int
	ok    bool
}

// moverShareAt is mover's expected score (two players) by the mean of the
// scores of depths d and d−1, as Evaluate smooths its last two; ok is
// false when the search did not complete both without a forced result.
func (e Eval) moverShareAt(d, mover int) (float64, bool) {
	if e.Seat < 0 || d < 2 || d >= len(e.byDepth) || !e.byDepth[d].ok || !e.byDepth[d-1].ok {
		return 0, false
	}
	share := Logistic(float64((e.byDepth[d].score+e.byDepth[d-1].score)/2), e.scale)
	if e.Seat != mover {
		share = 1 - share
	}
	return share, true
}

// First is the share the evaluation bar and the graph draw for pos's
// evaluation: the first seat's expected score with two players, the side
// to move's with more (Seat). ok is false when it is not known.
func (e Eval) First() (share float64, seat int, ok bool) {
	if !e.Known || len(e.Standing) == 0 {
		return 0, 0, false
	}
	if len(e.Standing) == 2 || e.Seat < 0 {
		return e.Standing[0], 0, true
	}
	return e.Standing[e.Seat], e.Seat, true
}

// Evaluate searches pos at budget with seed and says what the review and
// the evaluation bar show for it. info, when set, hears every completed
// iteration of the search of pos itself. A position with one legal move
// is judged by the position after it (the engine does not search a
// forced move, and the standing does not change through one). err is
// the engine's failure or ctx's end; a search cut by its own Time cap
// keeps its best so far.
func Evaluate(ctx context.Context, search SearchFunc, pos core.Position, seed int64, b Budget, info func(core.SearchInfo)) (Eval, error) {
	players := pos.Players()
	forced := false
	for range maxForced {
		if r := pos.Result(); r.Over {
			return Eval{Standing: ResultStanding(r, players), Seat: -1, Known: true, Forced: forced}, nil
		}
		ms := pos.Moves()
		if len(ms) != 1 {
			break
		}
		next, err := pos.Play(ms[0])
		if err != nil {
			break
		}
		forced, pos, info = true, next, nil
	}
	var it iterations
	res, err := searchAt(ctx, search, pos, seed, b, it.hear(info))
	if err != nil {
		return Eval{Standing: make([]float64, players), Seat: pos.ToMove()}, err
	}
	res.Info = it.smooth(res.Info)
	ev := evalOf(pos, res)
	ev.Forced = forced
	ev.byDepth, ev.scale = it.byDepth, Scale(pos)
	return ev, nil
}

// iterations keeps the last two completed iterations of a search, for
// smooth.
type iterations struct {
	last, before core.SearchInfo
	byDepth      []depthScore
}

// hear records each completed iteration and passes it on to info.
func (it *iterations) hear(info func(core.SearchInfo)) func(core.SearchInfo) {
	return func(si core.SearchInfo) {
		if si.Depth > it.last.Depth {
			it.before, it.last = it.last, si
		}
		if si.Depth >= 0 && si.Depth < 256 {
			for len(it.byDepth) <= si.Depth {
				it.byDepth = append(it.byDepth, depthScore{})
			}
			it.byDepth[si.Depth] = depthScore{si.Score, si.Mate == 0}
		}
		if info != nil {
			info(si)
		}
	}
}

// smooth is the search's final word with its score the mean of its last
// two depths' scores. A search's score swings with its depth's parity
// (the side that moves last in the line gains a tempo: a Checkers race's
// score at depths 1 to 6 from the start, 44, 16, 66, 8, 64, 16; the 6×6
// cube's, 181, 40, 219, 0, 181, 40), and the depth a node budget reaches
// differs from one position to the next: without the mean, a move was
// judged by which parity its position's search ended on, and the
// Expert's own moves were marked. A forced result is kept as it is.
func (it *iterations) smooth(final core.SearchInfo) core.SearchInfo {
	if final.Mate != 0 || it.last.Depth != final.Depth || it.last.Score != final.Score ||
		it.before.Depth != final.Depth-1 || it.before.Mate != 0 || it.before.Depth < 1 {
		return final
	}
	final.Score = (final.Score + it.before.Score) / 2
	return final
}

// maxForced bounds a chain of forced moves followed (passes in turn).
const maxForced = 16

// evalOf is the Eval of a finished search at pos.
func evalOf(pos core.Position, res core.AIResult) Eval {
	m := pos.ToMove()
	ev := Eval{Standing: make([]float64, pos.Players()), Seat: m, Best: res.Move, PV: res.Info.PV, Depth: res.Info.Depth,
		Score: res.Info.Score, Mate: res.Info.Mate}
	if ev.Best == "" && len(ev.PV) > 0 {
		ev.Best = ev.PV[0]
	}
	if e, ok := Expected(pos, res.Info); ok {
		ev.Standing[m] = e
		if len(ev.Standing) == 2 {
			ev.Standing[1-m] = 1 - e
		}
		ev.Known = true
	}
	return ev
}

// EvalOfInfo is the Eval of a search iteration at pos (the analysis
// mode's intermediate depths).
func EvalOfInfo(pos core.Position, info core.SearchInfo) Eval {
	return evalOf(pos, core.AIResult{Info: info})
}

// searchAt asks the engine about one position at the review budget (the
// strongest level, no noise).
func searchAt(ctx context.Context, search SearchFunc, pos core.Position, seed int64, b Budget, info func(core.SearchInfo)) (core.AIResult, error) {
	// A node or depth cap without a move time is a reproducible request:
	// the engine forgets earlier searches and uses one thread. A time
	// cap is the context's deadline, never the request's (a move time
	// would make the search reuse its table and depend on the clock).
	sctx, cancel := ctx, context.CancelFunc(func() {})
	if b.Time > 0 {
		sctx, cancel = context.WithTimeout(ctx, b.Time)
	}
	defer cancel()
	res, err := search(sctx, pos, core.AIRequest{Nodes: b.Nodes, Depth: b.Depth, Seed: seed, Info: info})
	if err != nil && ctx.Err() == nil && sctx.Err() != nil {
		err = nil // the position's time ran out: its best so far stands
	}
	return res, err
}
