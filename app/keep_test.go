package app

import (
	"strings"
	"testing"

	"github.com/jumpers-game/jumpers/storage"
)

// Black (a7, you) is walled in and passes; the computer's answer fills
// the board and ends the game. The notice of the pass (which outlives the
// computer's reply during the game) goes with the end.
func TestPassNoticeGoesAtTheEnd(t *testing.T) {
	r := newAtaxxRig(t, "xoooooo/ooooooo/ooooooo/ooooooo/ooooooo/ooooooo/oooooo1 x 0 1", human(), computer(""))
	r.c.Start(false)
	if !strings.Contains(r.c.Notice(), "no move") {
		t.Fatalf("notice %q", r.c.Notice())
	}
	r.computerMove("g1")
	if r.c.State() != Over {
		t.Fatalf("state %v", r.c.State())
	}
	if n := r.c.Notice(); n != "" {
		t.Fatalf("notice after the end: %q", n)
	}
}

func TestTurnSeats(t *testing.T) {
	got := TurnSeats([]storage.Seat{human(), computer("x")})
	if got[0].Kind != "computer" || got[1].Kind != "human" {
		t.Fatalf("swap: %+v", got)
	}
	three := TurnSeats([]storage.Seat{computer("1"), computer("2"), computer("3")})
	if three[0].Level != "3" || three[1].Level != "1" || three[2].Level != "2" {
		t.Fatalf("rotate: %+v", three)
	}
}
