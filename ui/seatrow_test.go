package ui

import (
	"fmt"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/layout"

	"github.com/jumpers-game/jumpers/storage"
	"github.com/jumpers-game/jumpers/ui/internal/uitest"
)

// A six-player game on a phone, upright and on its side, at every move
// from the first finish to the end (the seats then show places: "1st")
// and at move 126: the seat row's swatches, counts and move counter never
// overlap (an HBox drew "Move 226" over the sixth seat in a 360 dp wide
// window) and stay inside the row; the row overlaps nothing else, no label
// is cut and the screen asks for no more than the window.
// testdata/cc6-places.json is a game of six engines at depth 2 (259
// moves, all six placed).
func TestSixSeatsRowFits(t *testing.T) {
	h := newHarness(t, "")
	sv, hist, err := storage.ReadFile("testdata/cc6-places.json")
	if err != nil {
		t.Fatal(err)
	}
	h.u.openSave(sv, hist, "")
	gs := h.u.game
	first := 0 // the first move after which a player has finished
	for n := 1; n <= hist.Len() && first == 0; n++ {
		for _, p := range hist.Position(n).Result().Places {
			if p > 0 {
				first = n
			}
		}
	}
	if first == 0 || first > 240 {
		t.Fatalf("the fixture's first finish is at move %d", first)
	}
	cursors := []int{126}
	for n := first; n <= hist.Len(); n++ {
		cursors = append(cursors, n)
	}
	wrapped := 0
	for _, size := range []fyne.Size{fyne.NewSize(360, 740), fyne.NewSize(740, 360)} {
		h.w.Resize(size)
		for _, n := range cursors {
			if err := gs.c.View(n); err != nil {
				t.Fatal(err)
			}
			// twice: the row's height follows its width, as a wrapped
			// label's (the canvas lays the screen out again next frame)
			relayout(gs.screen.content)
			relayout(gs.screen.content)
			where := fmt.Sprintf("%v, move %d", size, n)
			if m := h.w.Content().MinSize(); m.Width > size.Width || m.Height > size.Height {
				t.Fatalf("%s: the screen asks for %v", where, m)
			}
			if !gs.score.Visible() {
				continue // the end panel says the count beside the board
			}
			var parts []box
			row := gs.score.Size()
			for i, o := range gs.score.Objects {
				if _, spacer := o.(*layout.Spacer); spacer || !o.Visible() {
					continue
				}
				b := box{fmt.Sprintf("seat row part %d (%T)", i, o), o.Position(), o.Size()}
				if b.pos.X < -0.5 || b.pos.Y < -0.5 || b.pos.X+b.size.Width > row.Width+0.5 || b.pos.Y+b.size.Height > row.Height+0.5 {
					t.Fatalf("%s: %s at %v size %v leaves the row %v", where, b.name, b.pos, b.size, row)
				}
				parts = append(parts, b)
			}
			checkBoxes(t, where+": seat row", row, nil, parts...)
			boxes := []box{boxOf("status", gs.turn), boxOf("score", gs.score), boxOf("controls", gs.controls), boxOf("move list", gs.moves)}
			if !gs.end.obj.Visible() || gs.end.detail.MinSize().Height <= gs.end.lineHeight(2)+0.5 {
				// the end panel's places of six players take three lines
				// in portrait, one more than the room kept under the
				// board: the panel lies over the board's edge, which
				// does not move
				boxes = append(boxes, boxOf("board", gs.board))
			}
			checkBoxes(t, where, size, nil, boxes...)
			h.w.Canvas().Refresh(h.w.Content())
			uitest.CheckLabelsFit(t, where, h.w.Content())
			if row.Height > 1.5*gs.score.Objects[0].MinSize().Height {
				t.Fatalf("%s: the row took two lines (%v): the board under it moved", where, row)
			}
			if !gs.scoreRow.counter.Visible() {
				wrapped++
			}
			if t.Failed() {
				return
			}
		}
	}
	// The places make the row too wide for one line of a phone: the
	// counter stepped aside (else this test tests nothing).
	if wrapped == 0 {
		t.Error("the counter never stepped aside")
	}
}
