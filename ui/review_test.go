package ui

import (
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/jumpers-game/jumpers/app"
	"github.com/jumpers-game/jumpers/storage"
	"github.com/jumpers-game/jumpers/ui/board/ataxxboard"
	"github.com/jumpers-game/jumpers/ui/board/ccboard"
	"github.com/jumpers-game/jumpers/ui/board/cubeboard"
	"github.com/jumpers-game/jumpers/ui/internal/uitest"
)

// reviewOf opens the review of the game on screen, as the ☰ menu does.
func reviewOf(t *testing.T, h *harness, gs *gameScreen) *reviewScreen {
	t.Helper()
	opened := watchReviews(t)
	h.u.review(gs.c.Snapshot(), gs.c.History())
	if h.u.Screen() != "review" || *opened == nil {
		t.Fatalf("screen %q", h.u.Screen())
	}
	return *opened
}

// watchReviews catches the review screens opened from now on: the last
// one is in the pointer returned.
func watchReviews(t *testing.T) **reviewScreen {
	t.Helper()
	var rs *reviewScreen
	reviewOpened = func(r *reviewScreen) { rs = r }
	t.Cleanup(func() { reviewOpened = nil })
	return &rs
}

func TestReviewSteps(t *testing.T) {
	h := newHarness(t, "")
	gs := h.startGame(5, storage.Human, storage.Human)
	playCube(t, gs, 6)
	live := gs.c.History().Len()
	rs := reviewOf(t, h, gs)
	if rs.shown() != 6 || !strings.Contains(rs.status.Text, "Move 6 of 6") {
		t.Fatalf("opens at %d: %q", rs.shown(), rs.status.Text)
	}
	test.Tap(rs.startB)
	if rs.shown() != 0 || rs.c.Position().String() != gs.c.History().Position(0).String() {
		t.Fatalf("start: %d", rs.shown())
	}
	test.Tap(rs.nextB)
	test.Tap(rs.nextB)
	if rs.shown() != 2 || rs.c.Position().String() != gs.c.History().Position(2).String() {
		t.Fatalf("after two steps: %d", rs.shown())
	}
	if b := rs.board.(*cubeboard.Board); b.View.Board.String() != rs.c.Position().String() {
		t.Fatal("the board does not show the position")
	}
	test.Tap(rs.prevB)
	if rs.shown() != 1 || !rs.moves.chips[1].current {
		t.Fatalf("back: %d", rs.shown())
	}
	test.Tap(rs.moves.chips[5])
	if rs.shown() != 5 {
		t.Fatalf("move list: %d", rs.shown())
	}
	test.Tap(rs.endB)
	if rs.shown() != 6 || !rs.endB.Disabled() {
		t.Fatalf("end: %d", rs.shown())
	}
	// A tap on the board plays nothing.
	b := rs.board.(*cubeboard.Board)
	test.TapAt(b, fyne.NewPos(b.Size().Width/2, b.Size().Height/2))
	if rs.c.History().Len() != 6 || !strings.Contains(rs.notice.Text, "replay") {
		t.Fatalf("tap: %d moves, notice %q", rs.c.History().Len(), rs.notice.Text)
	}
	// Auto-play from the start to the end.
	rs.every = time.Millisecond
	test.Tap(rs.playB) // at the end: starts again from the start
	if rs.shown() != 0 || !rs.playing {
		t.Fatalf("play: at %d, playing %v", rs.shown(), rs.playing)
	}
	for i := 1; i <= 6; i++ {
		h.q.RunOne(t)
		if rs.shown() != i {
			t.Fatalf("auto-play step %d shows %d", i, rs.shown())
		}
	}
	if rs.playing {
		t.Fatal("auto-play did not stop at the end")
	}
	// The game under review is untouched, and Back returns to it.
	h.u.back()
	if h.u.Screen() != "game" || gs.c.History().Len() != live {
		t.Fatalf("back: %q, %d moves", h.u.Screen(), gs.c.History().Len())
	}
}

