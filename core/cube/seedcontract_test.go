package cube

import (
	"testing"

	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/coretest"
)

func TestSeedContract(t *testing.T) {
	g := Game{}
	var positions []core.Position
	for _, spec := range []struct {
		size  int
		moves []string
	}{{5, nil}, {5, []string{"3:3", "2:2", "3:3", "2:3"}}, {7, []string{"4:4", "3:3", "4:4"}}} {
		p, err := g.Start(core.Options{Size: spec.size})
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range spec.moves {
			if p, err = p.Play(m); err != nil {
				t.Fatal(err)
			}
		}
		positions = append(positions, p)
	}
	coretest.SeedContract(t, g, positions, 3)
}
