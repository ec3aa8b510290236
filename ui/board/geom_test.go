package board

import (
	"testing"

	"fyne.io/fyne/v2"
)

func TestHitTestNearestSquare(t *testing.T) {
	sz := fyne.NewSize(300, 500) // board 300×300, 100 down
	for _, tc := range []struct {
		p    fyne.Position
		r, c int
		ok   bool
	}{
		{fyne.NewPos(1, 101), 0, 0, true},
		{fyne.NewPos(299, 399), 2, 2, true},
		{fyne.NewPos(100, 200), 1, 1, true}, // on the line between squares: nearest wins
		{fyne.NewPos(150, 80), 0, 1, true},  // just above the board
		{fyne.NewPos(150, 410), 2, 1, true}, // just below
		{fyne.NewPos(150, 1), 0, 0, false},  // far above: not a tap on the board
	} {
		r, c, ok := HitCell(sz, 3, tc.p)
		if ok != tc.ok || (ok && (r != tc.r || c != tc.c)) {
			t.Errorf("hit %v: %d,%d,%v want %d,%d,%v", tc.p, r, c, ok, tc.r, tc.c, tc.ok)
		}
	}
}
