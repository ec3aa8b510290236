package search

import (
	"context"
	"testing"

	"github.com/jumpers-game/jumpers/core"
	"pgregory.net/rapid"
)

// The prover finds exactly the forced wins that brute-force negamax finds,
// at the same distance, on random tic-tac-toe positions (a game with
// draws), and its move keeps that win. One prover answers every case: what
// it proved for earlier positions never misleads it.
func TestProverMatchesBruteForce(t *testing.T) {
	pr := NewProver[ttt, int](ProofConfig[ttt, int]{}, 1)
	rapid.Check(t, func(rt *rapid.T) {
		g := randomTTT(rt)
		if over, _ := g.Outcome(); over {
			return
		}
		res := pr.Prove(context.Background(), g, 9, 0)
		want := MateIn(brute(g, 0))
		if want < 0 {
			want = 0 // a loss is no win
		}
		got := 0
		if res.Won {
			got = res.Plies
		}
		if got != want {
			rt.Fatalf("%v: prover wins in %d, brute force in %d", g.cell, got, want)
		}
		if res.Won {
			c := g
			c.Play(res.Move)
			if -brute(c, 1) != Win-res.Plies {
				rt.Fatalf("%v: move %d does not win in %d", g.cell, res.Move, res.Plies)
			}
		}
		lost, complete := pr.Lost(context.Background(), g, 8, 0)
		if wantLost := MateIn(brute(g, 0)) < 0; !complete || lost != wantLost {
			rt.Fatalf("%v: Lost says %v (complete %v), brute force %v", g.cell, lost, complete, wantLost)
		}
	})
}

// A node budget stops the prover; it then claims nothing.
func TestProverStops(t *testing.T) {
	pr := NewProver[ttt, int](ProofConfig[ttt, int]{}, 1)
	var g ttt
	g.Play(0) // O to move, not lost: no win to find
	res := pr.Prove(context.Background(), g, 9, 10)
	if res.Won || res.Searched >= 9 || res.Nodes > 11 {
		t.Errorf("10 nodes: %+v", res)
	}
}

// The pool's endgame solver answers a root it is asked to prove with the
// fastest win, reported as a mate; a root it is not asked to prove goes to
// the search alone.
func TestPoolProvesWins(t *testing.T) {
	var pool Pool[ttt, int, *ttt]
	proved := 0
	cfg := ProofConfig[ttt, int]{Order: func(_ *ttt, _ []int, _ []int32) { proved++ }}
	spec := Spec[ttt, int]{Key: "ttt-proof", Config: tttConfig, Proof: &cfg, ProofShare: func(p *ttt) float64 {
		if p.cell[8] == 0 {
			return 0.25
		}
		return 0
	}}
	format := func(m int) string { return string(rune('0' + m)) }
	// X 0, O 1: X wins by force.
	var g ttt
	g.Play(0)
	g.Play(1)
	want := MateIn(brute(g, 0))
	if want <= 0 {
		t.Fatalf("test position has no forced win (%d)", want)
	}
	r, err := pool.BestMove(context.Background(), spec, g, core.Level{Name: "strong"}, core.AIRequest{Nodes: 100000}, format)
	if err != nil {
		t.Fatal(err)
	}
	if proved == 0 || r.Info.Mate != want {
		t.Fatalf("proved %d times; answer %+v, want a mate in %d", proved, r.Info, want)
	}
	c := g
	c.Play(int(r.Move[0] - '0'))
	if -brute(c, 1) != Win-want {
		t.Errorf("move %s does not win in %d", r.Move, want)
	}
	// With 8 taken the root is not to be proven; the search answers.
	proved = 0
	g2 := g
	g2.Play(4)
	g2.Play(8)
	if _, err := pool.BestMove(context.Background(), spec, g2, core.Level{Name: "strong"}, core.AIRequest{Nodes: 1000}, format); err != nil {
		t.Fatal(err)
	}
	if proved != 0 {
		t.Errorf("the prover ran on a root it was not asked to prove")
	}
}
