package ui

import (
	"testing"

	"fyne.io/fyne/v2"

	"github.com/jumpers-game/jumpers/storage"
)

// TestLandscapeEndPanelKeepsTheMoveList: on a 740×360 phone a finished
// game keeps its move list, between the status and the end panel, so its
// moves can still be viewed; there was room for 27 dp of it, under a row,
// and it stepped aside. The score line gives it the room: the end panel
// says the final count. In portrait, and once Undo takes the panel away,
// the score line is back.
func TestLandscapeEndPanelKeepsTheMoveList(t *testing.T) {
	h := newHarness(t, "")
	h.w.Resize(fyne.NewSize(740, 360))
	gs := h.finishGame(storage.Human, storage.Human)
	content := gs.screen.content
	relayout(content)
	if gs.moves.Hidden || gs.moves.Size().Height < moveRowHeight {
		t.Fatalf("move list hidden %v, %.0f high", gs.moves.Hidden, gs.moves.Size().Height)
	}
	panel := boxOf("end panel", gs.end.obj)
	checkBoxes(t, "finished, landscape", h.w.Canvas().Size(), nil,
		boxOf("status", gs.turn), boxOf("moves", gs.moves), panel, boxOf("board", gs.board))
	h.w.Resize(fyne.NewSize(360, 740))
	relayout(content)
	if !gs.score.Visible() {
		t.Fatal("portrait: the score line stayed hidden")
	}
	h.w.Resize(fyne.NewSize(740, 360))
	relayout(content)
	gs.undo()
	relayout(content)
	if !gs.score.Visible() || gs.end.obj.Visible() {
		t.Fatalf("after Undo: score shown %v, end panel shown %v", gs.score.Visible(), gs.end.obj.Visible())
	}
}
