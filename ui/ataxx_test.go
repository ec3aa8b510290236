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
	"github.com/jumpers-game/jumpers/storage"
	"github.com/jumpers-game/jumpers/ui/board"
	"github.com/jumpers-game/jumpers/ui/board/ataxxboard"
	"github.com/jumpers-game/jumpers/ui/internal/uitest"
	"github.com/jumpers-game/jumpers/ui/kit"
)

// startAtaxx starts an Ataxx game from the new game screen.
func (h *harness) startAtaxx(rules, layout string, seats ...string) *gameScreen {
	h.t.Helper()
	f := h.u.newGame(ataxx.ID)
	s := f.setup.(*ataxxboard.Setup)
	for _, r := range ataxxboard.RuleLabels {
		if r.Name == rules {
			s.RulesRadio.SetSelected(r.Label)
		}
	}
	s.LayoutSelect.SetSelected(ataxxboard.LayoutLabel(layout))
	if o := s.Options(); o.Text(core.OptRules) != rules || o.Text(core.OptLayout) != layout {
		h.t.Fatalf("setup options %+v", o)
	}
	for i, k := range seats {
		f.seats[i].Kind = k
		f.seats[i].Level = core.Beginner
	}
	f.rebuildSeats()
	f.seed.SetText("42")
	test.Tap(f.start)
	if h.u.Screen() != "game" || h.u.game == nil {
		h.t.Fatalf("screen %q after Start", h.u.Screen())
	}
	return h.u.game
}

// tapAtaxx taps the centre of the named square, off by a few units the
// way a finger is.
func (h *harness) tapAtaxx(gs *gameScreen, name string) {
	h.t.Helper()
	b := gs.board.(*ataxxboard.Board)
	sq, err := ataxx.ParseSquare(name)
	if err != nil {
		h.t.Fatal(err)
	}
	g := board.GeomFor(b.Size(), ataxx.Size)
	row := ataxx.Size - 1 - ataxx.Rank(sq)
	p := fyne.NewPos(g.OX+(float32(ataxx.File(sq))+0.5)*g.Cell+3, g.OY+(float32(row)+0.5)*g.Cell-4)
	test.TapAt(b, p)
}

func squareSet(t *testing.T, names ...string) uint64 {
	var b uint64
	for _, n := range names {
		sq, err := ataxx.ParseSquare(n)
		if err != nil {
			t.Fatal(err)
		}
		b |= 1 << uint(sq)
	}
	return b
}

func fen(gs *gameScreen) string { return gs.c.Position().String() }

