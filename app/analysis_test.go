package app

import (
	"context"
	"testing"
	"time"

	"go.uber.org/goleak"

	"github.com/jumpers-game/jumpers/app/apptest"
	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/ataxx"
	cc "github.com/jumpers-game/jumpers/core/chinesecheckers"
	"github.com/jumpers-game/jumpers/core/cube"
	"github.com/jumpers-game/jumpers/core/review"
)

// raceOracle knows the race game exactly: the side to move wins when the
// distance to the target is not a multiple of three, by taking it to one.
type raceOracle struct{}

func (raceOracle) BestMove(_ context.Context, pos core.Position, _ core.AIRequest) (core.AIResult, error) {
	p := pos.(race)
	left := (p.target - p.n) % 3
	if left == 0 {
		return core.AIResult{Move: "1", Info: core.SearchInfo{Score: -1000, Nodes: 1, PV: []string{"1"}}}, nil
	}
	m := string(rune('0' + left))
	return core.AIResult{Move: m, Info: core.SearchInfo{Score: 1000, Nodes: 1, PV: []string{m}}}, nil
}

func raceHistory(t *testing.T, target, players int, moves ...string) *core.History {
	t.Helper()
	start, _ := raceGame{}.Start(core.Options{}.WithInt(core.OptSize, target).WithInt(core.OptPlayers, players))
	h := core.NewHistory(start, "")
	for _, m := range moves {
		if err := h.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	return h
}

func TestReviewMarksTheBlunder(t *testing.T) {
	// From 0 of 10 Red wins with 1; 2 throws the win away. Blue then
	// plays right, Red is lost whatever it plays, and Blue finishes.
	h := raceHistory(t, 10, 0, "2", "2", "1", "2", "1", "2")
	if !h.Current().Result().Over {
		t.Fatal("the race did not end")
	}
	var seen []int
	a, err := ReviewGame(context.Background(), raceOracle{}, h, 1, Budget{Nodes: 1}, func(a Analysis) { seen = append(seen, a.Done) })
	if err != nil {
		t.Fatal(err)
	}
	if len(seen) != 7 || seen[6] != 7 || a.Done != a.Total || len(a.Standing) != 7 {
		t.Fatalf("progress %v, done %d of %d", seen, a.Done, a.Total)
	}
	m1 := a.Moves[0]
	if !m1.Known || m1.Class != Blunder || m1.Best != "1" || m1.Played != "2" || m1.Mover != 0 {
		t.Fatalf("move 1: %+v", m1)
	}
	for _, m := range a.Moves[1:] {
		if m.Class > Good {
			t.Errorf("move %d (%s, best %s) marked %v, loss %.2f", m.Index, m.Played, m.Best, m.Class, m.Loss)
		}
	}
	// Who was winning: Red before its blunder, Blue after, Blue at the end.
	if a.Standing[0][0] < 0.9 || a.Standing[1][0] > 0.1 || a.Standing[6][1] != 1 || a.Standing[6][0] != 0 {
		t.Fatalf("standing %v", a.Standing)
	}
}

// With three players a move is judged at its mover's next turn.
func TestReviewThreePlayers(t *testing.T) {
	h := raceHistory(t, 12, 3, "1", "1", "1", "2")
	a, err := ReviewGame(context.Background(), raceOracle{}, h, 1, Budget{Nodes: 1}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if a.Players != 3 || len(a.Standing[0]) != 3 {
		t.Fatalf("players %d", a.Players)
	}
	// Move 1 (seat 0) is judged at position 3, seat 0's next turn; move
	// 2 (seat 1) at position 4; moves 3 and 4 at the end.
	for k, m := range a.Moves {
		if m.Index != k+1 || m.Mover != k%3 {
			t.Fatalf("move %d: %+v", k+1, m)
		}
	}
	if !a.Moves[0].Known || a.Moves[0].After != a.Standing[3][0] {
		t.Fatalf("move 1 judged with %v, standing at 3: %v", a.Moves[0].After, a.Standing[3])
	}
}

// blockingAI answers only when its context ends, and says when it was
// asked.
type blockingAI struct{ asked chan context.Context }

func (b blockingAI) BestMove(ctx context.Context, _ core.Position, _ core.AIRequest) (core.AIResult, error) {
	b.asked <- ctx
	<-ctx.Done()
	return core.AIResult{}, ctx.Err()
}

func TestStopEndsTheReviewAtOnce(t *testing.T) {
	q := apptest.NewQueue()
	ai := blockingAI{asked: make(chan context.Context, 1)}
	h := raceHistory(t, 30, 0, "1", "1", "1", "1")
	progressed, finished := 0, 0
	stop := StartReview(ai, q.Post, h, 1, Budget{Nodes: 10, Time: time.Minute},
		func(Analysis) { progressed++ }, func(Analysis, error) { finished++ })
	ctx := <-ai.asked
	stop()
	select {
	case <-ctx.Done():
	case <-time.After(time.Second):
		t.Fatal("the search was not cancelled")
	}
	q.RunOne(t) // the end, posted by the goroutine, is dropped
	if progressed != 0 || finished != 0 {
		t.Fatalf("after stop: %d progress, %d done delivered", progressed, finished)
	}
	select {
	case <-ai.asked:
		t.Fatal("the review went on after stop")
	case <-time.After(50 * time.Millisecond):
	}
}

// expertNodes caps the Expert level's searches in these tests: the level
// itself (no depth cap, no noise), stopped at a node count rather than its
// second, so that a game is the same on every run and quick.
const expertNodes = 2000

// withSlips plays a whole game of the Expert level against itself (at
// most maxPlies), except at the plies in slips, where the side to move
// plays the legal move after which the opponent's search scores best (the
// worst move it can find).
func withSlips(t *testing.T, g core.Game, start core.Position, maxPlies int, slips map[int]bool) *core.History {
	t.Helper()
	h := core.NewHistory(start, "")
	for ply := 0; !h.Current().Result().Over; ply++ {
		if ply == maxPlies {
			t.Fatalf("no end after %d plies", ply)
		}
		pos := h.Current()
		var move string
		if !slips[ply] {
			res, err := g.BestMove(context.Background(), pos, core.AIRequest{Level: core.Expert, Nodes: expertNodes, MoveTime: time.Minute, Seed: int64(ply)})
			if err != nil {
				t.Fatal(err)
			}
			move = res.Move
		} else {
			bestScore := -1 << 62
			for _, m := range pos.Moves() {
				next, err := pos.Play(m)
				if err != nil {
					t.Fatal(err)
				}
				if next.Result().Over {
					continue
				}
				// Four plies: Ataxx's selective search prunes and reduces
				// so much at three that its worst move was no mistake.
				res, err := g.BestMove(context.Background(), next, core.AIRequest{Depth: 4, Seed: 1})
				if err != nil {
					t.Fatal(err)
				}
				if res.Info.Score > bestScore {
					bestScore, move = res.Info.Score, m
				}
			}
			if move == "" {
				move = pos.Moves()[0]
			}
		}
		if err := h.Play(move); err != nil {
			t.Fatal(err)
		}
	}
	return h
}

// The real engines at tiny budgets review a finished game of the Expert
// level against itself with two deliberate slips: the review covers every
// position (a standing for each, the last one the result), marks a slip
// as a mistake or a blunder with the engine's better move, and the slips
// lose more than the Expert's own moves.
func TestReviewFindsTheSlips(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("engine searches in one goroutine (the headless run has them)")
	}
	for _, tc := range []struct {
		g     core.Game
		opts  core.Options
		slips []int // plies; 5 and 8 where not said
	}{
		// Ataxx's slips come a little later: over its first moves the
		// net sees even the worst move cost under a tenth of a win
		// (round 5's: 0.08 at ply 5), and the review rightly calls that
		// an inaccuracy.
		{ataxx.Game{}, core.Options{}, []int{11, 14}},
		{cube.Game{}, core.Options{}.WithInt(core.OptSize, 5), nil},
		{cc.Game{}, core.Options{}.WithInt(core.OptPlayers, 2), nil},
	} {
		t.Run(tc.g.ID(), func(t *testing.T) {
			opts := tc.opts
			opts = opts.With(core.OptRules, tc.g.RuleSets()[0])
			start, err := tc.g.Start(opts)
			if err != nil {
				t.Fatal(err)
			}
			slips := map[int]bool{5: true, 8: true}
			if tc.slips != nil {
				slips = map[int]bool{tc.slips[0]: true, tc.slips[1]: true}
			}
			h := withSlips(t, tc.g, start, 600, slips)
			a, err := ReviewGame(context.Background(), tc.g, h, 1, Budget{Nodes: 3000, Depth: 4, Time: 5 * time.Second}, nil)
			if err != nil {
				t.Fatal(err)
			}
			if a.Done != a.Total || a.Total != h.Len()+1 || len(a.Standing) != a.Total || len(a.Moves) != h.Len() {
				t.Fatalf("%d moves: done %d of %d, %d standings, %d move reviews", h.Len(), a.Done, a.Total, len(a.Standing), len(a.Moves))
			}
			for i, st := range a.Standing {
				if len(st) != 2 || st[0] < 0 || st[0] > 1 || st[1] < 0 || st[1] > 1 {
					t.Fatalf("position %d: standing %v", i, st)
				}
			}
			end := h.Current().Result()
			// The end may be a draw: Ataxx's side that would lose a full
			// board may jump to and fro while the other must pass, until
			// the 50-move rule.
			if last, want := a.Standing[h.Len()], review.ResultStanding(end, 2); !a.Known[h.Len()] || last[0] != want[0] || last[1] != want[1] {
				t.Fatalf("the end (%+v) stands %v", end, last)
			}
			var slipLoss, ownLoss float64
			var own int
			var checked, cleared int
			marked := 0
			for _, m := range a.Moves {
				if m.Index == 0 {
					t.Fatalf("a move without its review: %+v", a.Moves)
				}
				if !m.Known {
					continue
				}
				if m.Checked {
					checked++
					if m.Class <= Good {
						cleared++
					}
				}
				if !slips[m.Index-1] {
					ownLoss += m.Loss
					own++
					continue
				}
				slipLoss += m.Loss
				if m.Class >= Mistake {
					marked++
					if m.Best == "" || m.Best == m.Played {
						t.Errorf("move %d marked without a better move: %+v", m.Index, m)
					}
				}
			}
			if marked == 0 || own == 0 || slipLoss/2 <= ownLoss/float64(own) {
				for _, m := range a.Moves {
					t.Logf("%d %s (best %s) %.2f→%.2f %v", m.Index, m.Played, m.Best, m.Before, m.After, m.Class)
				}
				t.Fatalf("slips: %d marked, mean loss %.3f vs the engine's %.3f", marked, slipLoss/2, ownLoss/float64(own))
			}
			t.Logf("%d moves, %+v; slips lose %.2f on average, the Expert's moves %.3f; %d moves checked against the better move, %d of them cleared",
				h.Len(), h.Current().Result(), slipLoss/2, ownLoss/float64(own), checked, cleared)
		})
	}
}

// Neither a review nor the analysis mode leaves a goroutine behind once
// stopped, with the real engine searching when they are stopped.
func TestReviewAndAnalystLeaveNoGoroutines(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	g := cube.Game{}
	start, _ := g.Start(core.Options{}.WithInt(core.OptSize, 6))
	h := core.NewHistory(start, "")
	for range 10 {
		if err := h.Play(h.Current().Moves()[0]); err != nil {
			t.Fatal(err)
		}
	}
	q := apptest.NewQueue()
	progressed := make(chan struct{}, 100)
	stop := StartReview(g, q.Post, h, 1, Budget{Nodes: 1 << 40, Time: time.Minute}, func(Analysis) { progressed <- struct{}{} }, nil)
	time.Sleep(20 * time.Millisecond) // inside the first search
	stop()
	an := NewAnalyst(g, q.Post, 1, nil)
	an.SetBudget(Budget{Nodes: 1 << 40, Time: time.Minute})
	an.Ask(h.Position(3))
	an.Ask(h.Position(4))
	time.Sleep(20 * time.Millisecond)
	an.Stop()
	// Run what the goroutines post until they are gone (VerifyNone
	// retries); nothing reaches the callbacks after stop.
	deadline := time.Now().Add(5 * time.Second)
	for time.Now().Before(deadline) && q.Len() < 3 {
		time.Sleep(10 * time.Millisecond)
	}
	for q.Len() > 0 {
		q.RunOne(t)
	}
	if len(progressed) != 0 {
		t.Fatalf("%d progress reports after stop", len(progressed))
	}
}
