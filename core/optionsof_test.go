package core_test

import (
	"strconv"
	"testing"

	"github.com/jumpers-game/jumpers/core"
)

// Every combination of every game's options is found again from its
// start position (the start positions of different options differ).
func TestOptionsOfFindsEveryStart(t *testing.T) {
	for _, g := range core.Games() {
		specs := g.OptionSpecs()
		var try func(i int, o core.Options)
		n := 0
		try = func(i int, o core.Options) {
			if i == len(specs) {
				start, err := g.Start(o)
				if err != nil {
					return
				}
				got, ok := core.OptionsOf(g, o.Text(core.OptRules), start.String())
				if !ok {
					t.Fatalf("%s %+v: not found", g.ID(), o)
				}
				again, _ := g.Start(got)
				if again.String() != start.String() {
					t.Fatalf("%s %+v: found %+v, another start", g.ID(), o, got)
				}
				n++
				return
			}
			s := specs[i]
			vals := s.Choices
			if s.Kind == core.IntRange {
				vals = nil
				for v := s.Min; v <= s.Max; v++ {
					vals = append(vals, strconv.Itoa(v))
				}
			}
			for _, v := range vals {
				oo := o
				if s.Set(&oo, v) == nil {
					try(i+1, oo)
				}
			}
		}
		try(0, core.Options{})
		if n == 0 {
			t.Fatalf("%s: no start tried", g.ID())
		}
	}
	if _, ok := core.OptionsOf(core.Games()[0], "", "not a start"); ok {
		t.Fatal("a position no option gives was found")
	}
}
