package ui

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/mobile"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/jumpers-game/jumpers/app"
	"github.com/jumpers-game/jumpers/core/ataxx"
	"github.com/jumpers-game/jumpers/core/lesson"
	"github.com/jumpers-game/jumpers/storage"
	"github.com/jumpers-game/jumpers/ui/board"
	"github.com/jumpers-game/jumpers/ui/internal/uitest"
	"github.com/jumpers-game/jumpers/ui/kit"
)

var holeName = regexp.MustCompile(`[a-q][0-9]+`)

// lessonTaps are the squares a finger taps to play move on the lesson's
// board: the square (cube), the piece then its target (Ataxx, Chinese
// Checkers); an Ataxx clone names only its target, so the piece is one
// of the mover's next to it.
func lessonTaps(t *testing.T, ls *lessonScreen, move string) []string {
	t.Helper()
	switch ls.les.Game {
	case "cube":
		return []string{move}
	case "chinesecheckers":
		return holeName.FindAllString(move, -1)
	case "ataxx":
		if len(move) == 4 {
			return []string{move[:2], move[2:]}
		}
		p, err := ataxx.Concrete(ls.c.Position())
		if err != nil {
			t.Fatal(err)
		}
		to, err := ataxx.ParseSquare(move)
		if err != nil {
			t.Fatal(err)
		}
		for sq := range ataxx.Squares {
			if clones, _ := p.Targets(sq); clones&(1<<uint(to)) != 0 && (p.At(sq) == ataxx.BlackPiece) == (p.ToMove() == ataxx.Black) && p.At(sq) != ataxx.Empty {
				return []string{ataxx.SquareName(sq), move}
			}
		}
		t.Fatalf("no piece clones to %s", move)
	}
	t.Fatalf("no taps known for %s", ls.les.Game)
	return nil
}

// tapLesson taps the named squares of the lesson's board at their centres,
// where the board says they are drawn.
func tapLesson(t *testing.T, ls *lessonScreen, squares ...string) {
	t.Helper()
	for _, sq := range squares {
		at, _, ok := ls.b.SquareBox(sq)
		if !ok {
			t.Fatalf("the board has no square %s", sq)
		}
		test.TapAt(ls.b, at)
	}
}

// lessonHarness is a harness whose lessons' progress is written before
// its storage goes away.
func lessonHarness(t *testing.T, root string) *harness {
	h := newHarness(t, root)
	t.Cleanup(h.u.env.Lessons.Flush)
	return h
}

// settle runs what the lesson's controller posted (the scripted reply)
// until it waits for the player.
func (h *harness) settle(ls *lessonScreen) {
	h.t.Helper()
	for n := 0; ls.busy(); n++ {
		if n > 50 {
			h.t.Fatalf("the lesson stays busy (%v)", ls.c.State())
		}
		h.q.RunOne(h.t)
	}
}

// taughtMove is a move step i teaches.
func taughtMove(t *testing.T, l lesson.Lesson, i int) string {
	t.Helper()
	st := l.Steps[i]
	if st.Accept == lesson.Listed {
		return st.Moves[0]
	}
	chk, err := l.Start(i)
	if err != nil {
		t.Fatal(err)
	}
	return chk.Accepted()[0]
}

func coloured(h *harness, c0, c1 string) {
	st := h.u.env.Settings()
	st.SetColour(0, c0)
	st.SetColour(1, c1)
	h.u.env.SetSettings(st)
}

