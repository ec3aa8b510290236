package ui

import (
	"errors"
	"fmt"
	"image/color"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/jumpers-game/jumpers/app"
	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/storage"
	"github.com/jumpers-game/jumpers/ui/board"
	"github.com/jumpers-game/jumpers/ui/kit"
)

// gameScreen is the board, the status line and the controls of one game.
type gameScreen struct {
	u      *UI
	gu     *board.GameUI
	c      *app.Controller
	screen *screen
	board  board.Board
	area   fyne.CanvasObject // the board, with its magnifier if it has one

	turn     *widget.Label
	swatch   *fyne.Container
	score    *fyne.Container
	notice   *widget.Label
	undoB    *widget.Button
	redoB    *widget.Button
	hintB    *widget.Button
	stopGo   *kit.StopGoButton
	menuB    *widget.Button
	noticeID int
	// shownCursor is the history cursor of the last update (to announce
	// places once, after a move).
	shownCursor int
	said        string // a short message shown for a few seconds
	menu        *widget.PopUp
	unsub       func()
	// saidState is the controller's state when said was said: a "why
	// nothing happens" message ("Wait: … is thinking") goes as soon as
	// the state changes (an Undo), not seconds later.
	saidState app.State
	saidBound bool            // said is such a message
	controls  *fyne.Container // the buttons, or the end panel
	end       *endPanel
	moves     *moveList     // the move list (movelist.go)
	view      *viewControls // the controls while viewing a past move
	live      *liveAnalysis // the analysis mode (analysis_ui.go), nil until asked
	liveBox   *fyne.Container
	scoreRow  scoreWidgets // the score row's widgets (seatrow.go)
	// saveRow says, for as long as it lasts, that the game cannot be
	// written (disk full, storage gone), with Retry; hidden otherwise.
	saveRow     *fyne.Container
	saveProblem *widget.Label
	unsubWrite  func()
	notes       *fyne.Container // notice, save notice, analysis line: their slot (playlayout.go)
	coach       *coachPanel     // the coach's warning, in the controls' slot (coach.go)
	// learnDialog is Learn from this's dialog once its list is on show.
	learnDialog *dialogOpen
}

