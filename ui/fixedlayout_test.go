package ui

import (
	"fmt"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"

	"github.com/jumpers-game/jumpers/app"
	"github.com/jumpers-game/jumpers/storage"
	"github.com/jumpers-game/jumpers/ui/board"
)

// The game screen in fixed slots (issue 49): the board's rectangle
// depends on the window's size alone, and a window turned and turned
// back is laid out as one opened at that size, in every state.

// screenState brings the game screen into one state.
type screenState struct {
	name string
	set  func(t *testing.T, h *harness, gs *gameScreen)
}

// layoutGame is a game to put through the states: how to start it.
type layoutGame struct {
	name   string
	start  func(h *harness) *gameScreen
	states []screenState
}

var (
	stPlaying = screenState{"playing", func(*testing.T, *harness, *gameScreen) {}}
	stNotice  = screenState{"notice", func(_ *testing.T, _ *harness, gs *gameScreen) {
		gs.say("A notice long enough to wrap over two lines of a phone, which must keep to its own slot")
	}}
	stHinting = screenState{"looking for a hint", func(_ *testing.T, _ *harness, gs *gameScreen) {
		gs.c.Hint()
	}}
	stHint = screenState{"hint shown", func(t *testing.T, h *harness, gs *gameScreen) {
		if !gs.c.Hinting() {
			gs.c.Hint()
		}
		call := h.ai.Next(t)
		call.Answer <- gs.c.Position().Moves()[0]
		h.q.RunOne(t)
		if gs.c.HintMove() == "" {
			t.Fatal("no hint shown")
		}
	}}
	stViewing = screenState{"viewing a past move", func(t *testing.T, _ *harness, gs *gameScreen) {
		gs.pick(1)
		if _, ok := gs.c.Viewing(); !ok {
			t.Fatal("not viewing")
		}
	}}
	stExpanded = screenState{"move list expanded", func(_ *testing.T, _ *harness, gs *gameScreen) {
		test.Tap(gs.moves.toggle)
	}}
	stSaveFailed = screenState{"save notice", func(t *testing.T, h *harness, gs *gameScreen) {
		breakStorage(t, h.root)
		gs.c.Live()
		playFirst(t, gs, 1)
		h.drain()
		if !gs.saveRow.Visible() {
			t.Fatal("no save notice")
		}
	}}
	stAnalysis = screenState{"analysis line", func(t *testing.T, _ *harness, gs *gameScreen) {
		gs.toggleAnalysis()
		if gs.live == nil || !gs.live.on {
			t.Fatal("analysis not on")
		}
	}}
	stMenu = screenState{"menu open", func(_ *testing.T, _ *harness, gs *gameScreen) {
		gs.showMenu()
	}}
	stDialog = screenState{"dialog open", func(_ *testing.T, h *harness, _ *gameScreen) {
		h.u.about()
	}}
	stOver = screenState{"end panel", func(t *testing.T, _ *harness, gs *gameScreen) {
		playToEnd(t, gs)
	}}
	// stThinking: the computers' turns; the human's turn again with
	// their moves drawn ("5 moves" in six-player Checkers).
	stThinking = screenState{"thinking", func(t *testing.T, _ *harness, gs *gameScreen) {
		playFirst(t, gs, 1)
		if gs.c.State() != app.Thinking {
			t.Fatalf("state %v after the human's move", gs.c.State())
		}
	}}
	// stStopping: Stop pressed, the move not played yet: the status's
	// longest line, two lines on a phone.
	stStopping = screenState{"stopping", func(t *testing.T, _ *harness, gs *gameScreen) {
		if gs.c.State() != app.Thinking {
			playFirst(t, gs, 1)
		}
		gs.press()
		if !gs.c.Stopping() {
			t.Fatalf("not stopping: %q", gs.turn.Text)
		}
	}}
	stComputersMoved = screenState{"after the computers' moves", func(t *testing.T, h *harness, gs *gameScreen) {
		if gs.c.State() != app.Thinking {
			playFirst(t, gs, 1)
		}
		answerComputers(t, h, gs)
	}}
	stMagnified = screenState{"magnified", func(t *testing.T, _ *harness, gs *gameScreen) {
		m, ok := gs.area.(*board.Magnifier)
		if !ok {
			t.Fatal("no magnifier")
		}
		test.TapAt(m.Catcher, cellCentreIn(m.Size(), 15, 8, 8))
		if !m.Zoomed {
			t.Fatal("not magnified")
		}
	}}
)

// answerComputers answers the computers' searches until a human is to
// move, each with its first legal move.
func answerComputers(t *testing.T, h *harness, gs *gameScreen) {
	t.Helper()
	for i := 0; gs.c.State() == app.Thinking; i++ {
		if i > 12 {
			t.Fatal("the computers never stop")
		}
		if h.q.Len() > 0 { // a stopped search's move
			h.q.RunOne(t)
			continue
		}
		call := h.ai.Next(t)
		call.Answer <- gs.c.LivePosition().Moves()[0]
		h.q.RunOne(t)
	}
}

