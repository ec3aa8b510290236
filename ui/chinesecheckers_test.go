package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/jumpers-game/jumpers/app"
	"github.com/jumpers-game/jumpers/core"
	cc "github.com/jumpers-game/jumpers/core/chinesecheckers"
	"github.com/jumpers-game/jumpers/storage"
	"github.com/jumpers-game/jumpers/ui/board"
	"github.com/jumpers-game/jumpers/ui/board/ccboard"
	"github.com/jumpers-game/jumpers/ui/internal/uitest"
	"github.com/jumpers-game/jumpers/ui/kit"
)

// startCC starts a Chinese Checkers game of len(seats) players from the
// new game screen.
func (h *harness) startCC(rules string, seats ...string) *gameScreen {
	h.t.Helper()
	f := h.u.newGame(cc.ID)
	if f == nil {
		h.t.Fatal("no new game screen for chinese checkers")
	}
	s := f.setup.(*ccboard.Setup)
	s.SetPlayers(len(seats))
	if rules != "" {
		s.Profile.SetSelected(rules)
	}
	if len(f.seats) != len(seats) {
		h.t.Fatalf("%d seats for %d players", len(f.seats), len(seats))
	}
	for i, k := range seats {
		f.seats[i].Kind = k
		f.seats[i].Level = core.Beginner
	}
	f.rebuildSeats()
	f.seed.SetText("7")
	test.Tap(f.start)
	if h.u.Screen() != "game" || h.u.game == nil {
		h.t.Fatalf("screen %q after Start", h.u.Screen())
	}
	return h.u.game
}

func ccBoardOf(t *testing.T, gs *gameScreen) *ccboard.Board {
	t.Helper()
	b, ok := gs.board.(*ccboard.Board)
	if !ok {
		t.Fatalf("board is %T", gs.board)
	}
	return b
}

// tapHole taps the board at the centre of hole name.
func (h *harness) tapHole(gs *gameScreen, name string) {
	h.t.Helper()
	hole, err := cc.ParseHole(name)
	if err != nil {
		h.t.Fatal(err)
	}
	b := ccBoardOf(h.t, gs)
	x, y := ccboard.GeomFor(b.Size()).XY(hole)
	test.TapAt(b, fyne.NewPos(x, y))
}

func names(holes []int) []string {
	out := make([]string, len(holes))
	for i, h := range holes {
		out[i] = cc.HoleName(h)
	}
	return out
}

func TestCCTapShowsTargetsAndPlays(t *testing.T) {
	h := newHarness(t, "")
	h.w.Resize(fyne.NewSize(360, 740)) // upright (at 720 the star turns, bigger)
	gs := h.startCC("", storage.Human, storage.Human)
	b := ccBoardOf(t, gs)
	if _, ok := gs.board.(fyne.DoubleTappable); ok {
		t.Fatal("the board must not be DoubleTappable")
	}
	if sz := b.Size(); sz.Width < 300 || sz.Height < sz.Width {
		t.Fatalf("board is %v on a phone", sz)
	}
	// d1 is in player 1's front row: it can step and hop.
	h.tapHole(gs, "d1")
	p, _ := ccboard.Concrete(gs.c.Position())
	d1, _ := cc.ParseHole("d1")
	want := p.Reach(d1)
	if b.View.Sel != d1 || len(want) == 0 || strings.Join(names(b.View.Targets), " ") != strings.Join(names(want), " ") {
		t.Fatalf("selected %d targets %v, want %d %v", b.View.Sel, names(b.View.Targets), d1, names(want))
	}
	r := test.TempWidgetRenderer(t, b).(*ccboard.Renderer)
	for _, th := range want {
		if !r.Targets[th].Visible() {
			t.Fatalf("target %s not drawn", cc.HoleName(th))
		}
	}
	if !r.SelRing.Visible() {
		t.Fatal("selection not drawn")
	}
	// A tap beside the star lets the piece go.
	test.TapAt(b, fyne.NewPos(2, 2))
	if b.View.Sel != -1 || len(b.View.Targets) != 0 {
		t.Fatal("a tap beside the star did not deselect")
	}
	// An opponent's piece cannot be selected.
	h.tapHole(gs, "n1")
	if b.View.Sel != -1 {
		t.Fatal("selected player 2's piece on player 1's turn")
	}
	// Select again (a slow tap: secondary) and play to a target.
	hole := want[len(want)-1]
	x, y := ccboard.GeomFor(b.Size()).XY(d1)
	test.TapSecondaryAt(b, fyne.NewPos(x, y))
	h.tapHole(gs, cc.HoleName(hole))
	if got, wantMove := gs.c.LastMove(), "d1"+cc.HoleName(hole); got != wantMove {
		t.Fatalf("last move %q, want %q", got, wantMove)
	}
	if b.View.Sel != -1 || len(b.View.Path) != 2 || b.View.Path[0] != d1 {
		t.Fatalf("after the move: sel %d path %v", b.View.Sel, names(b.View.Path))
	}
	if !r.LastFrom.Visible() || !r.Lines[0].Visible() {
		t.Fatal("the last move's path is not drawn")
	}
	if !strings.Contains(gs.turn.Text, "Blue to move") {
		t.Fatalf("status %q", gs.turn.Text)
	}
}

