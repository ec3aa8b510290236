package ui

import (
	"context"
	"fmt"
	"image/color"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/jumpers-game/jumpers/app"
	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/lesson"
	"github.com/jumpers-game/jumpers/storage"
	"github.com/jumpers-game/jumpers/ui/board"
	"github.com/jumpers-game/jumpers/ui/kit"
)

// lessonScreen is a lesson (issue 53): one step at a time, the step's
// position on the game's own board in a guided mode. A tap becomes a move
// as in a game, but the step's Checker judges it: a move not taught, or
// one the rules refuse, gets its message and changes nothing; the move
// taught is played by a controller of its own (never the game on
// screen's, never saved), so the board shows it with its own animation,
// then the opponent's scripted reply, then Next.
type lessonScreen struct {
	u      *UI
	gu     *board.GameUI
	game   core.Game
	les    lesson.Lesson
	i      int // the step shown
	chk    *lesson.Checker
	c      *app.Controller
	unsub  func()
	screen *screen

	// the step's state: verdict is the accepted move's (Done false
	// until the player finds it); replied: its reply was asked for
	verdict lesson.Verdict
	replied bool

	step  *widget.Label // "Step 2 of 6"
	say   *widget.Label // the step's sentence
	msg   *widget.Label // what the last tap did
	area  *fyne.Container
	b     board.Board
	marks *squareMarks
	next  *widget.Button
	pass  *widget.Button
	// the buttons' touch-sized boxes: hidden with them, or they keep
	// their room
	nextBox, passBox fyne.CanvasObject
	play             *widget.Button
	home             *widget.Button
	buttons          *fyne.Container
	lay              *lessonLayout
}

// lesson opens game's lesson at step (from 0); a step out of range (-1)
// opens it where the player left it.
func (u *UI) lesson(gameID string, step int) *lessonScreen {
	gu, g, ok := board.Lookup(gameID)
	les, has := lesson.For(gameID)
	if !ok || !has {
		u.showInfo("No lesson yet", "This game has no lesson in the app yet.")
		return nil
	}
	if step < 0 || step >= len(les.Steps) {
		step = u.env.Lessons.Resume(les)
	}
	ls := &lessonScreen{u: u, gu: gu, game: g, les: les}
	ls.step = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	ls.say = widget.NewLabel("")
	ls.say.Wrapping = fyne.TextWrapWord
	ls.msg = widget.NewLabel("")
	ls.msg.Wrapping = fyne.TextWrapWord
	var playBox, homeBox fyne.CanvasObject
	ls.next, ls.nextBox = kit.TouchButton("Next", theme.NavigateNextIcon(), func() { ls.show(ls.i + 1) })
	ls.next.Importance = widget.HighImportance
	ls.pass, ls.passBox = kit.TouchButton("Pass", theme.MediaSkipNextIcon(), ls.passReply)
	ls.pass.Importance = widget.HighImportance
	ls.play, playBox = kit.TouchButton("Play a game", theme.MediaPlayIcon(), func() {
		u.popTo(1)
		u.newGame(gameID)
	})
	ls.play.Importance = widget.HighImportance
	ls.home, homeBox = kit.TouchButton("Back to Home", theme.HomeIcon(), u.home)
	ls.buttons = container.NewVBox(ls.nextBox, ls.passBox, container.NewGridWithColumns(2, playBox, homeBox))
	ls.marks = newSquareMarks()
	ls.area = container.NewStack()
	ls.lay = &lessonLayout{text: container.NewVBox(ls.step, ls.say), area: ls.area, msg: ls.msg, buttons: ls.buttons}
	content := container.New(ls.lay, ls.lay.text, ls.area, ls.msg, ls.buttons)
	ls.screen = &screen{name: "lesson", title: les.Title, content: content, leave: ls.leave}
	ls.show(step)
	u.push(ls.screen)
	u.learn.shown = ls
	return ls
}

// settings are the player's, but a computer seat (the scripted reply)
// waits for the lesson to ask for it, and the steps of a move run by
// themselves; reduce motion shows the move at once.
func (ls *lessonScreen) settings() app.Settings {
	s := ls.u.env.Settings()
	s.PauseComputer, s.PauseStep = true, false
	if !board.AnimationsOn() {
		s.Animation = app.AnimNone
	}
	return s
}

