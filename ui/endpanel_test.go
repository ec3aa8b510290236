package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/jumpers-game/jumpers/app"
	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/ataxx"
	"github.com/jumpers-game/jumpers/storage"
	"github.com/jumpers-game/jumpers/ui/internal/uitest"
	"github.com/jumpers-game/jumpers/ui/kit"
)

// finishGame plays a 2×2 cube game to Blue's win.
func (h *harness) finishGame(seats ...string) *gameScreen {
	h.t.Helper()
	gs := h.startGame(2, seats...)
	for _, m := range [][2]int{{1, 1}, {2, 2}, {1, 1}, {2, 2}} {
		h.tapSquare(gs, m[0], m[1])
	}
	if gs.c.State() != app.Over {
		h.t.Fatalf("game not over: %s", pos(gs))
	}
	return gs
}

func TestEndPanelShowsTheResult(t *testing.T) {
	h := newHarness(t, "")
	gs := h.finishGame(storage.Human, storage.Human)
	p := gs.end
	if !p.obj.Visible() || gs.controls.Objects[0].Visible() {
		t.Fatal("the end panel does not replace the buttons")
	}
	if !strings.Contains(gs.turn.Text, "Blue wins") {
		t.Fatalf("status %q", gs.turn.Text)
	}
	// The players by the names the board shows (Vermillion, Blue), never
	// the game's own ("Red owns every square · Red 0, Blue 4").
	if d := p.detail.Text; !strings.Contains(d, "Vermillion 0") || !strings.Contains(d, "Blue 4") || !strings.Contains(d, "4 moves") || strings.Contains(d, "Red") {
		t.Fatalf("detail %q", d)
	}
	for _, b := range []string{"Play again", "New game", "Review", "Home", "Undo"} {
		if uitest.FindButton(p.obj, b) == nil {
			t.Fatalf("no %s button", b)
		}
	}
	uitest.Walk(p.obj, func(o fyne.CanvasObject) bool {
		if o.Visible() && o.Size().Height > 0 && o.Size().Height < kit.TouchSize && isTappable(o) {
			t.Errorf("%T is %.0f dp high", o, o.Size().Height)
		}
		return false
	})
	// Undo goes back into the game: the buttons return.
	test.Tap(p.undo)
	if p.obj.Visible() || !gs.controls.Objects[0].Visible() || gs.c.State() == app.Over {
		t.Fatal("Undo did not bring the game back")
	}
	test.Tap(gs.redoB)
	if !p.obj.Visible() {
		t.Fatal("Redo to the end: no panel")
	}
}

func TestEndPanelPlayAgain(t *testing.T) {
	h := newHarness(t, "")
	gs := h.finishGame(storage.Human, storage.Human)
	old := gs.c.SaveID()
	test.Tap(gs.end.again)
	gs2 := h.u.game
	if gs2 == nil || gs2 == gs || gs2.c.History().Cursor() != 0 || gs2.c.Position().String() != "1-1-/1-1- r" {
		t.Fatal("Play again did not start the same game afresh")
	}
	if gs2.c.SaveID() == old {
		t.Fatal("Play again reused the finished game's id")
	}
	if _, _, err := h.u.env.Store.Load(old); err != nil {
		t.Fatalf("the finished game is gone: %v", err)
	}

	// Swapped: you were Red against the computer, now you are Blue.
	h2 := newHarness(t, "")
	gs = h2.startGame(2, storage.Human, storage.Computer)
	h2.tapSquare(gs, 1, 1)
	for _, m := range []string{"2:2"} {
		h2.ai.Next(t).Answer <- m
		h2.q.RunOne(t)
	}
	h2.tapSquare(gs, 1, 1)
	h2.ai.Next(t).Answer <- "2:2"
	h2.q.RunOne(t)
	if gs.c.State() != app.Over {
		t.Fatalf("not over: %s", pos(gs))
	}
	gs.end.swap.SetChecked(true)
	test.Tap(gs.end.again)
	gs2 = h2.u.game
	if !gs2.c.IsComputer(0) || gs2.c.IsComputer(1) || gs2.c.State() != app.Thinking {
		t.Fatalf("sides not swapped: seats %+v state %v", gs2.c.Seats(), gs2.c.State())
	}
}

func TestEndPanelNewGameHomeReview(t *testing.T) {
	h := newHarness(t, "")
	gs := h.finishGame(storage.Human, storage.Human)
	test.Tap(gs.end.review)
	if h.u.Screen() != "review" || h.u.reviewing == nil {
		t.Fatalf("Review opened %q", h.u.Screen())
	}
	if rs := h.u.reviewing; len(rs.sv.Moves) != 4 || rs.sv.Game != "cube" {
		t.Fatalf("review got %+v", rs.sv)
	}
	h.u.back()
	test.Tap(gs.end.newGame)
	if h.u.Screen() != "new" {
		t.Fatalf("New game opened %q", h.u.Screen())
	}
	if got := findSetupSize(h); got != 2 {
		t.Fatalf("New game offers size %d, want this game's 2", got)
	}
	h.u.back()
	test.Tap(gs.end.home)
	if h.u.Screen() != "home" || h.u.game != nil {
		t.Fatalf("Home: screen %q", h.u.Screen())
	}
	es, _ := h.u.env.Store.List()
	if len(es) != 1 || !es[0].Over {
		t.Fatalf("the finished game is not listed: %+v", es)
	}
	if uitest.FindCard(h.w.Canvas().Content(), "Continue") != nil {
		t.Fatal("a finished game is offered to continue")
	}
}