func newGameScreen(u *UI, gu *board.GameUI, c *app.Controller) *gameScreen {
	gs := &gameScreen{u: u, gu: gu, c: c}
	gs.board = gu.NewBoard(c, u.env.Settings, gs.tap)
	gs.area = board.NewMagnifier(gu, c, u.env.Settings, gs.board, gs.tap)

	gs.turn = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	gs.turn.Wrapping = fyne.TextWrapWord // a cut status ("looking for a hin…") hides what matters
	gs.swatch = container.NewStack()
	gs.score = container.New(&seatRowLayout{})
	gs.scoreRow = newScoreWidgets(c.Position().Players())
	gs.score.Objects = gs.scoreRow.all() // to take the status's theme below
	gs.notice = widget.NewLabel("")
	gs.notice.Importance = widget.WarningImportance
	gs.notice.Wrapping = fyne.TextWrapWord
	gs.liveBox = container.NewVBox()
	gs.saveProblem = widget.NewLabel("")
	gs.saveProblem.Importance = widget.DangerImportance
	gs.saveProblem.Wrapping = fyne.TextWrapWord
	retry := widget.NewButtonWithIcon("Retry", theme.ViewRefreshIcon(), gs.retrySave)
	gs.saveRow = container.NewBorder(nil, nil, nil, container.NewCenter(kit.MinHeight(retry, kit.TouchSize)), gs.saveProblem)
	gs.saveRow.Hide()
	// the swatch beside the first line: the slot has room for two
	firstLine := widget.NewLabelWithStyle("Mg", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}).MinSize().Height
	head := container.NewBorder(nil, nil, container.NewVBox(kit.MinHeight(gs.swatch, firstLine)), nil, gs.turn)
	// the lines that come and go share one slot of their own, clipped:
	// a long one never reaches the controls or moves the board
	gs.notes = container.New(notesLayout{}, gs.notice, gs.saveRow, gs.liveBox)

	var undoBox, redoBox, hintBox fyne.CanvasObject
	gs.undoB, undoBox = kit.TouchButton("Undo", theme.ContentUndoIcon(), gs.undo)
	gs.redoB, redoBox = kit.TouchButton("Redo", theme.ContentRedoIcon(), gs.redo)
	gs.hintB, hintBox = kit.TouchButton("Hint", theme.SearchIcon(), gs.hint)
	gs.stopGo = kit.NewStopGoButton(gs.press)
	gs.view = newViewControls(gs)
	buttons := container.NewVBox(
		container.NewStack(container.NewGridWithColumns(3, undoBox, redoBox, hintBox), gs.view.row),
		gs.stopGo,
	)
	gs.end = newEndPanel(gs)
	gs.coach = newCoachPanel(gs)
	controls := container.NewStack(buttons, gs.end.obj, gs.coach.obj)
	gs.controls = controls
	gs.moves = gs.newMoveList()

	gs.menuB = widget.NewButtonWithIcon("", theme.MenuIcon(), gs.showMenu)
	gs.menuB.Importance = widget.LowImportance
	title := c.Game().Name()
	frame := board.NewCoordFrame(gs.board, gs.area, func() bool { return u.env.Settings().Coordinates })
	lay := newPlayLayout(head, kit.Compact(gs.score), gs.score, gs.notes, frame, controls, buttons, gs.moves, gs.end)
	content := container.New(lay, lay.objects()...)
	frame.Relayout = content.Refresh
	gs.moves.relayout = func() { relayout(content) }
	gs.screen = &screen{
		name:    "game",
		title:   title,
		content: content,
		actions: []fyne.CanvasObject{kit.MinSized(gs.menuB, kit.TouchSize, kit.TouchSize)},
		leave:   gs.leave,
	}
	gs.unsub = c.Subscribe(gs.update)
	gs.unsubWrite = u.env.OnWriteProblem(gs.update)
	u.game = gs
	gs.shownCursor = c.History().Cursor()
	gs.update()
	return gs
}

func (gs *gameScreen) leave() {
	gs.unsub()
	gs.unsubWrite()
	if gs.live != nil {
		gs.live.stop()
	}
	if gs.u.game == gs {
		gs.u.game = nil
	}
	gs.u.env.Release(gs.c)
}

// showSaveProblem shows or hides the save notice: it stays while the
// game's last write failed, so moves made meanwhile are not believed kept.
func (gs *gameScreen) showSaveProblem() {
	shown, text := gs.saveRow.Visible(), gs.saveProblem.Text
	if err := gs.u.env.WriteProblem(gs.c.SaveID()); err == nil {
		kit.SetVisible(gs.saveRow, false)
	} else {
		// The cause, without the file's path: a player can act on "no
		// space left on device", not on a folder name.
		cause := err
		for errors.Unwrap(cause) != nil {
			cause = errors.Unwrap(cause)
		}
		gs.saveProblem.SetText("Not saved: the game cannot be written (" + cause.Error() + "). It stays here while the app is open.")
		kit.SetVisible(gs.saveRow, true)
	}
	// The status grew or shrank: the screen's layout makes room at once
	// (the row's own refresh does not move the move list and the board),
	// twice: the wrapped notice's height is known once it has its width.
	if (gs.saveRow.Visible() != shown || gs.saveProblem.Text != text) && gs.moves.relayout != nil {
		gs.moves.relayout()
		gs.moves.relayout()
	}
}

// retrySave writes the game again; what still fails stays on show.
func (gs *gameScreen) retrySave() {
	if err := gs.u.env.RetryWrite(); err == nil {
		gs.say("Saved.")
	}
	gs.update()
}

// --- actions ---

