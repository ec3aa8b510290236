package cube

import (
	"context"
	"errors"
	"math/rand/v2"
	"sync"
	"testing"
	"time"

	"github.com/jumpers-game/jumpers/core"
)

// winningMoves lists the moves of b that win at once.
func winningMoves(b *Board) map[Move]bool {
	out := map[Move]bool{}
	for _, m := range b.Moves(nil) {
		c := *b
		c.Play(m)
		if over, _ := c.Outcome(); over {
			out[m] = true
		}
	}
	return out
}

// safeMoves lists the moves of b after which the opponent cannot win at
// once.
func safeMoves(b *Board) map[Move]bool {
	out := map[Move]bool{}
	for _, m := range b.Moves(nil) {
		c := *b
		c.Play(m)
		if len(winningMoves(&c)) == 0 {
			out[m] = true
		}
	}
	return out
}

// tacticalPositions finds, by seeded random games on small boards,
// positions with a win in one (kind "win") or where most moves lose at once
// but one does not (kind "defend").
func tacticalPositions(kind string, count int) []Board {
	rng := rand.New(rand.NewPCG(21, 22))
	var out []Board
	for len(out) < count {
		n := 3 + rng.IntN(3)
		b, _ := NewBoard(n)
		for {
			if over, _ := b.Outcome(); over {
				break
			}
			switch kind {
			case "win":
				if w := len(winningMoves(&b)); w > 0 && w < b.NumMoves() {
					out = append(out, b)
				}
			case "defend":
				if len(winningMoves(&b)) == 0 {
					if s := len(safeMoves(&b)); s > 0 && 2*s < b.NumMoves() {
						out = append(out, b)
					}
				}
			}
			if len(out) == count {
				break
			}
			b.Play(greedyRandom(rng, &b))
		}
	}
	return out
}

// fastLevels are the levels with budgets cut down for tests: the weak
// levels keep their own settings (depth 2 and noise), the strong ones get
// 30 ms.
func fastRequest(level, style string, seed int64) core.AIRequest {
	req := core.AIRequest{Level: level, Style: style, Seed: seed}
	switch level {
	case core.Average, core.Strong, core.Expert:
		req.MoveTime = 30 * time.Millisecond
	}
	return req
}

var allLevels = []string{core.Beginner, core.Novice, core.Average, core.Strong, core.Expert}

func bestMove(t *testing.T, b Board, req core.AIRequest) Move {
	t.Helper()
	res, err := Game{}.BestMove(context.Background(), NewPosition(b), req)
	if err != nil {
		t.Fatalf("BestMove(%s): %v", b, err)
	}
	m, err := ParseMove(b.Size(), res.Move)
	if err != nil {
		t.Fatalf("BestMove(%s) = %q: %v", b, res.Move, err)
	}
	if err := b.Legal(m); err != nil {
		t.Fatalf("BestMove(%s) = %q: %v", b, res.Move, err)
	}
	return m
}

func TestAITakesImmediateWin(t *testing.T) {
	for i, b := range tacticalPositions("win", 6) {
		wins := winningMoves(&b)
		for _, style := range []string{Kepler, Newton} {
			for _, level := range allLevels {
				if m := bestMove(t, b, fastRequest(level, style, int64(i))); !wins[m] {
					t.Errorf("%s %s on %s played %s, not a win", level, style, b, FormatMove(b.Size(), m))
				}
			}
		}
	}
}

func TestAIAvoidsImmediateLoss(t *testing.T) {
	for i, b := range tacticalPositions("defend", 6) {
		safe := safeMoves(&b)
		for _, style := range []string{Kepler, Newton} {
			for _, level := range allLevels {
				if m := bestMove(t, b, fastRequest(level, style, int64(i))); !safe[m] {
					t.Errorf("%s %s on %s played %s, which loses at once (%d safe moves)", level, style, b, FormatMove(b.Size(), m), len(safe))
				}
			}
		}
	}
}

// playAI plays one game between two requests and returns the winner.
func playAI(t *testing.T, b Board, red, blue core.AIRequest) int {
	reqs := [2]core.AIRequest{red, blue}
	for ply := 0; ; ply++ {
		if over, w := b.Outcome(); over {
			return w
		}
		req := reqs[b.ToMove()]
		req.Seed += int64(ply)
		b.Play(bestMove(t, b, req))
	}
}

func TestExpertBeatsBeginner(t *testing.T) {
	// Expert capped at depth 3 to keep the test fast; it still wins.
	expert := core.AIRequest{Level: core.Expert, Depth: 3}
	beginner := core.AIRequest{Level: core.Beginner}
	wins := 0
	const games = 4
	for g := 0; g < games; g++ {
		start, _ := NewBoard(5)
		rng := rand.New(rand.NewPCG(uint64(g), 31))
		start.Play(start.Moves(nil)[rng.IntN(25)])
		expert.Seed, beginner.Seed = int64(g), int64(g)
		if g%2 == 0 {
			// Expert is Blue: the random first move was Red's.
			if playAI(t, start, beginner, expert) == Blue {
				wins++
			}
		} else if playAI(t, start, expert, beginner) == Red {
			wins++
		}
	}
	if wins < games-1 {
		t.Errorf("Expert won %d of %d games against Beginner", wins, games)
	}
}