func TestReviewContinueFromHereKeepsTheOriginal(t *testing.T) {
	h := newHarness(t, "")
	gs := h.startGame(5, storage.Human, storage.Computer)
	h.tapSquare(gs, 1, 1)
	call := h.ai.Next(t)
	call.Answer <- "5:5"
	h.q.RunOne(t)
	h.tapSquare(gs, 1, 2)
	h.ai.Next(t) // the computer thinks; the review does not wait for it
	h.u.putSave(gs.c.SaveID(), "Original")
	orig := gs.c.Snapshot()
	h.u.load()
	var reviewB *widget.Button
	uitest.Walk(h.u.top().content, func(o fyne.CanvasObject) bool {
		if b, ok := o.(*widget.Button); ok && b.Icon != nil && b.Icon.Name() == theme.MediaReplayIcon().Name() {
			reviewB = b
			return true
		}
		return false
	})
	if reviewB == nil {
		t.Fatal("no review button on the saved game")
	}
	opened := watchReviews(t)
	test.Tap(reviewB)
	if h.u.Screen() != "review" || *opened == nil {
		t.Fatalf("screen %q", h.u.Screen())
	}
	rs := *opened
	rs.show(2)
	test.Tap(rs.contB)
	if h.u.Screen() != "game" || h.u.game == nil {
		t.Fatalf("screen %q", h.u.Screen())
	}
	c := h.u.game.c
	if c.History().Cursor() != 2 || c.History().Len() != 2 || !strings.Contains(c.Name(), "Original, from move 2") || c.SaveID() == "" {
		t.Fatalf("new game: %d/%d moves, name %q, id %q", c.History().Cursor(), c.History().Len(), c.Name(), c.SaveID())
	}
	if !c.IsComputer(1) {
		t.Fatal("the seats were not kept")
	}
	entries, _ := h.u.env.Store.List()
	found := false
	for _, e := range entries {
		if e.Name == "Original" {
			sv, _, err := h.u.env.Store.Load(e.ID)
			if err != nil || len(sv.Moves) != len(orig.Moves) {
				t.Fatalf("the original changed: %v %v", sv.Moves, err)
			}
			found = true
		}
	}
	if !found || len(entries) != 2 {
		t.Fatalf("saved games: %+v", entries)
	}

	// From the ☰ menu of the game on screen: its last move is written
	// before the new one takes the screen, and it stays one entry.
	gs = h.u.game
	playCube(t, gs, 1)
	unsaved := gs.c.Snapshot()
	rs = reviewOf(t, h, gs)
	rs.show(1)
	test.Tap(rs.contB)
	entries, _ = h.u.env.Store.List()
	if len(entries) != 3 {
		t.Fatalf("saved games after continuing an unsaved game: %+v", entries)
	}
	kept := false
	for _, e := range entries {
		if sv, _, err := h.u.env.Store.Load(e.ID); err == nil && len(sv.Moves) == len(unsaved.Moves) && sv.Cursor == unsaved.Cursor {
			kept = true
		}
	}
	if !kept {
		t.Fatal("the unsaved game under review was not kept")
	}
}

