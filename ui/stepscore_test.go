package ui

import (
	"fmt"
	"testing"

	"fyne.io/fyne/v2/widget"

	"github.com/jumpers-game/jumpers/app"
	"github.com/jumpers-game/jumpers/core/cube"
	"github.com/jumpers-game/jumpers/storage"
	"github.com/jumpers-game/jumpers/ui/board/cubeboard"
	"github.com/jumpers-game/jumpers/ui/internal/uitest"
)

// TestScoreFollowsTheCascade: while a chain reaction is shown step by
// step, the score row counts the squares of the board on screen, not of
// the position after the whole move (it ran ahead: "25 0" over a board
// still mostly blue).
func TestScoreFollowsTheCascade(t *testing.T) {
	h := newHarness(t, "")
	st := h.u.env.Settings()
	st.Animation, st.PauseStep = app.AnimHighlight, true
	h.u.env.SetSettings(st)
	gs := h.startGame(3, storage.Human, storage.Human)
	b := gs.board.(*cubeboard.Board)
	steps := 0
	for _, m := range [][2]int{{1, 1}, {3, 3}, {1, 1}, {3, 3}, {1, 1}} {
		h.tapSquare(gs, m[0], m[1])
		for gs.c.State() == app.PausedStep {
			gs.update()
			b.Update()
			ls := uitest.FindWidgets[*widget.Label](gs.score)
			got := fmt.Sprintf("%s %s", ls[0].Text, ls[1].Text)
			want := fmt.Sprintf("%d %d", b.View.Board.Count(cube.Red), b.View.Board.Count(cube.Blue))
			if got != want {
				t.Fatalf("step of %s: score %q, the board shown has %q\n%s", gs.c.LastMove(), got, want, b.View.Board)
			}
			steps++
			gs.press()
		}
	}
	if steps == 0 {
		t.Fatal("no cascade step was shown")
	}
}
