package app

import (
	"context"
	"time"

	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/review"
)

// Game review: the app runs core/review, the code jumpers-cli review runs
// too (the package text says how moves are judged); here are the app's
// budget, its search (panics become errors) and its background run.

// The review's types and verdicts, under the names the UI knows.
type (
	Class      = review.Class
	MoveReview = review.MoveReview
	Analysis   = review.Analysis
	Budget     = review.Budget
	Eval       = review.Eval
)

// Verdicts (see core/review).
const (
	Unscored   = review.Unscored
	Forced     = review.Forced
	Best       = review.Best
	Good       = review.Good
	Inaccuracy = review.Inaccuracy
	Mistake    = review.Mistake
	Blunder    = review.Blunder
)

// ReviewSeed is the seed of the review's searches and of the analysis
// mode's: one position, one number (core/review).
const ReviewSeed = review.Seed

// DefaultReviewBudget is the app's review budget for a position of two
// players: the CLI's node budget, with a time cap per position so a slow
// phone still gets through a long game (a position cut by it keeps its
// best so far). A game of more players gets more of both: the review and
// the analysis mode take a budget through review's Budget.ForPlayers,
// as jumpers-cli review's default does.
var DefaultReviewBudget = Budget{Nodes: review.DefaultNodes, Time: 400 * time.Millisecond}

// searchFunc is ai's search as the review asks it, through bestMove.
func searchFunc(ai AI) review.SearchFunc {
	return func(ctx context.Context, pos core.Position, req core.AIRequest) (core.AIResult, error) {
		return bestMove(ctx, ai, pos, req, "the engine")
	}
}

// ReviewGame analyses every position of h (a copy is taken at once: the
// caller may go on changing h) with ai at budget (for two players;
// budget.ForPlayers for h's players), calling progress after
// each position with a copy of the review so far. It returns when done or
// when ctx is cancelled (with ctx.Err()). It runs on the caller's
// goroutine: see StartReview for the app's way.
func ReviewGame(ctx context.Context, ai AI, h *core.History, seed int64, budget Budget, progress func(Analysis)) (Analysis, error) {
	return review.Game(ctx, searchFunc(ai), h, seed, budget.ForPlayers(h.Start().Players()), progress)
}

// StartReview runs ReviewGame on its own goroutine (at a lower priority:
// the UI wins) and posts every progress, and the end, to the UI goroutine
// through post. stop cancels it at once; nothing is posted to the caller
// after stop returns (late posts are dropped on the UI goroutine). Call
// stop on the UI goroutine.
func StartReview(ai AI, post func(func()), h *core.History, seed int64, budget Budget,
	progress func(Analysis), done func(Analysis, error)) (stop func()) {
	ctx, cancel := context.WithCancel(context.Background())
	stopped := false
	// h is read here, on the UI goroutine; the goroutine gets the copy.
	r := review.NewReviewer(h)
	budget = budget.ForPlayers(h.Start().Players())
	go func() {
		lowerPriority()
		a, err := r.Run(ctx, searchFunc(ai), seed, budget, func(a Analysis) {
			post(func() {
				if !stopped && progress != nil {
					progress(a)
				}
			})
		})
		post(func() {
			if !stopped && done != nil {
				done(a, err)
			}
		})
	}()
	return func() {
		stopped = true
		cancel()
	}
}
