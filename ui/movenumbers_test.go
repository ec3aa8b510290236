package ui

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"fyne.io/fyne/v2/widget"

	"github.com/jumpers-game/jumpers/storage"
)

// counterText is the turn counter at the end of the game screen's score
// line ("Move 8").
func counterText(t *testing.T, gs *gameScreen) string {
	t.Helper()
	objs := gs.score.Objects
	if l, ok := objs[len(objs)-1].(*widget.Label); ok {
		return l.Text
	}
	t.Fatal("no counter at the end of the score line")
	return ""
}

// Ataxx counts full moves (its header, its PGN tools): the move list and
// the review number its moves the same way, "8. x-move o-move", so the
// header's "Move 8" is the number the list gives the move being played.
// The header said "Move 8" while the list numbered 14 moves.
func TestAtaxxNumbersFullMoves(t *testing.T) {
	h := newHarness(t, "")
	gs := h.startAtaxx("standard", "standard", storage.Human, storage.Human)
	number := regexp.MustCompile(`^(\d+)(\.|…) `)
	for ply := 1; ply <= 15; ply++ {
		head := counterText(t, gs)
		playFirst(t, gs, 1)
		ch := gs.moves.chips[ply]
		first := ply%2 == 1 // x moves first in the standard game
		m := number.FindStringSubmatch(ch.label())
		switch {
		case first && (m == nil || m[2] != "."):
			t.Fatalf("ply %d (x): entry %q, want a move number", ply, ch.label())
		case first && !strings.HasPrefix(head, "Move "+m[1]):
			t.Fatalf("ply %d: the header said %q, the list numbers the move %q", ply, head, ch.label())
		case !first && m != nil:
			t.Fatalf("ply %d (o): entry %q, want the move alone (its number is x's)", ply, ch.label())
		}
		if ply > 9 && strings.HasPrefix(ch.label(), fmt.Sprint(ply)+" ") {
			t.Fatalf("ply %d: entry %q is numbered by plies", ply, ch.label())
		}
	}
	if got := counterText(t, gs); !strings.HasPrefix(got, "Move 8") {
		t.Fatalf("after 15 plies the header says %q", got)
	}
	if got := gs.moves.chips[15].label(); !strings.HasPrefix(got, "8. ") {
		t.Fatalf("the 15th ply is listed as %q", got)
	}
	// Viewing a past move and the review say the same numbers.
	gs.pick(13)
	if !strings.Contains(gs.turn.Text, "Viewing move 7 of 8") {
		t.Fatalf("viewing: %q", gs.turn.Text)
	}
	gs.c.Live()
	rs := reviewOf(t, h, gs)
	if !strings.Contains(rs.status.Text, "Move 8 of 8 · ") {
		t.Fatalf("review at the end: %q", rs.status.Text)
	}
	rs.show(14)
	if !strings.Contains(rs.status.Text, "Move 7 of 8 · ") {
		t.Fatalf("review at ply 14: %q", rs.status.Text)
	}
	rs.show(0)
	if !strings.Contains(rs.status.Text, "Start · 8 moves") {
		t.Fatalf("review at the start: %q", rs.status.Text)
	}
	if got := rs.moves.chips[13].label(); !strings.HasPrefix(got, "7. ") {
		t.Fatalf("the review lists ply 13 as %q", got)
	}
}
