package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/widget"
	"github.com/jumpers-game/jumpers/ui/internal/uitest"
)

// TestRulesNamePlayersAsTheBoard: the rules call the players by the
// colours the boards draw them in ("Orange moves first"), not by the
// games' own names ("Red", "Black") that the pieces on screen contradict.
func TestRulesNamePlayersAsTheBoard(t *testing.T) {
	h := newHarness(t, "")
	st := h.u.env.Settings()
	st.Colours[0], st.Colours[1] = "Orange", "Sky blue"
	h.u.env.SetSettings(st)
	for _, id := range []string{"cube", "ataxx"} {
		var text strings.Builder
		for _, l := range uitest.FindWidgets[*widget.Label](rulesPage(id, h.u.env.Settings)) {
			text.WriteString(l.Text + "\n")
		}
		for _, rt := range uitest.FindWidgets[*widget.RichText](rulesPage(id, h.u.env.Settings)) {
			text.WriteString(rt.String() + "\n")
		}
		s := text.String()
		if !strings.Contains(s, "Orange moves first") || !strings.Contains(s, "Sky blue") {
			t.Errorf("%s: the rules do not name Orange and Sky blue:\n%s", id, s)
		}
		for _, own := range []string{"Red", "Black", "White"} {
			if strings.Contains(s, own) {
				t.Errorf("%s: the rules say %q", id, own)
			}
		}
	}
}
