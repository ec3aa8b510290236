package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/jumpers-game/jumpers/storage"
	"github.com/jumpers-game/jumpers/ui/internal/uitest"
)

// menuReasons are the texts shown under the disabled items of the open
// game menu.
func menuReasons(gs *gameScreen) string {
	var out []string
	for _, l := range uitest.FindWidgets[*widget.Label](gs.menu.Content) {
		out = append(out, l.Text)
	}
	return strings.Join(out, " | ")
}

// ☰ → Analysis against the computer is disabled, with why, before any tap
// (issue 49: it was enabled and refused only after the tap); open without
// a computer player and once the game is over.
func TestMenuAnalysisDisabledWithItsReason(t *testing.T) {
	h := newHarness(t, "")
	gs := h.startGame(3, storage.Human, storage.Computer)
	test.Tap(gs.menuB)
	b := uitest.FindButton(gs.menu.Content, "Analysis")
	if b == nil || !b.Disabled() {
		t.Fatalf("Analysis against the computer: %v", b)
	}
	if why := menuReasons(gs); !strings.Contains(strings.ReplaceAll(why, "\n", " "), "Not against the computer until the game is over") {
		t.Fatalf("reasons %q", why)
	}
	uitest.CheckLabelsFit(t, "game menu", gs.menu.Content)
	if save := uitest.FindButton(gs.menu.Content, "Save"); save == nil || save.Disabled() {
		t.Fatal("Save is off with a store")
	}
	gs.menu.Hide()

	h2 := newHarness(t, "")
	gs2 := h2.startGame(3, storage.Human, storage.Human)
	test.Tap(gs2.menuB)
	if b := uitest.FindButton(gs2.menu.Content, "Analysis"); b == nil || b.Disabled() {
		t.Fatalf("Analysis without a computer: %v", b)
	}
	if why := menuReasons(gs2); why != "" {
		t.Fatalf("reasons %q with every item open", why)
	}
}
