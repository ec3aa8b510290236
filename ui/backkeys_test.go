package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/mobile"
	"fyne.io/fyne/v2/test"

	"github.com/jumpers-game/jumpers/storage"
	"github.com/jumpers-game/jumpers/ui/board"
	"github.com/jumpers-game/jumpers/ui/internal/uitest"
)

// textBox is a widget that takes typed text (an entry, or one built on it).
type textBox interface{ SetPlaceHolder(string) }

// textBoxes lists the text boxes under o: on a phone only they take the
// keyboard (and with it the back key) when tapped.
func textBoxes(o fyne.CanvasObject) []fyne.Focusable {
	var out []fyne.Focusable
	uitest.Walk(o, func(x fyne.CanvasObject) bool {
		if f, ok := x.(fyne.Focusable); ok && x.Visible() {
			if _, entry := x.(textBox); entry {
				out = append(out, f)
			}
		}
		return false
	})
	return out
}

// TestBackFromEveryTextBox: with the keyboard in any text box (a focused
// widget gets the keys before the window), Back still goes back: it
// leaves the new game screen from a seat's name box and the seed, and
// closes the import dialog from its record box. Fyne's Entry ignores the
// back key, so Back did nothing there.
func TestBackFromEveryTextBox(t *testing.T) {
	for _, key := range []fyne.KeyName{fyne.KeyEscape, mobile.KeyBack} {
		h := newHarness(t, "")
		f := h.u.newGame("cube")
		f.seats[0].Kind, f.seats[1].Kind = storage.Human, storage.Human
		f.rebuildSeats()
		boxes := textBoxes(h.w.Canvas().Content())
		if len(boxes) < 3 { // two names and the seed
			t.Fatalf("%d text boxes on the new game screen", len(boxes))
		}
		h.u.popTo(1)
		for i := range boxes {
			h.u.newGame("cube")
			f := h.u.newGame("cube")
			f.seats[0].Kind, f.seats[1].Kind = storage.Human, storage.Human
			f.rebuildSeats()
			box := textBoxes(h.w.Canvas().Content())[i]
			h.w.Canvas().Focus(box)
			box.TypedKey(&fyne.KeyEvent{Name: key})
			if h.u.Screen() != "new" || len(h.u.stack) != 2 { // one screen back
				t.Errorf("%s in text box %d: screen %q, %d deep", key, i, h.u.Screen(), len(h.u.stack))
			}
			h.u.popTo(1)
		}

		h.u.importRecord()
		boxes = textBoxes(h.w.Canvas().Overlays().Top())
		if len(boxes) != 1 {
			t.Fatalf("%d text boxes in the import dialog", len(boxes))
		}
		h.w.Canvas().Focus(boxes[0])
		boxes[0].TypedKey(&fyne.KeyEvent{Name: key})
		if top := h.w.Canvas().Overlays().Top(); top != nil {
			t.Errorf("%s in the record box: the import dialog stays", key)
		}
	}
}

// TestBackLeavesTheMagnifierFirst: the enlarged board is a view over the
// game, like a pop-up: Back shows the whole board again and stays in the
// game; the next Back leaves it.
func TestBackLeavesTheMagnifierFirst(t *testing.T) {
	for _, key := range []fyne.KeyName{fyne.KeyEscape, mobile.KeyBack} {
		h := newHarness(t, "")
		h.w.Resize(fyne.NewSize(360, 740))
		gs := h.startGame(15, storage.Human, storage.Human)
		m := gs.area.(*board.Magnifier)
		test.TapAt(m.Catcher, cellCentreIn(m.Size(), 15, 8, 8))
		if !m.Zoomed {
			t.Fatal("no zoom")
		}
		h.escape(key)
		if m.Zoomed || h.u.Screen() != "game" || gs.c.History().Cursor() != 0 {
			t.Fatalf("%s with the board enlarged: zoomed %v, screen %q", key, m.Zoomed, h.u.Screen())
		}
		h.escape(key)
		if h.u.Screen() == "game" {
			t.Fatalf("%s with the whole board shown stays in the game", key)
		}
	}
}
