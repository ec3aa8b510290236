package ataxx

import (
	"testing"

	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/coretest"
)

func TestSeedContract(t *testing.T) {
	g := Game{}
	var positions []core.Position
	for _, plies := range []int{0, 6} {
		p, err := g.Start(core.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for i := range plies {
			// A varied but fixed line of clones and jumps.
			moves := p.Moves()
			if p, err = p.Play(moves[(7*i+3)%len(moves)]); err != nil {
				t.Fatal(err)
			}
		}
		positions = append(positions, p)
	}
	seed, err := g.Start(core.Options{Rules: "seed"})
	if err != nil {
		t.Fatal(err)
	}
	coretest.SeedContract(t, g, append(positions, seed), 3)
}
