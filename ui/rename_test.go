package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/jumpers-game/jumpers/storage"
	"github.com/jumpers-game/jumpers/ui/internal/uitest"
)

// TestRenameStartsFromTheShownName: a game never named is listed under
// a title of its own ("Jumping Cube, 26 Nov 05:42"); Rename starts from
// that title, not from an empty box, and typing goes on at its end.
func TestRenameStartsFromTheShownName(t *testing.T) {
	h := newHarness(t, "")
	gs := h.startGame(3, storage.Human, storage.Human)
	h.tapSquare(gs, 1, 1)
	h.u.load()
	es, _ := h.u.env.Store.List()
	if len(es) != 1 || es[0].Name != "" || es[0].Title() == "" {
		t.Fatalf("entries %+v", es)
	}
	h.u.renameSave(es[0], func() {})
	var entry *dialogEntry
	uitest.Walk(h.w.Canvas().Overlays().Top(), func(o fyne.CanvasObject) bool {
		entry, _ = o.(*dialogEntry)
		return entry != nil
	})
	if entry == nil || entry.Text != es[0].Title() {
		t.Fatalf("rename box %q, want %q", entryText(entry), es[0].Title())
	}
	test.Type(entry, " 2")
	if want := es[0].Title() + " 2"; entry.Text != want {
		t.Fatalf("typing in the box: %q, want %q", entry.Text, want)
	}
}

func entryText(e *dialogEntry) string {
	if e == nil {
		return "(none)"
	}
	return e.Text
}
