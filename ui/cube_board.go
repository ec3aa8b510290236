package ui

import (
	"image/color"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

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
	// renderer starts the flying dots once per step.
	step    uint64
	scatter bool // fly dots from explode to their neighbours
	flyTime time.Duration
}

// cubeBoard is the Jumping Cube board: ONE widget whose renderer draws
// every square with canvas primitives (no widget per square: a 15×15 board
// of widgets is slow on phones, Fyne issue #5914). It turns taps into
// square names and knows nothing of the rules.
type cubeBoard struct {
	widget.BaseWidget
	c        *app.Controller // nil for a static preview
	settings func() app.Settings
	onTap    func(move string)
	view     cubeView
	stepSeq  uint64
	lastKey  any
	lastIdx  int
}

var (
	_ fyne.Tappable          = (*cubeBoard)(nil)
	_ fyne.SecondaryTappable = (*cubeBoard)(nil)
)

func newCubeBoard(c *app.Controller, settings func() app.Settings, onTap func(string)) Board {
	b := &cubeBoard{c: c, settings: settings, onTap: onTap}
	b.ExtendBaseWidget(b)
	b.view = b.compute()
	return b
}

// newCubePreview is a static board (home card art).
func newCubePreview(board cube.Board, last int) *cubeBoard {
	b := &cubeBoard{settings: app.DefaultSettings}
	b.ExtendBaseWidget(b)
	b.view = cubeView{board: board, last: last, hint: -1}
	return b
}

// Update re-reads the controller and redraws.
func (b *cubeBoard) Update() {
	if b.c != nil {
		b.view = b.compute()
	}
	b.Refresh()
}

func boardOf(pos core.Position) cube.Board {
	if bd, err := cube.Concrete(pos); err == nil {
		return bd
	}
	// Not this package's position type (a wrapper): read its text.
	bd, _ := cube.ParseBoard(pos.String())
	return bd
}

func (b *cubeBoard) compute() cubeView {
	c := b.c
	if c == nil {
		return b.view
	}
	v := cubeView{last: -1, hint: -1}
	n := 0
	if steps, i, ok := c.Frame(); ok {
		st, _ := steps[i].(cube.Step)
		v.board = st.Board
		n = v.board.Size()
		if i+1 < len(steps) {
			if nx, ok := steps[i+1].(cube.Step); ok {
				v.explode = nx.Exploded
			}
		}
		// A new step (another move or another index) gets a new id.
		if key := any(&steps[0]); key != b.lastKey || i != b.lastIdx {
			b.lastKey, b.lastIdx = key, i
			b.stepSeq++
		}
		v.step = b.stepSeq
		s := b.settings()
		v.scatter = s.Animation == app.AnimScatter && c.State() == app.Animating && animationsOn()
		v.flyTime = s.StepTime * 4 / 5
	} else {
		b.lastKey = nil
		v.board = boardOf(c.Position())
		n = v.board.Size()
	}
	if n == 0 {
		return v
	}
	if m, err := cube.ParseMove(n, c.LastMove()); err == nil && c.LastMove() != "" {
		v.last = int(m)
	}
	if h := c.HintMove(); h != "" {
		if m, err := cube.ParseMove(n, h); err == nil {
			v.hint = int(m)
		}
	}
	return v
}

// animationsOn is false when the user asked for reduced motion.
func animationsOn() bool {
	a := fyne.CurrentApp()
	return a == nil || a.Settings().ShowAnimations()
}

// Tapped plays the square under the finger.
func (b *cubeBoard) Tapped(ev *fyne.PointEvent) { b.tapAt(ev.Position) }

// TappedSecondary does the same: on a phone a press held 300 ms arrives as
// a secondary tap, and a slow tap must not be lost.
func (b *cubeBoard) TappedSecondary(ev *fyne.PointEvent) { b.tapAt(ev.Position) }

func (b *cubeBoard) tapAt(p fyne.Position) {
	if b.onTap == nil {
		return
	}
	n := b.view.board.Size()
	if r, col, ok := hitCell(b.Size(), n, p); ok {
		b.onTap(cube.FormatMove(n, cube.Move(r*n+col)))
	}
}

// boardGeom is where the squares are inside a widget of size sz.
type boardGeom struct {
	ox, oy, cell, gap float32
}

func geomFor(sz fyne.Size, n int) boardGeom {
	if n <= 0 {
		return boardGeom{}
	}
	side := min(sz.Width, sz.Height)
	cell := side / float32(n)
	return boardGeom{
		ox:   (sz.Width - side) / 2,
		oy:   (sz.Height - side) / 2,
		cell: cell,
		gap:  max(1, cell*0.06),
	}
}

