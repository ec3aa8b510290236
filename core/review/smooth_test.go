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

// A marked move's two positions, searched again at twice the budget, are
// compared at one depth: the shallower search's. A node budget takes one
// position a ply deeper than the other, and the scores of a deeper ply
// are other scores (here they grow by 20 a ply and swing by 200 with the
// parity): compared at their own last depths, two equal moves differed.
func TestCheckComparesAtOneDepth(t *testing.T) {
	g := cube.Game{}
	before := start(t, g, core.Options{}.WithInt(core.OptSize, 4))
	moves := before.Moves()
	played, best := moves[0], moves[1]
	afterPlayed, _ := before.Play(played)
	const base = 1000
	search := func(ctx context.Context, pos core.Position, req core.AIRequest) (core.AIResult, error) {
		depths, shift := 6, 0
		switch {
		case pos.String() == before.String():
			return core.AIResult{Move: best, Info: core.SearchInfo{Depth: 6, Nodes: 1}}, nil
		case pos.String() == afterPlayed.String() && req.Nodes == base:
			shift = 5000 // the first look: the move seems to lose much
		case pos.String() == afterPlayed.String():
			depths = 7 // twice the budget: a ply deeper than the other
		}
		var last core.SearchInfo
		for d := 1; d <= depths; d++ {
			last = core.SearchInfo{Depth: d, Score: shift + 20*d + 200*(d%2), Nodes: int64(d)}
			if req.Info != nil {
				req.Info(last)
			}
		}
		return core.AIResult{Move: moves[0], Info: last}, nil
	}
	a, err := Game(context.Background(), search, historyOf(t, before, played), Seed, Budget{Nodes: base}, nil)
	if err != nil {
		t.Fatal(err)
	}
	mr := a.Moves[0]
	if !mr.Checked || mr.Loss != 0 || mr.Class.Marked() {
		t.Fatalf("checked %v, loss %.3f, %v: the two positions were not compared at one depth", mr.Checked, mr.Loss, mr.Class)
	}
}

func historyOf(t *testing.T, start core.Position, moves ...string) *core.History {
	t.Helper()
	h := core.NewHistory(start, "")
	for _, m := range moves {
		if err := h.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	return h
}