// playToEnd plays first legal moves until the game is over (the
// analysis off: a search for every move).
func playToEnd(t *testing.T, gs *gameScreen) {
	t.Helper()
	if gs.live != nil && gs.live.on {
		gs.toggleAnalysis()
	}
	gs.c.Live()
	for i := 0; gs.c.State() != app.Over; i++ {
		if i > 3000 {
			t.Fatal("the game never ends")
		}
		playFirst(t, gs, 1)
	}
}

func layoutGames() []layoutGame {
	common := []screenState{stPlaying, stNotice, stHinting, stHint, stViewing, stExpanded, stAnalysis, stMenu, stDialog, stSaveFailed}
	return []layoutGame{
		{"cube 5×5", func(h *harness) *gameScreen {
			gs := h.startGame(5, storage.Human, storage.Human)
			playFirst(t0(h), gs, 3)
			return gs
		}, append(common, stOver)},
		{"cube 15×15", func(h *harness) *gameScreen {
			return h.startGame(15, storage.Human, storage.Human)
		}, []screenState{stPlaying, stMagnified, stNotice, stHinting}},
		{"cube against the computer", func(h *harness) *gameScreen {
			return h.startGame(5, storage.Human, storage.Computer)
		}, []screenState{stPlaying, stThinking, stStopping, stComputersMoved}},
		{"ataxx", func(h *harness) *gameScreen {
			gs := h.startAtaxx("standard", "standard", storage.Human, storage.Human)
			playFirst(t0(h), gs, 3)
			return gs
		}, append(common, stOver)},
		{"chinese checkers", func(h *harness) *gameScreen {
			gs := h.startCC("", storage.Human, storage.Human)
			playFirst(t0(h), gs, 3)
			return gs
		}, append(common, stOver)},
		{"chinese checkers, six", func(h *harness) *gameScreen {
			return h.startCC("", storage.Human, storage.Computer, storage.Computer, storage.Computer, storage.Computer, storage.Computer)
		}, []screenState{stPlaying, stThinking, stComputersMoved, stComputersMoved, stNotice}},
	}
}

func t0(h *harness) *testing.T { return h.t }

// settle lays the screen out as the next frames would: twice, for the
// wrapped labels whose height follows their width.
func settle(h *harness) {
	h.w.Canvas().Refresh(h.w.Content())
	for range 2 {
		if c, ok := h.w.Content().(*fyne.Container); ok {
			relayoutTree(c)
		}
		if h.u.game != nil {
			relayout(h.u.game.screen.content)
		}
	}
}

// relayoutTree lays out every container under c again.
func relayoutTree(c *fyne.Container) {
	relayout(c)
	for _, o := range c.Objects {
		if k, ok := o.(*fyne.Container); ok {
			relayoutTree(k)
		}
	}
}

// boardBox is where the board is drawn, in the window (with its
// magnifier: the enlarged view takes the whole board's place).
func boardBox(gs *gameScreen) string {
	return fmt.Sprint(boxOf("board", gs.area))
}

// layoutOf is where every shown object of the game screen is drawn, in
// tree order: its type, place in the window and size.
func layoutOf(gs *gameScreen) []string { return layoutOfTree(gs.screen.content) }

// layoutOfTree is layoutOf for any screen's content.
func layoutOfTree(root fyne.CanvasObject) []string {
	d := fyne.CurrentApp().Driver()
	var out []string
	var walk func(o fyne.CanvasObject, depth int)
	walk = func(o fyne.CanvasObject, depth int) {
		if o == nil || !o.Visible() {
			return
		}
		p, s := d.AbsolutePositionForObject(o), o.Size()
		out = append(out, fmt.Sprintf("%s%T at %.1f,%.1f size %.1f×%.1f", strings.Repeat(" ", depth), o, p.X, p.Y, s.Width, s.Height))
		var kids []fyne.CanvasObject
		switch x := o.(type) {
		case *fyne.Container:
			kids = x.Objects
		case *container.Scroll:
			kids = []fyne.CanvasObject{x.Content}
		case fyne.Widget:
			if r := test.WidgetRenderer(x); r != nil {
				kids = r.Objects()
			}
		}
		for _, k := range kids {
			walk(k, depth+1)
		}
	}
	walk(root, 0)
	return out
}

func turned(sz fyne.Size) fyne.Size { return fyne.NewSize(sz.Height, sz.Width) }

// diffLayouts names the first differences of two layouts.
func diffLayouts(a, b []string) string {
	var out []string
	for i := 0; i < max(len(a), len(b)) && len(out) < 6; i++ {
		var x, y string
		if i < len(a) {
			x = a[i]
		}
		if i < len(b) {
			y = b[i]
		}
		if x != y {
			out = append(out, fmt.Sprintf("#%d fresh %q\n      turned %q", i, x, y))
		}
	}
	return fmt.Sprintf("%d objects fresh, %d turned; %s", len(a), len(b), strings.Join(out, "\n   "))
}