// hitCell finds the square nearest to p. Touch points are imprecise (the
// mobile driver even shifts them 8 units up), so a tap in the gap between
// squares or just outside the edge still counts for the nearest square;
// only taps well away from the board are ignored.
func hitCell(sz fyne.Size, n int, p fyne.Position) (r, c int, ok bool) {
	g := geomFor(sz, n)
	if g.cell <= 0 {
		return 0, 0, false
	}
	x := (p.X - g.ox) / g.cell
	y := (p.Y - g.oy) / g.cell
	const slack = 0.5 // half a square around the board
	if x < -slack || y < -slack || x > float32(n)+slack || y > float32(n)+slack {
		return 0, 0, false
	}
	c = min(max(int(x), 0), n-1)
	r = min(max(int(y), 0), n-1)
	if x < 0 {
		c = 0
	}
	if y < 0 {
		r = 0
	}
	return r, c, true
}

func (b *cubeBoard) MinSize() fyne.Size {
	b.ExtendBaseWidget(b)
	return fyne.NewSize(120, 120)
}

func (b *cubeBoard) CreateRenderer() fyne.WidgetRenderer {
	r := &cubeRenderer{b: b, bg: canvas.NewRectangle(color.Transparent)}
	r.lastMark = canvas.NewRectangle(color.Transparent)
	r.hintMark = canvas.NewRectangle(color.Transparent)
	r.hintDot = canvas.NewCircle(color.Transparent)
	r.Refresh()
	return r
}

// cellObjs are the primitives of one square.
type cellObjs struct {
	tile  *canvas.Rectangle
	pips  [6]*canvas.Rectangle // rounded or square: the per-player shape
	num   *canvas.Text
	shade *canvas.Rectangle // darkens a square about to explode
	// drawn state, to refresh only squares that changed
	spots, owner int
	shaded       bool
	valid        bool
}

type cubeRenderer struct {
	b        *cubeBoard
	bg       *canvas.Rectangle
	cells    []cellObjs
	lastMark *canvas.Rectangle
	hintMark *canvas.Rectangle
	hintDot  *canvas.Circle
	dots     []*canvas.Circle
	objects  []fyne.CanvasObject
	n        int
	size     fyne.Size
	pal      boardPalette
	anim     *fyne.Animation
	animStep uint64
}

type boardPalette struct {
	board, neutral, neutralInk, mark, hint color.NRGBA
	player                                 [2]color.NRGBA
	ink                                    [2]color.NRGBA
}

func (r *cubeRenderer) palette() boardPalette {
	th := r.b.Theme()
	v := fyne.CurrentApp().Settings().ThemeVariant()
	bg := toNRGBA(th.Color(theme.ColorNameBackground, v))
	fg := toNRGBA(th.Color(theme.ColorNameForeground, v))
	s := r.b.settings()
	p := boardPalette{
		board:   mix(bg, fg, 0.10),
		neutral: mix(bg, fg, 0.22),
		mark:    fg,
		hint:    okabeIto["Bluish green"],
	}
	if isDark(th, v) {
		p.neutral = mix(bg, fg, 0.30)
	}
	p.neutralInk = mix(p.neutral, fg, 0.75)
	for i := range p.player {
		p.player[i] = playerColour(s, i)
		p.ink[i] = inkOn(p.player[i])
	}
	if p.hint == p.player[0] || p.hint == p.player[1] {
		p.hint = okabeIto["Reddish purple"]
	}
	return p
}

func (r *cubeRenderer) Destroy() {
	if r.anim != nil {
		r.anim.Stop()
	}
}

func (r *cubeRenderer) Objects() []fyne.CanvasObject { return r.objects }

func (r *cubeRenderer) MinSize() fyne.Size { return r.b.MinSize() }

// rebuild makes the primitives for an n×n board.
func (r *cubeRenderer) rebuild(n int) {
	r.n = n
	r.cells = make([]cellObjs, n*n)
	objs := make([]fyne.CanvasObject, 0, 1+n*n*9+3)
	objs = append(objs, r.bg)
	for i := range r.cells {
		c := &r.cells[i]
		c.tile = canvas.NewRectangle(color.Transparent)
		objs = append(objs, c.tile)
		for k := range c.pips {
			c.pips[k] = canvas.NewRectangle(color.Transparent)
			c.pips[k].Hide()
			objs = append(objs, c.pips[k])
		}
		c.num = canvas.NewText("", color.Black)
		c.num.Alignment = fyne.TextAlignCenter
		c.num.TextStyle = fyne.TextStyle{Bold: true}
		c.num.Hide()
		c.shade = canvas.NewRectangle(color.NRGBA{0, 0, 0, 0x8C})
		c.shade.Hide()
		objs = append(objs, c.num, c.shade)
	}
	objs = append(objs, r.lastMark, r.hintMark, r.hintDot)
	r.objects = objs
	r.dots = nil
}

