package board

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/jumpers-game/jumpers/app"
	"github.com/jumpers-game/jumpers/ui/kit"
)

// MinCell is the smallest cell a finger hits without a magnifier: below
// it (a 15×15 cube board on a phone has 22 dp cells) a tap zooms first.
const MinCell = 40

// Magnifier is the board's area on the game screen. When the cells are
// big enough it is just the board. When they are under minCell, a tap
// does not play: it shows the neighbourhood of the finger enlarged so
// that a cell is at least touchSize, over the whole area; a tap there
// plays the cell under the finger and the whole board comes back.
// Dragging the enlarged view pans it, and "Whole board" goes back
// without playing. Everything is a plain tap or drag: no hover, no
// right-click, no long press (which a phone turns into another event).
type Magnifier struct {
	widget.BaseWidget
	Small, Big Board
	play       func(move string)
	// forwarding is true while a tap of the enlarged view is handed to
	// the big board: taps that reach it any other way (it is larger than
	// the area it shows) play nothing.
	forwarding bool

	Zoomed bool
	zoom   float32
	// zoomChanged, if set, hears the view go in and out (the coordinate
	// labels hide over the enlarged view)
	zoomChanged func()
	Offset      fyne.Position // of the big board, from the area's top-left (<= 0)

	Catcher *tapLayer
	View    *zoomLayer
	clip    *container.Clip
	stage   *fyne.Container // holds big at offset, inside clip
	Out     fyne.CanvasObject
	OutB    *widget.Button
	// Marks are the enlarged view's coordinates: the row names down its
	// left edge and the column names along its top, for the rows and
	// columns in sight, so a finger knows where it is on a 15×15 board
	// (the whole board's edge labels name none of the enlarged squares).
	Marks     *fyne.Container
	markTexts []*canvas.Text
	markPads  []*canvas.Rectangle
}

// NewMagnifier wraps small, the board of c, with a magnifier when the
// game's board has square cells (Board.CellSide); play receives the moves.
func NewMagnifier(gu *GameUI, c *app.Controller, settings func() app.Settings, small Board, play func(string)) fyne.CanvasObject {
	if _, ok := small.CellSide(); !ok {
		return small
	}
	m := &Magnifier{Small: small, play: play}
	m.Big = gu.NewBoard(c, settings, func(move string) {
		if m.forwarding {
			m.play(move)
		}
	})
	m.Catcher = &tapLayer{onTap: m.tapBoard}
	m.Catcher.ExtendBaseWidget(m.Catcher)
	m.View = &zoomLayer{m: m}
	m.View.ExtendBaseWidget(m.View)
	m.stage = container.NewWithoutLayout(m.Big)
	m.clip = container.NewClip(m.stage)
	m.OutB = widget.NewButtonWithIcon("Whole board", theme.ZoomOutIcon(), m.ZoomOut)
	m.OutB.Importance = widget.HighImportance
	m.Out = kit.MinHeight(m.OutB, kit.TouchSize)
	m.Marks = container.NewWithoutLayout()
	m.ExtendBaseWidget(m)
	m.show()
	return m
}

// Aspect is the board's.
func (m *Magnifier) Aspect() float32 { return m.Small.Aspect() }

func (m *Magnifier) MinSize() fyne.Size { return m.Small.MinSize() }

// small cells: the board's cells are under minCell at its size.
func (m *Magnifier) SmallCells() bool {
	s, _ := m.Small.CellSide()
	return s > 0 && s < MinCell
}

// show shows the layers for the present state.
func (m *Magnifier) show() {
	// the whole board would show through the enlarged one's margins and
	// below it when panned past its edge
	kit.SetVisible(m.Small, !m.Zoomed)
	kit.SetVisible(m.Catcher, !m.Zoomed)
	kit.SetVisible(m.clip, m.Zoomed)
	kit.SetVisible(m.View, m.Zoomed)
	kit.SetVisible(m.Out, m.Zoomed)
	kit.SetVisible(m.Marks, m.Zoomed)
}

