package board

import (
	"fmt"
	"image/color"
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/widget"

	"github.com/jumpers-game/jumpers/app"
	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/ui/kit"
)

// Widget is what a game's board widget adds to Base: reading the
// controller into what it draws, and its squares (holes for Chinese
// Checkers), numbered from 0. Base calls these on the board it is part of.
type Widget interface {
	Board
	// UpdateView re-reads the controller (never nil here) into the view
	// the renderer draws.
	UpdateView()
	// SquareAt is the square under p; -1 beside the board.
	SquareAt(p fyne.Position) int
	// SquareNamed is the square called name ("e4"), ok false for none.
	SquareNamed(name string) (sq int, ok bool)
	// SquareTapped is a finger on square sq (-1: beside the board) of a
	// board that can play (see Base.playable).
	SquareTapped(sq int)
}

// Base is what the three board widgets share: the controller, the
// settings, the tap (primary and secondary alike), Update, the theme's
// colours and the lookup of the animation step shown. Each game's widget
// embeds it and keeps only its view, its geometry and its drawing.
type Base struct {
	widget.BaseWidget
	self       Widget
	Controller *app.Controller // nil for a static picture
	Settings   func() app.Settings
	OnTap      func(move string) // nil for a static picture
	// ShownID is the app.Frame.ID of the animation step last read (0:
	// none yet), so a widget can tell a new step from a redraw.
	ShownID uint64
	// StepErr is set when an animation step is not of the board's step
	// type: a tracer and a board that do not belong together. The board
	// then draws the position without the animation.
	StepErr error
	// afterUpdate runs after every Update (the coordinate frame follows
	// its setting)
	afterUpdate func()
}

var (
	_ fyne.Tappable          = (*Base)(nil)
	_ fyne.SecondaryTappable = (*Base)(nil)
)

