package ui

import (
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/jumpers-game/jumpers/app"
	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/ataxx"
	"github.com/jumpers-game/jumpers/core/puzzle"
	"github.com/jumpers-game/jumpers/core/review"
	"github.com/jumpers-game/jumpers/storage"
	"github.com/jumpers-game/jumpers/ui/board"
	"github.com/jumpers-game/jumpers/ui/internal/uitest"
	"github.com/jumpers-game/jumpers/ui/kit"
)

// The tests written before the coach play their Beginner games without
// it: their fake AI answers the computer's moves, not the coach's
// searches. The coach's own tests put the app's default back (withCoach).
func init() { coachByDefault = func([]storage.Seat) bool { return false } }

func withCoach(t *testing.T) {
	old := coachByDefault
	coachByDefault = app.CoachByDefault
	t.Cleanup(func() { coachByDefault = old })
}

// The new game screen's Coach box of a human seat follows the computer's
// level (on at Beginner and Novice) until the player sets it, and goes
// into the game's seat.
func TestNewGameCoachFollowsTheLevel(t *testing.T) {
	withCoach(t)
	h := newHarness(t, "")
	st := h.u.env.Settings()
	st.DefaultLevel = core.Average
	h.u.env.SetSettings(st)
	f := h.u.newGame("cube")
	coach := f.coaches[0]
	if coach == nil || !coach.Visible() || coach.Checked || f.seats[1].Coach {
		t.Fatal("against an Average computer the human seat's coach is not offered off")
	}
	if coach.Size().Height < kit.TouchSize || coach.Text != coachLabel {
		t.Fatalf("coach box %q %.0f dp high", coach.Text, coach.Size().Height)
	}
	levels := shownSelects(f.box.Objects[1])
	if len(levels) == 0 {
		t.Fatal("no level for the computer seat")
	}
	levels[0].SetSelected(app.OptionLabel(core.Novice))
	if !f.coaches[0].Checked || !f.seats[0].Coach {
		t.Fatal("against a Novice computer the coach is not on")
	}
	levels[0].SetSelected(app.OptionLabel(core.Strong))
	if f.coaches[0].Checked {
		t.Fatal("against a Strong computer the coach stayed on")
	}
	// The player's choice stands, whatever the level.
	test.Tap(f.coaches[0])
	levels[0].SetSelected(app.OptionLabel(core.Expert))
	if !f.coaches[0].Checked {
		t.Fatal("the player's coach was switched off by a level")
	}
	test.Tap(f.start)
	if s := h.u.game.c.Seats(); !s[0].Coach || s[1].Coach {
		t.Fatalf("seats of the game: %+v", s)
	}
}

// coachedAtaxx opens the Ataxx position where jumping b2 to d2 lets Blue
// take eight pieces, Vermillion coached, both seats human, the real
// engine judging at the review's node cap (no time cap: a loaded machine
// gives the same verdict).
func coachedAtaxx(h *harness) *gameScreen {
	h.t.Helper()
	g := ataxx.Game{}
	pos, err := g.ParsePosition("5oo/6o/7/3o3/xxx4/xxx4/xxx4 x 0 1", g.RuleSets()[0])
	if err != nil {
		h.t.Fatal(err)
	}
	gu, _, _ := board.Lookup(g.ID())
	c := h.u.env.NewController(app.Config{
		Game: g, History: core.NewHistory(pos, g.RuleSets()[0]),
		Seats: []storage.Seat{{Kind: storage.Human, Coach: true}, {Kind: storage.Human}},
		AI:    g, CoachBudget: app.Budget{Nodes: review.DefaultNodes}, Trace: gu.Trace,
	})
	h.u.showGame(gu, c, false)
	return h.u.game
}

// awaitCoach runs the coach's answer once the engine posts it (a safety
// net for the race detector's pace, not a measure).
func (h *harness) awaitCoach() {
	h.t.Helper()
	for wait := 0; h.q.Len() == 0; wait++ {
		if wait > 3000 {
			h.t.Fatal("the coach never answered")
		}
		time.Sleep(100 * time.Millisecond)
	}
	h.q.RunOne(h.t)
}

// The warning is a panel in the controls' place with Take it back and
// Play anyway at touch size, its words wrapped whole at 360 dp; Back
// takes the move back and leaves the game as it was; the board stays in
// view and never moves.
func TestCoachWarningPanel(t *testing.T) {
	for _, answer := range []string{"back key", "Take it back", "Play anyway"} {
		t.Run(answer, func(t *testing.T) {
			h := newHarness(t, "")
			gs := coachedAtaxx(h)
			boardAt, boardSize := gs.board.Position(), gs.board.Size()
			h.tapAtaxx(gs, "b2")
			h.tapAtaxx(gs, "d2")
			if gs.c.State() != app.Coaching || !strings.Contains(gs.turn.Text, "Coach is looking") || gs.coach.obj.Visible() {
				t.Fatalf("while the coach looks: state %v, status %q", gs.c.State(), gs.turn.Text)
			}
			h.awaitCoach()
			p := gs.coach
			if !p.obj.Visible() || gs.controls.Objects[0].Visible() || h.w.Canvas().Overlays().Top() != nil {
				t.Fatal("the warning is not in the buttons' place")
			}
			if !strings.Contains(p.said.Text, "take 8 pieces") || p.said.Wrapping != fyne.TextWrapWord {
				t.Fatalf("the warning says %q", p.said.Text)
			}
			if p.said.Size().Width > 360 || p.said.MinSize().Height > p.said.Size().Height+0.5 {
				t.Fatalf("the warning's words cut: %v for %v", p.said.Size(), p.said.MinSize())
			}
			for _, b := range []*widget.Button{p.takeBack, p.anyway} {
				if b.Size().Height < kit.TouchSize || !b.Visible() {
					t.Fatalf("%q is %.0f dp high", b.Text, b.Size().Height)
				}
			}
			if gs.board.Position() != boardAt || gs.board.Size() != boardSize {
				t.Fatal("the board moved for the warning")
			}
			switch answer {
			case "back key":
				h.escape(fyne.KeyEscape)
			case "Take it back":
				test.Tap(p.takeBack)
			default:
				test.Tap(p.anyway)
			}
			if p.obj.Visible() || h.u.Screen() != "game" {
				t.Fatalf("the warning stays after its answer (screen %q)", h.u.Screen())
			}
			played := gs.c.History().Cursor() == 1
			if played != (answer == "Play anyway") || gs.c.State() != app.Human {
				t.Fatalf("%s: cursor %d, state %v", answer, gs.c.History().Cursor(), gs.c.State())
			}
			if !played && (pos(gs) != "5oo/6o/7/3o3/xxx4/xxx4/xxx4 x 0 1" || !gs.controls.Objects[0].Visible()) {
				t.Fatalf("taken back, yet the position is %s", pos(gs))
			}
			if gs.board.Position() != boardAt || gs.board.Size() != boardSize {
				t.Fatal("the board moved after the answer")
			}
		})
	}
}