// TestBoardNeverMoves: in each game, in portrait and in landscape, every
// state the screen goes through leaves the board where it was: the lines
// that come and go (notices, the hint, thinking, the save notice, the
// analysis line, the ghost control, the end panel) have slots of their
// own.
func TestBoardNeverMoves(t *testing.T) {
	for _, g := range layoutGames() {
		for _, sz := range []fyne.Size{{Width: 360, Height: 740}, {Width: 740, Height: 360}} {
			h := newHarness(t, "")
			h.w.Resize(sz)
			gs := g.start(h)
			settle(h)
			want := boardBox(gs)
			for _, st := range g.states {
				st.set(t, h, gs)
				gs.update()
				settle(h)
				if got := boardBox(gs); got != want {
					t.Errorf("%s at %v, %s: the board moved from %s to %s", g.name, sz, st.name, want, got)
				}
			}
		}
	}
}

// TestTurnedBackIsLaidOutAsOpened: in every state, a window turned to
// the other orientation and back shows every object where a game opened
// in that state at that size shows it (with the end panel open, the move
// strip lay over the score row and the Home/Undo row was cut off).
func TestTurnedBackIsLaidOutAsOpened(t *testing.T) {
	games := layoutGames()
	for gi, g := range games {
		for _, sz := range []fyne.Size{{Width: 360, Height: 740}, {Width: 740, Height: 360}} {
			for si, st := range g.states {
				// -short (the race run, six times slower) takes each state
				// in one game, in turn: every state and every game, a third
				// of the screens.
				if testing.Short() && (gi+si)%len(games) != 0 {
					continue
				}
				open := func() (*harness, *gameScreen) {
					h := newHarness(t, "")
					h.w.Resize(sz)
					gs := g.start(h)
					st.set(t, h, gs)
					gs.update()
					settle(h)
					return h, gs
				}
				_, fresh := open()
				want := layoutOf(fresh)
				h, gs := open()
				for _, turn := range []fyne.Size{turned(sz), sz, turned(sz), sz} {
					h.w.Resize(turn)
					settle(h)
				}
				if got := layoutOf(gs); strings.Join(got, "\n") != strings.Join(want, "\n") {
					t.Errorf("%s at %v, %s: turned twice, not as opened:\n   %s", g.name, sz, st.name, diffLayouts(want, got))
				}
			}
		}
	}
}

// TestReviewTurnedBackIsLaidOutAsOpened: the review screen too, at the
// end and at a step back, shows after two turns what it shows opened.
func TestReviewTurnedBackIsLaidOutAsOpened(t *testing.T) {
	for _, sz := range []fyne.Size{{Width: 360, Height: 740}, {Width: 740, Height: 360}} {
		for _, back := range []int{0, 3} {
			open := func() (*harness, *reviewScreen) {
				h := newHarness(t, "")
				h.w.Resize(sz)
				gs := h.startGame(5, storage.Human, storage.Human)
				playFirst(t, gs, 8)
				rs := reviewOf(t, h, gs)
				for range back {
					test.Tap(rs.prevB)
				}
				settle(h)
				relayout(rs.screen.content)
				return h, rs
			}
			_, fresh := open()
			want := layoutOfTree(fresh.screen.content)
			h, rs := open()
			for _, turn := range []fyne.Size{turned(sz), sz, turned(sz), sz} {
				h.w.Resize(turn)
				settle(h)
				relayout(rs.screen.content)
			}
			if got := layoutOfTree(rs.screen.content); strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("review at %v, %d back: turned twice, not as opened:\n   %s", sz, back, diffLayouts(want, got))
			}
		}
	}
}

// A review in a landscape phone window, its graph shown and a long
// verdict under the status, asks for no more than the window: the status
// takes what the graph and the controls leave (it asked a 360 dp high
// window for 416, and the desktop window grew past the screen).
func TestReviewFitsALandscapePhone(t *testing.T) {
	h := newHarness(t, "")
	sz := fyne.NewSize(740, 360)
	h.w.Resize(turned(sz)) // opened upright, then turned: as the app starts
	gs := h.startGame(6, storage.Human, storage.Human)
	playFirst(t, gs, 12)
	rs := reviewOf(t, h, gs)
	rs.an.graphBox.Show()
	rs.an.accuracy.SetText("Accuracy: Red 89 · Blue 100")
	rs.an.accuracy.Show()
	rs.notice.SetText("9 6:5 (Red): mistake −13%, better 1:1. A longer note that wraps over two or three lines at this width.")
	settle(h)
	relayout(rs.screen.content)
	h.w.Resize(sz)
	settle(h)
	relayout(rs.screen.content)
	if min := h.w.Canvas().Content().MinSize(); min.Height > sz.Height {
		t.Fatalf("the review asks for %v in a %v window", min, sz)
	}
}
