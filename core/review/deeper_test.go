package review

import (
	"context"
	"strings"
	"testing"

	"github.com/jumpers-game/jumpers/core"
	cc "github.com/jumpers-game/jumpers/core/chinesecheckers"
)

// With more than two players a move still marked after the first check
// is compared at four times the review's budget, not twice: the
// multi-player search's estimate of the race still swings at twice the
// budget. Here the engine (the first legal move for the others) sees the
// position after seat 0's move as lost up to twice the budget and as
// even from four times: the move is not marked. With two players the
// comparison stays at twice the budget, and the same engine marks it.
func TestCheckComparesMorePlayersAtFourTimesTheBudget(t *testing.T) {
	for _, tc := range []struct {
		players int
		marked  bool
	}{{3, false}, {4, false}, {2, true}} {
		before := start(t, cc.Game{}, core.Options{}.WithInt(core.OptPlayers, tc.players))
		moves := before.Moves()
		played, best := moves[0], moves[len(moves)-1]
		hole := landing(t, before, played)
		const base = 1000
		search := func(_ context.Context, pos core.Position, req core.AIRequest) (core.AIResult, error) {
			m := pos.Moves()[0]
			if pos.String() == before.String() {
				m = best
			}
			score := 0
			if req.Nodes < 4*base && pos.String()[hole] != before.String()[hole] {
				// seat 0's piece stands on the played move's hole: after
				// two players' move, seat 0 is not to move (its score
				// for the other seat is the opposite).
				score = -300
				if pos.ToMove() != 0 {
					score = 300
				}
			}
			return core.AIResult{Move: m, Info: core.SearchInfo{Depth: 1, Nodes: 1, Score: score, PV: []string{m}}}, nil
		}
		j, err := JudgeMove(context.Background(), search, before, played, Seed, Budget{Nodes: base})
		if err != nil {
			t.Fatal(err)
		}
		if j.Before-j.After < BlunderLoss || !j.Checked || j.Class.Marked() != tc.marked {
			t.Errorf("%d players: %+v, want marked %v", tc.players, j.MoveReview, tc.marked)
		}
	}
}

// landing is the index in pos's text of the hole that move fills.
func landing(t *testing.T, pos core.Position, move string) int {
	t.Helper()
	after, err := pos.Play(move)
	if err != nil {
		t.Fatal(err)
	}
	a, b := pos.String(), after.String()
	board := strings.IndexByte(a, ' ')
	for i := 0; i < board; i++ {
		if a[i] == '.' && b[i] != '.' {
			return i
		}
	}
	t.Fatalf("%s fills no hole of %s", move, a)
	return 0
}

