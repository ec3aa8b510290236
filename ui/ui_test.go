package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/jumpers-game/jumpers/app"
	"github.com/jumpers-game/jumpers/app/apptest"
	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/cube"
	"github.com/jumpers-game/jumpers/storage"
	"github.com/jumpers-game/jumpers/ui/board"
	"github.com/jumpers-game/jumpers/ui/board/cubeboard"
	"github.com/jumpers-game/jumpers/ui/internal/uitest"
	"github.com/jumpers-game/jumpers/ui/kit"
)

type harness struct {
	t    *testing.T
	a    fyne.App
	w    fyne.Window
	u    *UI
	q    *apptest.Queue
	ai   *apptest.FakeAI
	root string
}

// newHarness makes the UI in a phone-sized test window over a temp
// storage root (root "" = a new temp dir).
func newHarness(t *testing.T, root string) *harness {
	t.Helper()
	e := uitest.NewEnv(t, root)
	h := &harness{t: t, a: e.App, q: e.Q, ai: e.AI, root: e.Root}
	h.w = test.NewTempWindow(t, nil)
	h.w.Resize(fyne.NewSize(360, 720))
	h.u = New(e.Env, h.w)
	return h
}

// startGame starts a cube game of size n from the new game screen.
func (h *harness) startGame(n int, seats ...string) *gameScreen {
	h.t.Helper()
	f := h.u.newGame("cube")
	f.setup.(*cubeboard.Setup).Slider.SetValue(float64(n))
	for i, s := range seats {
		f.seats[i].Kind = s
		f.seats[i].Level = core.Beginner
	}
	f.rebuildSeats()
	f.seed.SetText("42")
	test.Tap(f.start)
	if h.u.Screen() != "game" || h.u.game == nil {
		h.t.Fatalf("screen %q after Start", h.u.Screen())
	}
	return h.u.game
}

// tapSquare taps the board at the centre of square r:c (1-based).
func (h *harness) tapSquare(gs *gameScreen, r, c int) {
	h.t.Helper()
	b := gs.board.(*cubeboard.Board)
	n := b.View.Board.Size()
	g := board.GeomFor(b.Size(), n)
	test.TapAt(b, fyne.NewPos(g.OX+(float32(c)-0.5)*g.Cell, g.OY+(float32(r)-0.5)*g.Cell))
}

func pos(gs *gameScreen) string { return gs.c.Position().String() }

func TestTapPlaysTheMove(t *testing.T) {
	h := newHarness(t, "")
	gs := h.startGame(3, storage.Human, storage.Human)
	// A DoubleTappable board would delay every tap on a phone by 500 ms.
	if _, ok := gs.board.(fyne.DoubleTappable); ok {
		t.Fatal("the board must not be DoubleTappable")
	}
	if b := gs.board.Size(); b.Width < 200 {
		t.Fatalf("board is %v on a phone", b)
	}
	h.tapSquare(gs, 2, 3)
	if got, want := pos(gs), "1-1-1-/1-1-2r/1-1-1- b"; got != want {
		t.Fatalf("after a tap on 2:3: %s, want %s", got, want)
	}
	if gs.c.LastMove() != "2:3" {
		t.Fatalf("last move %q", gs.c.LastMove())
	}
	// Blue may not take Red's square: nothing happens but a word why.
	h.tapSquare(gs, 2, 3)
	if pos(gs) != "1-1-1-/1-1-2r/1-1-1- b" {
		t.Fatal("an illegal tap changed the board")
	}
	if !strings.Contains(gs.notice.Text, "Square 2:3 belongs to Vermillion") {
		t.Fatalf("notice %q", gs.notice.Text)
	}
	// A slow tap on a phone arrives as a secondary tap: it plays too.
	b := gs.board.(*cubeboard.Board)
	g := board.GeomFor(b.Size(), 3)
	test.TapSecondaryAt(b, fyne.NewPos(g.OX+g.Cell/2, g.OY+g.Cell/2))
	if gs.c.LastMove() != "1:1" {
		t.Fatalf("secondary tap: last move %q", gs.c.LastMove())
	}
	if !strings.Contains(gs.turn.Text, "Vermillion to move") || !strings.Contains(gs.stopGo.Label, "Vermillion's turn") {
		t.Fatalf("status %q button %q", gs.turn.Text, gs.stopGo.Label)
	}
}

