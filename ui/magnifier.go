package ui

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/jumpers-game/jumpers/app"
)

// minCell is the smallest cell a finger hits without a magnifier: below
// it (a 15×15 cube board on a phone has 22 dp cells) a tap zooms first.
const minCell = 40

// magnifier is the board's area on the game screen. When the cells are
// big enough it is just the board. When they are under minCell, a tap
// does not play: it shows the neighbourhood of the finger enlarged so
// that a cell is at least touchSize, over the whole area; a tap there
// plays the cell under the finger and the whole board comes back.
// Dragging the enlarged view pans it, and "Whole board" goes back
// without playing. Everything is a plain tap or drag: no hover, no
// right-click, no long press (which a phone turns into another event).
type magnifier struct {
	widget.BaseWidget
	small, big Board
	play       func(move string)
	// forwarding is true while a tap of the enlarged view is handed to
	// the big board: taps that reach it any other way (it is larger than
	// the area it shows) play nothing.
	forwarding bool

	zoomed bool
	zoom   float32
	// zoomChanged, if set, hears the view go in and out (the coordinate
	// labels hide over the enlarged view)
	zoomChanged func()
	offset      fyne.Position // of the big board, from the area's top-left (<= 0)

	catcher *tapLayer
	view    *zoomLayer
	clip    *container.Clip
	stage   *fyne.Container // holds big at offset, inside clip
	out     fyne.CanvasObject
	outB    *widget.Button
}

// newMagnifier wraps small, the board of c, with a magnifier when the
// game's board has square cells (Board.CellSide); play receives the moves.
func newMagnifier(gu *GameUI, c *app.Controller, settings func() app.Settings, small Board, play func(string)) fyne.CanvasObject {
	if _, ok := small.CellSide(); !ok {
		return small
	}
	m := &magnifier{small: small, play: play}
	m.big = gu.NewBoard(c, settings, func(move string) {
		if m.forwarding {
			m.play(move)
		}
	})
	m.catcher = &tapLayer{onTap: m.tapBoard}
	m.catcher.ExtendBaseWidget(m.catcher)
	m.view = &zoomLayer{m: m}
	m.view.ExtendBaseWidget(m.view)
	m.stage = container.NewWithoutLayout(m.big)
	m.clip = container.NewClip(m.stage)
	m.outB = widget.NewButtonWithIcon("Whole board", theme.ZoomOutIcon(), m.zoomOut)
	m.outB.Importance = widget.HighImportance
	m.out = minHeight(m.outB, touchSize)
	m.ExtendBaseWidget(m)
	m.show()
	return m
}

// Aspect is the board's.
func (m *magnifier) Aspect() float32 { return m.small.Aspect() }

func (m *magnifier) MinSize() fyne.Size { return m.small.MinSize() }

// small cells: the board's cells are under minCell at its size.
func (m *magnifier) smallCells() bool {
	s, _ := m.small.CellSide()
	return s > 0 && s < minCell
}

// show shows the layers for the present state.
func (m *magnifier) show() {
	// the whole board would show through the enlarged one's margins and
	// below it when panned past its edge
	setVisible(m.small, !m.zoomed)
	setVisible(m.catcher, !m.zoomed)
	setVisible(m.clip, m.zoomed)
	setVisible(m.view, m.zoomed)
	setVisible(m.out, m.zoomed)
}

// tapBoard is a tap on the whole board: it plays when the cells are big
// enough, else it zooms.
func (m *magnifier) tapBoard(p fyne.Position) {
	if !m.smallCells() {
		m.small.Tapped(&fyne.PointEvent{Position: p})
		return
	}
	m.zoomAt(p)
}

// zoomAt enlarges the board around p (in the area's coordinates).
func (m *magnifier) zoomAt(p fyne.Position) {
	cell, _ := m.small.CellSide()
	if cell <= 0 {
		return
	}
	m.zoom = max(2, touchSize/cell)
	sz := m.Size()
	m.big.Resize(fyne.NewSize(sz.Width*m.zoom, sz.Height*m.zoom))
	m.big.Update()
	// the point under the finger goes to the middle of the area
	m.setOffset(fyne.NewPos(sz.Width/2-p.X*m.zoom, sz.Height/2-p.Y*m.zoom))
	m.zoomed = true
	m.show()
	m.Refresh()
	m.tellZoom()
}

