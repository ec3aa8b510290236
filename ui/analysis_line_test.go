package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"

	"github.com/jumpers-game/jumpers/app"
	"github.com/jumpers-game/jumpers/storage"
)

// On a phone in portrait (360 dp) the analysis mode's line shows the
// side to move's chances and the search's depth whole: a long best line
// gives way to the ellipsis at its tail.
func TestAnalysisLineKeepsTheDepthAt360(t *testing.T) {
	h := newHarness(t, "")
	h.w.Resize(fyne.NewSize(360, 740))
	gs := h.startGame(6, storage.Human, storage.Human)
	playCube(t, gs, 2)
	gs.toggleAnalysis()
	h.ai.Next(t) // the search asked for: answered below by hand
	pos := gs.c.Position()
	ev := app.LiveEval{Pos: pos, Eval: app.Eval{Seat: pos.ToMove(), Known: true, Standing: []float64{0.64, 0.36},
		Best: "3:3", PV: []string{"3:3", "2:2", "4:4", "5:5", "2:3", "3:2", "6:6", "1:1"}, Depth: 12}}
	gs.live.report(ev)
	text := gs.live.pv.Text
	keep := text[:strings.Index(text, "(depth 12)")+len("(depth 12)")]
	if !strings.HasPrefix(keep, gs.c.PlayerName(0)+" 64%") {
		t.Fatalf("line %q", text)
	}
	need := fyne.MeasureText(keep, theme.TextSize(), fyne.TextStyle{}).Width + 2*theme.InnerPadding()
	full := fyne.MeasureText(text, theme.TextSize(), fyne.TextStyle{}).Width + 2*theme.InnerPadding()
	if w := gs.live.pv.Size().Width; w <= 0 || need > w {
		t.Fatalf("%q needs %.0f, the label is %.0f wide", keep, need, w)
	} else {
		t.Logf("the label is %.0f wide: %.0f for the chances and the depth, %.0f for the whole line", w, need, full)
	}
}
