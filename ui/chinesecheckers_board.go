package ui

import (
	"image/color"
	"math"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/jumpers-game/jumpers/app"
	"github.com/jumpers-game/jumpers/core"
	cc "github.com/jumpers-game/jumpers/core/chinesecheckers"
)

// ccStep is one animation step of a move: the position before the move
// with the moving piece shown on Path[Index] instead of Path[0].
type ccStep struct {
	Before cc.Position
	Path   []int
	Index  int
}

// ccTrace gives the hops of a move as animation steps, one per landing
// after the start (the last one is the history's position). The path is
// the engine's (cc.MovePath).
func ccTrace(pos core.Position, move string) ([]any, error) {
	before, ok := ccConcrete(pos)
	if !ok {
		return nil, nil // not ours: no animation, the history decides
	}
	path, err := cc.MovePath(pos, move)
	if err != nil || len(path) < 2 {
		return nil, err
	}
	out := make([]any, 0, len(path)-1)
	for k := 1; k < len(path); k++ {
		out = append(out, ccStep{Before: before, Path: path, Index: k})
	}
	return out, nil
}

// ccConcrete is the concrete position behind pos (or ok false).
func ccConcrete(pos core.Position) (cc.Position, bool) {
	if pos == nil {
		return cc.Position{}, false
	}
	p, err := cc.Concrete(pos)
	return p, err == nil
}

// ccView is what the star board shows, computed from the controller on
// the UI goroutine; the renderer draws it.
type ccView struct {
	pos     cc.Position
	ok      bool
	players int
	// the moving piece of an animation step: drawn at moveAt, not at
	// moveFrom (-1 when none)
	moveFrom, moveAt int
	path             []int // the last move's path (or the hops so far)
	sel              int   // selected hole, -1 for none
	targets          []int // holes the selected piece can reach
	hintFrom, hintTo int
	// glide: the piece landing on glideTo slides from glideFrom; glide
	// identifies the slide, so the renderer starts it once
	glideFrom, glideTo int
	glide              uint64
	glideTime          time.Duration
}

// ccBoard is the Chinese Checkers star: ONE widget whose renderer draws
// the holes, the arms and the pieces with canvas primitives. A tap on a
// piece of the player to move selects it and marks the holes it can
// reach; a tap on one of them plays the move; a tap elsewhere deselects.
// It knows the rules only through the engine's Reach and Path.
type ccBoard struct {
	widget.BaseWidget
	c        *app.Controller // nil for a static picture
	settings func() app.Settings
	onTap    func(move string)
	view     ccView

	sel     int    // selected hole, -1 for none
	selHash uint64 // the position the selection belongs to

	// animation bookkeeping: which frame was shown last, which cursor was
	// last shown without an animation, the slide counter
	frameKey    any
	frameIdx    int
	frameCursor int
	frameLast   int // index of the last frame shown of frameCursor's move
	seenCursor  int
	glideSeq    uint64
}

var (
	_ fyne.Tappable          = (*ccBoard)(nil)
	_ fyne.SecondaryTappable = (*ccBoard)(nil)
)

func newCCBoard(c *app.Controller, settings func() app.Settings, onTap func(string)) *ccBoard {
	b := &ccBoard{c: c, settings: settings, onTap: onTap, sel: -1, frameCursor: -1}
	b.ExtendBaseWidget(b)
	if c != nil {
		b.seenCursor = c.History().Cursor()
	}
	b.view = b.compute()
	return b
}

// newCCPicture is a static board of pos (card art, Continue).
func newCCPicture(pos cc.Position) *ccBoard {
	b := &ccBoard{settings: app.DefaultSettings, sel: -1}
	b.ExtendBaseWidget(b)
	b.view = ccView{pos: pos, ok: true, players: pos.Players(), moveFrom: -1, moveAt: -1, sel: -1,
		hintFrom: -1, hintTo: -1, glideFrom: -1, glideTo: -1}
	return b
}

// Aspect is the star's width over its height (see gameLayout).
func (b *ccBoard) Aspect() float32 { return ccSpanX / ccSpanY }

