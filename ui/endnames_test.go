package ui

import (
	"strings"
	"testing"

	"github.com/jumpers-game/jumpers/storage"
)

// TestEndPanelNamesPlayersAsTheBoard: the end panel's reason and count
// name the players by the colours the board draws them in, never by the
// game's own names ("Blue owns every square · Red 0, Blue 4" beside a
// sky blue winner).
func TestEndPanelNamesPlayersAsTheBoard(t *testing.T) {
	h := newHarness(t, "")
	st := h.u.env.Settings()
	st.Colours[0], st.Colours[1] = "Orange", "Sky blue"
	h.u.env.SetSettings(st)
	gs := h.finishGame(storage.Human, storage.Human)
	d := gs.end.detail.Text
	if !strings.HasPrefix(d, "Sky blue owns every square") || !strings.Contains(d, "Orange 0, Sky blue 4") {
		t.Fatalf("detail %q", d)
	}
	for _, core := range []string{"Red", "Blue "} {
		if strings.Contains(d, core) {
			t.Errorf("detail %q names a player %q", d, core)
		}
	}
}
