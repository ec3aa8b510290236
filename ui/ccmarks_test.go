package ui

import (
	"image/color"
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/jumpers-game/jumpers/app"
	"github.com/jumpers-game/jumpers/storage"
	"github.com/jumpers-game/jumpers/ui/board/ccboard"
	"github.com/jumpers-game/jumpers/ui/kit"
)

// The review of a Chinese Checkers move draws the move played and the
// engine's better move in different colours, and the better move in none
// of the players' colours: both were dark grey, and one could not tell
// them apart.
func TestCCReviewMarkColours(t *testing.T) {
	for _, players := range []int{2, 6} {
		h := newHarness(t, "")
		seats := make([]string, players)
		for i := range seats {
			seats[i] = storage.Human
		}
		gs := h.startCC("", seats...)
		playFirst(t, gs, 8)
		rs := reviewOf(t, h, gs)
		hist := rs.c.History()
		before, played := hist.Position(4), hist.Move(5)
		better := ""
		for _, m := range before.Moves() {
			if m != played && m != app.PassMove {
				better = m
				break
			}
		}
		rs.an.showMark(app.MoveReview{Index: 5, Mover: before.ToMove(), Played: played, Best: better, Known: true, Loss: 0.5, Class: app.Blunder})
		b := rs.board.(*ccboard.Board)
		r := test.WidgetRenderer(b).(*ccboard.Renderer)
		if !r.HintRing[0].Visible() || !r.LastFrom.Visible() || !r.Lines[0].Visible() {
			t.Fatalf("%d players: hint %v, last move %v, path %v drawn", players, r.HintRing[0].Visible(), r.LastFrom.Visible(), r.Lines[0].Visible())
		}
		hint := opaque(r.HintRing[0].StrokeColor)
		for name, c := range map[string]color.Color{"the last move's ring": r.LastFrom.StrokeColor, "the last move's path": r.Lines[0].StrokeColor} {
			if opaque(c) == hint {
				t.Errorf("%d players: the better move is drawn in the colour of %s (%v)", players, name, hint)
			}
		}
		if opaque(r.HintLine.StrokeColor) != hint {
			t.Errorf("%d players: the hint's line %v, its rings %v", players, r.HintLine.StrokeColor, hint)
		}
		for i := range players {
			if p := kit.PlayerColour(h.u.env.Settings(), i); opaque(p) == hint {
				t.Errorf("%d players: the better move is drawn in player %d's colour", players, i)
			}
		}
		h.u.back()
	}
}

// opaque is c without its alpha: marks of one colour differ in alpha only.
func opaque(c color.Color) color.NRGBA {
	n := kit.ToNRGBA(c)
	n.A = 0xFF
	return n
}
