package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/jumpers-game/jumpers/core/cube"
	"github.com/jumpers-game/jumpers/storage"
	"github.com/jumpers-game/jumpers/ui/board"
	"github.com/jumpers-game/jumpers/ui/board/cubeboard"
	"github.com/jumpers-game/jumpers/ui/internal/uitest"
)

// With the setting on, the game screen draws the labels around the
// board; a hint names a square the labels show; off, they go.
func TestCoordinateOverlayOnTheGameScreen(t *testing.T) {
	h := newHarness(t, "")
	gs := h.startGame(5, storage.Human, storage.Computer)
	b := gs.board.(*cubeboard.Board)
	before := b.Size()
	st := h.u.env.Settings()
	st.Coordinates = true
	h.u.env.SetSettings(st)
	frame := uitest.First(gs.screen.content, func(*board.CoordFrame) bool { return true })
	texts := uitest.ShownTexts(test.TempWidgetRenderer(t, frame).Objects())
	if len(texts) != 10 {
		t.Fatalf("labels %v, want 5 rows and 5 columns", texts)
	}
	if b.Size().Width >= before.Width {
		t.Fatalf("the board kept its size %v with margins", b.Size())
	}
	test.Tap(gs.hintB)
	call := h.ai.Next(t)
	call.Answer <- "4:2"
	h.q.RunOne(t)
	text := gs.notice.Text
	if !strings.HasPrefix(text, "Hint: ") {
		t.Fatalf("notice %q", text)
	}
	name := strings.Fields(strings.TrimPrefix(text, "Hint: "))[0]
	m, err := cube.ParseMove(5, name)
	if err != nil {
		t.Fatalf("the hint %q names no square: %v", text, err)
	}
	n := 5
	if got := uitest.SquareName(t, b.CoordLabels(b.Size()), board.GeomFor(b.Size(), n), n, int(m)/n, int(m)%n, true, ":"); got != name {
		t.Fatalf("the hint names %s, the overlay shows %s there", name, got)
	}
	st.Coordinates = false
	h.u.env.SetSettings(st)
	if texts := uitest.ShownTexts(test.TempWidgetRenderer(t, frame).Objects()); len(texts) != 0 {
		t.Fatalf("labels %v with the setting off", texts)
	}
	if b.Size() != before {
		t.Fatalf("board %v, was %v", b.Size(), before)
	}
}

// Messages from the rules start with a capital.
func TestMessagesAreCapitalised(t *testing.T) {
	h := newHarness(t, "")
	gs := h.startGame(3, storage.Human, storage.Human)
	h.tapSquare(gs, 2, 3)
	h.tapSquare(gs, 2, 3)
	if !strings.HasPrefix(gs.notice.Text, "Square 2:3 belongs to") {
		t.Fatalf("notice %q", gs.notice.Text)
	}
	// One rule for every message (app.Sentence): one that starts with a
	// square or a move keeps it as the notation writes it.
	gs.say("a1c3 jumps too far")
	if gs.notice.Text != "a1c3 jumps too far" {
		t.Fatalf("notice %q", gs.notice.Text)
	}
}