// InitBoard wires the embedded base to its widget self; with a controller
// it reads the first view at once.
func (b *Base) InitBoard(self Widget, c *app.Controller, settings func() app.Settings, onTap func(string)) {
	b.self, b.Controller, b.Settings, b.OnTap = self, c, settings, onTap
	if b.Settings == nil {
		b.Settings = app.DefaultSettings
	}
	b.ExtendBaseWidget(self)
	if c != nil {
		self.UpdateView()
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

// SquareBox: a board that does not say where its squares are gets no
// marks laid over it.
func (b *Base) SquareBox(string) (fyne.Position, float32, bool) { return fyne.Position{}, 0, false }

// CoordMargins: no labels, no margins.
func (b *Base) CoordMargins() (l, t, r, bt float32) { return 0, 0, 0, 0 }

// Update re-reads the controller and redraws.
func (b *Base) Update() {
	if b.Controller != nil {
		b.self.UpdateView()
	}
	b.Refresh()
	if b.afterUpdate != nil {
		b.afterUpdate()
	}
}

// Playable is false for a static picture: it has no moves to tap.
func (b *Base) Playable() bool { return b.Controller != nil && b.OnTap != nil }

// Tapped hands the square under the finger to the widget.
func (b *Base) Tapped(ev *fyne.PointEvent) {
	if b.viewing() {
		return
	}
	if b.Playable() {
		b.self.SquareTapped(b.self.SquareAt(ev.Position))
	}
}

// viewing: a past position is shown (app.Controller.View), so a tap plays
// nothing; the controller says why, and no piece is selected.
func (b *Base) viewing() bool {
	if !b.Playable() {
		return false
	}
	if _, ok := b.Controller.Viewing(); !ok {
		return false
	}
	b.OnTap("")
	return true
}

// MayPick tells whether the piece on square may be picked up to move it,
// as the controller (the game's rules) says; when not, the tap goes on to
// the screen as app.PickTap, which shows why.
func (b *Base) MayPick(square string) bool {
	if b.Controller.Pick(square) == "" {
		return true
	}
	b.OnTap(app.PickTap(square))
	return false
}

// TappedSecondary does the same: on a phone a press held 300 ms arrives as
// a secondary tap, and a slow tap must not be lost.
func (b *Base) TappedSecondary(ev *fyne.PointEvent) { b.Tapped(ev) }

// TapSquare taps a square by name ("e4"), as a finger would (JUMPERS_TAP,
// for scripted screenshots).
func (b *Base) TapSquare(name string) {
	if sq, ok := b.self.SquareNamed(name); ok && b.Playable() && !b.viewing() {
		b.self.SquareTapped(sq)
	}
}

// StepShown is the animation step a board draws, as its own step type.
type StepShown[S app.Step] struct {
	Step    S
	Next    S // the step after, when HasNext
	HasNext bool
	// ID is new for every step shown (app.Frame.ID); isNew says it was
	// not read before, so the step's motion starts now.
	ID    uint64
	IsNew bool
}

// ShownStep is the animation step on show, typed. ok is false when no
// animation runs, and when a step is not an S: a bug (the game's tracer
// does not make this board's steps) that is logged and kept in b.stepErr,
// and the board draws the history's position, never an empty board.
func ShownStep[S app.Step](b *Base) (sh StepShown[S], ok bool) {
	if b.Controller == nil {
		return sh, false
	}
	f, ok := b.Controller.Frame()
	if !ok || f.Index < 0 || f.Index >= len(f.Steps) {
		return sh, false
	}
	for _, st := range f.Steps {
		if _, ok := st.(S); !ok {
			err := fmt.Errorf("board %T cannot draw animation step %T", b.self, st)
			if b.StepErr == nil || b.StepErr.Error() != err.Error() {
				fyne.LogError("animation step of the wrong type", err)
			}
			b.StepErr = err
			return sh, false
		}
	}
	sh.Step = f.Steps[f.Index].(S)
	if f.Index+1 < len(f.Steps) {
		sh.Next, sh.HasNext = f.Steps[f.Index+1].(S), true
	}
	sh.ID, sh.IsNew = f.ID, f.ID != b.ShownID
	b.ShownID = f.ID
	return sh, true
}

// Tracer makes the controller's Tracer of a game's typed trace function.
func Tracer[S app.Step](trace func(pos core.Position, move string) ([]S, error)) app.Tracer {
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

// Shades reads the theme. Renderers read it on every refresh: a light/dark
// switch arrives as a plain Refresh.
func (b *Base) Shades() kit.Shades {
	return kit.ShadesOf(b.Theme(), fyne.CurrentApp().Settings().ThemeVariant())
}

// hintColours are the hint's colours, the first that no player has wins:
// two players get bluish green (reddish purple if a seat is green), six
// players of Chinese Checkers one of the two colours the seats left.
var hintColours = []string{"Bluish green", "Reddish purple", "Orange", "Black", "Sky blue", "Yellow"}

// HintColour marks a hinted move in a colour no player has.
func HintColour(players []color.NRGBA) color.NRGBA {
	for _, name := range hintColours {
		if !slices.Contains(players, kit.OkabeIto[name]) {
			return kit.OkabeIto[name]
		}
	}
	return kit.OkabeIto[hintColours[0]]
}

// AnimationsOn is false when the user asked for reduced motion. A
// variable so tests can ask for it (Fyne's test app always animates).
var AnimationsOn = func() bool {
	a := fyne.CurrentApp()
	return a == nil || a.Settings().ShowAnimations()
}

// RendererBase is what the boards' renderers share: their objects, the
// size laid out and the running animation with the step it belongs to.
type RendererBase struct {
	Objs     []fyne.CanvasObject
	Size     fyne.Size
	Anim     *fyne.Animation
	AnimStep uint64 // the StepShown.id of anim (0: none)
}

func (r *RendererBase) Objects() []fyne.CanvasObject { return r.Objs }

func (r *RendererBase) Destroy() { r.StopAnim() }

// StopAnim stops the running animation (Fyne shows its end).
func (r *RendererBase) StopAnim() {
	if r.Anim != nil {
		r.Anim.Stop()
		r.Anim = nil
	}
}

// --- square boards (Jumping Cube, Ataxx) ---

// BoardGeom is where the squares are inside a widget of size sz.
type BoardGeom struct {
	OX, OY, Cell, Gap float32
}

func GeomFor(sz fyne.Size, n int) BoardGeom {
	if n <= 0 {
		return BoardGeom{}
	}
	side := min(sz.Width, sz.Height)
	cell := side / float32(n)
	return BoardGeom{
		OX:   (sz.Width - side) / 2,
		OY:   (sz.Height - side) / 2,
		Cell: cell,
		Gap:  max(1, cell*0.06),
	}
}

// PlaceBoard lays bg under the n×n squares of g (the caller refreshes it).
func PlaceBoard(bg *canvas.Rectangle, g BoardGeom, n int, fill color.NRGBA) {
	side := g.Cell * float32(n)
	bg.FillColor = fill
	bg.CornerRadius = g.Cell * 0.12
	bg.Move(fyne.NewPos(g.OX, g.OY))
	bg.Resize(fyne.NewSize(side, side))
}

// HitCell finds the square nearest to p. Touch points are imprecise (the
// mobile driver even shifts them 8 units up), so a tap in the gap between
// squares or just outside the edge still counts for the nearest square;
// only taps well away from the board are ignored.
func HitCell(sz fyne.Size, n int, p fyne.Position) (r, c int, ok bool) {
	g := GeomFor(sz, n)
	if g.Cell <= 0 {
		return 0, 0, false
	}
	x := (p.X - g.OX) / g.Cell
	y := (p.Y - g.OY) / g.Cell
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
