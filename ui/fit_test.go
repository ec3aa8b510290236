package ui

import (
	"fmt"
	"testing"

	"fyne.io/fyne/v2"

	"github.com/jumpers-game/jumpers/storage"
)

// TestEveryScreenFitsThePhone: no screen asks for more than a phone's
// window in either orientation. A window grows to its content's MinSize,
// so a screen that asks for more is cut off on a phone (seen: the Ataxx
// new game screen grew a 360-wide window to 388), and no text on it is
// cut (seen: the saved games' titles, "Chinese ...").
func TestEveryScreenFitsThePhone(t *testing.T) {
	for _, sz := range []fyne.Size{{Width: 360, Height: 740}, {Width: 740, Height: 360}} {
		h := newHarness(t, "")
		h.w.Resize(sz)
		everyScreen(t, h, func(where string) {
			if m := h.w.Content().MinSize(); m.Width > sz.Width || m.Height > sz.Height {
				t.Errorf("%s in %v: the screen asks for %v", where, sz, m)
			}
			h.w.Canvas().Refresh(h.w.Content())
			checkLabelsFit(t, fmt.Sprintf("%s in %v", where, sz), h.w.Content())
		})
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
		checkLabelsFit(t, fmt.Sprintf("the end panel in %v", sz), h.w.Content())
		checkTargets(t, fmt.Sprintf("the end panel in %v", sz), gs.end.obj)
	}
}
