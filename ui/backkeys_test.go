package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/mobile"

	"github.com/jumpers-game/jumpers/storage"
)

// textBoxes lists the text boxes under o: on a phone only they take the
// keyboard (and with it the back key) when tapped.
func textBoxes(o fyne.CanvasObject) []fyne.Focusable {
	var out []fyne.Focusable
	walk(o, func(x fyne.CanvasObject) bool {
		if f, ok := x.(fyne.Focusable); ok && x.Visible() {
			if _, entry := x.(interface{ SetPlaceHolder(string) }); entry {
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
