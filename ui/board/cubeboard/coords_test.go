package cubeboard

import (
	"testing"

	"fyne.io/fyne/v2"

	"github.com/jumpers-game/jumpers/core/cube"
	"github.com/jumpers-game/jumpers/ui/board"
	"github.com/jumpers-game/jumpers/ui/internal/uitest"
)

// The overlay's labels name every square as the game's notation does.
func TestCoordinateLabelsAreTheNotation(t *testing.T) {
	sz := fyne.NewSize(300, 300)
	for _, n := range []int{3, 7, 15} {
		bd, err := cube.NewBoard(n)
		if err != nil {
			t.Fatal(err)
		}
		b := newPreview(bd, -1, nil)
		labels := b.CoordLabels(sz)
		g := board.GeomFor(sz, n)
		for r := 0; r < n; r++ {
			for c := 0; c < n; c++ {
				if got, want := uitest.SquareName(t, labels, g, n, r, c, true, ":"), cube.FormatMove(n, cube.Move(r*n+c)); got != want {
					t.Fatalf("cube %d: square %d,%d reads %q, the game writes %q", n, r, c, got, want)
				}
			}
		}
	}
}
