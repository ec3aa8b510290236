package ccboard

import (
	"math"
	"time"

	"fyne.io/fyne/v2"

	"github.com/jumpers-game/jumpers/app"
	"github.com/jumpers-game/jumpers/core"
	cc "github.com/jumpers-game/jumpers/core/chinesecheckers"
	"github.com/jumpers-game/jumpers/ui/board"
)

// Concrete is the concrete position behind pos (or ok false).
func Concrete(pos core.Position) (cc.Position, bool) {
	if pos == nil {
		return cc.Position{}, false
	}
	p, err := cc.Concrete(pos)
	return p, err == nil
}

// ccView is what the star board shows, computed from the controller on
// the UI goroutine; the renderer draws it.
type ccView struct {
	Pos     cc.Position
	ok      bool
	players int
	// the moving piece of an animation step: drawn at moveAt, not at
	// MoveFrom (-1 when none)
	MoveFrom, MoveAt int
	Path             []int // the last move's path (or the hops so far)
	Sel              int   // selected hole, -1 for none
	Targets          []int // holes the selected piece can reach
	HintFrom, HintTo int
	// glide: the piece landing on glideTo slides from glideFrom; glide
	// identifies the slide, so the renderer starts it once
	glideFrom, glideTo int
	glide              uint64
	glideTime          time.Duration
	// Ghosts are the moves since the viewer's last turn (see ccGhosts);
	// replaying: the view is a frame of their replay
	Ghosts    []ccGhost
	Replaying bool
}

// Board is the Chinese Checkers star: ONE widget whose renderer draws
// the holes, the arms and the pieces with canvas primitives. A tap on a
// piece of the player to move selects it and marks the holes it can
// reach; a tap on one of them plays the move; a tap elsewhere deselects.
// It knows the rules only through the engine's Reach and Path.
type Board struct {
	board.Base
	View ccView

	sel     int    // selected hole, -1 for none
	selHash uint64 // the position the selection belongs to

	// animation bookkeeping: the move of the last frame shown, which
	// cursor was last shown without an animation, the slide counter
	frameCursor int
	frameLast   int // index of the last frame shown of frameCursor's move
	seenCursor  int
	glideSeq    uint64

	// Pick is the magnified pick open over the star (nil: none)
	Pick *ccZoom
	// Replay runs the moves since the viewer's turn again (nil: none)
	Replay    *ccReplay
	replaySeq uint64
	After     func(time.Duration, func()) // tests: the replay's timer
}

var _ board.Board = (*Board)(nil)

func newCCBoard(c *app.Controller, settings func() app.Settings, onTap func(string)) board.Board {
	b := &Board{sel: -1, frameCursor: -1}
	if c != nil {
		b.seenCursor = c.History().Cursor()
	}
	b.InitBoard(b, c, settings, onTap)
	return b
}

// newCCPicture is a static board of pos (card art, Continue).
func newCCPicture(pos cc.Position, settings func() app.Settings) *Board {
	b := &Board{sel: -1, View: ccView{Pos: pos, ok: true, players: pos.Players(), MoveFrom: -1, MoveAt: -1, Sel: -1,
		HintFrom: -1, HintTo: -1, glideFrom: -1, glideTo: -1}}
	b.InitBoard(b, nil, settings, nil)
	return b
}

// Aspect is the star's width over its height (see gameLayout).
func (b *Board) Aspect() float32 { return SpanX / SpanY }

func (b *Board) UpdateView() {
	b.View = b.compute()
}