// Update re-reads the controller and redraws.
func (b *ccBoard) Update() {
	if b.c != nil {
		b.view = b.compute()
	}
	b.Refresh()
}

func (b *ccBoard) compute() ccView {
	c := b.c
	v := ccView{sel: -1, moveFrom: -1, moveAt: -1, hintFrom: -1, hintTo: -1, glideFrom: -1, glideTo: -1}
	if c == nil {
		return b.view
	}
	st := b.settings()
	h := c.History()
	cursor := h.Cursor()
	slide := func(from, to int) {
		if !animationsOn() {
			return
		}
		b.glideSeq++
		v.glideFrom, v.glideTo, v.glide = from, to, b.glideSeq
		v.glideTime = min(st.StepTime*3/4, 350*time.Millisecond)
	}
	if steps, i, ok := c.Frame(); ok {
		s, _ := steps[i].(ccStep)
		v.pos, v.ok = s.Before, len(s.Path) > 0
		if v.ok {
			v.moveFrom, v.moveAt = s.Path[0], s.Path[s.Index]
			v.path = s.Path[:s.Index+1]
			if key := any(&steps[0]); key != b.frameKey || i != b.frameIdx {
				b.frameKey, b.frameIdx = key, i
				b.frameCursor, b.frameLast = cursor, s.Index
				if c.State() == app.Animating || c.State() == app.PausedStep {
					slide(s.Path[s.Index-1], s.Path[s.Index])
				}
			} else {
				// the same frame again: keep its slide going
				v.glideFrom, v.glideTo, v.glide, v.glideTime = b.view.glideFrom, b.view.glideTo, b.view.glide, b.view.glideTime
			}
		}
	} else {
		b.frameKey = nil
		v.pos, v.ok = ccConcrete(c.Position())
		if last := c.LastMove(); last != "" && cursor > 0 {
			v.path, _ = cc.MovePath(h.Position(cursor-1), last)
		}
		n := len(v.path)
		switch {
		case cursor != b.seenCursor+1 || n < 2:
			// undo, redo, load: no slide
		case b.frameCursor == cursor && b.frameLast == n-2:
			slide(v.path[n-2], v.path[n-1]) // the last hop after the steps
		case b.frameCursor == cursor:
			// Stop jumped to the end: no slide
		case n == 2 && st.Animation != app.AnimNone:
			slide(v.path[0], v.path[1]) // a step or a single hop
		}
		if cursor != b.seenCursor {
			// keep a slide that is running when the same position is
			// shown again (a status change)
			b.seenCursor = cursor
		} else {
			v.glideFrom, v.glideTo, v.glide, v.glideTime = b.view.glideFrom, b.view.glideTo, b.view.glide, b.view.glideTime
		}
	}
	if !v.ok {
		return v
	}
	v.players = v.pos.Players()
	if hm := c.HintMove(); hm != "" {
		if m, err := cc.ParseMove(hm); err == nil && !m.IsPass() {
			v.hintFrom, v.hintTo = int(m.From), int(m.To)
		}
	}
	// The selection belongs to one position and a human's turn.
	if c.State() != app.Human || b.selHash != v.pos.Hash() {
		b.sel = -1
	}
	if b.sel >= 0 {
		v.sel = b.sel
		v.targets = v.pos.Reach(b.sel)
	}
	return v
}

// --- input ---

// Tapped selects a piece, plays a move to a marked hole, or deselects.
func (b *ccBoard) Tapped(ev *fyne.PointEvent) { b.tapAt(ev.Position) }

// TappedSecondary does the same: on a phone a press held 300 ms arrives as
// a secondary tap, and a slow tap must not be lost.
func (b *ccBoard) TappedSecondary(ev *fyne.PointEvent) { b.tapAt(ev.Position) }

func (b *ccBoard) tapAt(p fyne.Position) {
	if b.c == nil || b.onTap == nil || !b.view.ok {
		return
	}
	b.tapHole(ccHit(ccGeomFor(b.Size()), p, b.view.targets))
}