// tapBoard is a tap on the whole board: it plays when the cells are big
// enough, else it zooms.
func (m *Magnifier) tapBoard(p fyne.Position) {
	if !m.SmallCells() {
		m.Small.Tapped(&fyne.PointEvent{Position: p})
		return
	}
	m.zoomAt(p)
}

// zoomAt enlarges the board around p (in the area's coordinates).
func (m *Magnifier) zoomAt(p fyne.Position) {
	cell, _ := m.Small.CellSide()
	if cell <= 0 {
		return
	}
	m.zoom = max(2, kit.TouchSize/cell)
	sz := m.Size()
	m.Big.Resize(fyne.NewSize(sz.Width*m.zoom, sz.Height*m.zoom))
	m.Big.Update()
	// the point under the finger goes to the middle of the area
	m.setOffset(fyne.NewPos(sz.Width/2-p.X*m.zoom, sz.Height/2-p.Y*m.zoom))
	m.Zoomed = true
	m.show()
	m.placeMarks()
	m.Refresh()
	m.tellZoom()
}

func (m *Magnifier) ZoomOut() {
	m.Zoomed = false
	m.show()
	m.Refresh()
	m.tellZoom()
}

func (m *Magnifier) tellZoom() {
	if m.zoomChanged != nil {
		m.zoomChanged()
	}
}

// setOffset places the big board, keeping the area covered, except
// that it pans past the bottom edge by the height of "Whole board",
// which lies there: so the bottom row can come out from under it.
func (m *Magnifier) setOffset(o fyne.Position) {
	sz, bz := m.Size(), m.Big.Size()
	below := m.Out.MinSize().Height + 2*theme.Padding()
	o.X = min(0, max(o.X, sz.Width-bz.Width))
	o.Y = min(0, max(o.Y, sz.Height-bz.Height-below))
	m.Offset = o
	m.Big.Move(o)
	m.placeMarks()
}

// markSide is the side of a coordinate mark's ground.
const markSide = 22

// placeMarks writes the names of the rows and columns in sight on the
// enlarged view's edges: the big board's own labels (CoordLabels), those
// that share one x (the row names) moved to the left edge, the others
// (the column names) to the top, each on a ground that reads over the
// pieces.
func (m *Magnifier) placeMarks() {
	var labels []CoordLabel
	if m.Zoomed {
		labels = m.Big.CoordLabels(m.Big.Size())
	}
	rowX, most := float32(0), 0
	count := map[float32]int{}
	for _, l := range labels {
		count[l.X]++
		if count[l.X] > most {
			rowX, most = l.X, count[l.X]
		}
	}
	th := m.Theme()
	v := fyne.CurrentApp().Settings().ThemeVariant()
	fg := th.Color(theme.ColorNameForeground, v)
	ground := kit.ToNRGBA(th.Color(theme.ColorNameBackground, v))
	ground.A = 0xD0
	sz := m.Size()
	n := 0
	for _, l := range labels {
		x, y := l.X+m.Offset.X, l.Y+m.Offset.Y
		if l.X == rowX {
			x = markSide/2 + 2
		} else {
			y = markSide/2 + 2
		}
		// only whole marks in sight, clear of the corner where both meet
		if x < markSide/2 || y < markSide/2 || x > sz.Width-markSide/2 || y > sz.Height-markSide/2 ||
			(x < markSide+2 && y < markSide+2) {
			continue
		}
		if n == len(m.markTexts) {
			pad := canvas.NewRectangle(color.Transparent)
			pad.CornerRadius = 4
			t := canvas.NewText("", color.Transparent)
			t.Alignment = fyne.TextAlignCenter
			t.TextStyle.Bold = true
			m.markPads, m.markTexts = append(m.markPads, pad), append(m.markTexts, t)
			m.Marks.Objects = append(m.Marks.Objects, pad, t)
		}
		pad, t := m.markPads[n], m.markTexts[n]
		n++
		w := max(markSide, fyne.MeasureText(l.Text, theme.TextSize()*0.8, t.TextStyle).Width+6)
		pad.FillColor = ground
		pad.Resize(fyne.NewSize(w, markSide))
		pad.Move(fyne.NewPos(x-w/2, y-markSide/2))
		t.Text, t.Color, t.TextSize = l.Text, fg, theme.TextSize()*0.8
		t.Resize(fyne.NewSize(w, markSide))
		t.Move(fyne.NewPos(x-w/2, y-markSide/2))
		pad.Show()
		t.Show()
		pad.Refresh()
		t.Refresh()
	}
	for ; n < len(m.markTexts); n++ {
		m.markPads[n].Hide()
		m.markTexts[n].Hide()
	}
}

