package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/jumpers-game/jumpers/app"
	"github.com/jumpers-game/jumpers/core/ataxx"
	"github.com/jumpers-game/jumpers/storage"
	"github.com/jumpers-game/jumpers/ui/internal/uitest"
)

// TestTypedNamesAndColoursNameThePlayers: the new game screen titles each
// seat by its colour; a name typed for a human seat replaces it there, in
// the game's messages and in the save; choosing another colour in the
// settings renames an unnamed player on the game screen at once.
func TestTypedNamesAndColoursNameThePlayers(t *testing.T) {
	h := newHarness(t, "")
	st := h.u.env.Settings()
	st.SetColour(0, "Orange")
	st.SetColour(1, "Sky blue")
	h.u.env.SetSettings(st)

	f := h.u.newGame(ataxx.ID)
	f.seats[1].Kind = storage.Human
	f.rebuildSeats()
	labels := uitest.FindWidgets[*widget.Label](f.box)
	if len(labels) == 0 || labels[0].Text != "Orange · moves first" {
		t.Fatalf("first seat titled %q", labels[0].Text)
	}
	entries := uitest.FindWidgets[*dialogEntry](f.box)
	if len(entries) != 2 {
		t.Fatalf("%d name boxes for two human seats", len(entries))
	}
	entries[1].SetText("Zoe")
	if got := uitest.FindWidgets[*widget.Label](f.box); !containsText(got, "Zoe") {
		t.Error("the seat's title does not follow the typed name")
	}
	test.Tap(f.start)
	gs := h.u.game
	if gs == nil {
		t.Fatal("no game")
	}
	if !strings.HasPrefix(gs.turn.Text, "Orange to move") {
		t.Errorf("status %q", gs.turn.Text)
	}
	if sv := gs.c.Snapshot(); sv.Seats[1].Name != "Zoe" || sv.Seats[0].Name != "" {
		t.Errorf("saved seats %+v", sv.Seats)
	}
	gs.tap("c3") // no x piece next to c3: refused
	if !strings.Contains(gs.notice.Text, "no Orange piece next to c3") {
		t.Errorf("refusal %q", gs.notice.Text)
	}
	gs.c.Tap("b7") // clone from a7
	if !strings.HasPrefix(gs.turn.Text, "Zoe to move") {
		t.Errorf("status after a move %q", gs.turn.Text)
	}
	gs.c.Tap("b1") // Zoe clones from a1
	st = h.u.env.Settings()
	st.SetColour(0, "Yellow")
	h.u.env.SetSettings(st)
	if !strings.HasPrefix(gs.turn.Text, "Yellow to move") || gs.c.PlayerName(0) != app.PlayerName(st, gs.c.Seats(), 0) {
		t.Errorf("after choosing yellow: %q", gs.turn.Text)
	}
}

func containsText(ls []*widget.Label, s string) bool {
	for _, l := range ls {
		if strings.Contains(l.Text, s) {
			return true
		}
	}
	return false
}