// show puts step i on the board.
func (ls *lessonScreen) show(i int) {
	chk, err := ls.les.Start(i)
	if err != nil {
		ls.u.showError("This lesson step cannot be shown", err)
		return
	}
	ls.closeController()
	ls.i, ls.chk, ls.verdict, ls.replied = i, chk, lesson.Verdict{}, false
	pos := chk.Position()
	// The player moves; the other seats are the scripted opponent, a
	// "computer" that answers the step's reply and waits until asked.
	seats := make([]storage.Seat, pos.Players())
	for k := range seats {
		seats[k].Kind = storage.Computer
	}
	seats[pos.ToMove()].Kind = storage.Human
	e := ls.u.env
	ls.c = app.NewController(app.Config{
		Game: ls.game, History: core.NewHistory(pos, chk.Step().Rules), Seats: seats,
		AI: scriptedReply{chk.Step().Reply}, Trace: ls.gu.Trace, Post: e.Post, After: e.After, Deadline: e.Deadline,
		Settings: ls.settings,
	})
	ls.b = ls.gu.NewBoard(ls.c, ls.settings, ls.tap)
	ls.marks.b = ls.b
	// Coordinates always: the sentences name squares ("clone to d3").
	frame := board.NewCoordFrame(ls.b, container.NewStack(ls.b, ls.marks), func() bool { return true })
	ls.area.Objects = []fyne.CanvasObject{frame}
	ls.lay.board, ls.lay.aspect = frame, ls.b.Aspect()
	ls.lay.reserve = ls.messages()
	ls.unsub = ls.c.Subscribe(ls.update)
	ls.c.Start(false)
	ls.step.SetText(fmt.Sprintf("Step %d of %d", i+1, len(ls.les.Steps)))
	ls.say.SetText(ls.text(chk.Step().Say))
	ls.msg.SetText("")
	ls.update()
	ls.area.Refresh()
	if ls.screen.content != nil {
		ls.screen.content.Refresh()
	}
}

// messages are the texts the message line may show in this step, for
// the room kept for it (the board does not move when it changes).
func (ls *lessonScreen) messages() []string {
	st := ls.chk.Step()
	// a refusal of the rules takes two lines at most
	return []string{ls.text(st.Nudge), ls.doneText(true), "M\nM"}
}

// text is a sentence of the lesson with the players named by the
// colours chosen in Settings.
func (ls *lessonScreen) text(s string) string {
	return app.NamePlayersIn(ls.u.env.Settings(), ls.game, s)
}

// doneText says what the move did, and the reply when it was played.
func (ls *lessonScreen) doneText(replied bool) string {
	st := ls.chk.Step()
	t := ls.text(st.Done)
	if replied && st.ReplySay != "" {
		t += " " + ls.text(st.ReplySay)
	}
	return t
}

// tap is a move from the board: judged by the step's checker.
func (ls *lessonScreen) tap(move string) {
	if ls.c == nil || move == "" {
		return
	}
	if ls.verdict.Done {
		// The step is done: a stray tap must not hide what its move did.
		return
	}
	if strings.HasPrefix(move, app.PickTap("")) {
		// A piece the rules do not let the player pick up: the reason.
		if why := ls.c.Tap(move); why != "" {
			ls.note(sentenceEnd(why), widget.WarningImportance)
		}
		return
	}
	v := ls.chk.Try(move)
	switch {
	case v.Err != nil:
		why := app.Sentence(core.RenamePlayers(v.Err, func(i int) string { return app.PlayerName(ls.u.env.Settings(), nil, i) }))
		ls.note(sentenceEnd(why), widget.WarningImportance)
		return
	case !v.Done:
		ls.note(ls.text(v.Message), widget.WarningImportance)
		return
	}
	ls.verdict = v
	if err := ls.u.env.Lessons.Finish(ls.les, ls.i); err != nil {
		fyne.LogError("keeping the lesson's progress", err)
	}
	ls.marks.set(nil)
	if why := ls.c.Tap(move); why != "" {
		// The checker and the controller read the same rules: a bug.
		ls.note(sentenceEnd(why), widget.DangerImportance)
		return
	}
	ls.update()
}

// note shows a message under the board.
func (ls *lessonScreen) note(text string, imp widget.Importance) {
	ls.msg.Importance = imp
	ls.msg.SetText(text)
	ls.msg.Refresh()
	ls.screen.content.Refresh()
}

// busy: the move or the reply is being shown or found.
func (ls *lessonScreen) busy() bool {
	switch ls.c.State() {
	case app.Animating, app.Thinking, app.PausedStep:
		return true
	}
	return false
}

