package engine_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/ataxx"
	cc "github.com/jumpers-game/jumpers/core/chinesecheckers"
	"github.com/jumpers-game/jumpers/core/cube"
)

var realGames = []core.Game{cube.Game{}, ataxx.Game{}, cc.Game{}}

func TestUAIListsEachGamesOptions(t *testing.T) {
	for _, g := range realGames {
		lines := talk(t, g, "uai\nquit\n")
		for _, spec := range g.OptionSpecs() {
			want := fmt.Sprintf("option name %s type combo default %s var %s", spec.Name, spec.Default, strings.Join(spec.Choices, " var "))
			if spec.Kind == core.IntRange {
				want = fmt.Sprintf("option name %s type spin default %s min %d max %d", spec.Name, spec.Default, spec.Min, spec.Max)
			}
			if !has(lines, want) {
				t.Errorf("%s: no %q in %q", g.ID(), want, lines)
			}
		}
		if lines[len(lines)-1] != "uaiok" {
			t.Errorf("%s: the listing does not end with uaiok: %q", g.ID(), lines)
		}
	}
}

func TestSetOptionRefusesOutOfRange(t *testing.T) {
	for _, c := range []struct {
		g      core.Game
		script string
		errors []string
		start  string // the position after the accepted setoption
	}{
		{cube.Game{}, "setoption name Size value 0\nsetoption name Size value 16\nsetoption name size value 3\n",
			[]string{"info string error: setoption Size: size 0 is out of range (2 to 15)", "info string error: setoption Size: size 16 is out of range (2 to 15)"},
			"1-1-1-/1-1-1-/1-1-1- r"},
		{cc.Game{}, "setoption name Players value 0\nsetoption name Players value 5\nsetoption name Players value 3\n",
			[]string{"info string error: setoption Players: players 0 is out of range (one of 2, 3, 4, 6)", "info string error: setoption Players: players 5 is out of range (one of 2, 3, 4, 6)"},
			" 1 S,NW,NE"},
		{ataxx.Game{}, "setoption name Layout value nope\nsetoption name Rules value wild\nsetoption name Layout value Cross\n",
			[]string{`info string error: setoption Layout: unknown layout "nope" (one of ` + strings.Join(ataxx.LayoutNames(), ", ") + ")", `info string error: setoption Rules: unknown rules "wild" (one of standard, seed)`},
			ataxx.Layouts["cross"]},
	} {
		lines := talk(t, c.g, c.script+"position startpos\nd\nquit\n")
		if len(lines) != len(c.errors)+1 {
			t.Errorf("%s: %q", c.g.ID(), lines)
			continue
		}
		for i, want := range c.errors {
			if lines[i] != want {
				t.Errorf("%s: %q, want %q", c.g.ID(), lines[i], want)
			}
		}
		if last := lines[len(lines)-1]; !strings.HasPrefix(last, "info string position ") || !strings.HasSuffix(last, c.start) {
			t.Errorf("%s: start after setoption: %q, want ...%q", c.g.ID(), last, c.start)
		}
	}
}

func TestSetOptionRulesReadsPositions(t *testing.T) {
	// Under the seed rules a jump of three squares straight is legal (g1g4);
	// under the standard rules it is not.
	script := "position fen " + ataxx.StartFEN + " moves g1g4\nsetoption name Rules value seed\nposition fen " + ataxx.StartFEN + " moves g1g4\nd\nquit\n"
	lines := talk(t, ataxx.Game{}, script)
	if len(lines) != 2 || !strings.HasPrefix(lines[0], "info string error: position: move 1") || !strings.HasPrefix(lines[1], "info string position x5o/7/7/6x/7/7/o6 o ") {
		t.Fatalf("%q", lines)
	}
}

// Search takes other selective-search settings for experiments: listed by
// every game, refused with a clear error when malformed (the settings
// before stay), and a search runs with accepted ones.
func TestSetOptionSearch(t *testing.T) {
	for _, g := range realGames {
		if lines := talk(t, g, "uai\nquit\n"); !has(lines, "option name Search type string default <empty>") {
			t.Errorf("%s: Search is not listed: %q", g.ID(), lines)
		}
	}
	lines := talk(t, ataxx.Game{}, "setoption name Search value lmr-pv=2\nsetoption name Search value lmr-divisor=3, null-depth=3\nposition startpos\ngo depth 3\nquit\n")
	if len(lines) == 0 || lines[0] != `info string error: setoption Search: lmr-pv: "2" is not 0 or 1` {
		t.Fatalf("bad settings answered %q", lines)
	}
	if last := lines[len(lines)-1]; !strings.HasPrefix(last, "bestmove ") || strings.Contains(strings.Join(lines[1:], "\n"), "error") {
		t.Fatalf("a search with settings answered %q", lines)
	}
}
