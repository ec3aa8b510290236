package arena_test

import (
	"context"
	"testing"

	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/arena"
	"github.com/jumpers-game/jumpers/core/coretest"
)

// threadsSeen is a game that keeps the Threads of the last request.
type threadsSeen struct {
	coretest.Takeaway
	got *int
}

func (g threadsSeen) BestMove(ctx context.Context, p core.Position, req core.AIRequest) (core.AIResult, error) {
	*g.got = req.Threads
	return g.Takeaway.BestMove(ctx, p, req)
}

// TestAIAsksForItsThreads: an in-process side's thread count goes with
// each of its requests (the arena's --threads).
func TestAIAsksForItsThreads(t *testing.T) {
	for _, n := range []int{0, 1, 3} {
		got := -1
		g := threadsSeen{got: &got}
		pos, _ := g.Start(core.Options{}.WithInt(core.OptSize, 5))
		if _, err := (arena.AI{Game: g, Level: core.Expert, Threads: n}).Move(context.Background(), pos, 1); err != nil {
			t.Fatal(err)
		}
		if got != n {
			t.Fatalf("AI with Threads %d asked for %d", n, got)
		}
	}
}
