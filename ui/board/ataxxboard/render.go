package ataxxboard

import (
	"image/color"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"

	"github.com/jumpers-game/jumpers/app"
	"github.com/jumpers-game/jumpers/core/ataxx"
	"github.com/jumpers-game/jumpers/ui/board"
	"github.com/jumpers-game/jumpers/ui/kit"
)

// Renderer draws an ataxxBoard's view.
type Renderer struct {
	board.RendererBase
	b        *Board
	bg       *canvas.Rectangle
	Cells    [ataxx.Squares]ataxxCell
	LastFrom *canvas.Rectangle
	LastTo   *canvas.Rectangle
	HintFrom *canvas.Rectangle
	HintTo   *canvas.Rectangle
	SelMark  *canvas.Rectangle
	Pal      Palette
}

// ataxxCell are the primitives of one square.
type ataxxCell struct {
	tile           *canvas.Rectangle
	cross1, cross2 *canvas.Line      // a gap is a tile with a cross
	Stone          *canvas.Rectangle // round (Black) or square (White)
	mark           *canvas.Rectangle // ring (Black) or small square (White)
	Target         *canvas.Rectangle // clone target: dot; jump target: ring
	Outline        *canvas.Rectangle // a piece being converted
}

type Palette struct {
	Board, Tile, gap, gapInk, mark, last, Hint color.NRGBA
	kit.PieceColours
}

func (r *Renderer) palette() Palette { return PaletteFor(r.b.Shades(), r.b.Settings()) }

// PaletteFor is the board's colours in a theme under settings s.
func PaletteFor(sh kit.Shades, s app.Settings) Palette {
	p := Palette{
		mark:   sh.Fg,
		Board:  sh.Mix(0.10, 0.10),
		Tile:   kit.EmptyColour(s, sh, 0.26, 0.36), // see the cube's PaletteFor
		gap:    sh.Mix(0.62, 0.04),
		gapInk: sh.Mix(0.25, 0.45),
		last:   sh.Mix(0.55, 0.55),
	}
	p.PieceColours = kit.PieceColoursOn(s, p.Tile, sh)
	p.Hint = board.HintColour(p.Player[:])
	return p
}

func (b *Board) CreateRenderer() fyne.WidgetRenderer {
	r := &Renderer{b: b, bg: canvas.NewRectangle(color.Transparent)}
	objs := []fyne.CanvasObject{r.bg}
	for i := range r.Cells {
		c := &r.Cells[i]
		c.tile = canvas.NewRectangle(color.Transparent)
		c.cross1 = canvas.NewLine(color.Transparent)
		c.cross2 = canvas.NewLine(color.Transparent)
		c.Stone = canvas.NewRectangle(color.Transparent)
		c.mark = canvas.NewRectangle(color.Transparent)
		c.Target = canvas.NewRectangle(color.Transparent)
		c.Outline = canvas.NewRectangle(color.Transparent)
		objs = append(objs, c.tile, c.cross1, c.cross2, c.Stone, c.mark, c.Target, c.Outline)
	}
	for _, m := range []**canvas.Rectangle{&r.LastFrom, &r.LastTo, &r.HintFrom, &r.HintTo, &r.SelMark} {
		*m = canvas.NewRectangle(color.Transparent)
		(*m).Hide()
		objs = append(objs, *m)
	}
	r.Objs = objs
	r.Refresh()
	return r
}

func (r *Renderer) MinSize() fyne.Size { return r.b.MinSize() }

func (r *Renderer) Layout(sz fyne.Size) {
	r.Size = sz
	r.Place()
}

func (r *Renderer) Refresh() {
	// Colours are read on every refresh: a light/dark switch or new
	// player colours arrive as a plain Refresh.
	r.Pal = r.palette()
	r.Place()
}

// square is the top-left corner and side of square sq's tile.
func (r *Renderer) square(g board.BoardGeom, sq int) (x, y, side float32) {
	row := ataxx.Size - 1 - ataxx.Rank(sq)
	col := ataxx.File(sq)
	return g.OX + float32(col)*g.Cell + g.Gap/2, g.OY + float32(row)*g.Cell + g.Gap/2, g.Cell - g.Gap
}

// stoneShape sizes and colours a stone of side on square sq; width scales
// it horizontally (the flip).
func (r *Renderer) stoneShape(c *ataxxCell, g board.BoardGeom, sq, side int, width float32) {
	x, y, t := r.square(g, sq)
	d := t * 0.74
	w := d * width
	c.Stone.FillColor = r.Pal.Player[side]
	c.Stone.StrokeColor = r.Pal.Rim[side]
	c.Stone.StrokeWidth = max(1, t*0.03)
	if r.Pal.StrongRim[side] {
		c.Stone.StrokeWidth = max(2, t*0.06)
	}
	if side == ataxx.Black {
		c.Stone.CornerRadius = min(w, d) / 2
	} else {
		c.Stone.CornerRadius = d * 0.16
	}
	c.Stone.Move(fyne.NewPos(x+(t-w)/2, y+(t-d)/2))
	c.Stone.Resize(fyne.NewSize(w, d))
	c.Stone.Show()
	c.Stone.Refresh()
	m := d * 0.36
	mw := m * width
	c.mark.Move(fyne.NewPos(x+(t-mw)/2, y+(t-m)/2))
	c.mark.Resize(fyne.NewSize(mw, m))
	if side == ataxx.Black {
		c.mark.FillColor = color.Transparent
		c.mark.StrokeColor = r.Pal.Ink[side]
		c.mark.StrokeWidth = max(1.5, t*0.05)
		c.mark.CornerRadius = min(mw, m) / 2
	} else {
		c.mark.FillColor = r.Pal.Ink[side]
		c.mark.StrokeWidth = 0
		c.mark.CornerRadius = m * 0.12
	}
	c.mark.Show()
	c.mark.Refresh()
}

