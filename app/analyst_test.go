package app

import (
	"context"
	"testing"

	"github.com/jumpers-game/jumpers/app/apptest"
	"github.com/jumpers-game/jumpers/core"
)

// answeredAI hands each request to the test, which answers with a score.
type answeredAI struct{ calls chan answeredCall }

type answeredCall struct {
	pos    core.Position
	ctx    context.Context
	answer chan int
}

func (a answeredAI) BestMove(ctx context.Context, pos core.Position, _ core.AIRequest) (core.AIResult, error) {
	c := answeredCall{pos: pos, ctx: ctx, answer: make(chan int, 1)}
	a.calls <- c
	select {
	case s := <-c.answer:
		return core.AIResult{Move: "1", Info: core.SearchInfo{Depth: 5, Score: s, Nodes: 100, PV: []string{"1", "2"}}}, nil
	case <-ctx.Done():
		return core.AIResult{}, ctx.Err()
	}
}

func TestAnalystLatestRequestWins(t *testing.T) {
	q := apptest.NewQueue()
	ai := answeredAI{calls: make(chan answeredCall, 4)}
	var got []LiveEval
	an := NewAnalyst(ai, q.Post, 1, func(ev LiveEval) { got = append(got, ev) })
	h := raceHistory(t, 20, 0, "1", "2")
	an.Ask(h.Position(1))
	first := <-ai.calls
	an.Ask(h.Position(1)) // the same position: nothing new
	an.Ask(h.Position(2))
	second := <-ai.calls
	if first.ctx.Err() == nil {
		t.Fatal("the first search was not cancelled")
	}
	q.RunOne(t) // the first search's end: dropped
	if len(got) != 0 {
		t.Fatalf("a stale result was reported: %+v", got)
	}
	second.answer <- 300
	q.RunOne(t)
	if len(got) != 1 || got[0].Pos.String() != h.Position(2).String() || !got[0].Known || got[0].Best != "1" ||
		len(got[0].PV) != 2 || got[0].Seat != 0 || got[0].Standing[0] <= 0.5 || got[0].Standing[1] != 1-got[0].Standing[0] {
		t.Fatalf("reported %+v", got)
	}
	// A finished game needs no search.
	end := raceHistory(t, 2, 0, "2")
	an.Ask(end.Current()) // answered at once
	if len(got) != 2 || !got[1].Known || got[1].Standing[0] != 1 {
		t.Fatalf("game over: %+v", got[1:])
	}
	an.Ask(h.Position(0))
	third := <-ai.calls
	an.Stop()
	if third.ctx.Err() == nil {
		t.Fatal("Stop did not cancel")
	}
	q.RunOne(t)
	if len(got) != 2 {
		t.Fatal("reported after Stop")
	}
}
