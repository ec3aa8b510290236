package coretest

import (
	"context"
	"math/rand"
	"testing"

	"github.com/jumpers-game/jumpers/core"
)

// RandomAgainstEngine plays a game of g from opts in which seat random
// plays uniformly random legal moves (seeded by seed) and the other
// seats the engine's strongest level at nodes a move: the game of the
// review's "done when" (a random player must be marked, the engine not).
// It stops at the end or after maxPlies moves.
func RandomAgainstEngine(t testing.TB, g core.Game, opts core.Options, random int, seed, nodes int64, maxPlies int) *core.History {
	t.Helper()
	start, err := g.Start(opts.With(core.OptRules, g.RuleSets()[0]))
	if err != nil {
		t.Fatal(err)
	}
	h := core.NewHistory(start, "")
	rng := rand.New(rand.NewSource(seed))
	for ply := 0; ply < maxPlies && !h.Current().Result().Over; ply++ {
		pos := h.Current()
		var move string
		if pos.ToMove() == random {
			ms := pos.Moves()
			move = ms[rng.Intn(len(ms))]
		} else {
			res, err := g.BestMove(context.Background(), pos, core.AIRequest{Level: core.Expert, Nodes: nodes, Seed: seed})
			if err != nil {
				t.Fatal(err)
			}
			move = res.Move
		}
		if err := h.Play(move); err != nil {
			t.Fatal(err)
		}
	}
	return h
}
