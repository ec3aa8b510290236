package ui

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/jumpers-game/jumpers/app"
	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/ui/kit"
)

// reviewAnalysis is the engine's part of the review screen: "Analyse"
// runs app.StartReview in the background (progress shown, cancellable,
// stopped when the screen goes), the graph shows who stood better when,
// mistakes and blunders are marked, and a mark shows the position before
// the move with the move played (last-move mark) and the engine's choice
// (hint mark). The analysis mode's evaluation bar and best line follow
// the position shown.
type reviewAnalysis struct {
	rs       *reviewScreen
	graph    *evalGraph
	graphBox *fyne.Container
	controls *fyne.Container
	analyseB *widget.Button
	analyse  fyne.CanvasObject // analyseB at touch size
	busy     fyne.CanvasObject // the progress and ✕, while analysing
	progress *widget.ProgressBar
	cancelB  *widget.Button
	actions  *fyne.Container // the Analyse button, or the progress
	nextB    *widget.Button
	modeB    *widget.Button
	markText *widget.Label
	accuracy *widget.Label // each player's accuracy, once reviewed

	stopReview func()
	running    bool
	result     app.Analysis
	have       bool
	markAt     int // move index of the mark on show (0: none)
	mark       app.MoveReview

	live *liveAnalysis
	// afterDone runs when a review ends (JUMPERS_SCREEN=review-mark).
	afterDone func()
}

func newReviewAnalysis(rs *reviewScreen) *reviewAnalysis {
	ra := &reviewAnalysis{rs: rs}
	u := rs.u
	total := rs.c.History().Len() + 1
	ra.graph = newEvalGraph(u.env.Settings, total, func(n int) { ra.markAt = 0; rs.show(n) }, ra.showMark)
	ra.markText = rs.notice // one line for the review's words and the notices
	ra.graphBox = container.NewVBox(ra.graph)
	ra.graphBox.Hide()

	var analyseBox, nextBox, modeBox fyne.CanvasObject
	ra.analyseB, analyseBox = kit.TouchButton("Analyse", theme.SearchIcon(), ra.start)
	ra.cancelB = widget.NewButtonWithIcon("", theme.CancelIcon(), ra.cancel)
	ra.progress = widget.NewProgressBar()
	ra.busy = container.NewBorder(nil, nil, nil, kit.MinSized(ra.cancelB, kit.TouchSize, kit.TouchSize), ra.progress)
	ra.nextB, nextBox = kit.TouchButton("Marks", theme.WarningIcon(), ra.nextMark)
	ra.nextB.Disable()
	ra.modeB, modeBox = kit.TouchButton("Eval", theme.VisibilityOffIcon(), ra.toggleLive)
	ra.analyse = analyseBox
	ra.actions = container.NewStack(analyseBox)
	// a row, not a grid: beside Continue here in landscape (reviewLayout)
	ra.controls = container.New(shareRow{}, ra.actions, nextBox, modeBox)
	ra.live = newLiveAnalysis(u, rs.c.Game(), rs.c.PlayerName)
	// A position the review has scored shows the review's evaluation:
	// the bar and the graph give it the same number.
	ra.live.reviewed = ra.reviewedEval
	ra.accuracy = widget.NewLabel("")
	ra.accuracy.Truncation = fyne.TextTruncateEllipsis
	ra.accuracy.Hide()
	ra.graphBox.Add(ra.live.row)
	ra.graphBox.Add(ra.accuracy)
	return ra
}

// start analyses the whole game in the background.
func (ra *reviewAnalysis) start() {
	if ra.running {
		return
	}
	rs := ra.rs
	u := rs.u
	ai := app.AI(rs.c.Game())
	if u.env.AI != nil {
		ai = u.env.AI
	}
	ra.running, ra.have = true, false
	ra.progress.SetValue(0)
	ra.actions.Objects = []fyne.CanvasObject{ra.busy}
	ra.actions.Refresh()
	ra.showBox(true)
	ra.markText.SetText("Analysing every move…")
	ra.stopReview = app.StartReview(ai, u.env.Post, rs.c.History(), app.ReviewSeed, reviewBudget,
		func(a app.Analysis) { ra.got(a) },
		func(a app.Analysis, err error) { ra.finished(a, err) })
}

