package gameconfig

import (
	"testing"

	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/ataxx"
	cc "github.com/jumpers-game/jumpers/core/chinesecheckers"
	"github.com/jumpers-game/jumpers/core/cube"
)

func TestParse(t *testing.T) {
	got, err := Parse(cube.Game{}, "5, 7", "2", true)
	if err != nil || len(got) != 2 || got[1].N != 7 || got[1].Label != "cube 7×7" || got[1].Opts.Int(core.OptSize) != 7 {
		t.Fatalf("cube: %+v %v", got, err)
	}
	got, err = Parse(cc.Game{}, "6", "3,6", true)
	if err != nil || len(got) != 2 || got[0].N != 3 || got[0].Opts.Int(core.OptPlayers) != 3 || got[1].Label != "chinesecheckers 6 players" {
		t.Fatalf("checkers: %+v %v", got, err)
	}
	rules := ataxx.Game{}.RuleSets()
	got, err = Parse(ataxx.Game{}, "", "", true)
	if err != nil || len(got) != len(rules) || got[0].Label != "ataxx "+rules[0] {
		t.Fatalf("ataxx per rule set: %+v %v", got, err)
	}
	if got, _ := Parse(ataxx.Game{}, "", "", false); len(got) != 1 || got[0].Label != "ataxx" {
		t.Fatalf("ataxx: %+v", got)
	}
	if _, err := Parse(cube.Game{}, "5,x", "", true); err == nil {
		t.Fatal("a size that is no number was taken")
	}
}
