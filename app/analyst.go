package app

import (
	"context"

	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/review"
)

// LiveEval is the analysis mode's word on one position: the review's
// evaluation of it (core/review.Evaluate, the graph's numbers) and the
// engine's best line.
type LiveEval struct {
	Pos core.Position
	Eval
	Final bool   // the search ended (not an intermediate depth)
	Err   string // why there is no evaluation
}

// AnalystBudget is how hard the analysis mode looks at a position: the
// review's budget (for two players; ForPlayers of it for the position's
// players, as the review takes it), so that the evaluation bar and the
// review's graph give the same position the same number (the searches
// are node-limited and seeded alike). Stepping on cancels the last
// search anyway.
var AnalystBudget = DefaultReviewBudget

// Analyst evaluates the position on show in the background, for the
// analysis mode (the evaluation bar and the best line). The latest request
// wins: a new Ask or Stop cancels the running search, and its late
// reports are dropped by a generation check on the UI goroutine. All
// methods must be called on the UI goroutine.
type Analyst struct {
	ai      AI
	post    func(func())
	budget  Budget
	seed    int64
	report  func(LiveEval)
	gen     uint64
	cancel  context.CancelFunc
	asked   core.Position
	stopped bool
	// lastKnown is the generation of the last report with a score.
	lastKnown uint64
}

// NewAnalyst makes an analyst that reports through report (on the UI
// goroutine, via post).
func NewAnalyst(ai AI, post func(func()), seed int64, report func(LiveEval)) *Analyst {
	return &Analyst{ai: ai, post: post, budget: AnalystBudget, seed: seed, report: report}
}

// SetBudget changes the budget of the next searches (tests).
func (a *Analyst) SetBudget(b Budget) { a.budget = b }

// Ask evaluates pos, dropping whatever was asked before. Asking about the
// position being evaluated again does nothing.
func (a *Analyst) Ask(pos core.Position) {
	if a.asked != nil && pos != nil && a.asked.Hash() == pos.Hash() && a.asked.String() == pos.String() && !a.stopped {
		return
	}
	a.halt()
	a.stopped = false
	a.asked = pos
	a.gen++
	gen := a.gen
	if pos == nil {
		return
	}
	if pos.Result().Over {
		// No search: the result is the standing.
		e, _ := review.Evaluate(context.Background(), nil, pos, a.seed, a.budget, nil)
		a.deliver(gen, LiveEval{Pos: pos, Eval: e, Final: true})
		return
	}
	ctx, cancel := context.WithCancel(context.Background())
	a.cancel = cancel
	b, seed, search := a.budget.ForPlayers(pos.Players()), a.seed, searchFunc(a.ai)
	post := a.post
	// Intermediate depths are shown while the search runs; the final
	// word is review.Evaluate's, as the review's graph has it.
	info := func(info core.SearchInfo) {
		ev := LiveEval{Pos: pos, Eval: review.EvalOfInfo(pos, info)}
		post(func() { a.deliver(gen, ev) })
	}
	go func() {
		lowerPriority()
		e, err := review.Evaluate(ctx, search, pos, seed, b, info)
		ev := LiveEval{Pos: pos, Eval: e, Final: true}
		if err != nil {
			ev.Err = err.Error()
		}
		post(func() { a.deliver(gen, ev) })
	}()
}

func (a *Analyst) deliver(gen uint64, ev LiveEval) {
	if gen != a.gen || a.stopped {
		return // stale: another position was asked since, or stopped
	}
	if !ev.Known && a.lastKnown == gen {
		return // a scoreless end (stopped early) keeps the last depth's word
	}
	if ev.Known {
		a.lastKnown = gen
	}
	if a.report != nil {
		a.report(ev)
	}
}

func (a *Analyst) halt() {
	if a.cancel != nil {
		a.cancel()
		a.cancel = nil
	}
}

// Stop cancels the running search; nothing more is reported until the
// next Ask.
func (a *Analyst) Stop() {
	a.halt()
	a.gen++
	a.stopped = true
	a.asked = nil
}