func (r *cubeRenderer) Layout(sz fyne.Size) {
	r.size = sz
	r.place(true)
}

// pipSpots are the dice faces, in units of the tile (0..1).
var pipSpots = [7][][2]float32{
	{},
	{{.5, .5}},
	{{.27, .27}, {.73, .73}},
	{{.27, .27}, {.5, .5}, {.73, .73}},
	{{.27, .27}, {.73, .27}, {.27, .73}, {.73, .73}},
	{{.27, .27}, {.73, .27}, {.5, .5}, {.27, .73}, {.73, .73}},
	{{.27, .25}, {.73, .25}, {.27, .5}, {.73, .5}, {.27, .75}, {.73, .75}},
}

// place positions and colours the squares; all of them when full, else
// only those whose state changed since the last time.
func (r *cubeRenderer) place(full bool) {
	v := &r.b.view
	n := v.board.Size()
	if n != r.n {
		r.rebuild(n)
		full = true
	}
	g := geomFor(r.size, n)
	side := g.cell * float32(n)
	r.bg.FillColor = r.pal.board
	r.bg.CornerRadius = g.cell * 0.12
	r.bg.Move(fyne.NewPos(g.ox, g.oy))
	r.bg.Resize(fyne.NewSize(side, side))
	if full {
		r.bg.Refresh()
	}
	shaded := make(map[int]bool, len(v.explode))
	for _, m := range v.explode {
		shaded[int(m)] = true
	}
	tileSize := g.cell - g.gap
	for i := range r.cells {
		c := &r.cells[i]
		m := cube.Move(i)
		spots, owner := v.board.Spots(m), v.board.Owner(m)
		if !full && c.valid && c.spots == spots && c.owner == owner && c.shaded == shaded[i] {
			continue
		}
		c.spots, c.owner, c.shaded, c.valid = spots, owner, shaded[i], true
		row, col := i/n, i%n
		x := g.ox + float32(col)*g.cell + g.gap/2
		y := g.oy + float32(row)*g.cell + g.gap/2
		fill, ink := r.pal.neutral, r.pal.neutralInk
		if owner >= 0 {
			fill, ink = r.pal.player[owner&1], r.pal.ink[owner&1]
		}
		c.tile.FillColor = fill
		c.tile.CornerRadius = tileSize * 0.14
		c.tile.Move(fyne.NewPos(x, y))
		c.tile.Resize(fyne.NewSize(tileSize, tileSize))
		c.tile.Refresh()

		pip := tileSize * 0.2
		radius := pip / 2 // round pips: Red (player 1) and neutral squares
		if owner == 1 {
			radius = pip * 0.12 // square pips: Blue (player 2)
		}
		face := pipSpots[0]
		if spots <= 6 {
			face = pipSpots[spots]
		}
		for k, p := range c.pips {
			if k >= len(face) {
				if p.Visible() {
					p.Hide()
				}
				continue
			}
			p.FillColor = ink
			p.CornerRadius = radius
			p.Move(fyne.NewPos(x+face[k][0]*tileSize-pip/2, y+face[k][1]*tileSize-pip/2))
			p.Resize(fyne.NewSize(pip, pip))
			p.Show()
			p.Refresh()
		}
		if spots > 6 {
			c.num.Text = itoa(spots)
			c.num.Color = ink
			c.num.TextSize = tileSize * 0.5
			c.num.Move(fyne.NewPos(x, y+tileSize*0.2))
			c.num.Resize(fyne.NewSize(tileSize, tileSize*0.6))
			c.num.Show()
			c.num.Refresh()
		} else if c.num.Visible() {
			c.num.Hide()
		}
		c.shade.CornerRadius = c.tile.CornerRadius
		c.shade.Move(c.tile.Position())
		c.shade.Resize(c.tile.Size())
		if c.shaded {
			c.shade.Show()
		} else {
			c.shade.Hide()
		}
	}
	r.placeMark(r.lastMark, v.last, g, r.pal.mark, max(2, g.cell*0.06))
	r.placeMark(r.hintMark, v.hint, g, r.pal.hint, max(3, g.cell*0.1))
	if v.hint >= 0 && v.hint < n*n {
		d := g.cell * 0.22
		cx, cy := cellCentre(g, n, v.hint)
		r.hintDot.FillColor = r.pal.hint
		r.hintDot.StrokeColor = r.pal.mark
		r.hintDot.StrokeWidth = 1
		r.hintDot.Move(fyne.NewPos(cx+g.cell*0.22-d/2, cy-g.cell*0.22-d/2))
		r.hintDot.Resize(fyne.NewSize(d, d))
		r.hintDot.Show()
		r.hintDot.Refresh()
	} else {
		r.hintDot.Hide()
	}
	r.placeDots(g, n)
}

