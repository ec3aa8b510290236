package ccboard

import (
	"image/color"
	"math"
	"slices"
	"sort"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/widget"

	"github.com/jumpers-game/jumpers/app"
	cc "github.com/jumpers-game/jumpers/core/chinesecheckers"
	"github.com/jumpers-game/jumpers/ui/kit"
)

// A finger on a phone covers about 48 dp: holes within ccFingerR of the
// tap count as touched, however small the star is drawn.
const fingerR = 24

// Two touched holes that the player could mean are ambiguous when the
// finger is nearly as far from one as from the other (in hole spacings):
// the star then opens a magnified pick of the neighbourhood.
const ccAmbiguity = 0.35

// ccZoomSpacing is the distance between neighbouring holes in the
// magnified pick, in dp: above the 48 dp a finger needs.
const ccZoomSpacing = 60

// Candidates are the holes a tap can mean now: the reachable holes of
// the selected piece, the selected piece (let go), and the pieces of the
// player to move that can move (select or switch); a piece walled in at
// home means nothing to a tap.
func (b *Board) Candidates() []int {
	v := &b.View
	if !v.ok {
		return nil
	}
	out := append([]int(nil), v.Targets...)
	for _, h := range v.Pos.Pieces(v.Pos.ToMove()) {
		if h == v.Sel || len(v.Pos.Reach(h)) > 0 {
			out = append(out, h)
		}
	}
	return out
}

// ccNear is the holes among cands a finger at p touches, nearest first,
// with their distances in hole spacings.
func ccNear(g ccGeom, p fyne.Position, cands []int) (holes []int, dist []float32) {
	if g.U <= 0 {
		return nil, nil
	}
	reach := max(float32(fingerR)/g.U, 0.6)
	type hd struct {
		h int
		d float32
	}
	var near []hd
	for _, h := range cands {
		x, y := g.XY(h)
		dx, dy := (p.X-x)/g.U, (p.Y-y)/g.U
		if d := float32(math.Sqrt(float64(dx*dx + dy*dy))); d <= reach {
			near = append(near, hd{h, d})
		}
	}
	sort.Slice(near, func(i, j int) bool { return near[i].d < near[j].d })
	for _, n := range near {
		holes, dist = append(holes, n.h), append(dist, n.d)
	}
	return holes, dist
}

// ccAmbiguous tells whether the two nearest touched holes are too close
// to call.
func ccAmbiguous(dist []float32) bool {
	return len(dist) >= 2 && dist[1]-dist[0] < ccAmbiguity
}

// Tapped picks the hole under the finger; when two holes that would
// do something are about as near, it asks with a magnified pick.
func (b *Board) Tapped(ev *fyne.PointEvent) {
	b.Pick = nil // a pick closed by a tap beside it
	if !b.Playable() {
		return
	}
	if b.Replay != nil {
		// a tap during a replay stops it, and does nothing else: the
		// position shown is not the one to play in
		b.Replay = nil
		b.Update()
		return
	}
	if b.Controller.State() == app.Human && b.View.ok {
		g := GeomFor(b.Size())
		if holes, dist := ccNear(g, ev.Position, b.Candidates()); ccAmbiguous(dist) && !b.meantOther(g, ev.Position, dist[0]) {
			b.showPick(g, ev.Position, holes)
			return
		}
	}
	b.SquareTapped(b.SquareAt(ev.Position))
}

// meantOther tells whether the finger at p is nearer the centre of a hole
// that is no candidate (a piece walled in, another player's piece) than
// nearest, the distance of the nearest candidate in hole spacings: the
// tap means that hole, and its refusal says why, rather than a pick
// between the candidates around it (on a smaller star a finger on a
// walled-in piece reaches two movable neighbours).
func (b *Board) meantOther(g ccGeom, p fyne.Position, nearest float32) bool {
	h := b.SquareAt(p)
	if h < 0 || slices.Contains(b.Candidates(), h) {
		return false
	}
	x, y := g.XY(h)
	dx, dy := (p.X-x)/g.U, (p.Y-y)/g.U
	return float32(math.Sqrt(float64(dx*dx+dy*dy))) < nearest
}

// TappedSecondary: a slow tap on a phone is a tap.
func (b *Board) TappedSecondary(ev *fyne.PointEvent) { b.Tapped(ev) }

// showPick opens the magnified neighbourhood of p over the star, with
// the touched candidates to choose from.
func (b *Board) showPick(g ccGeom, p fyne.Position, cands []int) {
	cv := fyne.CurrentApp().Driver().CanvasForObject(b)
	if cv == nil {
		return
	}
	var pop *widget.PopUp
	z := newCCZoom(b, g, p, cands, func(h int) {
		pop.Hide()
		b.Pick = nil
		if h >= 0 {
			b.SquareTapped(h)
		}
	})
	// a plain pop-up: a tap beside it closes it, as a change of mind
	pop = widget.NewPopUp(z, cv)
	b.Pick = z
	side := z.MinSize()
	at := fyne.CurrentApp().Driver().AbsolutePositionForObject(b).Add(p).SubtractXY(side.Width/2, side.Height/2)
	cs := cv.Size()
	at.X = max(0, min(at.X, cs.Width-side.Width))
	at.Y = max(0, min(at.Y, cs.Height-side.Height))
	pop.ShowAtPosition(at)
}