// A coached player's end panel offers Learn from this in Home's place;
// its list gives the worst moves with their number and cost, and a tap
// opens the review at that move's mark.
func TestLearnFromThisList(t *testing.T) {
	h := newHarness(t, "")
	gs := h.startGame(2, storage.Human, storage.Human)
	seats := gs.c.Seats()
	seats[0].Coach = true
	gu, _, _ := board.Lookup("cube")
	hist := gs.c.History()
	for _, m := range []string{"1:1", "2:2", "1:1", "2:2"} {
		if err := hist.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	c := h.u.env.NewController(app.Config{Game: gs.c.Game(), History: hist, Seats: seats, Trace: gu.Trace})
	h.u.showGame(gu, c, false)
	gs = h.u.game
	if gs.end.learn == nil || uitest.FindButton(gs.end.obj, "Learn from this") == nil || uitest.FindButton(gs.end.obj, "Home") != nil {
		t.Fatal("no Learn from this in the coached player's end panel")
	}
	a := app.Analysis{Players: 2, Moves: []app.MoveReview{
		{Index: 1, Mover: 0, Played: "1:1", Best: "2:2", Loss: 0.4, Class: app.Blunder, Known: true},
		{Index: 2, Mover: 1, Played: "2:2", Best: "2:2", Class: app.Best, Known: true},
		{Index: 3, Mover: 0, Played: "1:1", Best: "1:2", Loss: 0.12, Class: app.Mistake, Known: true},
		{Index: 4, Mover: 1, Played: "2:2", Best: "2:2", Class: app.Best, Known: true},
	}}
	list := gs.learnList(a, 0)
	var buttons []*widget.Button
	uitest.Walk(list, func(o fyne.CanvasObject) bool {
		if b, ok := o.(*widget.Button); ok {
			buttons = append(buttons, b)
		}
		return false
	})
	if len(buttons) != 2 || buttons[0].Text != "1 1:1 — blunder, −40%" || buttons[1].Text != "3 1:1 — mistake, −12%" {
		var got []string
		for _, b := range buttons {
			got = append(got, b.Text)
		}
		t.Fatalf("list %q", got)
	}
	test.Tap(buttons[1])
	if h.u.Screen() != "review" || h.u.reviewing == nil {
		t.Fatalf("screen %q after a tap", h.u.Screen())
	}
	if n, ok := h.u.reviewing.c.Viewing(); !ok || n != 2 || h.u.reviewing.c.HintMove() != "1:2" {
		t.Fatalf("review at %d (%v), better move %q: not at move 3's mark", n, ok, h.u.reviewing.c.HintMove())
	}
}

// A worst move whose position holds a puzzle (here a shipped puzzle's
// start, its answer missed) opens as a puzzle of the player's games, not
// rated; the others open the review (above).
func TestLearnFromThisOpensAPuzzle(t *testing.T) {
	h := newHarness(t, "")
	gs := h.startGame(2, storage.Human, storage.Human)
	seats := gs.c.Seats()
	seats[0].Coach = true
	pz, err := puzzle.ByID("cube-0001")
	if err != nil {
		t.Fatal(err)
	}
	start, err := puzzle.Start(pz)
	if err != nil {
		t.Fatal(err)
	}
	hist := core.NewHistory(start, pz.Rules)
	var missed string
	for _, m := range start.Moves() {
		if m != pz.Solution[0] {
			missed = m
			break
		}
	}
	if err := hist.Play(missed); err != nil {
		t.Fatal(err)
	}
	gu, _, _ := board.Lookup("cube")
	c := h.u.env.NewController(app.Config{Game: gs.c.Game(), History: hist, Seats: seats, Trace: gu.Trace})
	h.u.showGame(gu, c, false)
	gs = h.u.game
	mover := start.ToMove()
	a := app.Analysis{Players: 2, Moves: []app.MoveReview{
		{Index: 1, Mover: mover, Played: missed, Best: pz.Solution[0], Loss: 0.9, Class: app.Blunder, Known: true},
	}}
	list := gs.learnList(a, mover)
	b := uitest.FindButton(list, "1 "+missed+" — blunder, −90%")
	if b == nil {
		t.Fatal("no button for the missed win")
	}
	test.Tap(b)
	if h.u.Screen() != "puzzle" {
		t.Fatalf("screen %q after a tap on a missed win", h.u.Screen())
	}
	ps := h.u.top()
	if ps.title != "From your games" {
		t.Fatalf("title %q", ps.title)
	}
}
