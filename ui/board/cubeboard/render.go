package cubeboard

import (
	"image/color"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"

	"github.com/jumpers-game/jumpers/app"
	"github.com/jumpers-game/jumpers/core/cube"
	"github.com/jumpers-game/jumpers/ui/board"
	"github.com/jumpers-game/jumpers/ui/kit"
)

// cellObjs are the primitives of one square.
type cellObjs struct {
	Tile  *canvas.Rectangle
	pips  [6]*canvas.Rectangle // rounded or square: the per-player shape
	num   *canvas.Text
	shade *canvas.Rectangle // darkens a square about to explode
	// drawn state, to refresh only squares that changed
	spots, owner int
	shaded       bool
	valid        bool
}

type Renderer struct {
	board.RendererBase
	b        *Board
	bg       *canvas.Rectangle
	Cells    []cellObjs
	lastMark *canvas.Rectangle
	HintMark *canvas.Rectangle
	hintDot  *canvas.Circle
	dots     []*canvas.Circle
	n        int
	Pal      Palette
	blinkOn  bool // the blinking shades are shown (true but in a light turn)
}

type Palette struct {
	Board, Neutral, neutralInk, mark, Hint color.NRGBA
	kit.PieceColours
}

func (r *Renderer) palette() Palette { return PaletteFor(r.b.Shades(), r.b.Settings()) }

// PaletteFor is the board's colours in a theme under settings s.
func PaletteFor(sh kit.Shades, s app.Settings) Palette {
	// The grey of the neutral squares is dark enough in a light theme to
	// show on the board, and light enough in a dark one for the darkest
	// player colour, black, to stand out (TestPaletteContrast).
	p := Palette{Board: sh.Mix(0.10, 0.10), Neutral: kit.EmptyColour(s, sh, 0.26, 0.36), mark: sh.Fg}
	p.neutralInk = kit.Mix(p.Neutral, kit.InkOn(p.Neutral), 0.75)
	p.PieceColours = kit.PieceColoursOn(s, p.Board, sh)
	p.Hint = board.HintColour(p.Player[:])
	return p
}

func (b *Board) CreateRenderer() fyne.WidgetRenderer {
	r := &Renderer{b: b, bg: canvas.NewRectangle(color.Transparent), blinkOn: true}
	r.lastMark = canvas.NewRectangle(color.Transparent)
	r.HintMark = canvas.NewRectangle(color.Transparent)
	r.hintDot = canvas.NewCircle(color.Transparent)
	r.Refresh()
	return r
}

func (r *Renderer) MinSize() fyne.Size { return r.b.MinSize() }

