package ataxxboard

import (
	"strconv"
	"time"

	"fyne.io/fyne/v2"

	"github.com/jumpers-game/jumpers/app"
	"github.com/jumpers-game/jumpers/core/ataxx"
	"github.com/jumpers-game/jumpers/ui/board"
)

// ataxxView is what the board shows: a position plus marks, computed from
// the controller on the UI goroutine.
type ataxxView struct {
	Pos        ataxx.Position
	ok         bool
	Last, Hint ataxx.Move // NoMove for none
	Sel        int        // selected piece, -1 for none
	Clones     uint64     // the selected piece's clone targets
	Jumps      uint64     // and its jump targets
	Flipping   uint64     // pieces being converted in the step shown
	step       uint64     // id of the animation step shown (0: none)
	animate    bool       // flip with motion (off with reduced motion)
	flipTime   time.Duration
}

// Board is the Ataxx board: ONE widget whose renderer draws the 7×7
// squares with canvas primitives. Selection is the widget's own state
// (tap a piece, then a target); the rules are the engine's: the targets
// come from Position.Targets and the move from Position.MoveBetween, and
// the controller checks the move again.
type Board struct {
	board.Base
	View    ataxxView
	sel     int    // selected square, -1 none
	selHash uint64 // position the selection was made in
}

var _ board.Board = (*Board)(nil)

func newAtaxxBoard(c *app.Controller, settings func() app.Settings, onTap func(string)) board.Board {
	b := &Board{sel: -1}
	b.InitBoard(b, c, settings, onTap)
	return b
}

// newAtaxxPreview is a static board (card art, the new game screen).
func newAtaxxPreview(pos ataxx.Position, settings func() app.Settings) *Board {
	b := &Board{sel: -1, View: ataxxView{Pos: pos, ok: true, Sel: -1}}
	b.InitBoard(b, nil, settings, nil)
	return b
}

// show replaces a preview's position.
func (b *Board) show(pos ataxx.Position) {
	b.View = ataxxView{Pos: pos, ok: true, Sel: -1}
	b.Refresh()
}

func (b *Board) UpdateView() {
	c := b.Controller
	v := ataxxView{Sel: -1}
	if sh, ok := board.ShownStep[ataxxStep](&b.Base); ok {
		st := sh.Step
		v.Pos, v.ok = st.After, true
		v.Last = st.Move
		v.Flipping = st.Converted
		v.step = sh.ID
		v.animate = board.AnimationsOn() && c.State() == app.Animating
		v.flipTime = b.Settings().StepTime * 9 / 10
	} else {
		p, err := ataxx.Concrete(c.Position())
		v.Pos, v.ok = p, err == nil
		if m, err := ataxx.ParseMove(c.LastMove()); err == nil && c.LastMove() != "" {
			v.Last = m
		}
	}
	if h := c.HintMove(); h != "" {
		if m, err := ataxx.ParseMove(h); err == nil {
			v.Hint = m
		}
	}
	// A selection lasts while the same human is to move in the same
	// position.
	if b.sel >= 0 && (c.State() != app.Human || v.Pos.Hash() != b.selHash) {
		b.sel = -1
	}
	if b.sel >= 0 && v.ok {
		v.Sel = b.sel
		v.Clones, v.Jumps = v.Pos.Targets(b.sel)
	}
	b.View = v
}

// SquareAt is the square under p (nearest square; -1 well off the board).
func (b *Board) SquareAt(p fyne.Position) int {
	r, col, ok := board.HitCell(b.Size(), ataxx.Size, p)
	if !ok {
		return -1
	}
	return ataxx.Square(col, ataxx.Size-1-r)
}

func (b *Board) SquareNamed(name string) (int, bool) {
	sq, err := ataxx.ParseSquare(name)
	return sq, err == nil
}

// SquareBox is where square name ("e4") is drawn.
func (b *Board) SquareBox(name string) (fyne.Position, float32, bool) {
	sq, err := ataxx.ParseSquare(name)
	if err != nil {
		return fyne.Position{}, 0, false
	}
	g := board.GeomFor(b.Size(), ataxx.Size)
	row, col := ataxx.Size-1-ataxx.Rank(sq), ataxx.File(sq)
	return fyne.NewPos(g.OX+(float32(col)+0.5)*g.Cell, g.OY+(float32(row)+0.5)*g.Cell), g.Cell / 2, true
}

// SquareTapped selects a piece, moves the selected piece, or deselects; a
// tap beside the board does nothing.
func (b *Board) SquareTapped(sq int) {
	if sq < 0 || !b.View.ok {
		return
	}
	if b.Controller.State() != app.Human {
		// Not a human's turn: the controller says why nothing happens.
		b.sel = -1
		b.OnTap(ataxx.SquareName(sq))
		return
	}
	pos := &b.View.Pos
	bit := uint64(1) << uint(sq)
	if b.sel >= 0 && (b.View.Clones|b.View.Jumps)&bit != 0 {
		from := b.sel
		b.sel = -1
		if m, err := pos.MoveBetween(from, sq); err == nil {
			b.OnTap(m.String())
		} else {
			b.OnTap(ataxx.SquareName(from) + ataxx.SquareName(sq)) // says why
		}
		b.Update()
		return
	}
	// Anything else picks up the piece, lets the selected one go (a second
	// tap on it), or says why not: the rules decide (app.Controller.Pick).
	from := b.sel
	b.sel = -1
	switch name := ataxx.SquareName(sq); {
	case sq == from:
	case b.Controller.Pick(name) == "":
		b.sel, b.selHash = sq, pos.Hash()
	case from >= 0 && pos.At(sq) == ataxx.Empty:
		b.OnTap(ataxx.SquareName(from) + name) // out of reach: says why
	default:
		b.MayPick(name) // says why
	}
	b.Update()
}

// Selected is the selected square (-1 for none).
func (b *Board) Selected() int { return b.View.Sel }

func (b *Board) MinSize() fyne.Size {
	b.ExtendBaseWidget(b)
	return fyne.NewSize(140, 140)
}

// Ataxx: files a..g under the board, ranks 7..1 down its left side.
func (b *Board) CoordLabels(sz fyne.Size) []board.CoordLabel {
	n := ataxx.Size
	rows, cols := make([]string, n), make([]string, n)
	for i := 0; i < n; i++ {
		rows[i] = strconv.Itoa(n - i)
		cols[i] = string(rune('a' + i))
	}
	return board.SquareLabels(board.GeomFor(sz, n), n, rows, cols, true)
}

func (b *Board) CoordMargins() (l, t, r, bt float32) {
	return board.CoordMargin, 0, 0, board.CoordMargin
}
