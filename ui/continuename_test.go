package ui

import (
	"regexp"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/jumpers-game/jumpers/storage"
)

// "Continue here" names the new game after the move it starts from, by
// the number the move list gives that move: in Ataxx, which counts full
// moves, ply 13 is move 7 (it said "from move 13").
func TestContinueHereNamesTheListedMove(t *testing.T) {
	h := newHarness(t, "")
	gs := h.startAtaxx("standard", "standard", storage.Human, storage.Human)
	for ply := 1; ply <= 15; ply++ {
		playFirst(t, gs, 1)
	}
	rs := reviewOf(t, h, gs)
	m := regexp.MustCompile(`^(\d+)\. `).FindStringSubmatch(rs.moves.chips[13].label())
	if m == nil {
		t.Fatalf("the review lists ply 13 as %q", rs.moves.chips[13].label())
	}
	want := "from move " + m[1]
	for _, ply := range []int{13, 14} { // ply 14 is o's half of the same move
		rs.show(ply)
		test.Tap(rs.contB)
		if h.u.Screen() != "game" || h.u.game == nil {
			t.Fatalf("screen %q", h.u.Screen())
		}
		if name := h.u.game.c.Name(); !strings.HasSuffix(name, want) {
			t.Fatalf("continued from ply %d: the new game is %q, the list numbers the move %s", ply, name, m[1])
		}
		rs = reviewOf(t, h, gs)
	}
}
