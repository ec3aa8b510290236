package ui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/jumpers-game/jumpers/app"
	"github.com/jumpers-game/jumpers/storage"
)

// On the review screen the evaluation bar and the graph show the same
// number for the position shown (issue 49: "the bar says Blue 82% while
// the graph shows ~45%"): once reviewed, the bar and its line take the
// review's evaluation of the position, and each player's accuracy is
// shown.
func TestReviewBarAndGraphAgree(t *testing.T) {
	h := newHarness(t, "")
	gs := h.startGame(5, storage.Human, storage.Human)
	playCube(t, gs, 4)
	rs := reviewOf(t, h, gs)
	ra := rs.an
	hist := rs.c.History()
	a := app.Analysis{Players: 2, Total: 5, Done: 5}
	for i := 0; i <= 4; i++ {
		v := 0.2 + 0.13*float64(i)
		st := []float64{v, 1 - v}
		a.Standing = append(a.Standing, st)
		a.Known = append(a.Known, true)
		a.Evals = append(a.Evals, app.Eval{Standing: st, Seat: hist.Position(i).ToMove(), Known: true, Best: "3:3", Depth: 4})
	}
	for k := 1; k <= 4; k++ {
		a.Moves = append(a.Moves, app.MoveReview{Index: k, Mover: (k - 1) % 2, Played: hist.Move(k), Best: hist.Move(k), Known: true, Class: app.Best})
	}
	a.Moves[2].Class, a.Moves[2].Best, a.Moves[2].Loss = app.Mistake, "3:3", 0.12
	ra.finished(a, nil)
	if !ra.accuracy.Visible() || !strings.HasPrefix(ra.accuracy.Text, "Accuracy: "+rs.c.PlayerName(0)+" ") {
		t.Fatalf("accuracy %q", ra.accuracy.Text)
	}
	ra.toggleLive()
	for n := 0; n <= 4; n++ {
		rs.show(n)
		share, seat, ok := ra.live.bar.ev.First()
		graph := ra.graph.an.Standing[n][0]
		if !ok || seat != 0 || share != graph {
			t.Fatalf("position %d: the bar %.2f (seat %d, known %v), the graph %.2f", n, share, seat, ok, graph)
		}
		want := fmt.Sprintf("%s %.0f%%", rs.c.PlayerName(0), 100*graph)
		if !strings.HasPrefix(ra.live.pv.Text, want) {
			t.Fatalf("position %d: line %q, want %q first", n, ra.live.pv.Text, want)
		}
	}
}