func (m *magnifier) zoomOut() {
	m.zoomed = false
	m.show()
	m.Refresh()
	m.tellZoom()
}

func (m *magnifier) tellZoom() {
	if m.zoomChanged != nil {
		m.zoomChanged()
	}
}

// setOffset places the big board, keeping the area covered, except
// that it pans past the bottom edge by the height of "Whole board",
// which lies there: so the bottom row can come out from under it.
func (m *magnifier) setOffset(o fyne.Position) {
	sz, bz := m.Size(), m.big.Size()
	below := m.out.MinSize().Height + 2*theme.Padding()
	o.X = min(0, max(o.X, sz.Width-bz.Width))
	o.Y = min(0, max(o.Y, sz.Height-bz.Height-below))
	m.offset = o
	m.big.Move(o)
}

// tapView plays the cell under p of the enlarged view, then shows the
// whole board again (what the move did is seen there).
func (m *magnifier) tapView(p fyne.Position) {
	before := m.moves()
	m.forwarding = true
	m.big.Tapped(&fyne.PointEvent{Position: p.Subtract(m.offset)})
	m.forwarding = false
	if m.moves() != before {
		m.zoomOut()
	}
}

// moves counts the moves of the board's game, to see whether a tap
// played one.
func (m *magnifier) moves() int {
	if c := m.small.Shared().c; c != nil {
		return c.History().Cursor()
	}
	return 0
}

// Update redraws the enlarged board; the game screen calls it with the
// board's Update.
func (m *magnifier) Update() {
	if m.zoomed {
		m.big.Update()
	}
}

func (m *magnifier) CreateRenderer() fyne.WidgetRenderer {
	return &magnifierRenderer{m: m}
}

type magnifierRenderer struct{ m *magnifier }

func (r *magnifierRenderer) Destroy() {}
func (r *magnifierRenderer) Objects() []fyne.CanvasObject {
	m := r.m
	return []fyne.CanvasObject{m.small, m.catcher, m.clip, m.view, m.out}
}
func (r *magnifierRenderer) MinSize() fyne.Size { return r.m.MinSize() }
func (r *magnifierRenderer) Refresh() {
	r.Layout(r.m.Size())
	canvas.Refresh(r.m)
}
func (r *magnifierRenderer) Layout(sz fyne.Size) {
	m := r.m
	for _, o := range []fyne.CanvasObject{m.small, m.catcher, m.clip, m.view} {
		o.Move(fyne.NewPos(0, 0))
		o.Resize(sz)
	}
	if m.zoomed {
		m.big.Resize(fyne.NewSize(sz.Width*m.zoom, sz.Height*m.zoom))
		m.setOffset(m.offset)
	}
	os := m.out.MinSize()
	m.out.Resize(os)
	m.out.Move(fyne.NewPos((sz.Width-os.Width)/2, sz.Height-os.Height-theme.Padding()))
}

// tapLayer turns a tap anywhere on it into onTap(position).
type tapLayer struct {
	widget.BaseWidget
	onTap func(fyne.Position)
}

func (t *tapLayer) Tapped(ev *fyne.PointEvent)          { t.onTap(ev.Position) }
func (t *tapLayer) TappedSecondary(ev *fyne.PointEvent) { t.onTap(ev.Position) }
func (t *tapLayer) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(canvas.NewRectangle(color.Transparent))
}

// zoomLayer is the input of the enlarged view: taps play, drags pan.
type zoomLayer struct {
	widget.BaseWidget
	m *magnifier
}

func (z *zoomLayer) Tapped(ev *fyne.PointEvent)          { z.m.tapView(ev.Position) }
func (z *zoomLayer) TappedSecondary(ev *fyne.PointEvent) { z.m.tapView(ev.Position) }
func (z *zoomLayer) Dragged(ev *fyne.DragEvent)          { z.m.setOffset(z.m.offset.Add(ev.Dragged)) }
func (z *zoomLayer) DragEnd()                            {}
func (z *zoomLayer) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(canvas.NewRectangle(color.Transparent))
}
