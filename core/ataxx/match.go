package ataxx

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/jumpers-game/jumpers/core"
)

// MatchResult is the score of a match between two AI settings, A and B.
type MatchResult struct {
	Games, AWins, BWins, Draws int
}

// Score is A's score: a win 1, a draw ½.
func (r MatchResult) Score() float64 { return float64(r.AWins) + float64(r.Draws)/2 }

func (r MatchResult) String() string {
	return fmt.Sprintf("%d games: A +%d -%d =%d (%.1f%%)", r.Games, r.AWins, r.BWins, r.Draws, 100*r.Score()/float64(max(r.Games, 1)))
}

// Openings returns n start positions for matches: the layout's start with
// plies random moves played, all different, drawn reproducibly from seed.
func Openings(start Position, n, plies int, seed uint64) []Position {
	rng := rand.New(rand.NewPCG(seed, 0xa7a))
	seen := map[uint64]bool{}
	var out []Position
	for tries := 0; len(out) < n && tries < 100*n; tries++ {
		p := start
		for i := 0; i < plies; i++ {
			ms := p.Moves(nil)
			if len(ms) == 0 {
				break
			}
			p.Play(ms[rng.IntN(len(ms))])
		}
		if over, _ := p.Outcome(); over || seen[p.Hash()] {
			continue
		}
		seen[p.Hash()] = true
		out = append(out, p)
	}
	return out
}

// PlayMatch plays every opening twice, A first as the side to move and then
// B, with the AI settings a and b, and returns A's score. report, if set,
// is called after each game with its number, the final FEN and the winner
// from A's point of view ("A", "B" or "draw"). A cancelled ctx ends the
// match after the current move.
func PlayMatch(ctx context.Context, a, b core.AIRequest, openings []Position, report func(game int, final string, winner string)) (MatchResult, error) {
	var res MatchResult
	for i, open := range openings {
		for swap := 0; swap < 2; swap++ {
			reqs := [2]core.AIRequest{a, b}
			aSide := open.ToMove()
			if swap == 1 {
				reqs[0], reqs[1] = b, a
				aSide ^= 1
			}
			p := open
			for ply := 0; ; ply++ {
				if over, _ := p.Outcome(); over {
					break
				}
				if ctx.Err() != nil {
					return res, ctx.Err()
				}
				req := reqs[ply%2]
				req.Seed += int64(i*1000 + ply)
				m, _, err := BestMove(ctx, p, req)
				if err != nil {
					return res, fmt.Errorf("game %d, %s: %v", res.Games+1, p.FEN(), err)
				}
				p.Play(m)
			}
			_, winner := p.Outcome()
			res.Games++
			who := "draw"
			switch winner {
			case -1:
				res.Draws++
			case aSide:
				res.AWins++
				who = "A"
			default:
				res.BWins++
				who = "B"
			}
			if report != nil {
				report(res.Games, p.FEN(), who)
			}
		}
	}
	return res, nil
}
