package uitest

import (
	"math"
	"testing"

	"github.com/jumpers-game/jumpers/ui/board"
)

// Near tells whether two screen coordinates are within a unit.
func Near(a, b float32) bool { return math.Abs(float64(a-b)) < 1 }

// LabelAt is the text of the coordinate label found by pick, "" for none
// (and the test fails on more than one).
func LabelAt(t *testing.T, labels []board.CoordLabel, pick func(board.CoordLabel) bool) string {
	t.Helper()
	found := ""
	for _, l := range labels {
		if pick(l) {
			if found != "" {
				t.Fatalf("two labels %q and %q in one place", found, l.Text)
			}
			found = l.Text
		}
	}
	return found
}

// SquareName reads square r, c (0-based) of an n×n board laid out by g
// from its coordinate labels: the row label beside it and the column
// label above (or below) it, joined by sep, row first or column first as
// the game writes them.
func SquareName(t *testing.T, labels []board.CoordLabel, g board.BoardGeom, n, r, c int, rowFirst bool, sep string) string {
	t.Helper()
	cx, cy := g.OX+(float32(c)+0.5)*g.Cell, g.OY+(float32(r)+0.5)*g.Cell
	side := g.Cell * float32(n)
	row := LabelAt(t, labels, func(l board.CoordLabel) bool { return Near(l.Y, cy) && l.X < g.OX })
	col := LabelAt(t, labels, func(l board.CoordLabel) bool { return Near(l.X, cx) && (l.Y < g.OY || l.Y > g.OY+side) })
	if row == "" || col == "" {
		t.Fatalf("no labels for square %d,%d: row %q column %q", r, c, row, col)
	}
	if rowFirst {
		return row + sep + col
	}
	return col + sep + row
}
