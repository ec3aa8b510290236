package ataxx

import (
	"testing"

	"pgregory.net/rapid"
)

// The greedy move gains as much as any legal move, and the seed chooses
// among the moves that gain as much.
func TestGreedyTakesTheMost(t *testing.T) {
	gain := func(p Position, m Move) int {
		me := p.turn
		p.Play(m)
		return popcount(p.pieces[me]) - popcount(p.pieces[me^1])
	}
	rapid.Check(t, func(t *rapid.T) {
		p := gaplessPosition(t)
		if over, _ := p.Outcome(); over {
			if m := GreedyMove(p, 1); m != NoMove {
				t.Fatalf("%s: a finished game's greedy move %v", p.FEN(), m)
			}
			return
		}
		m := GreedyMove(p, rapid.Int64().Draw(t, "seed"))
		best := -1 << 30
		for _, x := range p.Moves(nil) {
			best = max(best, gain(p, x))
		}
		if g := gain(p, m); g != best {
			t.Fatalf("%s: greedy %v gains %d, a move gains %d", p.FEN(), m, g, best)
		}
	})
	// From the start every clone gains one piece: several seeds, several
	// moves.
	seen := map[Move]bool{}
	for seed := int64(0); seed < 40; seed++ {
		seen[GreedyMove(New(Standard), seed)] = true
	}
	if len(seen) < 4 {
		t.Fatalf("40 seeds chose %d moves among the start's equal clones", len(seen))
	}
}
