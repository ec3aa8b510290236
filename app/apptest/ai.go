package apptest

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/jumpers-game/jumpers/core"
)

// AICall is one request to the FakeAI, answered by the test.
type AICall struct {
	Pos    core.Position
	Req    core.AIRequest
	Ctx    context.Context
	Answer chan string // the move the AI answers
}

// FakeAI hands every request to the test and waits for its answer; a
// cancelled context (Stop) answers with the "best move so far".
type FakeAI struct {
	calls chan *AICall
	mu    sync.Mutex
	best  string
}

// NewFakeAI makes a fake AI whose best move so far is best.
func NewFakeAI(best string) *FakeAI {
	return &FakeAI{calls: make(chan *AICall, 10), best: best}
}

// SetBest changes the move answered on cancellation ("" = none found yet).
func (f *FakeAI) SetBest(m string) {
	f.mu.Lock()
	f.best = m
	f.mu.Unlock()
}

// BestMove is the controller's AI function.
func (f *FakeAI) BestMove(ctx context.Context, pos core.Position, req core.AIRequest) (core.AIResult, error) {
	call := &AICall{Pos: pos, Req: req, Ctx: ctx, Answer: make(chan string, 1)}
	f.calls <- call
	select {
	case m := <-call.Answer:
		return core.AIResult{Move: m}, nil
	case <-ctx.Done():
		f.mu.Lock()
		defer f.mu.Unlock()
		return core.AIResult{Move: f.best}, nil
	}
}

// Next waits for the next request.
func (f *FakeAI) Next(t testing.TB) *AICall {
	t.Helper()
	select {
	case c := <-f.calls:
		return c
	case <-time.After(5 * time.Second):
		t.Fatal("the AI was not asked")
	}
	return nil
}
