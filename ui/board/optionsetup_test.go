package board_test

import (
	"testing"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/ataxx"
	cc "github.com/jumpers-game/jumpers/core/chinesecheckers"
	"github.com/jumpers-game/jumpers/core/cube"
	"github.com/jumpers-game/jumpers/ui/board"
	"github.com/jumpers-game/jumpers/ui/internal/uitest"
	"github.com/jumpers-game/jumpers/ui/kit"
)

func TestSpecSetupOffersEachGamesOptions(t *testing.T) {
	test.NewTempApp(t)
	for _, g := range []core.Game{cube.Game{}, ataxx.Game{}, cc.Game{}} {
		s := board.NewSpecSetup(g)
		if !s.Options().Equal(core.DefaultOptions(g)) {
			t.Errorf("%s: starts at %+v, want the defaults %+v", g.ID(), s.Options(), core.DefaultOptions(g))
		}
		// One widget per option with a choice, in the specs' order.
		var want []string
		for _, spec := range g.OptionSpecs() {
			if board.HasChoice(spec) {
				want = append(want, spec.Label)
			}
		}
		var labels []string
		for _, l := range uitest.ContainerWidgets[*widget.Label](s.Object()) {
			labels = append(labels, l.Text)
		}
		for _, w := range want {
			found := false
			for _, l := range labels {
				found = found || l == w
			}
			if !found {
				t.Errorf("%s: no %q among %q", g.ID(), w, labels)
			}
		}
	}
}

func TestSpecSetupWidgetsSetTheOptions(t *testing.T) {
	test.NewTempApp(t)
	cubeSetup := board.NewSpecSetup(cube.Game{})
	uitest.ContainerWidgets[*widget.Slider](cubeSetup.Object())[0].SetValue(3)
	if cubeSetup.Options().Int(core.OptSize) != 3 {
		t.Errorf("cube: slider at 3 gives %+v", cubeSetup.Options())
	}

	ccSetup := board.NewSpecSetup(cc.Game{})
	told := 0
	ccSetup.OnPlayersChanged(func() { told++ })
	uitest.ContainerWidgets[*widget.RadioGroup](ccSetup.Object())[0].SetSelected("6")
	uitest.ContainerWidgets[*kit.DropDown](ccSetup.Object())[0].SetSelected("seed+locked")
	if o := ccSetup.Options(); o.Int(core.OptPlayers) != 6 || o.Text(core.OptRules) != "seed+locked" || ccSetup.Players() != 6 || told != 1 {
		t.Errorf("chinese checkers: %+v, %d seats, told %d times", o, ccSetup.Players(), told)
	}

	ataxxSetup := board.NewSpecSetup(ataxx.Game{})
	uitest.ContainerWidgets[*widget.RadioGroup](ataxxSetup.Object())[0].SetSelected("seed")
	uitest.ContainerWidgets[*kit.DropDown](ataxxSetup.Object())[0].SetSelected("cross")
	if o := ataxxSetup.Options(); o.Text(core.OptRules) != "seed" || o.Text(core.OptLayout) != "cross" || ataxxSetup.Players() != 2 {
		t.Errorf("ataxx: %+v", o)
	}
}
