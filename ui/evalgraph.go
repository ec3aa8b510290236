package ui

import (
	"image/color"
	"math"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/jumpers-game/jumpers/app"
	"github.com/jumpers-game/jumpers/ui/kit"
)

// evalGraphHeight is the graph's height: readable, and small enough to
// leave the board most of a phone screen.
const evalGraphHeight = 64

// evalGraph draws a game review (app.Analysis) over the game: who was
// winning when. Two players: one line, the first player's expected score
// (above the middle: the first player stands better), in its colour. More
// players: one line per seat in its colour. Mistakes (orange) and
// blunders (red) are dots on the mover's line after the move; the
// position shown is a vertical line. A tap picks the nearest mark if one
// is within a finger's reach, else the nearest position.
type evalGraph struct {
	widget.BaseWidget
	settings func() app.Settings
	an       app.Analysis
	total    int // positions of the game (moves + 1)
	shown    int // the position shown
	onPick   func(n int)
	onMark   func(m app.MoveReview)
}

func newEvalGraph(settings func() app.Settings, total int, onPick func(int), onMark func(app.MoveReview)) *evalGraph {
	g := &evalGraph{settings: settings, total: total, onPick: onPick, onMark: onMark}
	g.ExtendBaseWidget(g)
	return g
}

// Set shows a review (in progress or whole) and the position shown.
func (g *evalGraph) Set(an app.Analysis, shown int) {
	g.an, g.shown = an, shown
	g.Refresh()
}

// marked tells whether a move is drawn as a mark.
func marked(m app.MoveReview) bool { return m.Known && m.Class.Marked() }

// xOf is the x of position i in a graph of width w.
func (g *evalGraph) xOf(i int, w float32) float32 {
	if g.total <= 1 {
		return 0
	}
	return float32(i) / float32(g.total-1) * w
}

func (g *evalGraph) yOf(v float64, h float32) float32 {
	const pad = 4
	return pad + float32(1-v)*(h-2*pad)
}

// Tapped picks a mark near the finger, else the position under it.
func (g *evalGraph) Tapped(ev *fyne.PointEvent) {
	sz := g.Size()
	best, bestD := -1, float32(kit.TouchSize/2)
	for k, m := range g.an.Moves {
		if !marked(m) {
			continue
		}
		if d := float32(math.Abs(float64(g.xOf(k+1, sz.Width) - ev.Position.X))); d < bestD {
			best, bestD = k, d
		}
	}
	if best >= 0 && g.onMark != nil {
		g.onMark(g.an.Moves[best])
		return
	}
	if g.onPick != nil && g.total > 1 && sz.Width > 0 {
		n := int(math.Round(float64(ev.Position.X / sz.Width * float32(g.total-1))))
		g.onPick(min(max(n, 0), g.total-1))
	}
}

// TappedSecondary: a slow press on a phone is a tap too.
func (g *evalGraph) TappedSecondary(ev *fyne.PointEvent) { g.Tapped(ev) }

func (g *evalGraph) MinSize() fyne.Size {
	g.ExtendBaseWidget(g)
	return fyne.NewSize(2*kit.TouchSize, evalGraphHeight)
}

func (g *evalGraph) CreateRenderer() fyne.WidgetRenderer {
	r := &evalGraphRenderer{g: g}
	r.Refresh()
	return r
}

type evalGraphRenderer struct {
	g       *evalGraph
	objects []fyne.CanvasObject
}

func (r *evalGraphRenderer) Destroy()                     {}
func (r *evalGraphRenderer) Objects() []fyne.CanvasObject { return r.objects }
func (r *evalGraphRenderer) MinSize() fyne.Size           { return r.g.MinSize() }
func (r *evalGraphRenderer) Layout(fyne.Size)             { r.Refresh() }

