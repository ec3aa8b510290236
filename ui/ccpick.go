package ui

import (
	"image/color"
	"math"
	"sort"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/widget"

	"github.com/jumpers-game/jumpers/app"
	cc "github.com/jumpers-game/jumpers/core/chinesecheckers"
)

// A finger on a phone covers about 48 dp: holes within ccFingerR of the
// tap count as touched, however small the star is drawn.
const ccFingerR = 24

// Two touched holes that the player could mean are ambiguous when the
// finger is nearly as far from one as from the other (in hole spacings):
// the star then opens a magnified pick of the neighbourhood.
const ccAmbiguity = 0.35

// ccZoomSpacing is the distance between neighbouring holes in the
// magnified pick, in dp: above the 48 dp a finger needs.
const ccZoomSpacing = 60

// candidates are the holes a tap can mean now: the reachable holes of
// the selected piece, the selected piece (let go), and the pieces of the
// player to move that can move (select or switch); a piece walled in at
// home means nothing to a tap.
func (b *ccBoard) candidates() []int {
	v := &b.view
	if !v.ok {
		return nil
	}
	out := append([]int(nil), v.targets...)
	for _, h := range v.pos.Pieces(v.pos.ToMove()) {
		if h == v.sel || len(v.pos.Reach(h)) > 0 {
			out = append(out, h)
		}
	}
	return out
}

// ccNear is the holes among cands a finger at p touches, nearest first,
// with their distances in hole spacings.
func ccNear(g ccGeom, p fyne.Position, cands []int) (holes []int, dist []float32) {
	if g.u <= 0 {
		return nil, nil
	}
	reach := max(float32(ccFingerR)/g.u, 0.6)
	type hd struct {
		h int
		d float32
	}
	var near []hd
	for _, h := range cands {
		x, y := g.xy(h)
		dx, dy := (p.X-x)/g.u, (p.Y-y)/g.u
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
func (b *ccBoard) Tapped(ev *fyne.PointEvent) {
	b.pick = nil // a pick closed by a tap beside it
	if !b.playable() {
		return
	}
	if b.replay != nil {
		// a tap during a replay stops it, and does nothing else: the
		// position shown is not the one to play in
		b.replay = nil
		b.Update()
		return
	}
	if b.c.State() == app.Human && b.view.ok {
		g := ccGeomFor(b.Size())
		if holes, dist := ccNear(g, ev.Position, b.candidates()); ccAmbiguous(dist) {
			b.showPick(g, ev.Position, holes)
			return
		}
	}
	b.squareTapped(b.squareAt(ev.Position))
}

// TappedSecondary: a slow tap on a phone is a tap.
func (b *ccBoard) TappedSecondary(ev *fyne.PointEvent) { b.Tapped(ev) }

// showPick opens the magnified neighbourhood of p over the star, with
// the touched candidates to choose from.
func (b *ccBoard) showPick(g ccGeom, p fyne.Position, cands []int) {
	cv := fyne.CurrentApp().Driver().CanvasForObject(b)
	if cv == nil {
		return
	}
	var pop *widget.PopUp
	z := newCCZoom(b, g, p, cands, func(h int) {
		pop.Hide()
		b.pick = nil
		if h >= 0 {
			b.squareTapped(h)
		}
	})
	// a plain pop-up: a tap beside it closes it, as a change of mind
	pop = widget.NewPopUp(z, cv)
	b.pick = z
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
	b     *ccBoard
	g     ccGeom // the magnified geometry
	holes []int  // drawn
	cands []int
	done  func(h int)
}

func newCCZoom(b *ccBoard, bg ccGeom, p fyne.Position, cands []int, done func(int)) *ccZoom {
	// the finger in hole units, in the board's (maybe turned) frame
	fx, fy := (p.X-bg.cx)/bg.u, -(p.Y-bg.cy)/bg.u
	side := float32(ccZoomSpacing * 4)
	z := &ccZoom{b: b, cands: cands, done: done}
	z.g = ccGeom{cx: side/2 - fx*ccZoomSpacing, cy: side/2 + fy*ccZoomSpacing, u: ccZoomSpacing, rot: bg.rot}
	for h := 0; h < cc.NumHoles; h++ {
		x, y := z.g.xy(h)
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
	holes, _ := ccNear(z.g, ev.Position, z.cands)
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
	v := &z.b.view
	pal := ccPaletteFor(z.b.shades(), z.b.settings())
	bg := canvas.NewRectangle(pal.board)
	bg.CornerRadius = 12
	objs := []fyne.CanvasObject{bg}
	isCand := map[int]bool{}
	for _, h := range z.cands {
		isCand[h] = true
	}
	isTarget := map[int]bool{}
	for _, t := range v.targets {
		isTarget[t] = true
	}
	u := z.g.u
	for _, h := range z.holes {
		x, y := z.g.xy(h)
		hole := canvas.NewCircle(pal.hole)
		hole.Resize(fyne.NewSize(u*0.42, u*0.42))
		hole.Move(fyne.NewPos(x-u*0.21, y-u*0.21))
		objs = append(objs, hole)
		if o := v.pos.Owner(h); o >= 0 {
			p := newPieceObjs()
			p.place(shapeOf(o), x, y, u*ccPieceSize*0.9, pal.player[o], pal.outline)
			objs = append(objs, p.objects()...)
		} else if isTarget[h] {
			m := canvas.NewCircle(color.Transparent)
			m.StrokeColor = pal.player[v.pos.ToMove()]
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