// ☰ → New game keeps the options of the game on screen (it reset the
// board size to the default).
func TestMenuNewGameKeepsOptions(t *testing.T) {
	h := newHarness(t, "")
	gs := h.startGame(4, storage.Human, storage.Computer)
	test.Tap(gs.menuB)
	test.Tap(uitest.FindButton(gs.menu, "New game"))
	if got := findSetupSize(h); got != 4 {
		t.Fatalf("size %d, want 4", got)
	}
	h.u.back()
	f := h.u.newGameLike(gs.c)
	if f.seats[1].Kind != storage.Computer || f.seats[1].Level != core.Beginner {
		t.Fatalf("seats not kept: %+v", f.seats)
	}

	ax := h.startAtaxx("seed", "cross", storage.Human, storage.Human)
	f = h.u.newGameLike(ax.c)
	if o := f.setup.Options(); o.Text(core.OptRules) != "seed" || o.Text(core.OptLayout) != "cross" {
		t.Fatalf("Ataxx options %+v", o)
	}
}

// isTappable: something a finger taps.
func isTappable(o fyne.CanvasObject) bool {
	_, ok := o.(fyne.Tappable)
	return ok
}

// findSetupSize is the board size the new game screen on show offers.
func findSetupSize(h *harness) int {
	var sl *widget.Slider
	uitest.Walk(h.w.Canvas().Content(), func(o fyne.CanvasObject) bool {
		sl, _ = o.(*widget.Slider)
		return sl != nil
	})
	if sl == nil {
		return 0
	}
	return int(sl.Value)
}

// A "why nothing happens" message goes as soon as the game moves on: the
// "is thinking" of a tap while the computer thinks goes with Undo.
func TestThinkingMessageGoesWithUndo(t *testing.T) {
	h := newHarness(t, "")
	gs := h.startGame(4, storage.Human, storage.Computer)
	h.tapSquare(gs, 1, 1)
	h.ai.Next(t)
	h.tapSquare(gs, 3, 3)
	if !strings.Contains(gs.notice.Text, "thinking") {
		t.Fatalf("notice %q", gs.notice.Text)
	}
	test.Tap(gs.undoB)
	if strings.Contains(gs.notice.Text, "thinking") || strings.Contains(gs.turn.Text, "thinking") {
		t.Fatalf("after Undo: notice %q, status %q", gs.notice.Text, gs.turn.Text)
	}
}

// The Continue card and the game say the same move number (Ataxx counts
// full moves, not plies).
func TestContinueCardAgreesWithTheGame(t *testing.T) {
	root := t.TempDir()
	h := newHarness(t, root)
	gs := h.startAtaxx("standard", "standard", storage.Human, storage.Human)
	for _, sq := range []string{"g1", "f2", "a1", "b2", "f2", "e3"} {
		h.tapAtaxx(gs, sq)
	}
	if gs.c.History().Cursor() != 3 {
		t.Fatalf("cursor %d", gs.c.History().Cursor())
	}
	counter := gameCounter(ataxx.ID, gs.c.Position(), 3)
	if !strings.Contains(scoreText(gs), counter) {
		t.Fatalf("status %q lacks %q", scoreText(gs), counter)
	}
	h.u.env.SaveNow()
	h2 := newHarness(t, root)
	c := uitest.FindCard(h2.w.Canvas().Content(), "Continue")
	if c == nil || !strings.Contains(c.Subtitle, counter) || strings.Contains(c.Subtitle, "Move 3") {
		t.Fatalf("card %q, game %q", c.Subtitle, counter)
	}
}

// The end panel fits beside or under the board at phone sizes: it does
// not run over the status lines or off the window.
func TestEndPanelFitsAPhone(t *testing.T) {
	for _, sz := range []fyne.Size{{Width: 360, Height: 740}, {Width: 740, Height: 360}} {
		h := newHarness(t, "")
		h.w.Resize(sz)
		gs := h.finishGame(storage.Human, storage.Human)
		content := h.w.Canvas().Content()
		var statusBottom, panelTop, panelBottom float32
		uitest.Walk(content, func(o fyne.CanvasObject) bool {
			if o == gs.end.obj {
				p := fyne.CurrentApp().Driver().AbsolutePositionForObject(o)
				panelTop, panelBottom = p.Y, p.Y+o.Size().Height
			}
			if o == gs.score {
				p := fyne.CurrentApp().Driver().AbsolutePositionForObject(o)
				statusBottom = p.Y + o.Size().Height
			}
			return false
		})
		if panelBottom == 0 {
			t.Fatalf("%v: panel not laid out", sz)
		}
		if panelBottom > sz.Height+1 {
			t.Errorf("%v: the panel ends at %.0f, below the window", sz, panelBottom)
		}
		if panelTop < statusBottom-1 {
			t.Errorf("%v: the panel (from %.0f) runs over the status (to %.0f)", sz, panelTop, statusBottom)
		}
	}
}
