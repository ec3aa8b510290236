package app

import (
	"testing"

	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/storage"
)

// askHint asks for a hint for the player to move and returns the request
// the AI got, answering it with move.
func (r *rig) askHint(move string) core.AIRequest {
	r.t.Helper()
	if !r.c.CanHint() {
		r.t.Fatalf("no hint in state %v", r.c.State())
	}
	r.c.Hint()
	call := r.ai.Next(r.t)
	call.Answer <- move
	r.q.RunOne(r.t)
	if r.c.HintMove() != move {
		r.t.Fatalf("hint %q, want %q", r.c.HintMove(), move)
	}
	return call.Req
}

// TestHintFollowsTheSeat: in a pass-and-play game each human gets hints
// from the computer set for their own seat, not from one global level
// (KJumpingCube: the hint comes from computer player 1 or 2).
func TestHintFollowsTheSeat(t *testing.T) {
	r := newRig(t, 20,
		storage.Seat{Kind: storage.Human, HintLevel: core.Expert, HintStyle: "plain"},
		storage.Seat{Kind: storage.Human, HintLevel: core.Beginner},
	)
	r.st.HintLevel = core.Expert // the global setting must not win for player 2
	r.c.Start(false)
	if req := r.askHint("2"); req.Level != core.Expert || req.Style != "plain" {
		t.Fatalf("player 1's hint from %q/%q, want Expert/plain", req.Level, req.Style)
	}
	r.tap("1")
	if req := r.askHint("1"); req.Level != core.Beginner {
		t.Fatalf("player 2's hint from %q, want Beginner (its seat)", req.Level)
	}
	r.tap("1")
	if req := r.askHint("1"); req.Level != core.Expert {
		t.Fatalf("player 1's hint from %q after a round, want Expert", req.Level)
	}
}

// TestHintWithoutSeatHelperUsesSettings: a seat without a helper (a game
// saved before seats had one) takes the hint strength of the settings,
// read when the hint is asked, and an unknown style becomes the game's
// default.
func TestHintWithoutSeatHelperUsesSettings(t *testing.T) {
	r := newRig(t, 20, human(), storage.Seat{Kind: storage.Human, HintStyle: "no such style"})
	r.st.HintLevel = core.Beginner
	r.c.Start(false)
	if req := r.askHint("1"); req.Level != core.Beginner {
		t.Fatalf("hint from %q, want the settings' Beginner", req.Level)
	}
	r.st.HintLevel = core.Expert
	if req := r.askHint("1"); req.Level != core.Expert {
		t.Fatalf("hint from %q after the setting changed, want Expert", req.Level)
	}
	r.tap("2")
	if lv, st := r.c.HintHelper(1); lv != core.Expert || st != "" {
		t.Fatalf("seat 2's helper %q/%q, want the settings' Expert and the default style", lv, st)
	}
}

// TestSeatHelperSurvivesTheSave: the helper is part of the seat in the
// save, so a reloaded game hints as before; a save without helpers is
// written as version 1, which older apps read.
func TestSeatHelperSurvivesTheSave(t *testing.T) {
	r := newRig(t, 20, storage.Seat{Kind: storage.Human, HintLevel: core.Beginner}, human())
	r.st.HintLevel = core.Expert
	r.c.Start(false)
	data, err := storage.Encode(r.c.Snapshot())
	if err != nil {
		t.Fatal(err)
	}
	sv, h, err := storage.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	if sv.Version != 2 || sv.Seats[0].HintLevel != core.Beginner {
		t.Fatalf("saved as version %d with seats %+v", sv.Version, sv.Seats)
	}
	r2 := newRig(t, 20)
	r2.st.HintLevel = core.Expert
	r2.c = NewController(Config{Game: raceGame{}, History: h, Seats: sv.Seats, AI: r2.ai, Post: r2.q.Post,
		After: r2.clock.after, Settings: func() Settings { return r2.st }})
	r2.c.Start(true)
	if req := r2.askHint("1"); req.Level != core.Beginner {
		t.Fatalf("reloaded game hints from %q, want the seat's Beginner", req.Level)
	}

	plain := newRig(t, 20, human(), human())
	data, _ = storage.Encode(plain.c.Snapshot())
	if sv, _, err := storage.Decode(data); err != nil || sv.Version != 1 {
		t.Fatalf("a save without helpers: version %d, %v; want 1", sv.Version, err)
	}
}
