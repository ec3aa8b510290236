package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/jumpers-game/jumpers/app"
	"github.com/jumpers-game/jumpers/storage"
)

// A review of a game of no moves, or of one move, works every control
// without a panic and says where it stands: steps stay in range, the
// engine's review covers the positions there are, the marks button stays
// off, Continue here starts a game.
func TestReviewOfShortGames(t *testing.T) {
	for _, moves := range []int{0, 1} {
		h := newHarness(t, "")
		gs := h.startGame(5, storage.Human, storage.Human)
		playCube(t, gs, moves)
		rs := reviewOf(t, h, gs)
		if rs.shown() != moves || !strings.Contains(rs.status.Text, "of") && moves > 0 {
			t.Fatalf("%d moves: opens at %d, %q", moves, rs.shown(), rs.status.Text)
		}
		for _, b := range []func(){
			func() { test.Tap(rs.startB) }, func() { test.Tap(rs.prevB) }, func() { test.Tap(rs.nextB) },
			func() { test.Tap(rs.endB) }, func() { rs.step(-5) }, func() { rs.step(5) }, func() { rs.show(moves + 3) },
		} {
			b()
			if n := rs.shown(); n < 0 || n > moves {
				t.Fatalf("%d moves: shows %d", moves, n)
			}
		}
		test.Tap(rs.playB) // auto-play over nothing, or one step
		for rs.playing {
			h.q.RunOne(t)
		}
		// The engine's review: one search per position before the end.
		test.Tap(rs.an.analyseB)
		for i := 0; i <= moves; i++ {
			h.ai.Next(t).Answer <- "1:1"
			h.q.RunOne(t)
		}
		for rs.an.running {
			h.q.RunOne(t)
		}
		if !rs.an.have || rs.an.result.Total != moves+1 {
			t.Fatalf("%d moves: review %+v", moves, rs.an.result)
		}
		test.Tap(rs.an.nextB) // no marks: nothing happens
		g := rs.an.graph
		test.TapAt(g, fyne.NewPos(g.Size().Width/2, g.Size().Height/2))
		rs.an.toggleLive()
		h.ai.Next(t).Answer <- "1:1"
		h.q.RunOne(t)
		rs.an.toggleLive()
		rs.show(0)
		test.Tap(rs.contB)
		if h.u.Screen() != "game" || h.u.game == nil || h.u.game.c.History().Len() != 0 {
			t.Fatalf("%d moves: Continue here from the start: screen %q", moves, h.u.Screen())
		}
	}
}

// The computer ends the game while the player views an earlier position:
// the view stays (the player asked for it) and says so, nothing panics,
// and Back to the game shows the end with its panel.
func TestGameEndsWhileViewing(t *testing.T) {
	h := newHarness(t, "")
	gs := h.startGame(2, storage.Human, storage.Computer)
	h.tapSquare(gs, 1, 1)
	h.ai.Next(t).Answer <- "2:2"
	h.q.RunOne(t)
	h.tapSquare(gs, 1, 1)
	call := h.ai.Next(t) // the computer thinks about the last move
	test.Tap(gs.moves.chips[1])
	if n, ok := gs.c.Viewing(); !ok || n != 1 {
		t.Fatalf("viewing %d %v", n, ok)
	}
	call.Answer <- "2:2"
	h.q.RunOne(t)
	if !gs.c.LivePosition().Result().Over {
		t.Fatalf("the game goes on: %s", gs.c.LivePosition())
	}
	if n, ok := gs.c.Viewing(); !ok || n != 1 || !strings.Contains(gs.turn.Text, "Viewing move 1") {
		t.Fatalf("viewing %d %v, status %q", n, ok, gs.turn.Text)
	}
	test.Tap(gs.moves.chips[len(gs.moves.chips)-1]) // the live position
	if _, ok := gs.c.Viewing(); ok || !gs.end.obj.Visible() {
		t.Fatalf("back at the end: viewing %v, end panel %v", ok, gs.end.obj.Visible())
	}
}

// The analysis mode on a game against the computer that is over: allowed,
// and it says the result at once (no search), the winner named as the
// board shows them.
func TestAnalysisOfAFinishedGame(t *testing.T) {
	h := newHarness(t, "")
	gs := h.startGame(2, storage.Human, storage.Computer)
	for range 2 {
		h.tapSquare(gs, 1, 1)
		h.ai.Next(t).Answer <- "2:2"
		h.q.RunOne(t)
	}
	if gs.c.State() != app.Over {
		t.Fatalf("game not over: %s", pos(gs))
	}
	gs.toggleAnalysis()
	if gs.live == nil || !gs.live.on {
		t.Fatalf("analysis refused on a finished game: %q", gs.notice.Text)
	}
	res := gs.c.LivePosition().Result()
	if want := "Game over: " + gs.c.PlayerName(res.Winner) + " won"; gs.live.pv.Text != want {
		t.Fatalf("analysis line %q, want %q", gs.live.pv.Text, want)
	}
	if h.q.Len() != 0 {
		t.Fatal("a finished position was searched")
	}
}