func (gs *gameScreen) tap(move string) {
	if why := gs.c.Tap(move); why != "" {
		gs.say(why)
		gs.saidBound = true
	}
}

func (gs *gameScreen) undo()  { gs.c.Undo() }
func (gs *gameScreen) redo()  { gs.c.Redo() }
func (gs *gameScreen) hint()  { gs.c.Hint() }
func (gs *gameScreen) press() { gs.c.Press() }

// say shows a short message under the status for a few seconds.
func (gs *gameScreen) say(text string) {
	gs.noticeID++
	id := gs.noticeID
	gs.said = text
	gs.saidState, gs.saidBound = gs.c.State(), false
	gs.showNotice()
	gs.u.after(3*time.Second, func() {
		if gs.noticeID == id {
			gs.said = ""
			gs.showNotice()
		}
	})
}

// showNotice shows, in this order, a short message, the controller's
// notice (an AI failure), or the hint.
func (gs *gameScreen) showNotice() {
	if gs.said != "" && gs.saidBound && gs.c.State() != gs.saidState {
		gs.said = ""
	}
	text := gs.said
	if text == "" {
		text = gs.c.Notice()
	}
	if text == "" && gs.c.HintMove() != "" {
		text = "Hint: " + gs.c.HintMove() + " (marked on the board)"
	}
	if text == "" && gs.c.Hinting() {
		text = "Looking for a hint…"
	}
	gs.notice.SetText(app.Sentence(text))
	gs.relayoutNotes()
	// Once the game is over an empty notice line takes no room: the end
	// panel needs it beside the board in a 360 dp high window.
	if hide := text == "" && gs.c.State() == app.Over; hide != gs.notice.Hidden {
		gs.notice.Hidden = hide
		if gs.screen != nil {
			gs.screen.content.Refresh()
		}
	}
}

// showMenu opens the game menu under the ☰ button: a column of
// touch-sized buttons (Fyne's pop-up menu rows are about 36 dp, small for
// a finger).
func (gs *gameScreen) showMenu() {
	u := gs.u
	var pop *widget.PopUp
	// An item that is not open now is disabled, with why under it (a
	// refusal only after the tap tells too late).
	item := func(label string, icon fyne.Resource, f func(), why ...string) fyne.CanvasObject {
		b := widget.NewButtonWithIcon(label, icon, func() {
			pop.Hide()
			f()
		})
		b.Alignment = widget.ButtonAlignLeading
		b.Importance = widget.LowImportance
		button := kit.MinSized(b, 200, kit.TouchSize)
		if len(why) == 0 || why[0] == "" {
			return button
		}
		b.Disable()
		return container.NewVBox(button, kit.Reason(why[0], 30))
	}
	noStore := ""
	if u.env.Store == nil {
		noStore = "Saved games are not available here"
	}
	analysisWhy := ""
	if gs.live == nil || !gs.live.on {
		analysisWhy = gs.c.WhyNoAnalysis()
	}
	box := container.NewVBox(
		item("New game", theme.ContentAddIcon(), func() { u.newGameLike(gs.c) }),
		item("Save", theme.DocumentSaveIcon(), func() { u.save(false) }, noStore),
		item("Save as…", theme.DocumentSaveIcon(), func() { u.save(true) }, noStore),
		item("Load…", theme.FolderOpenIcon(), u.load, noStore),
		item("Review", theme.MediaReplayIcon(), func() { u.review(gs.c.Snapshot(), gs.c.History()) }),
		item(gs.analysisLabel(), theme.VisibilityIcon(), gs.toggleAnalysis, analysisWhy),
		item("Export record…", theme.UploadIcon(), u.exportRecord),
		item("Import record…", theme.DownloadIcon(), u.importRecord),
		widget.NewSeparator(),
		item("Settings", theme.SettingsIcon(), u.settings),
		item("Rules", theme.HelpIcon(), func() { u.rules(gs.gu.ID) }),
		item("About", theme.InfoIcon(), u.about),
	)
	c := u.win.Canvas()
	pos := fyne.CurrentApp().Driver().AbsolutePositionForObject(gs.menuB)
	var content fyne.CanvasObject = box
	if room := c.Size().Height - pos.Y - gs.menuB.Size().Height - 2*theme.Padding(); box.MinSize().Height > room {
		// A phone in landscape is shorter than the menu: it scrolls.
		scroll := kit.VScrollClear(box)
		scroll.SetMinSize(fyne.NewSize(scroll.Content.MinSize().Width, max(room, kit.TouchSize)))
		content = scroll
	}
	pop = widget.NewPopUp(content, c)
	w := pop.MinSize().Width
	pop.ShowAtPosition(fyne.NewPos(max(0, pos.X+gs.menuB.Size().Width-w), pos.Y+gs.menuB.Size().Height))
	gs.menu = pop
	u.trackPopUp(pop)
}

