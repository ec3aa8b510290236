package cubeboard

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/jumpers-game/jumpers/app"
	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/cube"
	"github.com/jumpers-game/jumpers/ui/board"
	"github.com/jumpers-game/jumpers/ui/internal/uitest"
)

// TestCascadeStylesDrawTheirSteps plays one cascade in each of the four
// styles of Settings (with the system's animations on and off) and checks
// what the board draws at each step: the wave's position, the squares
// about to explode darkened, and the style's own motion (blinking, flying
// dots); None shows the move at once.
func TestCascadeStylesDrawTheirSteps(t *testing.T) {
	e := uitest.NewEnv(t, "")
	defer func(f func() bool) { board.AnimationsOn = f }(board.AnimationsOn)
	for _, style := range app.AnimationStyles {
		for _, motion := range []bool{true, false} {
			t.Run(fmt.Sprintf("%v/motion=%v", style, motion), func(t *testing.T) {
				board.AnimationsOn = func() bool { return motion }
				st := e.Settings()
				st.Animation, st.PauseStep, st.StepTime = app.AnimNone, false, app.MinStepTime
				e.SetSettings(st)
				gu := UI()
				c := e.Controller(t, gu, gu.Trace)
				move := uitest.AnimatedMove(t, c, gu.Trace)
				steps, err := trace(c.Position(), move)
				if err != nil {
					t.Fatal(err)
				}
				st.Animation = style
				e.SetSettings(st)
				b := newBoard(c, e.Settings, func(m string) { c.Tap(m) }).(*Board)
				b.Resize(fyne.NewSize(300, 300))
				r := test.WidgetRenderer(b).(*Renderer)
				if why := c.Tap(move); why != "" {
					t.Fatal(why)
				}
				want := map[app.Animation]cascadeEffect{
					app.AnimHighlight: effectDarken, app.AnimBlink: effectBlink, app.AnimScatter: effectScatter,
				}[style]
				if !motion && want != effectNone {
					want = effectDarken // reduce motion: nothing blinks or flies
				}
				if style == app.AnimNone {
					b.Update()
					if _, ok := c.Frame(); ok || b.View.effect != effectNone || len(b.View.Explode) != 0 {
						t.Fatalf("None animates: state %v, effect %v, %d squares marked", c.State(), b.View.effect, len(b.View.Explode))
					}
					if b.View.Board.String() != steps[len(steps)-1].Board.String() {
						t.Fatalf("None shows %s, want the position after the move", b.View.Board)
					}
					checkShades(t, r, nil)
					return
				}
				shown := 0
				for ; c.State() == app.Animating; shown++ {
					if shown >= len(steps)-1 {
						t.Fatalf("more than the %d steps of the cascade shown", len(steps)-1)
					}
					b.Update()
					v := b.View
					if v.Board.String() != steps[shown].Board.String() {
						t.Fatalf("step %d shows %s, want %s", shown, v.Board, steps[shown].Board)
					}
					if !slices.Equal(v.Explode, steps[shown+1].Exploded) || v.effect != want {
						t.Fatalf("step %d: %v marked as %v, want %v as %v", shown, v.Explode, v.effect, steps[shown+1].Exploded, want)
					}
					// Fyne's test driver runs an animation to its end at
					// once: a blink ends dark, the dots have landed.
					checkShades(t, r, v.Explode)
					switch want {
					case effectBlink, effectScatter:
						if r.AnimStep != v.Step || r.Anim == nil {
							t.Fatalf("step %d: the %v motion did not start", shown, want)
						}
						if want == effectBlink {
							// A light turn: the squares are light, also
							// after a redraw or a new layout (Fyne lays
							// the board out when a shade hides); the end
							// of the step is dark again.
							r.Anim.Tick(0.45)
							checkShades(t, r, nil)
							b.Refresh()
							r.Layout(b.Size())
							checkShades(t, r, nil)
							r.Anim.Tick(1)
							checkShades(t, r, v.Explode)
						}
					default:
						if r.Anim != nil {
							t.Fatalf("step %d: motion runs while darkening", shown)
						}
					}
					for _, d := range r.dots {
						if d.Visible() {
							t.Fatalf("step %d: a dot stays on the board", shown)
						}
					}
					e.Q.RunOne(t) // the step timer
				}
				if shown != len(steps)-1 {
					t.Fatalf("%d steps shown, the cascade has %d", shown, len(steps)-1)
				}
				b.Update()
				if b.View.effect != effectNone || b.View.Board.String() != c.Position().String() {
					t.Fatalf("after the cascade: effect %v, board %s, want %s", b.View.effect, b.View.Board, c.Position())
				}
				checkShades(t, r, nil)
			})
		}
	}
}

