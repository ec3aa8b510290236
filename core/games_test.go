package core_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand"
	"strconv"
	"strings"
	"testing"

	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/ataxx"
	cc "github.com/jumpers-game/jumpers/core/chinesecheckers"
	"github.com/jumpers-game/jumpers/core/coretest"
	"github.com/jumpers-game/jumpers/core/cube"
	"pgregory.net/rapid"
)

// games are the games whose option specs and adapters are checked here:
// the three of the app and the test game.
var games = []core.Game{cube.Game{}, ataxx.Game{}, cc.Game{}, coretest.Takeaway{}}

// rangeText is how a refusal names the allowed values of spec.
func rangeText(spec core.OptionSpec) string {
	if spec.Kind == core.IntRange {
		return fmt.Sprintf("(%d to %d)", spec.Min, spec.Max)
	}
	return strings.Join(spec.Choices, ", ")
}

func TestOptionSpecsDescribeTheGames(t *testing.T) {
	for _, g := range games {
		specs := g.OptionSpecs()
		if len(specs) == 0 || specs[0].Name != core.OptRules {
			t.Errorf("%s: the options start with Rules: %+v", g.ID(), specs)
			continue
		}
		if strings.Join(specs[0].Choices, ",") != strings.Join(g.RuleSets(), ",") || specs[0].Default != g.RuleSets()[0] {
			t.Errorf("%s: Rules option %+v, rule sets %v", g.ID(), specs[0], g.RuleSets())
		}
		if _, err := g.Start(core.DefaultOptions(g)); err != nil {
			t.Errorf("%s: the default options do not start: %v", g.ID(), err)
		}
		for _, spec := range specs {
			if spec.Label == "" {
				t.Errorf("%s %s: no label for people", g.ID(), spec.Name)
			}
			// Every allowed value starts a game, the others are refused
			// with the range named.
			var allowed []string
			switch spec.Kind {
			case core.IntRange:
				for n := spec.Min; n <= spec.Max; n++ {
					allowed = append(allowed, strconv.Itoa(n))
				}
			case core.Choice:
				allowed = spec.Choices
			}
			for _, v := range allowed {
				opts := core.DefaultOptions(g)
				if err := spec.Set(&opts, v); err != nil {
					t.Errorf("%s %s=%s: %v", g.ID(), spec.Name, v, err)
					continue
				}
				if _, err := g.Start(opts); err != nil {
					t.Errorf("%s %s=%s does not start: %v", g.ID(), spec.Name, v, err)
				}
			}
		}
	}
}

// setField writes a raw value into the option spec names, unchecked, as a
// caller that fills Options by hand does.
func setField(o *core.Options, name, v string) { *o = o.With(name, v) }

func TestStartRefusesOutOfRangeOptions(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		g := rapid.SampledFrom(games).Draw(rt, "game")
		spec := rapid.SampledFrom(g.OptionSpecs()).Draw(rt, "option")
		var v string
		if spec.Name == core.OptSize || spec.Name == core.OptPlayers {
			v = strconv.Itoa(rapid.IntRange(-3, 1003).Draw(rt, "n"))
		} else {
			v = rapid.SampledFrom(append([]string{"nope", "STANDARD", "seed+"}, spec.Choices...)).Draw(rt, "value")
		}
		_, valid := spec.Canonical(v)
		opts := core.DefaultOptions(g)
		before := opts
		setErr := spec.Set(&opts, v)
		if (setErr == nil) != (valid == nil) {
			rt.Fatalf("Set and Canonical disagree on %q: %v, %v", v, setErr, valid)
		}
		if setErr != nil && !opts.Equal(before) {
			rt.Fatalf("a refused %s=%q changed the options: %+v", spec.Name, v, opts)
		}
		raw := core.DefaultOptions(g)
		setField(&raw, spec.Name, v)
		if v == "0" {
			// A zero field is "not chosen" (TestZeroOptionsAreTheDefaults).
			return
		}
		_, err := g.Start(raw)
		switch {
		case valid == nil && err != nil:
			rt.Fatalf("%s %s=%q is in range but Start refused it: %v", g.ID(), spec.Name, v, err)
		case valid != nil && err == nil:
			rt.Fatalf("%s %s=%q is out of range but Start took it", g.ID(), spec.Name, v)
		case err != nil && !strings.Contains(err.Error(), rangeText(spec)) && !strings.Contains(err.Error(), "1 player"):
			rt.Fatalf("%s %s=%q: the refusal %q does not name %q", g.ID(), spec.Name, v, err, rangeText(spec))
		}
	})
}

