package app

import (
	"context"
	"errors"
	"fmt"
	"log"

	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/search"
)

// bestMove asks ai for a move; a panic in the engine becomes an error
// ("<who> failed: ...") instead of killing the app. A search thread that
// failed while others answered is logged, and their move stands. Every
// search of the app (the computer's turn, a hint, a review, the analysis
// mode) goes through it.
func bestMove(ctx context.Context, ai AI, pos core.Position, req core.AIRequest, who string) (res core.AIResult, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("%s failed: %v", who, p)
		}
	}()
	res, err = ai.BestMove(ctx, pos, req)
	if err == nil && res.Failure != nil {
		// The stack is what a bug report needs.
		var tp *search.ThreadPanic
		if errors.As(res.Failure, &tp) {
			log.Printf("%s: %v\n%s", who, res.Failure, tp.Stack)
		} else {
			log.Printf("%s: %v", who, res.Failure)
		}
	}
	return res, err
}
