package ataxx

import (
	"math/rand/v2"
	"testing"

	"github.com/jumpers-game/jumpers/core/search"
)

func TestNeighbourCount(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	for i := 0; i < 2000; i++ {
		x := rng.Uint64() & allMask
		if i%3 == 0 {
			x &= rng.Uint64()
		}
		c := neighbourCount(x)
		for sq := 0; sq < Squares; sq++ {
			want := popcount(neighbours[sq] & x)
			got := 0
			for b := 0; b < 4; b++ {
				if c[b]&(1<<uint(sq)) != 0 {
					got |= 1 << b
				}
			}
			if got != want {
				t.Fatalf("%x at %s: %d, want %d", x, SquareName(sq), got, want)
			}
			for k := 1; k <= 8; k++ {
				if (atLeast(&c, k)&(1<<uint(sq)) != 0) != (want >= k) {
					t.Fatalf("atLeast %d at %s with count %d", k, SquareName(sq), want)
				}
			}
		}
		mask := rng.Uint64() & allMask
		best := 0
		for m := mask; m != 0; m &= m - 1 {
			best = max(best, popcount(neighbours[lowest(m)]&x))
		}
		if got := maxCount(&c, mask); got != best {
			t.Fatalf("maxCount %d, want %d", got, best)
		}
	}
}

func TestEvalSymmetric(t *testing.T) {
	// The evaluation is zero-sum and does not care which colour is which.
	rng := rand.New(rand.NewPCG(5, 5))
	for i := 0; i < 300; i++ {
		p := New(Rules(i % 2))
		for j := rng.IntN(80); j > 0; j-- {
			ms := p.Moves(nil)
			if len(ms) == 0 {
				break
			}
			p.Play(ms[rng.IntN(len(ms))])
		}
		cfg := SearchConfig(DefaultWeights)
		if a, b := cfg.Eval(&p, 0), cfg.Eval(&p, 1); a != -b {
			t.Fatalf("%s: %d and %d", p.FEN(), a, b)
		}
		q := p
		q.pieces[0], q.pieces[1] = p.pieces[1], p.pieces[0]
		q.turn ^= 1
		if a, b := cfg.Eval(&p, p.ToMove()), cfg.Eval(&q, q.ToMove()); a != b {
			t.Fatalf("%s: colours swapped %d, %d", p.FEN(), a, b)
		}
		if v := cfg.Eval(&p, 0); v <= -search.MaxEval || v >= search.MaxEval {
			t.Fatalf("eval %d out of range", v)
		}
	}
}