func TestAtaxxSelectShowsTargetsAndMoves(t *testing.T) {
	h := newHarness(t, "")
	gs := h.startAtaxx("standard", "standard", storage.Human, storage.Human)
	b := gs.board.(*ataxxboard.Board)
	if _, ok := gs.board.(fyne.DoubleTappable); ok {
		t.Fatal("the board must not be DoubleTappable")
	}
	if !strings.Contains(gs.turn.Text, "Vermillion to move") {
		t.Fatalf("status %q", gs.turn.Text)
	}
	h.tapAtaxx(gs, "g1")
	if b.View.Sel != 6 {
		t.Fatalf("selected %d, want g1", b.View.Sel)
	}
	if want := squareSet(t, "f1", "f2", "g2"); b.View.Clones != want {
		t.Fatalf("clone targets %v", ataxx.SquaresOf(b.View.Clones))
	}
	if want := squareSet(t, "e1", "e2", "e3", "f3", "g3"); b.View.Jumps != want {
		t.Fatalf("jump targets %v", ataxx.SquaresOf(b.View.Jumps))
	}
	// Drawn: a filled dot for a clone, a ring for a jump.
	r := test.TempWidgetRenderer(t, b).(*ataxxboard.Renderer)
	f2, e3 := &r.Cells[ataxx.Square(5, 1)], &r.Cells[ataxx.Square(4, 2)]
	if !f2.Target.Visible() || f2.Target.FillColor == nil || kit.ToNRGBA(f2.Target.FillColor).A == 0 {
		t.Fatal("clone target f2 is not a filled dot")
	}
	if !e3.Target.Visible() || kit.ToNRGBA(e3.Target.FillColor).A != 0 || e3.Target.StrokeWidth == 0 {
		t.Fatal("jump target e3 is not a ring")
	}
	if !r.SelMark.Visible() {
		t.Fatal("selection not drawn")
	}
	// Tap elsewhere: deselected, nothing played.
	h.tapAtaxx(gs, "d4")
	if b.View.Sel != -1 || b.View.Clones != 0 || gs.c.History().Cursor() != 0 {
		t.Fatalf("after a tap elsewhere: sel %d cursor %d", b.View.Sel, gs.c.History().Cursor())
	}
	if r.SelMark.Visible() || f2.Target.Visible() {
		t.Fatal("marks left after deselect")
	}
	// The opponent's piece cannot be selected; tapping the selected piece
	// again deselects it.
	h.tapAtaxx(gs, "g7")
	if b.View.Sel != -1 {
		t.Fatal("White's piece selected on Black's turn")
	}
	h.tapAtaxx(gs, "a7")
	h.tapAtaxx(gs, "a7")
	if b.View.Sel != -1 {
		t.Fatal("a second tap did not deselect")
	}
	// A clone: select, tap the dot.
	h.tapAtaxx(gs, "g1")
	h.tapAtaxx(gs, "f2")
	if gs.c.LastMove() != "f2" || fen(gs) != "x5o/7/7/7/7/5x1/o5x o 0 1" {
		t.Fatalf("after the clone: %q %s", gs.c.LastMove(), fen(gs))
	}
	if b.View.Sel != -1 {
		t.Fatal("selection kept after the move")
	}
	// A jump by White.
	h.tapAtaxx(gs, "g7")
	h.tapAtaxx(gs, "e5")
	if gs.c.LastMove() != "g7e5" || fen(gs) != "x6/7/4o2/7/7/5x1/o5x x 1 2" {
		t.Fatalf("after the jump: %q %s", gs.c.LastMove(), fen(gs))
	}
	if !r.LastFrom.Visible() || !r.LastTo.Visible() {
		t.Fatal("the jump's squares are not outlined")
	}
	// A slow tap on a phone arrives as a secondary tap.
	sq := ataxx.Square(0, 6)
	g := board.GeomFor(b.Size(), ataxx.Size)
	test.TapSecondaryAt(b, fyne.NewPos(g.OX+g.Cell/2, g.OY+g.Cell/2))
	if b.View.Sel != sq {
		t.Fatalf("secondary tap: selected %d", b.View.Sel)
	}
	if got := b.SquareAt(fyne.NewPos(g.OX+g.Cell*0.98, g.OY-g.Cell*0.3)); got != sq {
		t.Fatalf("just above a7 hits %d", got)
	}
	// Counts and counter in the status.
	if txt := scoreText(gs); !strings.Contains(txt, "3 2 pieces") || !strings.Contains(txt, "Move 2 · 1/100 to a draw") {
		t.Fatalf("score line %q", txt)
	}
}

// scoreText reads the labels of the score line.
func scoreText(gs *gameScreen) string {
	var parts []string
	for _, o := range gs.score.Objects {
		if l, ok := o.(*widget.Label); ok {
			parts = append(parts, l.Text)
		}
	}
	return strings.Join(parts, " ")
}