// update follows the controller: the board, the marks, and once the
// accepted move is on the board, the reply, then Next.
func (ls *lessonScreen) update() {
	if ls.c == nil {
		return
	}
	ls.b.Update()
	st := ls.chk.Step()
	ls.showButton(ls.next, ls.nextBox, false)
	ls.showButton(ls.pass, ls.passBox, false)
	ls.showEnd(false)
	switch {
	case !ls.verdict.Done:
		ls.marks.set(st.Highlight)
	case ls.busy():
		ls.note("", widget.MediumImportance)
	case st.Reply != "" && !ls.replied && st.Reply == app.PassMove:
		// The opponent has no move: the player sees the pass played.
		ls.note(ls.doneText(false), widget.MediumImportance)
		ls.pass.SetText("Pass for " + app.PlayerName(ls.u.env.Settings(), nil, ls.verdict.After.ToMove()))
		ls.showButton(ls.pass, ls.passBox, true)
	case st.Reply != "" && !ls.replied:
		ls.note(ls.doneText(false), widget.MediumImportance)
		ls.replied = true
		ls.c.Press() // the scripted reply: played at once
	default:
		ls.say.SetText(ls.text(st.Say))
		ls.note(ls.doneText(ls.replied), widget.MediumImportance)
		last := ls.i == len(ls.les.Steps)-1
		ls.showButton(ls.next, ls.nextBox, !last)
		ls.showEnd(last)
	}
	ls.buttons.Refresh()
	ls.screen.content.Refresh()
}

// showButton shows or hides b with its box.
func (ls *lessonScreen) showButton(b *widget.Button, box fyne.CanvasObject, on bool) {
	kit.SetVisible(b, on)
	kit.SetVisible(box, on)
}

// showEnd shows the last step's choices.
func (ls *lessonScreen) showEnd(on bool) {
	kit.SetVisible(ls.buttons.Objects[2], on)
}

// passReply plays the opponent's pass.
func (ls *lessonScreen) passReply() {
	if ls.replied || !ls.verdict.Done || ls.busy() {
		return
	}
	ls.replied = true
	ls.c.Press()
}

func (ls *lessonScreen) closeController() {
	if ls.unsub != nil {
		ls.unsub()
		ls.unsub = nil
	}
	if ls.c != nil {
		ls.c.Close()
	}
}

// leave closes the step's controller: nothing of a lesson outlives it
// but its progress.
func (ls *lessonScreen) leave() {
	ls.closeController()
	ls.c = nil
	if ls.u.learn.shown == ls {
		ls.u.learn.shown = nil
	}
}

// sentenceEnd ends a message with a full stop.
func sentenceEnd(s string) string {
	if s != "" && !strings.HasSuffix(s, ".") {
		s += "."
	}
	return s
}

// scriptedReply is the lesson's opponent: it answers the step's reply
// (asked only when the step has one).
type scriptedReply struct{ move string }

func (r scriptedReply) BestMove(context.Context, core.Position, core.AIRequest) (core.AIResult, error) {
	return core.AIResult{Move: r.move}, nil
}

// debugLesson opens the lesson step named by JUMPERS_LESSON ("ataxx:2",
// steps from 1; "ataxx" where left) and taps JUMPERS_TAP's squares on
// its board (screenshots of a step after its move).
func (u *UI) debugLesson(spec, taps string) {
	game, stepText, _ := strings.Cut(spec, ":")
	if game == "" {
		game = "cube"
	}
	step := -1
	if n, err := strconv.Atoi(stepText); err == nil {
		step = n - 1
	}
	ls := u.lesson(game, step)
	if ls == nil {
		return
	}
	for _, sq := range strings.Fields(taps) {
		ls.b.TapSquare(sq)
	}
}

// --- layout ---

// lessonLayout puts the step's words above the board and what the last
// tap did under it, the buttons at the bottom (portrait); in landscape
// the board is on the left, the words and buttons beside it. Room for
// the longest message of the step is kept under the board, so the board
// does not move when the message changes.
type lessonLayout struct {
	text, area, msg, buttons fyne.CanvasObject
	board                    board.Fitter // the board in its coordinates' frame
	aspect                   float32      // the board's width over its height
	reserve                  []string
}

const lessonPad = gamePad

// heightAt is o's height at width w (a wrapped label knows it only once
// resized to that width).
func heightAt(o fyne.CanvasObject, w float32) float32 {
	o.Resize(fyne.NewSize(w, o.Size().Height))
	return o.MinSize().Height
}

// msgHeight is the room the message line needs at width w: the longest
// of the step's messages, or the one shown.
func (l *lessonLayout) msgHeight(w float32) float32 {
	probe := widget.NewLabel("")
	probe.Wrapping = fyne.TextWrapWord
	h := heightAt(l.msg, w)
	for _, t := range l.reserve {
		probe.SetText(t)
		h = max(h, heightAt(probe, w))
	}
	return h
}

