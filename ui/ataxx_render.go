package ui

import (
	"image/color"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"

	"github.com/jumpers-game/jumpers/app"
	"github.com/jumpers-game/jumpers/core/ataxx"
)

// ataxxRenderer draws an ataxxBoard's view.
type ataxxRenderer struct {
	rendererBase
	b        *ataxxBoard
	bg       *canvas.Rectangle
	cells    [ataxx.Squares]ataxxCell
	lastFrom *canvas.Rectangle
	lastTo   *canvas.Rectangle
	hintFrom *canvas.Rectangle
	hintTo   *canvas.Rectangle
	selMark  *canvas.Rectangle
	pal      ataxxPalette
}

// ataxxCell are the primitives of one square.
type ataxxCell struct {
	tile           *canvas.Rectangle
	cross1, cross2 *canvas.Line      // a gap is a tile with a cross
	stone          *canvas.Rectangle // round (Black) or square (White)
	mark           *canvas.Rectangle // ring (Black) or small square (White)
	target         *canvas.Rectangle // clone target: dot; jump target: ring
	outline        *canvas.Rectangle // a piece being converted
}

type ataxxPalette struct {
	board, tile, gap, gapInk, mark, last, hint color.NRGBA
	player, ink, rim                           [2]color.NRGBA
	strongRim                                  [2]bool // pieceRim
}

func (r *ataxxRenderer) palette() ataxxPalette { return ataxxPaletteFor(r.b.shades(), r.b.settings()) }

// ataxxPaletteFor is the board's colours in a theme under settings s.
func ataxxPaletteFor(sh boardShades, s app.Settings) ataxxPalette {
	p := ataxxPalette{
		mark:   sh.fg,
		board:  sh.mix(0.10, 0.10),
		tile:   emptyColour(s, sh, 0.26, 0.36), // see cubePaletteFor
		gap:    sh.mix(0.62, 0.04),
		gapInk: sh.mix(0.25, 0.45),
		last:   sh.mix(0.55, 0.55),
	}
	for i := range p.player {
		p.player[i] = playerColour(s, i)
		p.ink[i] = inkOn(p.player[i])
		p.rim[i], p.strongRim[i] = pieceRim(p.player[i], p.tile, sh)
	}
	p.hint = hintColour(p.player[:])
	return p
}

func (b *ataxxBoard) CreateRenderer() fyne.WidgetRenderer {
	r := &ataxxRenderer{b: b, bg: canvas.NewRectangle(color.Transparent)}
	objs := []fyne.CanvasObject{r.bg}
	for i := range r.cells {
		c := &r.cells[i]
		c.tile = canvas.NewRectangle(color.Transparent)
		c.cross1 = canvas.NewLine(color.Transparent)
		c.cross2 = canvas.NewLine(color.Transparent)
		c.stone = canvas.NewRectangle(color.Transparent)
		c.mark = canvas.NewRectangle(color.Transparent)
		c.target = canvas.NewRectangle(color.Transparent)
		c.outline = canvas.NewRectangle(color.Transparent)
		objs = append(objs, c.tile, c.cross1, c.cross2, c.stone, c.mark, c.target, c.outline)
	}
	for _, m := range []**canvas.Rectangle{&r.lastFrom, &r.lastTo, &r.hintFrom, &r.hintTo, &r.selMark} {
		*m = canvas.NewRectangle(color.Transparent)
		(*m).Hide()
		objs = append(objs, *m)
	}
	r.objects = objs
	r.Refresh()
	return r
}

func (r *ataxxRenderer) MinSize() fyne.Size { return r.b.MinSize() }

func (r *ataxxRenderer) Layout(sz fyne.Size) {
	r.size = sz
	r.place()
}

func (r *ataxxRenderer) Refresh() {
	// Colours are read on every refresh: a light/dark switch or new
	// player colours arrive as a plain Refresh.
	r.pal = r.palette()
	r.place()
}

// square is the top-left corner and side of square sq's tile.
func (r *ataxxRenderer) square(g boardGeom, sq int) (x, y, side float32) {
	row := ataxx.Size - 1 - ataxx.Rank(sq)
	col := ataxx.File(sq)
	return g.ox + float32(col)*g.cell + g.gap/2, g.oy + float32(row)*g.cell + g.gap/2, g.cell - g.gap
}

