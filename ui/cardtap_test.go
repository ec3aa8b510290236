package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/jumpers-game/jumpers/storage"
	"github.com/jumpers-game/jumpers/ui/internal/uitest"
	"github.com/jumpers-game/jumpers/ui/kit"
)

// TestTapOnACardsPictureOpensIt: a card's picture is most of the card;
// a tap on it opens the game as a tap on the text does (the board
// drawn there took the tap and did nothing), on Home's Continue card and
// on the saved games list.
func TestTapOnACardsPictureOpensIt(t *testing.T) {
	for _, where := range []string{"home", "load"} {
		h := newHarness(t, "")
		gs := h.startGame(5, storage.Human, storage.Human)
		h.tapSquare(gs, 1, 1)
		h.u.popTo(1)
		h.u.show()
		h.u.refreshHome()
		h.u.show()
		if where == "load" {
			h.u.load()
		}
		var c *kit.Card
		uitest.Walk(h.w.Canvas().Content(), func(o fyne.CanvasObject) bool {
			c, _ = o.(*kit.Card)
			return c != nil && c.Art != nil && !c.Disabled
		})
		if c == nil {
			t.Fatalf("%s: no card with a picture", where)
		}
		h.w.Canvas().Refresh(h.w.Content())
		at := fyne.CurrentApp().Driver().AbsolutePositionForObject(c.Art)
		test.TapCanvas(h.w.Canvas(), at.Add(fyne.NewPos(c.Art.Size().Width/2, c.Art.Size().Height/2)))
		if h.u.Screen() != "game" {
			t.Errorf("%s: a tap on %q's picture left the screen %q", where, c.Title, h.u.Screen())
		}
	}
}
