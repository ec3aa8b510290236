package ui

import (
	"strconv"
	"time"

	"fyne.io/fyne/v2"

	"github.com/jumpers-game/jumpers/app"
	"github.com/jumpers-game/jumpers/core/ataxx"
)

// ataxxView is what the board shows: a position plus marks, computed from
// the controller on the UI goroutine.
type ataxxView struct {
	pos        ataxx.Position
	ok         bool
	last, hint ataxx.Move // NoMove for none
	sel        int        // selected piece, -1 for none
	clones     uint64     // the selected piece's clone targets
	jumps      uint64     // and its jump targets
	flipping   uint64     // pieces being converted in the step shown
	step       uint64     // id of the animation step shown (0: none)
	animate    bool       // flip with motion (off with reduced motion)
	flipTime   time.Duration
}

// ataxxBoard is the Ataxx board: ONE widget whose renderer draws the 7×7
// squares with canvas primitives. Selection is the widget's own state
// (tap a piece, then a target); the rules are the engine's: the targets
// come from Position.Targets and the move from Position.MoveBetween, and
// the controller checks the move again.
type ataxxBoard struct {
	Base
	view    ataxxView
	sel     int    // selected square, -1 none
	selHash uint64 // position the selection was made in
}

var _ Board = (*ataxxBoard)(nil)

func newAtaxxBoard(c *app.Controller, settings func() app.Settings, onTap func(string)) Board {
	b := &ataxxBoard{sel: -1}
	b.initBoard(b, c, settings, onTap)
	return b
}

// newAtaxxPreview is a static board (card art, the new game screen).
func newAtaxxPreview(pos ataxx.Position, settings func() app.Settings) *ataxxBoard {
	b := &ataxxBoard{sel: -1, view: ataxxView{pos: pos, ok: true, sel: -1}}
	b.initBoard(b, nil, settings, nil)
	return b
}

// show replaces a preview's position.
func (b *ataxxBoard) show(pos ataxx.Position) {
	b.view = ataxxView{pos: pos, ok: true, sel: -1}
	b.Refresh()
}

func (b *ataxxBoard) updateView() {
	c := b.c
	v := ataxxView{sel: -1}
	if sh, ok := shownStep[ataxxStep](&b.Base); ok {
		st := sh.step
		v.pos, v.ok = st.After, true
		v.last = st.Move
		v.flipping = st.Converted
		v.step = sh.id
		v.animate = animationsOn() && c.State() == app.Animating
		v.flipTime = b.settings().StepTime * 9 / 10
	} else {
		p, err := ataxx.Concrete(c.Position())
		v.pos, v.ok = p, err == nil
		if m, err := ataxx.ParseMove(c.LastMove()); err == nil && c.LastMove() != "" {
			v.last = m
		}
	}
	if h := c.HintMove(); h != "" {
		if m, err := ataxx.ParseMove(h); err == nil {
			v.hint = m
		}
	}
	// A selection lasts while the same human is to move in the same
	// position.
	if b.sel >= 0 && (c.State() != app.Human || v.pos.Hash() != b.selHash) {
		b.sel = -1
	}
	if b.sel >= 0 && v.ok {
		v.sel = b.sel
		v.clones, v.jumps = v.pos.Targets(b.sel)
	}
	b.view = v
}

// squareAt is the square under p (nearest square; -1 well off the board).
func (b *ataxxBoard) squareAt(p fyne.Position) int {
	r, col, ok := hitCell(b.Size(), ataxx.Size, p)
	if !ok {
		return -1
	}
	return ataxx.Square(col, ataxx.Size-1-r)
}

func (b *ataxxBoard) squareNamed(name string) (int, bool) {
	sq, err := ataxx.ParseSquare(name)
	return sq, err == nil
}

// squareTapped selects a piece, moves the selected piece, or deselects; a
// tap beside the board does nothing.
func (b *ataxxBoard) squareTapped(sq int) {
	if sq < 0 || !b.view.ok {
		return
	}
	if b.c.State() != app.Human {
		// Not a human's turn: the controller says why nothing happens.
		b.sel = -1
		b.onTap(ataxx.SquareName(sq))
		return
	}
	pos := &b.view.pos
	bit := uint64(1) << uint(sq)
	if b.sel >= 0 && (b.view.clones|b.view.jumps)&bit != 0 {
		from := b.sel
		b.sel = -1
		if m, err := pos.MoveBetween(from, sq); err == nil {
			b.onTap(m.String())
		} else {
			b.onTap(ataxx.SquareName(from) + ataxx.SquareName(sq)) // says why
		}
		b.Update()
		return
	}
	own := ataxx.BlackPiece
	if pos.ToMove() == ataxx.White {
		own = ataxx.WhitePiece
	}
	if pos.At(sq) == own && sq != b.sel {
		b.sel, b.selHash = sq, pos.Hash()
	} else {
		b.sel = -1 // a tap elsewhere (or on the selected piece) deselects
	}
	b.Update()
}

// Selected is the selected square (-1 for none).
func (b *ataxxBoard) Selected() int { return b.view.sel }

func (b *ataxxBoard) MinSize() fyne.Size {
	b.ExtendBaseWidget(b)
	return fyne.NewSize(140, 140)
}

// Ataxx: files a..g under the board, ranks 7..1 down its left side.
func (b *ataxxBoard) CoordLabels(sz fyne.Size) []CoordLabel {
	n := ataxx.Size
	rows, cols := make([]string, n), make([]string, n)
	for i := 0; i < n; i++ {
		rows[i] = strconv.Itoa(n - i)
		cols[i] = string(rune('a' + i))
	}
	return squareLabels(geomFor(sz, n), n, rows, cols, true)
}

func (b *ataxxBoard) CoordMargins() (l, t, r, bt float32) { return coordMargin, 0, 0, coordMargin }
