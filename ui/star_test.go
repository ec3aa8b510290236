package ui

import (
	"testing"

	"fyne.io/fyne/v2"

	cc "github.com/jumpers-game/jumpers/core/chinesecheckers"
	"github.com/jumpers-game/jumpers/storage"
)

// The star fills the phone in both orientations: in portrait its width
// is the space's width, in landscape (turned a quarter) its height is the
// space's height; the holes are further apart than the 25 and 18 dp the
// upright star with wide margins gave.
func TestCCStarFillsThePhone(t *testing.T) {
	six := []string{storage.Human, storage.Human, storage.Human, storage.Human, storage.Human, storage.Human}
	for _, tc := range []struct {
		sz   fyne.Size
		minU float32
	}{{fyne.NewSize(360, 740), 25.5}, {fyne.NewSize(740, 360), 20}} {
		h := newHarness(t, "")
		h.w.Resize(tc.sz)
		gs := h.startCC("", six...)
		area := gs.screen.content.Size()
		b := gs.board.Size()
		g := ccGeomFor(b)
		starW, starH := float32(ccSpanX)*g.u, float32(ccSpanY)*g.u
		if g.rot {
			starW, starH = starH, starW
		}
		if landscape(area) {
			if !g.rot {
				t.Errorf("%v: the star is upright in a wide space", tc.sz)
			}
			if r := starH / area.Height; r < 0.9 {
				t.Errorf("%v: the star is %.0f%% of the height %.0f", tc.sz, 100*r, area.Height)
			}
		} else if r := starW / area.Width; r < 0.9 {
			t.Errorf("%v: the star is %.0f%% of the width %.0f", tc.sz, 100*r, area.Width)
		}
		if g.u < tc.minU {
			t.Errorf("%v: holes %.1f dp apart, want at least %.1f", tc.sz, g.u, tc.minU)
		}
		// every hole inside the board
		for hole := 0; hole < cc.NumHoles; hole++ {
			x, y := g.xy(hole)
			if x < g.u/3 || y < g.u/3 || x > b.Width-g.u/3 || y > b.Height-g.u/3 {
				t.Fatalf("%v: hole %s at %.0f,%.0f outside %v", tc.sz, cc.HoleName(hole), x, y, b)
			}
		}
		t.Logf("%v: space %v, board %v, holes %.1f dp apart, turned %v", tc.sz, area, b, g.u, g.rot)
	}
}
