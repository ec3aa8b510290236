package cube

import (
	"testing"

	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/coretest"
)

func contractPositions(t *testing.T) []core.Position {
	return coretest.Positions(t, Game{},
		coretest.Line{Options: core.Options{}.WithInt(core.OptSize, 5)},
		coretest.Line{Options: core.Options{}.WithInt(core.OptSize, 5), Moves: []string{"3:3", "2:2", "3:3", "2:3"}},
		coretest.Line{Options: core.Options{}.WithInt(core.OptSize, 7), Moves: []string{"4:4", "3:3", "4:4"}})
}

func TestSeedContract(t *testing.T) {
	coretest.SeedContract(t, Game{}, contractPositions(t), 3)
}

// Run under -race by CI: the threads share one table and the evaluation.
func TestParallelContract(t *testing.T) {
	coretest.ParallelContract(t, Game{}, contractPositions(t), 3)
}
