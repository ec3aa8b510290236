package board

import (
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/ui/kit"
)

// The widgets of a game's options, built from its option specs: the
// ranges, choices and defaults are the game's (core), so the new game
// screen offers exactly what Start accepts. The games' own setup panels
// arrange them with their words and pictures; a game without a panel gets
// specSetup.

// GameOption is the spec of g's option name; ok false when g has none.
func GameOption(g core.Game, name string) (core.OptionSpec, bool) {
	return core.FindOption(g.OptionSpecs(), name)
}

// hasChoice tells whether an option offers people anything to choose.
func hasChoice(spec core.OptionSpec) bool {
	return spec.Kind == core.IntRange && spec.Max > spec.Min || spec.Kind == core.Choice && len(spec.Choices) > 1
}

// OptionSlider is the slider of an IntRange option. onChange gets every
// value chosen, the default first.
func OptionSlider(spec core.OptionSpec, onChange func(n int)) *widget.Slider {
	s := widget.NewSlider(float64(spec.Min), float64(spec.Max))
	s.Step = 1
	def, _ := strconv.Atoi(spec.Default)
	s.Value = float64(def)
	s.OnChanged = func(v float64) { onChange(int(v)) }
	onChange(def)
	return s
}

// choiceLabels are the words shown for a Choice option's values; label nil
// shows the values themselves.
func choiceLabels(spec core.OptionSpec, label func(string) string) []string {
	out := make([]string, len(spec.Choices))
	for i, c := range spec.Choices {
		out[i] = c
		if label != nil {
			out[i] = label(c)
		}
	}
	return out
}

// choiceOf is the value behind a shown label.
func choiceOf(spec core.OptionSpec, label func(string) string, shown string) (string, bool) {
	for i, l := range choiceLabels(spec, label) {
		if l == shown {
			return spec.Choices[i], true
		}
	}
	return "", false
}

// OptionRadio is a row of radio buttons for a Choice option with a few
// short values. onChange gets every value chosen, the default first.
func OptionRadio(spec core.OptionSpec, label func(string) string, onChange func(choice string)) *widget.RadioGroup {
	r := widget.NewRadioGroup(choiceLabels(spec, label), nil)
	r.Horizontal = true
	r.Required = true
	r.OnChanged = func(shown string) {
		if v, ok := choiceOf(spec, label, shown); ok {
			onChange(v)
		}
	}
	r.SetSelected(labelOf(spec, label, spec.Default))
	return r
}

// OptionSelect is a drop-down for a Choice option. onChange gets every
// value chosen, the default first.
func OptionSelect(spec core.OptionSpec, label func(string) string, onChange func(choice string)) *kit.DropDown {
	s := kit.NewDropDown(choiceLabels(spec, label), func(shown string) {
		if v, ok := choiceOf(spec, label, shown); ok {
			onChange(v)
		}
	})
	s.SetSelected(labelOf(spec, label, spec.Default))
	return s
}

func labelOf(spec core.OptionSpec, label func(string) string, value string) string {
	if label == nil {
		return value
	}
	return label(value)
}

// SpecSetup is the setup panel of a game without one of its own: a widget
// per option with something to choose (a slider for a number range, radio
// buttons for a few choices, a drop-down for more).
type SpecSetup struct {
	SetupBase
	g         core.Game
	opts      core.Options
	obj       fyne.CanvasObject
	players   int
	onPlayers []func()
}

func NewSpecSetup(g core.Game) *SpecSetup {
	s := &SpecSetup{g: g, opts: core.DefaultOptions(g)}
	s.players = s.countPlayers()
	box := container.NewVBox()
	for _, spec := range g.OptionSpecs() {
		if !hasChoice(spec) {
			continue
		}
		set := func(v string) {
			if err := spec.Set(&s.opts, v); err != nil {
				return // the widget offers only the spec's values
			}
			if n := s.countPlayers(); n != s.players {
				s.players = n
				for _, f := range s.onPlayers {
					f()
				}
			}
		}
		name := widget.NewLabel(spec.Label)
		switch {
		case spec.Kind == core.IntRange:
			value := widget.NewLabelWithStyle("", fyne.TextAlignTrailing, fyne.TextStyle{Bold: true})
			slider := OptionSlider(spec, func(n int) {
				value.SetText(strconv.Itoa(n))
				set(strconv.Itoa(n))
			})
			box.Add(container.NewBorder(nil, nil, name, value))
			box.Add(kit.MinHeight(slider, 48))
		case len(spec.Choices) <= 4:
			box.Add(name)
			box.Add(kit.MinHeight(OptionRadio(spec, nil, set), kit.TouchSize))
		default:
			box.Add(container.NewBorder(nil, nil, name, nil, kit.MinHeight(OptionSelect(spec, nil, set), kit.TouchSize)))
		}
	}
	s.obj = box
	return s
}

// countPlayers is the number of seats of the chosen options' start.
func (s *SpecSetup) countPlayers() int {
	if p, err := s.g.Start(s.opts); err == nil {
		return p.Players()
	}
	return 2
}

func (s *SpecSetup) Object() fyne.CanvasObject { return s.obj }
func (s *SpecSetup) Options() core.Options     { return s.opts }
func (s *SpecSetup) Players() int              { return s.players }
func (s *SpecSetup) OnPlayersChanged(f func()) { s.onPlayers = append(s.onPlayers, f) }
