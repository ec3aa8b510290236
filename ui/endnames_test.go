package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"github.com/jumpers-game/jumpers/app"
	"github.com/jumpers-game/jumpers/storage"
	"github.com/jumpers-game/jumpers/ui/internal/uitest"
	"github.com/jumpers-game/jumpers/ui/kit"
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

// TestFinishedGameNamedAsTheBoard: after the game, the saved games list
// and the review name the players by their colours too (they said "Blue
// won" and "Red played 1:1 · Red won" beside sky blue and orange pieces).
func TestFinishedGameNamedAsTheBoard(t *testing.T) {
	h := newHarness(t, "")
	st := h.u.env.Settings()
	st.Colours[0], st.Colours[1] = "Orange", "Sky blue"
	h.u.env.SetSettings(st)
	gs := h.finishGame(storage.Human, storage.Human)
	gs.end.openReview()
	if h.u.Screen() != "review" {
		t.Fatalf("screen %q", h.u.Screen())
	}
	rs := h.u.top()
	var status string
	for _, l := range uitest.FindWidgets[*widget.Label](rs.content) {
		if strings.HasPrefix(l.Text, "Move ") {
			status = l.Text
		}
	}
	if !strings.Contains(status, "Sky blue played") || !strings.HasSuffix(status, "Sky blue won") {
		t.Errorf("review status %q", status)
	}
	h.u.back()
	h.u.load()
	var line string
	uitest.Walk(h.w.Canvas().Content(), func(o fyne.CanvasObject) bool {
		if c, ok := o.(*kit.Card); ok {
			line = c.Subtitle
		}
		return false
	})
	if !strings.Contains(line, "Sky blue won") || strings.Contains(line, "Blue won") {
		t.Errorf("saved games row %q", line)
	}
}

// TestAnalysisNamesPlayersAsTheBoard: the analysis mode's line and the
// review's word on a move name the players by their colours ("Red 50%"
// beside orange pieces before).
func TestAnalysisNamesPlayersAsTheBoard(t *testing.T) {
	h := newHarness(t, "")
	st := h.u.env.Settings()
	st.Colours[0], st.Colours[1] = "Orange", "Sky blue"
	h.u.env.SetSettings(st)
	gs := h.startGame(5, storage.Human, storage.Human)
	playCube(t, gs, 2)
	ev := app.LiveEval{Pos: gs.c.Position(), Eval: app.Eval{Known: true, Standing: []float64{0.5, 0.5}}}
	if line := liveText(gs.c.PlayerName, ev); !strings.HasPrefix(line, "Orange 50%") {
		t.Errorf("analysis line %q", line)
	}
	m := app.MoveReview{Index: 2, Mover: 1, Played: "2:2", Best: "3:3", Known: true, Loss: 0.4, Class: app.Blunder}
	if w := markWord(gs.c.PlayerName, "2 2:2", m); !strings.Contains(w, "(Sky blue)") {
		t.Errorf("word on a move %q", w)
	}
}

// TestReviewStatusNotCut: the review's status line with the longest
// colour names is not cut on a phone ("Move 4 of 4 · Reddish purple
// played 2:2 · Reddish purple w…").
func TestReviewStatusNotCut(t *testing.T) {
	h := newHarness(t, "")
	h.w.Resize(fyne.NewSize(360, 740))
	st := h.u.env.Settings()
	st.Colours[0], st.Colours[1] = "Bluish green", "Reddish purple"
	h.u.env.SetSettings(st)
	gs := h.finishGame(storage.Human, storage.Human)
	gs.end.openReview()
	h.w.Canvas().Refresh(h.w.Content())
	uitest.CheckLabelsFit(t, "review", h.w.Content())
}