func TestUndoRedoAgainstComputer(t *testing.T) {
	h := newHarness(t, "")
	gs := h.startGame(4, storage.Human, storage.Computer)
	h.tapSquare(gs, 1, 1)
	if gs.c.State() != app.Thinking || !strings.Contains(gs.turn.Text, "thinking") {
		t.Fatalf("state %v status %q", gs.c.State(), gs.turn.Text)
	}
	if gs.stopGo.Kind != int(app.ButtonStop) || gs.stopGo.Label != "Stop" {
		t.Fatalf("button %d %q", gs.stopGo.Kind, gs.stopGo.Label)
	}
	// A tap while the computer thinks only says why nothing happens.
	h.tapSquare(gs, 3, 3)
	if !strings.Contains(gs.notice.Text, "thinking") {
		t.Fatalf("notice %q", gs.notice.Text)
	}
	h.ai.Next(t).Answer <- "4:4"
	h.q.RunOne(t)
	h.tapSquare(gs, 1, 2)
	h.ai.Next(t).Answer <- "4:3"
	h.q.RunOne(t)
	after2 := pos(gs)
	if gs.c.History().Cursor() != 4 {
		t.Fatalf("cursor %d", gs.c.History().Cursor())
	}
	test.Tap(gs.undoB)
	if gs.c.History().Cursor() != 2 || gs.c.State() != app.Human {
		t.Fatalf("undo: cursor %d state %v", gs.c.History().Cursor(), gs.c.State())
	}
	test.Tap(gs.undoB)
	if gs.c.History().Cursor() != 0 || !gs.undoB.Disabled() {
		t.Fatalf("undo to start: cursor %d", gs.c.History().Cursor())
	}
	test.Tap(gs.redoB)
	test.Tap(gs.redoB)
	if pos(gs) != after2 || !gs.redoB.Disabled() {
		t.Fatalf("redo: %s, want %s", pos(gs), after2)
	}
	// Undo while thinking cancels the search first.
	test.Tap(gs.undoB)
	h.tapSquare(gs, 2, 2)
	call := h.ai.Next(t)
	test.Tap(gs.undoB)
	if call.Ctx.Err() == nil {
		t.Fatal("the search was not cancelled")
	}
	h.q.RunOne(t) // its late answer is dropped
	if gs.c.History().Cursor() != 2 || gs.c.State() != app.Human {
		t.Fatalf("after undo while thinking: cursor %d state %v", gs.c.History().Cursor(), gs.c.State())
	}
}

func TestHintMarksASquare(t *testing.T) {
	h := newHarness(t, "")
	gs := h.startGame(5, storage.Human, storage.Computer)
	test.Tap(gs.hintB)
	call := h.ai.Next(t)
	if call.Pos.ToMove() != 0 {
		t.Fatal("hint asked for the computer's side")
	}
	call.Answer <- "3:3"
	h.q.RunOne(t)
	if gs.c.History().Cursor() != 0 {
		t.Fatal("the hint was played")
	}
	b := gs.board.(*cubeboard.Board)
	if b.View.Hint != 12 {
		t.Fatalf("hint square %d, want 12", b.View.Hint)
	}
	r := test.TempWidgetRenderer(t, b).(*cubeboard.Renderer)
	if !r.HintMark.Visible() {
		t.Fatal("hint not drawn")
	}
	if !strings.Contains(gs.notice.Text, "3:3") {
		t.Fatalf("notice %q", gs.notice.Text)
	}
}

func TestStopDuringSearch(t *testing.T) {
	h := newHarness(t, "")
	gs := h.startGame(4, storage.Human, storage.Computer)
	h.tapSquare(gs, 1, 1)
	call := h.ai.Next(t)
	h.ai.SetBest("3:3")
	test.Tap(gs.stopGo)
	if call.Ctx.Err() == nil {
		t.Fatal("Stop did not cancel the search")
	}
	if gs.stopGo.Enabled || gs.stopGo.Label != "Stopping…" {
		t.Fatalf("button %q enabled %v", gs.stopGo.Label, gs.stopGo.Enabled)
	}
	h.q.RunOne(t)
	if gs.c.LastMove() != "3:3" || gs.c.State() != app.Human {
		t.Fatalf("after Stop: last %q state %v", gs.c.LastMove(), gs.c.State())
	}
}