// MarkTexts are the coordinates shown on the enlarged view, with their
// centres in the view's coordinates.
func (m *Magnifier) MarkTexts() []CoordLabel {
	var out []CoordLabel
	for _, t := range m.markTexts {
		if t.Visible() && m.Zoomed {
			c := t.Position().Add(fyne.NewPos(t.Size().Width/2, t.Size().Height/2))
			out = append(out, CoordLabel{Text: t.Text, X: c.X, Y: c.Y, Size: t.TextSize})
		}
	}
	return out
}

// tapView plays the cell under p of the enlarged view, then shows the
// whole board again (what the move did is seen there).
func (m *Magnifier) tapView(p fyne.Position) {
	before := m.moves()
	m.forwarding = true
	m.Big.Tapped(&fyne.PointEvent{Position: p.Subtract(m.Offset)})
	m.forwarding = false
	if m.moves() != before {
		m.ZoomOut()
	}
}

// moves counts the moves of the board's game, to see whether a tap
// played one.
func (m *Magnifier) moves() int {
	if c := m.Small.Shared().Controller; c != nil {
		return c.History().Cursor()
	}
	return 0
}

// Update redraws the enlarged board; the game screen calls it with the
// board's Update.
func (m *Magnifier) Update() {
	if m.Zoomed {
		m.Big.Update()
	}
}

func (m *Magnifier) CreateRenderer() fyne.WidgetRenderer {
	return &magnifierRenderer{m: m}
}

type magnifierRenderer struct{ m *Magnifier }

func (r *magnifierRenderer) Destroy() {}
func (r *magnifierRenderer) Objects() []fyne.CanvasObject {
	m := r.m
	return []fyne.CanvasObject{m.Small, m.Catcher, m.clip, m.View, m.Marks, m.Out}
}
func (r *magnifierRenderer) MinSize() fyne.Size { return r.m.MinSize() }
func (r *magnifierRenderer) Refresh() {
	r.Layout(r.m.Size())
	canvas.Refresh(r.m)
}
func (r *magnifierRenderer) Layout(sz fyne.Size) {
	m := r.m
	for _, o := range []fyne.CanvasObject{m.Small, m.Catcher, m.clip, m.View, m.Marks} {
		o.Move(fyne.NewPos(0, 0))
		o.Resize(sz)
	}
	if m.Zoomed {
		m.Big.Resize(fyne.NewSize(sz.Width*m.zoom, sz.Height*m.zoom))
		m.setOffset(m.Offset)
	}
	os := m.Out.MinSize()
	m.Out.Resize(os)
	m.Out.Move(fyne.NewPos((sz.Width-os.Width)/2, sz.Height-os.Height-theme.Padding()))
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
	m *Magnifier
}

func (z *zoomLayer) Tapped(ev *fyne.PointEvent)          { z.m.tapView(ev.Position) }
func (z *zoomLayer) TappedSecondary(ev *fyne.PointEvent) { z.m.tapView(ev.Position) }
func (z *zoomLayer) Dragged(ev *fyne.DragEvent)          { z.m.setOffset(z.m.Offset.Add(ev.Dragged)) }
func (z *zoomLayer) DragEnd()                            {}
func (z *zoomLayer) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(canvas.NewRectangle(color.Transparent))
}