// TestEveryLessonStepPlaysThroughTheScreen: every step of every lesson,
// played by taps on the lesson screen's board, is accepted, played on the
// board (with its scripted reply; the Ataxx pass by its button), says
// what happened in the colours chosen, is kept as done, and offers Next
// (the last step: a game or Home).
func TestEveryLessonStepPlaysThroughTheScreen(t *testing.T) {
	sizes := []fyne.Size{{Width: 360, Height: 740}, {Width: 740, Height: 360}}
	if testing.Short() {
		sizes = sizes[:1] // the race run: landscape is in the targets walk
	}
	for _, sz := range sizes {
		h := lessonHarness(t, "")
		h.w.Resize(sz)
		coloured(h, "Orange", "Sky blue")
		for _, l := range lesson.All() {
			ls := h.u.lesson(l.Game, 0)
			if ls == nil || h.u.Screen() != "lesson" {
				t.Fatalf("%s: no lesson screen", l.ID)
			}
			for i, st := range l.Steps {
				where := fmt.Sprint(sz) + " " + l.ID + "/" + st.ID
				if ls.i != i {
					t.Fatalf("%s: step %d shown", where, ls.i+1)
				}
				if got := ls.marks.Marked(); strings.Join(got, " ") != strings.Join(st.Highlight, " ") {
					t.Errorf("%s: marks %v, want %v", where, got, st.Highlight)
				}
				// each ring drawn round its square, where the board draws it
				rings := test.WidgetRenderer(ls.marks).Objects()
				if len(rings) != len(st.Highlight) {
					t.Errorf("%s: %d rings for %d squares", where, len(rings), len(st.Highlight))
				}
				for k, o := range rings {
					if k >= len(st.Highlight) {
						break
					}
					at, rad, _ := ls.b.SquareBox(st.Highlight[k])
					c := o.Position().Add(fyne.NewPos(o.Size().Width/2, o.Size().Height/2))
					if !o.Visible() || !uitest.Near(c.X, at.X) || !uitest.Near(c.Y, at.Y) || o.Size().Width < rad {
						t.Errorf("%s: the ring of %s is at %v (%v), the square at %v", where, st.Highlight[k], c, o.Size(), at)
					}
				}
				if !strings.Contains(ls.step.Text, "of") || ls.say.Text != app.NamePlayersIn(h.u.env.Settings(), ls.game, st.Say) {
					t.Errorf("%s: says %q %q", where, ls.step.Text, ls.say.Text)
				}
				move := taughtMove(t, l, i)
				tapLesson(t, ls, lessonTaps(t, ls, move)...)
				if !ls.verdict.Done {
					t.Fatalf("%s: the taps of %s were not accepted: %q", where, move, ls.msg.Text)
				}
				h.settle(ls)
				if st.Reply == app.PassMove {
					if !ls.pass.Visible() || ls.next.Visible() {
						t.Fatalf("%s: no pass button before the pass", where)
					}
					if !strings.Contains(ls.pass.Text, "Sky blue") {
						t.Errorf("%s: pass button %q", where, ls.pass.Text)
					}
					test.Tap(ls.pass)
					h.settle(ls)
				}
				want := ls.verdict.After
				if st.Reply != "" {
					want = ls.verdict.AfterReply
				}
				if got := ls.c.Position().String(); got != want.String() {
					t.Errorf("%s: the board shows %s, want %s", where, got, want)
				}
				if !strings.Contains(ls.msg.Text, app.NamePlayersIn(h.u.env.Settings(), ls.game, st.Done)) ||
					(st.ReplySay != "" && !strings.Contains(ls.msg.Text, app.NamePlayersIn(h.u.env.Settings(), ls.game, st.ReplySay))) {
					t.Errorf("%s: says %q after the move", where, ls.msg.Text)
				}
				if !h.u.env.Lessons.Done(l, i) {
					t.Errorf("%s: not kept as done", where)
				}
				uitest.CheckLabelsFit(t, where, h.w.Canvas().Content())
				if i < len(l.Steps)-1 {
					if !ls.next.Visible() {
						t.Fatalf("%s: no Next", where)
					}
					test.Tap(ls.next)
					continue
				}
				if ls.next.Visible() || !uitest.FindButton(h.w.Canvas().Content(), "Play a game").Visible() ||
					uitest.FindButton(h.w.Canvas().Content(), "Back to Home") == nil {
					t.Fatalf("%s: the last step does not end with Play a game / Back to Home", where)
				}
			}
			if l.Game == "cube" {
				test.Tap(uitest.FindButton(h.w.Canvas().Content(), "Play a game"))
				if h.u.Screen() != "new" || len(h.u.stack) != 2 {
					t.Fatalf("Play a game: screen %q, %d deep", h.u.Screen(), len(h.u.stack))
				}
			} else {
				test.Tap(uitest.FindButton(h.w.Canvas().Content(), "Back to Home"))
			}
			h.u.home()
			if done, n := h.u.env.Lessons.Count(l); done != n {
				t.Errorf("%s: %d of %d steps done", l.ID, done, n)
			}
		}
	}
}

