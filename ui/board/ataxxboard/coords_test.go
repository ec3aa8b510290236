package ataxxboard

import (
	"testing"

	"fyne.io/fyne/v2"

	"github.com/jumpers-game/jumpers/core/ataxx"
	"github.com/jumpers-game/jumpers/ui/board"
	"github.com/jumpers-game/jumpers/ui/internal/uitest"
)

// The overlay's labels name every square as the game's notation does.
func TestCoordinateLabelsAreTheNotation(t *testing.T) {
	sz := fyne.NewSize(300, 300)
	ab := &Board{}
	labels := ab.CoordLabels(sz)
	g := board.GeomFor(sz, ataxx.Size)
	for r := 0; r < ataxx.Size; r++ {
		for c := 0; c < ataxx.Size; c++ {
			// the board draws rank 7 at the top (see SquareAt)
			if got, want := uitest.SquareName(t, labels, g, ataxx.Size, r, c, false, ""), ataxx.SquareName(ataxx.Square(c, ataxx.Size-1-r)); got != want {
				t.Fatalf("ataxx: square %d,%d reads %q, the game writes %q", r, c, got, want)
			}
		}
	}
}
