package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/jumpers-game/jumpers/storage"
	"github.com/jumpers-game/jumpers/ui/board/cubeboard"
	"github.com/jumpers-game/jumpers/ui/kit"
)

// playCube plays n legal moves (the first legal move each time) on the
// game on screen.
func playCube(t *testing.T, gs *gameScreen, n int) {
	t.Helper()
	for range n {
		ms := gs.c.LivePosition().Moves()
		if len(ms) == 0 {
			t.Fatal("the game ended early")
		}
		if why := gs.c.Tap(ms[len(ms)/2]); why != "" {
			t.Fatalf("move refused: %s", why)
		}
	}
}

func TestMoveListViewsAPastPosition(t *testing.T) {
	h := newHarness(t, "")
	gs := h.startGame(5, storage.Human, storage.Human)
	h.tapSquare(gs, 1, 1)
	h.tapSquare(gs, 5, 5)
	h.tapSquare(gs, 1, 2)
	ml := gs.moves
	if len(ml.chips) != 4 || ml.chips[1].label() != "1 1:1" || ml.chips[2].player != 1 {
		t.Fatalf("entries: %d, first %q", len(ml.chips), ml.chips[1].label())
	}
	if ml.shown != 3 || !ml.chips[3].current {
		t.Fatalf("highlighted %d, want the last move", ml.shown)
	}
	live := pos(gs)
	test.Tap(ml.chips[1])
	if n, ok := gs.c.Viewing(); !ok || n != 1 {
		t.Fatalf("after a tap on move 1: viewing %d %v", n, ok)
	}
	if !ml.chips[1].current || ml.chips[3].current {
		t.Fatal("highlight did not follow")
	}
	if b := gs.board.(*cubeboard.Board); b.View.Last != 0 {
		t.Fatalf("board marks square %d as the last move, want 1:1 (0)", b.View.Last)
	}
	if !strings.Contains(gs.turn.Text, "Viewing move 1 of 3") || !gs.view.row.Visible() {
		t.Fatalf("status %q, view controls shown %v", gs.turn.Text, gs.view.row.Visible())
	}
	// The counter is the position shown's, as the board is.
	if !hasLabel(gs.score, "Move 1") || hasLabel(gs.score, "Move 3") {
		t.Fatal("the score line counts the live game's moves under a viewed position")
	}
	// A tap on the board plays nothing and says why.
	h.tapSquare(gs, 3, 3)
	if gs.c.History().Cursor() != 3 || !strings.Contains(gs.notice.Text, "Back to the game") {
		t.Fatalf("tap while viewing: cursor %d, notice %q", gs.c.History().Cursor(), gs.notice.Text)
	}
	if !gs.undoB.Disabled() || !gs.hintB.Disabled() {
		t.Fatal("undo or hint enabled while viewing")
	}
	test.Tap(gs.view.next)
	if n, _ := gs.c.Viewing(); n != 2 {
		t.Fatalf("next: viewing %d", n)
	}
	test.Tap(gs.view.back)
	if _, ok := gs.c.Viewing(); ok || pos(gs) != live || gs.view.row.Visible() {
		t.Fatal("Back to the game did not go back")
	}
	// Undo drops the entry.
	test.Tap(gs.undoB)
	if len(ml.chips) != 3 || ml.shown != 2 {
		t.Fatalf("after undo: %d entries, shown %d", len(ml.chips), ml.shown)
	}
}

// The board keeps its size however long the list grows, in portrait and
// in landscape.
func TestMoveListNeverResizesTheBoard(t *testing.T) {
	for _, sz := range []fyne.Size{fyne.NewSize(360, 720), fyne.NewSize(740, 360)} {
		h := newHarness(t, "")
		h.w.Resize(sz)
		gs := h.startGame(7, storage.Human, storage.Human)
		before, at := gs.board.Size(), gs.board.Position()
		playCube(t, gs, 60)
		if len(gs.moves.chips) != 61 {
			t.Fatalf("%v: %d entries", sz, len(gs.moves.chips))
		}
		if gs.board.Size() != before || gs.board.Position() != at {
			t.Fatalf("%v: board %v at %v, was %v at %v", sz, gs.board.Size(), gs.board.Position(), before, at)
		}
		if got := gs.moves.Size(); got.Height > 3*moveRowHeight+50 && !kit.Landscape(sz) {
			t.Fatalf("%v: the strip grew to %v", sz, got)
		}
		// The last move is scrolled into sight.
		last := gs.moves.chips[60]
		off, view := gs.moves.pan.offset, gs.moves.pan.Size()
		start, end, length := last.Position().X, last.Position().X+last.Size().Width, view.Width
		if gs.moves.wrap {
			start, end, length = last.Position().Y, last.Position().Y+last.Size().Height, view.Height
		}
		if start < off-1 || end > off+length+1 {
			t.Fatalf("%v: last entry at %v..%v not in view %v+%v", sz, start, end, off, length)
		}
	}
}

func TestMoveListExpands(t *testing.T) {
	h := newHarness(t, "")
	gs := h.startGame(5, storage.Human, storage.Human)
	playCube(t, gs, 20)
	strip := gs.moves.Size().Height
	test.Tap(gs.moves.toggle)
	if !gs.moves.wrap || gs.moves.Size().Height < 2*strip {
		t.Fatalf("expanded: wrap %v, height %v (strip %v)", gs.moves.wrap, gs.moves.Size().Height, strip)
	}
	board := gs.board.Size()
	playCube(t, gs, 10)
	if gs.board.Size() != board {
		t.Fatal("the expanded list resized the board")
	}
	test.Tap(gs.moves.toggle)
	if gs.moves.wrap || gs.moves.Size().Height != strip {
		t.Fatal("did not fold back")
	}
}
