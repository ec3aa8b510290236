package ui

import (
	"fmt"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/jumpers-game/jumpers/storage"
	"github.com/jumpers-game/jumpers/ui/board"
	"github.com/jumpers-game/jumpers/ui/kit"
)

// cellCentreIn is the centre of cell r:c (1-based) of an n×n board of size sz.
func cellCentreIn(sz fyne.Size, n, r, c int) fyne.Position {
	g := board.GeomFor(sz, n)
	return fyne.NewPos(g.OX+(float32(c)-0.5)*g.Cell, g.OY+(float32(r)-0.5)*g.Cell)
}

// TestSmallCellsAreMagnified: on a 15×15 cube board at phone size (cells
// of about 22 dp) a tap zooms instead of playing; in the enlarged view
// every cell is at least 48 dp, a tap plays the cell under the finger and
// the whole board comes back; a drag pans without leaving the board;
// "Whole board" goes back without playing; only a tap of the view plays.
func TestSmallCellsAreMagnified(t *testing.T) {
	h := newHarness(t, "")
	h.w.Resize(fyne.NewSize(360, 740))
	gs := h.startGame(15, storage.Human, storage.Human)
	m, ok := gs.area.(*board.Magnifier)
	if !ok {
		t.Fatalf("the cube board has no magnifier: %T", gs.area)
	}
	if cell := cellSide(m.Small); cell >= board.MinCell || !m.SmallCells() {
		t.Fatalf("cells of %.1f dp on a 15×15 board at 360 dp", cell)
	}
	test.TapAt(m.Catcher, cellCentreIn(m.Size(), 15, 8, 8))
	if gs.c.History().Cursor() != 0 || !m.Zoomed {
		t.Fatalf("a tap on small cells played %q instead of zooming", gs.c.LastMove())
	}
	if big := board.GeomFor(m.Big.Size(), 15).Cell; big < kit.TouchSize {
		t.Fatalf("enlarged cells of %.1f dp", big)
	}
	checkTargets(t, "zoomed board", h.w.Canvas().Content())

	// the cell under the finger, where the enlarged board shows it
	for _, rc := range [][2]int{{8, 9}, {7, 6}} {
		if !m.Zoomed {
			test.TapAt(m.Catcher, cellCentreIn(m.Size(), 15, rc[0], rc[1]))
		}
		p := cellCentreIn(m.Big.Size(), 15, rc[0], rc[1]).Add(m.Offset)
		if p.X < 0 || p.Y < 0 || p.X > m.Size().Width || p.Y > m.Size().Height {
			t.Fatalf("cell %v is not in the enlarged view around it (%v)", rc, p)
		}
		test.TapAt(m.View, p)
		if want := fmt.Sprintf("%d:%d", rc[0], rc[1]); gs.c.LastMove() != want {
			t.Fatalf("the tap in the view played %q, want %s", gs.c.LastMove(), want)
		}
		if m.Zoomed {
			t.Fatal("still zoomed after the move")
		}
	}

	// pan: a drag moves the view, never off the board
	test.TapAt(m.Catcher, cellCentreIn(m.Size(), 15, 1, 1))
	if m.Offset != (fyne.Position{}) {
		t.Fatalf("zoomed at the corner, offset %v", m.Offset)
	}
	m.View.Dragged(&fyne.DragEvent{Dragged: fyne.NewDelta(-60, -30)})
	if m.Offset != fyne.NewPos(-60, -30) {
		t.Fatalf("after a drag: offset %v", m.Offset)
	}
	m.View.Dragged(&fyne.DragEvent{Dragged: fyne.NewDelta(-5000, 5000)})
	sz, bz := m.Size(), m.Big.Size()
	if m.Offset.X != sz.Width-bz.Width || m.Offset.Y != 0 {
		t.Fatalf("dragged past the edge: offset %v", m.Offset)
	}
	// a tap that reaches the big board another way plays nothing
	cur := gs.c.History().Cursor()
	m.Big.(fyne.Tappable).Tapped(&fyne.PointEvent{Position: cellCentreIn(bz, 15, 15, 1)})
	if gs.c.History().Cursor() != cur {
		t.Fatal("the enlarged board played a tap it was not handed")
	}
	test.Tap(m.OutB)
	if m.Zoomed || gs.c.History().Cursor() != cur {
		t.Fatal("Whole board did not go back, or played")
	}
}

// TestBigCellsAreTappedDirectly: a board whose cells are big enough is
// played with one tap.
func TestBigCellsAreTappedDirectly(t *testing.T) {
	h := newHarness(t, "")
	h.w.Resize(fyne.NewSize(360, 740))
	gs := h.startGame(5, storage.Human, storage.Human)
	m := gs.area.(*board.Magnifier)
	if m.SmallCells() {
		t.Fatalf("5×5 cells of %.1f dp are small", cellSide(m.Small))
	}
	test.TapAt(m.Catcher, cellCentreIn(m.Size(), 5, 2, 4))
	if gs.c.LastMove() != "2:4" || m.Zoomed {
		t.Fatalf("last move %q, zoomed %v", gs.c.LastMove(), m.Zoomed)
	}
}

// cellSide is the side of b's squares.
func cellSide(b board.Board) float32 {
	s, _ := b.CellSide()
	return s
}

// TestMagnifierShowsCoordinates: the enlarged view of a 15×15 board
// names its rows down the left edge and its columns along the top, each
// name beside its square: tapped at 8:8, the row 8 and the column 8 are
// named across the middle of the view, where the square is; panned, the
// names follow.
func TestMagnifierShowsCoordinates(t *testing.T) {
	h := newHarness(t, "")
	h.w.Resize(fyne.NewSize(360, 740))
	gs := h.startGame(15, storage.Human, storage.Human)
	m := gs.area.(*board.Magnifier)
	if len(m.MarkTexts()) != 0 {
		t.Fatalf("marks on the whole board: %v", m.MarkTexts())
	}
	test.TapAt(m.Catcher, cellCentreIn(m.Size(), 15, 8, 8))
	check := func(r, c int) {
		t.Helper()
		centre := cellCentreIn(m.Big.Size(), 15, r, c).Add(m.Offset)
		var row, col string
		for _, l := range m.MarkTexts() {
			if l.X < 30 && abs32(l.Y-centre.Y) < 1 {
				row = l.Text
			}
			if l.Y < 30 && abs32(l.X-centre.X) < 1 {
				col = l.Text
			}
		}
		if want := fmt.Sprint(r); row != want {
			t.Errorf("the row of %d:%d is named %q on the left edge (marks %v)", r, c, row, m.MarkTexts())
		}
		if want := fmt.Sprint(c); col != want {
			t.Errorf("the column of %d:%d is named %q along the top (marks %v)", r, c, col, m.MarkTexts())
		}
	}
	check(8, 8)
	m.View.Dragged(&fyne.DragEvent{Dragged: fyne.NewDelta(-60, -60)})
	check(8, 8)
	check(9, 10)
	m.ZoomOut()
	if len(m.MarkTexts()) != 0 {
		t.Fatal("marks stay on the whole board")
	}
}
