package ui

import (
	"time"

	"fyne.io/fyne/v2"

	"github.com/jumpers-game/jumpers/app"
	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/cube"
)

// cubeView is what the board shows: a position plus marks. It is a value
// computed from the controller on the UI goroutine; the renderer draws it.
type cubeView struct {
	board   cube.Board
	explode []cube.Move // squares about to explode (animation)
	last    int         // last move's square, -1 for none
	hint    int         // hinted square, -1 for none
	// step identifies the animation step shown (0 when none), so the
	// renderer starts a step's motion once.
	step   uint64
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

// cubeBoard is the Jumping Cube board: ONE widget whose renderer draws
// every square with canvas primitives (no widget per square: a 15×15 board
// of widgets is slow on phones, Fyne issue #5914). It turns taps into
// square names and knows nothing of the rules.
type cubeBoard struct {
	Base
	view cubeView
}

func newCubeBoard(c *app.Controller, settings func() app.Settings, onTap func(string)) Board {
	b := &cubeBoard{}
	b.initBoard(b, c, settings, onTap)
	return b
}

// newCubePreview is a static board (home card art) in the colours of the
// settings s returns (nil: the defaults).
func newCubePreview(board cube.Board, last int, s func() app.Settings) *cubeBoard {
	b := &cubeBoard{view: cubeView{board: board, last: last, hint: -1}}
	b.initBoard(b, nil, s, nil)
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

func (b *cubeBoard) updateView() {
	c := b.c
	v := cubeView{last: -1, hint: -1}
	if sh, ok := shownStep[cubeStep](&b.Base); ok {
		v.board = sh.step.Board
		if sh.hasNext {
			v.explode = sh.next.Exploded
		}
		v.step = sh.id
		s := b.settings()
		v.effect = cascadeEffectFor(s.Animation, c.State() == app.Animating, animationsOn())
		v.motionTime = s.StepTime * 4 / 5
	} else {
		v.board = boardOf(c.Position())
	}
	b.view = v
	n := v.board.Size()
	if n == 0 {
		return
	}
	if m, err := cube.ParseMove(n, c.LastMove()); err == nil && c.LastMove() != "" {
		b.view.last = int(m)
	}
	if h := c.HintMove(); h != "" {
		if m, err := cube.ParseMove(n, h); err == nil {
			b.view.hint = int(m)
		}
	}
}

// squareAt is the square under p: the nearest one, -1 well off the board.
func (b *cubeBoard) squareAt(p fyne.Position) int {
	n := b.view.board.Size()
	if r, col, ok := hitCell(b.Size(), n, p); ok {
		return r*n + col
	}
	return -1
}

func (b *cubeBoard) squareNamed(name string) (int, bool) {
	m, err := cube.ParseMove(b.view.board.Size(), name)
	return int(m), err == nil
}

// squareTapped plays the square: a move is a square.
func (b *cubeBoard) squareTapped(sq int) {
	if n := b.view.board.Size(); sq >= 0 && sq < n*n {
		b.onTap(cube.FormatMove(n, cube.Move(sq)))
	}
}

func (b *cubeBoard) MinSize() fyne.Size {
	b.ExtendBaseWidget(b)
	return fyne.NewSize(120, 120)
}

func (b *cubeBoard) CellSide() (float32, bool) {
	n := b.view.board.Size()
	if n == 0 {
		return 0, true
	}
	return geomFor(b.Size(), n).cell, true
}

// Jumping Cube: r:c, rows from the top, columns from the left.
func (b *cubeBoard) CoordLabels(sz fyne.Size) []CoordLabel {
	n := b.view.board.Size()
	return squareLabels(geomFor(sz, n), n, numbers(n), numbers(n), false)
}

func (b *cubeBoard) CoordMargins() (l, t, r, bt float32) { return coordMargin, coordMargin, 0, 0 }
