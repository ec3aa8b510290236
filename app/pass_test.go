package app

import (
	"strings"
	"testing"

	"github.com/jumpers-game/jumpers/app/apptest"
	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/ataxx"
	"github.com/jumpers-game/jumpers/storage"
)

// trapped: Black's only piece (a7) has every square within two steps
// taken by White, so Black must pass while White can still move.
const trapped = "xoo4/ooo4/ooo4/7/7/7/7 x 0 1"

func newAtaxxRig(t *testing.T, fen string, seats ...storage.Seat) *rig {
	t.Helper()
	r := &rig{t: t, q: apptest.NewQueue(), ai: apptest.NewFakeAI("1"), clock: &timers{}, st: DefaultSettings()}
	r.st.Animation = AnimNone
	start, err := ataxx.Game{}.ParsePosition(fen, "")
	if err != nil {
		t.Fatal(err)
	}
	if !ForcedPass(start) {
		t.Fatalf("%s: not a forced pass", fen)
	}
	r.c = NewController(Config{
		Game: ataxx.Game{}, History: core.NewHistory(start, ""), Seats: seats, Seed: 7,
		AI: r.ai, Post: r.q.Post, After: r.clock.after,
		Settings: func() Settings { return r.st },
		Autosave: func(sv storage.Save) { r.saves = append(r.saves, sv) },
	})
	return r
}

func TestForcedPassPlaysItself(t *testing.T) {
	r := newAtaxxRig(t, trapped, human(), human())
	r.c.Start(false)
	if r.c.LastMove() != PassMove || r.c.History().Cursor() != 1 || r.c.State() != Human {
		t.Fatalf("after start: last %q cursor %d state %v", r.c.LastMove(), r.c.History().Cursor(), r.c.State())
	}
	if n := r.c.Notice(); !strings.Contains(n, "Vermillion has no move and passes") {
		t.Fatalf("notice %q", n)
	}
	if r.c.Position().ToMove() != ataxx.White {
		t.Fatal("White is not to move after Black's pass")
	}
	r.tap("d7") // White clones; Black is still trapped and passes again
	if r.c.History().Cursor() != 3 || r.c.LastMove() != PassMove || r.c.State() != Human {
		t.Fatalf("after d7: cursor %d last %q state %v", r.c.History().Cursor(), r.c.LastMove(), r.c.State())
	}
	// Undo steps back over the forced pass to White's previous turn, and
	// does not play the pass again (which would drop the redo branch).
	r.c.Undo()
	if r.c.History().Cursor() != 1 || r.c.State() != Human || !r.c.CanRedo() {
		t.Fatalf("undo: cursor %d state %v redo %v", r.c.History().Cursor(), r.c.State(), r.c.CanRedo())
	}
	if r.c.Notice() != "" {
		t.Fatalf("notice after undo %q", r.c.Notice())
	}
	r.c.Redo()
	if r.c.History().Cursor() != 3 || r.c.State() != Human {
		t.Fatalf("redo: cursor %d state %v", r.c.History().Cursor(), r.c.State())
	}
}

func TestForcedPassAgainstComputer(t *testing.T) {
	r := newAtaxxRig(t, trapped, human(), computer(core.Beginner))
	r.c.Start(false)
	if r.c.State() != Thinking || r.c.LastMove() != PassMove {
		t.Fatalf("state %v last %q", r.c.State(), r.c.LastMove())
	}
	if n := r.c.Notice(); !strings.Contains(n, "You (Vermillion) have no move") {
		t.Fatalf("notice %q", n)
	}
	r.computerMove("d7")
	// Black passes again at once; the notice says so.
	if r.c.History().Cursor() != 3 || r.c.State() != Thinking || !strings.Contains(r.c.Notice(), "no move") {
		t.Fatalf("cursor %d state %v notice %q", r.c.History().Cursor(), r.c.State(), r.c.Notice())
	}
	// Undo while thinking: back to the start, where the pass is played
	// again (the same move, so redo survives) and the computer waits for Go.
	r.c.Undo()
	if r.c.History().Cursor() != 1 || r.c.State() != PausedComputer || !r.c.CanRedo() {
		t.Fatalf("undo: cursor %d state %v redo %v", r.c.History().Cursor(), r.c.State(), r.c.CanRedo())
	}
	r.q.RunOne(t) // the cancelled search's late answer is dropped
	if r.c.History().Cursor() != 1 {
		t.Fatal("a late answer was played")
	}
	r.c.Redo()
	if r.c.History().Cursor() != 3 || r.c.State() != PausedComputer {
		t.Fatalf("redo: cursor %d state %v", r.c.History().Cursor(), r.c.State())
	}
}

func TestComputerPassIsAnnounced(t *testing.T) {
	r := newAtaxxRig(t, trapped, computer(core.Beginner), human())
	r.c.Start(false)
	if r.c.State() != Thinking {
		t.Fatalf("state %v", r.c.State())
	}
	r.computerMove(PassMove)
	if n := r.c.Notice(); !strings.Contains(n, "Vermillion (computer) has no move and passes") || r.c.State() != Human {
		t.Fatalf("notice %q state %v", n, r.c.State())
	}
	r.tap("d7")
	if r.c.Notice() != "" && !strings.Contains(r.c.Notice(), "passes") {
		t.Fatalf("notice %q", r.c.Notice())
	}
}