// The engine's review: progress, marks, a mark shows both moves, and
// leaving the screen cancels the search at once.
func TestReviewAnalysisMarksAndCancel(t *testing.T) {
	h := newHarness(t, "")
	gs := h.startGame(5, storage.Human, storage.Human)
	playCube(t, gs, 4)
	rs := reviewOf(t, h, gs)
	ra := rs.an
	test.Tap(ra.analyseB)
	if !ra.running || !ra.graphBox.Visible() {
		t.Fatal("the analysis did not start")
	}
	call := h.ai.Next(t)
	if call.Req.Nodes <= 0 {
		t.Fatalf("review request without a node budget: %+v", call.Req)
	}
	call.Answer <- "1:1"
	h.q.RunOne(t) // progress
	if !ra.have || ra.result.Done != 1 || ra.progress.Value <= 0 {
		t.Fatalf("progress: %+v", ra.result)
	}
	next := h.ai.Next(t)
	h.u.back() // leave the screen
	select {
	case <-next.Ctx.Done():
	case <-time.After(time.Second):
		t.Fatal("leaving the screen did not cancel the analysis")
	}

	// A finished review with a blunder at move 2 (the better move 3:3):
	// the dot on the graph shows the position before it, both moves drawn.
	rs = reviewOf(t, h, gs)
	ra = rs.an
	hist := rs.c.History()
	a := app.Analysis{Players: 2, Total: 5, Done: 5}
	for i := 0; i <= 4; i++ {
		a.Standing = append(a.Standing, []float64{0.5, 0.5})
		a.Known = append(a.Known, true)
	}
	for k := 1; k <= 4; k++ {
		a.Moves = append(a.Moves, app.MoveReview{Index: k, Mover: (k - 1) % 2, Played: hist.Move(k), Best: hist.Move(k), Known: true})
	}
	a.Moves[1] = app.MoveReview{Index: 2, Mover: 1, Played: hist.Move(2), Best: "3:3", Known: true, Before: 0.5, After: 0.1, Loss: 0.4, Class: app.Blunder}
	ra.graphBox.Show()
	ra.finished(a, nil)
	if ra.nextB.Disabled() || !strings.Contains(ra.markText.Text, "Mistakes and blunders: 1") {
		t.Fatalf("marks: %q", ra.markText.Text)
	}
	g := ra.graph
	test.TapAt(g, fyne.NewPos(g.xOf(2, g.Size().Width), g.Size().Height/2))
	if n, ok := rs.c.Viewing(); !ok || n != 1 || rs.c.LastMove() != hist.Move(2) || rs.c.HintMove() != "3:3" {
		t.Fatalf("mark: viewing %d, last %q, hint %q", n, rs.c.LastMove(), rs.c.HintMove())
	}
	b := rs.board.(*cubeboard.Board)
	if b.View.Hint != 12 || b.View.Last < 0 {
		t.Fatalf("board marks: last %d hint %d", b.View.Last, b.View.Hint)
	}
	if !strings.Contains(ra.markText.Text, "blunder") || !strings.Contains(ra.markText.Text, "better 3:3") {
		t.Fatalf("mark text %q", ra.markText.Text)
	}
}

// The analysis mode: the evaluation bar and the best line follow the
// position shown, on the review screen and on a pass-and-play board.
func TestAnalysisMode(t *testing.T) {
	h := newHarness(t, "")
	gs := h.startGame(5, storage.Human, storage.Human)
	playCube(t, gs, 2)
	gs.toggleAnalysis()
	if gs.live == nil || !gs.live.on || !gs.live.row.Visible() {
		t.Fatal("analysis mode did not start")
	}
	call := h.ai.Next(t)
	if call.Pos.String() != gs.c.Position().String() {
		t.Fatalf("analysed %s", call.Pos)
	}
	h.tapSquare(gs, 3, 3) // a move: the old search is dropped, the new position asked
	if call.Ctx.Err() == nil {
		t.Fatal("the stale search goes on")
	}
	call2 := h.ai.Next(t)
	if call2.Pos.String() != gs.c.Position().String() {
		t.Fatalf("analysed %s, shown %s", call2.Pos, gs.c.Position())
	}
	h.q.RunOne(t) // the first search's end: dropped
	call2.Answer <- "1:1"
	h.q.RunOne(t)
	if !strings.Contains(gs.live.pv.Text, "best 1:1") {
		t.Fatalf("best line %q", gs.live.pv.Text)
	}
	gs.toggleAnalysis()
	if gs.live.on || gs.live.row.Visible() {
		t.Fatal("analysis mode did not stop")
	}

	// Against the computer it is refused until the game is over.
	h2 := newHarness(t, "")
	gs2 := h2.startGame(5, storage.Human, storage.Computer)
	gs2.toggleAnalysis()
	if gs2.live.on || !strings.Contains(gs2.notice.Text, "computer") {
		t.Fatalf("analysis against the computer: on %v, notice %q", gs2.live.on, gs2.notice.Text)
	}
}