func TestSaveLoadRoundTrip(t *testing.T) {
	h := newHarness(t, "")
	gs := h.startGame(4, storage.Human, storage.Computer)
	h.tapSquare(gs, 1, 1)
	h.ai.Next(t).Answer <- "4:4"
	h.q.RunOne(t)
	h.tapSquare(gs, 2, 2)
	h.ai.Next(t).Answer <- "4:3"
	h.q.RunOne(t)
	test.Tap(gs.undoB) // the redo branch must survive the round trip
	want := pos(gs)
	wantRec := gs.c.History().Record()

	h.u.putSave(gs.c.SaveID(), "My game")
	if gs.c.Name() != "My game" || gs.c.SaveID() == "" {
		t.Fatalf("not marked saved: %q %q", gs.c.Name(), gs.c.SaveID())
	}
	h.u.home()
	h.u.load()
	row := uitest.FindCard(h.w.Canvas().Content(), "My game")
	if row == nil {
		t.Fatal("saved game not listed")
	}
	if !strings.Contains(row.Subtitle, "Jumping Cube") || !strings.Contains(row.Subtitle, "Move 2") || !strings.Contains(row.Subtitle, "in progress") {
		t.Fatalf("row %q", row.Subtitle)
	}
	test.Tap(row)
	gs2 := h.u.game
	if gs2 == nil || gs2 == gs {
		t.Fatal("the saved game was not opened")
	}
	if pos(gs2) != want || !gs2.c.CanRedo() {
		t.Fatalf("loaded %s (redo %v), want %s", pos(gs2), gs2.c.CanRedo(), want)
	}
	if got := gs2.c.History().Record(); strings.Join(got.Moves, " ") != strings.Join(wantRec.Moves, " ") {
		t.Fatalf("moves %v, want %v", got.Moves, wantRec.Moves)
	}
	if gs2.c.State() != app.Human {
		t.Fatalf("state %v", gs2.c.State())
	}
}

func TestRenameAndDelete(t *testing.T) {
	h := newHarness(t, "")
	gs := h.startGame(3, storage.Human, storage.Human)
	h.tapSquare(gs, 1, 1)
	h.u.putSave(gs.c.SaveID(), "First")
	h.u.load()
	es, _ := h.u.env.Store.List()
	refilled := 0
	h.u.renameSave(es[0], func() { refilled++ })
	form := h.w.Canvas().Overlays().Top()
	var entry *dialogEntry
	uitest.Walk(form, func(o fyne.CanvasObject) bool {
		entry, _ = o.(*dialogEntry)
		return entry != nil
	})
	if entry == nil || entry.Text != "First" {
		t.Fatal("no name entry in the rename dialog")
	}
	entry.SetText("Renamed")
	test.Tap(uitest.FindButton(form, "Rename"))
	if refilled != 1 || gs.c.Name() != "Renamed" {
		t.Fatalf("rename: refilled %d, name %q", refilled, gs.c.Name())
	}
	h.u.back()
	h.u.load()
	if uitest.FindCard(h.w.Canvas().Content(), "Renamed") == nil {
		t.Fatal("renamed game not listed")
	}
	es, _ = h.u.env.Store.List()
	h.u.deleteSave(es[0], func() {})
	// The confirm dialog is on top: press its Delete button.
	ov := h.w.Canvas().Overlays().Top()
	if ov == nil {
		t.Fatal("no confirm dialog")
	}
	del := uitest.FindButton(ov, "Delete")
	if del == nil {
		t.Fatal("no Delete button")
	}
	test.Tap(del)
	if es, _ := h.u.env.Store.List(); len(es) != 0 {
		t.Fatalf("%d games left", len(es))
	}
}

func TestAutosaveAndContinue(t *testing.T) {
	root := t.TempDir()
	h := newHarness(t, root)
	gs := h.startGame(5, storage.Human, storage.Human)
	h.tapSquare(gs, 3, 3)
	h.tapSquare(gs, 1, 1)
	want := pos(gs)
	h.u.env.SaveNow() // what the lifecycle hook does when the app leaves

	// The app comes back: a new UI over the same storage.
	h2 := newHarness(t, root)
	c := uitest.FindCard(h2.w.Canvas().Content(), "Continue")
	if c == nil {
		t.Fatal("no Continue on the home screen")
	}
	if !strings.Contains(c.Subtitle, "Move 2") {
		t.Fatalf("continue says %q", c.Subtitle)
	}
	test.Tap(c)
	if h2.u.game == nil || pos(h2.u.game) != want {
		t.Fatalf("continued game differs")
	}
}