func (b *Board) compute() ccView {
	c := b.Controller
	v := ccView{Sel: -1, MoveFrom: -1, MoveAt: -1, HintFrom: -1, HintTo: -1, glideFrom: -1, glideTo: -1}
	st := b.Settings()
	cursor := c.ShownCursor() // the viewed position's, while viewing
	slide := func(from, to int) {
		if !board.AnimationsOn() {
			return
		}
		b.glideSeq++
		v.glideFrom, v.glideTo, v.glide = from, to, b.glideSeq
		v.glideTime = min(st.StepTime*3/4, 350*time.Millisecond)
	}
	if b.replayView(&v) {
		v.players = v.Pos.Players()
		return v
	}
	if sh, ok := board.ShownStep[ccStep](&b.Base); ok {
		s := sh.Step
		v.Pos, v.ok = s.Before, len(s.Path) > 0
		if v.ok {
			v.MoveFrom, v.MoveAt = s.Path[0], s.Path[s.Index]
			v.Path = s.Path[:s.Index+1]
			if sh.IsNew {
				b.frameCursor, b.frameLast = cursor, s.Index
				if c.State() == app.Animating || c.State() == app.PausedStep {
					slide(s.Path[s.Index-1], s.Path[s.Index])
				}
			} else {
				// the same frame again: keep its slide going
				v.glideFrom, v.glideTo, v.glide, v.glideTime = b.View.glideFrom, b.View.glideTo, b.View.glide, b.View.glideTime
			}
		}
	} else {
		v.Pos, v.ok = Concrete(c.Position())
		if last, from := c.LastMove(), c.LastMoveFrom(); last != "" && from != nil {
			v.Path, _ = cc.MovePath(from, last)
		}
		n := len(v.Path)
		switch {
		case cursor != b.seenCursor+1 || n < 2:
			// undo, redo, load: no slide
		case b.frameCursor == cursor && b.frameLast == n-2:
			slide(v.Path[n-2], v.Path[n-1]) // the last hop after the steps
		case b.frameCursor == cursor:
			// Stop jumped to the end: no slide
		case n == 2 && st.Animation != app.AnimNone:
			slide(v.Path[0], v.Path[1]) // a step or a single hop
		}
		if cursor != b.seenCursor {
			// keep a slide that is running when the same position is
			// shown again (a status change)
			b.seenCursor = cursor
		} else {
			v.glideFrom, v.glideTo, v.glide, v.glideTime = b.View.glideFrom, b.View.glideTo, b.View.glide, b.View.glideTime
		}
	}
	if !v.ok {
		return v
	}
	v.players = v.Pos.Players()
	if v.players > 2 {
		// two players: the last move's path says it all
		v.Ghosts = ccGhosts(c.History(), cursor, c.IsComputer)
	}
	if hm := c.HintMove(); hm != "" {
		if m, err := cc.ParseMove(hm); err == nil && !m.IsPass() {
			v.HintFrom, v.HintTo = int(m.From), int(m.To)
		}
	}
	// The selection belongs to one position and a human's turn.
	if c.State() != app.Human || b.selHash != v.Pos.Hash() {
		b.sel = -1
	}
	if b.sel >= 0 {
		v.Sel = b.sel
		v.Targets = v.Pos.Reach(b.sel)
	}
	return v
}

// --- input ---

// SquareAt is the hole a finger at p means (see ccHit).
func (b *Board) SquareAt(p fyne.Position) int {
	return hit(GeomFor(b.Size()), p, b.Candidates())
}

func (b *Board) SquareNamed(name string) (int, bool) {
	h, err := cc.ParseHole(name)
	return h, err == nil
}

// SquareBox is where hole name ("e5") is drawn: its centre, and half
// the distance to its neighbours.
func (b *Board) SquareBox(name string) (fyne.Position, float32, bool) {
	h, err := cc.ParseHole(name)
	if err != nil {
		return fyne.Position{}, 0, false
	}
	g := GeomFor(b.Size())
	x, y := g.XY(h)
	return fyne.NewPos(x, y), g.U / 2, true
}

// SquareTapped selects a piece, plays a move to a marked hole, or deselects
// (h -1: beside the star).
func (b *Board) SquareTapped(h int) {
	if !b.View.ok {
		return
	}
	if b.Controller.State() != app.Human {
		// The controller says why nothing happens (thinking, paused,
		// over...).
		if h >= 0 {
			b.OnTap(cc.HoleName(h) + cc.HoleName(h))
		}
		return
	}
	pos := &b.View.Pos
	if ms := pos.LegalMoves(); len(ms) == 1 && ms[0].IsPass() {
		b.OnTap(cc.PassMove.String())
		return
	}
	if b.sel >= 0 && h >= 0 {
		for _, t := range b.View.Targets {
			if t == h {
				from := b.sel
				b.sel = -1
				b.OnTap(cc.HoleName(from) + cc.HoleName(h))
				b.Update()
				return
			}
		}
	}
	// Anything else picks up the piece, lets the selected one go (a second
	// tap on it), or says why not: the rules decide (app.Controller.Pick).
	from := b.sel
	b.sel = -1
	switch {
	case h < 0 || h == from:
	case b.Controller.Pick(cc.HoleName(h)) == "":
		b.sel, b.selHash = h, pos.Hash()
	case from >= 0 && pos.Owner(h) < 0:
		b.OnTap(cc.HoleName(from) + cc.HoleName(h)) // out of reach: says why
	default:
		b.MayPick(cc.HoleName(h)) // says why
	}
	b.Update()
}

// --- geometry ---

const (
	ccStarR = 8 * 0.8660254037844386 // 8·√3/2: the tips' distance from the centre, in hole units
	// ccMarginR is the star's outline beyond the tip holes: enough for
	// the rounded corners around a tip's piece, no more (a phone has no
	// space to spare).
	ccMarginR = 0.7
	SpanX     = (ccStarR + ccMarginR) * 1.7320508075688772 // √3
	SpanY     = 2 * (ccStarR + ccMarginR)
)

