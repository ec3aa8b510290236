package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"

	"github.com/jumpers-game/jumpers/ui/board"
	"github.com/jumpers-game/jumpers/ui/kit"
)

// reviewLayout lays the review screen out. Portrait: as the game screen
// (gameLayout), the graph under the status. Landscape: the board on the
// left; on the right the status and under it the graph, the move list in
// a column beside them, and the controls in two rows at the bottom. A
// phone's 360 dp are too few for all of these in one column: the graph
// lay under the step buttons and the list had no row.
type reviewLayout struct {
	game     gameLayout
	status   fyne.CanvasObject // the status and the notice
	graph    fyne.CanvasObject // the graph box (graphShown tells whether it is shown)
	board    board.Fitter
	controls fyne.CanvasObject
	ctl      *reviewControlsLayout // the controls' layout: told the orientation
	moves    *moveList
	// graphShown: the graph box is shown (it sits in a theme wrapper
	// that is always visible)
	graphShown func() bool
}

// reviewListShare is the move list's share of the right-hand side in
// landscape: a column of entries one above the other.
const reviewListShare = 0.28

func (l *reviewLayout) Layout(_ []fyne.CanvasObject, sz fyne.Size) {
	side := kit.Landscape(sz)
	l.ctl.side = side
	if !side {
		l.game.layoutWithMoves(&statusColumn{l: l}, l.board, l.controls, l.moves, sz)
		return
	}
	l.moves.setSide(true)
	l.moves.Hidden = false
	gap := float32(gamePad / 2)
	cm := l.controls.MinSize()
	bw, bh := l.board.Fit(max(0, min(sz.Width*0.62, sz.Width-3*gamePad-cm.Width)), max(0, sz.Height-2*gamePad))
	l.board.Move(fyne.NewPos(gamePad, (sz.Height-bh)/2))
	l.board.Resize(fyne.NewSize(bw, bh))
	x := bw + 2*gamePad
	w := max(0, sz.Width-x-gamePad)
	l.controls.Move(fyne.NewPos(x, sz.Height-gamePad-cm.Height))
	l.controls.Resize(fyne.NewSize(w, cm.Height))
	// the text starts half a margin down: the Eval row needs the room
	top := gap
	above := max(0, sz.Height-top-gamePad-cm.Height-gap) // the room above the controls
	listW := min(max(2*kit.TouchSize, w*reviewListShare), 240)
	l.moves.Move(fyne.NewPos(x+w-listW, top))
	l.moves.Resize(fyne.NewSize(listW, above))
	sw := max(0, w-listW-gap)
	y := top + above
	if l.graphShown() {
		gh := l.graph.MinSize().Height
		y -= gh
		l.graph.Move(fyne.NewPos(x, y))
		l.graph.Resize(fyne.NewSize(sw, gh))
		y -= gap
	}
	l.status.Move(fyne.NewPos(x, top))
	l.status.Resize(fyne.NewSize(sw, max(0, y-top)))
}

// MinSize is the least of the two arrangements, as gameLayout's.
func (l *reviewLayout) MinSize([]fyne.CanvasObject) fyne.Size {
	col := &statusColumn{l: l}
	sm, bm, mm := col.MinSize(), l.board.MinSize(), l.moves.MinSize()
	cp, cs := l.ctl.size(l.controlObjects(), false), l.ctl.size(l.controlObjects(), true)
	portrait := fyne.NewSize(max(sm.Width, bm.Width, cp.Width)+2*gamePad, sm.Height+mm.Height+bm.Height+cp.Height+2*gamePad)
	// the side column starts half a margin down (Layout). Its status takes
	// what the graph and the controls leave (Layout): counted here as one
	// line, not as its words wrapped at some earlier width, which asked a
	// 360 dp high window for 416.
	sideStatus := min(sm.Height, theme.TextSize()+4*theme.Padding())
	if l.graphShown() {
		sideStatus += theme.Padding() + l.graph.MinSize().Height
	}
	right := gamePad/2 + max(sideStatus, mm.Height) + gamePad/2 + cs.Height + gamePad
	side := fyne.NewSize(bm.Width+max(sm.Width+mm.Width+gamePad/2, cs.Width)+3*gamePad, max(bm.Height+2*gamePad, right))
	return fyne.NewSize(min(portrait.Width, side.Width), min(portrait.Height, side.Height))
}

func (l *reviewLayout) controlObjects() []fyne.CanvasObject {
	if c, ok := l.controls.(*fyne.Container); ok {
		return c.Objects
	}
	return nil
}

// statusColumn is the status with the graph under it, for gameLayout in
// portrait: it reads the minimum size and places the column with Move
// and Resize, nothing else.
type statusColumn struct {
	fyne.CanvasObject
	l  *reviewLayout
	at fyne.Position
}