func TestFinishedGameIsNotOffered(t *testing.T) {
	root := t.TempDir()
	h := newHarness(t, root)
	gs := h.startGame(2, storage.Human, storage.Human)
	for _, m := range [][2]int{{1, 1}, {2, 2}, {1, 1}, {2, 2}} {
		h.tapSquare(gs, m[0], m[1])
	}
	if !gs.c.Position().Result().Over {
		t.Fatalf("game not over: %s", pos(gs))
	}
	if gs.c.State() != app.Over || !strings.Contains(gs.turn.Text, "Blue wins") {
		t.Fatalf("state %v status %q", gs.c.State(), gs.turn.Text)
	}
	h.u.env.SaveNow()
	h2 := newHarness(t, root)
	if uitest.FindCard(h2.w.Canvas().Content(), "Continue") != nil {
		t.Fatal("a finished game is offered to continue")
	}
}

func TestCorruptFileShowsMessage(t *testing.T) {
	root := t.TempDir()
	h := newHarness(t, root)
	bad := filepath.Join(root, "saves", "broken.json")
	if err := os.WriteFile(bad, []byte(`{"format":"jumpers-save","version":1,"game":"cube","start":"1-1-/1-1- r","moves":["1:1","9:9"]`), 0o644); err != nil {
		t.Fatal(err)
	}
	h.u.load()
	row := uitest.FindCard(h.w.Canvas().Content(), "broken")
	if row == nil {
		t.Fatal("damaged file not listed")
	}
	if !strings.HasPrefix(row.Subtitle, "Damaged:") {
		t.Fatalf("row %q", row.Subtitle)
	}
	test.Tap(row)
	if !strings.Contains(h.u.lastMessage, "cannot be opened") || h.w.Canvas().Overlays().Top() == nil {
		t.Fatalf("no message: %q", h.u.lastMessage)
	}
	if h.u.Screen() != "load" {
		t.Fatalf("screen %q", h.u.Screen())
	}
	// A tampered game (a move that does not replay) is refused with the move.
	tampered := filepath.Join(root, "tampered.json")
	sv := storage.NewSave(core.Record{Game: "cube", Start: "1-1-/1-1- r", Moves: []string{"1:1", "1:1"}}, 2, nil, time.Now())
	if err := storage.WriteFile(tampered, sv); err != nil {
		t.Fatal(err)
	}
	h.u.env.Debug.Open = tampered
	h.u.startScreen()
	if !strings.Contains(h.u.lastMessage, "move 2") {
		t.Fatalf("message %q", h.u.lastMessage)
	}
	data, _ := os.ReadFile(bad)
	if !strings.HasSuffix(string(data), `"9:9"]`) {
		t.Fatal("the damaged file was modified")
	}
}

func TestScreensAtPhoneAndTabletSizes(t *testing.T) {
	for _, sz := range []fyne.Size{{Width: 360, Height: 720}, {Width: 720, Height: 360}, {Width: 800, Height: 1280}} {
		h := newHarness(t, "")
		h.w.Resize(sz)
		gs := h.startGame(15, storage.Human, storage.Human)
		b := gs.board.Size()
		if b.Width != b.Height || b.Width < min(sz.Width, sz.Height)*0.6 {
			t.Errorf("%v: board %v", sz, b)
		}
		for _, btn := range []fyne.CanvasObject{gs.undoB, gs.redoB, gs.hintB, gs.stopGo} {
			if s := btn.Size(); s.Height < kit.TouchSize || s.Width < kit.TouchSize {
				t.Errorf("%v: a control is %v, under %d dp", sz, s, kit.TouchSize)
			}
		}
		// The board and the controls do not overlap.
		bp := fyne.CurrentApp().Driver().AbsolutePositionForObject(gs.board)
		cp := fyne.CurrentApp().Driver().AbsolutePositionForObject(gs.undoB)
		if kit.Landscape(sz) {
			if cp.X < bp.X+b.Width {
				t.Errorf("%v: controls overlap the board", sz)
			}
		} else if cp.Y < bp.Y+b.Height {
			t.Errorf("%v: controls overlap the board", sz)
		}
		h.u.settings()
		h.u.back()
		h.u.load()
		h.u.back()
		h.u.rules("cube")
		h.u.back()
		h.u.newGame("cube")
		h.u.about()
	}
}

func TestSettingsPersist(t *testing.T) {
	h := newHarness(t, "")
	st := h.u.env.Settings()
	st.SetColour(0, "Orange")
	st.SetColour(4, "Black")
	st.Neutral = "Sage"
	st.Animation = app.AnimScatter
	st.StepTime = 900 * time.Millisecond
	st.PauseStep = true
	st.HintLevel = core.Expert
	h.u.env.SetSettings(st)
	got := app.LoadSettings(h.a.Preferences())
	if got != st {
		t.Fatalf("reloaded %+v, want %+v", got, st)
	}
	h.u.settings()
	if h.u.Screen() != "settings" {
		t.Fatal("settings screen not shown")
	}
}