// playFirst plays n moves on the game on screen: each time the first
// legal move that is not a pass.
func playFirst(t *testing.T, gs *gameScreen, n int) {
	t.Helper()
	for range n {
		ms := gs.c.LivePosition().Moves()
		m := ms[0]
		if len(ms) > 1 && m == app.PassMove {
			m = ms[1]
		}
		if why := gs.c.Tap(m); why != "" {
			t.Fatalf("move %s refused: %s", m, why)
		}
	}
}

// Every game's board draws a marked move: the position before it, the
// move played as the last move and the engine's choice as the hint.
func TestReviewMarkOnEveryBoard(t *testing.T) {
	h := newHarness(t, "")
	for _, tc := range []struct {
		name  string
		start func() *gameScreen
		check func(rs *reviewScreen, played, better string)
	}{
		{"ataxx", func() *gameScreen { return h.startAtaxx("standard", "standard", storage.Human, storage.Human) },
			func(rs *reviewScreen, played, better string) {
				b := rs.board.(*ataxxboard.Board)
				if b.View.Last.String() != played || b.View.Hint.String() != better {
					t.Errorf("ataxx marks: last %s hint %s, want %s and %s", b.View.Last, b.View.Hint, played, better)
				}
			}},
		{"chinesecheckers", func() *gameScreen {
			return h.startCC("", storage.Human, storage.Human, storage.Human, storage.Human, storage.Human, storage.Human)
		},
			func(rs *reviewScreen, played, better string) {
				b := rs.board.(*ccboard.Board)
				if len(b.View.Path) < 2 || b.View.HintFrom < 0 || b.View.HintTo < 0 {
					t.Errorf("star marks: path %v hint %d→%d", b.View.Path, b.View.HintFrom, b.View.HintTo)
				}
				if got := b.View.Pos.String(); got != rs.c.Position().String() {
					t.Errorf("star shows %s", got)
				}
			}},
	} {
		gs := tc.start()
		playFirst(t, gs, 8)
		rs := reviewOf(t, h, gs)
		hist := rs.c.History()
		before := hist.Position(4)
		played := hist.Move(5)
		better := ""
		for _, m := range before.Moves() {
			if m != played && m != app.PassMove {
				better = m
				break
			}
		}
		rs.an.showMark(app.MoveReview{Index: 5, Mover: before.ToMove(), Played: played, Best: better, Known: true, Loss: 0.5, Class: app.Blunder})
		if rs.c.Position().String() != before.String() {
			t.Fatalf("%s: the mark shows %s", tc.name, rs.c.Position())
		}
		tc.check(rs, played, better)
		if !strings.Contains(rs.an.markText.Text, "better "+better) {
			t.Errorf("%s: mark text %q", tc.name, rs.an.markText.Text)
		}
		// Six players: one line per seat in the graph.
		if tc.name == "chinesecheckers" {
			a := app.Analysis{Players: 6, Total: hist.Len() + 1, Done: hist.Len() + 1}
			for i := 0; i <= hist.Len(); i++ {
				a.Standing = append(a.Standing, []float64{0.1, 0.2, 0.3, 0.4, 0.5, float64(i) / float64(hist.Len())})
				a.Known = append(a.Known, true)
			}
			a.Moves = make([]app.MoveReview, hist.Len())
			rs.an.have = true
			rs.an.showBox(true)
			rs.an.finished(a, nil)
			lines := 0
			for _, o := range test.WidgetRenderer(rs.an.graph).Objects() {
				if l, ok := o.(*canvas.Line); ok && l.StrokeWidth == 2 {
					lines++
				}
			}
			if lines != 6*hist.Len() {
				t.Errorf("six-player graph: %d segments, want %d", lines, 6*hist.Len())
			}
		}
		h.u.back()
	}
}