// TestWrongLessonTapsSayWhyAndChangeNothing: a legal move the step does
// not teach gets its nudge, a move the rules refuse their reason (the
// players named by the chosen colours), a piece that may not be picked
// up why; the board, the step and the progress stay as they were.
func TestWrongLessonTapsSayWhyAndChangeNothing(t *testing.T) {
	h := lessonHarness(t, "")
	coloured(h, "Orange", "Yellow")
	cubeL, _ := lesson.For("cube")
	ls := h.u.lesson("cube", 1) // explode: add a spot to the full corner
	before := ls.c.Position().String()
	check := func(what, want string) {
		t.Helper()
		if !strings.Contains(ls.msg.Text, want) {
			t.Errorf("%s: says %q, want %q", what, ls.msg.Text, want)
		}
		if ls.c.Position().String() != before || ls.verdict.Done || ls.next.Visible() || h.u.env.Lessons.Done(cubeL, 1) {
			t.Errorf("%s changed something: %s", what, ls.c.Position())
		}
		if ls.msg.Importance != widget.WarningImportance {
			t.Errorf("%s: not shown as a warning", what)
		}
	}
	tapLesson(t, ls, "2:2")
	check("a move not taught", "this step is about explosions")
	tapLesson(t, ls, "3:3")
	check("Blue's square", "Square 3:3 belongs to Yellow.")
	if strings.Contains(ls.msg.Text+ls.say.Text, "Blue") || strings.Contains(ls.msg.Text+ls.say.Text, "Red") {
		t.Errorf("the game's own names: %q %q", ls.say.Text, ls.msg.Text)
	}

	// once the step is done, a stray tap leaves the board and what the
	// move did on show
	tapLesson(t, ls, "1:1")
	done, after := ls.msg.Text, ls.c.Position().String()
	tapLesson(t, ls, "2:2")
	if ls.msg.Text != done || ls.c.Position().String() != after || !ls.next.Visible() {
		t.Errorf("a tap after the step: %q, %s", ls.msg.Text, ls.c.Position())
	}

	ataxxL, _ := lesson.For("ataxx")
	ls = h.u.lesson("ataxx", 2) // capture: clone to d3
	before = ls.c.Position().String()
	tapLesson(t, ls, "c2", "c3")
	if !strings.Contains(ls.msg.Text, "clone to d3") || ls.c.Position().String() != before || h.u.env.Lessons.Done(ataxxL, 2) {
		t.Errorf("ataxx nudge: %q", ls.msg.Text)
	}
	tapLesson(t, ls, "d4")
	if ls.msg.Text == "" || ls.c.Position().String() != before {
		t.Errorf("ataxx: a white piece picked up: %q", ls.msg.Text)
	}
	if strings.Contains(ls.msg.Text, "White") {
		t.Errorf("ataxx: %q names White", ls.msg.Text)
	}
}

// TestLessonMoveAnimatesUnlessReducedMotion: the taught move is played
// with the board's own animation (the cube's cascade), and Next waits for
// it; with reduced motion the move is shown at once.
func TestLessonMoveAnimatesUnlessReducedMotion(t *testing.T) {
	for _, motion := range []bool{true, false} {
		old := board.AnimationsOn
		board.AnimationsOn = func() bool { return motion }
		h := lessonHarness(t, "")
		st := h.u.env.Settings()
		st.Animation = app.AnimHighlight
		h.u.env.SetSettings(st)
		ls := h.u.lesson("cube", 2) // chain: three explosions
		tapLesson(t, ls, "1:1")
		if got := ls.c.State() == app.Animating; got != motion {
			t.Errorf("motion %v: animating %v", motion, got)
		}
		if motion {
			if ls.next.Visible() {
				t.Error("Next before the cascade ended")
			}
			ls.c.Press() // to the end of the cascade
		}
		if !ls.next.Visible() || !strings.Contains(ls.msg.Text, "three explosions") {
			t.Errorf("motion %v: after the cascade: next %v, %q", motion, ls.next.Visible(), ls.msg.Text)
		}
		board.AnimationsOn = old
	}
}

// TestLessonProgressSurvivesARestart: steps finished through the screen
// are kept: after a restart on the same storage the lesson opens at the
// first step not done, and its Home card says how far the player got.
func TestLessonProgressSurvivesARestart(t *testing.T) {
	h := lessonHarness(t, "")
	l, _ := lesson.For("ataxx")
	ls := h.u.lesson("ataxx", 0)
	for i := range 2 {
		tapLesson(t, ls, lessonTaps(t, ls, taughtMove(t, l, i))...)
		h.settle(ls)
		test.Tap(ls.next)
	}
	h.u.goBack(fyne.KeyEscape)
	h.u.env.SaveNow()

	h2 := lessonHarness(t, h.root)
	card := shownCard(h2, l.Title)
	if card == nil || card.Subtitle != "2 of 5 steps" {
		t.Fatalf("Home's card after a restart: %+v", card)
	}
	test.Tap(card)
	if h2.u.Screen() != "lesson" {
		t.Fatalf("the card opened %q", h2.u.Screen())
	}
	ls2 := h2.u.stackLesson(t)
	if ls2.i != 2 {
		t.Fatalf("resumed at step %d, want 3", ls2.i+1)
	}
}