// TapSquare taps the hole named name, as a finger would (JUMPERS_TAP, for
// scripted screenshots).
func (b *ccBoard) TapSquare(name string) {
	if h, err := cc.ParseHole(name); err == nil {
		b.tapHole(h)
	}
}

// tapHole is a tap on hole h (-1: beside the star).
func (b *ccBoard) tapHole(h int) {
	if b.c == nil || b.onTap == nil || !b.view.ok {
		return
	}
	if b.c.State() != app.Human {
		// The controller says why nothing happens (thinking, paused,
		// over...).
		if h >= 0 {
			b.onTap(cc.HoleName(h) + cc.HoleName(h))
		}
		return
	}
	pos := &b.view.pos
	if ms := pos.LegalMoves(); len(ms) == 1 && ms[0].IsPass() {
		b.onTap(cc.PassMove.String())
		return
	}
	if b.sel >= 0 && h >= 0 {
		for _, t := range b.view.targets {
			if t == h {
				from := b.sel
				b.sel = -1
				b.onTap(cc.HoleName(from) + cc.HoleName(h))
				b.Update()
				return
			}
		}
	}
	switch {
	case h >= 0 && h == b.sel:
		b.sel = -1 // a second tap on the selected piece lets it go
	case h >= 0 && pos.Owner(h) == pos.ToMove():
		b.sel, b.selHash = h, pos.Hash()
	default:
		b.sel = -1
	}
	b.Update()
}

// --- geometry ---

const (
	ccStarR   = 8 * 0.8660254037844386                     // 8·√3/2: the tips' distance from the centre, in hole units
	ccMarginR = 1.0                                        // the star's outline beyond the holes
	ccSpanX   = (ccStarR + ccMarginR) * 1.7320508075688772 // √3
	ccSpanY   = 2 * (ccStarR + ccMarginR)
)

// ccGeom is where the holes are inside a widget: the centre and the
// distance between neighbouring holes.
type ccGeom struct {
	cx, cy, u float32
}

func ccGeomFor(sz fyne.Size) ccGeom {
	u := min(sz.Width/float32(ccSpanX), sz.Height/float32(ccSpanY))
	return ccGeom{cx: sz.Width / 2, cy: sz.Height / 2, u: max(u, 0)}
}

// xy is the centre of hole h on screen.
func (g ccGeom) xy(h int) (float32, float32) {
	x, y := cc.HoleXY(h)
	return g.cx + float32(x)*g.u, g.cy - float32(y)*g.u
}

// ccHit finds the hole for a tap at p: the nearest hole, with the marked
// targets counting as nearer (a finger aimed between a target and another
// hole means the target), within one hole spacing; -1 for a tap beside
// the star. Holes are small on a phone (the star is 17 rows tall), so the
// whole area around a hole counts, not only its drawn circle.
func ccHit(g ccGeom, p fyne.Position, targets []int) int {
	if g.u <= 0 {
		return -1
	}
	isTarget := make(map[int]bool, len(targets))
	for _, t := range targets {
		isTarget[t] = true
	}
	best, bestD := -1, float32(math.MaxFloat32)
	for h := 0; h < cc.NumHoles; h++ {
		x, y := g.xy(h)
		dx, dy := (p.X-x)/g.u, (p.Y-y)/g.u
		d := float32(math.Sqrt(float64(dx*dx + dy*dy)))
		if d > 1.0 {
			continue
		}
		if isTarget[h] {
			d *= 0.6
		}
		if d < bestD {
			best, bestD = h, d
		}
	}
	return best
}

func (b *ccBoard) MinSize() fyne.Size {
	b.ExtendBaseWidget(b)
	return fyne.NewSize(120, 120/b.Aspect())
}

// --- drawing ---

func (b *ccBoard) CreateRenderer() fyne.WidgetRenderer {
	r := &ccRenderer{b: b}
	r.build()
	r.Refresh()
	return r
}

const ccLines = 32 // line segments of a drawn path (long chains are cut)

