package review

import (
	"testing"
	"time"
)

// Two players keep the budget their scales and checks were measured at;
// more players get more nodes and, in the app, more time: their
// Monte-Carlo search at 60,000 nodes marked the Expert's own moves.
func TestBudgetForPlayers(t *testing.T) {
	app := Budget{Nodes: DefaultNodes, Depth: 7, Time: 400 * time.Millisecond}
	if got := app.ForPlayers(2); got != app {
		t.Errorf("two players: %+v, want %+v", got, app)
	}
	if got := DefaultBudget(2); got != (Budget{Nodes: DefaultNodes}) {
		t.Errorf("default of two players: %+v", got)
	}
	for _, n := range []int{3, 4, 6} {
		want := Budget{Nodes: 120_000, Depth: 7, Time: 800 * time.Millisecond}
		if got := app.ForPlayers(n); got != want {
			t.Errorf("%d players: %+v, want %+v", n, got, want)
		}
		if got := DefaultBudget(n); got != (Budget{Nodes: want.Nodes}) {
			t.Errorf("default of %d players: %+v, want %d nodes", n, got, want.Nodes)
		}
	}
}
