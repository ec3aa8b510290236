package ccboard

import (
	"image/color"
	"math"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"

	"github.com/jumpers-game/jumpers/app"
	cc "github.com/jumpers-game/jumpers/core/chinesecheckers"
	"github.com/jumpers-game/jumpers/ui/board"
	"github.com/jumpers-game/jumpers/ui/kit"
)

// --- drawing ---

func (b *Board) CreateRenderer() fyne.WidgetRenderer {
	r := &Renderer{b: b}
	r.build()
	r.Refresh()
	return r
}

const ccLines = 32 // line segments of a drawn path (long chains are cut)

// A reachable hole's mark: a hollow ring this many hole spacings across
// and thick; a piece is ccPieceSize across and full.
const (
	ccMarkSize   = 0.5
	ccMarkStroke = 0.1
	ccPieceSize  = 0.8
)

type Renderer struct {
	board.RendererBase
	b        *Board
	star     [2]*canvas.Polygon
	arms     [6]*canvas.Polygon
	holes    [cc.NumHoles]*canvas.Circle
	Lines    [ccLines]*canvas.Line
	LastFrom *canvas.Circle
	Targets  [cc.NumHoles]*canvas.Circle
	HintLine *canvas.Line
	HintRing [2]*canvas.Circle
	SelRing  *canvas.Circle
	Pieces   []*kit.PieceObjs // cc.MaxPlayers × 10
	flyer    *kit.PieceObjs
	pal      Palette
	Ghosts   ghostObjs
	// the running slide
	glide uint64
}

type Palette struct {
	Board, Hole, fg, Outline color.NRGBA
	Player                   [cc.MaxPlayers]color.NRGBA
	// HomeArm and TargetArm are the tints of the arm a player starts in
	// (strong) and races for (light).
	HomeArm, TargetArm [cc.MaxPlayers]color.NRGBA
}

// Arm tints: the player's colour mixed into the board, by homeTint at
// most in the player's home and by a share targetShare of that in its
// target, less where the home tint would come within
// kit.MinPieceDistance of the player's own pieces (yellow, sky blue and
// orange are light: a strong tint of theirs hid the pieces standing on it).
const (
	homeTint    = 0.40
	targetShare = 0.45
)

// armTint is the strongest tint of piece's colour, up to homeTint, that
// its pieces still stand out on (a colour that does not stand out on the
// bare board either, black on a dark one, shows by its outline: its tint
// stays).
func armTint(board, piece color.NRGBA) float64 {
	if kit.DeltaE2000(piece, board) < kit.MinPieceDistance {
		return homeTint
	}
	f := homeTint
	for f > 0.05 && kit.DeltaE2000(piece, kit.Mix(board, piece, f)) < kit.MinPieceDistance {
		f -= 0.01
	}
	return f
}

func (r *Renderer) palette() Palette { return PaletteFor(r.b.Shades(), r.b.Settings()) }

// PaletteFor is the board's colours in a theme under settings s.
func PaletteFor(sh kit.Shades, s app.Settings) Palette {
	p := Palette{
		Board:   sh.Mix(0.07, 0.10),
		Hole:    kit.EmptyColour(s, sh, 0.30, 0.38),
		Outline: sh.Mix(0.80, 0.55),
		fg:      sh.Fg,
	}
	for i := range p.Player {
		p.Player[i] = kit.PlayerColour(s, i)
		f := armTint(p.Board, p.Player[i])
		p.HomeArm[i] = kit.Mix(p.Board, p.Player[i], f)
		p.TargetArm[i] = kit.Mix(p.Board, p.Player[i], f*targetShare)
	}
	return p
}

func (r *Renderer) build() {
	add := func(hidden bool, objs ...fyne.CanvasObject) {
		for _, o := range objs {
			if hidden {
				o.Hide()
			}
			r.Objs = append(r.Objs, o)
		}
	}
	polygon := func() *canvas.Polygon { return canvas.NewPolygon(3, color.Transparent) }
	circle := func() *canvas.Circle { return canvas.NewCircle(color.Transparent) }
	line := func() *canvas.Line { return canvas.NewLine(color.Transparent) }
	r.LastFrom, r.HintLine, r.SelRing = circle(), line(), circle()
	// in drawing order: the star, its holes, the marks, the pieces
	add(false, fillObjects(r.star[:], polygon)...)
	add(false, fillObjects(r.arms[:], polygon)...)
	add(false, fillObjects(r.holes[:], circle)...)
	add(true, fillObjects(r.Targets[:], circle)...)
	add(true, r.buildGhosts()...)
	add(true, fillObjects(r.Lines[:], line)...)
	add(true, r.LastFrom, r.HintLine)
	add(true, fillObjects(r.HintRing[:], circle)...)
	add(true, r.SelRing)
	r.Pieces = make([]*kit.PieceObjs, cc.MaxPlayers*cc.PiecesPerPlayer)
	for i := range r.Pieces {
		r.Pieces[i] = kit.NewPieceObjs()
		add(false, r.Pieces[i].Objs()...)
	}
	r.flyer = kit.NewPieceObjs()
	add(false, r.flyer.Objs()...)
	add(true, r.buildReplayButton())
}