func (r *Renderer) Place() {
	v := &r.b.View
	g := board.GeomFor(r.Size, ataxx.Size)
	board.PlaceBoard(r.bg, g, ataxx.Size, r.Pal.Board)
	r.bg.Refresh()
	mover := v.Pos.ToMove()
	for sq := range r.Cells {
		c := &r.Cells[sq]
		x, y, t := r.square(g, sq)
		bit := uint64(1) << uint(sq)
		cell := ataxx.Empty
		if v.ok {
			cell = v.Pos.At(sq)
		}
		c.tile.FillColor = r.Pal.Tile
		c.tile.CornerRadius = t * 0.12
		c.tile.Move(fyne.NewPos(x, y))
		c.tile.Resize(fyne.NewSize(t, t))
		c.tile.Refresh()
		if cell == ataxx.Gap {
			c.tile.FillColor = r.Pal.gap
			c.tile.Refresh()
			in := t * 0.28
			for k, l := range []*canvas.Line{c.cross1, c.cross2} {
				l.StrokeColor = r.Pal.gapInk
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
			c.Stone.Hide()
			c.mark.Hide()
		}
		// Targets of the selected piece: a dot where it clones, a ring
		// where it jumps.
		switch {
		case v.Clones&bit != 0:
			d := t * 0.3
			c.Target.FillColor = r.Pal.Player[mover]
			c.Target.StrokeColor = r.Pal.mark
			c.Target.StrokeWidth = 1
			c.Target.CornerRadius = d / 2
			c.Target.Move(fyne.NewPos(x+(t-d)/2, y+(t-d)/2))
			c.Target.Resize(fyne.NewSize(d, d))
			c.Target.Show()
			c.Target.Refresh()
		case v.Jumps&bit != 0:
			d := t * 0.52
			c.Target.FillColor = color.Transparent
			c.Target.StrokeColor = r.Pal.Player[mover]
			c.Target.StrokeWidth = max(2, t*0.08)
			c.Target.CornerRadius = d / 2
			c.Target.Move(fyne.NewPos(x+(t-d)/2, y+(t-d)/2))
			c.Target.Resize(fyne.NewSize(d, d))
			c.Target.Show()
			c.Target.Refresh()
		default:
			c.Target.Hide()
		}
		if v.Flipping&bit != 0 {
			c.Outline.FillColor = color.Transparent
			c.Outline.StrokeColor = r.Pal.mark
			c.Outline.StrokeWidth = max(2, t*0.06)
			c.Outline.CornerRadius = t * 0.12
			c.Outline.Move(fyne.NewPos(x, y))
			c.Outline.Resize(fyne.NewSize(t, t))
			c.Outline.Show()
			c.Outline.Refresh()
		} else {
			c.Outline.Hide()
		}
	}
	var lastFrom, lastTo, hintFrom, hintTo = -1, -1, -1, -1
	if v.Last != ataxx.NoMove && !v.Last.IsPass() {
		lastTo = v.Last.To()
		if v.Last.IsJump() {
			lastFrom = v.Last.From()
		}
	}
	if v.Hint != ataxx.NoMove && !v.Hint.IsPass() {
		hintTo = v.Hint.To()
		if v.Hint.IsJump() {
			hintFrom = v.Hint.From()
		}
	}
	r.frame(r.LastFrom, g, lastFrom, r.Pal.last, max(1.5, g.Cell*0.035), true)
	r.frame(r.LastTo, g, lastTo, r.Pal.last, max(2, g.Cell*0.05), false)
	r.frame(r.HintFrom, g, hintFrom, r.Pal.Hint, max(3, g.Cell*0.08), true)
	r.frame(r.HintTo, g, hintTo, r.Pal.Hint, max(3, g.Cell*0.1), false)
	r.frame(r.SelMark, g, v.Sel, r.Pal.mark, max(3, g.Cell*0.1), false)
	r.flip(g)
}

// frame outlines square sq (hidden for -1); inset draws it smaller (the
// origin of a move, so from and to read apart).
func (r *Renderer) frame(m *canvas.Rectangle, g board.BoardGeom, sq int, c color.NRGBA, w float32, inset bool) {
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
func (r *Renderer) flip(g board.BoardGeom) {
	v := &r.b.View
	if v.Flipping == 0 {
		r.StopAnim() // Stop: jump to the end
		r.AnimStep = 0
		return
	}
	newSide := v.Pos.At(ataxx.SquaresOf(v.Flipping)[0]) - ataxx.BlackPiece
	oldSide := int(newSide) ^ 1
	squares := ataxx.SquaresOf(v.Flipping)
	if !v.animate {
		for _, sq := range squares {
			r.stoneShape(&r.Cells[sq], g, sq, oldSide, 1)
		}
		return
	}
	if v.step == r.AnimStep {
		return // this step's flip already runs
	}
	r.StopAnim()
	r.AnimStep = v.step
	tick := func(t float32) {
		side, w := oldSide, 1-2*t
		if t >= 0.5 {
			side, w = int(newSide), 2*t-1
		}
		w = max(w, 0.06)
		for _, sq := range squares {
			r.stoneShape(&r.Cells[sq], g, sq, side, w)
		}
	}
	tick(0)
	r.Anim = fyne.NewAnimation(max(v.flipTime, 50*time.Millisecond), tick)
	r.Anim.Curve = fyne.AnimationEaseInOut
	r.Anim.Start()
}