// --- drawing ---

// update re-reads the controller: status, buttons, board.
func (gs *gameScreen) update() {
	c := gs.c
	pos := c.Position()
	st := gs.u.env.Settings()
	toMove := pos.ToMove()
	res := pos.Result()
	frame, animating := c.Frame()
	steps, idx := frame.Steps, frame.Index

	gs.announcePlaces()
	gs.showSaveProblem()
	var turn string
	switch c.State() {
	case app.Over:
		turn = c.PlayerName(res.Winner) + " wins"
		if res.Winner < 0 {
			turn = "Draw"
		} else if len(res.Places) > 2 {
			turn = "Game over: " + c.PlayerName(res.Winner) + " first"
			if gs.vsComputer() && !c.IsComputer(res.Winner) {
				turn += " — you won!"
			}
		} else if gs.vsComputer() {
			if c.IsComputer(res.Winner) {
				turn += " — the computer won"
			} else {
				turn += " — you won!"
			}
		}
	case app.Thinking:
		who := c.PlayerName(toMove) + " (" + seatLabel(c.Seat(toMove)) + ")"
		switch {
		case c.Stopping():
			turn = who + " is stopping…"
		case c.Depth() > 0:
			// short: on one line at 360 dp for every colour and level
			// ("Reddish purple (Beginner)"), the depth never cut off
			turn = fmt.Sprintf("%s: depth %d…", who, c.Depth())
		default:
			turn = who + " is thinking…"
		}
	case app.Animating, app.PausedStep:
		if gs.gu.StepText != nil {
			turn = gs.gu.StepText(c.PlayerName(gs.mover()), idx+1, len(steps))
		} else {
			turn = fmt.Sprintf("%s's chain reaction: step %d of %d", c.PlayerName(gs.mover()), idx+1, len(steps)-1)
		}
	case app.PausedComputer:
		turn = c.PlayerName(toMove) + " (" + seatLabel(c.Seat(toMove)) + ") to move: press Go"
	case app.Coaching:
		turn = coachStatus(c)
	default:
		turn = c.PlayerName(toMove) + " to move"
		if gs.vsComputer() {
			turn += ": your turn"
		}
		if gs.gu.TurnNote != nil {
			if note := gs.gu.TurnNote(pos); note != "" {
				turn += " — " + note
			}
		}
	}
	turn = gs.viewText(turn)
	gs.turn.SetText(turn)
	who := toMove
	switch {
	case c.State() == app.Over && res.Winner >= 0:
		who = res.Winner
	case animating:
		who = gs.mover()
	}
	gs.swatch.Objects = []fyne.CanvasObject{kit.PlayerSwatch(st, who)}
	gs.swatch.Refresh()

	gs.score.Objects = gs.scoreObjects(st)
	gs.score.Refresh()

	gs.showNotice()

	setEnabled(gs.undoB, c.CanUndo())
	setEnabled(gs.redoB, c.CanRedo())
	setEnabled(gs.hintB, c.CanHint())
	b := c.Button()
	gs.stopGo.Set(int(b.Kind), b.Label, b.Enabled)
	gs.showEndPanel()
	gs.showCoach()
	gs.moves.update()
	gs.view.update()
	gs.updateAnalysis()
	gs.board.Update()
	if m, ok := gs.area.(*board.Magnifier); ok {
		m.Update()
	}
}

