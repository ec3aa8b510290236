package ui

import (
	"math"
	"testing"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/jumpers-game/jumpers/app"
	"github.com/jumpers-game/jumpers/core"
	cc "github.com/jumpers-game/jumpers/core/chinesecheckers"
	"github.com/jumpers-game/jumpers/storage"
	"github.com/jumpers-game/jumpers/ui/board/ccboard"
	"github.com/jumpers-game/jumpers/ui/board/cubeboard"
	"github.com/jumpers-game/jumpers/ui/internal/uitest"
)

// findHopIntoGoal plays a two-player game, each side taking the move that
// brings a piece nearest its goal, until a move of several hops ends in
// the mover's goal from outside it, the first hop landing outside: the
// "in goal" count changes on a later hop. It returns the moves before it and that move.
func findHopIntoGoal(t *testing.T) (prefix []string, into string) {
	t.Helper()
	pos, _ := cc.Game{}.Start(core.Options{}.WithInt(core.OptPlayers, 2))
	goalXY := func(p cc.Position, i int) (gx, gy float64) {
		n := 0.0
		for h := 0; h < cc.NumHoles; h++ {
			if ccboard.InGoal(p, i, h) {
				x, y := cc.HoleXY(h)
				gx, gy, n = gx+x, gy+y, n+1
			}
		}
		return gx / n, gy / n
	}
	for ply := 0; ply < 400; ply++ {
		p, _ := ccboard.Concrete(pos)
		i := p.ToMove()
		gx, gy := goalXY(p, i)
		best, bestGain := "", math.Inf(-1)
		for _, m := range pos.Moves() {
			path, err := cc.MovePath(pos, m)
			if err != nil || len(path) < 2 {
				continue
			}
			from, to := path[0], path[len(path)-1]
			if len(path) >= 3 && !ccboard.InGoal(p, i, from) && !ccboard.InGoal(p, i, path[1]) && ccboard.InGoal(p, i, to) {
				return prefix, m
			}
			fx, fy := cc.HoleXY(from)
			tx, ty := cc.HoleXY(to)
			if gain := math.Hypot(fx-gx, fy-gy) - math.Hypot(tx-gx, ty-gy); gain > bestGain {
				best, bestGain = m, gain
			}
		}
		if best == "" || pos.Result().Over {
			break
		}
		next, err := pos.Play(best)
		if err != nil {
			t.Fatal(err)
		}
		prefix, pos = append(prefix, best), next
	}
	t.Fatal("no chain of hops into the goal found")
	return nil, ""
}

// While a Chinese Checkers move is shown hop by hop, the "in goal" count
// of the score row is the board's on screen: a piece hopping into its
// goal counts only when it lands there (it counted from the first hop).
func TestCCScoreFollowsTheHops(t *testing.T) {
	h := newHarness(t, "")
	st := h.u.env.Settings()
	st.Animation, st.PauseStep = app.AnimHighlight, true
	h.u.env.SetSettings(st)
	gs := h.startCC("", storage.Human, storage.Human)
	prefix, into := findHopIntoGoal(t)
	for _, m := range prefix {
		if why := gs.c.Tap(m); why != "" {
			t.Fatal(why)
		}
		for gs.c.State() == app.PausedStep || gs.c.State() == app.Animating {
			test.Tap(gs.stopGo) // Stop: jump to the end
		}
	}
	mover := gs.c.Position().ToMove()
	if why := gs.c.Tap(into); why != "" {
		t.Fatal(why)
	}
	b := ccBoardOf(t, gs)
	steps := 0
	for gs.c.State() == app.PausedStep {
		gs.update()
		b.Update()
		shown := 0 // the mover's pieces in its goal on the board shown
		for _, hole := range b.View.Pos.Pieces(mover) {
			if hole == b.View.MoveFrom && b.View.MoveAt >= 0 {
				hole = b.View.MoveAt
			}
			if ccboard.InGoal(b.View.Pos, mover, hole) {
				shown++
			}
		}
		ls := uitest.FindWidgets[*widget.Label](gs.score)
		if got := ls[mover].Text; got != cubeboard.Itoa(shown) {
			t.Fatalf("hop %d of %s: score %q in goal, the board shows %d", steps+1, into, got, shown)
		}
		steps++
		test.Tap(gs.stopGo)
		for gs.c.State() == app.Animating {
			h.q.RunOne(t)
		}
	}
	if steps < 2 {
		t.Fatalf("%d hops shown", steps)
	}
}