// checkShades: exactly the squares in dark are darkened.
func checkShades(t *testing.T, r *Renderer, dark []cube.Move) {
	t.Helper()
	for i, c := range r.Cells {
		if want := slices.Contains(dark, cube.Move(i)); c.shade.Visible() != want {
			t.Fatalf("square %d darkened %v, want %v", i, c.shade.Visible(), want)
		}
	}
}

// TestBlinkRapidly: a blink step is dark first, then turns light and dark
// in turns short enough to be rapid and long enough to be seen, and ends
// dark; slower step times blink longer, never slower.
func TestBlinkRapidly(t *testing.T) {
	for _, step := range []time.Duration{app.MinStepTime, 400 * time.Millisecond, app.MaxStepTime} {
		d := step * 4 / 5 // the motion time of a step (cubeBoard.UpdateView)
		const frames = 2000
		var turns []float64 // times of the changes, in seconds
		last := true
		for f := 0; f <= frames; f++ {
			tt := float32(f) / frames
			on := blinkShaded(tt, d)
			if tt < blinkDarkShare && !on {
				t.Fatalf("%v: light at %.2f, before the blinking", step, tt)
			}
			if on != last {
				turns = append(turns, float64(tt)*d.Seconds())
				last = on
			}
		}
		if !last {
			t.Fatalf("%v: the step ends light", step)
		}
		if len(turns) < 2 {
			t.Fatalf("%v: %d changes, no blink", step, len(turns))
		}
		for i := 1; i < len(turns); i++ {
			if gap := turns[i] - turns[i-1]; gap < 0.059 || gap > 0.151 {
				t.Fatalf("%v: a turn of %.3f s (changes at %v)", step, gap, turns)
			}
		}
	}
}

// otherGameStep is the step type of another game.
type otherGameStep struct{}

func (otherGameStep) AnimationStep() {}

// cubeAsOtherGame gives a cube move's animation in another game's steps: a
// tracer that does not belong to the board.
func cubeAsOtherGame(pos core.Position, move string) ([]otherGameStep, error) {
	if _, err := pos.Play(move); err != nil {
		return nil, err
	}
	return []otherGameStep{{}, {}}, nil
}

// TestWrongStepTypeIsCaught: a board given another game's steps says so and
// draws the position after the move, not an empty board.
func TestWrongStepTypeIsCaught(t *testing.T) {
	e := uitest.NewEnv(t, "")
	st := e.Settings()
	st.PauseStep = true
	e.SetSettings(st)
	c := e.Controller(t, UI(), board.Tracer(cubeAsOtherGame))
	b := newBoard(c, e.Settings, func(string) {}).(*Board)
	if why := c.Tap("1:1"); why != "" {
		t.Fatal(why)
	}
	if c.State() != app.PausedStep {
		t.Fatalf("state %v, want a paused step", c.State())
	}
	b.Update()
	if b.StepErr == nil {
		t.Fatal("another game's steps on the cube board went unnoticed")
	}
	if got, want := b.View.Board.String(), c.Position().String(); b.View.Board.Size() == 0 || got != want {
		t.Fatalf("board shows %q, want the position after the move %q", got, want)
	}
}
