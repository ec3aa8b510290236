package puzzle

import (
	"context"
	"fmt"

	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/ataxx"
	"github.com/jumpers-game/jumpers/core/cube"
	"github.com/jumpers-game/jumpers/core/search"
)

// CubeMaxPlies is the longest cube win a puzzle asks for: win in 4.
const CubeMaxPlies = 7

// CubeLine makes the puzzle of a proven win on b (proof from pr): the
// solver's fastest wins and, between them, the defender's reply that holds
// out longest (of those, the one whose refutation took the prover most
// work). ok is false when a step of the line is not proven within nodes.
// The generator and the app's puzzles from the player's games share it.
func CubeLine(ctx context.Context, pr *search.Prover[cube.Board, cube.Move, *cube.Board], b cube.Board, proof search.Proof[cube.Move], nodes int64) (Puzzle, bool) {
	n := b.Size()
	var line []string
	cur := b
	left := proof.Plies
	mv := proof.Move
	for left > 0 {
		if left != proof.Plies {
			p := pr.Prove(ctx, cur, left, nodes)
			if !p.Won || p.Plies != left {
				return Puzzle{}, false
			}
			mv = p.Move
		}
		line = append(line, cube.FormatMove(n, mv))
		cur.Play(mv)
		left--
		if left == 0 {
			break
		}
		if over, _ := cur.Outcome(); over {
			return Puzzle{}, false
		}
		var reply cube.Move
		bestPlies, bestNodes := -1, int64(-1)
		for _, r := range cur.Moves(nil) {
			c := cur
			c.Play(r)
			if over, _ := c.Outcome(); over {
				return Puzzle{}, false // the defender wins: no forced win after all
			}
			p := pr.Prove(ctx, c, left-1, nodes)
			if !p.Won {
				return Puzzle{}, false
			}
			if p.Plies > bestPlies || p.Plies == bestPlies && p.Nodes > bestNodes {
				reply, bestPlies, bestNodes = r, p.Plies, p.Nodes
			}
		}
		if bestPlies != left-1 {
			return Puzzle{}, false
		}
		line = append(line, cube.FormatMove(n, reply))
		cur.Play(reply)
		left--
	}
	k := (proof.Plies + 1) / 2
	themes := []string{winTheme(k), fmt.Sprintf("board-%dx%d", n, n)}
	return Puzzle{
		Game: cube.ID, Rules: "standard", Position: b.String(), Solution: line, Themes: themes,
		Rating: MinRating, // rated once verified
	}, true
}

// FromGame makes the puzzle of pos, a position of a player's game where
// best is the engine's move (the review's, before the player's mistake),
// and verifies it by the rules the shipped set keeps (Verify): a cube win
// in at most 4 proven from pos (its line is the prover's, so it need not
// start with best); in Ataxx, best as the one move. ok is false when pos
// holds no puzzle that verifies (most positions do not); err only for a
// cancelled ctx. Chinese Checkers' puzzles are races of one player alone,
// not positions of a game: none are made here. The puzzle has no ID and
// the rating 1500 (the caller names it; it is not rated from search).
func (v *Verifier) FromGame(ctx context.Context, pos core.Position, rules, best string) (p Puzzle, ok bool, err error) {
	if pos.Result().Over || best == "" {
		return Puzzle{}, false, nil
	}
	switch pos.Game() {
	case cube.ID:
		b, err := cube.Concrete(pos)
		if err != nil {
			return Puzzle{}, false, nil
		}
		if v.prover == nil {
			v.prover = cube.NewProver(proverTableMB)
		}
		proof := v.prover.Prove(ctx, b, CubeMaxPlies, CubeNodes/4)
		if !proof.Won {
			return Puzzle{}, false, ctx.Err()
		}
		p, ok = CubeLine(ctx, v.prover, b, proof, CubeNodes/4)
		if !ok {
			return Puzzle{}, false, ctx.Err()
		}
		p.Rules = rules
	case ataxx.ID:
		// The answer is the engine's best at the verifier's first depth
		// (best, the review's, was searched with fewer nodes): Verify
		// then proves it clear of every other move and confirms it
		// deeper.
		moves, scores, _, err := AtaxxScores(ctx, pos, AtaxxDepth-1)
		if err != nil || len(moves) < 2 {
			return Puzzle{}, false, ctx.Err()
		}
		if i, lead := Margin(scores); lead >= AtaxxMargin {
			best = moves[i]
		} else {
			return Puzzle{}, false, nil
		}
		p = Puzzle{Game: ataxx.ID, Rules: rules, Position: pos.String(), Solution: []string{best}, Themes: []string{"best-move"}}
	default:
		return Puzzle{}, false, nil
	}
	p.ID, p.Rating = "mine", 1500
	if err := v.Verify(ctx, p); err != nil {
		return Puzzle{}, false, ctx.Err()
	}
	return p, true, nil
}
