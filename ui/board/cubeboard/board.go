package cubeboard

import (
	"time"

	"fyne.io/fyne/v2"

	"github.com/jumpers-game/jumpers/app"
	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/cube"
	"github.com/jumpers-game/jumpers/ui/board"
)

// cubeView is what the board shows: a position plus marks. It is a value
// computed from the controller on the UI goroutine; the renderer draws it.
type cubeView struct {
	Board   cube.Board
	Explode []cube.Move // squares about to explode (animation)
	Last    int         // last move's square, -1 for none
	Hint    int         // hinted square, -1 for none
	// Step identifies the animation step shown (0 when none), so the
	// renderer starts a step's motion once.
	Step   uint64
	effect cascadeEffect // how explode is shown
	// motionTime is how long the motion of a step (the dots' flight, the
	// blinking) lasts: a little less than the step, so it ends on screen.
	motionTime time.Duration
}

// cascadeEffect is what the board draws on the squares about to explode
// during one step of a cascade.
type cascadeEffect int

const (
	effectNone    cascadeEffect = iota // no cascade on show
	effectDarken                       // darkened for the whole step
	effectBlink                        // darkened, then blinking when they explode
	effectScatter                      // darkened, then dots fly to the neighbours
)

// cascadeEffectFor is the effect of the animation style anim while a
// cascade step is shown: moving tells whether the step runs by itself
// (not waiting for Go) and motion whether the system allows animations.
// A step is on show only with a style or with "pause before each cascade
// step" (then None darkens too, so the player sees what Go will do).
// Blinking and flying dots need both the running step and the motion, and
// are darkening otherwise (reduce motion).
func cascadeEffectFor(anim app.Animation, moving, motion bool) cascadeEffect {
	if moving && motion {
		switch anim {
		case app.AnimBlink:
			return effectBlink
		case app.AnimScatter:
			return effectScatter
		}
	}
	return effectDarken
}

// Board is the Jumping Cube board: ONE widget whose renderer draws
// every square with canvas primitives (no widget per square: a 15×15 board
// of widgets is slow on phones, Fyne issue #5914). It turns taps into

var _ board.Board = (*Board)(nil)

// square names and knows nothing of the rules.
type Board struct {
	board.Base
	View cubeView
}

func newBoard(c *app.Controller, settings func() app.Settings, onTap func(string)) board.Board {
	b := &Board{}
	b.InitBoard(b, c, settings, onTap)
	return b
}

// newPreview is a static board (home card art) in the colours of the
// Settings s returns (nil: the defaults).
func newPreview(board cube.Board, last int, s func() app.Settings) *Board {
	b := &Board{View: cubeView{Board: board, Last: last, Hint: -1}}
	b.InitBoard(b, nil, s, nil)
	return b
}

func boardOf(pos core.Position) cube.Board {
	if bd, err := cube.Concrete(pos); err == nil {
		return bd
	}
	// Not this package's position type (a wrapper): read its text.
	bd, _ := cube.ParseBoard(pos.String())
	return bd
}

func (b *Board) UpdateView() {
	c := b.Controller
	v := cubeView{Last: -1, Hint: -1}
	if sh, ok := board.ShownStep[cubeStep](&b.Base); ok {
		v.Board = sh.Step.Board
		if sh.HasNext {
			v.Explode = sh.Next.Exploded
		}
		v.Step = sh.ID
		s := b.Settings()
		v.effect = cascadeEffectFor(s.Animation, c.State() == app.Animating, board.AnimationsOn())
		v.motionTime = s.StepTime * 4 / 5
	} else {
		v.Board = boardOf(c.Position())
	}
	b.View = v
	n := v.Board.Size()
	if n == 0 {
		return
	}
	if m, err := cube.ParseMove(n, c.LastMove()); err == nil && c.LastMove() != "" {
		b.View.Last = int(m)
	}
	if h := c.HintMove(); h != "" {
		if m, err := cube.ParseMove(n, h); err == nil {
			b.View.Hint = int(m)
		}
	}
}

// SquareAt is the square under p: the nearest one, -1 well off the board.
func (b *Board) SquareAt(p fyne.Position) int {
	n := b.View.Board.Size()
	if r, col, ok := board.HitCell(b.Size(), n, p); ok {
		return r*n + col
	}
	return -1
}

func (b *Board) SquareNamed(name string) (int, bool) {
	m, err := cube.ParseMove(b.View.Board.Size(), name)
	return int(m), err == nil
}

// SquareBox is where square name ("2:3") is drawn.
func (b *Board) SquareBox(name string) (fyne.Position, float32, bool) {
	n := b.View.Board.Size()
	m, err := cube.ParseMove(n, name)
	if n == 0 || err != nil {
		return fyne.Position{}, 0, false
	}
	g := board.GeomFor(b.Size(), n)
	r, c := int(m)/n, int(m)%n
	return fyne.NewPos(g.OX+(float32(c)+0.5)*g.Cell, g.OY+(float32(r)+0.5)*g.Cell), g.Cell / 2, true
}

// SquareTapped plays the square: a move is a square.
func (b *Board) SquareTapped(sq int) {
	if n := b.View.Board.Size(); sq >= 0 && sq < n*n {
		b.OnTap(cube.FormatMove(n, cube.Move(sq)))
	}
}

func (b *Board) MinSize() fyne.Size {
	b.ExtendBaseWidget(b)
	return fyne.NewSize(120, 120)
}

func (b *Board) CellSide() (float32, bool) {
	n := b.View.Board.Size()
	if n == 0 {
		return 0, true
	}
	return board.GeomFor(b.Size(), n).Cell, true
}

// Jumping Cube: r:c, rows from the top, columns from the left.
func (b *Board) CoordLabels(sz fyne.Size) []board.CoordLabel {
	n := b.View.Board.Size()
	return board.SquareLabels(board.GeomFor(sz, n), n, board.Numbers(n), board.Numbers(n), false)
}

func (b *Board) CoordMargins() (l, t, r, bt float32) {
	return board.CoordMargin, board.CoordMargin, 0, 0
}
