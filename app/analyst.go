package app

import (
	"context"
	"time"

	"github.com/jumpers-game/jumpers/core"
)

// LiveEval is the analysis mode's word on one position: the side to
// move's expected score (see Expected) and the engine's best line so far.
type LiveEval struct {
	Pos      core.Position
	ToMove   int
	Expected float64 // the side to move's expected score
	Known    bool    // the engine gave a score (or the game is over)
	Standing []float64
	Best     string
	PV       []string
	Depth    int
	Final    bool   // the search ended (not an intermediate depth)
	Err      string // why there is no evaluation
}

// AnalystBudget is how long the analysis mode looks at a position: long
// enough for a deep line, short enough that stepping on does not queue
// work (each new position cancels the last search anyway).
var AnalystBudget = Budget{Nodes: 2_000_000, Time: 2 * time.Second}

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
	if r := pos.Result(); r.Over {
		a.deliver(gen, LiveEval{Pos: pos, ToMove: pos.ToMove(), Known: true, Final: true,
			Standing: resultStanding(r, pos.Players())})
		return
	}
	ctx, cancel := context.WithCancel(context.Background())
	a.cancel = cancel
	b := a.budget
	game := pos.Game()
	eval := func(info core.SearchInfo, final bool) LiveEval {
		ev := LiveEval{Pos: pos, ToMove: pos.ToMove(), Depth: info.Depth, PV: info.PV, Final: final}
		if len(info.PV) > 0 {
			ev.Best = info.PV[0]
		}
		if e, ok := Expected(game, info); ok {
			ev.Expected, ev.Known = e, true
			if pos.Players() == 2 {
				ev.Standing = make([]float64, 2)
				ev.Standing[ev.ToMove], ev.Standing[1-ev.ToMove] = e, 1-e
			}
		}
		return ev
	}
	post := a.post
	req := core.AIRequest{Nodes: b.Nodes, Depth: b.Depth, MoveTime: b.Time, Seed: a.seed, Info: func(info core.SearchInfo) {
		ev := eval(info, false)
		post(func() { a.deliver(gen, ev) })
	}}
	ai := a.ai
	go func() {
		lowerPriority()
		res, err := bestMove(ctx, ai, pos, req, "the engine")
		ev := eval(res.Info, true)
		if res.Move != "" {
			ev.Best = res.Move
		}
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