// reviewBudget is the budget of a game review per position.
var reviewBudget = app.DefaultReviewBudget

func (ra *reviewAnalysis) got(a app.Analysis) {
	ra.result, ra.have = a, true
	if a.Total > 0 {
		ra.progress.SetValue(float64(a.Done) / float64(a.Total))
	}
	ra.graph.Set(a, ra.rs.shown())
	ra.showAccuracy()
	if ra.markAt == 0 {
		ra.markText.SetText(fmt.Sprintf("Analysing every move… %d of %d", a.Done, a.Total))
	}
}

func (ra *reviewAnalysis) finished(a app.Analysis, err error) {
	ra.running = false
	ra.stopReview = nil
	ra.result, ra.have = a, true
	ra.restoreActions()
	ra.graph.Set(a, ra.rs.shown())
	ra.showAccuracy()
	ra.live.show(ra.rs.c.Position()) // the review's number, now known
	marks := ra.marks()
	switch {
	case err != nil:
		ra.markText.SetText("The analysis stopped: " + err.Error())
	case len(marks) == 0:
		ra.markText.SetText("No mistakes or blunders found")
	default:
		ra.markText.SetText(fmt.Sprintf("Mistakes and blunders: %d (tap a dot, or Marks)", len(marks)))
	}
	setEnabled(ra.nextB, len(marks) > 0)
	if ra.afterDone != nil {
		ra.afterDone()
	}
}

// showAccuracy shows each player's accuracy over the moves reviewed so
// far (core/review: lichess's formula on expected-score losses).
func (ra *reviewAnalysis) showAccuracy() {
	accs := ra.result.Accuracies()
	parts := make([]string, len(accs))
	for i, a := range accs {
		parts[i] = fmt.Sprintf("%s %.0f", ra.rs.c.PlayerName(i), a)
	}
	ra.accuracy.SetText("Accuracy: " + strings.Join(parts, " · "))
	ra.accuracy.Show()
}

// reviewedEval is the review's evaluation of pos when the review has
// scored the position shown and pos is it.
func (ra *reviewAnalysis) reviewedEval(pos core.Position) (app.Eval, bool) {
	n := ra.rs.shown()
	if !ra.have || n >= len(ra.result.Evals) || pos == nil || ra.rs.c.History().Position(n).String() != pos.String() {
		return app.Eval{}, false
	}
	e := ra.result.Evals[n]
	return e, e.Known
}

// showWorst shows the mark that lost most.
func (ra *reviewAnalysis) showWorst() {
	ms := ra.marks()
	if len(ms) == 0 {
		return
	}
	worst := ms[0]
	for _, m := range ms {
		if m.Loss > worst.Loss {
			worst = m
		}
	}
	ra.showMark(worst)
}

func (ra *reviewAnalysis) restoreActions() {
	ra.actions.Objects = []fyne.CanvasObject{ra.analyse}
	ra.actions.Refresh()
}

// cancel stops the analysis; what was found so far stays.
func (ra *reviewAnalysis) cancel() {
	if !ra.running {
		return
	}
	ra.stop()
	ra.restoreActions()
	ra.markText.SetText("Analysis cancelled")
	setEnabled(ra.nextB, len(ra.marks()) > 0)
}

// stop ends the background work at once (leaving the screen).
func (ra *reviewAnalysis) stop() {
	if ra.stopReview != nil {
		ra.stopReview()
		ra.stopReview = nil
	}
	ra.running = false
	ra.live.stop()
}

// marks are the mistakes and blunders found.
func (ra *reviewAnalysis) marks() []app.MoveReview {
	var out []app.MoveReview
	for _, m := range ra.result.Moves {
		if marked(m) {
			out = append(out, m)
		}
	}
	return out
}

// nextMark shows the next mistake or blunder after the one shown.
func (ra *reviewAnalysis) nextMark() {
	ms := ra.marks()
	if len(ms) == 0 {
		return
	}
	for _, m := range ms {
		if m.Index > ra.markAt {
			ra.showMark(m)
			return
		}
	}
	ra.showMark(ms[0])
}

