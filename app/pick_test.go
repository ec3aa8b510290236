package app

import (
	"strings"
	"testing"

	"github.com/jumpers-game/jumpers/app/apptest"
	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/ataxx"
	cc "github.com/jumpers-game/jumpers/core/chinesecheckers"
	"github.com/jumpers-game/jumpers/core/cube"
	"github.com/jumpers-game/jumpers/storage"
)

// newPickRig is a controller of game g at start, every seat human.
func newPickRig(t *testing.T, g core.Game, start core.Position) *rig {
	t.Helper()
	r := &rig{t: t, q: apptest.NewQueue(), ai: apptest.NewFakeAI("1"), clock: &timers{}, st: DefaultSettings()}
	r.st.Animation = AnimNone
	seats := make([]storage.Seat, start.Players())
	for i := range seats {
		seats[i] = human()
	}
	r.c = NewController(Config{
		Game: g, History: core.NewHistory(start, ""), Seats: seats, Seed: 7,
		AI: r.ai, Post: r.q.Post, After: r.clock.after,
		Settings: func() Settings { return r.st },
	})
	r.c.Start(false)
	return r
}

// wantPick checks Pick(square) and the tap of the board that shows it
// (PickTap): both say the same, and it contains want ("" = allowed).
func wantPick(t *testing.T, c *Controller, square, want string) {
	t.Helper()
	why := c.Pick(square)
	if tap := c.Tap(PickTap(square)); tap != why {
		t.Errorf("%s: the pick says %q, its tap %q", square, why, tap)
	}
	if want == "" && why != "" || want != "" && !strings.Contains(why, want) {
		t.Errorf("%s: %q, want %q", square, why, want)
	}
	if why != "" && !startsUpper(why) && !strings.ContainsAny(strings.Fields(why)[0], "0123456789") {
		t.Errorf("%s: %q is not a sentence", square, why)
	}
}

func startsUpper(s string) bool { return s != "" && strings.ToUpper(s[:1]) == s[:1] }

// Every refused pick in Ataxx says why, from the rules (issue 49: a wrong
// tap said nothing).
func TestAtaxxPickRefusalsSayWhy(t *testing.T) {
	// Vermillion (x): a7 walled in, g1 free; d4 a gap.
	start, err := ataxx.Game{}.ParsePosition("xoo4/ooo4/ooo4/3-3/7/7/6x x 0 1", "")
	if err != nil {
		t.Fatal(err)
	}
	r := newPickRig(t, ataxx.Game{}, start)
	x, o := r.c.PlayerName(0), r.c.PlayerName(1)
	wantPick(t, r.c, "g1", "")
	wantPick(t, r.c, "e3", "e3 is empty: tap one of "+x+"'s pieces")
	wantPick(t, r.c, "b7", "is a piece of "+o+", and "+x+" is to move")
	wantPick(t, r.c, "a7", "The piece on a7 has no move")
	wantPick(t, r.c, "d4", "is a gap")
	// An unreachable square for the picked piece: the move says why.
	if why := r.c.Tap("g1d1"); !strings.Contains(why, "not a jump from g1") {
		t.Errorf("g1d1: %q", why)
	}
	if r.c.History().Cursor() != 0 {
		t.Fatal("a refused pick or move was played")
	}
}

// Chinese Checkers says why for an empty hole, another player's piece and
// a piece with no move.
func TestCheckersPickRefusalsSayWhy(t *testing.T) {
	start, err := cc.Game{}.Start(core.Options{})
	if err != nil {
		t.Fatal(err)
	}
	p, _ := cc.Concrete(start)
	r := newPickRig(t, cc.Game{}, start)
	mover, other := p.ToMove(), 1-p.ToMove()
	var free, stuck = -1, -1
	for _, h := range p.Pieces(mover) {
		if len(p.Reach(h)) == 0 {
			stuck = h
		} else {
			free = h
		}
	}
	empty := -1
	for h := 0; h < cc.NumHoles && empty < 0; h++ {
		if p.Owner(h) < 0 {
			empty = h
		}
	}
	if free < 0 || stuck < 0 || empty < 0 {
		t.Fatalf("start: free %d stuck %d empty %d", free, stuck, empty)
	}
	name := r.c.PlayerName
	wantPick(t, r.c, cc.HoleName(free), "")
	wantPick(t, r.c, cc.HoleName(empty), "is empty: tap one of "+name(mover)+"'s pieces")
	wantPick(t, r.c, cc.HoleName(p.Pieces(other)[0]), "is a piece of "+name(other)+", and "+name(mover)+" is to move")
	wantPick(t, r.c, cc.HoleName(stuck), "has no move now")
	// An unreachable hole for the picked piece: the move says why.
	if why := r.c.Tap(cc.HoleName(free) + cc.HoleName(empty)); !strings.Contains(why, "cannot be reached from") {
		t.Errorf("far move: %q", why)
	}
}

// A pick outside a human's turn, or while viewing a past move, is refused
// as a tap is; a game without pieces to pick (the cube) allows any.
func TestPickFollowsTheTurn(t *testing.T) {
	start, err := cube.Game{}.Start(core.Options{})
	if err != nil {
		t.Fatal(err)
	}
	r := newPickRig(t, cube.Game{}, start)
	wantPick(t, r.c, "1:1", "")
	r.tap("1:1")
	r.c.View(0)
	wantPick(t, r.c, "2:2", "Viewing move")
	r.c.Live()
	wantPick(t, r.c, "2:2", "")
}
