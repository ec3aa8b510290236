package board

import (
	"image/color"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/jumpers-game/jumpers/ui/kit"
)

// The coordinate overlay ("Show coordinates" in Settings) writes the
// parts of each game's notation on the board's edges, so the squares named
// in hints, errors and moves can be found: Jumping Cube rows and columns
// (2:3 is row 2, column 3, from the top left), Ataxx files a..g and ranks
// 1..7 (a1 bottom left), Chinese Checkers' row letters a..q at both ends
// of each row (e5 is the fifth hole from the left of row e).

// CoordLabel is one label: its text and centre, in the board widget's own
// coordinates (in the margins: outside its box).
type CoordLabel struct {
	Text string
	X, Y float32
	Size float32 // text size
}

// CoordMargin is the width of a margin that holds labels.
const CoordMargin = 16

// coordText is the text size of edge labels, for squares of side cell.
func coordText(cell float32) float32 { return min(12, max(8, cell*0.45)) }

// SquareLabels are the labels of an n×n board of geometry g: row labels
// in the left margin (top row first), column labels in the top or bottom
// margin (left column first).
func SquareLabels(g BoardGeom, n int, rows, cols []string, colsBelow bool) []CoordLabel {
	size := coordText(g.Cell)
	out := make([]CoordLabel, 0, 2*n)
	for r := 0; r < n && r < len(rows); r++ {
		out = append(out, CoordLabel{Text: rows[r], X: g.OX - CoordMargin/2, Y: g.OY + (float32(r)+0.5)*g.Cell, Size: size})
	}
	y := g.OY - CoordMargin/2
	if colsBelow {
		y = g.OY + g.Cell*float32(n) + CoordMargin/2
	}
	for c := 0; c < n && c < len(cols); c++ {
		out = append(out, CoordLabel{Text: cols[c], X: g.OX + (float32(c)+0.5)*g.Cell, Y: y, Size: size})
	}
	return out
}

// Numbers are "1".."n".
func Numbers(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = strconv.Itoa(i + 1)
	}
	return out
}

// CoordFrame holds a board and, when the setting is on, its coordinate
// labels in margins around it. It is what the game screen lays out. The
// labels are the board's; what is laid out inside the margins is inner,
// the board itself or the magnifier that wraps it.
type CoordFrame struct {
	widget.BaseWidget
	board Board
	inner fyne.CanvasObject
	on    func() bool
	shown bool
	// Relayout lays out the screen again when the margins come or go
	Relayout func()
}

// NewCoordFrame frames inner, which shows board; on reads the setting.
func NewCoordFrame(board Board, inner fyne.CanvasObject, on func() bool) *CoordFrame {
	f := &CoordFrame{board: board, inner: inner, on: on}
	f.shown = f.showing()
	board.Shared().afterUpdate = f.sync
	if m, ok := inner.(*Magnifier); ok {
		m.zoomChanged = f.Refresh
	}
	f.ExtendBaseWidget(f)
	return f
}

// showing: the setting is on (a board without coordinates has no labels
// and no margins).
func (f *CoordFrame) showing() bool {
	return f.on != nil && f.on()
}

// sync follows a change of the setting (after every board update).
func (f *CoordFrame) sync() {
	if f.showing() == f.shown {
		return
	}
	f.shown = !f.shown
	if f.Relayout != nil {
		f.Relayout()
	}
	f.Refresh()
}

// magnified: the enlarged view is shown, whose squares the whole board's
// labels do not name (the margins stay, so the board does not jump).
func (f *CoordFrame) magnified() bool {
	m, ok := f.inner.(*Magnifier)
	return ok && m.Zoomed
}

func (f *CoordFrame) margins() (l, t, r, b float32) {
	if f.shown {
		return f.board.CoordMargins()
	}
	return 0, 0, 0, 0
}

// Fit is the frame's box inside maxW×maxH: the board's, plus margins.
func (f *CoordFrame) Fit(maxW, maxH float32) (w, h float32) {
	l, t, r, b := f.margins()
	bw, bh := f.board.Fit(max(0, maxW-l-r), max(0, maxH-t-b))
	return bw + l + r, bh + t + b
}

func (f *CoordFrame) MinSize() fyne.Size {
	l, t, r, b := f.margins()
	return f.inner.MinSize().AddWidthHeight(l+r, t+b)
}

func (f *CoordFrame) CreateRenderer() fyne.WidgetRenderer {
	return &coordRenderer{f: f}
}

type coordRenderer struct {
	f      *CoordFrame
	labels []*canvas.Text
	size   fyne.Size
}

func (r *coordRenderer) Layout(sz fyne.Size) {
	r.size = sz
	l, t, rt, b := r.f.margins()
	r.f.inner.Move(fyne.NewPos(l, t))
	r.f.inner.Resize(fyne.NewSize(max(0, sz.Width-l-rt), max(0, sz.Height-t-b)))
	r.placeLabels()
}

func (r *coordRenderer) placeLabels() {
	var labels []CoordLabel
	if r.f.shown && !r.f.magnified() {
		labels = r.f.board.CoordLabels(r.f.board.Size())
	}
	th := r.f.Theme()
	fg := kit.ToNRGBA(th.Color(theme.ColorNameForeground, fyne.CurrentApp().Settings().ThemeVariant()))
	fg.A = 0xC0
	for len(r.labels) < len(labels) {
		r.labels = append(r.labels, canvas.NewText("", color.Transparent))
	}
	off := r.f.inner.Position()
	for i, t := range r.labels {
		if i >= len(labels) {
			t.Hide()
			continue
		}
		lb := labels[i]
		t.Text, t.TextSize, t.Color, t.Alignment = lb.Text, lb.Size, fg, fyne.TextAlignCenter
		h := lb.Size * 1.4
		t.Resize(fyne.NewSize(CoordMargin*2, h))
		t.Move(fyne.NewPos(off.X+lb.X-CoordMargin, off.Y+lb.Y-h/2))
		t.Show()
		t.Refresh()
	}
}

func (r *coordRenderer) MinSize() fyne.Size { return r.f.MinSize() }

func (r *coordRenderer) Refresh() {
	r.Layout(r.size)
	r.f.inner.Refresh()
}

func (r *coordRenderer) Objects() []fyne.CanvasObject {
	objs := []fyne.CanvasObject{r.f.inner}
	for _, t := range r.labels {
		objs = append(objs, t)
	}
	return objs
}

func (r *coordRenderer) Destroy() {}
