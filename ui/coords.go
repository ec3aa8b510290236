package ui

import (
	"image/color"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/jumpers-game/jumpers/app"
	"github.com/jumpers-game/jumpers/core/ataxx"
	cc "github.com/jumpers-game/jumpers/core/chinesecheckers"
)

// The coordinate overlay ("Show coordinates" in Settings) writes the
// parts of each game's notation on the board's edges, so the squares named
// in hints, errors and moves can be found: Jumping Cube rows and columns
// (2:3 is row 2, column 3, from the top left), Ataxx files a..g and ranks
// 1..7 (a1 bottom left), Chinese Checkers' row letters a..q at both ends
// of each row (e5 is the fifth hole from the left of row e).

// coordLabel is one label: its text and centre, in the board widget's own
// coordinates (in the margins: outside its box).
type coordLabel struct {
	text string
	x, y float32
	size float32 // text size
}

// coordBoard is a board that can show coordinates.
type coordBoard interface {
	Board
	// coordLabels are the labels for the board at size sz.
	coordLabels(sz fyne.Size) []coordLabel
	// coordMargins are the space the labels need beside the board.
	coordMargins() (left, top, right, bottom float32)
}

// coordMargin is the width of a margin that holds labels.
const coordMargin = 16

// coordText is the text size of edge labels, for squares of side cell.
func coordText(cell float32) float32 { return min(12, max(8, cell*0.45)) }

// squareLabels are the labels of an n×n board of geometry g: row labels
// in the left margin (top row first), column labels in the top or bottom
// margin (left column first).
func squareLabels(g boardGeom, n int, rows, cols []string, colsBelow bool) []coordLabel {
	size := coordText(g.cell)
	out := make([]coordLabel, 0, 2*n)
	for r := 0; r < n && r < len(rows); r++ {
		out = append(out, coordLabel{text: rows[r], x: g.ox - coordMargin/2, y: g.oy + (float32(r)+0.5)*g.cell, size: size})
	}
	y := g.oy - coordMargin/2
	if colsBelow {
		y = g.oy + g.cell*float32(n) + coordMargin/2
	}
	for c := 0; c < n && c < len(cols); c++ {
		out = append(out, coordLabel{text: cols[c], x: g.ox + (float32(c)+0.5)*g.cell, y: y, size: size})
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

// Jumping Cube: r:c, rows from the top, columns from the left.
func (b *cubeBoard) coordLabels(sz fyne.Size) []coordLabel {
	n := b.view.board.Size()
	return squareLabels(geomFor(sz, n), n, numbers(n), numbers(n), false)
}

func (b *cubeBoard) coordMargins() (l, t, r, bt float32) { return coordMargin, coordMargin, 0, 0 }

// Ataxx: files a..g under the board, ranks 7..1 down its left side.
func (b *ataxxBoard) coordLabels(sz fyne.Size) []coordLabel {
	n := ataxx.Size
	rows, cols := make([]string, n), make([]string, n)
	for i := 0; i < n; i++ {
		rows[i] = strconv.Itoa(n - i)
		cols[i] = string(rune('a' + i))
	}
	return squareLabels(geomFor(sz, n), n, rows, cols, true)
}

func (b *ataxxBoard) coordMargins() (l, t, r, bt float32) { return coordMargin, 0, 0, coordMargin }

// Chinese Checkers: each row's letter a little beyond its first and last
// hole, inside the star's box (the star leaves room beside every row).
func (b *ccBoard) coordLabels(sz fyne.Size) []coordLabel {
	g := ccGeomFor(sz)
	if g.u <= 0 {
		return nil
	}
	size := min(12, max(8, g.u*0.45))
	var out []coordLabel
	for row := 0; row < 17; row++ {
		letter := string(rune('a' + row))
		first := cc.HoleAt(row, 1)
		last := first
		for p := 2; cc.HoleAt(row, p) >= 0; p++ {
			last = cc.HoleAt(row, p)
		}
		x0, y := cc.HoleXY(first)
		x1, _ := cc.HoleXY(last)
		for _, x := range []float64{x0 - 0.62, x1 + 0.62} {
			sx, sy := g.at(x, y)
			out = append(out, coordLabel{text: letter, x: sx, y: sy, size: size})
		}
	}
	return out
}

// The longest rows (e and m) reach the star's box: their letters need a
// little room beyond it, on whichever sides the rows end (turned or not).
func (b *ccBoard) coordMargins() (l, t, r, bt float32) { return 6, 6, 6, 6 }

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
	if bb, ok := board.(interface{ base() *boardBase }); ok {
		bb.base().afterUpdate = f.sync
	}
	if m, ok := inner.(*magnifier); ok {
		m.zoomChanged = f.Refresh
	}
	f.ExtendBaseWidget(f)
	return f
}

// showing: the setting is on and the board can show coordinates.
func (f *coordFrame) showing() bool {
	_, ok := f.board.(coordBoard)
	return ok && f.on != nil && f.on()
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
	if cb, ok := f.board.(coordBoard); ok && f.shown {
		return cb.coordMargins()
	}
	return 0, 0, 0, 0
}

// Fit is the frame's box inside maxW×maxH: the board's, plus margins.
func (f *coordFrame) Fit(maxW, maxH float32) (w, h float32) {
	l, t, r, b := f.margins()
	bw, bh := fitAspect(f.board, maxW-l-r, maxH-t-b)
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
	var labels []coordLabel
	if cb, ok := r.f.board.(coordBoard); ok && r.f.shown && !r.f.magnified() {
		labels = cb.coordLabels(r.f.board.Size())
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

// coordsSetting is the Settings row that turns the overlay on and off.
func coordsSetting(s app.Settings, set func(func(*app.Settings))) fyne.CanvasObject {
	c := widget.NewCheck("Show coordinates", func(v bool) { set(func(st *app.Settings) { st.Coordinates = v }) })
	c.SetChecked(s.Coordinates)
	return container.NewVBox(minHeight(c, touchSize),
		help("Row and column names on the board's edges, as hints and moves name the squares."))
}