func TestAICancelledContext(t *testing.T) {
	b, _ := ParseBoard(midgamesForTest[7])
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err := Game{}.BestMove(ctx, NewPosition(b), core.AIRequest{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := NewPosition(b).Play(res.Move); err != nil {
		t.Errorf("cancelled search answered %q: %v", res.Move, err)
	}
	// Counted in work, not time: a loaded machine's clock says nothing.
	if res.Info.Depth > 1 {
		t.Errorf("a search cancelled before it began went to depth %d", res.Info.Depth)
	}

	// Cancelled while searching without limits.
	ctx, cancel = context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	start := time.Now()
	res, err = Game{}.BestMove(ctx, NewPosition(b), core.AIRequest{Infinite: true})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := NewPosition(b).Play(res.Move); err != nil {
		t.Errorf("stopped search answered %q: %v", res.Move, err)
	}
	// Only a search that ignores its deadline takes this long.
	if d := time.Since(start); d > 30*time.Second {
		t.Errorf("stopped search took %v", d)
	}
}

// midgamesForTest: a 7x7 position in the middle of a game.
var midgamesForTest = map[int]string{
	7: "2b2b2r1-2r2b2b/1b2b2r1-1-2b1b/2b2b2r1-1-2b2b/2r1-2r2r2b1-2r/1-1-2b1-1-2b1-/2r1-1-1-1-2r2r/1r2r2b2b2r1r2r b",
}

func TestAISameSeedSameMove(t *testing.T) {
	b, _ := ParseBoard(midgamesForTest[7])
	for _, req := range []core.AIRequest{
		{Depth: 3, Seed: 7},
		{Style: Newton, Depth: 3, Seed: 7},
		// The levels' noise is seeded; a minute's budget lets the depth
		// cap, not a loaded machine's clock, end the search.
		{Level: core.Beginner, Seed: 99, MoveTime: time.Minute},
		{Level: core.Novice, Seed: 5, MoveTime: time.Minute},
		{Nodes: 5000, Seed: 3},
	} {
		first := bestMove(t, b, req)
		for i := 0; i < 2; i++ {
			if m := bestMove(t, b, req); m != first {
				t.Errorf("%+v: %s then %s", req, FormatMove(7, first), FormatMove(7, m))
			}
		}
	}
}

func TestAIConcurrent(t *testing.T) {
	b, _ := ParseBoard(midgamesForTest[7])
	var wg sync.WaitGroup
	moves := make([]Move, 6)
	for i := range moves {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			res, err := Game{}.BestMove(context.Background(), NewPosition(b), core.AIRequest{Depth: 3, Seed: 1, Style: []string{Kepler, Newton}[i%2]})
			if err != nil {
				t.Error(err)
				return
			}
			m, _ := ParseMove(7, res.Move)
			moves[i] = m
		}(i)
	}
	wg.Wait()
	for i := 2; i < len(moves); i++ {
		if moves[i] != moves[i-2] {
			t.Errorf("concurrent searches of one request disagree: %v", moves)
		}
	}
}

func TestAIErrorsAndInfo(t *testing.T) {
	g := Game{}
	won := mustParse(t, "3r3r/1r2r b")
	if _, err := g.BestMove(context.Background(), NewPosition(won), core.AIRequest{}); !errors.Is(err, core.ErrGameOver) {
		t.Errorf("finished game: %v", err)
	}
	b, _ := NewBoard(4)
	if _, err := g.BestMove(context.Background(), NewPosition(b), core.AIRequest{Level: "Grandmaster"}); err == nil {
		t.Error("unknown level accepted")
	}
	if _, err := g.BestMove(context.Background(), NewPosition(b), core.AIRequest{Style: "Galileo"}); err == nil {
		t.Error("unknown style accepted")
	}
	var infos []core.SearchInfo
	res, err := g.BestMove(context.Background(), NewPosition(b), core.AIRequest{Depth: 3, Info: func(i core.SearchInfo) { infos = append(infos, i) }})
	if err != nil {
		t.Fatal(err)
	}
	if len(infos) != 3 || infos[2].Depth != 3 || res.Info.Depth != 3 || len(res.Info.PV) == 0 || res.Info.PV[0] != res.Move {
		t.Errorf("infos %+v, result %+v", infos, res)
	}
}

// The evaluation is zero-sum and bounded, on positions from random games.
func TestEvalSymmetry(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 42))
	for i := 0; i < 300; i++ {
		n := 2 + rng.IntN(14)
		b := mustParse(t, randomSettled(rng, n, 0.5).text())
		for st, cfg := range configs {
			r, bl := cfg.Eval(&b, Red), cfg.Eval(&b, Blue)
			if r != -bl || r > 400000 || r < -400000 {
				t.Fatalf("style %d on %s: red %d, blue %d", st, b, r, bl)
			}
		}
	}
}
