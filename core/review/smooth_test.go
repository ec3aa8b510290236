package review

import (
	"context"
	"testing"

	"github.com/jumpers-game/jumpers/core"
	cc "github.com/jumpers-game/jumpers/core/chinesecheckers"
	"github.com/jumpers-game/jumpers/core/cube"
)

// A position's score is the mean of its search's last two depths: the
// engines' scores swing with the depth's parity, and a review that took
// the last depth alone judged a move by where its node budget ran out.
func TestEvaluateTakesTheMeanOfTheLastTwoDepths(t *testing.T) {
	for _, tc := range []struct {
		g    core.Game
		opts core.Options
	}{
		{cube.Game{}, core.Options{}.WithInt(core.OptSize, 6)},
		{cc.Game{}, core.Options{}.WithInt(core.OptPlayers, 2)},
	} {
		pos := start(t, tc.g, tc.opts)
		var heard []core.SearchInfo
		ev, err := Evaluate(context.Background(), tc.g.BestMove, pos, Seed, Budget{Nodes: 20_000}, func(si core.SearchInfo) { heard = append(heard, si) })
		if err != nil {
			t.Fatal(err)
		}
		if len(heard) < 2 {
			t.Fatalf("%s: %d iterations heard", tc.g.ID(), len(heard))
		}
		last, before := heard[len(heard)-1], heard[len(heard)-2]
		if before.Depth != last.Depth-1 || last.Mate != 0 {
			t.Fatalf("%s: last iterations %+v, %+v", tc.g.ID(), before, last)
		}
		if want := (last.Score + before.Score) / 2; ev.Score != want || ev.Depth != last.Depth {
			t.Fatalf("%s: score %d at depth %d, want the mean of depth %d's %d and depth %d's %d", tc.g.ID(), ev.Score, ev.Depth, before.Depth, before.Score, last.Depth, last.Score)
		}
		if last.Score == before.Score {
			t.Fatalf("%s: the last two depths agree (%d): the test shows nothing", tc.g.ID(), last.Score)
		}
	}
}

// A forced result stands as the search found it, and a search that told
// of one iteration only keeps its score.
func TestSmoothKeepsMatesAndSingleDepths(t *testing.T) {
	var it iterations
	hear := it.hear(nil)
	hear(core.SearchInfo{Depth: 1, Score: 40})
	if got := it.smooth(core.SearchInfo{Depth: 1, Score: 40}); got.Score != 40 {
		t.Fatalf("one depth: %d", got.Score)
	}
	hear(core.SearchInfo{Depth: 2, Score: 100})
	if got := it.smooth(core.SearchInfo{Depth: 2, Score: 100}); got.Score != 70 {
		t.Fatalf("two depths: %d, want 70", got.Score)
	}
	hear(core.SearchInfo{Depth: 3, Mate: 3, Score: 1_000_000})
	if got := it.smooth(core.SearchInfo{Depth: 3, Mate: 3, Score: 1_000_000}); got.Mate != 3 || got.Score != 1_000_000 {
		t.Fatalf("mate: %+v", got)
	}
	// A final word from a cut iteration (not the last completed one)
	// stands as it is.
	if got := it.smooth(core.SearchInfo{Depth: 4, Score: 10}); got.Score != 10 {
		t.Fatalf("cut iteration: %d", got.Score)
	}
}