// The Expert's move 179 of a four-player game of tools/reviewcheck
// (seat 0 random, the others the Expert at 20,000 nodes a move): h2g2
// keeps a piece on k5 that the next racer hops over, where the engine's
// k5k3 does not. The engine rates that hop 12 points of the mover's
// expected score compared at twice the review's budget, 9 at four times
// and under 1 at sixteen, and every game played out from both moves gave
// the same places: the review does not mark it.
func TestFourPlayersExpertMoveNotMarked(t *testing.T) {
	if testing.Short() {
		t.Skip("a few seconds of search")
	}
	g := cc.Game{}
	pos, err := g.ParsePosition("3/33/333/3333/.........4444/.........444/.........44/.........4/........./2........./22........./222........./2222........./1111/111/11/1 1 S,SW,N,NE", "")
	if err != nil {
		t.Fatal(err)
	}
	const moves = `
d4e9 f3g3 n2m7 m10l9 e9f9 f1h3 p2l7 m12k8 d1e6 f2h4 o3k7 l10l6 f9g9
e3e7 o1k9 l12j6 e6d1 g2i4 q1m9 l9j5 g9h8 g3i5 n4j7 k10k6 c3d4 e1e5
n3m8 k11i9 h8h7 h3h5 p1j8 j10k10 d3e8 e7e9 k7g7 l11j9 d1d3 h4h8 k9g9
i9k7 b2c3 e4f4 j7i6 k10g6 d3f6 f4j7 g7e7 j9k9 h7g7 e5f5 o2n3 g6g4 d4f7
h5h6 n3l8 k8e6 d2d1 j7k8 j8i7 k9j8 c3d4 g1i1 m7k5 j8j7 d4j8 h1j2 k5j4
k7i3 a1b2 i4k4 l7f4 j7h2 d1e5 i1k9 m9g3 m13m12 f7h7 f5h9 m8l7 m12m10
h7f7 j2j3 l8k7 k6g2 c1d2 k8k10 e7a1 m11m9 f7h3 h6h7 l7d3 m9l9 f6f7
k4k8 k7j7 j5d1 h3h4 j3h6 j4h3 j6h5 f7d4 h9i9 n1m6 h2f2 b1c1 e2f1 g9f9
g2f3 j8l8 h8i8 m6k6 m10l10 c1c3 h6l11 k6j6 l9f8 e5e7 f1g1 h3f5 h5h3
d4f7 i5m9 f9d4 g4e2 h4i4 g1g2 g3c1 l10l9 c2b1 h7l12 f4e5 f2f1 f7h9
g2h2 j7h6 l9h4 g7h7 e9k7 i6g6 f8f7 h9j8 i8j9 c1c2 f7j4 d2h5 k9m11 f5d2
d1f2 e8f8 h2g3 j6i6 h3h2 h5f7 k7m13 i6e8 e6e4 i4h5 g3g2 i7g7 j4h3
j8j10 k8m12 e5d1 i3g3 h7h8 g2i2 h6f6 h4g5 h8g8 i9k11 c2c1 g3e3 g8h8
i2j3 g6c2 l6k5 h5h4 j3k4
`
	for _, m := range strings.Fields(moves) {
		if pos, err = pos.Play(m); err != nil {
			t.Fatal(m, err)
		}
	}
	j, err := JudgeMove(context.Background(), g.BestMove, pos, "h2g2", Seed, Budget{Nodes: DefaultNodes})
	if err != nil {
		t.Fatal(err)
	}
	if j.Mover != 3 || j.Best != "k5k3" || !j.Checked || j.Class.Marked() {
		t.Fatalf("%+v", j.MoveReview)
	}
}

// The check follows the others' moves to the mover's next turn whether
// or not the engine scores their positions: a Chinese Checkers player
// racing home by the race planner gets a move and no score (no nodes
// searched). Here seat 1's positions have no score, and seat 0's
// position at its next turn is as bad after the engine's move as after
// the move played: the move is not marked. The check stopped at seat 1
// before, and the first judgement (a blunder) stood.
func TestCheckFollowsOthersWithoutAScore(t *testing.T) {
	before := start(t, cc.Game{}, core.Options{}.WithInt(core.OptPlayers, 3))
	moves := before.Moves()
	played, best := moves[0], moves[len(moves)-1]
	search := func(_ context.Context, pos core.Position, _ core.AIRequest) (core.AIResult, error) {
		m := pos.Moves()[0]
		info := core.SearchInfo{Depth: 1, Nodes: 1, PV: []string{m}}
		switch {
		case pos.String() == before.String():
			m, info.PV = best, []string{best}
		case pos.ToMove() == 1:
			info = core.SearchInfo{} // racing home: a move, no score
		case pos.ToMove() == 0:
			info.Score = -300 // seat 0 has lost ground, whatever it played
		}
		return core.AIResult{Move: m, Info: info}, nil
	}
	h := historyOf(t, before, played)
	for range 2 {
		if err := h.Play(h.Current().Moves()[0]); err != nil {
			t.Fatal(err)
		}
	}
	a, err := Game(context.Background(), search, h, Seed, Budget{Nodes: 1000}, nil)
	if err != nil {
		t.Fatal(err)
	}
	m := a.Moves[0]
	if m.Before-m.After < BlunderLoss || !m.Checked || m.Class.Marked() {
		t.Fatalf("move 1: %+v", m)
	}
}