func TestCCThreePlayersWithComputersAndUndo(t *testing.T) {
	h := newHarness(t, "")
	gs := h.startCC("", storage.Human, storage.Computer, storage.Computer)
	if n := gs.c.Position().Players(); n != 3 {
		t.Fatalf("%d players", n)
	}
	if len(gs.score.Objects) < 3 {
		t.Fatalf("score row has %d objects", len(gs.score.Objects))
	}
	h.tapHole(gs, "d1")
	b := ccBoardOf(t, gs)
	h.tapHole(gs, cc.HoleName(b.View.Targets[0]))
	for seat := 1; seat <= 2; seat++ {
		if gs.c.State() != app.Thinking {
			t.Fatalf("seat %d: state %v", seat, gs.c.State())
		}
		call := h.ai.Next(t)
		if call.Pos.ToMove() != seat {
			t.Fatalf("AI asked for player %d, want %d", call.Pos.ToMove()+1, seat+1)
		}
		// A tap while a computer thinks says why nothing happens.
		h.tapHole(gs, "d2")
		if !strings.Contains(gs.notice.Text, "thinking") {
			t.Fatalf("notice %q", gs.notice.Text)
		}
		call.Answer <- call.Pos.Moves()[0]
		h.q.RunOne(t)
	}
	if gs.c.State() != app.Human || gs.c.History().Cursor() != 3 || gs.c.Position().ToMove() != 0 {
		t.Fatalf("state %v cursor %d", gs.c.State(), gs.c.History().Cursor())
	}
	after3 := pos(gs)
	// Undo goes back over both computer seats to the human's turn.
	test.Tap(gs.undoB)
	if gs.c.History().Cursor() != 0 || gs.c.State() != app.Human {
		t.Fatalf("undo: cursor %d state %v", gs.c.History().Cursor(), gs.c.State())
	}
	test.Tap(gs.redoB)
	if pos(gs) != after3 || gs.c.State() != app.Human {
		t.Fatalf("redo: cursor %d state %v", gs.c.History().Cursor(), gs.c.State())
	}
	// Undo while the second computer thinks.
	h.tapHole(gs, "d2")
	h.tapHole(gs, cc.HoleName(b.View.Targets[0]))
	call := h.ai.Next(t)
	call.Answer <- call.Pos.Moves()[0]
	h.q.RunOne(t)
	call = h.ai.Next(t) // player 3 thinks
	test.Tap(gs.undoB)
	if call.Ctx.Err() == nil {
		t.Fatal("the search was not cancelled")
	}
	h.q.RunOne(t) // the late answer is dropped
	if gs.c.History().Cursor() != 3 || gs.c.State() != app.Human {
		t.Fatalf("undo while thinking: cursor %d state %v", gs.c.History().Cursor(), gs.c.State())
	}
}

func TestCCHintMarksFromAndTo(t *testing.T) {
	h := newHarness(t, "")
	gs := h.startCC("", storage.Human, storage.Computer)
	test.Tap(gs.hintB)
	call := h.ai.Next(t)
	call.Answer <- "c2e3"
	h.q.RunOne(t)
	b := ccBoardOf(t, gs)
	from, _ := cc.ParseHole("c2")
	to, _ := cc.ParseHole("e3")
	if b.View.HintFrom != from || b.View.HintTo != to {
		t.Fatalf("hint %d→%d", b.View.HintFrom, b.View.HintTo)
	}
	r := test.TempWidgetRenderer(t, b).(*ccboard.Renderer)
	if !r.HintRing[0].Visible() || !r.HintRing[1].Visible() {
		t.Fatal("hint not drawn")
	}
	if gs.c.History().Cursor() != 0 {
		t.Fatal("the hint was played")
	}
}