type ccRenderer struct {
	b        *ccBoard
	star     [2]*canvas.Polygon
	arms     [6]*canvas.Polygon
	holes    [cc.NumHoles]*canvas.Circle
	lines    [ccLines]*canvas.Line
	lastFrom *canvas.Circle
	targets  [cc.NumHoles]*canvas.Circle
	hintLine *canvas.Line
	hintRing [2]*canvas.Circle
	selRing  *canvas.Circle
	pieces   []*pieceObjs // cc.MaxPlayers × 10
	flyer    *pieceObjs
	objects  []fyne.CanvasObject

	size fyne.Size
	pal  ccPalette
	anim *fyne.Animation
	// the running slide
	glide uint64
}

type ccPalette struct {
	board, hole, fg, outline, hint color.NRGBA
	player                         [cc.MaxPlayers]color.NRGBA
}

func (r *ccRenderer) palette() ccPalette {
	th := r.b.Theme()
	v := fyne.CurrentApp().Settings().ThemeVariant()
	bg := toNRGBA(th.Color(theme.ColorNameBackground, v))
	fg := toNRGBA(th.Color(theme.ColorNameForeground, v))
	p := ccPalette{
		board:   mix(bg, fg, 0.07),
		hole:    mix(bg, fg, 0.30),
		fg:      fg,
		outline: mix(bg, fg, 0.80),
		hint:    fg,
	}
	if isDark(th, v) {
		p.board = mix(bg, fg, 0.10)
		p.hole = mix(bg, fg, 0.38)
		p.outline = mix(bg, fg, 0.55)
	}
	s := r.b.settings()
	for i := range p.player {
		p.player[i] = playerColour(s, i)
	}
	return p
}

func (r *ccRenderer) build() {
	add := func(o fyne.CanvasObject) { r.objects = append(r.objects, o) }
	for i := range r.star {
		r.star[i] = canvas.NewPolygon(3, color.Transparent)
		add(r.star[i])
	}
	for i := range r.arms {
		r.arms[i] = canvas.NewPolygon(3, color.Transparent)
		add(r.arms[i])
	}
	for i := range r.holes {
		r.holes[i] = canvas.NewCircle(color.Transparent)
		add(r.holes[i])
	}
	for i := range r.targets {
		r.targets[i] = canvas.NewCircle(color.Transparent)
		r.targets[i].Hide()
		add(r.targets[i])
	}
	for i := range r.lines {
		r.lines[i] = canvas.NewLine(color.Transparent)
		r.lines[i].Hide()
		add(r.lines[i])
	}
	r.lastFrom = canvas.NewCircle(color.Transparent)
	r.lastFrom.Hide()
	add(r.lastFrom)
	r.hintLine = canvas.NewLine(color.Transparent)
	r.hintLine.Hide()
	add(r.hintLine)
	for i := range r.hintRing {
		r.hintRing[i] = canvas.NewCircle(color.Transparent)
		r.hintRing[i].Hide()
		add(r.hintRing[i])
	}
	r.selRing = canvas.NewCircle(color.Transparent)
	r.selRing.Hide()
	add(r.selRing)
	r.pieces = make([]*pieceObjs, cc.MaxPlayers*cc.PiecesPerPlayer)
	for i := range r.pieces {
		r.pieces[i] = newPieceObjs()
		for _, o := range r.pieces[i].objects() {
			add(o)
		}
	}
	r.flyer = newPieceObjs()
	for _, o := range r.flyer.objects() {
		add(o)
	}
}

func (r *ccRenderer) Destroy() {
	if r.anim != nil {
		r.anim.Stop()
	}
}

func (r *ccRenderer) Objects() []fyne.CanvasObject { return r.objects }
func (r *ccRenderer) MinSize() fyne.Size           { return r.b.MinSize() }

func (r *ccRenderer) Layout(sz fyne.Size) {
	r.size = sz
	r.place(true)
}

