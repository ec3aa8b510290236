package review

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/ataxx"
	"github.com/jumpers-game/jumpers/core/cube"
)

// JudgeMove is the review's judgement of one move: over games of random
// moves (many of them blunders), each move judged alone before it is
// played gets the verdict and the loss the review of the whole game gives
// it, checked moves included.
func TestJudgeMoveAgreesWithTheReview(t *testing.T) {
	for _, tc := range []struct {
		g    core.Game
		opts core.Options
	}{
		{ataxx.Game{}, core.Options{}},
		{cube.Game{}, core.Options{}.WithInt(core.OptSize, 5)},
	} {
		t.Run(tc.g.ID(), func(t *testing.T) {
			h := core.NewHistory(start(t, tc.g, tc.opts), tc.g.RuleSets()[0])
			rng := rand.New(rand.NewPCG(7, 11))
			for range 14 {
				ms := h.Current().Moves()
				if len(ms) == 0 {
					break
				}
				if err := h.Play(ms[rng.IntN(len(ms))]); err != nil {
					t.Fatal(err)
				}
			}
			b := Budget{Nodes: 3000}
			a, err := Game(context.Background(), tc.g.BestMove, h, Seed, b, nil)
			if err != nil {
				t.Fatal(err)
			}
			checkedSeen := false
			for k, mr := range a.Moves {
				j, err := JudgeMove(context.Background(), tc.g.BestMove, h.Position(k), mr.Played, Seed, b)
				if err != nil {
					t.Fatal(err)
				}
				if j.Class != mr.Class || j.Loss != mr.Loss || j.Best != mr.Best || j.Checked != mr.Checked {
					t.Fatalf("move %d %s: judged %v (loss %.3f, best %s, checked %v), the review %v (loss %.3f, best %s, checked %v)",
						k+1, mr.Played, j.Class, j.Loss, j.Best, j.Checked, mr.Class, mr.Loss, mr.Best, mr.Checked)
				}
				checkedSeen = checkedSeen || mr.Checked
				if j.Class > Good && (!j.BetterReply.Known || !j.Reply.Known) {
					t.Fatalf("move %d: a marked move without the replies: %+v", k+1, j)
				}
			}
			if !checkedSeen {
				t.Fatal("no move was checked: the test does not reach the check")
			}
		})
	}
}

// A move that is not legal is refused before any search.
func TestJudgeMoveRefusesAnIllegalMove(t *testing.T) {
	pos := start(t, ataxx.Game{}, core.Options{})
	called := false
	search := func(context.Context, core.Position, core.AIRequest) (core.AIResult, error) {
		called = true
		return core.AIResult{}, nil
	}
	if _, err := JudgeMove(context.Background(), search, pos, "z9", Seed, Budget{Nodes: 10}); err == nil || called {
		t.Fatalf("err %v, searched %v", err, called)
	}
}