func TestCCSaveLoadFourPlayers(t *testing.T) {
	h := newHarness(t, "")
	gs := h.startCC("locked", storage.Human, storage.Human, storage.Human, storage.Human)
	for i := 0; i < 6; i++ {
		if why := gs.c.Tap(gs.c.Position().Moves()[i%3]); why != "" {
			t.Fatal(why)
		}
	}
	test.Tap(gs.undoB)
	want := pos(gs)
	rec := gs.c.History().Record()
	if rec.Rules != "locked" {
		t.Fatalf("rules %q", rec.Rules)
	}
	h.u.putSave(h.u.env.Store.NewID(), "Four")
	h.u.home()
	h.u.load()
	row := uitest.FindCard(h.w.Canvas().Content(), "Four")
	if row == nil {
		t.Fatal("saved game not listed")
	}
	if !strings.Contains(row.Subtitle, "Chinese Checkers") || !strings.Contains(row.Subtitle, "Move 5") {
		t.Fatalf("row %q", row.Subtitle)
	}
	listed, err := h.u.env.Store.List()
	if err != nil || len(listed) == 0 {
		t.Fatalf("list: %v", err)
	}
	if d := describeSave(h.u.env.Settings(), listed[0]); !strings.Contains(d, "4 players (4 human, 0 computer)") {
		t.Fatalf("continue line %q", d)
	}
	test.Tap(row)
	gs2 := h.u.game
	if gs2 == nil || gs2 == gs {
		t.Fatal("not opened")
	}
	if pos(gs2) != want || !gs2.c.CanRedo() || len(gs2.c.Seats()) != 4 {
		t.Fatalf("loaded %s redo %v seats %d", pos(gs2), gs2.c.CanRedo(), len(gs2.c.Seats()))
	}
	if got := gs2.c.History().Record(); got.Rules != "locked" || strings.Join(got.Moves, " ") != strings.Join(rec.Moves, " ") {
		t.Fatalf("record %+v, want %+v", got, rec)
	}
	if _, ok := gs2.board.(*ccboard.Board); !ok {
		t.Fatalf("board %T", gs2.board)
	}
}

func TestCCNewGameSixSeats(t *testing.T) {
	h := newHarness(t, "")
	f := h.u.newGame(cc.ID)
	s := f.setup.(*ccboard.Setup)
	if len(f.seats) != 2 {
		t.Fatalf("%d seats by default", len(f.seats))
	}
	s.SetPlayers(6)
	if len(f.seats) != 6 || f.swap.Text != "Rotate seats" {
		t.Fatalf("%d seats, %q", len(f.seats), f.swap.Text)
	}
	for i, arm := range []string{"S", "SW", "NW", "N", "NE", "SE"} {
		if n := ccboard.SeatName(6, i); n != arm+" arm" {
			t.Errorf("seat %d named %q", i, n)
		}
	}
	// Every level is offered, Classic included.
	found := 0
	for _, l := range levelNames(cc.Game{}) {
		if l == cc.Classic {
			found++
		}
	}
	if found != 1 {
		t.Fatal("no Classic level")
	}
	if n := len(f.box.Objects); n != 6+5 { // six rows, five separators
		t.Fatalf("%d objects in the seat box", n)
	}
	f.seats[0].Kind = storage.Computer
	f.seats[0].Level = cc.Classic
	test.Tap(f.swap) // rotate: seat 0's computer moves to seat 1
	if f.seats[1].Level != cc.Classic || f.seats[1].Kind != storage.Computer || f.seats[0].Kind != storage.Computer {
		t.Fatalf("rotate: %+v", f.seats)
	}
	f.seats[0] = storage.Seat{Kind: storage.Human}
	f.rebuildSeats()
	s.Profile.SetSelected("seed+closed")
	test.Tap(f.start)
	gs := h.u.game
	if gs == nil || gs.c.Position().Players() != 6 || gs.c.History().Rules() != "seed+closed" {
		t.Fatal("six-player game not started")
	}
	if gs.c.Seat(1).Level != cc.Classic {
		t.Fatalf("seat 2 is %+v", gs.c.Seat(1))
	}
	// Back to 2 players: the seats shrink.
	f = h.u.newGame(cc.ID)
	s = f.setup.(*ccboard.Setup)
	s.SetPlayers(6)
	s.SetPlayers(2)
	if len(f.seats) != 2 || f.swap.Text != "Swap seats" {
		t.Fatalf("%d seats", len(f.seats))
	}
}