// showMark shows the position before a marked move with the move played
// and the engine's better move drawn.
func (ra *reviewAnalysis) showMark(m app.MoveReview) {
	rs := ra.rs
	rs.stopPlay()
	if err := rs.c.ViewMove(m.Index, m.Best); err != nil {
		rs.notice.SetText(err.Error())
		return
	}
	ra.markAt, ra.mark = m.Index, m
	ra.markText.SetText(markWord(rs.c.PlayerName, ra.label(m), m))
}

// update follows the position shown: the graph's cursor, the analysis
// mode's evaluation.
func (ra *reviewAnalysis) update() {
	n := ra.rs.shown()
	if v, ok := ra.rs.c.Viewing(); ok && ra.markAt > 0 && v != ra.markAt-1 {
		ra.markAt = 0 // moved away from the mark
	}
	if ra.have {
		ra.graph.Set(ra.result, n)
	}
	switch {
	case ra.markAt > 0:
		ra.markText.SetText(markWord(ra.rs.c.PlayerName, ra.label(ra.mark), ra.mark))
	case ra.running:
		ra.markText.SetText(fmt.Sprintf("Analysing every move… %d of %d", ra.result.Done, ra.rs.last()+1))
	case ra.have:
		ra.markText.SetText(ra.moveWord(n))
	}
	ra.live.show(ra.rs.c.Position())
}

// moveWord is the review's word on the move that led to position n.
func (ra *reviewAnalysis) moveWord(n int) string {
	if n == 0 || n > len(ra.result.Moves) {
		return ""
	}
	m := ra.result.Moves[n-1]
	if !m.Known {
		return ""
	}
	return markWord(ra.rs.c.PlayerName, ra.label(m), m)
}

// label is the reviewed move numbered as the move list numbers it.
func (ra *reviewAnalysis) label(m app.MoveReview) string {
	return moveLabel(ra.rs.gu.FullMove, ra.rs.c.History(), m.Index)
}

// markWord is the review's word on a move, short enough for a phone:
// "38 2:1 (Blue): blunder −45%, better 3:2" (label is "38 2:1", the
// move with the number the move list gives it), the mover named by name
// (as the board shows the players).
func markWord(name func(int) string, label string, m app.MoveReview) string {
	if m.Class < app.Inaccuracy {
		return fmt.Sprintf("%s (%s): %s", label, name(m.Mover), m.Class)
	}
	return fmt.Sprintf("%s (%s): %s −%.0f%%, better %s", label, name(m.Mover), m.Class, 100*m.Loss, m.Best)
}

func (ra *reviewAnalysis) toggleLive() {
	ra.live.setOn(!ra.live.on)
	if ra.live.on {
		ra.modeB.SetIcon(theme.VisibilityIcon())
		ra.showBox(true)
		ra.live.show(ra.rs.c.Position())
	} else {
		ra.modeB.SetIcon(theme.VisibilityOffIcon())
		ra.showBox(ra.have || ra.running)
	}
}

// showBox shows or hides the graph and the evaluation, and lays the
// screen out again: the board makes room (a user's choice, never a list
// or a graph that grows).
func (ra *reviewAnalysis) showBox(on bool) {
	ra.graph.Hidden = !ra.have && !ra.running
	if on {
		ra.graphBox.Show()
	} else {
		ra.graphBox.Hide()
	}
	if ra.rs.relayout != nil {
		ra.rs.relayout()
	}
}

// liveAnalysis is the analysis mode: an evaluation bar and the engine's
// best line for the position shown, computed in the background (the
// latest position wins).
type liveAnalysis struct {
	u    *UI
	name func(int) string // a player as the board shows them
	an   *app.Analyst
	bar  *evalBar
	pv   *widget.Label
	row  *fyne.Container
	on   bool
	last app.LiveEval
	// reviewed, when set, gives the review's evaluation of a position
	// it has scored: shown as it is, without a search.
	reviewed func(core.Position) (app.Eval, bool)
}

