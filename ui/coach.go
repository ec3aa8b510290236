package ui

import (
	"context"
	"fmt"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/jumpers-game/jumpers/app"
	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/puzzle"
	"github.com/jumpers-game/jumpers/storage"
	"github.com/jumpers-game/jumpers/ui/kit"
)

// The coach at the table (app/coach.go): while it looks at a move the
// status says so; its warning is a panel in the controls' place (the
// board stays in view, and never moves for it: the controls' slot lies
// under the board like the end panel's), whose Play anyway plays the move
// and whose Take it back, or Back, gives the turn back with the game
// unchanged.

// coachStatus is the status line while the coach holds a move.
func coachStatus(c *app.Controller) string {
	if c.CoachWarning() != "" {
		return "Coach: think again before this move"
	}
	return "Coach is looking at your move…"
}

// coachPanel is the coach's warning, in the controls' slot.
type coachPanel struct {
	obj              *fyne.Container
	ground           *canvas.Rectangle
	said             *widget.Label
	takeBack, anyway *widget.Button
}

func newCoachPanel(gs *gameScreen) *coachPanel {
	p := &coachPanel{}
	p.said = widget.NewLabel("")
	p.said.Wrapping = fyne.TextWrapWord // never cut: it is the point
	p.said.TextStyle.Bold = true
	p.said.Importance = widget.WarningImportance
	var backBox, anywayBox fyne.CanvasObject
	// Take it back first, and the one that stands out: the safe answer.
	p.takeBack, backBox = kit.TouchButton("Take it back", theme.ContentUndoIcon(), func() { gs.c.TakeBack() })
	p.takeBack.Importance = widget.HighImportance
	p.anyway, anywayBox = kit.TouchButton("Play anyway", nil, func() { gs.c.PlayAnyway() })
	p.ground = canvas.NewRectangle(theme.Color(theme.ColorNameBackground))
	p.obj = container.NewStack(p.ground, container.NewVBox(p.said, container.NewGridWithColumns(2, backBox, anywayBox)))
	p.obj.Hide()
	return p
}

// showCoach shows the coach's warning in place of the buttons while the
// controller holds one, and gives the buttons back after its answer.
func (gs *gameScreen) showCoach() {
	w := gs.c.CoachWarning()
	p := gs.coach
	buttons := gs.controls.Objects[0]
	if w == "" {
		if p.obj.Visible() {
			p.obj.Hide()
			gs.controls.Refresh()
			gs.screen.content.Refresh()
		}
		return
	}
	shown := p.obj.Visible() && !buttons.Visible() && p.said.Text == w
	p.said.SetText(w)
	p.ground.FillColor = theme.Color(theme.ColorNameBackground) // the theme may have changed
	p.ground.Refresh()
	if shown {
		return
	}
	buttons.Hide()
	p.obj.Show()
	gs.controls.Refresh()
	// Twice: the wrapped warning's height is known once it has its
	// width, and the slot is as high as the panel asks.
	if gs.moves.relayout != nil {
		gs.moves.relayout()
		gs.moves.relayout()
	}
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
	head := widget.NewLabel(fmt.Sprintf("%s's worst moves, with the winning chances each cost. Tap one to try it again as a puzzle, or, when it makes none, to see it in the review.", c.PlayerName(seat)))
	head.Wrapping = fyne.TextWrapWord
	box := container.NewVBox(head)
	busy := false
	for _, lp := range worst {
		b := widget.NewButtonWithIcon(learnLabel(gs.gu.FullMove, h, lp), theme.WarningIcon(), func() {
			if busy {
				return // a puzzle is being made of the move tapped first
			}
			busy = true
			head.SetText("Making a puzzle of this position…")
			u.learnPuzzle(c.SaveID(), h, lp, func(pz puzzle.Puzzle, ok bool) {
				if gs.learnDialog != nil {
					gs.learnDialog.d.Hide()
					gs.learnDialog = nil
				}
				if ok {
					u.openPuzzle(pz, puzzleOwn, nil)
					return
				}
				u.reviewAt(sv, h, a, lp.Move)
			})
		})
		b.Alignment = widget.ButtonAlignLeading
		box.Add(kit.MinHeight(b, kit.TouchSize))
	}
	return box
}

// learnPuzzleBudget bounds the making of a puzzle of a worst move: what a
// player waits after a tap.
const learnPuzzleBudget = 4 * time.Second

// learnPuzzle makes a puzzle of the position before the worst move lp of
// game saveID (the puzzles' own rules: a proven cube win, an Ataxx move
// clear of every other; puzzle.Verifier.FromGame) off the UI goroutine,
// and calls done on it with ok false when the position makes none in the
// budget. The puzzle is named as the Puzzles screen names the puzzles of
// the player's games, and is practice, never rated.
func (u *UI) learnPuzzle(saveID string, h *core.History, lp app.LearnPosition, done func(pz puzzle.Puzzle, ok bool)) {
	rules := h.Record().Rules
	if rules == "" {
		rules = "standard"
	}
	u.env.Background(func() func() {
		ctx, cancel := context.WithTimeout(context.Background(), learnPuzzleBudget)
		defer cancel()
		pz, ok, _ := puzzle.NewVerifier().FromGame(ctx, lp.Position, rules, lp.Best)
		if ok {
			pz.ID = app.OwnPuzzleID(saveID, lp.Move)
			pz.Themes = append(pz.Themes, "from-your-games")
		}
		return func() { done(pz, ok) }
	})
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

// learnLabel is one worst move in the list: the move as the move list
// and the review number it ("6. f5d5", "12 2:3"), its verdict and what
// it cost, short enough for a 360 dp phone.
func learnLabel(full func(core.Position) int, h *core.History, lp app.LearnPosition) string {
	return fmt.Sprintf("%s — %s, −%d%%", moveLabel(full, h, lp.Move), lp.Class, int(100*lp.Loss+0.5))
}