func TestCCLayoutSizes(t *testing.T) {
	for _, sz := range []fyne.Size{{Width: 360, Height: 720}, {Width: 720, Height: 360}, {Width: 800, Height: 1280}} {
		h := newHarness(t, "")
		h.w.Resize(sz)
		gs := h.startCC("", storage.Human, storage.Human, storage.Human, storage.Human, storage.Human, storage.Human)
		b := gs.board.Size()
		g := ccboard.GeomFor(b)
		// Holes at least 22 dp apart on a phone in portrait (18 in
		// Landscape, where the height is short); the whole star inside.
		if g.U < 22 && !kit.Landscape(sz) || g.U < 18 {
			t.Errorf("%v: holes %.1f apart", sz, g.U)
		}
		for _, hole := range []int{0, cc.NumHoles - 1} {
			x, y := g.XY(hole)
			if x < 0 || y < 0 || x > b.Width || y > b.Height {
				t.Errorf("%v: hole %s outside the board", sz, cc.HoleName(hole))
			}
		}
		bp := fyne.CurrentApp().Driver().AbsolutePositionForObject(gs.board)
		cp := fyne.CurrentApp().Driver().AbsolutePositionForObject(gs.undoB)
		if kit.Landscape(sz) {
			if cp.X < bp.X+b.Width {
				t.Errorf("%v: controls overlap the board", sz)
			}
		} else if cp.Y < bp.Y+b.Height {
			t.Errorf("%v: controls overlap the board", sz)
		}
		h.u.rules(cc.ID)
	}
}

// findHopChain plays from the start until a move with at least two hops
// exists, and returns the moves to get there and that move.
func findHopChain(t *testing.T) (prefix []string, chain string) {
	t.Helper()
	var p core.Position
	p, _ = cc.Game{}.Start(core.Options{}.WithInt(core.OptPlayers, 2))
	for ply := 0; ply < 40; ply++ {
		best, bestLen := "", 0
		for _, m := range p.Moves() {
			path, _ := cc.MovePath(p, m)
			if len(path) > bestLen {
				best, bestLen = m, len(path)
			}
		}
		if bestLen >= 3 && ply%2 == 0 {
			return prefix, best
		}
		// a forward step keeps the pieces close: chains appear soon
		next, err := p.Play(best)
		if err != nil {
			t.Fatal(err)
		}
		prefix = append(prefix, best)
		p = next
	}
	t.Fatal("no hop chain found")
	return nil, ""
}

func TestCCHopByHopAnimation(t *testing.T) {
	h := newHarness(t, "")
	st := h.u.env.Settings()
	st.Animation = app.AnimHighlight
	st.PauseStep = true
	h.u.env.SetSettings(st)
	gs := h.startCC("", storage.Human, storage.Human)
	prefix, chain := findHopChain(t)
	for _, m := range prefix {
		if why := gs.c.Tap(m); why != "" {
			t.Fatal(why)
		}
		for gs.c.State() == app.PausedStep {
			test.Tap(gs.stopGo)
			for gs.c.State() == app.Animating {
				test.Tap(gs.stopGo) // Stop: jump to the end
			}
		}
	}
	before := gs.c.Position()
	want, _ := before.Play(chain)
	path, _ := cc.MovePath(before, chain)
	if why := gs.c.Tap(chain); why != "" {
		t.Fatal(why)
	}
	b := ccBoardOf(t, gs)
	if gs.c.State() != app.PausedStep || b.View.MoveAt != path[1] || b.View.MoveFrom != path[0] {
		t.Fatalf("state %v piece at %d, want %d", gs.c.State(), b.View.MoveAt, path[1])
	}
	if !strings.Contains(gs.turn.Text, "hops: 1 of") {
		t.Fatalf("status %q", gs.turn.Text)
	}
	for i := 0; i < 20 && gs.c.State() != app.Human; i++ {
		switch gs.c.State() {
		case app.PausedStep:
			test.Tap(gs.stopGo)
		case app.Animating:
			h.q.RunOne(t) // the step timer
		}
	}
	if gs.c.State() != app.Human || pos(gs) != want.String() {
		t.Fatalf("after the hops: %v", gs.c.State())
	}
	if len(b.View.Path) != len(path) || b.View.MoveAt != -1 {
		t.Fatalf("final path %v", names(b.View.Path))
	}
}

func TestCCPreviewAndRules(t *testing.T) {
	h := newHarness(t, "")
	gu, _, ok := board.Lookup(cc.ID)
	if !ok || gu.Preview == nil || gu.Rules == "" {
		t.Fatal("chinese checkers not registered")
	}
	if _, ok := gu.Preview(app.DefaultSettings).(*ccboard.Board); !ok {
		t.Fatal("card art is not the star")
	}
	c := uitest.FindCard(h.w.Canvas().Content(), "Chinese Checkers")
	if c == nil || c.Disabled {
		t.Fatal("no playable home card")
	}
	for _, word := range []string{"closed", "locked", "seed", "default", "hop"} {
		if !strings.Contains(gu.Rules, word) {
			t.Errorf("rules do not mention %q", word)
		}
	}
	test.Tap(c)
	if h.u.Screen() != "new" {
		t.Fatalf("screen %q", h.u.Screen())
	}
}
