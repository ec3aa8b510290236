package review

import (
	"context"
	"fmt"

	"github.com/jumpers-game/jumpers/core"
)

// Judgement is the review's word on one move judged alone, before it is
// played (the app's coach): the verdict the review would give it, and
// what the engine saw after it.
type Judgement struct {
	MoveReview
	// Reply is the engine's evaluation of the position after the move
	// played: its Best is the next player's best answer, its Mate the
	// forced result the next player has there (> 0: the next player wins
	// in Mate plies).
	Reply Eval
	// BetterReply is the same after the engine's better move (searched
	// only for a move that the first judgement marks: Checked).
	BetterReply Eval
}

// JudgeMove judges playing move at pos as the review judges a move of a
// game: the mover's expected score with the engine's best play at pos
// against after move, the move checked against the engine's better move
// when that marks it, every search with seed at budget b. It is the
// review's own code (Reviewer.Run gives the same verdict to the same
// move in a game of two players). err is a move that is not legal at
// pos, the engine's failure or ctx's end.
func JudgeMove(ctx context.Context, search SearchFunc, pos core.Position, move string, seed int64, b Budget) (Judgement, error) {
	var j Judgement
	after, err := pos.Play(move)
	if err != nil {
		return j, err
	}
	mover := pos.ToMove()
	j.MoveReview = MoveReview{Index: 1, Mover: mover, Played: move}
	before, err := Evaluate(ctx, search, pos, seed, b, nil)
	if err != nil {
		return j, err
	}
	j.Best, j.PV = before.Best, before.PV
	if before.Forced {
		j.Class, j.Best = Forced, move
		return j, nil
	}
	limit := pos.Players() * maxForced
	score, reply, ok, err := moverScore(ctx, search, after, mover, limit, seed, b)
	if err != nil {
		return j, err
	}
	j.Reply = reply
	if !before.Known || !ok {
		return j, nil // Unscored
	}
	j.Before, j.After = before.Standing[mover], score
	j.Loss = max(0, j.Before-j.After)
	j.Known = true
	j.Class = Classify(j.Loss, j.Played, j.Best)
	if j.Class <= Good {
		return j, nil
	}
	seen, err := checkMove(ctx, search, pos, &j.MoveReview, limit, seed, b)
	if err != nil {
		return j, fmt.Errorf("the better move %s: %w", j.Best, err)
	}
	j.BetterReply = seen.better
	if seen.after.Known {
		j.Reply = seen.after
	}
	return j, nil
}
