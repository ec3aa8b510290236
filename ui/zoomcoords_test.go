package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/jumpers-game/jumpers/storage"
	"github.com/jumpers-game/jumpers/ui/board"
	"github.com/jumpers-game/jumpers/ui/internal/uitest"
)

// The edge labels name the whole board's rows and columns: over the
// enlarged view they would name the wrong squares, so they go while it
// is shown and come back with the whole board.
func TestCoordinatesHideWhileMagnified(t *testing.T) {
	h := newHarness(t, "")
	h.w.Resize(fyne.NewSize(360, 740))
	st := h.u.env.Settings()
	st.Coordinates = true
	h.u.env.SetSettings(st)
	gs := h.startGame(15, storage.Human, storage.Human)
	m := gs.area.(*board.Magnifier)
	frame := uitest.First(gs.screen.content, func(*board.CoordFrame) bool { return true })
	labels := func() int { return len(uitest.ShownTexts(test.TempWidgetRenderer(t, frame).Objects())) }
	if n := labels(); n != 30 {
		t.Fatalf("%d labels on the whole 15×15 board, want 30", n)
	}
	test.TapAt(m.Catcher, cellCentreIn(m.Size(), 15, 8, 8))
	if !m.Zoomed {
		t.Fatal("the tap did not zoom")
	}
	if n := labels(); n != 0 {
		t.Fatalf("%d labels over the enlarged view", n)
	}
	test.Tap(m.OutB)
	if n := labels(); n != 30 {
		t.Fatalf("%d labels after Whole board, want 30", n)
	}
	// a move played in the enlarged view also brings the whole board back
	test.TapAt(m.Catcher, cellCentreIn(m.Size(), 15, 8, 8))
	test.TapAt(m.View, cellCentreIn(m.Big.Size(), 15, 8, 8).Add(m.Offset))
	if m.Zoomed || gs.c.History().Cursor() != 1 {
		t.Fatalf("zoomed %v after a move, cursor %d", m.Zoomed, gs.c.History().Cursor())
	}
	if n := labels(); n != 30 {
		t.Fatalf("%d labels after a move in the enlarged view, want 30", n)
	}
}
