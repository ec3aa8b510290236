package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"

	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/storage"
)

// The status of the longest colour name and level while the computer
// thinks keeps its search depth on one line at 360 dp, upright and on its
// side (issue 49: "Reddish purple (Expert) is thinking…" lost the depth).
func TestThinkingStatusKeepsTheDepth(t *testing.T) {
	for _, size := range []fyne.Size{fyne.NewSize(360, 740), fyne.NewSize(740, 360)} {
		h := newHarness(t, "")
		st := h.u.env.Settings()
		st.SetColour(0, "Reddish purple")
		h.u.env.SetSettings(st)
		h.w.Resize(size)
		gs := h.startGame(5, storage.Computer, storage.Human)
		call := h.ai.Next(t)
		check := func(state, want string) {
			t.Helper()
			relayout(gs.screen.content)
			text := gs.turn.Text
			if !strings.Contains(text, "Reddish purple (Beginner)") || !strings.Contains(text, want) {
				t.Fatalf("%v, %s: status %q", size, state, text)
			}
			th := gs.turn.Theme()
			need := fyne.MeasureText(text, th.Size(theme.SizeNameText), gs.turn.TextStyle).Width + 2*th.Size(theme.SizeNameInnerPadding)
			if w := gs.turn.Size().Width; w <= 0 || need > w {
				t.Errorf("%v, %s: %q needs %.0f dp, the status is %.0f wide", size, state, text, need, w)
			} else {
				t.Logf("%v, %s: %.0f of %.0f dp", size, state, need, w)
			}
		}
		check("thinking", "thinking")
		call.Req.Info(core.SearchInfo{Depth: 12})
		h.q.RunOne(t)
		check("at depth 12", "depth 12")
		gs.press() // Stop: the search winds down
		check("stopping", "stopping")
		call.Answer <- "1:1"
	}
}
