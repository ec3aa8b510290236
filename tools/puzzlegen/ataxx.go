package main

import (
	"context"

	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/ataxx"
	"github.com/jumpers-game/jumpers/core/puzzle"
)

// ataxxScreenDepth is the cheap search that picks the candidates the
// verifier's deeper one (puzzle.AtaxxDepth) confirms.
const ataxxScreenDepth = 4

// mineAtaxx plays game gi (the standard rules in even games, the seed
// rules in odd ones, from the standard start or a gap layout) and keeps
// the positions where one move stands out by puzzle.AtaxxMargin.
func mineAtaxx(m *miner, gi int) error {
	g, _ := core.Lookup(ataxx.ID)
	rules := ataxx.RuleSetNames[gi%2]
	layouts := ataxx.LayoutNames()
	layout := layouts[(gi/2)%len(layouts)]
	pos, err := g.ParsePosition(ataxx.Layouts[layout], rules)
	if err != nil {
		return err
	}
	rng := gameRNG(m.o, gi)
	pos = randomOpening(pos, 2+rng.IntN(3), rng)
	ctx := context.Background()
	last := -100
	for ply := 0; !pos.Result().Over && ply < 400; ply++ {
		if ply-last > 1 && len(pos.Moves()) >= 4 {
			moves, scores, _, err := puzzle.AtaxxScores(ctx, pos, ataxxScreenDepth)
			if err != nil {
				return err
			}
			if best, lead := puzzle.Margin(scores); lead >= puzzle.AtaxxMargin {
				if p, ok := ataxxPuzzle(ctx, pos, rules, moves, best); ok && m.keep(p) {
					last = ply
				}
			}
		}
		mv, err := engineMove(pos, gi, ply, m.o)
		if err != nil {
			return err
		}
		if pos, err = pos.Play(mv); err != nil {
			return err
		}
	}
	return nil
}

// ataxxPuzzle names the themes of the answer: it takes the most, it stops
// the opponent's biggest capture (the flood), it wins the game, a glance
// (depth 1) misses it; a jump or a clone.
func ataxxPuzzle(ctx context.Context, pos core.Position, rules string, moves []string, best int) (puzzle.Puzzle, bool) {
	answer := moves[best]
	p, _ := ataxx.Concrete(pos)
	me := p.ToMove()
	gains := make([]int, len(moves))
	for i, mv := range moves {
		c, _ := pos.Play(mv)
		cp, _ := ataxx.Concrete(c)
		gains[i] = cp.Count(me) - cp.Count(1-me) - (p.Count(me) - p.Count(1-me))
	}
	_, glance, _, err := puzzle.AtaxxScores(ctx, pos, 1)
	if err != nil {
		return puzzle.Puzzle{}, false
	}
	glanceBest, _ := puzzle.Margin(glance)
	var themes []string
	maxGain := gains[0]
	for _, x := range gains {
		maxGain = max(maxGain, x)
	}
	if gains[best] == maxGain && gains[best] >= 4 {
		themes = append(themes, "take-the-most")
	}
	// The flood: what the opponent could take if it moved now, and after
	// the answer.
	_, before := ataxx.Gains(p.Pieces(me), p.Pieces(1-me), p.Gaps(), p.Rules())
	after, _ := pos.Play(answer)
	ap, _ := ataxx.Concrete(after)
	threatAfter, _ := ataxx.Gains(ap.Pieces(1-me), ap.Pieces(me), ap.Gaps(), ap.Rules())
	if before >= 4 && threatAfter*2 <= before {
		themes = append(themes, "stop-the-flood")
	}
	if over, winner := ap.Outcome(); over && winner == me {
		themes = append(themes, "winning-move")
	}
	if glanceBest != best {
		themes = append(themes, "hard-to-see")
	}
	if len(themes) == 0 {
		themes = append(themes, "best-move")
	}
	mv, _ := ataxx.ParseMove(answer)
	if mv.IsJump() {
		themes = append(themes, "jump")
	} else {
		themes = append(themes, "clone")
	}
	return puzzle.Puzzle{Game: ataxx.ID, Rules: rules, Position: pos.String(), Solution: []string{answer}, Themes: themes, Rating: puzzle.MinRating}, true // rated once verified
}