// stoneShape sizes and colours a stone of side on square sq; width scales
// it horizontally (the flip).
func (r *ataxxRenderer) stoneShape(c *ataxxCell, g boardGeom, sq, side int, width float32) {
	x, y, t := r.square(g, sq)
	d := t * 0.74
	w := d * width
	c.stone.FillColor = r.pal.player[side]
	c.stone.StrokeColor = r.pal.rim[side]
	c.stone.StrokeWidth = max(1, t*0.03)
	if r.pal.strongRim[side] {
		c.stone.StrokeWidth = max(2, t*0.06)
	}
	if side == ataxx.Black {
		c.stone.CornerRadius = min(w, d) / 2
	} else {
		c.stone.CornerRadius = d * 0.16
	}
	c.stone.Move(fyne.NewPos(x+(t-w)/2, y+(t-d)/2))
	c.stone.Resize(fyne.NewSize(w, d))
	c.stone.Show()
	c.stone.Refresh()
	m := d * 0.36
	mw := m * width
	c.mark.Move(fyne.NewPos(x+(t-mw)/2, y+(t-m)/2))
	c.mark.Resize(fyne.NewSize(mw, m))
	if side == ataxx.Black {
		c.mark.FillColor = color.Transparent
		c.mark.StrokeColor = r.pal.ink[side]
		c.mark.StrokeWidth = max(1.5, t*0.05)
		c.mark.CornerRadius = min(mw, m) / 2
	} else {
		c.mark.FillColor = r.pal.ink[side]
		c.mark.StrokeWidth = 0
		c.mark.CornerRadius = m * 0.12
	}
	c.mark.Show()
	c.mark.Refresh()
}

func (r *ataxxRenderer) place() {
	v := &r.b.view
	g := geomFor(r.size, ataxx.Size)
	placeBoard(r.bg, g, ataxx.Size, r.pal.board)
	r.bg.Refresh()
	mover := v.pos.ToMove()
	for sq := range r.cells {
		c := &r.cells[sq]
		x, y, t := r.square(g, sq)
		bit := uint64(1) << uint(sq)
		cell := ataxx.Empty
		if v.ok {
			cell = v.pos.At(sq)
		}
		c.tile.FillColor = r.pal.tile
		c.tile.CornerRadius = t * 0.12
		c.tile.Move(fyne.NewPos(x, y))
		c.tile.Resize(fyne.NewSize(t, t))
		c.tile.Refresh()
		if cell == ataxx.Gap {
			c.tile.FillColor = r.pal.gap
			c.tile.Refresh()
			in := t * 0.28
			for k, l := range []*canvas.Line{c.cross1, c.cross2} {
				l.StrokeColor = r.pal.gapInk
				l.StrokeWidth = max(1.5, t*0.06)
				if k == 0 {
					l.Position1, l.Position2 = fyne.NewPos(x+in, y+in), fyne.NewPos(x+t-in, y+t-in)
				} else {
					l.Position1, l.Position2 = fyne.NewPos(x+t-in, y+in), fyne.NewPos(x+in, y+t-in)
				}
				l.Show()
				l.Refresh()
			}
		} else {
			c.cross1.Hide()
			c.cross2.Hide()
		}
		switch cell {
		case ataxx.BlackPiece, ataxx.WhitePiece:
			s := ataxx.Black
			if cell == ataxx.WhitePiece {
				s = ataxx.White
			}
			r.stoneShape(c, g, sq, s, 1)
		default:
			c.stone.Hide()
			c.mark.Hide()
		}
		// Targets of the selected piece: a dot where it clones, a ring
		// where it jumps.
		switch {
		case v.clones&bit != 0:
			d := t * 0.3
			c.target.FillColor = r.pal.player[mover]
			c.target.StrokeColor = r.pal.mark
			c.target.StrokeWidth = 1
			c.target.CornerRadius = d / 2
			c.target.Move(fyne.NewPos(x+(t-d)/2, y+(t-d)/2))
			c.target.Resize(fyne.NewSize(d, d))
			c.target.Show()
			c.target.Refresh()
		case v.jumps&bit != 0:
			d := t * 0.52
			c.target.FillColor = color.Transparent
			c.target.StrokeColor = r.pal.player[mover]
			c.target.StrokeWidth = max(2, t*0.08)
			c.target.CornerRadius = d / 2
			c.target.Move(fyne.NewPos(x+(t-d)/2, y+(t-d)/2))
			c.target.Resize(fyne.NewSize(d, d))
			c.target.Show()
			c.target.Refresh()
		default:
			c.target.Hide()
		}
		if v.flipping&bit != 0 {
			c.outline.FillColor = color.Transparent
			c.outline.StrokeColor = r.pal.mark
			c.outline.StrokeWidth = max(2, t*0.06)
			c.outline.CornerRadius = t * 0.12
			c.outline.Move(fyne.NewPos(x, y))
			c.outline.Resize(fyne.NewSize(t, t))
			c.outline.Show()
			c.outline.Refresh()
		} else {
			c.outline.Hide()
		}
	}
	var lastFrom, lastTo, hintFrom, hintTo = -1, -1, -1, -1
	if v.last != ataxx.NoMove && !v.last.IsPass() {
		lastTo = v.last.To()
		if v.last.IsJump() {
			lastFrom = v.last.From()
		}
	}
	if v.hint != ataxx.NoMove && !v.hint.IsPass() {
		hintTo = v.hint.To()
		if v.hint.IsJump() {
			hintFrom = v.hint.From()
		}
	}
	r.frame(r.lastFrom, g, lastFrom, r.pal.last, max(1.5, g.cell*0.035), true)
	r.frame(r.lastTo, g, lastTo, r.pal.last, max(2, g.cell*0.05), false)
	r.frame(r.hintFrom, g, hintFrom, r.pal.hint, max(3, g.cell*0.08), true)
	r.frame(r.hintTo, g, hintTo, r.pal.hint, max(3, g.cell*0.1), false)
	r.frame(r.selMark, g, v.sel, r.pal.mark, max(3, g.cell*0.1), false)
	r.flip(g)
}

