package ui

import (
	"image/color"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
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
	text string
	x, y float32
	size float32 // text size
}

// coordMargin is the width of a margin that holds labels.
const coordMargin = 16

// coordText is the text size of edge labels, for squares of side cell.
func coordText(cell float32) float32 { return min(12, max(8, cell*0.45)) }

// squareLabels are the labels of an n×n board of geometry g: row labels
// in the left margin (top row first), column labels in the top or bottom
// margin (left column first).
func squareLabels(g boardGeom, n int, rows, cols []string, colsBelow bool) []CoordLabel {
	size := coordText(g.cell)
	out := make([]CoordLabel, 0, 2*n)
	for r := 0; r < n && r < len(rows); r++ {
		out = append(out, CoordLabel{text: rows[r], x: g.ox - coordMargin/2, y: g.oy + (float32(r)+0.5)*g.cell, size: size})
	}
	y := g.oy - coordMargin/2
	if colsBelow {
		y = g.oy + g.cell*float32(n) + coordMargin/2
	}
	for c := 0; c < n && c < len(cols); c++ {
		out = append(out, CoordLabel{text: cols[c], x: g.ox + (float32(c)+0.5)*g.cell, y: y, size: size})
	}
	return out
}

// numbers are "1".."n".
func numbers(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = strconv.Itoa(i + 1)
	}
	return out
}

// coordFrame holds a board and, when the setting is on, its coordinate
// labels in margins around it. It is what the game screen lays out. The
// labels are the board's; what is laid out inside the margins is inner,
// the board itself or the magnifier that wraps it.
type coordFrame struct {
	widget.BaseWidget
	board Board
	inner fyne.CanvasObject
	on    func() bool
	shown bool
	// relayout lays out the screen again when the margins come or go
	relayout func()
}

// newCoordFrame frames inner, which shows board; on reads the setting.
func newCoordFrame(board Board, inner fyne.CanvasObject, on func() bool) *coordFrame {
	f := &coordFrame{board: board, inner: inner, on: on}
	f.shown = f.showing()
	board.Shared().afterUpdate = f.sync
	if m, ok := inner.(*magnifier); ok {
		m.zoomChanged = f.Refresh
	}
	f.ExtendBaseWidget(f)
	return f
}

// showing: the setting is on (a board without coordinates has no labels
// and no margins).
func (f *coordFrame) showing() bool {
	return f.on != nil && f.on()
}

// sync follows a change of the setting (after every board update).
func (f *coordFrame) sync() {
	if f.showing() == f.shown {
		return
	}
	f.shown = !f.shown
	if f.relayout != nil {
		f.relayout()
	}
	f.Refresh()
}

// magnified: the enlarged view is shown, whose squares the whole board's
// labels do not name (the margins stay, so the board does not jump).
func (f *coordFrame) magnified() bool {
	m, ok := f.inner.(*magnifier)
	return ok && m.zoomed
}

func (f *coordFrame) margins() (l, t, r, b float32) {
	if f.shown {
		return f.board.CoordMargins()
	}
	return 0, 0, 0, 0
}

// Fit is the frame's box inside maxW×maxH: the board's, plus margins.
func (f *coordFrame) Fit(maxW, maxH float32) (w, h float32) {
	l, t, r, b := f.margins()
	bw, bh := f.board.Fit(max(0, maxW-l-r), max(0, maxH-t-b))
	return bw + l + r, bh + t + b
}

func (f *coordFrame) MinSize() fyne.Size {
	l, t, r, b := f.margins()
	return f.inner.MinSize().AddWidthHeight(l+r, t+b)
}

func (f *coordFrame) CreateRenderer() fyne.WidgetRenderer {
	return &coordRenderer{f: f}
}

type coordRenderer struct {
	f      *coordFrame
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
	fg := toNRGBA(th.Color(theme.ColorNameForeground, fyne.CurrentApp().Settings().ThemeVariant()))
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
		t.Text, t.TextSize, t.Color, t.Alignment = lb.text, lb.size, fg, fyne.TextAlignCenter
		h := lb.size * 1.4
		t.Resize(fyne.NewSize(coordMargin*2, h))
		t.Move(fyne.NewPos(off.X+lb.x-coordMargin, off.Y+lb.y-h/2))
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
