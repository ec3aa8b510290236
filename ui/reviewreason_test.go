package ui

import (
	"fmt"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	cc "github.com/jumpers-game/jumpers/core/chinesecheckers"
	"github.com/jumpers-game/jumpers/storage"
	"github.com/jumpers-game/jumpers/ui/board/ccboard"
	"github.com/jumpers-game/jumpers/ui/internal/uitest"
)

// The review of a finished game says why it ended at its last move, as
// the end panel does, the players named as the app names them (the name
// typed for a seat, else the colour; never "Player 2"); before the end
// it says nothing of it. On a phone the reason wraps and fits, upright
// and on its side.
func TestReviewShowsEndReason(t *testing.T) {
	h := newHarness(t, "")
	st := h.u.env.Settings()
	st.Colours[0], st.Colours[1] = "Bluish green", "Reddish purple"
	h.u.env.SetSettings(st)
	f := h.u.newGame(cc.ID)
	f.setup.(*ccboard.Setup).SetPlayers(2)
	for i := range f.seats {
		f.seats[i].Kind = storage.Human
	}
	f.seats[1].Name = "Zoë"
	f.rebuildSeats()
	test.Tap(f.start)
	gs := h.u.game
	if h.u.Screen() != "game" || gs == nil {
		t.Fatalf("screen %q after Start", h.u.Screen())
	}
	playToStall(t, gs)
	end := gs.end.detail.Text
	rs := reviewOf(t, h, gs)
	why := rs.ending.Text
	want := "Stalled: no player came closer to its target in its last 20 moves; Bluish green and Zoë have 119 holes to go each"
	if !rs.ending.Visible() || !strings.HasPrefix(why, want) || strings.Contains(why, "Player ") {
		t.Fatalf("review's reason %q (shown %v)\nwant it to start %q", why, rs.ending.Visible(), want)
	}
	// The end panel's words, less its move count (the status has it).
	if !strings.HasPrefix(end, why+" · ") || !strings.HasSuffix(end, " moves") {
		t.Fatalf("review %q, end panel %q", why, end)
	}
	for _, graph := range []bool{false, true} {
		if graph { // the engine's review done: its graph under the status
			rs.an.have = true
			rs.an.showBox(true)
		}
		for _, size := range []fyne.Size{fyne.NewSize(360, 740), fyne.NewSize(740, 360)} {
			h.w.Resize(size)
			h.w.Canvas().Refresh(h.w.Content())
			relayout(rs.screen.content)
			where := fmt.Sprintf("review in %v, graph %v", size, graph)
			uitest.CheckLabelsFit(t, where, h.w.Content())
			boxes := []box{boxOf("board", rs.board), boxOf("status", rs.status), boxOf("reason", rs.ending),
				boxOf("step buttons", rs.startB), boxOf("continue", rs.contB), boxOf("move list", rs.moves)}
			if graph {
				boxes = append(boxes, boxOf("graph", rs.an.graph))
			}
			checkBoxes(t, where, size, map[string]float32{"reason": rs.ending.MinSize().Height}, boxes...)
		}
	}
	test.Tap(rs.prevB)
	if rs.ending.Visible() {
		t.Fatalf("one move before the end the review still says %q", rs.ending.Text)
	}
	test.Tap(rs.endB)
	if !rs.ending.Visible() || rs.ending.Text != why {
		t.Fatalf("back at the end: %q (shown %v)", rs.ending.Text, rs.ending.Visible())
	}
}

// The app's Export record of a game the rules ended carries why in a
// Termination tag, the players named as the record names them (its seat
// tags: "Player 1"), not the app's colours.
func TestExportRecordSaysWhyTheGameEnded(t *testing.T) {
	h := newHarness(t, "")
	st := h.u.env.Settings()
	st.Colours[0], st.Colours[1] = "Bluish green", "Reddish purple"
	h.u.env.SetSettings(st)
	gs := h.startCC("", storage.Human, storage.Human)
	playToStall(t, gs)
	text, _, err := h.u.recordText()
	if err != nil {
		t.Fatal(err)
	}
	want := `[Termination "` + gs.c.Position().Result().Reason + `"]`
	if !strings.Contains(want, "stalled: ") || !strings.Contains(want, "Player 1 and Player 2") || !strings.Contains(text, want) {
		t.Fatalf("want %s in\n%s", want, text)
	}
	// Undone one move, the game goes on: the record says nothing of an end.
	test.Tap(gs.end.undo)
	if text, _, _ = h.u.recordText(); strings.Contains(text, "Termination") {
		t.Fatalf("a game that goes on:\n%s", text)
	}
}
