package ui

import (
	"testing"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/jumpers-game/jumpers/core/cube"
	"github.com/jumpers-game/jumpers/storage"
	"github.com/jumpers-game/jumpers/ui/board"
	"github.com/jumpers-game/jumpers/ui/internal/uitest"
)

func TestNewGameWithoutSetupPanelUsesTheSpecs(t *testing.T) {
	// A game that brings no setup panel still gets its options on the new
	// game screen, and Start plays them.
	own := board.Get(cube.ID)
	bare := *own
	bare.NewSetup = nil
	board.Register(&bare)
	t.Cleanup(func() { board.Register(own) })

	h := newHarness(t, "")
	f := h.u.newGame(cube.ID)
	s, ok := f.setup.(*board.SpecSetup)
	if !ok {
		t.Fatalf("setup %T", f.setup)
	}
	uitest.ContainerWidgets[*widget.Slider](s.Object())[0].SetValue(4)
	for i := range f.seats {
		f.seats[i].Kind = storage.Human
	}
	test.Tap(f.start)
	if h.u.Screen() != "game" || pos(h.u.game) != "1-1-1-1-/1-1-1-1-/1-1-1-1-/1-1-1-1- r" {
		t.Fatalf("screen %q", h.u.Screen())
	}
}