func (c *statusColumn) MinSize() fyne.Size {
	m := c.l.status.MinSize()
	if c.l.graphShown() {
		g := c.l.graph.MinSize()
		m = fyne.NewSize(max(m.Width, g.Width), m.Height+theme.Padding()+g.Height)
	}
	return m
}

func (c *statusColumn) Move(p fyne.Position) { c.at = p }

func (c *statusColumn) Resize(sz fyne.Size) {
	sm := c.l.status.MinSize()
	c.l.status.Move(c.at)
	c.l.status.Resize(fyne.NewSize(sz.Width, sm.Height))
	if c.l.graphShown() {
		c.l.graph.Move(fyne.NewPos(c.at.X, c.at.Y+sm.Height+theme.Padding()))
		c.l.graph.Resize(fyne.NewSize(sz.Width, c.l.graph.MinSize().Height))
	}
}

// reviewControlsLayout places the review's controls: the step buttons,
// the speed, Continue here and the engine's buttons (objects in that
// order). Portrait: three rows (the steps; the speed and Continue; the
// engine). Landscape (side): two rows (the steps and the speed; Continue
// and the engine), to leave the graph and the list their room.
type reviewControlsLayout struct{ side bool }

func (l *reviewControlsLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	return l.size(objs, l.side)
}

// Size is the controls' minimum size in one arrangement.
func (l *reviewControlsLayout) size(objs []fyne.CanvasObject, side bool) fyne.Size {
	if len(objs) < 4 {
		return fyne.Size{}
	}
	p := theme.Padding()
	st, sp, co, en := objs[0].MinSize(), objs[1].MinSize(), objs[2].MinSize(), objs[3].MinSize()
	if side {
		return fyne.NewSize(max(st.Width+p+sp.Width, co.Width+p+en.Width), max(st.Height, sp.Height)+p+max(co.Height, en.Height))
	}
	return fyne.NewSize(max(st.Width, sp.Width+p+co.Width, en.Width), st.Height+p+max(sp.Height, co.Height)+p+en.Height)
}

func (l *reviewControlsLayout) Layout(objs []fyne.CanvasObject, sz fyne.Size) {
	if len(objs) < 4 {
		return
	}
	p := theme.Padding()
	steps, speed, cont, engine := objs[0], objs[1], objs[2], objs[3]
	st, sp, co, en := steps.MinSize(), speed.MinSize(), cont.MinSize(), engine.MinSize()
	place := func(o fyne.CanvasObject, x, y, w, h float32) {
		o.Move(fyne.NewPos(x, y))
		o.Resize(fyne.NewSize(max(0, w), h))
	}
	if l.side {
		h1, h2 := max(st.Height, sp.Height), max(co.Height, en.Height)
		place(steps, 0, 0, sz.Width-p-sp.Width, h1)
		place(speed, sz.Width-sp.Width, 0, sp.Width, h1)
		// Continue and the engine's three buttons share what is left over
		// their least widths, a quarter each
		extra := max(0, sz.Width-p-co.Width-en.Width)
		cw := co.Width + extra/4
		place(cont, 0, h1+p, cw, h2)
		place(engine, cw+p, h1+p, sz.Width-cw-p, h2)
		return
	}
	h2 := max(sp.Height, co.Height)
	place(steps, 0, 0, sz.Width, st.Height)
	place(speed, 0, st.Height+p, sp.Width, h2)
	place(cont, sp.Width+p, st.Height+p, sz.Width-sp.Width-p, h2)
	place(engine, 0, st.Height+p+h2+p, sz.Width, en.Height)
}

// shareRow puts objects side by side in equal widths when each fits
// (as a grid), else each at its least width and an equal share of the
// rest: a row of buttons of unequal labels fits in less room than a grid.
type shareRow struct{}

func (shareRow) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var s fyne.Size
	for i, o := range objs {
		m := o.MinSize()
		s.Width += m.Width
		if i > 0 {
			s.Width += theme.Padding()
		}
		s.Height = max(s.Height, m.Height)
	}
	return s
}

func (shareRow) Layout(objs []fyne.CanvasObject, sz fyne.Size) {
	n := float32(len(objs))
	if n == 0 {
		return
	}
	p := theme.Padding()
	inner := sz.Width - (n-1)*p
	widest, sum := float32(0), float32(0)
	for _, o := range objs {
		w := o.MinSize().Width
		widest, sum = max(widest, w), sum+w
	}
	equal := widest*n <= inner
	x := float32(0)
	for _, o := range objs {
		w := inner / n
		if !equal {
			w = o.MinSize().Width + (inner-sum)/n
		}
		o.Move(fyne.NewPos(x, 0))
		o.Resize(fyne.NewSize(max(0, w), sz.Height))
		x += w + p
	}
}