// ccGeom is where the holes are inside a widget: the centre, the
// distance between neighbouring holes and whether the star is turned a
// quarter clockwise (a wide box: landscape), home S on the left.
type ccGeom struct {
	cx, cy, U float32
	Rot       bool
}

// GeomFor fits the star in sz, upright or turned, whichever gives the
// larger holes: the star is 15% taller than wide, so a landscape phone
// gets holes about a fifth further apart turned.
func GeomFor(sz fyne.Size) ccGeom {
	up := min(sz.Width/float32(SpanX), sz.Height/float32(SpanY))
	turned := min(sz.Width/float32(SpanY), sz.Height/float32(SpanX))
	g := ccGeom{cx: sz.Width / 2, cy: sz.Height / 2, U: max(up, 0)}
	if turned > up*1.001 {
		g.U, g.Rot = turned, true
	}
	return g
}

// ccFit is the size of the largest star box inside maxW×maxH, upright or
// turned (gameLayout asks boards that have it).
func ccFit(maxW, maxH float32) (w, h float32) {
	g := GeomFor(fyne.NewSize(maxW, maxH))
	w, h = float32(SpanX)*g.U, float32(SpanY)*g.U
	if g.Rot {
		w, h = h, w
	}
	return w, h
}

// Fit is the board's box inside maxW×maxH (see gameLayout).
func (b *Board) Fit(maxW, maxH float32) (w, h float32) { return ccFit(maxW, maxH) }

// at is the screen position of a point in hole units (x right, y up).
func (g ccGeom) at(x, y float64) (float32, float32) {
	if g.Rot {
		x, y = y, -x
	}
	return g.cx + float32(x)*g.U, g.cy - float32(y)*g.U
}

// XY is the centre of hole h on screen.
func (g ccGeom) XY(h int) (float32, float32) {
	return g.at(cc.HoleXY(h))
}

// angle turns a drawn shape's angle (degrees clockwise) with the star.
func (g ccGeom) angle(a float32) float32 {
	if g.Rot {
		return a + 90
	}
	return a
}

// hit finds the hole for a tap at p: the nearest hole within a
// finger's reach (ccFingerR, at least one spacing), with the candidates
// (the holes a tap would do something with) counting as nearer, so a
// finger aimed between a target and another hole means the target; -1 for
// a tap beside the star. Holes are small on a phone (the star is 17 rows
// tall), so the whole area around a hole counts, not its drawn circle.
func hit(g ccGeom, p fyne.Position, cands []int) int {
	if g.U <= 0 {
		return -1
	}
	reach := max(1.0, float32(fingerR)/g.U)
	isCand := make(map[int]bool, len(cands))
	for _, t := range cands {
		isCand[t] = true
	}
	best, bestD := -1, float32(math.MaxFloat32)
	for h := 0; h < cc.NumHoles; h++ {
		x, y := g.XY(h)
		dx, dy := (p.X-x)/g.U, (p.Y-y)/g.U
		d := float32(math.Sqrt(float64(dx*dx + dy*dy)))
		if d > reach {
			continue
		}
		if isCand[h] {
			d *= 0.6
		}
		if d < bestD {
			best, bestD = h, d
		}
	}
	return best
}

func (b *Board) MinSize() fyne.Size {
	b.ExtendBaseWidget(b)
	return fyne.NewSize(120, 120/b.Aspect())
}

// Chinese Checkers: each row's letter a little beyond its first and last
// hole, inside the star's box (the star leaves room beside every row).
func (b *Board) CoordLabels(sz fyne.Size) []board.CoordLabel {
	g := GeomFor(sz)
	if g.U <= 0 {
		return nil
	}
	size := min(12, max(8, g.U*0.45))
	var out []board.CoordLabel
	for row := 0; row < 17; row++ {
		letter := string(rune('a' + row))
		first := cc.HoleAt(row, 1)
		last := first
		for p := 2; cc.HoleAt(row, p) >= 0; p++ {
			last = cc.HoleAt(row, p)
		}
		x0, y := cc.HoleXY(first)
		x1, _ := cc.HoleXY(last)
		for _, x := range []float64{x0 - 0.62, x1 + 0.62} {
			sx, sy := g.at(x, y)
			out = append(out, board.CoordLabel{Text: letter, X: sx, Y: sy, Size: size})
		}
	}
	return out
}

// The longest rows (e and m) reach the star's box: their letters need a
// little room beyond it, on whichever sides the rows end (turned or not).
func (b *Board) CoordMargins() (l, t, r, bt float32) { return 6, 6, 6, 6 }
