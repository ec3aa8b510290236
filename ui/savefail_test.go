package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/jumpers-game/jumpers/storage"
	"github.com/jumpers-game/jumpers/ui/internal/uitest"
)

// breakStorage puts a file where the saved games' folder is, so every
// write of a game fails (as on a full or removed card) even for root; the
// returned func puts the folder back.
func breakStorage(t *testing.T, root string) (mend func()) {
	t.Helper()
	dir := filepath.Join(root, "saves")
	aside := dir + ".aside"
	if err := os.Rename(dir, aside); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dir, []byte("not a folder"), 0o644); err != nil {
		t.Fatal(err)
	}
	return func() {
		if err := os.Remove(dir); err != nil {
			t.Fatal(err)
		}
		if err := os.Rename(aside, dir); err != nil {
			t.Fatal(err)
		}
	}
}

// drain runs what the autosaver posted to the UI goroutine.
func (h *harness) drain() {
	h.u.env.SaveNow()
	for h.q.Len() > 0 {
		h.q.RunOne(h.t)
	}
}

// TestSaveFailureIsShownUntilRetried: while the game cannot be written the
// game screen says so, with Retry; the moves stay in memory, and Retry
// writes them all once the storage is back.
func TestSaveFailureIsShownUntilRetried(t *testing.T) {
	root := t.TempDir()
	h := newHarness(t, root)
	gs := h.startGame(4, storage.Human, storage.Human)
	h.tapSquare(gs, 1, 1)
	h.drain()
	if gs.saveRow.Visible() {
		t.Fatalf("a save notice after a good write: %q", gs.saveProblem.Text)
	}

	mend := breakStorage(t, root)
	h.tapSquare(gs, 4, 4)
	h.tapSquare(gs, 1, 2)
	h.drain()
	if !gs.saveRow.Visible() || !strings.HasPrefix(gs.saveProblem.Text, "Not saved: ") {
		t.Fatalf("no save notice while writes fail: shown %v, %q", gs.saveRow.Visible(), gs.saveProblem.Text)
	}
	if got := gs.c.History().Cursor(); got != 3 {
		t.Fatalf("%d moves in memory after failed writes, want 3", got)
	}
	// The screen makes room for the notice at once: laying it out again
	// moves nothing (a stale layout left the move list over the notice).
	d := fyne.CurrentApp().Driver()
	before := map[string]fyne.Position{}
	parts := map[string]fyne.CanvasObject{"move list": gs.moves, "board": gs.board, "notice": gs.saveRow}
	for name, o := range parts {
		before[name] = d.AbsolutePositionForObject(o)
	}
	gs.moves.relayout()
	for name, o := range parts {
		if got := d.AbsolutePositionForObject(o); got != before[name] {
			t.Errorf("the %s was at %v until the screen was laid out again (%v)", name, before[name], got)
		}
	}
	// Retry while still broken: the notice stays.
	retry := uitest.FindButton(gs.saveRow, "Retry")
	if retry == nil {
		t.Fatal("no Retry beside the notice")
	}
	test.Tap(retry)
	h.drain()
	if !gs.saveRow.Visible() {
		t.Fatal("the notice went although the game is still not written")
	}

	mend()
	test.Tap(retry)
	h.drain()
	if gs.saveRow.Visible() {
		t.Fatalf("the notice stays after a good write: %q", gs.saveProblem.Text)
	}
	_, hist, err := h.u.env.Store.Load(gs.c.SaveID())
	if err != nil {
		t.Fatal(err)
	}
	if got := hist.Cursor(); got != 3 {
		t.Fatalf("%d moves on disk after Retry, want 3", got)
	}
}
