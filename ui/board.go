package ui

import (
	"fmt"
	"image/color"
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/widget"

	"github.com/jumpers-game/jumpers/app"
	"github.com/jumpers-game/jumpers/core"
)

// boardWidget is what a game's board widget adds to Base: reading the
// controller into what it draws, and its squares (holes for Chinese
// Checkers), numbered from 0. Base calls these on the board it is part of.
type boardWidget interface {
	Board
	// updateView re-reads the controller (never nil here) into the view
	// the renderer draws.
	updateView()
	// squareAt is the square under p; -1 beside the board.
	squareAt(p fyne.Position) int
	// squareNamed is the square called name ("e4"), ok false for none.
	squareNamed(name string) (sq int, ok bool)
	// squareTapped is a finger on square sq (-1: beside the board) of a
	// board that can play (see Base.playable).
	squareTapped(sq int)
}

// Base is what the three board widgets share: the controller, the
// settings, the tap (primary and secondary alike), Update, the theme's
// colours and the lookup of the animation step shown. Each game's widget
// embeds it and keeps only its view, its geometry and its drawing.
type Base struct {
	widget.BaseWidget
	self     boardWidget
	c        *app.Controller // nil for a static picture
	settings func() app.Settings
	onTap    func(move string) // nil for a static picture
	// shownID is the app.Frame.ID of the animation step last read (0:
	// none yet), so a widget can tell a new step from a redraw.
	shownID uint64
	// stepErr is set when an animation step is not of the board's step
	// type: a tracer and a board that do not belong together. The board
	// then draws the position without the animation.
	stepErr error
	// afterUpdate runs after every Update (the coordinate frame follows
	// its setting)
	afterUpdate func()
}

var (
	_ fyne.Tappable          = (*Base)(nil)
	_ fyne.SecondaryTappable = (*Base)(nil)
)

// initBoard wires the embedded base to its widget self; with a controller
// it reads the first view at once.
func (b *Base) initBoard(self boardWidget, c *app.Controller, settings func() app.Settings, onTap func(string)) {
	b.self, b.c, b.settings, b.onTap = self, c, settings, onTap
	if b.settings == nil {
		b.settings = app.DefaultSettings
	}
	b.ExtendBaseWidget(self)
	if c != nil {
		self.updateView()
	}
}

// base gives tests the shared part of any board.
func (b *Base) Shared() *Base { return b }

// Aspect: a board is square unless it says otherwise.
func (b *Base) Aspect() float32 { return 1 }

// Fit is the largest rectangle of the board's Aspect inside maxW×maxH.
func (b *Base) Fit(maxW, maxH float32) (w, h float32) {
	return fitAspect(b.self.Aspect(), maxW, maxH)
}

// CellSide: by default a board has no equal square cells to magnify.
func (b *Base) CellSide() (float32, bool) { return 0, false }

// CoordLabels: by default a board shows no coordinates.
func (b *Base) CoordLabels(fyne.Size) []CoordLabel { return nil }

// CoordMargins: no labels, no margins.
func (b *Base) CoordMargins() (l, t, r, bt float32) { return 0, 0, 0, 0 }

// Update re-reads the controller and redraws.
func (b *Base) Update() {
	if b.c != nil {
		b.self.updateView()
	}
	b.Refresh()
	if b.afterUpdate != nil {
		b.afterUpdate()
	}
}

// playable is false for a static picture: it has no moves to tap.
func (b *Base) playable() bool { return b.c != nil && b.onTap != nil }

// Tapped hands the square under the finger to the widget.
func (b *Base) Tapped(ev *fyne.PointEvent) {
	if b.viewing() {
		return
	}
	if b.playable() {
		b.self.squareTapped(b.self.squareAt(ev.Position))
	}
}

// viewing: a past position is shown (app.Controller.View), so a tap plays
// nothing; the controller says why, and no piece is selected.
func (b *Base) viewing() bool {
	if !b.playable() {
		return false
	}
	if _, ok := b.c.Viewing(); !ok {
		return false
	}
	b.onTap("")
	return true
}

// TappedSecondary does the same: on a phone a press held 300 ms arrives as
// a secondary tap, and a slow tap must not be lost.
func (b *Base) TappedSecondary(ev *fyne.PointEvent) { b.Tapped(ev) }

// TapSquare taps a square by name ("e4"), as a finger would (JUMPERS_TAP,
// for scripted screenshots).
func (b *Base) TapSquare(name string) {
	if sq, ok := b.self.squareNamed(name); ok && b.playable() && !b.viewing() {
		b.self.squareTapped(sq)
	}
}

