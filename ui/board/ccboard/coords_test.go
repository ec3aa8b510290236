package ccboard

import (
	"strconv"
	"testing"

	"fyne.io/fyne/v2"

	cc "github.com/jumpers-game/jumpers/core/chinesecheckers"
	"github.com/jumpers-game/jumpers/ui/board"
	"github.com/jumpers-game/jumpers/ui/internal/uitest"
)

// The overlay's labels name every square as the game's notation does.
func TestCoordinateLabelsAreTheNotation(t *testing.T) {
	// Chinese Checkers: the row letter beside the row's ends, the place
	// counted from the left (the top, turned), upright and turned.
	for _, sz := range []fyne.Size{fyne.NewSize(344, 397), fyne.NewSize(331, 287)} {
		cb := &Board{}
		labels := cb.CoordLabels(sz)
		g := GeomFor(sz)
		for h := 0; h < cc.NumHoles; h++ {
			x, y := g.XY(h)
			// along the row: x upright, y turned
			along := func(px, py float32) float32 {
				if g.Rot {
					return py
				}
				return px
			}
			across := func(px, py float32) float32 {
				if g.Rot {
					return px
				}
				return py
			}
			letter := uitest.LabelAt(t, labels, func(l board.CoordLabel) bool {
				if !uitest.Near(across(l.X, l.Y), across(x, y)) || along(l.X, l.Y) > along(x, y) {
					return false
				}
				for o := 0; o < cc.NumHoles; o++ { // the first label before the row
					ox, oy := g.XY(o)
					if uitest.Near(across(ox, oy), across(x, y)) && along(ox, oy) < along(l.X, l.Y) {
						return false
					}
				}
				return true
			})
			place := 1
			for o := 0; o < cc.NumHoles; o++ {
				ox, oy := g.XY(o)
				if uitest.Near(across(ox, oy), across(x, y)) && along(ox, oy) < along(x, y)-1 {
					place++
				}
			}
			if got, want := letter+strconv.Itoa(place), cc.HoleName(h); got != want {
				t.Fatalf("%v (turned %v): hole %s reads %q", sz, g.Rot, want, got)
			}
		}
	}
}
