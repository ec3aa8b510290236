package kit

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/widget"
)

// Piece shapes, one per player, so colour is never the only cue: player 1
// round, player 2 square (as the cube's pips), then triangle, diamond,
// hexagon and star.
const (
	shapeCircle = iota
	shapeSquare
	shapeTriangle
	shapeDiamond
	shapeHexagon
	shapeStar
)

// shapeNames name the shapes for people (rules, help).
var shapeNames = [...]string{"round", "square", "a triangle", "a diamond", "a hexagon", "a star"}

// ShapeOf is the shape of player i.
func ShapeOf(i int) int {
	if i < 0 {
		return shapeCircle
	}
	return i % len(shapeNames)
}

// PieceObjs draw one piece of any shape with canvas primitives: a circle,
// or one or two regular polygons (the star is two triangles, over two
// slightly larger ones in the outline colour).
type PieceObjs struct {
	Circle       *canvas.Circle
	a, b         *canvas.Polygon
	underA, undB *canvas.Polygon
	// drawn state, to refresh only what changed
	shape    int
	x, y, d  float32
	fill, ol color.NRGBA
	shown    bool
	valid    bool
}

func NewPieceObjs() *PieceObjs {
	p := &PieceObjs{
		Circle: canvas.NewCircle(color.Transparent),
		a:      canvas.NewPolygon(4, color.Transparent),
		b:      canvas.NewPolygon(3, color.Transparent),
		underA: canvas.NewPolygon(3, color.Transparent),
		undB:   canvas.NewPolygon(3, color.Transparent),
	}
	for _, o := range p.Objs() {
		o.Hide()
	}
	return p
}

// Objs in drawing order.
func (p *PieceObjs) Objs() []fyne.CanvasObject {
	return []fyne.CanvasObject{p.underA, p.undB, p.Circle, p.a, p.b}
}

func (p *PieceObjs) Hide() {
	if !p.shown && p.valid {
		return
	}
	p.shown, p.valid = false, true
	for _, o := range p.Objs() {
		o.Hide()
	}
}

// Place draws the piece centred at (x, y), about d across.
func (p *PieceObjs) Place(shape int, x, y, d float32, fill, outline color.NRGBA) {
	if p.valid && p.shown && p.shape == shape && p.x == x && p.y == y && p.d == d && p.fill == fill && p.ol == outline {
		return
	}
	p.shape, p.x, p.y, p.d, p.fill, p.ol, p.shown, p.valid = shape, x, y, d, fill, outline, true, true
	sw := max(1, d*0.08)
	box := func(o fyne.CanvasObject, size float32) {
		o.Resize(fyne.NewSize(size, size))
		o.Move(fyne.NewPos(x-size/2, y-size/2))
	}
	poly := func(q *canvas.Polygon, sides uint, angle, scale float32, stroke bool) {
		q.Sides = sides
		q.Angle = angle
		q.FillColor = fill
		q.StrokeColor = outline
		q.StrokeWidth = 0
		if stroke {
			q.StrokeWidth = sw
		}
		box(q, d*scale)
		q.Show()
		q.Refresh()
	}
	for _, o := range p.Objs() {
		o.Hide()
	}
	switch shape {
	case shapeCircle:
		p.Circle.FillColor = fill
		p.Circle.StrokeColor = outline
		p.Circle.StrokeWidth = sw
		box(p.Circle, d*0.92)
		p.Circle.Show()
		p.Circle.Refresh()
	case shapeSquare:
		poly(p.a, 4, 45, 1.16, true)
	case shapeTriangle:
		// The centre of a triangle's box is its centroid: lift it a little
		// so it looks centred in the hole.
		poly(p.a, 3, 0, 1.2, true)
		p.a.Move(p.a.Position().SubtractXY(0, d*0.06))
	case shapeDiamond:
		poly(p.a, 4, 0, 1.12, true)
	case shapeHexagon:
		poly(p.a, 6, 30, 1.0, true)
	default: // star: two triangles over an outline of two larger ones
		under := func(q *canvas.Polygon, angle float32) {
			q.Sides = 3
			q.Angle = angle
			q.FillColor = outline
			q.StrokeWidth = 0
			box(q, d*1.1+2*sw*2)
			q.Show()
			q.Refresh()
		}
		under(p.underA, 0)
		under(p.undB, 180)
		poly(p.a, 3, 0, 1.1, false)
		poly(p.b, 3, 180, 1.1, false)
	}
}

// pieceIcon is a piece drawn at the size of the widget (swatches, legends).
type pieceIcon struct {
	widget.BaseWidget
	shape         int
	fill, outline color.NRGBA
}

func newPieceIcon(shape int, fill, outline color.NRGBA) *pieceIcon {
	p := &pieceIcon{shape: shape, fill: fill, outline: outline}
	p.ExtendBaseWidget(p)
	return p
}

func (p *pieceIcon) CreateRenderer() fyne.WidgetRenderer {
	return &pieceIconRenderer{p: p, objs: NewPieceObjs()}
}

type pieceIconRenderer struct {
	p    *pieceIcon
	objs *PieceObjs
	size fyne.Size
}

func (r *pieceIconRenderer) Layout(sz fyne.Size) {
	r.size = sz
	r.Refresh()
}
func (r *pieceIconRenderer) MinSize() fyne.Size { return fyne.NewSize(10, 10) }
func (r *pieceIconRenderer) Refresh() {
	d := min(r.size.Width, r.size.Height) * 0.9
	r.objs.Place(r.p.shape, r.size.Width/2, r.size.Height/2, d, r.p.fill, r.p.outline)
}
func (r *pieceIconRenderer) Objects() []fyne.CanvasObject { return r.objs.Objs() }
func (r *pieceIconRenderer) Destroy()                     {}