// stepShown is the animation step a board draws, as its own step type.
type stepShown[S app.Step] struct {
	step    S
	next    S // the step after, when hasNext
	hasNext bool
	// id is new for every step shown (app.Frame.ID); isNew says it was
	// not read before, so the step's motion starts now.
	id    uint64
	isNew bool
}

// shownStep is the animation step on show, typed. ok is false when no
// animation runs, and when a step is not an S: a bug (the game's tracer
// does not make this board's steps) that is logged and kept in b.stepErr,
// and the board draws the history's position, never an empty board.
func shownStep[S app.Step](b *Base) (sh stepShown[S], ok bool) {
	if b.c == nil {
		return sh, false
	}
	f, ok := b.c.Frame()
	if !ok || f.Index < 0 || f.Index >= len(f.Steps) {
		return sh, false
	}
	for _, st := range f.Steps {
		if _, ok := st.(S); !ok {
			err := fmt.Errorf("board %T cannot draw animation step %T", b.self, st)
			if b.stepErr == nil || b.stepErr.Error() != err.Error() {
				fyne.LogError("animation step of the wrong type", err)
			}
			b.stepErr = err
			return sh, false
		}
	}
	sh.step = f.Steps[f.Index].(S)
	if f.Index+1 < len(f.Steps) {
		sh.next, sh.hasNext = f.Steps[f.Index+1].(S), true
	}
	sh.id, sh.isNew = f.ID, f.ID != b.shownID
	b.shownID = f.ID
	return sh, true
}

// tracer makes the controller's Tracer of a game's typed trace function.
func tracer[S app.Step](trace func(pos core.Position, move string) ([]S, error)) app.Tracer {
	return func(pos core.Position, move string) ([]app.Step, error) {
		steps, err := trace(pos, move)
		if err != nil || steps == nil {
			return nil, err
		}
		out := make([]app.Step, len(steps))
		for i, s := range steps {
			out[i] = s
		}
		return out, nil
	}
}

// shades reads the theme. Renderers read it on every refresh: a light/dark
// switch arrives as a plain Refresh.
func (b *Base) shades() boardShades {
	return shadesOf(b.Theme(), fyne.CurrentApp().Settings().ThemeVariant())
}

// hintColours are the hint's colours, the first that no player has wins:
// two players get bluish green (reddish purple if a seat is green), six
// players of Chinese Checkers one of the two colours the seats left.
var hintColours = []string{"Bluish green", "Reddish purple", "Orange", "Black", "Sky blue", "Yellow"}

// hintColour marks a hinted move in a colour no player has.
func hintColour(players []color.NRGBA) color.NRGBA {
	for _, name := range hintColours {
		if !slices.Contains(players, okabeIto[name]) {
			return okabeIto[name]
		}
	}
	return okabeIto[hintColours[0]]
}

// animationsOn is false when the user asked for reduced motion. A
// variable so tests can ask for it (Fyne's test app always animates).
var animationsOn = func() bool {
	a := fyne.CurrentApp()
	return a == nil || a.Settings().ShowAnimations()
}

// rendererBase is what the boards' renderers share: their objects, the
// size laid out and the running animation with the step it belongs to.
type rendererBase struct {
	objects  []fyne.CanvasObject
	size     fyne.Size
	anim     *fyne.Animation
	animStep uint64 // the stepShown.id of anim (0: none)
}

func (r *rendererBase) Objects() []fyne.CanvasObject { return r.objects }

func (r *rendererBase) Destroy() { r.stopAnim() }

// stopAnim stops the running animation (Fyne shows its end).
func (r *rendererBase) stopAnim() {
	if r.anim != nil {
		r.anim.Stop()
		r.anim = nil
	}
}

// --- square boards (Jumping Cube, Ataxx) ---

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

// placeBoard lays bg under the n×n squares of g (the caller refreshes it).
func placeBoard(bg *canvas.Rectangle, g boardGeom, n int, fill color.NRGBA) {
	side := g.cell * float32(n)
	bg.FillColor = fill
	bg.CornerRadius = g.cell * 0.12
	bg.Move(fyne.NewPos(g.ox, g.oy))
	bg.Resize(fyne.NewSize(side, side))
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

// Fitter is what the screens' layouts ask of the board's area (a board,
// or the frame of coordinates around one): its box inside maxW×maxH.
type Fitter interface {
	fyne.CanvasObject
	Fit(maxW, maxH float32) (w, h float32)
}

// fitAspect is the largest w×h of aspect a (width over height) inside
// maxW×maxH.
func fitAspect(a, maxW, maxH float32) (w, h float32) {
	if a <= 0 {
		a = 1
	}
	maxW, maxH = max(0, maxW), max(0, maxH)
	if maxW/a <= maxH {
		return maxW, maxW / a
	}
	return maxH * a, maxH
}
