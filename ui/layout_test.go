package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/jumpers-game/jumpers/storage"
	"github.com/jumpers-game/jumpers/ui/board"
)

// TestLandscapeGameFitsTheWindow: entering a game in a landscape phone
// window asks for no more than the window (a window grows to its
// content's MinSize: the layout added the heights of status, board and
// controls as in portrait, and a 360-high window grew to 415), and the
// same holds in portrait.
func TestLandscapeGameFitsTheWindow(t *testing.T) {
	for _, sz := range []fyne.Size{{Width: 740, Height: 360}, {Width: 360, Height: 740}} {
		for _, hg := range board.Registered() {
			h := newHarness(t, "")
			h.w.Resize(sz)
			f := h.u.newGame(hg.ID)
			for i := range f.seats {
				f.seats[i].Kind = storage.Human
			}
			f.rebuildSeats()
			test.Tap(f.start)
			if h.u.Screen() != "game" {
				t.Fatalf("%s: not started", hg.ID)
			}
			h.u.game.c.Hint() // the longest status: a hint being looked for
			h.u.game.update()
			if m := h.w.Content().MinSize(); m.Width > sz.Width || m.Height > sz.Height {
				t.Errorf("%s in %v: the screen asks for %v", hg.ID, sz, m)
			}
		}
	}
}
