package app

import (
	"context"
	"fmt"

	"github.com/jumpers-game/jumpers/core"
)

// bestMove asks ai for a move; a panic in the engine becomes an error
// ("<who> failed: ...") instead of killing the app. Every search of the
// app (the computer's turn, a hint, a review, the analysis mode) goes
// through it.
func bestMove(ctx context.Context, ai AI, pos core.Position, req core.AIRequest, who string) (res core.AIResult, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("%s failed: %v", who, p)
		}
	}()
	return ai.BestMove(ctx, pos, req)
}
