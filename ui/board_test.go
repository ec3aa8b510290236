package ui

import (
	"testing"

	"github.com/jumpers-game/jumpers/app"
	"github.com/jumpers-game/jumpers/ui/board"
	"github.com/jumpers-game/jumpers/ui/internal/uitest"
)

// TestBoardsDrawTheirTracersSteps: every game's board reads the steps its
// own tracer makes, and sees a new step ID for every step, also when the
// same move is played again after Undo.
func TestBoardsDrawTheirTracersSteps(t *testing.T) {
	e := uitest.NewEnv(t, "")
	for _, gu := range board.Registered() {
		id := gu.ID
		if gu.Trace == nil {
			continue
		}
		t.Run(id, func(t *testing.T) {
			st := e.Settings()
			st.Animation, st.PauseStep = app.AnimNone, false
			e.SetSettings(st)
			c := e.Controller(t, gu, gu.Trace)
			move := uitest.AnimatedMove(t, c, gu.Trace)
			st.Animation, st.PauseStep, st.StepTime = app.AnimHighlight, true, app.MinStepTime
			e.SetSettings(st)
			b := gu.NewBoard(c, e.Settings, func(m string) { c.Tap(m) })
			base := b.Shared()
			if why := c.Tap(move); why != "" {
				t.Fatalf("move %s: %s", move, why)
			}
			if c.State() != app.PausedStep {
				t.Fatalf("state %v after an animated move", c.State())
			}
			seen := map[uint64]bool{}
			for i := 0; c.State() == app.PausedStep; i++ {
				if i > 50 {
					t.Fatal("the animation does not end")
				}
				b.Update()
				if base.StepErr != nil {
					t.Fatal(base.StepErr)
				}
				if base.ShownID == 0 || seen[base.ShownID] {
					t.Fatalf("step %d shown with ID %d (seen: %v)", i, base.ShownID, seen)
				}
				seen[base.ShownID] = true
				b.Update() // a redraw is not a new step
				if !seen[base.ShownID] || len(seen) != i+1 {
					t.Fatalf("a redraw changed the step ID to %d", base.ShownID)
				}
				c.Press()
				for c.State() == app.Animating {
					e.Q.RunOne(t) // the step timer
				}
			}
			if s := c.State(); s != app.Human && s != app.Over {
				t.Fatalf("state %v after the animation", s)
			}
			b.Update()
			if _, ok := board.ShownStep[app.Step](base); ok || base.StepErr != nil {
				t.Fatalf("after the animation: step shown %v, error %v", ok, base.StepErr)
			}
			c.Undo()
			if why := c.Tap(move); why != "" {
				t.Fatalf("move %s again: %s", move, why)
			}
			b.Update()
			if c.State() != app.PausedStep || seen[base.ShownID] || base.StepErr != nil {
				t.Fatalf("the move again: state %v, step ID %d (seen: %v), error %v", c.State(), base.ShownID, seen, base.StepErr)
			}
		})
	}
}
