package coretest

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/jumpers-game/jumpers/core"
)

// ParallelContract checks g's AI with several threads: timed searches of
// three threads, some cancelled early, return legal moves (run it under
// -race: the threads share one table and g's evaluation); and a request
// whose result must not depend on timing (depth-limited) gives the same
// move with Threads 4 as with one thread.
func ParallelContract(t *testing.T, g core.Game, positions []core.Position, depth int) {
	t.Helper()
	for i, p := range positions {
		for _, ms := range []int{1, 15, 40} {
			ctx, cancel := context.WithCancel(context.Background())
			if ms == 1 {
				time.AfterFunc(2*time.Millisecond, cancel)
			}
			res, err := g.BestMove(ctx, p, core.AIRequest{MoveTime: time.Duration(ms) * time.Millisecond, Threads: 3, Seed: int64(i)})
			cancel()
			if err != nil {
				t.Fatalf("%s: %d ms on 3 threads: %v", p, ms, err)
			}
			if !slices.Contains(p.Moves(), res.Move) {
				t.Fatalf("%s: %d ms on 3 threads played %q, not a legal move", p, ms, res.Move)
			}
		}
		one, err := g.BestMove(context.Background(), p, core.AIRequest{Depth: depth, Seed: 7})
		if err != nil {
			t.Fatal(err)
		}
		four, err := g.BestMove(context.Background(), p, core.AIRequest{Depth: depth, Seed: 7, Threads: 4})
		if err != nil {
			t.Fatal(err)
		}
		if one.Move != four.Move || one.Info.Nodes != four.Info.Nodes {
			t.Errorf("%s: a depth-%d request gave %s (%d nodes) on one thread, %s (%d nodes) when 4 were allowed", p, depth, one.Move, one.Info.Nodes, four.Move, four.Info.Nodes)
		}
	}
}