// showEndPanel swaps the buttons for the end panel when the game is over,
// and back after an Undo; the layout makes room when it changes.
func (gs *gameScreen) showEndPanel() {
	buttons := gs.controls.Objects[0]
	over := gs.end.update()
	if over == buttons.Visible() {
		if over {
			buttons.Hide()
		} else {
			buttons.Show()
		}
		gs.controls.Refresh()
		if gs.screen != nil {
			gs.screen.content.Refresh()
		}
	}
}

// mover is the player who made the move being animated: the history
// already holds it, so it is the player to move before it (not simply the
// previous seat: players who have finished are skipped).
func (gs *gameScreen) mover() int {
	h := gs.c.History()
	if c := h.Cursor(); c > 0 {
		return h.Position(c - 1).ToMove()
	}
	return h.Current().ToMove()
}

func (gs *gameScreen) vsComputer() bool {
	h, p := false, false
	for _, s := range gs.c.Seats() {
		if s.Kind == storage.Computer {
			p = true
		} else {
			h = true
		}
	}
	return h && p
}

func (gs *gameScreen) scoreObjects(st app.Settings) []fyne.CanvasObject {
	pos := gs.c.Position()
	var objs []fyne.CanvasObject
	if gs.gu.Score != nil {
		counts, unit := gs.gu.Score(pos)
		if f, animating := gs.c.Frame(); animating && gs.gu.StepScore != nil && f.Index < len(f.Steps) {
			// the count of the board shown mid-move, not of the end
			if n := gs.gu.StepScore(f.Steps[f.Index]); len(n) == len(counts) {
				counts = n
			}
		}
		if len(counts) > 2 {
			// Three to six players: the seats in turn order, the one to
			// move underlined, finished players with their place.
			return gs.seatObjects(st, pos, counts, unit)
		}
		for i, n := range counts {
			objs = append(objs, kit.PlayerSwatch(st, i), gs.scoreRow.count(i, fmt.Sprintf("%d", n)))
		}
		objs = append(objs, gs.scoreRow.setUnit(unit))
	}
	// The position shown: a viewed one counts its own moves.
	counter := gameCounter(gs.c.Game().ID(), pos, gs.c.ShownCursor())
	objs = append(objs, layout.NewSpacer(), gs.scoreRow.setCounter(counter))
	return objs
}

// seatObjects is the score row of a game of more than two players: each
// seat's swatch and count (or "1st" once placed), compact enough for six
// seats on a phone, with a bar under the player to move.
func (gs *gameScreen) seatObjects(st app.Settings, pos core.Position, counts []int, unit string) []fyne.CanvasObject {
	res := pos.Result()
	th := theme.Current()
	v := fyne.CurrentApp().Settings().ThemeVariant()
	fg := th.Color(theme.ColorNameForeground, v)
	turn := pos.ToMove()
	if _, animating := gs.c.Frame(); animating {
		turn = gs.mover() // the bar stays on the player whose move is shown
	}
	var objs []fyne.CanvasObject
	for i, n := range counts {
		text := fmt.Sprintf("%d", n)
		if i < len(res.Places) && res.Places[i] > 0 {
			text = ordinal(res.Places[i])
		}
		if i == turn && gs.c.State() == app.Thinking {
			text += "…" // this seat thinks
		}
		t := canvas.NewText(text, fg)
		t.TextStyle.Bold = true
		bar := canvas.NewRectangle(color.Transparent)
		if !res.Over && i == turn {
			bar.FillColor = fg
		}
		item := container.NewBorder(nil, kit.MinSized(bar, 0, 3), nil, nil,
			container.NewHBox(kit.PlayerSwatch(st, i), t))
		objs = append(objs, item)
	}
	if len(counts) <= 3 {
		// four seats and more leave no room for the unit on a phone
		objs = append(objs, gs.scoreRow.setUnit(unit))
	}
	objs = append(objs, layout.NewSpacer())
	if _, n := computerRun(gs.c); n > 1 {
		// a computer's sign before "2 of 5": spelt out, the row was
		// too wide for six seats on a phone and grew the window
		objs = append(objs, gs.scoreRow.computer)
	}
	objs = append(objs, gs.scoreRow.setCounter(gs.moveCounter()))
	return objs
}

