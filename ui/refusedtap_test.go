package ui

import (
	"strings"
	"testing"

	"github.com/jumpers-game/jumpers/core/ataxx"
	cc "github.com/jumpers-game/jumpers/core/chinesecheckers"
	"github.com/jumpers-game/jumpers/storage"
	"github.com/jumpers-game/jumpers/ui/board/ataxxboard"
)

// wantNotice checks that the last tap left a notice containing want, and
// clears it for the next.
func wantNotice(t *testing.T, gs *gameScreen, tapped, want string) {
	t.Helper()
	if !strings.Contains(gs.notice.Text, want) {
		t.Errorf("tap on %s: notice %q, want %q", tapped, gs.notice.Text, want)
	}
	gs.say("")
}

// Every refused tap on an Ataxx board says why (issue 49: an empty square,
// another player's piece, a square out of reach said nothing), and plays
// nothing.
func TestAtaxxRefusedTapsSayWhy(t *testing.T) {
	h := newHarness(t, "")
	gs := h.startAtaxx("standard", "standard", storage.Human, storage.Human)
	p, err := ataxx.Concrete(gs.c.Position())
	if err != nil {
		t.Fatal(err)
	}
	own, other := "", ""
	for sq := 0; sq < ataxx.Squares; sq++ {
		switch p.At(sq) {
		case ataxx.BlackPiece:
			own = ataxx.SquareName(sq)
		case ataxx.WhitePiece:
			other = ataxx.SquareName(sq)
		}
	}
	x, o := gs.c.PlayerName(0), gs.c.PlayerName(1)
	b := gs.board.(*ataxxboard.Board)

	h.tapAtaxx(gs, "d4")
	wantNotice(t, gs, "d4", "d4 is empty: tap one of "+x+"'s pieces")
	h.tapAtaxx(gs, other)
	wantNotice(t, gs, other, other+" is a piece of "+o+", and "+x+" is to move")
	h.tapAtaxx(gs, own)
	if b.Selected() < 0 || gs.notice.Text != "" {
		t.Fatalf("own piece %s: selected %d, notice %q", own, b.Selected(), gs.notice.Text)
	}
	h.tapAtaxx(gs, "d4") // three squares from every corner
	wantNotice(t, gs, "d4 after "+own, "d4 is not a jump from "+own)
	if b.Selected() >= 0 {
		t.Error("the piece stays selected after a refused move")
	}
	h.tapAtaxx(gs, own)
	h.tapAtaxx(gs, other)
	wantNotice(t, gs, other+" after "+own, other+" is a piece of "+o)
	if gs.c.History().Len() != 0 {
		t.Fatalf("a refused tap played %v", gs.c.History().Record().Moves)
	}
}

// The same in Chinese Checkers: an empty hole, another player's piece, a
// piece walled in by its own, a hole out of reach.
func TestCheckersRefusedTapsSayWhy(t *testing.T) {
	h := newHarness(t, "")
	gs := h.startCC("", storage.Human, storage.Human)
	p, err := cc.Concrete(gs.c.Position())
	if err != nil {
		t.Fatal(err)
	}
	mover := p.ToMove()
	free, stuck := "", ""
	for _, hole := range p.Pieces(mover) {
		if len(p.Reach(hole)) == 0 {
			stuck = cc.HoleName(hole)
		} else if free == "" {
			free = cc.HoleName(hole)
		}
	}
	other := cc.HoleName(p.Pieces(1 - mover)[0])
	centre := cc.HoleName(cc.NumHoles / 2)
	if p.Owner(cc.NumHoles/2) >= 0 || stuck == "" || free == "" {
		t.Fatalf("start: centre %s owner %d, stuck %q free %q", centre, p.Owner(cc.NumHoles/2), stuck, free)
	}
	name := gs.c.PlayerName
	b := ccBoardOf(t, gs)

	h.tapHole(gs, centre)
	wantNotice(t, gs, centre, centre+" is empty: tap one of "+name(mover)+"'s pieces")
	h.tapHole(gs, other)
	wantNotice(t, gs, other, other+" is a piece of "+name(1-mover))
	h.tapHole(gs, stuck)
	wantNotice(t, gs, stuck, "The piece on "+stuck+" has no move now")
	h.tapHole(gs, free)
	if b.View.Sel < 0 || gs.notice.Text != "" {
		t.Fatalf("own piece %s: selected %d, notice %q", free, b.View.Sel, gs.notice.Text)
	}
	h.tapHole(gs, centre)
	wantNotice(t, gs, centre+" after "+free, centre+" cannot be reached from "+free)
	if b.View.Sel >= 0 {
		t.Error("the piece stays selected after a refused move")
	}
	if gs.c.History().Len() != 0 {
		t.Fatalf("a refused tap played %v", gs.c.History().Record().Moves)
	}
}

// The cube: a square of another player's says whose it is.
func TestCubeRefusedTapSaysWhy(t *testing.T) {
	h := newHarness(t, "")
	gs := h.startGame(3, storage.Human, storage.Human)
	h.tapSquare(gs, 2, 2)
	h.tapSquare(gs, 2, 2)
	wantNotice(t, gs, "2:2", "Square 2:2 belongs to "+gs.c.PlayerName(0))
}
