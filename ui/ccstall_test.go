package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"

	"github.com/jumpers-game/jumpers/app"
	cc "github.com/jumpers-game/jumpers/core/chinesecheckers"
	"github.com/jumpers-game/jumpers/storage"
	"github.com/jumpers-game/jumpers/ui/internal/uitest"
)

// A Chinese Checkers game ended by the stall rule: the end panel says why
// and how it ranked the players, named as the board shows them (the names
// typed for the seats, else the colours; never "Player 2"), and on a phone
// the reason wraps instead of being cut, upright and on its side.
func TestCCStallEndExplained(t *testing.T) {
	h := newHarness(t, "")
	st := h.u.env.Settings()
	st.Colours[0], st.Colours[1] = "Bluish green", "Reddish purple"
	h.u.env.SetSettings(st)
	gs := h.startCC("", storage.Human, storage.Human)
	playToStall(t, gs)
	d := gs.end.detail.Text
	want := "Stalled: no player came closer to its target in its last 20 moves; Bluish green and Reddish purple have 119 holes to go each"
	if !strings.HasPrefix(d, want) || strings.Contains(d, "Player ") {
		t.Fatalf("detail %q\nwant it to start %q", d, want)
	}
	for _, size := range []fyne.Size{fyne.NewSize(360, 740), fyne.NewSize(740, 360)} {
		h.w.Resize(size)
		h.w.Canvas().Refresh(h.w.Content())
		uitest.CheckLabelsFit(t, "end panel", h.w.Content())
		if p, s := gs.end.detail.Position(), gs.end.detail.Size(); p.X < 0 || s.Width > size.Width || s.Height+0.5 < gs.end.detail.MinSize().Height {
			t.Errorf("%v: reason at %v, %v (min %v)", size, p, s, gs.end.detail.MinSize())
		}
	}
}

// playToStall plays a two-player game on gs until the stall rule ends
// it: a step forward each, then back and forth.
func playToStall(t *testing.T, gs *gameScreen) {
	t.Helper()
	moves := []string{"d1e5", "n4m9"}
	cycle := []string{"e5d1", "m9n4", "d1e5", "n4m9"}
	for i := 0; len(moves) < 2+2*cc.StallMoves; i++ {
		moves = append(moves, cycle[i%4])
	}
	for _, m := range moves {
		if why := gs.c.Tap(m); why != "" {
			t.Fatalf("%s: %s", m, why)
		}
	}
	if gs.c.State() != app.Over {
		t.Fatalf("not over after %d moves", len(moves))
	}
}

// Six players stalled at once, the longest reason there is (every name
// and place): it still fits beside the board of a 360 dp high window,
// above the buttons, and no "finishes 1st" notice claims a finish nobody
// made.
func TestCCStallEndSixPlayersFits(t *testing.T) {
	h := newHarness(t, "")
	st := h.u.env.Settings()
	st.Colours[0], st.Colours[1] = "Bluish green", "Reddish purple"
	h.u.env.SetSettings(st)
	H := storage.Human
	gs := h.startCC("", H, H, H, H, H, H)
	var step [6][2]string // each player's first step forward, and back
	for pl := range step {
		p, _ := cc.Concrete(gs.c.Position())
		for _, m := range p.LegalMoves() {
			q := p
			q.Play(m)
			if q.ToGo(pl) == p.ToGo(pl)-1 {
				step[pl] = [2]string{m.String(), cc.Move{From: m.To, To: m.From}.String()}
				break
			}
		}
		if why := gs.c.Tap(step[pl][0]); why != "" {
			t.Fatal(why)
		}
	}
	for i := 0; gs.c.State() != app.Over; i++ {
		if why := gs.c.Tap(step[gs.c.Position().ToMove()][(i/6+1)%2]); why != "" || i > 6*cc.StallMoves {
			t.Fatalf("ply %d: %q", gs.c.History().Cursor(), why)
		}
	}
	if d := gs.end.detail.Text; !strings.Contains(d, "Bluish green, Reddish purple, Orange, Vermillion, Yellow and Sky blue have 119 holes to go each") {
		t.Errorf("detail %q", d)
	}
	if strings.Contains(gs.notice.Text, "finishes") {
		t.Errorf("notice %q", gs.notice.Text)
	}
	d := fyne.CurrentApp().Driver()
	for _, size := range []fyne.Size{fyne.NewSize(360, 740), fyne.NewSize(740, 360)} {
		h.w.Resize(size)
		h.w.Canvas().Refresh(h.w.Content())
		uitest.CheckLabelsFit(t, "end panel", h.w.Content())
		top, s := d.AbsolutePositionForObject(gs.end.detail), gs.end.detail.Size()
		again := d.AbsolutePositionForObject(gs.end.again)
		if top.X < 0 || top.X+s.Width > size.Width || top.Y+s.Height > again.Y || again.Y+gs.end.again.Size().Height > size.Height {
			t.Errorf("%v: reason at %v, %v; Play again at %v", size, top, s, again)
		}
	}
}