// ccZoom is the magnified pick: the holes around the finger drawn
// ccZoomSpacing apart, the candidates ringed and named; a tap on one
// chooses it, a tap elsewhere chooses nothing.
type ccZoom struct {
	widget.BaseWidget
	b     *Board
	G     ccGeom // the magnified geometry
	holes []int  // drawn
	Cands []int
	done  func(h int)
}

func newCCZoom(b *Board, bg ccGeom, p fyne.Position, cands []int, done func(int)) *ccZoom {
	// the finger in hole units, in the board's (maybe turned) frame
	fx, fy := (p.X-bg.cx)/bg.U, -(p.Y-bg.cy)/bg.U
	side := float32(ccZoomSpacing * 4)
	z := &ccZoom{b: b, Cands: cands, done: done}
	z.G = ccGeom{cx: side/2 - fx*ccZoomSpacing, cy: side/2 + fy*ccZoomSpacing, U: ccZoomSpacing, Rot: bg.Rot}
	for h := 0; h < cc.NumHoles; h++ {
		x, y := z.G.XY(h)
		if x > ccZoomSpacing*0.3 && y > ccZoomSpacing*0.3 && x < side-ccZoomSpacing*0.3 && y < side-ccZoomSpacing*0.3 {
			z.holes = append(z.holes, h)
		}
	}
	z.ExtendBaseWidget(z)
	return z
}

// Tapped chooses the candidate under the finger (the pick's holes are
// finger-sized), or nothing.
func (z *ccZoom) Tapped(ev *fyne.PointEvent) {
	holes, _ := ccNear(z.G, ev.Position, z.Cands)
	if len(holes) > 0 {
		z.done(holes[0])
		return
	}
	z.done(-1)
}

func (z *ccZoom) TappedSecondary(ev *fyne.PointEvent) { z.Tapped(ev) }

func (z *ccZoom) MinSize() fyne.Size {
	z.ExtendBaseWidget(z)
	return fyne.NewSize(ccZoomSpacing*4, ccZoomSpacing*4)
}

func (z *ccZoom) CreateRenderer() fyne.WidgetRenderer {
	v := &z.b.View
	pal := PaletteFor(z.b.Shades(), z.b.Settings())
	bg := canvas.NewRectangle(pal.Board)
	bg.CornerRadius = 12
	objs := []fyne.CanvasObject{bg}
	isCand := map[int]bool{}
	for _, h := range z.Cands {
		isCand[h] = true
	}
	isTarget := map[int]bool{}
	for _, t := range v.Targets {
		isTarget[t] = true
	}
	u := z.G.U
	for _, h := range z.holes {
		x, y := z.G.XY(h)
		hole := canvas.NewCircle(pal.Hole)
		hole.Resize(fyne.NewSize(u*0.42, u*0.42))
		hole.Move(fyne.NewPos(x-u*0.21, y-u*0.21))
		objs = append(objs, hole)
		if o := v.Pos.Owner(h); o >= 0 {
			p := kit.NewPieceObjs()
			p.Place(kit.ShapeOf(o), x, y, u*ccPieceSize*0.9, pal.Player[o], pal.Outline)
			objs = append(objs, p.Objs()...)
		} else if isTarget[h] {
			m := canvas.NewCircle(color.Transparent)
			m.StrokeColor = pal.Player[v.Pos.ToMove()]
			m.StrokeWidth = u * ccMarkStroke
			m.Resize(fyne.NewSize(u*ccMarkSize, u*ccMarkSize))
			m.Move(fyne.NewPos(x-u*ccMarkSize/2, y-u*ccMarkSize/2))
			objs = append(objs, m)
		}
		if isCand[h] {
			ring := canvas.NewCircle(color.Transparent)
			ring.StrokeColor = pal.fg
			ring.StrokeWidth = 2
			ring.Resize(fyne.NewSize(u*0.96, u*0.96))
			ring.Move(fyne.NewPos(x-u*0.48, y-u*0.48))
			name := canvas.NewText(cc.HoleName(h), pal.fg)
			name.TextSize = 12
			name.Alignment = fyne.TextAlignCenter
			name.Resize(fyne.NewSize(u, 14))
			name.Move(fyne.NewPos(x-u/2, y+u*0.48-2))
			objs = append(objs, ring, name)
		}
	}
	bg.Resize(z.MinSize())
	return &staticRenderer{objs: objs, min: z.MinSize()}
}

// staticRenderer draws objects placed once.
type staticRenderer struct {
	objs []fyne.CanvasObject
	min  fyne.Size
}

func (r *staticRenderer) Layout(fyne.Size)             {}
func (r *staticRenderer) MinSize() fyne.Size           { return r.min }
func (r *staticRenderer) Refresh()                     {}
func (r *staticRenderer) Objects() []fyne.CanvasObject { return r.objs }
func (r *staticRenderer) Destroy()                     {}