// fit is the board's box inside w×h, in the board's own aspect: the
// Chinese Checkers star would turn in a wide box (as the game's does in
// landscape), and the sentences say "the top point".
func (l *lessonLayout) fit(w, h float32) (float32, float32) {
	if l.board == nil || l.aspect <= 0 {
		return min(w, h), min(w, h)
	}
	if w/l.aspect > h {
		w = h * l.aspect
	} else {
		h = w / l.aspect
	}
	return l.board.Fit(w, h)
}

func (l *lessonLayout) Layout(_ []fyne.CanvasObject, sz fyne.Size) {
	const p = lessonPad
	bh := l.buttons.MinSize().Height
	if kit.Landscape(sz) {
		// the board as high as the window, unless the words need more
		// of its width
		side := min(sz.Height-2*p, sz.Width*0.55)
		for {
			w := sz.Width - side - 3*p
			need := heightAt(l.text, w) + l.msgHeight(w) + bh + 2*p
			if need <= sz.Height || side <= 120 {
				break
			}
			side -= 8
		}
		bw, bhh := l.fit(side, sz.Height-2*p)
		place(l.area, p, (sz.Height-bhh)/2, bw, bhh)
		x := bw + 2*p
		w := max(0, sz.Width-x-p)
		th := heightAt(l.text, w)
		place(l.text, x, p/2, w, th)
		place(l.msg, x, p/2+th, w, l.msgHeight(w))
		place(l.buttons, x, sz.Height-p/2-bh, w, bh)
		return
	}
	w := max(0, sz.Width-2*p)
	cw := min(w, maxControlsWidth)
	th := heightAt(l.text, w)
	place(l.text, p, p/2, w, th)
	mh := l.msgHeight(w)
	bw, bhh := l.fit(w, max(0, sz.Height-th-mh-bh-2*p))
	place(l.area, (sz.Width-bw)/2, p/2+th, bw, bhh)
	place(l.msg, p, p/2+th+bhh, w, mh)
	place(l.buttons, (sz.Width-cw)/2, sz.Height-p/2-bh, cw, bh)
}

// MinSize is what a phone's window has at least, either way round.
func (l *lessonLayout) MinSize([]fyne.CanvasObject) fyne.Size {
	return fyne.NewSize(max(240, l.buttons.MinSize().Width), 240)
}

// --- the squares to tap ---

// squareMarks rings the squares a step asks the player to look at, laid
// over the board (which says where its squares are: Board.SquareBox).
// It takes no taps: they reach the board under it.
type squareMarks struct {
	widget.BaseWidget
	b     board.Board
	names []string
	rings []*canvas.Circle
}

func newSquareMarks() *squareMarks {
	m := &squareMarks{}
	m.ExtendBaseWidget(m)
	return m
}

// set marks names (none: nil).
func (m *squareMarks) set(names []string) {
	m.names = names
	m.Refresh()
}

// Marked are the squares ringed (tests).
func (m *squareMarks) Marked() []string { return m.names }

func (m *squareMarks) CreateRenderer() fyne.WidgetRenderer { return &marksRenderer{m: m} }

type marksRenderer struct {
	m     *squareMarks
	rings []fyne.CanvasObject
}

func (r *marksRenderer) Destroy()                     {}
func (r *marksRenderer) MinSize() fyne.Size           { return fyne.Size{} }
func (r *marksRenderer) Objects() []fyne.CanvasObject { return r.rings }
func (r *marksRenderer) Layout(fyne.Size)             { r.place() }
func (r *marksRenderer) Refresh()                     { r.place() }

// place rings each square marked, in a colour no player has (the
// hint's), thick enough to see on any square.
func (r *marksRenderer) place() {
	m := r.m
	var out []fyne.CanvasObject
	if m.b != nil {
		s := m.b.Shared().Settings()
		ring := board.HintColour([]color.NRGBA{kit.PlayerColour(s, 0), kit.PlayerColour(s, 1)})
		for k, name := range m.names {
			centre, rad, ok := m.b.SquareBox(name)
			if !ok || rad <= 0 {
				continue
			}
			for len(m.rings) <= k {
				m.rings = append(m.rings, canvas.NewCircle(color.Transparent))
			}
			c := m.rings[k]
			c.FillColor = color.Transparent
			c.StrokeColor = ring
			c.StrokeWidth = max(2.5, rad*0.16)
			rr := rad * 0.98
			c.Move(fyne.NewPos(centre.X-rr, centre.Y-rr))
			c.Resize(fyne.NewSize(2*rr, 2*rr))
			c.Show()
			c.Refresh()
			out = append(out, c)
		}
	}
	r.rings = out
}
