package app

import (
	"context"
	"testing"
	"time"

	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/cube"
	"github.com/jumpers-game/jumpers/core/review"
)

// horizonOracle is raceOracle but for the start, where it does not see
// the loss: it calls the start a win with 1, as a search whose horizon
// falls short of the forced loss would.
type horizonOracle struct{ asked *int }

func (o horizonOracle) BestMove(ctx context.Context, pos core.Position, req core.AIRequest) (core.AIResult, error) {
	*o.asked++
	if pos.(race).n == 0 {
		return core.AIResult{Move: "1", Info: core.SearchInfo{Score: 1000, Nodes: 1, PV: []string{"1"}}}, nil
	}
	return raceOracle{}.BestMove(ctx, pos, req)
}

// From 0 of 9 the side to move is lost whatever it plays; an engine that
// did not see it before the move but sees it after must not blame the
// move: the engine's own move loses as much.
func TestReviewBlamesNoMoveForTheHorizon(t *testing.T) {
	h := raceHistory(t, 9, 0, "2", "1", "2", "1", "2", "1")
	if !h.Current().Result().Over {
		t.Fatal("the race did not end")
	}
	asked := 0
	a, err := ReviewGame(context.Background(), horizonOracle{&asked}, h, 1, Budget{Nodes: 1}, nil)
	if err != nil {
		t.Fatal(err)
	}
	m := a.Moves[0]
	if m.Before-m.After < review.BlunderLoss || m.Best == m.Played {
		t.Fatalf("the case does not test the check: %+v", m)
	}
	if !m.Known || !m.Checked || m.Class != Good || m.Loss >= review.InaccuracyLoss {
		t.Fatalf("move 1 blamed for the horizon: %+v", m)
	}
	// One search a position not over, and one for the one candidate.
	if want := h.Len() + 1; asked != want {
		t.Fatalf("%d searches, want %d", asked, want)
	}
}

// The player's case: on a 3×3 Jumping Cube board the corners are mirror
// images, so opening in one corner is never worse than the engine's
// choice of another, whatever its search saw before the move.
func TestReviewMirrorMovesAreNotMarked(t *testing.T) {
	g := cube.Game{}
	start, err := g.Start(core.Options{}.WithInt(core.OptSize, 3).With(core.OptRules, g.RuleSets()[0]))
	if err != nil {
		t.Fatal(err)
	}
	for _, corner := range []string{"1:1", "3:1", "1:3", "3:3"} {
		h := core.NewHistory(start, "")
		if err := h.Play(corner); err != nil {
			t.Fatal(err)
		}
		for _, nodes := range []int64{2000, 60_000} {
			a, err := ReviewGame(context.Background(), g, h, 1, Budget{Nodes: nodes, Time: 10 * time.Second}, nil)
			if err != nil {
				t.Fatal(err)
			}
			m := a.Moves[0]
			isCorner := m.Best == "1:1" || m.Best == "3:1" || m.Best == "1:3" || m.Best == "3:3"
			if isCorner && m.Class > Good {
				t.Errorf("%s at %d nodes marked %v (−%.0f%%) for the corner %s: %+v", corner, nodes, m.Class, 100*m.Loss, m.Best, m)
			}
		}
	}
}

// seatOracle scores a race of three by a rule: seat 0's score at a
// position where it is to move is seat0(n); the others see 0; the start
// claims a win for seat 0 with 1.
type seatOracle struct {
	seat0 func(n int) int
	asked *int
}

func (o seatOracle) BestMove(_ context.Context, pos core.Position, _ core.AIRequest) (core.AIResult, error) {
	*o.asked++
	p := pos.(race)
	score := 0
	switch {
	case p.n == 0:
		score = 1000
	case p.toMove == 0:
		score = o.seat0(p.n)
	}
	return core.AIResult{Move: "1", Info: core.SearchInfo{Score: score, Nodes: 1, PV: []string{"1"}}}, nil
}

// With three players the engine's better move is followed, the engine
// playing for the others, to the mover's next turn, as the move played
// is: the move is marked only when the better move does better there.
func TestReviewChecksThreePlayersAtTheMoversTurn(t *testing.T) {
	for _, tc := range []struct {
		name  string
		seat0 func(n int) int
		want  Class
	}{
		{"both lose", func(int) int { return -1000 }, Good},
		{"the better move wins", func(n int) int { // at 3, not at 4
			if n%2 == 1 {
				return 1000
			}
			return -1000
		}, Blunder},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// Seat 0 plays 2 (to 2), the others 1 each: its next turn at 4;
			// the engine's 1 and the others' 1s reach 3.
			h := raceHistory(t, 100, 3, "2", "1", "1")
			asked := 0
			a, err := ReviewGame(context.Background(), seatOracle{tc.seat0, &asked}, h, 1, Budget{Nodes: 1}, nil)
			if err != nil {
				t.Fatal(err)
			}
			m := a.Moves[0]
			if !m.Checked || m.Class != tc.want || m.Before-m.After < review.BlunderLoss {
				t.Fatalf("move 1: %+v", m)
			}
			// Four positions, and three for the better move (n = 1, 2, 3);
			// a move still marked then has both moves' lines searched
			// again at twice the budget (three searches each), and each
			// move's position at the mover's turn under the other line's
			// answers (one search each).
			want := 4 + 3
			if tc.want > Good {
				want += 3 + 3 + 2
			}
			if asked != want {
				t.Fatalf("%d searches, want %d", asked, want)
			}
		})
	}
}

// answerOracle is seatOracle whose seat 1 answers 2 at n = 2 (after seat
// 0's 2) and 1 elsewhere (after seat 0's 1): the answers differ after the
// two moves.
type answerOracle struct{ seatOracle }

func (o answerOracle) BestMove(ctx context.Context, pos core.Position, req core.AIRequest) (core.AIResult, error) {
	res, err := o.seatOracle.BestMove(ctx, pos, req)
	if p := pos.(race); p.toMove == 1 && p.n == 2 {
		res.Move, res.Info.PV = "2", []string{"2"}
	}
	return res, err
}

// With three players a move is not blamed for how the others chose to
// answer it: seat 0's 2 (the engine's move is 1) reaches its next turn at
// 5 where the engine's 1 reaches 3, since seat 1 answers the 2 with 2 and
// the 1 with 1. Under the same answers the 2 ends at 5 against the 1's 4
// (the answers to the 2) and at 4 against 3 (the answers to the 1). When
// 3 and 4 are won and 5 lost, the 2 loses nothing under the answers to
// the 1: the answer decided, not the move, and the 2 is not marked. When
// 4 is even, the 2 loses half a game whichever way the others answer and
// stays a blunder.
func TestReviewJudgesThreePlayersUnderTheSameAnswers(t *testing.T) {
	for _, tc := range []struct {
		name string
		at4  int
		want Class
	}{
		{"the answer decides", 1000, Good},
		{"the move decides", 0, Blunder},
	} {
		t.Run(tc.name, func(t *testing.T) {
			seat0 := func(n int) int {
				switch {
				case n <= 3:
					return 1000
				case n == 4:
					return tc.at4
				}
				return -1000
			}
			h := raceHistory(t, 100, 3, "2", "2", "1")
			asked := 0
			a, err := ReviewGame(context.Background(), answerOracle{seatOracle{seat0, &asked}}, h, 1, Budget{Nodes: 1}, nil)
			if err != nil {
				t.Fatal(err)
			}
			m := a.Moves[0]
			if m.Before-m.After < review.BlunderLoss || !m.Checked || m.Class != tc.want {
				t.Fatalf("move 1: %+v", m)
			}
		})
	}
}