// frame outlines square sq (hidden for -1); inset draws it smaller (the
// origin of a move, so from and to read apart).
func (r *ataxxRenderer) frame(m *canvas.Rectangle, g boardGeom, sq int, c color.NRGBA, w float32, inset bool) {
	if sq < 0 || sq >= ataxx.Squares {
		m.Hide()
		return
	}
	x, y, t := r.square(g, sq)
	if inset {
		in := t * 0.1
		x, y, t = x+in, y+in, t-2*in
	}
	m.FillColor = color.Transparent
	m.StrokeColor = c
	m.StrokeWidth = w
	m.CornerRadius = t * 0.12
	m.Move(fyne.NewPos(x, y))
	m.Resize(fyne.NewSize(t, t))
	m.Show()
	m.Refresh()
}

// flip starts the flip of the converted pieces for a new animation step:
// each narrows to its edge in the old colour and widens again in the new
// one, like a coin turning over. With reduced motion the pieces show the
// old colour, outlined, until the step ends.
func (r *ataxxRenderer) flip(g boardGeom) {
	v := &r.b.view
	if v.flipping == 0 {
		r.stopAnim() // Stop: jump to the end
		r.animStep = 0
		return
	}
	newSide := v.pos.At(ataxx.SquaresOf(v.flipping)[0]) - ataxx.BlackPiece
	oldSide := int(newSide) ^ 1
	squares := ataxx.SquaresOf(v.flipping)
	if !v.animate {
		for _, sq := range squares {
			r.stoneShape(&r.cells[sq], g, sq, oldSide, 1)
		}
		return
	}
	if v.step == r.animStep {
		return // this step's flip already runs
	}
	r.stopAnim()
	r.animStep = v.step
	tick := func(t float32) {
		side, w := oldSide, 1-2*t
		if t >= 0.5 {
			side, w = int(newSide), 2*t-1
		}
		w = max(w, 0.06)
		for _, sq := range squares {
			r.stoneShape(&r.cells[sq], g, sq, side, w)
		}
	}
	tick(0)
	r.anim = fyne.NewAnimation(max(v.flipTime, 50*time.Millisecond), tick)
	r.anim.Curve = fyne.AnimationEaseInOut
	r.anim.Start()
}