func cellCentre(g boardGeom, n, i int) (x, y float32) {
	return g.ox + (float32(i%n)+0.5)*g.cell, g.oy + (float32(i/n)+0.5)*g.cell
}

func (r *cubeRenderer) placeMark(mark *canvas.Rectangle, sq int, g boardGeom, c color.NRGBA, w float32) {
	n := r.n
	if sq < 0 || sq >= n*n {
		mark.Hide()
		return
	}
	mark.FillColor = color.Transparent
	mark.StrokeColor = c
	mark.StrokeWidth = w
	mark.CornerRadius = (g.cell - g.gap) * 0.14
	x := g.ox + float32(sq%n)*g.cell + g.gap/2
	y := g.oy + float32(sq/n)*g.cell + g.gap/2
	mark.Move(fyne.NewPos(x, y))
	mark.Resize(fyne.NewSize(g.cell-g.gap, g.cell-g.gap))
	mark.Show()
	mark.Refresh()
}

// placeDots starts the "scatter dots" animation for a new step: a dot
// flies from each exploding square to each of its neighbours.
func (r *cubeRenderer) placeDots(g boardGeom, n int) {
	v := &r.b.view
	if !v.scatter || len(v.explode) == 0 || v.step == r.animStep {
		if !v.scatter || len(v.explode) == 0 {
			r.stopDots()
		}
		return
	}
	r.stopDots()
	r.animStep = v.step
	type flight struct{ x0, y0, x1, y1 float32 }
	var fl []flight
	for _, m := range v.explode {
		x0, y0 := cellCentre(g, n, int(m))
		row, col := int(m)/n, int(m)%n
		for _, d := range [4][2]int{{-1, 0}, {0, -1}, {0, 1}, {1, 0}} {
			rr, cc := row+d[0], col+d[1]
			if rr < 0 || cc < 0 || rr >= n || cc >= n {
				continue
			}
			x1, y1 := cellCentre(g, n, rr*n+cc)
			fl = append(fl, flight{x0, y0, x1, y1})
		}
	}
	for len(r.dots) < len(fl) {
		d := canvas.NewCircle(color.Transparent)
		d.Hide()
		r.dots = append(r.dots, d)
		r.objects = append(r.objects, d)
	}
	size := max(4, g.cell*0.18)
	owner := v.board.Owner(v.explode[0])
	col := r.pal.mark
	if owner >= 0 {
		col = r.pal.player[owner&1]
	}
	for i, d := range r.dots {
		if i < len(fl) {
			d.FillColor = col
			d.StrokeColor = r.pal.mark
			d.StrokeWidth = 1
			d.Resize(fyne.NewSize(size, size))
		}
	}
	dots := r.dots
	r.anim = fyne.NewAnimation(v.flyTime, func(t float32) {
		for i, d := range dots {
			if i >= len(fl) || t >= 1 {
				d.Hide()
				continue
			}
			f := fl[i]
			d.Move(fyne.NewPos(f.x0+(f.x1-f.x0)*t-size/2, f.y0+(f.y1-f.y0)*t-size/2))
			d.Show()
			d.Refresh()
		}
	})
	r.anim.Curve = fyne.AnimationEaseOut
	r.anim.Start()
}

func (r *cubeRenderer) stopDots() {
	if r.anim != nil {
		r.anim.Stop()
		r.anim = nil
	}
	for _, d := range r.dots {
		if d.Visible() {
			d.Hide()
		}
	}
}

func (r *cubeRenderer) Refresh() {
	// Colours are read again on every refresh: a light/dark switch or new
	// player colours arrive as a plain Refresh.
	pal := r.palette()
	full := pal != r.pal
	r.pal = pal
	r.place(full)
}

func itoa(v int) string {
	if v < 10 {
		return string(rune('0' + v))
	}
	return itoa(v/10) + string(rune('0'+v%10))
}