// stackLesson is the lesson screen on show.
func (u *UI) stackLesson(t *testing.T) *lessonScreen {
	t.Helper()
	ls := u.learn.shown
	if ls == nil || u.Screen() != "lesson" {
		t.Fatalf("no lesson on show (%q)", u.Screen())
	}
	return ls
}

// welcome is the first start's line on Home, nil when not shown.
func welcome(h *harness) *widget.Label {
	return uitest.First(h.w.Canvas().Content(), func(l *widget.Label) bool {
		return strings.HasPrefix(l.Text, "New here?") && l.Visible() && visibleUp(h, l)
	})
}

// visibleUp: o and every container above it on Home are shown.
func visibleUp(h *harness, o fyne.CanvasObject) bool {
	shown := false
	var walk func(x fyne.CanvasObject) bool
	walk = func(x fyne.CanvasObject) bool {
		if !x.Visible() {
			return false
		}
		if x == o {
			shown = true
			return true
		}
		for _, k := range children(x) {
			if walk(k) {
				return true
			}
		}
		return false
	}
	walk(h.w.Canvas().Content())
	return shown
}

func children(x fyne.CanvasObject) []fyne.CanvasObject {
	switch c := x.(type) {
	case *fyne.Container:
		return c.Objects
	case fyne.Widget:
		if r := test.WidgetRenderer(c); r != nil {
			return r.Objects()
		}
	}
	return nil
}

// TestFirstStartOffersTheLessons: on empty storage Home opens with the
// lessons, first, with a welcome; Skip hides the welcome for good (kept
// across a restart), the cards stay; a player with a saved game, or a
// lesson begun, gets no welcome.
func TestFirstStartOffersTheLessons(t *testing.T) {
	h := lessonHarness(t, "")
	w := welcome(h)
	if w == nil {
		t.Fatal("no welcome on a first start")
	}
	// first on Home: above the games' cards
	if y, games := abs(w).Y, uitest.FindCard(h.w.Canvas().Content(), "Jumping Cube"); games == nil || y > abs(games).Y {
		t.Fatalf("the welcome is not above the games")
	}
	skip := uitest.FindButton(h.w.Canvas().Content(), "Skip")
	if skip == nil {
		t.Fatal("no Skip")
	}
	test.Tap(skip)
	if welcome(h) != nil {
		t.Fatal("the welcome stays after Skip")
	}
	if c := shownCard(h, "Learn Ataxx"); c == nil {
		t.Fatal("Skip took the lessons off Home")
	}
	h.u.env.SaveNow()
	if welcome(lessonHarness(t, h.root)) != nil {
		t.Fatal("Skip was not kept across a restart")
	}

	// a saved game, finished (not among Home's unfinished ones) or not:
	// no newcomer
	for _, finished := range []bool{true, false} {
		h3 := lessonHarness(t, "")
		if finished {
			h3.finishGame(storage.Human, storage.Human)
		} else {
			h3.tapSquare(h3.startGame(3, storage.Human, storage.Human), 1, 1)
		}
		h3.u.home()
		h3.u.env.SaveNow()
		if welcome(lessonHarness(t, h3.root)) != nil {
			t.Fatalf("welcome with a saved game (finished %v)", finished)
		}
	}
	// a lesson begun, on a store without games: no welcome either
	h4 := lessonHarness(t, "")
	l, _ := lesson.For("cube")
	if err := h4.u.env.Lessons.Finish(l, 0); err != nil {
		t.Fatal(err)
	}
	h4.u.home()
	if welcome(h4) != nil {
		t.Fatal("welcome with a lesson begun")
	}
	if c := shownCard(h4, l.Title); c == nil || c.Subtitle != "1 of 6 steps" {
		t.Fatalf("card %+v", c)
	}
}

