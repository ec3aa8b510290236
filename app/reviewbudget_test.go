package app

import (
	"context"
	"sync"
	"testing"

	"github.com/jumpers-game/jumpers/app/apptest"
	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/review"
)

// nodesAI is raceOracle that records the node budget of every search.
type nodesAI struct {
	mu    sync.Mutex
	nodes map[int64]int
}

func (n *nodesAI) BestMove(ctx context.Context, pos core.Position, req core.AIRequest) (core.AIResult, error) {
	n.mu.Lock()
	n.nodes[req.Nodes]++
	n.mu.Unlock()
	return raceOracle{}.BestMove(ctx, pos, req)
}

func (n *nodesAI) asked() map[int64]int {
	n.mu.Lock()
	defer n.mu.Unlock()
	return n.nodes
}

// The app's review, in the foreground and in the background, and its
// analysis mode search a position at jumpers-cli review's default
// budget for the game's player count (review.DefaultBudget): more than
// two players get more nodes, where the review's Monte-Carlo search at
// two players' budget marked the Expert's own moves by its noise.
func TestReviewBudgetFollowsThePlayerCount(t *testing.T) {
	for _, players := range []int{0, 3, 4} {
		// Correct moves only: no move is marked, so every search is one
		// of the first pass (a mark's check searches more).
		h := raceHistory(t, 12, players, "2", "1", "1", "2")
		n := h.Start().Players()
		want := review.DefaultBudget(n).Nodes
		if n > 2 && want <= review.DefaultNodes {
			t.Fatalf("%d players: %d nodes, no more than two players' %d", n, want, review.DefaultNodes)
		}
		check := func(how string, ai *nodesAI) {
			t.Helper()
			if got := ai.asked(); len(got) != 1 || got[want] == 0 {
				t.Errorf("%d players, %s: searches by nodes %v, want all at %d", n, how, got, want)
			}
		}

		ai := &nodesAI{nodes: map[int64]int{}}
		a, err := ReviewGame(context.Background(), ai, h, ReviewSeed, DefaultReviewBudget, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range a.Moves {
			if m.Class.Marked() {
				t.Fatalf("%d players: move %d marked %v", n, m.Index, m.Class)
			}
		}
		check("ReviewGame", ai)

		q := apptest.NewQueue()
		ai = &nodesAI{nodes: map[int64]int{}}
		finished := false
		StartReview(ai, q.Post, h, ReviewSeed, DefaultReviewBudget, nil, func(Analysis, error) { finished = true })
		for !finished {
			q.RunOne(t)
		}
		check("StartReview", ai)

		ai = &nodesAI{nodes: map[int64]int{}}
		var last LiveEval
		an := NewAnalyst(ai, q.Post, ReviewSeed, func(ev LiveEval) { last = ev })
		an.Ask(h.Position(1))
		for !last.Final {
			q.RunOne(t)
		}
		an.Stop()
		check("Analyst", ai)
	}
}
