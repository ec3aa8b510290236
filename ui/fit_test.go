package ui

import (
	"fmt"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/jumpers-game/jumpers/core"
	cc "github.com/jumpers-game/jumpers/core/chinesecheckers"
	"github.com/jumpers-game/jumpers/storage"
	"github.com/jumpers-game/jumpers/ui/board/ccboard"
	"github.com/jumpers-game/jumpers/ui/internal/uitest"
)

// TestEveryScreenFitsThePhone: no screen asks for more than a phone's
// window in either orientation. A window grows to its content's MinSize,
// so a screen that asks for more is cut off on a phone (seen: the Ataxx
// new game screen grew a 360-wide window to 388), and no text on it is
// cut (seen: the saved games' titles, "Chinese ...").
func TestEveryScreenFitsThePhone(t *testing.T) {
	for _, sz := range phoneSizes(1) {
		h := newHarness(t, "")
		h.w.Resize(sz)
		visit := func(where string) {
			if m := h.w.Content().MinSize(); m.Width > sz.Width || m.Height > sz.Height {
				t.Errorf("%s in %v: the screen asks for %v", where, sz, m)
			}
			h.w.Canvas().Refresh(h.w.Content())
			uitest.CheckLabelsFit(t, fmt.Sprintf("%s in %v", where, sz), h.w.Content())
		}
		everyScreen(t, h, visit)
		// and the two everyScreen leaves out, with games played
		h.finishGame(storage.Human, storage.Human)
		h.u.popTo(1)
		h.u.stats()
		visit("statistics")
		h.u.back()
		h.u.about()
		visit("about")
	}
}

// TestEndPanelKeepsTheWindow: a finished game, its end panel on show,
// asks for no more than the phone's window in either orientation, also
// with a long reason (seen: a 740×360 window grew to 740×418).
func TestEndPanelKeepsTheWindow(t *testing.T) {
	for _, sz := range []fyne.Size{{Width: 740, Height: 360}, {Width: 360, Height: 740}} {
		h := newHarness(t, "")
		h.w.Resize(sz)
		gs := h.finishGame(storage.Human, storage.Human)
		if !gs.end.obj.Visible() {
			t.Fatal("no end panel")
		}
		if m := h.w.Content().MinSize(); m.Width > sz.Width || m.Height > sz.Height {
			t.Errorf("the finished game in %v asks for %v", sz, m)
		}
		h.w.Canvas().Refresh(h.w.Content())
		uitest.CheckLabelsFit(t, fmt.Sprintf("the end panel in %v", sz), h.w.Content())
		checkTargets(t, fmt.Sprintf("the end panel in %v", sz), gs.end.obj)
	}
}

// TestSixPlayersKeepTheWindow: a six-player game under way asks for no
// more than the phone's window (seen: 360 dp grew to 391 after the first
// round) in either orientation.
func TestSixPlayersKeepTheWindow(t *testing.T) {
	for _, sz := range []fyne.Size{{Width: 360, Height: 740}, {Width: 740, Height: 360}} {
		h := newHarness(t, "")
		h.w.Resize(sz)
		f := h.u.newGame(cc.ID)
		f.setup.(*ccboard.Setup).SetPlayers(6)
		for i := range f.seats {
			f.seats[i] = storage.Seat{Kind: storage.Human}
		}
		f.rebuildSeats()
		test.Tap(f.start)
		gs := h.u.game
		for n := range 13 {
			playFirst(t, gs, 1)
			if m := h.w.Content().MinSize(); m.Width > sz.Width || m.Height > sz.Height {
				t.Fatalf("six players in %v after %d moves (%s): the screen asks for %v", sz, n+1, gs.c.Position().String(), m)
			}
		}
	}
}

// TestSixPlayersComputersThinkingKeepTheWindow: while five computers
// take their turns the seat row says which of them thinks in place of the
// move number; the row still fits a 360 dp phone (it grew the window to
// 391, which stayed so).
func TestSixPlayersComputersThinkingKeepTheWindow(t *testing.T) {
	h := newHarness(t, "")
	h.w.Resize(fyne.NewSize(360, 740))
	f := h.u.newGame(cc.ID)
	f.setup.(*ccboard.Setup).SetPlayers(6)
	f.seats[0] = storage.Seat{Kind: storage.Human}
	for i := 1; i < 6; i++ {
		f.seats[i] = storage.Seat{Kind: storage.Computer, Level: core.Beginner}
	}
	f.rebuildSeats()
	test.Tap(f.start)
	gs := h.u.game
	playFirst(t, gs, 1)
	call := h.ai.Next(t)
	gs.update()
	if ls := uitest.FindWidgets[*widget.Label](gs.score); !containsText(ls, "of 5") {
		t.Fatalf("no counter of the computers' turns in the seat row")
	}
	if m := h.w.Content().MinSize(); m.Width > 360 {
		t.Errorf("while the computers think the screen asks for %v", m)
	}
	call.Answer <- call.Pos.Moves()[0]
}