// ordinal is 1st, 2nd, 3rd, 4th...
func ordinal(n int) string {
	suffix := "th"
	switch {
	case n%100 >= 11 && n%100 <= 13:
	case n%10 == 1:
		suffix = "st"
	case n%10 == 2:
		suffix = "nd"
	case n%10 == 3:
		suffix = "rd"
	}
	return fmt.Sprintf("%d%s", n, suffix)
}

// announcePlaces says who finished when a move placed a player (games of
// more than two players go on after the first finishes). Undo does not
// announce; a redo of the finishing move does. The move that ends the game
// is not announced: the end panel gives every place and why (a rule that
// ends a game ranks players who never finished).
func (gs *gameScreen) announcePlaces() {
	h := gs.c.History()
	cur := h.Cursor()
	prev := gs.shownCursor
	gs.shownCursor = cur
	if cur != prev+1 || cur == 0 {
		return
	}
	before := h.Position(cur - 1).Result().Places
	after := h.Current().Result()
	if len(after.Places) < 3 || after.Over {
		return
	}
	var said []string
	for i, p := range after.Places {
		if p > 0 && (i >= len(before) || before[i] == 0) {
			said = append(said, fmt.Sprintf("%s finishes %s", gs.c.PlayerName(i), ordinal(p)))
		}
	}
	if len(said) > 0 {
		gs.say(strings.Join(said, ", ") + "!")
	}
}

// seatLabel is how a seat is named in the status line: short, a phone
// line is about 40 characters.
func seatLabel(s storage.Seat) string {
	switch {
	case s.Kind != storage.Computer:
		return "human"
	case s.Level != "":
		return app.OptionLabel(s.Level)
	}
	return "computer"
}

func setEnabled(b *widget.Button, on bool) {
	if on && b.Disabled() {
		b.Enable()
	} else if !on && !b.Disabled() {
		b.Disable()
	}
}

// gameLayout is the review's arrangement in portrait (reviewLayout):
// the status above, the move list under it, the board and the controls
// under them; the game screen has its own (playLayout).
type gameLayout struct{}

const gamePad = 8

// maxControlsWidth keeps buttons from stretching across a tablet.
const maxControlsWidth = 560

// layoutAspect places status, board and controls in portrait: the board
// in the largest rectangle of its shape between them.
func (l *gameLayout) layoutAspect(status fyne.CanvasObject, board board.Fitter, controls fyne.CanvasObject, sz fyne.Size) {
	sm, cm := status.MinSize(), controls.MinSize()
	w := max(0, sz.Width-2*gamePad)
	status.Move(fyne.NewPos(gamePad, 0))
	status.Resize(fyne.NewSize(w, sm.Height))
	cw := min(w, maxControlsWidth)
	controls.Move(fyne.NewPos((sz.Width-cw)/2, sz.Height-cm.Height-gamePad))
	controls.Resize(fyne.NewSize(cw, cm.Height))
	top := sm.Height
	avail := sz.Height - top - cm.Height - 2*gamePad
	bw, bh := board.Fit(w, max(0, avail))
	board.Move(fyne.NewPos((sz.Width-bw)/2, top+(avail-bh)/2))
	board.Resize(fyne.NewSize(bw, bh))
}
