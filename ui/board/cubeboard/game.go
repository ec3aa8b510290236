package cubeboard

import (
	"fmt"
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/jumpers-game/jumpers/app"
	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/cube"
	"github.com/jumpers-game/jumpers/ui/board"
	"github.com/jumpers-game/jumpers/ui/kit"
)

// UI is the game's UI, for the screens' registration.
func UI() *board.GameUI {
	return &board.GameUI{
		ID:       cube.ID,
		Tagline:  "Add spots, overload squares, take the board",
		Rules:    cubeRules,
		NewBoard: newBoard,
		NewSetup: func(app.Settings) board.Setup { return newCubeSetup() },
		Trace:    board.Tracer(trace),
		Score: func(pos core.Position) ([]int, string) {
			b := boardOf(pos)
			return []int{b.Count(cube.Red), b.Count(cube.Blue)}, "squares"
		},
		StepScore: func(s app.Step) []int {
			if st, ok := s.(cubeStep); ok {
				return []int{st.Board.Count(cube.Red), st.Board.Count(cube.Blue)}
			}
			return nil
		},
		Preview:   cubePreview,
		Art:       cubeArt,
		ShortName: "Cube",
		Diagrams:  &board.RuleFigures{After: "### Explosions", Columns: 2, Make: cubeDiagrams},
		Neutral:   func(sh kit.Shades, s app.Settings) color.NRGBA { return PaletteFor(sh, s).Neutral },
	}
}

// cubeStep is one wave of a cascade, the animation step of Jumping Cube.
type cubeStep cube.Step

func (cubeStep) AnimationStep() {}

// trace gives the cascade of a move as animation steps; the rules are
// the engine's (cube.PlayTraced runs the same code as Play).
func trace(pos core.Position, move string) ([]cubeStep, error) {
	_, steps, err := cube.PlayTraced(pos, move)
	if err != nil {
		return nil, err
	}
	out := make([]cubeStep, len(steps))
	for i, s := range steps {
		out[i] = cubeStep(s)
	}
	return out, nil
}

var _ board.Setup = (*Setup)(nil)

// Setup is the board size choice.
type Setup struct {
	board.SetupBase
	size   int
	Slider *widget.Slider
	label  *widget.Label
	obj    fyne.CanvasObject
}

func newCubeSetup() *Setup {
	s := &Setup{}
	s.label = widget.NewLabelWithStyle("", fyne.TextAlignTrailing, fyne.TextStyle{Bold: true})
	size, _ := board.GameOption(cube.Game{}, core.OptSize)
	s.Slider = board.OptionSlider(size, func(n int) {
		s.size = n
		s.label.SetText(fmt.Sprintf("%d × %d", n, n))
	})
	hint := kit.Help("5×5 to 9×9 play best; small boards are hard to win against the computer.")
	s.obj = container.NewVBox(
		container.NewBorder(nil, nil, widget.NewLabel(size.Label), s.label),
		kit.MinHeight(s.Slider, 48),
		hint,
	)
	return s
}

func (s *Setup) Object() fyne.CanvasObject { return s.obj }
func (s *Setup) Options() core.Options     { return core.Options{}.WithInt(core.OptSize, s.size) }
func (s *Setup) Players() int              { return 2 }

// cubePreview is the card art: a 3×3 board in mid-game.
func cubePreview(s func() app.Settings) fyne.CanvasObject {
	b, _ := cube.ParseBoard("2r3r1-/3b4r2r/2b3b2b r")
	p := newPreview(b, 4, s)
	return p
}

// cubeArt is the Continue card: the saved board.
func cubeArt(pos core.Position, s func() app.Settings) fyne.CanvasObject {
	if b := boardOf(pos); b.Size() > 0 {
		return newPreview(b, -1, s)
	}
	return cubePreview(s)
}

const cubeRules = `## Jumping Cube

Two players, **Red** and **Blue**, share a board of squares. Every square
starts neutral with one spot. Red moves first.

### Your move

Tap a square that is neutral or already yours. It becomes yours and gets one
more spot. You may not tap your opponent's squares.

### Explosions

A square can hold as many spots as it has neighbours (up, down, left,
right — not diagonal): **2** in a corner, **3** on an edge, **4** inside.
When it gets one more, it explodes: one spot jumps to each neighbour, and
every neighbour becomes yours, with all the spots it holds — even if it was
your opponent's.

A neighbour that now holds too many spots explodes too, and so on. One tap
can start a chain reaction that sweeps across the board.

### Winning

You win when you own every square.

### The board

Red's spots are round, Blue's are square, so you can tell the squares apart
even without colour. The last move is outlined. During a chain reaction the
squares about to explode are darkened; press **Stop** to skip to the end, or
turn on "pause before each cascade step" in Settings to follow it step by
step with **Go**.

### Tips

- If your square sits next to an opponent's square, try to stay a step
  ahead: fill yours before they fill theirs.
- If your square holds no more spots than the opponent's neighbour, do not
  add to it: you cannot win that race.
- Look for captures, but check whether your opponent can answer with a
  chain reaction.
- Take corners first, then edges: they need fewer spots to explode.
- Early on, do not play right next to your opponent. Stay a square or two
  away, or play diagonally to their squares.
- Watch long chains of full squares. Guard your own; an opponent's chain can
  be captured all at once as soon as you reach it.
- To learn, watch the computer play itself: pick Computer for both seats, a
  5×5 board, and turn on the pauses in Settings.
`

func (s *Setup) SetOptions(o core.Options) {
	if o.Int(core.OptSize) > 0 {
		s.Slider.SetValue(float64(o.Int(core.OptSize)))
	}
}

// cubeDiagrams: a corner square overloads and explodes into its
// neighbours, before and after, on a 3×3 board.
func cubeDiagrams(s func() app.Settings) ([]board.RuleDiagram, error) {
	b, err := cube.NewBoard(3)
	if err != nil {
		return nil, err
	}
	for _, m := range []string{"1:1", "3:3"} {
		mv, err := cube.ParseMove(3, m)
		if err != nil {
			return nil, err
		}
		if err := b.Legal(mv); err != nil {
			return nil, err
		}
		b.Play(mv)
	}
	before := b
	corner, _ := cube.ParseMove(3, "1:1")
	if err := b.Legal(corner); err != nil {
		return nil, err
	}
	b.Play(corner)
	return []board.RuleDiagram{
		{Board: kit.MinSized(newPreview(before, int(corner), s), board.DiagramSize, board.DiagramSize), Caption: "Before: the corner 1:1 holds 2 spots, all a corner can"},
		{Board: kit.MinSized(newPreview(b, int(corner), s), board.DiagramSize, board.DiagramSize), Caption: "After a tap on 1:1: it explodes; 1:2 and 2:1 each get a spot and change side"},
	}, nil
}