// shownCard is the card titled title that Home shows (nil: none).
func shownCard(h *harness, title string) *kit.Card {
	return uitest.First(h.w.Canvas().Content(), func(c *kit.Card) bool { return c.Title == title && visibleUp(h, c) })
}

func abs(o fyne.CanvasObject) fyne.Position {
	return fyne.CurrentApp().Driver().AbsolutePositionForObject(o)
}

// TestRulesOpenTheLesson: each game's Rules page opens its lesson, and
// Back comes back to the rules.
func TestRulesOpenTheLesson(t *testing.T) {
	h := lessonHarness(t, "")
	for _, l := range lesson.All() {
		h.u.rules(l.Game)
		b := uitest.FindButton(h.w.Canvas().Content(), "Try it: lesson")
		if b == nil {
			t.Fatalf("%s: no lesson button on the rules", l.Game)
		}
		test.Tap(b)
		ls := h.u.stackLesson(t)
		if ls.les.ID != l.ID {
			t.Fatalf("the %s rules opened the %s lesson", l.Game, ls.les.ID)
		}
		h.u.goBack(fyne.KeyEscape)
		if h.u.Screen() != "rules" {
			t.Fatalf("Back from the lesson: %q", h.u.Screen())
		}
		h.u.home()
	}
}

// TestBackLeavesALessonCleanly: Back (Escape, Android's key) in the middle
// of a step, the reply still being found, leaves to the screen below;
// the step's controller is closed, its late answer dropped, the game
// store untouched.
func TestBackLeavesALessonCleanly(t *testing.T) {
	for _, key := range []fyne.KeyName{fyne.KeyEscape, mobile.KeyBack} {
		h := lessonHarness(t, "")
		ls := h.u.lesson("cube", 5) // corners: Blue replies
		tapLesson(t, ls, "1:1")
		c := ls.c
		if c.State() != app.Thinking {
			t.Fatalf("the reply is not being found: %v", c.State())
		}
		h.escape(key)
		if h.u.Screen() != "home" || len(h.u.stack) != 1 {
			t.Fatalf("%s: screen %q, %d deep", key, h.u.Screen(), len(h.u.stack))
		}
		h.q.RunOne(t) // the reply's late answer
		if c.History().Cursor() != 1 {
			t.Errorf("%s: the reply was played after leaving", key)
		}
		if why := c.Tap("2:2"); why != app.ErrClosed.Error() {
			t.Errorf("%s: the lesson's controller is still open (%q)", key, why)
		}
		if games, _ := h.u.env.Store.List(); len(games) != 0 {
			t.Errorf("%s: a lesson left %d saved games", key, len(games))
		}
	}
}

// TestLessonDebugScreen: JUMPERS_SCREEN=lesson opens the step
// JUMPERS_LESSON names and plays JUMPERS_TAP's squares on it.
func TestLessonDebugScreen(t *testing.T) {
	h := lessonHarness(t, "")
	h.u.env.Debug = app.Debug{Screen: "lesson", Lesson: "ataxx:3", Tap: "c2 d3"}
	h.u.startScreen()
	ls := h.u.stackLesson(t)
	h.settle(ls)
	if ls.i != 2 || !ls.verdict.Done || !ls.next.Visible() {
		t.Fatalf("step %d done %v", ls.i+1, ls.verdict.Done)
	}
}

// visitLessons shows each game's lesson in its states for visit (the
// walk over every screen): a step before its move, after it (Next), the
// Ataxx pass waiting for its button, the last step's end.
func visitLessons(t *testing.T, h *harness, visit func(where string)) {
	t.Helper()
	for _, l := range lesson.All() {
		for _, i := range []int{0, len(l.Steps) - 1} {
			ls := h.u.lesson(l.Game, i)
			where := fmt.Sprintf("lesson %s step %d", l.ID, i+1)
			visit(where)
			tapLesson(t, ls, lessonTaps(t, ls, taughtMove(t, l, i))...)
			h.settle(ls)
			visit(where + " after its move")
			h.u.back()
		}
		for i, st := range l.Steps {
			if st.Reply == app.PassMove {
				ls := h.u.lesson(l.Game, i)
				tapLesson(t, ls, lessonTaps(t, ls, taughtMove(t, l, i))...)
				h.settle(ls)
				visit(fmt.Sprintf("lesson %s step %d waiting for the pass", l.ID, i+1))
				h.u.back()
			}
		}
	}
	h.u.env.Lessons.Flush()
}
