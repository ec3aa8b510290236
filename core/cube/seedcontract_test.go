package cube

import (
	"testing"

	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/coretest"
)

func TestSeedContract(t *testing.T) {
	g := Game{}
	positions := coretest.Positions(t, g,
		coretest.Line{Options: core.Options{Size: 5}},
		coretest.Line{Options: core.Options{Size: 5}, Moves: []string{"3:3", "2:2", "3:3", "2:3"}},
		coretest.Line{Options: core.Options{Size: 7}, Moves: []string{"4:4", "3:3", "4:4"}})
	coretest.SeedContract(t, g, positions, 3)
}