// fillObjects fills dst with new objects and returns them as canvas
// objects.
func fillObjects[T fyne.CanvasObject](dst []T, mk func() T) []fyne.CanvasObject {
	out := make([]fyne.CanvasObject, len(dst))
	for i := range dst {
		dst[i] = mk()
		out[i] = dst[i]
	}
	return out
}

func (r *Renderer) MinSize() fyne.Size { return r.b.MinSize() }

func (r *Renderer) Layout(sz fyne.Size) {
	r.Size = sz
	r.Place(true)
}

func (r *Renderer) Refresh() {
	// Colours are read on every refresh: a light/dark switch or new
	// player colours arrive as a plain Refresh.
	pal := r.palette()
	full := pal != r.pal
	r.pal = pal
	r.Place(full)
}

// armOwner is the player whose home is arm a (home true), else the player
// who races for it (home false), else -1.
func armOwner(p *cc.Position, a cc.Arm) (player int, home bool) {
	n := p.Players()
	for i := 0; i < n; i++ {
		if p.Seat(i) == a {
			return i, true
		}
	}
	for i := 0; i < n; i++ {
		if p.Target(i) == a {
			return i, false
		}
	}
	return -1, false
}

// armCentre is the centre of arm a's ten holes, in hole units.
var armCentre = func() (c [6][2]float64) {
	var n [6]int
	for h := 0; h < cc.NumHoles; h++ {
		a, ok := cc.ArmOf(h)
		if !ok {
			continue
		}
		x, y := cc.HoleXY(h)
		c[a][0] += x
		c[a][1] += y
		n[a]++
	}
	for a := range c {
		if n[a] > 0 {
			c[a][0] /= float64(n[a])
			c[a][1] /= float64(n[a])
		}
	}
	return c
}()

// armUp tells whether arm a's triangle points up (N, SW, SE belong to the
// star's upward triangle).
func armUp(a cc.Arm) bool { return a == cc.N || a == cc.SW || a == cc.SE }

func (r *Renderer) Place(full bool) {
	v := &r.b.View
	g := GeomFor(r.Size)
	u := g.U
	if !v.ok || u <= 0 {
		return
	}
	pal := r.pal
	box := func(o fyne.CanvasObject, x, y, d float32) {
		o.Resize(fyne.NewSize(d, d))
		o.Move(fyne.NewPos(x-d/2, y-d/2))
	}
	// The star: two big triangles.
	for i, t := range r.star {
		t.FillColor = pal.Board
		t.Angle = g.angle(float32(i) * 180)
		t.CornerRadius = u * 0.5
		box(t, g.cx, g.cy, 2*float32(ccStarR+ccMarginR)*u)
		t.Refresh()
	}
	// The arms in the colours of the players at home there (strong) or
	// racing for them (light).
	for a := range r.arms {
		t := r.arms[a]
		pl, home := armOwner(&v.Pos, cc.Arm(a))
		if pl < 0 {
			t.Hide()
			continue
		}
		t.FillColor = pal.TargetArm[pl]
		if home {
			t.FillColor = pal.HomeArm[pl]
		}
		t.Angle = g.angle(180)
		if armUp(cc.Arm(a)) {
			t.Angle = g.angle(0)
		}
		t.CornerRadius = u * 0.35
		x, y := g.at(armCentre[a][0], armCentre[a][1])
		box(t, x, y, 2*2.65*u)
		t.Show()
		t.Refresh()
	}
	for h, c := range r.holes {
		x, y := g.XY(h)
		c.FillColor = pal.Hole
		box(c, x, y, u*0.42)
		if full || c.Size().Width != u*0.42 {
			c.Refresh()
		}
	}
	// Targets of the selected piece: rings in the mover's colour around
	// the empty hole, about half a piece across and hollow, so a target
	// never reads as a piece (pieces are full discs and shapes 0.8 of a
	// spacing across). The finger needs no large mark: a tap near a
	// target finds it (ccHit).
	isTarget := make(map[int]bool, len(v.Targets))
	for _, t := range v.Targets {
		isTarget[t] = true
	}
	mover := v.Pos.ToMove()
	for h, c := range r.Targets {
		if !isTarget[h] {
			if c.Visible() {
				c.Hide()
			}
			continue
		}
		x, y := g.XY(h)
		c.FillColor = color.Transparent
		c.StrokeColor = pal.Player[mover]
		c.StrokeWidth = max(2, u*ccMarkStroke)
		box(c, x, y, u*ccMarkSize)
		c.Show()
		c.Refresh()
	}
	r.placeGhosts(g)
	// The last move's path (or the hops so far): a line through the
	// landings, a ring where the piece started.
	lw := max(2, u*0.12)
	pathCol := pal.fg
	pathCol.A = 0x90
	for i, l := range r.Lines {
		if i+1 >= len(v.Path) {
			if l.Visible() {
				l.Hide()
			}
			continue
		}
		x0, y0 := g.XY(v.Path[i])
		x1, y1 := g.XY(v.Path[i+1])
		l.StrokeColor = pathCol
		l.StrokeWidth = lw
		l.Position1, l.Position2 = fyne.NewPos(x0, y0), fyne.NewPos(x1, y1)
		l.Show()
		l.Refresh()
	}
	// ring draws c as a ring around hole h, or hides it (h -1).
	ring := func(c *canvas.Circle, h int, col color.NRGBA, width, d float32) {
		if h < 0 {
			c.Hide()
			return
		}
		x, y := g.XY(h)
		c.FillColor = color.Transparent
		c.StrokeColor = col
		c.StrokeWidth = width
		box(c, x, y, d)
		c.Show()
		c.Refresh()
	}
	lastFrom := -1
	if len(v.Path) > 0 {
		lastFrom = v.Path[0]
	}
	ring(r.LastFrom, lastFrom, pal.fg, max(1.5, u*0.08), u*0.7)
	// The hint: thick rings on its from and to holes, joined.
	hintFrom, hintTo := v.HintFrom, v.HintTo
	if hintFrom < 0 || hintTo < 0 {
		hintFrom, hintTo = -1, -1
	}
	// in a colour of its own, as the other boards draw it (in the
	// foreground's grey it was the last move's twin), and of none of the
	// game's seats
	hint := board.HintColour(pal.Player[:min(v.Pos.Players(), len(pal.Player))])
	ring(r.HintRing[0], hintFrom, hint, max(2.5, u*0.14), u*1.1)
	ring(r.HintRing[1], hintTo, hint, max(2.5, u*0.14), u*1.1)
	if hintFrom >= 0 {
		x0, y0 := g.XY(hintFrom)
		x1, y1 := g.XY(hintTo)
		hc := hint
		hc.A = 0xB0
		r.HintLine.StrokeColor = hc
		r.HintLine.StrokeWidth = max(2, u*0.1)
		r.HintLine.Position1, r.HintLine.Position2 = fyne.NewPos(x0, y0), fyne.NewPos(x1, y1)
		r.HintLine.Show()
		r.HintLine.Refresh()
	} else {
		r.HintLine.Hide()
	}
	ring(r.SelRing, v.Sel, pal.fg, max(2.5, u*0.13), u*1.12)
	r.placePieces(g)
}

