package ataxx

import (
	"testing"

	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/coretest"
)

func contractPositions(t *testing.T) []core.Position {
	return coretest.Positions(t, Game{},
		coretest.Line{},
		coretest.Line{Moves: []string{"g2", "a2", "f1", "a3", "e2", "b4"}},
		coretest.Line{Options: core.Options{}.With(core.OptRules, "seed")})
}

func TestSeedContract(t *testing.T) {
	coretest.SeedContract(t, Game{}, contractPositions(t), 3)
}

// Run under -race by CI: the threads share one table and the evaluation.
func TestParallelContract(t *testing.T) {
	coretest.ParallelContract(t, Game{}, contractPositions(t), 3)
}
