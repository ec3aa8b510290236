package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/jumpers-game/jumpers/storage"
	"github.com/jumpers-game/jumpers/ui/board"
	"github.com/jumpers-game/jumpers/ui/board/cubeboard"
)

// "Whole board" lies over the bottom of the enlarged view: a zoom at
// any square of the bottom row shows that square clear of the button,
// and panned as far down as it goes the bottom row is above it, upright
// and turned.
func TestWholeBoardButtonCoversNoSquare(t *testing.T) {
	for _, win := range []fyne.Size{fyne.NewSize(360, 740), fyne.NewSize(740, 360)} {
		h := newHarness(t, "")
		h.w.Resize(win)
		gs := h.startGame(15, storage.Human, storage.Human)
		m := gs.area.(*board.Magnifier)
		if !m.SmallCells() {
			t.Fatalf("%v: cells of %.1f dp are not small", win, cellSide(m.Small))
		}
		for c := 1; c <= 15; c++ {
			test.TapAt(m.Catcher, cellCentreIn(m.Size(), 15, 15, c))
			if !m.Zoomed {
				t.Fatalf("%v: no zoom at 15:%d", win, c)
			}
			top := m.Out.Position().Y
			p := cellCentreIn(m.Big.Size(), 15, 15, c).Add(m.Offset)
			half := board.GeomFor(m.Big.Size(), 15).Cell / 2
			if p.Y+half > top || p.Y < 0 || p.X < 0 || p.X > m.Size().Width {
				t.Fatalf("%v: zoomed at 15:%d, its square ends at %.0f, the button starts at %.0f", win, c, p.Y+half, top)
			}
			m.View.Dragged(&fyne.DragEvent{Dragged: fyne.NewDelta(0, -5000)})
			if p := cellCentreIn(m.Big.Size(), 15, 15, c).Add(m.Offset); p.Y+half > top {
				t.Fatalf("%v: panned down, square 15:%d ends at %.0f, the button starts at %.0f", win, c, p.Y+half, top)
			}
			// and it plays there
			test.TapAt(m.View, cellCentreIn(m.Big.Size(), 15, 15, c).Add(m.Offset))
			if gs.c.LastMove() != "15:"+cubeboard.Itoa(c) {
				t.Fatalf("%v: the tap played %q", win, gs.c.LastMove())
			}
		}
	}
}
