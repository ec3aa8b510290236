package ataxx

import (
	"testing"

	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/coretest"
)

func TestSeedContract(t *testing.T) {
	g := Game{}
	positions := coretest.Positions(t, g,
		coretest.Line{},
		coretest.Line{Moves: []string{"g2", "a2", "f1", "a3", "e2", "b4"}},
		coretest.Line{Options: core.Options{Rules: "seed"}})
	coretest.SeedContract(t, g, positions, 3)
}
