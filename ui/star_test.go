package ui

import (
	"fmt"
	"image/color"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/jumpers-game/jumpers/app"
	cc "github.com/jumpers-game/jumpers/core/chinesecheckers"
	"github.com/jumpers-game/jumpers/storage"
	"github.com/jumpers-game/jumpers/ui/board/ccboard"
	"github.com/jumpers-game/jumpers/ui/kit"
)

// The star fills the phone in both orientations: in portrait nearly the
// space's width, in landscape (turned a quarter) its height is the
// space's height; the holes are further apart than the 18 dp of the
// landscape star with wide margins. In portrait the star, taller than
// wide, is as high as the room the fixed slots leave (two status lines,
// the end panel's room kept from the start, issue 49): 84% of the width,
// holes 23 dp apart (90% and 25.5 when the board shrank at the end).
func TestCCStarFillsThePhone(t *testing.T) {
	six := []string{storage.Human, storage.Human, storage.Human, storage.Human, storage.Human, storage.Human}
	for _, tc := range []struct {
		sz           fyne.Size
		minU, minFit float32
	}{{fyne.NewSize(360, 740), 22.5, 0.83}, {fyne.NewSize(740, 360), 20, 0.9}} {
		h := newHarness(t, "")
		h.w.Resize(tc.sz)
		gs := h.startCC("", six...)
		area := gs.screen.content.Size()
		b := gs.board.Size()
		g := ccboard.GeomFor(b)
		starW, starH := float32(ccboard.SpanX)*g.U, float32(ccboard.SpanY)*g.U
		if g.Rot {
			starW, starH = starH, starW
		}
		if kit.Landscape(area) {
			if !g.Rot {
				t.Errorf("%v: the star is upright in a wide space", tc.sz)
			}
			if r := starH / area.Height; r < 0.9 {
				t.Errorf("%v: the star is %.0f%% of the height %.0f", tc.sz, 100*r, area.Height)
			}
		} else if r := starW / area.Width; r < tc.minFit {
			t.Errorf("%v: the star is %.0f%% of the width %.0f", tc.sz, 100*r, area.Width)
		}
		if g.U < tc.minU {
			t.Errorf("%v: holes %.1f dp apart, want at least %.1f", tc.sz, g.U, tc.minU)
		}
		// every hole inside the board
		for hole := 0; hole < cc.NumHoles; hole++ {
			x, y := g.XY(hole)
			if x < g.U/3 || y < g.U/3 || x > b.Width-g.U/3 || y > b.Height-g.U/3 {
				t.Fatalf("%v: hole %s at %.0f,%.0f outside %v", tc.sz, cc.HoleName(hole), x, y, b)
			}
		}
		t.Logf("%v: space %v, board %v, holes %.1f dp apart, turned %v", tc.sz, area, b, g.U, g.Rot)
	}
}

// Reachable holes are marked with hollow rings about half a piece
// across: nothing like the full pieces.
func TestCCMarkersAreNotPieces(t *testing.T) {
	h := newHarness(t, "")
	gs := h.startCC("", storage.Human, storage.Human)
	b := ccBoardOf(t, gs)
	h.tapHole(gs, "d1")
	if len(b.View.Targets) == 0 {
		t.Fatal("no targets for d1")
	}
	r := test.TempWidgetRenderer(t, b).(*ccboard.Renderer)
	g := ccboard.GeomFor(b.Size())
	var piece *canvas.Circle
	for _, p := range r.Pieces {
		if p.Circle.Visible() {
			piece = p.Circle
			break
		}
	}
	if piece == nil {
		t.Fatal("no round piece drawn")
	}
	for _, th := range b.View.Targets {
		m := r.Targets[th]
		if !m.Visible() {
			t.Fatalf("target %s not drawn", cc.HoleName(th))
		}
		if _, _, _, a := m.FillColor.RGBA(); a != 0 {
			t.Errorf("target %s is filled (alpha %d): it would look like a piece", cc.HoleName(th), a)
		}
		if _, _, _, a := piece.FillColor.RGBA(); a == 0 {
			t.Fatal("pieces are hollow")
		}
		if ms, ps := m.Size().Width, piece.Size().Width; ms > 0.7*ps || ms < 0.3*g.U {
			t.Errorf("target %s is %.1f across, a piece %.1f, holes %.1f apart", cc.HoleName(th), ms, ps, g.U)
		}
	}
}