func (r *ccRenderer) Refresh() {
	// Colours are read on every refresh: a light/dark switch or new
	// player colours arrive as a plain Refresh.
	pal := r.palette()
	full := pal != r.pal
	r.pal = pal
	r.place(full)
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

func (r *ccRenderer) place(full bool) {
	v := &r.b.view
	g := ccGeomFor(r.size)
	u := g.u
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
		t.FillColor = pal.board
		t.Angle = float32(i) * 180
		t.CornerRadius = u * 0.5
		box(t, g.cx, g.cy, 2*float32(ccStarR+ccMarginR)*u)
		t.Refresh()
	}
	// The arms in the colours of the players at home there (strong) or
	// racing for them (light).
	for a := range r.arms {
		t := r.arms[a]
		pl, home := armOwner(&v.pos, cc.Arm(a))
		if pl < 0 {
			t.Hide()
			continue
		}
		f := 0.18
		if home {
			f = 0.40
		}
		t.FillColor = mix(pal.board, pal.player[pl], f)
		t.Angle = 180
		if armUp(cc.Arm(a)) {
			t.Angle = 0
		}
		t.CornerRadius = u * 0.35
		x, y := g.cx+float32(armCentre[a][0])*u, g.cy-float32(armCentre[a][1])*u
		box(t, x, y, 2*2.65*u)
		t.Show()
		t.Refresh()
	}
	for h, c := range r.holes {
		x, y := g.xy(h)
		c.FillColor = pal.hole
		box(c, x, y, u*0.42)
		if full || c.Size().Width != u*0.42 {
			c.Refresh()
		}
	}
	// Targets of the selected piece: large discs in the mover's colour,
	// easy to hit and to see on a phone.
	isTarget := make(map[int]bool, len(v.targets))
	for _, t := range v.targets {
		isTarget[t] = true
	}
	mover := v.pos.ToMove()
	for h, c := range r.targets {
		if !isTarget[h] {
			if c.Visible() {
				c.Hide()
			}
			continue
		}
		x, y := g.xy(h)
		// Translucent with a thick ring of the mover's colour: an empty
		// place to go, never mistaken for a piece (pieces are opaque
		// with a neutral outline); the hole shows through.
		fill := pal.player[mover]
		fill.A = 0x50
		c.FillColor = fill
		c.StrokeColor = pal.player[mover]
		c.StrokeWidth = max(2.5, u*0.15)
		box(c, x, y, u*0.84)
		c.Show()
		c.Refresh()
	}
	// The last move's path (or the hops so far): a line through the
	// landings, a ring where the piece started.
	lw := max(2, u*0.12)
	pathCol := pal.fg
	pathCol.A = 0x90
	for i, l := range r.lines {
		if i+1 >= len(v.path) {
			if l.Visible() {
				l.Hide()
			}
			continue
		}
		x0, y0 := g.xy(v.path[i])
		x1, y1 := g.xy(v.path[i+1])
		l.StrokeColor = pathCol
		l.StrokeWidth = lw
		l.Position1, l.Position2 = fyne.NewPos(x0, y0), fyne.NewPos(x1, y1)
		l.Show()
		l.Refresh()
	}
	if len(v.path) > 0 {
		x, y := g.xy(v.path[0])
		r.lastFrom.FillColor = color.Transparent
		r.lastFrom.StrokeColor = pal.fg
		r.lastFrom.StrokeWidth = max(1.5, u*0.08)
		box(r.lastFrom, x, y, u*0.7)
		r.lastFrom.Show()
		r.lastFrom.Refresh()
	} else {
		r.lastFrom.Hide()
	}
	// The hint: thick rings on its from and to holes, joined.
	if v.hintFrom >= 0 && v.hintTo >= 0 {
		x0, y0 := g.xy(v.hintFrom)
		x1, y1 := g.xy(v.hintTo)
		hc := pal.hint
		for i, h := range [2]int{v.hintFrom, v.hintTo} {
			x, y := g.xy(h)
			c := r.hintRing[i]
			c.FillColor = color.Transparent
			c.StrokeColor = hc
			c.StrokeWidth = max(2.5, u*0.14)
			box(c, x, y, u*1.1)
			c.Show()
			c.Refresh()
		}
		hc.A = 0xB0
		r.hintLine.StrokeColor = hc
		r.hintLine.StrokeWidth = max(2, u*0.1)
		r.hintLine.Position1, r.hintLine.Position2 = fyne.NewPos(x0, y0), fyne.NewPos(x1, y1)
		r.hintLine.Show()
		r.hintLine.Refresh()
	} else {
		r.hintRing[0].Hide()
		r.hintRing[1].Hide()
		r.hintLine.Hide()
	}
	if v.sel >= 0 {
		x, y := g.xy(v.sel)
		r.selRing.FillColor = color.Transparent
		r.selRing.StrokeColor = pal.fg
		r.selRing.StrokeWidth = max(2.5, u*0.13)
		box(r.selRing, x, y, u*1.12)
		r.selRing.Show()
		r.selRing.Refresh()
	} else {
		r.selRing.Hide()
	}
	r.placePieces(g)
}