func TestAtaxxConversionFlips(t *testing.T) {
	h := newHarness(t, "")
	st := h.u.env.Settings()
	st.Animation = app.AnimHighlight
	st.StepTime = app.MinStepTime
	h.u.env.SetSettings(st)
	gs := h.startAtaxx("standard", "standard", storage.Human, storage.Human)
	b := gs.board.(*ataxxboard.Board)
	for _, m := range [][2]string{{"g1", "f2"}, {"g7", "e5"}} {
		h.tapAtaxx(gs, m[0])
		h.tapAtaxx(gs, m[1])
		if gs.c.State() != app.Human {
			t.Fatalf("a quiet move animated: %v", gs.c.State())
		}
	}
	// Black jumps to e4, next to White's e5: it flips.
	want, err := gs.c.Position().Play("f2e4")
	if err != nil {
		t.Fatal(err)
	}
	h.tapAtaxx(gs, "f2")
	h.tapAtaxx(gs, "e4")
	if gs.c.State() != app.Animating {
		t.Fatalf("state %v, want animating", gs.c.State())
	}
	if b.View.Flipping != squareSet(t, "e5") {
		t.Fatalf("flipping %v", ataxx.SquaresOf(b.View.Flipping))
	}
	if !strings.Contains(gs.turn.Text, "flip") || gs.stopGo.Label != "Stop animation" {
		t.Fatalf("status %q button %q", gs.turn.Text, gs.stopGo.Label)
	}
	r := test.TempWidgetRenderer(t, b).(*ataxxboard.Renderer)
	if !r.Cells[ataxx.Square(4, 4)].Outline.Visible() {
		t.Fatal("the converted piece is not marked")
	}
	// Stop jumps to the end: the engine's position.
	test.Tap(gs.stopGo)
	if gs.c.State() != app.Human || fen(gs) != want.String() || b.View.Flipping != 0 {
		t.Fatalf("after Stop: %v %s, want %s", gs.c.State(), fen(gs), want)
	}
	if r.Cells[ataxx.Square(4, 4)].Outline.Visible() {
		t.Fatal("flip mark left after the animation")
	}
	if got := kit.ToNRGBA(r.Cells[ataxx.Square(4, 4)].Stone.FillColor); got != r.Pal.Player[ataxx.Black] {
		t.Fatalf("e5 drawn %v, want Black's colour", got)
	}
	// Played again, the step timer ends it by itself.
	test.Tap(gs.undoB)
	h.tapAtaxx(gs, "f2")
	h.tapAtaxx(gs, "e4")
	if gs.c.State() != app.Animating {
		t.Fatalf("state %v", gs.c.State())
	}
	h.q.RunOne(t)
	if gs.c.State() != app.Human || b.View.Flipping != 0 {
		t.Fatalf("after the step: %v", gs.c.State())
	}
}

func TestAtaxxForcedPassNotice(t *testing.T) {
	h := newHarness(t, "")
	rec := core.Record{Game: ataxx.ID, Start: "xoo4/ooo4/ooo4/7/7/7/7 x 0 1"}
	sv := storage.NewSave(rec, 0, []storage.Seat{{Kind: storage.Human}, {Kind: storage.Computer, Level: core.Beginner}}, time.Now())
	hist, err := core.HistoryFromRecord(rec, 0)
	if err != nil {
		t.Fatal(err)
	}
	h.u.openSave(sv, hist, "")
	gs := h.u.game
	if gs == nil {
		t.Fatal("not opened")
	}
	// An opened game carries on: the computer answers the pass at once.
	if gs.c.LastMove() != app.PassMove || gs.c.State() != app.Thinking {
		t.Fatalf("last %q state %v", gs.c.LastMove(), gs.c.State())
	}
	if !strings.Contains(gs.notice.Text, "You (Vermillion) have no move") {
		t.Fatalf("notice %q", gs.notice.Text)
	}
	// A tap says why nothing happens instead of selecting.
	h.tapAtaxx(gs, "a7")
	if !strings.Contains(gs.notice.Text, "thinking") {
		t.Fatalf("notice %q", gs.notice.Text)
	}
}

func TestAtaxxUndoRedoAgainstComputer(t *testing.T) {
	h := newHarness(t, "")
	gs := h.startAtaxx("standard", "standard", storage.Human, storage.Computer)
	h.tapAtaxx(gs, "g1")
	h.tapAtaxx(gs, "f2")
	if gs.c.State() != app.Thinking {
		t.Fatalf("state %v", gs.c.State())
	}
	h.tapAtaxx(gs, "a7") // while thinking: a word why
	if !strings.Contains(gs.notice.Text, "thinking") {
		t.Fatalf("notice %q", gs.notice.Text)
	}
	h.ai.Next(t).Answer <- "g6"
	h.q.RunOne(t)
	h.tapAtaxx(gs, "a7")
	h.tapAtaxx(gs, "b6")
	h.ai.Next(t).Answer <- "a1c3"
	h.q.RunOne(t)
	after := fen(gs)
	if gs.c.History().Cursor() != 4 || gs.c.State() != app.Human {
		t.Fatalf("cursor %d state %v", gs.c.History().Cursor(), gs.c.State())
	}
	test.Tap(gs.undoB)
	if gs.c.History().Cursor() != 2 || gs.c.State() != app.Human {
		t.Fatalf("undo: cursor %d state %v", gs.c.History().Cursor(), gs.c.State())
	}
	test.Tap(gs.undoB)
	if gs.c.History().Cursor() != 0 || fen(gs) != ataxx.StartFEN {
		t.Fatalf("undo to start: %s", fen(gs))
	}
	test.Tap(gs.redoB)
	test.Tap(gs.redoB)
	if fen(gs) != after || !gs.redoB.Disabled() {
		t.Fatalf("redo: %s, want %s", fen(gs), after)
	}
	// Hint: marks from and to, never plays.
	test.Tap(gs.hintB)
	h.ai.Next(t).Answer <- "b6d5"
	h.q.RunOne(t)
	b := gs.board.(*ataxxboard.Board)
	r := test.TempWidgetRenderer(t, b).(*ataxxboard.Renderer)
	if !r.HintFrom.Visible() || !r.HintTo.Visible() || gs.c.History().Cursor() != 4 {
		t.Fatal("hint not marked, or played")
	}
}