// A tap between two reachable holes opens the magnified pick with both;
// a tap there on one plays it. A tap on a hole's centre plays at once.
func TestCCAmbiguousTapAsks(t *testing.T) {
	h := newHarness(t, "")
	gs := h.startCC("", storage.Human, storage.Human)
	b := ccBoardOf(t, gs)
	h.tapHole(gs, "d1")
	g := ccboard.GeomFor(b.Size())
	var a, c int = -1, -1
	for i, t1 := range b.View.Targets {
		for _, t2 := range b.View.Targets[i+1:] {
			x1, y1 := g.XY(t1)
			x2, y2 := g.XY(t2)
			if d := (x1-x2)*(x1-x2) + (y1-y2)*(y1-y2); d < g.U*g.U*1.01 {
				a, c = t1, t2
			}
		}
	}
	if a < 0 {
		t.Fatalf("no two neighbouring targets among %v", names(b.View.Targets))
	}
	x1, y1 := g.XY(a)
	x2, y2 := g.XY(c)
	test.TapAt(b, fyne.NewPos((x1+x2)/2, (y1+y2)/2))
	if gs.c.LastMove() != "" {
		t.Fatalf("an ambiguous tap played %s", gs.c.LastMove())
	}
	z := b.Pick
	if z == nil || len(z.Cands) < 2 {
		t.Fatal("no pick opened")
	}
	if got := names(z.Cands[:2]); !(got[0] == cc.HoleName(a) && got[1] == cc.HoleName(c) || got[0] == cc.HoleName(c) && got[1] == cc.HoleName(a)) {
		t.Fatalf("pick offers %v, want %s and %s", names(z.Cands), cc.HoleName(a), cc.HoleName(c))
	}
	if z.G.U < 48 {
		t.Fatalf("the pick's holes are %.0f dp apart", z.G.U)
	}
	zx, zy := z.G.XY(c)
	test.TapAt(z, fyne.NewPos(zx+5, zy-5))
	if got, want := gs.c.LastMove(), "d1"+cc.HoleName(c); got != want {
		t.Fatalf("picked %s: played %q", want, got)
	}
	if b.Pick != nil {
		t.Fatal("the pick stays open")
	}
}

