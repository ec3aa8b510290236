package ui

import (
	"image/color"
	"sort"
	"strconv"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/jumpers-game/jumpers/app"
	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/cube"
	"github.com/jumpers-game/jumpers/storage"
	"github.com/jumpers-game/jumpers/ui/board"
	"github.com/jumpers-game/jumpers/ui/board/ataxxboard"
	"github.com/jumpers-game/jumpers/ui/board/cubeboard"
)

// probeBoard is a board of squares 0, 1, 2... along x that records what
// the base hands it.
type probeBoard struct {
	board.Base
	updates int
	tapped  []int
}

func newProbeBoard(c *app.Controller, onTap func(string)) *probeBoard {
	p := &probeBoard{}
	p.InitBoard(p, c, nil, onTap)
	return p
}

func (p *probeBoard) UpdateView()                   { p.updates++ }
func (p *probeBoard) SquareAt(pt fyne.Position) int { return int(pt.X) }
func (p *probeBoard) SquareTapped(sq int)           { p.tapped = append(p.tapped, sq) }
func (p *probeBoard) SquareNamed(n string) (int, bool) {
	sq, err := strconv.Atoi(n)
	return sq, err == nil
}
func (p *probeBoard) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(canvas.NewRectangle(color.Transparent))
}

// boardController is a new controller of game id with default options and
// human seats, the game on screen.
func boardController(t *testing.T, h *harness, id string, trace app.Tracer) *app.Controller {
	t.Helper()
	gu, g, ok := board.Lookup(id)
	if !ok {
		t.Fatalf("game %q not registered", id)
	}
	setup := gu.NewSetup(h.u.env.Settings())
	seats := make([]storage.Seat, setup.Players())
	for i := range seats {
		seats[i].Kind = storage.Human
	}
	c, err := h.u.env.NewGame(g, setup.Options(), seats, 1, trace)
	if err != nil {
		t.Fatal(err)
	}
	c.Start(false)
	return c
}

func TestBoardBaseForwardsTaps(t *testing.T) {
	h := newHarness(t, "")
	picture := newProbeBoard(nil, nil)
	picture.Tapped(&fyne.PointEvent{Position: fyne.NewPos(3, 0)})
	picture.TapSquare("3")
	picture.Update()
	if len(picture.tapped) != 0 || picture.updates != 0 {
		t.Fatalf("a picture took taps %v or read a controller %d times", picture.tapped, picture.updates)
	}

	c := boardController(t, h, cube.ID, nil)
	b := newProbeBoard(c, func(string) {})
	if b.updates != 1 {
		t.Fatalf("the first view was read %d times, want once", b.updates)
	}
	test.TapAt(b, fyne.NewPos(3, 1))
	b.TappedSecondary(&fyne.PointEvent{Position: fyne.NewPos(5, 1)}) // a slow tap on a phone
	b.TapSquare("7")
	b.TapSquare("e4") // no such square: nothing
	if got := b.tapped; len(got) != 3 || got[0] != 3 || got[1] != 5 || got[2] != 7 {
		t.Fatalf("squares tapped %v, want [3 5 7]", got)
	}
	b.Update()
	if b.updates != 2 {
		t.Fatalf("Update read the controller %d times in all, want 2", b.updates)
	}
}

// animatedMove plays from the start of c's game until a move of more than
// one animation step is possible, and returns it: the move with the most
// steps at each turn, so pieces meet soon.
func animatedMove(t *testing.T, c *app.Controller, trace app.Tracer) string {
	t.Helper()
	for ply := 0; ply < 200; ply++ {
		pos := c.Position()
		moves := pos.Moves()
		if len(moves) == 0 {
			t.Fatalf("no animated move in a whole game (%d plies)", ply)
		}
		sort.Strings(moves)
		best, most := "", 0
		for _, m := range moves {
			if steps, err := trace(pos, m); err == nil && len(steps) > most {
				best, most = m, len(steps)
			}
		}
		if most > 1 {
			return best
		}
		if best == "" {
			best = moves[0]
		}
		if why := c.Tap(best); why != "" {
			t.Fatalf("move %s: %s", best, why)
		}
	}
	t.Fatal("no animated move in 200 plies")
	return ""
}

// TestBoardsDrawTheirTracersSteps: every game's board reads the steps its
// own tracer makes, and sees a new step ID for every step, also when the
// same move is played again after Undo.
func TestBoardsDrawTheirTracersSteps(t *testing.T) {
	h := newHarness(t, "")
	for _, gu := range board.Registered() {
		id := gu.ID
		if gu.Trace == nil {
			continue
		}
		t.Run(id, func(t *testing.T) {
			st := h.u.env.Settings()
			st.Animation, st.PauseStep = app.AnimNone, false
			h.u.env.SetSettings(st)
			c := boardController(t, h, id, gu.Trace)
			move := animatedMove(t, c, gu.Trace)
			st.Animation, st.PauseStep, st.StepTime = app.AnimHighlight, true, app.MinStepTime
			h.u.env.SetSettings(st)
			b := gu.NewBoard(c, h.u.env.Settings, func(m string) { c.Tap(m) })
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
					h.q.RunOne(t) // the step timer
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

// cubeAsAtaxx gives a cube move's animation in Ataxx steps: a tracer that
// does not belong to the board.
func cubeAsAtaxx(pos core.Position, move string) ([]ataxxboard.Step, error) {
	if _, err := pos.Play(move); err != nil {
		return nil, err
	}
	return []ataxxboard.Step{{}, {}}, nil
}

// TestWrongStepTypeIsCaught: a board given another game's steps says so and
// draws the position after the move, not an empty board.
func TestWrongStepTypeIsCaught(t *testing.T) {
	h := newHarness(t, "")
	st := h.u.env.Settings()
	st.PauseStep = true
	h.u.env.SetSettings(st)
	c := boardController(t, h, cube.ID, board.Tracer(cubeAsAtaxx))
	b := cubeboard.NewBoard(c, h.u.env.Settings, func(string) {}).(*cubeboard.Board)
	if why := c.Tap("1:1"); why != "" {
		t.Fatal(why)
	}
	if c.State() != app.PausedStep {
		t.Fatalf("state %v, want a paused step", c.State())
	}
	b.Update()
	if b.StepErr == nil {
		t.Fatal("Ataxx steps on the cube board went unnoticed")
	}
	if got, want := b.View.Board.String(), c.Position().String(); b.View.Board.Size() == 0 || got != want {
		t.Fatalf("board shows %q, want the position after the move %q", got, want)
	}
}
