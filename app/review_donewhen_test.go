package app

import (
	"context"
	"testing"

	"github.com/jumpers-game/jumpers/app/apptest"
	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/ataxx"
	cc "github.com/jumpers-game/jumpers/core/chinesecheckers"
	"github.com/jumpers-game/jumpers/core/coretest"
	"github.com/jumpers-game/jumpers/core/cube"
)

// The "done when", through the app's review: a game of random
// moves against the Expert gets mistakes or blunders on the random side
// and none on the Expert's, in every game.
func TestReviewMarksTheRandomPlayerNotTheExpert(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("engine searches in one goroutine (the headless run has them)")
	}
	const nodes = 20_000
	for _, tc := range []struct {
		name   string
		g      core.Game
		opts   core.Options
		random int
		seed   int64
		plies  int
	}{
		{"cube 6×6", cube.Game{}, core.Options{}.WithInt(core.OptSize, 6), 1, 11, 400},
		{"cube 6×6, random first", cube.Game{}, core.Options{}.WithInt(core.OptSize, 6), 0, 12, 400},
		{"ataxx", ataxx.Game{}, core.Options{}, 0, 11, 400},
		{"chinese checkers", cc.Game{}, core.Options{}.WithInt(core.OptPlayers, 2), 1, 11, 30},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := coretest.RandomAgainstEngine(t, tc.g, tc.opts, tc.random, tc.seed, nodes, tc.plies)
			a, err := ReviewGame(context.Background(), tc.g, h, ReviewSeed, Budget{Nodes: nodes}, nil)
			if err != nil {
				t.Fatal(err)
			}
			marks := 0
			for _, m := range a.Moves {
				switch {
				case m.Mover == tc.random && m.Class.Marked():
					marks++
				case m.Mover != tc.random && m.Class.Marked():
					t.Errorf("the Expert's move %d (%s, engine %s) marked %v: %.2f → %.2f", m.Index, m.Played, m.Best, m.Class, m.Before, m.After)
				}
			}
			acc := a.Accuracies()
			if marks == 0 || acc[tc.random] >= acc[1-tc.random] {
				t.Fatalf("%d moves: %d marks on the random side, accuracy %.1f (random) vs %.1f", h.Len(), marks, acc[tc.random], acc[1-tc.random])
			}
			t.Logf("%d moves: %d marks on the random side, accuracy %.1f (random) vs %.1f", h.Len(), marks, acc[tc.random], acc[1-tc.random])
		})
	}
}

// The evaluation bar (the analysis mode) and the review's graph give a
// position the same number: the analyst's final word on every position
// of a reviewed game is the review's standing there.
func TestAnalystAgreesWithTheReview(t *testing.T) {
	g := cube.Game{}
	h := coretest.RandomAgainstEngine(t, g, core.Options{}.WithInt(core.OptSize, 5), 0, 5, 2000, 16)
	budget := Budget{Nodes: 3000}
	a, err := ReviewGame(context.Background(), g, h, ReviewSeed, budget, nil)
	if err != nil {
		t.Fatal(err)
	}
	q := apptest.NewQueue()
	var last LiveEval
	an := NewAnalyst(g, q.Post, ReviewSeed, func(ev LiveEval) { last = ev })
	an.SetBudget(budget)
	for i := 0; i <= h.Len(); i++ {
		last = LiveEval{}
		an.Ask(h.Position(i))
		for !last.Final {
			q.RunOne(t)
		}
		share, seat, ok := last.First()
		if !ok || seat != 0 || !a.Known[i] || share != a.Standing[i][0] {
			t.Fatalf("position %d: the bar %.4f (seat %d, known %v), the graph %.4f (known %v)", i, share, seat, ok, a.Standing[i][0], a.Known[i])
		}
	}
	an.Stop()
}
