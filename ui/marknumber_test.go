package ui

import (
	"strings"
	"testing"

	"github.com/jumpers-game/jumpers/app"
	"github.com/jumpers-game/jumpers/storage"
)

// TestMarkNumbersTheMoveAsTheList: the review's word on a marked Ataxx
// move numbers it as the move list and the status do, by full moves
// ("6. e2"), not by plies ("11 e2" beside a list that says "6. e2").
func TestMarkNumbersTheMoveAsTheList(t *testing.T) {
	h := newHarness(t, "")
	gs := h.startAtaxx("standard", "standard", storage.Human, storage.Human)
	playFirst(t, gs, 12)
	rs := reviewOf(t, h, gs)
	hist := rs.c.History()
	for _, n := range []int{11, 12} {
		m := app.MoveReview{Index: n, Mover: hist.Position(n - 1).ToMove(), Played: hist.Move(n), Best: hist.Move(n),
			Known: true, Loss: 0.4, Class: app.Blunder}
		rs.an.showMark(m)
		want := rs.moves.chips[n].label()
		if n == 12 {
			want = "6… " + hist.Move(n) // the list shows o's move alone, after x's number
		}
		if got := rs.an.markText.Text; !strings.HasPrefix(got, want+" (") {
			t.Errorf("mark on ply %d says %q, want it to start %q", n, got, want)
		}
	}
}
