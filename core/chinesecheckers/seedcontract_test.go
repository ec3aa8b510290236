package chinesecheckers

import (
	"context"
	"testing"

	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/coretest"
)

func contractPositions(t *testing.T) []core.Position {
	return coretest.Positions(t, Game{},
		coretest.Line{Options: core.Options{}.WithInt(core.OptPlayers, 2), Moves: []string{"d1e5", "n4m9"}},
		coretest.Line{Options: core.Options{}.WithInt(core.OptPlayers, 3)})
}

func TestSeedContract(t *testing.T) {
	// A race too: the planner, not the search, answers there.
	race := board(t, SeedRules(), 0,
		[]string{"m5", "m6", "m7", "m8", "m9", "l5", "l6", "l7", "l8", "k6"},
		[]string{"h1", "g1", "g2", "f1", "f2", "f3", "e1", "e2", "e3", "e4"})
	coretest.SeedContract(t, Game{}, append(contractPositions(t), GamePosition{race}), 2)
}

// Run under -race by CI: the threads share one table and the evaluation.
func TestParallelContract(t *testing.T) {
	coretest.ParallelContract(t, Game{}, contractPositions(t), 2)
}

// The reproduction of the issue: three Beginner searches on a position
// used to change what Novice played on it next.
func TestNoviceAfterBeginner(t *testing.T) {
	g := Game{}
	p, _ := g.Start(core.Options{}.WithInt(core.OptPlayers, 2))
	for _, m := range []string{"d1e5", "n4m9"} {
		p, _ = p.Play(m)
	}
	novice := func() string {
		res, err := g.BestMove(context.Background(), p, core.AIRequest{Level: core.Novice, Seed: 42, Depth: 2})
		if err != nil {
			t.Fatal(err)
		}
		return res.Move
	}
	want := novice()
	for range 3 {
		if _, err := g.BestMove(context.Background(), p, core.AIRequest{Level: core.Beginner, Seed: 42}); err != nil {
			t.Fatal(err)
		}
	}
	if got := novice(); got != want {
		t.Fatalf("Novice plays %s after three Beginner searches, %s before", got, want)
	}
}