func TestAtaxxSaveLoadRoundTrip(t *testing.T) {
	for _, rules := range []string{"standard", "seed"} {
		t.Run(rules, func(t *testing.T) {
			h := newHarness(t, "")
			gs := h.startAtaxx(rules, "cross", storage.Human, storage.Computer)
			b := gs.board.(*ataxxboard.Board)
			if b.View.Pos.At(ataxx.Square(3, 3)) != ataxx.Gap {
				t.Fatal("no gap at d4 in the cross layout")
			}
			if rules == "seed" && !strings.Contains(scoreText(gs), "Turn 1 of 100") {
				t.Fatalf("score %q", scoreText(gs))
			}
			h.tapAtaxx(gs, "a7")
			h.tapAtaxx(gs, "b6")
			h.ai.Next(t).Answer <- "f6"
			h.q.RunOne(t)
			h.tapAtaxx(gs, "g1")
			h.tapAtaxx(gs, "e1") // a jump of two straight: legal in both rule sets
			if gs.c.LastMove() != "g1e1" {
				t.Fatalf("jump not played: %q (%s)", gs.c.LastMove(), gs.notice.Text)
			}
			h.ai.Next(t).Answer <- "a2"
			h.q.RunOne(t)
			test.Tap(gs.undoB) // the redo branch must survive
			want := fen(gs)
			h.u.putSave(h.u.env.Store.NewID(), "Ataxx "+rules)
			h.u.home()
			h.u.load()
			row := uitest.FindCard(h.w.Canvas().Content(), "Ataxx "+rules)
			if row == nil || !strings.Contains(row.Subtitle, "Ataxx") {
				t.Fatal("saved game not listed")
			}
			test.Tap(row)
			gs2 := h.u.game
			if gs2 == nil || gs2 == gs {
				t.Fatal("not opened")
			}
			if fen(gs2) != want || !gs2.c.CanRedo() || gs2.c.History().Rules() != rules {
				t.Fatalf("loaded %s rules %q redo %v, want %s", fen(gs2), gs2.c.History().Rules(), gs2.c.CanRedo(), want)
			}
			p, _ := ataxx.Concrete(gs2.c.Position())
			if p.Rules().String() != rules {
				t.Fatalf("position rules %v", p.Rules())
			}
			test.Tap(gs2.redoB)
			if gs2.c.History().Cursor() != 4 {
				t.Fatalf("redo after load: cursor %d", gs2.c.History().Cursor())
			}
		})
	}
}

func TestAtaxxScreens(t *testing.T) {
	for _, sz := range []fyne.Size{{Width: 360, Height: 720}, {Width: 720, Height: 360}, {Width: 800, Height: 1280}} {
		h := newHarness(t, "")
		h.w.Resize(sz)
		gs := h.startAtaxx("seed", "block", storage.Human, storage.Human)
		b := gs.board.Size()
		if b.Width != b.Height || b.Width < min(sz.Width, sz.Height)*0.6 {
			t.Errorf("%v: board %v", sz, b)
		}
		h.u.rules(ataxx.ID)
		h.u.back()
		h.u.rules("")
		h.u.back()
		h.u.home()
		if c := uitest.FindCard(h.w.Canvas().Content(), "Ataxx"); c == nil || c.Disabled {
			t.Errorf("%v: no Ataxx card", sz)
		}
	}
	if !strings.Contains(ataxxboard.Rules, "Seed 002") || !strings.Contains(ataxxboard.Rules, "Standard") {
		t.Fatal("rules miss a rule set")
	}
}