func TestZeroOptionsAreTheDefaults(t *testing.T) {
	// The zero Options are the game nobody chose; a 0 typed by a person
	// (jumpers-cli apply --size 0, setoption) goes through Set and is
	// refused with the range named.
	for _, c := range []struct {
		g    core.Game
		name string
		want string
	}{
		{cube.Game{}, core.OptSize, "size 0 is out of range (2 to 15)"},
		{cc.Game{}, core.OptPlayers, "players 0 is out of range (one of 2, 3, 4, 6)"},
	} {
		zero, err := c.g.Start(core.Options{})
		if err != nil {
			t.Fatalf("%s: the zero options: %v", c.g.ID(), err)
		}
		def, _ := c.g.Start(core.DefaultOptions(c.g))
		if zero.String() != def.String() {
			t.Errorf("%s: the zero options start %s, the defaults %s", c.g.ID(), zero, def)
		}
		spec, _ := core.FindOption(c.g.OptionSpecs(), c.name)
		o := core.DefaultOptions(c.g)
		if err := spec.Set(&o, "0"); err == nil || err.Error() != c.want {
			t.Errorf("%s Set(0): %v, want %q", c.g.ID(), err, c.want)
		}
	}
}

// concrete unwraps pos with the Concrete of game id.
func concrete(id string, pos core.Position) error {
	var err error
	switch id {
	case cube.ID:
		_, err = cube.Concrete(pos)
	case ataxx.ID:
		_, err = ataxx.Concrete(pos)
	case cc.ID:
		_, err = cc.Concrete(pos)
	}
	return err
}

func TestOneAdapterShape(t *testing.T) {
	starts := map[string]core.Position{}
	for _, g := range games[:3] {
		pos, err := g.Start(core.DefaultOptions(g))
		if err != nil {
			t.Fatal(err)
		}
		starts[g.ID()] = pos
	}
	for want := range starts {
		for got, pos := range starts {
			err := concrete(want, pos)
			if want == got {
				if err != nil {
					t.Errorf("%s.Concrete of its own start: %v", want, err)
				}
				continue
			}
			var wrong *core.WrongGameError
			if !errors.As(err, &wrong) || wrong.Want != want || wrong.Got != got {
				t.Errorf("%s.Concrete of a %s position: %v", want, got, err)
			}
		}
		var wrong *core.WrongGameError
		if err := concrete(want, nil); !errors.As(err, &wrong) || wrong.Got != "" {
			t.Errorf("%s.Concrete(nil): %v", want, err)
		}
	}
}

func TestOneGameOverError(t *testing.T) {
	// Every game, played at random to its end, refuses a move and a search
	// with core.ErrGameOver.
	small := map[string]core.Options{cube.ID: core.Options{}.WithInt(core.OptSize, 3)}
	for _, g := range games {
		opts, ok := small[g.ID()]
		if !ok {
			opts = core.DefaultOptions(g)
		}
		pos, err := g.Start(opts)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewSource(1))
		for ply := 0; !pos.Result().Over; ply++ {
			if ply > 5000 {
				t.Fatalf("%s: no end after %d plies", g.ID(), ply)
			}
			moves := pos.Moves()
			if pos, err = pos.Play(moves[rng.Intn(len(moves))]); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := pos.Play("0000"); !errors.Is(err, core.ErrGameOver) {
			t.Errorf("%s: a move after the end: %v", g.ID(), err)
		}
		if g.ID() == "takeaway" {
			continue // its AI is a stub
		}
		if _, err := g.BestMove(context.Background(), pos, core.AIRequest{Depth: 1}); !errors.Is(err, core.ErrGameOver) {
			t.Errorf("%s: a search after the end: %v", g.ID(), err)
		}
	}
}

// Every game says which version its rules are at, and what each change
// brought: a save made under older rules names the change that refuses
// its moves (storage).
func TestRulesVersionsSayWhatChanged(t *testing.T) {
	for _, g := range games {
		v := g.RulesVersion()
		if v < 1 {
			t.Errorf("%s: rules version %d", g.ID(), v)
		}
		for n := 2; n <= v; n++ {
			if g.RulesChange(n) == "" {
				t.Errorf("%s: rules version %d says nothing of what it brought", g.ID(), n)
			}
		}
		if g.RulesChange(1) != "" || g.RulesChange(v+1) != "" {
			t.Errorf("%s: describes a version it does not have", g.ID())
		}
	}
	if cc.RulesVersion != 2 || (cc.Game{}).RulesChange(2) != "the anti-stalling rule" {
		t.Fatalf("Chinese Checkers: version %d, %q", cc.RulesVersion, (cc.Game{}).RulesChange(2))
	}
}