// With six seats, one human and five computers, the human sees each
// computer's move since its last turn as a path in that seat's colour,
// the older ones fainter, and can replay them hop by hop.
func TestCCGhostPathsPerSeat(t *testing.T) {
	h := newHarness(t, "")
	h.w.Resize(fyne.NewSize(360, 740)) // upright: "5 moves" (turned, "5")
	gs := h.startCC("", storage.Human, storage.Computer, storage.Computer, storage.Computer, storage.Computer, storage.Computer)
	b := ccBoardOf(t, gs)
	r := test.TempWidgetRenderer(t, b).(*ccboard.Renderer)
	for round := 0; round < 2; round++ {
		h.tapHole(gs, "d"+string(rune('1'+round)))
		h.tapHole(gs, cc.HoleName(b.View.Targets[0]))
		for seat := 1; seat <= 5; seat++ {
			if gs.c.State() != app.Thinking {
				t.Fatalf("seat %d: state %v", seat, gs.c.State())
			}
			// while computers think, the moves so far are shown
			if n := len(b.View.Ghosts); n != seat-1 {
				t.Fatalf("seat %d thinks: %d ghosts, want the %d computers' before", seat, n, seat-1)
			}
			// which computer of the run thinks, and the seat marked
			counter := gs.score.Objects[len(gs.score.Objects)-1].(*widget.Label).Text
			if _, icon := gs.score.Objects[len(gs.score.Objects)-2].(*widget.Icon); !icon {
				t.Fatalf("seat %d thinks: no computer icon before the counter", seat)
			}
			if want := fmt.Sprintf("%d of 5", seat); counter != want {
				t.Fatalf("seat %d thinks: counter %q, want %q", seat, counter, want)
			}
			if got := thinkingSeats(gs.score); len(got) != 1 || got[0] != seat {
				t.Fatalf("seat %d thinks: marked %v", seat, got)
			}
			call := h.ai.Next(t)
			call.Answer <- call.Pos.Moves()[len(call.Pos.Moves())/2]
			h.q.RunOne(t)
		}
		if gs.c.State() != app.Human {
			t.Fatalf("state %v", gs.c.State())
		}
		gh := b.View.Ghosts
		if len(gh) != 5 {
			t.Fatalf("round %d: %d ghost paths, want 5", round, len(gh))
		}
		for i, g := range gh {
			if g.Player != i+1 {
				t.Errorf("ghost %d is player %d's, want %d's", i, g.Player+1, i+2)
			}
			want, _ := cc.MovePath(gs.c.History().Position(g.Index-1), gs.c.History().Move(g.Index))
			if names(g.Path)[0] != names(want)[0] || len(g.Path) != len(want) {
				t.Errorf("ghost %d path %v, want %v", i, names(g.Path), names(want))
			}
		}
		// drawn: each ghost's start ring in its seat's colour, older fainter
		for i := range gh {
			ring := r.Ghosts.Starts[i]
			pc := kit.PlayerColour(h.u.env.Settings(), gh[i].Player)
			if !ring.Visible() || ring.StrokeColor.(color.NRGBA).R != pc.R || ring.StrokeColor.(color.NRGBA).G != pc.G {
				t.Fatalf("ghost %d start ring %v visible %v, seat colour %v", i, ring.StrokeColor, ring.Visible(), pc)
			}
			if i > 0 && ring.StrokeColor.(color.NRGBA).A <= r.Ghosts.Starts[i-1].StrokeColor.(color.NRGBA).A {
				t.Errorf("ghost %d is not stronger than the older %d", i, i-1)
			}
		}
		if rb := r.Ghosts.Replay; !rb.Visible() || rb.Text != "5 moves" || rb.Size().Height < kit.TouchSize || rb.Size().Width < kit.TouchSize {
			t.Fatalf("replay control %q visible %v size %v", rb.Text, rb.Visible(), rb.Size())
		}
	}
	// Replay: the first ghost's move from its position, hop by hop, then
	// every later one, then the present again.
	var tick func()
	b.After = func(_ time.Duration, f func()) { tick = f }
	now := pos(gs)
	test.Tap(r.Ghosts.Replay)
	first := b.View.Ghosts
	if !b.View.Replaying || len(first) != 0 || b.View.MoveFrom < 0 {
		t.Fatalf("replay did not start: replaying %v", b.View.Replaying)
	}
	if rb := r.Ghosts.Replay; !rb.Visible() || rb.Text != "1 of 5" {
		t.Fatalf("during the replay the control says %q (visible %v)", rb.Text, rb.Visible())
	}
	hops := 0
	for guard := 0; b.View.Replaying && guard < 200; guard++ {
		hops++
		tick()
	}
	if b.View.Replaying || hops < 5 {
		t.Fatalf("replay: %d frames, still replaying %v", hops, b.View.Replaying)
	}
	if pos(gs) != now || len(b.View.Ghosts) != 5 {
		t.Fatalf("after the replay: %d ghosts", len(b.View.Ghosts))
	}
	// The control stops a replay; so does a tap on the star, which
	// selects nothing.
	test.Tap(r.Ghosts.Replay)
	test.Tap(r.Ghosts.Replay)
	if b.View.Replaying || b.Replay != nil || r.Ghosts.Replay.Text != "5 moves" {
		t.Fatalf("stopped by the control: replaying %v, control %q", b.View.Replaying, r.Ghosts.Replay.Text)
	}
	test.Tap(r.Ghosts.Replay)
	h.tapHole(gs, "d3")
	if b.View.Replaying || b.Replay != nil || b.View.Sel != -1 {
		t.Fatalf("a tap during the replay: replaying %v, selected %d", b.View.Replaying, b.View.Sel)
	}
}

// thinkingSeats are the seats of the score row marked as thinking.
func thinkingSeats(row *fyne.Container) []int {
	var out []int
	seat := 0
	for _, o := range row.Objects {
		found := false
		var walk func(o fyne.CanvasObject)
		walk = func(o fyne.CanvasObject) {
			switch x := o.(type) {
			case *fyne.Container:
				for _, c := range x.Objects {
					walk(c)
				}
			case *canvas.Text:
				found = found || strings.HasSuffix(x.Text, "…")
			}
		}
		if c, ok := o.(*fyne.Container); ok {
			walk(c)
			if found {
				out = append(out, seat)
			}
			seat++
		}
	}
	return out
}

// Only what a tap can do counts: pieces walled in at home are no
// candidates, so a tap between two of them asks nothing.
func TestCCCandidatesCanMove(t *testing.T) {
	h := newHarness(t, "")
	gs := h.startCC("", storage.Human, storage.Human)
	b := ccBoardOf(t, gs)
	p := b.View.Pos
	cands := b.Candidates()
	if len(cands) == 0 {
		t.Fatal("no candidates at the start")
	}
	for _, c := range cands {
		if p.Owner(c) != 0 || len(p.Reach(c)) == 0 {
			t.Fatalf("candidate %s cannot move", cc.HoleName(c))
		}
	}
	a1, _ := cc.ParseHole("a1")
	b1, _ := cc.ParseHole("b1")
	g := ccboard.GeomFor(b.Size())
	x1, y1 := g.XY(a1)
	x2, y2 := g.XY(b1)
	test.TapAt(b, fyne.NewPos((x1+x2)/2, (y1+y2)/2))
	if b.Pick != nil {
		t.Fatal("a tap between two walled-in pieces opened a pick")
	}
}