func TestCascadeAnimationEndsOnEnginePosition(t *testing.T) {
	h := newHarness(t, "")
	st := h.u.env.Settings()
	st.Animation = app.AnimScatter
	st.PauseStep = true // step through with Go
	st.StepTime = app.MinStepTime
	h.u.env.SetSettings(st)
	gs := h.startGame(2, storage.Human, storage.Human)
	// finish drives an animation to its end: Go at each pause, then the
	// step timer (real time) posts the next step.
	finish := func() {
		for i := 0; i < 20; i++ {
			switch gs.c.State() {
			case app.PausedStep:
				test.Tap(gs.stopGo)
			case app.Animating:
				h.q.RunOne(t)
			default:
				return
			}
		}
		t.Fatal("the animation does not end")
	}
	for _, m := range [][2]int{{1, 1}, {2, 2}, {1, 1}} {
		h.tapSquare(gs, m[0], m[1])
		finish()
	}
	before := gs.c.Position()
	want, _ := before.Play("2:2")
	h.tapSquare(gs, 2, 2) // Blue's corner overflows: a cascade that wins
	if gs.c.State() != app.PausedStep || gs.stopGo.Label != "Next step" {
		t.Fatalf("state %v button %q", gs.c.State(), gs.stopGo.Label)
	}
	b := gs.board.(*cubeboard.Board)
	if len(b.View.Explode) != 1 || b.View.Explode[0] != 3 {
		t.Fatalf("about to explode: %v", b.View.Explode)
	}
	if !strings.Contains(gs.turn.Text, "chain reaction") {
		t.Fatalf("status %q", gs.turn.Text)
	}
	finish()
	if gs.c.State() != app.Over || pos(gs) != want.String() {
		t.Fatalf("after the animation: %v %s, want %s", gs.c.State(), pos(gs), want)
	}
	if bb := b.View.Board.String(); bb != want.String() {
		t.Fatalf("board shows %s, want %s", bb, want)
	}
}

var _ = cube.ID

func TestKeyboard(t *testing.T) {
	h := newHarness(t, "")
	gs := h.startGame(3, storage.Human, storage.Computer)
	h.tapSquare(gs, 1, 1)
	call := h.ai.Next(t)
	h.ai.SetBest("3:3")
	h.w.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeySpace}) // Stop
	if call.Ctx.Err() == nil {
		t.Fatal("Space did not stop the search")
	}
	h.q.RunOne(t)
	sc := h.w.Canvas().(fyne.Shortcutable)
	sc.TypedShortcut(&fyne.ShortcutUndo{})
	if gs.c.History().Cursor() != 0 {
		t.Fatalf("Ctrl+Z: cursor %d", gs.c.History().Cursor())
	}
	sc.TypedShortcut(&fyne.ShortcutRedo{})
	if gs.c.History().Cursor() != 2 {
		t.Fatalf("Ctrl+Y: cursor %d", gs.c.History().Cursor())
	}
	h.w.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if h.u.Screen() != "home" {
		t.Fatalf("Escape: screen %q", h.u.Screen())
	}
}

func TestMenu(t *testing.T) {
	h := newHarness(t, "")
	gs := h.startGame(4, storage.Human, storage.Human)
	h.tapSquare(gs, 1, 1)
	test.Tap(gs.menuB)
	if gs.menu == nil || !gs.menu.Visible() {
		t.Fatal("menu not shown")
	}
	uitest.Walk(gs.menu, func(o fyne.CanvasObject) bool {
		if b, ok := o.(*widget.Button); ok && b.Size().Height < kit.TouchSize {
			t.Errorf("menu item %q is %v high", b.Text, b.Size().Height)
		}
		return false
	})
	test.Tap(uitest.FindButton(gs.menu, "Save as…"))
	if gs.menu.Visible() {
		t.Fatal("menu still shown")
	}
	form := h.w.Canvas().Overlays().Top()
	test.Tap(uitest.FindButton(form, "Save"))
	if gs.c.SaveID() == "" || !strings.HasPrefix(gs.c.Name(), "Jumping Cube ") {
		t.Fatalf("not saved: %q %q", gs.c.SaveID(), gs.c.Name())
	}
	test.Tap(gs.menuB)
	test.Tap(uitest.FindButton(gs.menu, "Rules"))
	if h.u.Screen() != "rules" {
		t.Fatalf("screen %q", h.u.Screen())
	}
}