// newLiveAnalysis makes the analysis mode of a game. Its searches are
// the review's (app.ReviewSeed, the review's budget): a position gets the
// same number here as on the review's graph.
func newLiveAnalysis(u *UI, g core.Game, name func(int) string) *liveAnalysis {
	la := &liveAnalysis{u: u, name: name}
	ai := app.AI(g)
	if u.env.AI != nil {
		ai = u.env.AI
	}
	la.an = app.NewAnalyst(ai, u.env.Post, app.ReviewSeed, la.report)
	la.bar = newEvalBar(u.env.Settings)
	la.pv = widget.NewLabel("")
	la.pv.Truncation = fyne.TextTruncateEllipsis
	la.row = container.NewBorder(nil, nil, kit.MinSized(la.bar, 72, 14), nil, la.pv)
	la.row.Hide()
	return la
}

func (la *liveAnalysis) setOn(on bool) {
	la.on = on
	if on {
		la.row.Show()
		la.bar.clear()
		la.pv.SetText("Thinking…")
	} else {
		la.row.Hide()
		la.an.Stop()
	}
}

// show evaluates pos if the mode is on.
func (la *liveAnalysis) show(pos core.Position) {
	if !la.on || pos == nil {
		return
	}
	if la.reviewed != nil {
		if e, ok := la.reviewed(pos); ok {
			la.an.Ask(nil) // drop a search under way
			la.report(app.LiveEval{Pos: pos, Eval: e, Final: true})
			return
		}
	}
	la.an.Ask(pos)
}

func (la *liveAnalysis) stop() {
	la.on = false
	la.an.Stop()
}

func (la *liveAnalysis) report(ev app.LiveEval) {
	if !la.on {
		return
	}
	la.last = ev
	la.bar.Set(ev.Eval)
	la.pv.SetText(liveText(la.name, ev))
}

// liveText is the analysis mode's line: the side to move's chances, the
// depth, and the best line in notation last, where the label's ellipsis
// cuts only the line's tail on a narrow screen.
func liveText(name func(int) string, ev app.LiveEval) string {
	if r := ev.Pos.Result(); r.Over {
		if r.Winner < 0 {
			return "Game over: a draw"
		}
		return "Game over: " + name(r.Winner) + " won"
	}
	var b strings.Builder
	if share, seat, ok := ev.First(); ok {
		// The bar's share, named: the graph's number for this position.
		fmt.Fprintf(&b, "%s %.0f%%", name(seat), 100*share)
	} else if ev.Err != "" {
		b.WriteString("No evaluation: " + ev.Err)
		return b.String()
	} else {
		b.WriteString("…")
	}
	if ev.Depth > 0 {
		fmt.Fprintf(&b, " (depth %d)", ev.Depth)
	}
	if len(ev.PV) > 0 {
		pv := ev.PV
		if len(pv) > 8 {
			pv = pv[:8]
		}
		fmt.Fprintf(&b, " · best %s", strings.Join(pv, " "))
	} else if ev.Best != "" {
		fmt.Fprintf(&b, " · best %s", ev.Best)
	}
	return b.String()
}

// --- the analysis mode on the game screen ---

// toggleAnalysis turns the analysis mode on or off (the ☰ menu).
func (gs *gameScreen) toggleAnalysis() {
	if gs.live == nil {
		gs.live = newLiveAnalysis(gs.u, gs.c.Game(), gs.c.PlayerName)
		gs.liveBox.Add(gs.live.row)
	}
	if why := gs.c.WhyNoAnalysis(); !gs.live.on && why != "" {
		gs.say(why)
		return
	}
	gs.live.setOn(!gs.live.on)
	relayout(gs.screen.content)
	gs.update()
}

// updateAnalysis follows the position on the board; a game against the
// computer that goes on turns the mode off (undo out of a finished game).
func (gs *gameScreen) updateAnalysis() {
	if gs.live == nil || !gs.live.on {
		return
	}
	if gs.c.WhyNoAnalysis() != "" {
		gs.live.setOn(false)
		relayout(gs.screen.content)
		return
	}
	gs.live.show(gs.c.Position())
}

// analysisLabel is the ☰ menu item's text.
func (gs *gameScreen) analysisLabel() string {
	if gs.live != nil && gs.live.on {
		return "Analysis off"
	}
	return "Analysis"
}