// placePieces draws every player's pieces in its colour and shape; the
// piece on the move is drawn where the animation step has it, and a piece
// that slides in is drawn by the flyer until it lands.
func (r *Renderer) placePieces(g ccGeom) {
	v := &r.b.View
	d := g.U * ccPieceSize
	k := 0
	glideTo := -1
	if v.glide != 0 && v.glideTo >= 0 && (v.glide != r.glide || r.Anim != nil) {
		glideTo = v.glideTo
	}
	for i := 0; i < v.players && i < cc.MaxPlayers; i++ {
		for _, h := range v.Pos.Pieces(i) {
			if k >= len(r.Pieces) {
				break
			}
			if h == v.MoveFrom && v.MoveAt >= 0 {
				h = v.MoveAt
			}
			p := r.Pieces[k]
			k++
			if h == glideTo {
				p.Hide()
				continue
			}
			x, y := g.XY(h)
			p.Place(kit.ShapeOf(i), x, y, d, r.pal.Player[i], r.pal.Outline)
		}
	}
	for ; k < len(r.Pieces); k++ {
		r.Pieces[k].Hide()
	}
	r.startGlide(g, d)
}

// startGlide slides the piece that just landed from its previous hole.
func (r *Renderer) startGlide(g ccGeom, d float32) {
	v := &r.b.View
	if v.glide == 0 || v.glideTo < 0 {
		// nothing slides (undo, a new position): stop a slide that runs
		r.StopAnim()
		r.flyer.Hide()
		return
	}
	if v.glide == r.glide {
		if r.Anim == nil {
			r.flyer.Hide()
		}
		return
	}
	if r.Anim != nil {
		r.Anim.Stop()
	}
	r.glide = v.glide
	owner := v.Pos.Owner(v.glideTo)
	if v.MoveAt >= 0 {
		owner = v.Pos.Owner(v.MoveFrom)
	}
	if owner < 0 {
		r.flyer.Hide()
		return
	}
	x0, y0 := g.XY(v.glideFrom)
	x1, y1 := g.XY(v.glideTo)
	fill, ol, shape := r.pal.Player[owner], r.pal.Outline, kit.ShapeOf(owner)
	r.flyer.Place(shape, x0, y0, d, fill, ol)
	var anim *fyne.Animation
	anim = fyne.NewAnimation(v.glideTime, func(t float32) {
		if r.Anim != anim {
			return
		}
		if t >= 1 {
			r.Anim = nil
			r.flyer.Hide()
			r.placePieces(GeomFor(r.Size))
			return
		}
		// a small arc over the piece hopped over
		lift := float32(math.Sin(float64(t)*math.Pi)) * g.U * 0.25
		r.flyer.Place(shape, x0+(x1-x0)*t, y0+(y1-y0)*t-lift, d*(1+0.15*float32(math.Sin(float64(t)*math.Pi))), fill, ol)
	})
	anim.Curve = fyne.AnimationEaseInOut
	r.Anim = anim
	anim.Start()
}