// Refresh draws everything again: a graph is at most a few hundred
// segments per seat, thinned to one point per two units of width.
func (r *evalGraphRenderer) Refresh() {
	g := r.g
	sz := g.Size()
	w, h := sz.Width, sz.Height
	st := g.settings()
	th := g.Theme()
	v := fyne.CurrentApp().Settings().ThemeVariant()
	fg := kit.ToNRGBA(th.Color(theme.ColorNameForeground, v))
	bgc := kit.ToNRGBA(th.Color(theme.ColorNameBackground, v))
	objs := make([]fyne.CanvasObject, 0, 64)
	bg := canvas.NewRectangle(kit.Mix(bgc, fg, 0.06))
	bg.CornerRadius = 4
	bg.Resize(sz)
	objs = append(objs, bg)
	mid := canvas.NewLine(kit.Mix(bgc, fg, 0.3))
	mid.Position1, mid.Position2 = fyne.NewPos(0, g.yOf(0.5, h)), fyne.NewPos(w, g.yOf(0.5, h))
	objs = append(objs, mid)
	seats := []int{0}
	if g.an.Players > 2 {
		seats = seats[:0]
		for i := range g.an.Players {
			seats = append(seats, i)
		}
	}
	step := max(1, int(float32(g.total)/max(1, w/2)))
	for _, s := range seats {
		col := kit.PlayerColour(st, s)
		var prev fyne.Position
		have := false
		for i := 0; i < len(g.an.Standing); i += step {
			if i+step >= len(g.an.Standing) {
				i = len(g.an.Standing) - 1
			}
			p := fyne.NewPos(g.xOf(i, w), g.yOf(g.an.Standing[i][s], h))
			if have {
				l := canvas.NewLine(col)
				l.StrokeWidth = 2
				l.Position1, l.Position2 = prev, p
				objs = append(objs, l)
			}
			prev, have = p, true
		}
	}
	for k, m := range g.an.Moves {
		if !marked(m) || k+1 >= len(g.an.Standing) {
			continue
		}
		c := kit.ToNRGBA(th.Color(theme.ColorNameWarning, v))
		if m.Class == app.Blunder {
			c = kit.ToNRGBA(th.Color(theme.ColorNameError, v))
		}
		val := g.an.Standing[k+1][0]
		if g.an.Players > 2 {
			val = m.After
		}
		dot := canvas.NewCircle(c)
		dot.StrokeColor, dot.StrokeWidth = bgc, 1
		const d = 9
		dot.Move(fyne.NewPos(g.xOf(k+1, w)-d/2, g.yOf(val, h)-d/2))
		dot.Resize(fyne.NewSize(d, d))
		objs = append(objs, dot)
	}
	cur := canvas.NewLine(fg)
	cur.StrokeWidth = 1
	x := g.xOf(g.shown, w)
	cur.Position1, cur.Position2 = fyne.NewPos(x, 0), fyne.NewPos(x, h)
	objs = append(objs, cur)
	r.objects = objs
	for _, o := range objs {
		o.Refresh()
	}
}

// evalBar is the analysis mode's evaluation: with two players the bar is
// split between the two colours at the first player's expected score
// (the graph's line); with more, the share of the side to move in its
// colour. Both come from app.Eval.First, as the graph's values do.
type evalBar struct {
	widget.BaseWidget
	settings func() app.Settings
	ev       app.Eval
}

func newEvalBar(settings func() app.Settings) *evalBar {
	b := &evalBar{settings: settings}
	b.ExtendBaseWidget(b)
	return b
}

// Set shows an evaluation.
func (b *evalBar) Set(ev app.Eval) {
	b.ev = ev
	b.Refresh()
}

// clear shows "not known yet".
func (b *evalBar) clear() {
	b.ev = app.Eval{}
	b.Refresh()
}

func (b *evalBar) MinSize() fyne.Size {
	b.ExtendBaseWidget(b)
	return fyne.NewSize(kit.TouchSize, 14)
}

func (b *evalBar) CreateRenderer() fyne.WidgetRenderer {
	r := &evalBarRenderer{b: b, back: canvas.NewRectangle(color.Transparent), fill: canvas.NewRectangle(color.Transparent)}
	r.back.CornerRadius, r.fill.CornerRadius = 3, 3
	r.Refresh()
	return r
}

type evalBarRenderer struct {
	b          *evalBar
	back, fill *canvas.Rectangle
}

func (r *evalBarRenderer) Destroy()                     {}
func (r *evalBarRenderer) Objects() []fyne.CanvasObject { return []fyne.CanvasObject{r.back, r.fill} }
func (r *evalBarRenderer) MinSize() fyne.Size           { return r.b.MinSize() }
func (r *evalBarRenderer) Layout(fyne.Size)             { r.Refresh() }

func (r *evalBarRenderer) Refresh() {
	b := r.b
	sz := b.Size()
	st := b.settings()
	th := b.Theme()
	v := fyne.CurrentApp().Settings().ThemeVariant()
	fg := kit.ToNRGBA(th.Color(theme.ColorNameForeground, v))
	bgc := kit.ToNRGBA(th.Color(theme.ColorNameBackground, v))
	r.back.Resize(sz)
	r.back.FillColor = kit.Mix(bgc, fg, 0.12)
	share, seat, known := b.ev.First()
	if known && len(b.ev.Standing) == 2 {
		r.back.FillColor = kit.PlayerColour(st, 1)
	}
	r.back.StrokeColor, r.back.StrokeWidth = kit.Mix(bgc, fg, 0.4), 1
	r.fill.FillColor = kit.PlayerColour(st, seat)
	r.fill.Resize(fyne.NewSize(sz.Width*float32(min(max(share, 0), 1)), sz.Height))
	r.back.Refresh()
	r.fill.Refresh()
}