// rebuild makes the primitives for an n×n board.
func (r *Renderer) rebuild(n int) {
	r.n = n
	r.Cells = make([]cellObjs, n*n)
	objs := make([]fyne.CanvasObject, 0, 1+n*n*9+3)
	objs = append(objs, r.bg)
	for i := range r.Cells {
		c := &r.Cells[i]
		c.Tile = canvas.NewRectangle(color.Transparent)
		objs = append(objs, c.Tile)
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
	objs = append(objs, r.lastMark, r.HintMark, r.hintDot)
	r.Objs = objs
	r.dots = nil
}

func (r *Renderer) Layout(sz fyne.Size) {
	r.Size = sz
	r.Place(true)
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

// Place positions and colours the squares; all of them when full, else
// only those whose state changed since the last time.
func (r *Renderer) Place(full bool) {
	v := &r.b.View
	n := v.Board.Size()
	if n != r.n {
		r.rebuild(n)
		full = true
	}
	g := board.GeomFor(r.Size, n)
	board.PlaceBoard(r.bg, g, n, r.Pal.Board)
	if full {
		r.bg.Refresh()
	}
	shaded := make(map[int]bool, len(v.Explode))
	for _, m := range v.Explode {
		shaded[int(m)] = true
	}
	tileSize := g.Cell - g.Gap
	for i := range r.Cells {
		c := &r.Cells[i]
		m := cube.Move(i)
		spots, owner := v.Board.Spots(m), v.Board.Owner(m)
		if !full && c.valid && c.spots == spots && c.owner == owner && c.shaded == shaded[i] {
			continue
		}
		c.spots, c.owner, c.shaded, c.valid = spots, owner, shaded[i], true
		row, col := i/n, i%n
		x := g.OX + float32(col)*g.Cell + g.Gap/2
		y := g.OY + float32(row)*g.Cell + g.Gap/2
		fill, ink := r.Pal.Neutral, r.Pal.neutralInk
		if owner >= 0 {
			fill, ink = r.Pal.Player[owner&1], r.Pal.Ink[owner&1]
		}
		c.Tile.FillColor = fill
		c.Tile.StrokeWidth = 0
		if owner >= 0 && r.Pal.StrongRim[owner&1] {
			c.Tile.StrokeColor, c.Tile.StrokeWidth = r.Pal.Rim[owner&1], max(2, tileSize*0.06)
		}
		c.Tile.CornerRadius = tileSize * 0.14
		c.Tile.Move(fyne.NewPos(x, y))
		c.Tile.Resize(fyne.NewSize(tileSize, tileSize))
		c.Tile.Refresh()

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
			c.num.Text = Itoa(spots)
			c.num.Color = ink
			c.num.TextSize = tileSize * 0.5
			c.num.Move(fyne.NewPos(x, y+tileSize*0.2))
			c.num.Resize(fyne.NewSize(tileSize, tileSize*0.6))
			c.num.Show()
			c.num.Refresh()
		} else if c.num.Visible() {
			c.num.Hide()
		}
		c.shade.CornerRadius = c.Tile.CornerRadius
		c.shade.Move(c.Tile.Position())
		c.shade.Resize(c.Tile.Size())
		// A redraw in a light turn of the blinking keeps it light (Fyne
		// lays the board out again when a shade is hidden).
		if c.shaded && r.blinkOn {
			c.shade.Show()
		} else {
			c.shade.Hide()
		}
	}
	r.placeMark(r.lastMark, v.Last, g, r.Pal.mark, max(2, g.Cell*0.06))
	r.placeMark(r.HintMark, v.Hint, g, r.Pal.Hint, max(3, g.Cell*0.1))
	if v.Hint >= 0 && v.Hint < n*n {
		d := g.Cell * 0.22
		cx, cy := cellCentre(g, n, v.Hint)
		r.hintDot.FillColor = r.Pal.Hint
		r.hintDot.StrokeColor = r.Pal.mark
		r.hintDot.StrokeWidth = 1
		r.hintDot.Move(fyne.NewPos(cx+g.Cell*0.22-d/2, cy-g.Cell*0.22-d/2))
		r.hintDot.Resize(fyne.NewSize(d, d))
		r.hintDot.Show()
		r.hintDot.Refresh()
	} else {
		r.hintDot.Hide()
	}
	r.placeMotion(g, n)
}

func cellCentre(g board.BoardGeom, n, i int) (x, y float32) {
	return g.OX + (float32(i%n)+0.5)*g.Cell, g.OY + (float32(i/n)+0.5)*g.Cell
}

func (r *Renderer) placeMark(mark *canvas.Rectangle, sq int, g board.BoardGeom, c color.NRGBA, w float32) {
	n := r.n
	if sq < 0 || sq >= n*n {
		mark.Hide()
		return
	}
	mark.FillColor = color.Transparent
	mark.StrokeColor = c
	mark.StrokeWidth = w
	mark.CornerRadius = (g.Cell - g.Gap) * 0.14
	x := g.OX + float32(sq%n)*g.Cell + g.Gap/2
	y := g.OY + float32(sq/n)*g.Cell + g.Gap/2
	mark.Move(fyne.NewPos(x, y))
	mark.Resize(fyne.NewSize(g.Cell-g.Gap, g.Cell-g.Gap))
	mark.Show()
	mark.Refresh()
}

// placeMotion starts the motion of a new cascade step: dots flying from
// each exploding square to its neighbours (Scatter dots), or the exploding
// squares blinking (Blink rapidly). Other effects stop it.
func (r *Renderer) placeMotion(g board.BoardGeom, n int) {
	v := &r.b.View
	moving := v.effect == effectScatter || v.effect == effectBlink
	if !moving || len(v.Explode) == 0 {
		r.stopMotion()
		return
	}
	if v.Step == r.AnimStep {
		return // a redraw of the step whose motion runs
	}
	r.stopMotion()
	r.AnimStep = v.Step
	if v.effect == effectBlink {
		r.startBlink()
	} else {
		r.startDots(g, n)
	}
}

// blinkDarkShare is the part of a step the squares stay dark before they
// blink (the handbook: "darkens at first and then blinks rapidly when it
// is time for it to expand").
const blinkDarkShare = 0.4

// blinkShaded tells whether the squares about to explode are dark at t
// (0 to 1) of a step whose motion lasts d. They are dark, then turn light
// and dark again in turns a quarter of the rest of the step long, at least
// 60 ms (shorter ones fall between frames and at most eight turns a second
// keep the flashing mild) and at most 150 ms (still "rapid" at the slowest
// step time); the end of the step is dark.
func blinkShaded(t float32, d time.Duration) bool {
	if t < blinkDarkShare || t >= 1 {
		return true
	}
	turn := min(max(time.Duration(float64(d)*(1-blinkDarkShare)/4), 60*time.Millisecond), 150*time.Millisecond)
	k := int(time.Duration(float64(t-blinkDarkShare)*float64(d)) / turn)
	return k%2 == 1
}

// startBlink blinks the shades of the squares about to explode.
func (r *Renderer) startBlink() {
	v := &r.b.View
	d := v.motionTime
	var shades []*canvas.Rectangle
	for _, m := range v.Explode {
		if int(m) < len(r.Cells) {
			shades = append(shades, r.Cells[m].shade)
		}
	}
	r.blinkOn = true
	r.Anim = fyne.NewAnimation(d, func(t float32) {
		on := blinkShaded(t, d)
		if on == r.blinkOn {
			return
		}
		r.blinkOn = on
		for _, s := range shades {
			if on {
				s.Show()
			} else {
				s.Hide()
			}
			s.Refresh() // Show and Hide alone do not redraw
		}
	})
	r.Anim.Curve = fyne.AnimationLinear
	r.Anim.Start()
}

// startDots sends a dot from each exploding square to each neighbour.
func (r *Renderer) startDots(g board.BoardGeom, n int) {
	v := &r.b.View
	type flight struct{ x0, y0, x1, y1 float32 }
	var fl []flight
	for _, m := range v.Explode {
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
		r.Objs = append(r.Objs, d)
	}
	size := max(4, g.Cell*0.18)
	owner := v.Board.Owner(v.Explode[0])
	col := r.Pal.mark
	if owner >= 0 {
		col = r.Pal.Player[owner&1]
	}
	for i, d := range r.dots {
		if i < len(fl) {
			d.FillColor = col
			d.StrokeColor = r.Pal.mark
			d.StrokeWidth = 1
			d.Resize(fyne.NewSize(size, size))
		}
	}
	dots := r.dots
	r.Anim = fyne.NewAnimation(v.motionTime, func(t float32) {
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
	r.Anim.Curve = fyne.AnimationEaseOut
	r.Anim.Start()
}

// stopMotion stops the step's motion: no dots, and every shade as its
// square's state says (a blink may have stopped with them hidden).
func (r *Renderer) stopMotion() {
	r.StopAnim()
	r.AnimStep = 0
	r.blinkOn = true
	for _, d := range r.dots {
		if d.Visible() {
			d.Hide()
		}
	}
	for i := range r.Cells {
		c := &r.Cells[i]
		if c.valid && c.shaded != c.shade.Visible() {
			if c.shaded {
				c.shade.Show()
			} else {
				c.shade.Hide()
			}
		}
	}
}

func (r *Renderer) Refresh() {
	// Colours are read again on every refresh: a light/dark switch or new
	// player colours arrive as a plain Refresh.
	pal := r.palette()
	full := pal != r.Pal
	r.Pal = pal
	r.Place(full)
}

func Itoa(v int) string {
	if v < 10 {
		return string(rune('0' + v))
	}
	return Itoa(v/10) + string(rune('0'+v%10))
}
