package ui

import (
	"fmt"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/jumpers-game/jumpers/app"
	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/storage"
	"github.com/jumpers-game/jumpers/ui/kit"
)

// The coach at the table (app/coach.go): while it looks at a move the
// status says so; its warning is a dialog over the game (the board never
// moves for it) whose Play anyway plays the move and whose Take it back,
// or Back, gives the turn back with the game unchanged.

// coachStatus is the status line while the coach holds a move.
func coachStatus(c *app.Controller) string {
	if c.CoachWarning() != "" {
		return "The coach has a word about your move"
	}
	return "Coach is looking at your move…"
}

// showCoach opens the coach's warning when the controller holds one, and
// closes it when the warning went by other means (an undo from the
// keyboard, the game closed).
func (gs *gameScreen) showCoach() {
	w := gs.c.CoachWarning()
	if w == gs.coachShown {
		return
	}
	if gs.coachDlg != nil {
		d := gs.coachDlg
		gs.coachDlg = nil
		d.d.Hide()
	}
	gs.coachShown = w
	if w == "" {
		return
	}
	msg := widget.NewLabel(w)
	msg.Wrapping = fyne.TextWrapWord
	msg.TextStyle.Bold = true
	body := container.NewVBox(msg)
	if best := gs.coachBetter(); best != "" {
		more := widget.NewLabel(best)
		more.Wrapping = fyne.TextWrapWord
		body.Add(more)
	}
	c := gs.c
	answer := func(f func()) func() {
		return func() {
			gs.coachDlg, gs.coachShown = nil, ""
			f()
		}
	}
	// Take it back first and the default (Enter): the safe answer.
	gs.coachDlg = gs.u.showDialog("Coach", body,
		dialogAction{label: "Take it back", importance: widget.HighImportance, do: answer(c.TakeBack), enter: true},
		dialogAction{label: "Play anyway", importance: widget.WarningImportance, do: answer(c.PlayAnyway)})
	d := gs.coachDlg
	d.onBack(func() {
		d.d.Hide() // runs nothing: the answer is Take it back
		if gs.coachDlg == d {
			answer(c.TakeBack)()
		}
	})
}

// coachBetter is the dialog's second line: what to look at instead.
func (gs *gameScreen) coachBetter() string {
	return "Take it back to look for a better move, or play it anyway."
}

// coachedSeat is the first human seat with the coach on, -1 for none:
// the player whose moves "Learn from this" shows.
func coachedSeat(c *app.Controller) int {
	for i := range c.Seats() {
		if c.CoachOn(i) {
			return i
		}
	}
	return -1
}

// learnFromThis reviews the finished game (the review's budget, off the
// UI goroutine, its progress in a dialog) and lists the coached player's
// three worst moves; a tap opens the review at that move.
func (gs *gameScreen) learnFromThis() {
	u, c := gs.u, gs.c
	seat := coachedSeat(c)
	if seat < 0 {
		return
	}
	h := c.History()
	ai := app.AI(c.Game())
	if u.env.AI != nil {
		ai = u.env.AI
	}
	status := widget.NewLabel("Looking at your moves…")
	status.Wrapping = fyne.TextWrapWord
	progress := widget.NewProgressBar()
	list := container.NewVBox(status, progress)
	stop := func() {}
	d := u.showDialog("Learn from this", list, dialogAction{label: "Close", do: func() { stop() }, enter: true})
	d.onBack(func() { stop(); d.d.Hide() })
	stop = app.StartReview(ai, u.env.Post, h, app.ReviewSeed, reviewBudget,
		func(a app.Analysis) {
			if a.Total > 0 {
				progress.SetValue(float64(a.Done) / float64(a.Total))
				status.SetText(fmt.Sprintf("Looking at your moves… %d of %d", a.Done, a.Total))
			}
		},
		func(a app.Analysis, err error) {
			if err != nil {
				status.SetText("The review stopped: " + err.Error())
				return
			}
			gs.learnDialog = d
			list.Objects = []fyne.CanvasObject{gs.learnList(a, seat)}
			list.Refresh()
			d.d.Resize(u.dialogSize())
		})
}

// learnList is the list of "Learn from this" after the review a: the
// player's worst moves, each a button that opens the review at its mark.
func (gs *gameScreen) learnList(a app.Analysis, seat int) fyne.CanvasObject {
	u, c := gs.u, gs.c
	sv, h := c.Snapshot(), c.History()
	worst := app.LearnFromThis(a, h, seat)
	if len(worst) == 0 {
		msg := widget.NewLabel(fmt.Sprintf("No inaccuracy, mistake or blunder of %s: nothing to learn from this game.", c.PlayerName(seat)))
		msg.Wrapping = fyne.TextWrapWord
		return msg
	}
	head := widget.NewLabel(fmt.Sprintf("%s's worst moves. Tap one to see it in the review with the engine's move (−%%: the winning chances it cost).", c.PlayerName(seat)))
	head.Wrapping = fyne.TextWrapWord
	box := container.NewVBox(head)
	for _, lp := range worst {
		b := widget.NewButtonWithIcon(learnLabel(lp), theme.WarningIcon(), func() {
			if gs.learnDialog != nil {
				gs.learnDialog.d.Hide()
				gs.learnDialog = nil
			}
			u.reviewAt(sv, h, a, lp.Move)
		})
		b.Alignment = widget.ButtonAlignLeading
		box.Add(kit.MinHeight(b, kit.TouchSize))
	}
	return box
}

// reviewAt opens the review of the game sv (history h) with its review a
// already made, at the mark of move k: the position before it, the move
// played and the engine's move drawn.
func (u *UI) reviewAt(sv storage.Save, h *core.History, a app.Analysis, k int) {
	u.review(sv, h)
	rs := u.reviewing
	if rs == nil {
		return
	}
	ra := rs.an
	ra.have = true
	ra.finished(a, nil)
	ra.showBox(true)
	if k >= 1 && k <= len(a.Moves) {
		ra.showMark(a.Moves[k-1])
	}
}

// learnLabel is one worst move in the list: its number, its verdict and
// what it cost, short enough for a 360 dp phone.
func learnLabel(lp app.LearnPosition) string {
	return fmt.Sprintf("Move %d, %s: %s, −%d%%", lp.Move, lp.Played, lp.Class, int(100*lp.Loss+0.5))
}