// placePieces draws every player's pieces in its colour and shape; the
// piece on the move is drawn where the animation step has it, and a piece
// that slides in is drawn by the flyer until it lands.
func (r *ccRenderer) placePieces(g ccGeom) {
	v := &r.b.view
	d := g.u * 0.8
	k := 0
	glideTo := -1
	if v.glide != 0 && v.glideTo >= 0 && (v.glide != r.glide || r.anim != nil) {
		glideTo = v.glideTo
	}
	for i := 0; i < v.players && i < cc.MaxPlayers; i++ {
		for _, h := range v.pos.Pieces(i) {
			if k >= len(r.pieces) {
				break
			}
			if h == v.moveFrom && v.moveAt >= 0 {
				h = v.moveAt
			}
			p := r.pieces[k]
			k++
			if h == glideTo {
				p.hide()
				continue
			}
			x, y := g.xy(h)
			p.place(shapeOf(i), x, y, d, r.pal.player[i], r.pal.outline)
		}
	}
	for ; k < len(r.pieces); k++ {
		r.pieces[k].hide()
	}
	r.startGlide(g, d)
}

// startGlide slides the piece that just landed from its previous hole.
func (r *ccRenderer) startGlide(g ccGeom, d float32) {
	v := &r.b.view
	if v.glide == 0 || v.glideTo < 0 {
		// nothing slides (undo, a new position): stop a slide that runs
		if r.anim != nil {
			r.anim.Stop()
			r.anim = nil
		}
		r.flyer.hide()
		return
	}
	if v.glide == r.glide {
		if r.anim == nil {
			r.flyer.hide()
		}
		return
	}
	if r.anim != nil {
		r.anim.Stop()
	}
	r.glide = v.glide
	owner := v.pos.Owner(v.glideTo)
	if v.moveAt >= 0 {
		owner = v.pos.Owner(v.moveFrom)
	}
	if owner < 0 {
		r.flyer.hide()
		return
	}
	x0, y0 := g.xy(v.glideFrom)
	x1, y1 := g.xy(v.glideTo)
	fill, ol, shape := r.pal.player[owner], r.pal.outline, shapeOf(owner)
	r.flyer.place(shape, x0, y0, d, fill, ol)
	var anim *fyne.Animation
	anim = fyne.NewAnimation(v.glideTime, func(t float32) {
		if r.anim != anim {
			return
		}
		if t >= 1 {
			r.anim = nil
			r.flyer.hide()
			r.placePieces(ccGeomFor(r.size))
			return
		}
		// a small arc over the piece hopped over
		lift := float32(math.Sin(float64(t)*math.Pi)) * g.u * 0.25
		r.flyer.place(shape, x0+(x1-x0)*t, y0+(y1-y0)*t-lift, d*(1+0.15*float32(math.Sin(float64(t)*math.Pi))), fill, ol)
	})
	anim.Curve = fyne.AnimationEaseInOut
	r.anim = anim
	anim.Start()
}
