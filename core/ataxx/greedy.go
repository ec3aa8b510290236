package ataxx

import (
	"math/rand/v2"

	"github.com/jumpers-game/jumpers/core"
)

// GreedyMove is the move of a player who takes the most now and looks no
// further: the move that gains most material (a clone's new piece and
// every conversion), one of the best at random (seeded) when several
// gain as much; the pass when it is the only move; NoMove when the game
// is over. It is no level of the
// app: it is the yardstick the weakest level is held to (a Beginner that
// never loses to it is no beginner; docs/benchmarks-ataxx.md).
func GreedyMove(p Position, seed int64) Move {
	moves := p.Moves(nil)
	if len(moves) == 0 {
		return NoMove
	}
	rng := rand.New(rand.NewPCG(uint64(seed), 0x67726565))
	me := p.turn
	best, bestGain, ties := moves[0], -1<<30, 0
	for _, m := range moves {
		q := p
		q.Play(m)
		gain := popcount(q.pieces[me]) - popcount(q.pieces[me^1])
		switch {
		case gain > bestGain:
			best, bestGain, ties = m, gain, 1
		case gain == bestGain:
			// Reservoir sampling: each of the tied moves is kept with the
			// same chance.
			ties++
			if rng.IntN(ties) == 0 {
				best = m
			}
		}
	}
	return best
}

// GreedyMove is the package-level GreedyMove in notation.
func (Game) GreedyMove(pos core.Position, seed int64) (string, error) {
	p, err := Concrete(pos)
	if err != nil {
		return "", err
	}
	if over, _ := p.Outcome(); over {
		return "", core.ErrGameOver
	}
	return GreedyMove(p, seed).String(), nil
}
