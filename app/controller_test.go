package app

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jumpers-game/jumpers/app/apptest"
	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/storage"
)

// rig is a controller with fakes around it: a queue for the UI goroutine,
// an AI the test answers, a fake clock and a recorded autosave.
type rig struct {
	t     *testing.T
	c     *Controller
	q     *apptest.Queue
	ai    *apptest.FakeAI
	clock *timers
	st    Settings
	saves []storage.Save
}

func human() storage.Seat { return storage.Seat{Kind: storage.Human} }
func computer(level string) storage.Seat {
	return storage.Seat{Kind: storage.Computer, Level: level}
}

// raceStep is an animation step of the race game: a name.
type raceStep string

func (raceStep) AnimationStep() {}

// raceTrace animates a "2" in three steps; a "1" has no animation.
func raceTrace(pos core.Position, move string) ([]Step, error) {
	if _, err := pos.Play(move); err != nil {
		return nil, err
	}
	if move == "2" {
		return []Step{raceStep("added"), raceStep("wave 1"), raceStep("final")}, nil
	}
	return []Step{raceStep("final")}, nil
}

func newRig(t *testing.T, target int, seats ...storage.Seat) *rig {
	t.Helper()
	r := &rig{t: t, q: apptest.NewQueue(), ai: apptest.NewFakeAI("1"), clock: &timers{}, st: DefaultSettings()}
	r.st.Animation = AnimNone
	start, _ := raceGame{}.Start(core.Options{}.WithInt(core.OptSize, target))
	r.c = NewController(Config{
		Game: raceGame{}, History: core.NewHistory(start, ""), Seats: seats, Seed: 7,
		AI: r.ai, Trace: raceTrace, Post: r.q.Post, After: r.clock.after,
		Settings: func() Settings { return r.st },
		Autosave: func(sv storage.Save) { r.saves = append(r.saves, sv) },
	})
	return r
}

func (r *rig) expect(state State, pos string) {
	r.t.Helper()
	if got := r.c.State(); got != state {
		r.t.Fatalf("state %v, want %v", got, state)
	}
	if got := r.c.Position().String(); got != pos {
		r.t.Fatalf("position %s, want %s", got, pos)
	}
}

func (r *rig) tap(move string) {
	r.t.Helper()
	if why := r.c.Tap(move); why != "" {
		r.t.Fatalf("tap %s refused: %s", move, why)
	}
}

func TestHumanVersusHuman(t *testing.T) {
	r := newRig(t, 10, human(), human())
	r.c.Start(false)
	r.expect(Human, "0/10/0")
	// Players are named by the colours of the settings (Vermillion and
	// Blue by default), not by the game's own names (Red and Blue).
	if b := r.c.Button(); b.Enabled || b.Label != "Vermillion's turn" {
		t.Fatalf("button %+v", b)
	}
	r.tap("2")
	r.expect(Human, "2/10/1")
	if b := r.c.Button(); b.Label != "Blue's turn" {
		t.Fatalf("button %+v", b)
	}
	if why := r.c.Tap("3"); !strings.Contains(why, "not 1 or 2") {
		t.Fatalf("illegal tap: %q", why)
	}
	r.expect(Human, "2/10/1")
	r.c.Undo()
	r.expect(Human, "0/10/0") // two humans: one move back
	if len(r.saves) != 3 {
		t.Fatalf("%d autosaves, want 3 (start, move, undo)", len(r.saves))
	}
	if sv := r.saves[2]; sv.Cursor != 0 || len(sv.Moves) != 1 {
		t.Fatalf("autosave after undo: cursor %d moves %v", sv.Cursor, sv.Moves)
	}
}

func TestComputerReplies(t *testing.T) {
	r := newRig(t, 10, human(), computer(core.Beginner))
	r.c.Start(false)
	r.tap("1")
	r.expect(Thinking, "1/10/1")
	if b := r.c.Button(); b.Kind != ButtonStop || !b.Enabled {
		t.Fatalf("button while thinking: %+v", b)
	}
	if why := r.c.Tap("1"); !strings.Contains(why, "thinking") {
		t.Fatalf("tap while thinking: %q", why)
	}
	call := r.ai.Next(t)
	if call.Pos.String() != "1/10/1" || call.Req.Level != core.Beginner {
		t.Fatalf("AI asked %s at %q", call.Pos, call.Req.Level)
	}
	// The level's budget (1 s) is the whole wait: the search ends before.
	if d, ok := call.Ctx.Deadline(); !ok || time.Until(d) > time.Second {
		t.Fatalf("search context deadline %v (set: %v), want within the 1 s budget", time.Until(d), ok)
	}
	call.Req.Info(core.SearchInfo{Depth: 3})
	r.q.RunOne(t)
	if r.c.Depth() != 3 {
		t.Fatalf("depth %d, want 3", r.c.Depth())
	}
	call.Answer <- "2"
	r.q.RunOne(t)
	r.expect(Human, "3/10/0")
	if r.c.LastMove() != "2" {
		t.Fatalf("last move %q", r.c.LastMove())
	}
	if b := r.c.Button(); b.Label != "Your turn" || b.Enabled {
		t.Fatalf("button %+v", b)
	}
}

// computerMove answers the pending search with move and applies it.
func (r *rig) computerMove(move string) {
	r.t.Helper()
	call := r.ai.Next(r.t)
	call.Answer <- move
	r.q.RunOne(r.t)
}

func TestUndoRedoAgainstComputer(t *testing.T) {
	r := newRig(t, 20, human(), computer(""))
	r.c.Start(false)
	r.tap("1")
	r.computerMove("2")
	r.tap("2")
	r.computerMove("1")
	r.expect(Human, "6/20/0")

	r.c.Undo() // back over the computer's reply and the human's move
	r.expect(Human, "3/20/0")
	r.c.Undo()
	r.expect(Human, "0/20/0")
	if r.c.CanUndo() {
		t.Fatal("undo at the start")
	}
	r.c.Redo()
	r.expect(Human, "3/20/0")
	r.c.Redo()
	r.expect(Human, "6/20/0")
	if r.c.CanRedo() {
		t.Fatal("redo at the end")
	}

	// A new move after an undo drops the redo branch.
	r.c.Undo()
	r.tap("1") // differs from the recorded "2"
	if r.c.CanRedo() {
		t.Fatal("redo branch survived a new move")
	}
	r.computerMove("1")
	r.expect(Human, "5/20/0")
	if n := r.c.History().Len(); n != 4 {
		t.Fatalf("history has %d moves, want 4", n)
	}
}

func TestUndoWhileThinkingDropsTheAnswer(t *testing.T) {
	r := newRig(t, 20, human(), computer(""))
	r.c.Start(false)
	r.tap("1")
	call := r.ai.Next(t)
	r.c.Undo()
	if call.Ctx.Err() == nil {
		t.Fatal("undo did not cancel the search")
	}
	r.expect(Human, "0/20/0")
	// The cancelled search still answers (its best so far); the answer is
	// for a position that is gone and must be dropped.
	r.q.RunOne(t)
	r.expect(Human, "0/20/0")
	if r.c.History().Len() != 1 || r.c.CanUndo() {
		t.Fatalf("stale answer was applied: %v", r.c.History().Record().Moves)
	}
}

func TestStopPlaysBestSoFar(t *testing.T) {
	r := newRig(t, 20, human(), computer(""))
	r.c.Start(false)
	r.tap("1")
	call := r.ai.Next(t)
	r.ai.SetBest("2")
	r.c.Press()
	if call.Ctx.Err() == nil {
		t.Fatal("Stop did not cancel the search")
	}
	if b := r.c.Button(); b.Enabled || b.Label != "Stopping…" {
		t.Fatalf("button after Stop: %+v", b)
	}
	r.q.RunOne(t)
	r.expect(Human, "3/20/0")
}

func TestStopInComputerGamePauses(t *testing.T) {
	r := newRig(t, 20, computer(""), computer(""))
	r.c.Start(false)
	r.expect(Thinking, "0/20/0")
	r.ai.Next(t)
	r.c.Stop()
	r.q.RunOne(t)
	// Stop means "stop the game": the next computer waits for Go.
	r.expect(PausedComputer, "1/20/1")
	if b := r.c.Button(); b.Kind != ButtonGo || b.Label != "Go" || !b.Enabled {
		t.Fatalf("button %+v", b)
	}
	r.c.Press()
	r.expect(Thinking, "1/20/1")
	r.computerMove("2")
	r.expect(Thinking, "3/20/0") // not stopped: play goes on
}

func TestStopBeforeFirstIterationStillMoves(t *testing.T) {
	r := newRig(t, 20, human(), computer(""))
	r.ai.SetBest("") // nothing found yet
	r.c.Start(false)
	r.tap("2")
	r.ai.Next(t)
	r.c.Stop()
	r.q.RunOne(t)
	r.expect(Human, "3/20/0") // the first legal move, "1"
}

func TestHint(t *testing.T) {
	r := newRig(t, 20, human(), computer(core.Beginner))
	r.st.HintLevel = core.Expert
	r.c.Start(false)
	if !r.c.CanHint() {
		t.Fatal("no hint for the human")
	}
	r.c.Hint()
	if r.c.CanHint() || !r.c.Hinting() {
		t.Fatal("second hint while one is computed")
	}
	call := r.ai.Next(t)
	if call.Req.Level != core.Expert || call.Pos.ToMove() != 0 {
		t.Fatalf("hint asked at %q for player %d", call.Req.Level, call.Pos.ToMove())
	}
	call.Answer <- "2"
	r.q.RunOne(t)
	r.expect(Human, "0/20/0") // marked, never played
	if r.c.HintMove() != "2" || r.c.Hinting() {
		t.Fatalf("hint %q hinting %v", r.c.HintMove(), r.c.Hinting())
	}
	r.tap("1")
	if r.c.HintMove() != "" {
		t.Fatal("hint survived the move")
	}
}

func TestHintDroppedAfterMove(t *testing.T) {
	r := newRig(t, 20, human(), human())
	r.c.Start(false)
	r.c.Hint()
	call := r.ai.Next(t)
	r.tap("1")
	if call.Ctx.Err() == nil {
		t.Fatal("the move did not cancel the hint")
	}
	r.q.RunOne(t)
	if r.c.HintMove() != "" || r.c.Hinting() {
		t.Fatalf("stale hint shown: %q", r.c.HintMove())
	}
}

func TestAnimation(t *testing.T) {
	r := newRig(t, 20, human(), human())
	r.st.Animation = AnimHighlight
	r.c.Start(false)
	r.tap("1") // one step: nothing to animate
	r.expect(Human, "1/20/1")
	r.tap("2")
	r.expect(Animating, "3/20/0") // the history already has the move
	f, ok := r.c.Frame()
	if !ok || f.Index != 0 || len(f.Steps) != 3 || f.Steps[0] != raceStep("added") {
		t.Fatalf("frame %+v %v", f, ok)
	}
	if why := r.c.Tap("1"); why == "" {
		t.Fatal("tap during animation was played")
	}
	r.clock.fire()
	if f, _ := r.c.Frame(); f.Index != 1 || r.c.State() != Animating {
		t.Fatalf("after one step: index %d state %v", f.Index, r.c.State())
	}
	r.clock.fire()
	r.expect(Human, "3/20/0")
	if _, ok := r.c.Frame(); ok {
		t.Fatal("animation still shown")
	}
	if r.clock.fire() {
		t.Fatal("a timer was left running")
	}
}

// TestFrameIDIsNewForEveryStep: the boards start a step's motion when the
// frame's ID changes, so every step shown (the next step, the same move
// played again after Undo) needs an ID of its own, and redraws of one step
// the same ID.
func TestFrameIDIsNewForEveryStep(t *testing.T) {
	r := newRig(t, 20, human(), human())
	r.st.Animation = AnimHighlight
	r.c.Start(false)
	seen := map[uint64]bool{}
	show := func(want int) {
		t.Helper()
		f, ok := r.c.Frame()
		if !ok || f.Index != want {
			t.Fatalf("frame %+v %v, want step %d", f, ok, want)
		}
		if again, _ := r.c.Frame(); again.ID != f.ID {
			t.Fatalf("the same step has IDs %d and %d", f.ID, again.ID)
		}
		if f.ID == 0 || seen[f.ID] {
			t.Fatalf("step %d has ID %d, seen before or zero (%v)", want, f.ID, seen)
		}
		seen[f.ID] = true
	}
	for round := 0; round < 2; round++ {
		r.tap("2")
		show(0)
		r.clock.fire()
		show(1)
		if round == 0 {
			r.c.Undo() // the same move again must not look like the old one
			r.expect(Human, "0/20/0")
		} else {
			r.clock.fire()
			r.expect(Human, "2/20/1")
		}
	}
	if len(seen) != 4 {
		t.Fatalf("%d IDs for 4 steps", len(seen))
	}
}

func TestStopAnimationJumpsToTheEnd(t *testing.T) {
	r := newRig(t, 20, human(), computer(""))
	r.st.Animation = AnimScatter
	r.c.Start(false)
	r.tap("2")
	r.expect(Animating, "2/20/1")
	if b := r.c.Button(); b.Kind != ButtonStop || b.Label != "Stop animation" {
		t.Fatalf("button %+v", b)
	}
	r.c.Press()
	r.expect(Thinking, "2/20/1")
	if r.clock.fire() {
		t.Fatal("the cancelled step timer ran")
	}
	r.computerMove("1")
	r.expect(Human, "3/20/0")
}

func TestPauseBeforeEachCascadeStep(t *testing.T) {
	r := newRig(t, 20, human(), human())
	r.st.PauseStep = true // even with animation off: step through
	r.c.Start(false)
	r.tap("2")
	r.expect(PausedStep, "2/20/1")
	if b := r.c.Button(); b.Kind != ButtonGo || b.Label != "Next step" {
		t.Fatalf("button %+v", b)
	}
	if r.clock.fire() {
		t.Fatal("a paused step ran on its own")
	}
	r.c.Press()
	r.expect(Animating, "2/20/1")
	r.clock.fire()
	r.expect(PausedStep, "2/20/1")
	if f, _ := r.c.Frame(); f.Index != 1 {
		t.Fatalf("index %d", f.Index)
	}
	r.c.Press()
	r.clock.fire()
	r.expect(Human, "2/20/1")
}

func TestPauseBeforeComputerMove(t *testing.T) {
	r := newRig(t, 20, human(), computer(""))
	r.st.PauseComputer = true
	r.c.Start(false)
	r.tap("1")
	r.expect(PausedComputer, "1/20/1")
	if why := r.c.Tap("1"); !strings.Contains(why, "Press Go") {
		t.Fatalf("tap: %q", why)
	}
	r.c.Press()
	r.expect(Thinking, "1/20/1")
	r.computerMove("1")
	r.expect(Human, "2/20/0")
}

func TestStartNewAndResumed(t *testing.T) {
	r := newRig(t, 20, computer(""), human())
	r.c.Start(false)
	r.expect(Thinking, "0/20/0")
	r.ai.Next(t)

	r2 := newRig(t, 20, computer(""), human())
	r2.c.Start(true) // a game held (the player had paused it) waits for Go
	r2.expect(PausedComputer, "0/20/0")
}

func TestGameOverAndUndo(t *testing.T) {
	r := newRig(t, 3, human(), computer(""))
	r.c.Start(false)
	r.tap("2")
	r.computerMove("1")
	r.expect(Over, "3/3/0")
	if b := r.c.Button(); b.Enabled || b.Label != "Game over" {
		t.Fatalf("button %+v", b)
	}
	if why := r.c.Tap("1"); !strings.Contains(why, "over") {
		t.Fatalf("tap after the end: %q", why)
	}
	if r.c.CanHint() {
		t.Fatal("hint after the end")
	}
	r.c.Undo() // undo works after the end, to the human's turn
	r.expect(Human, "0/3/0")
	r.c.Redo()
	r.expect(Over, "3/3/0")
}

func TestComputerGameUndoWaits(t *testing.T) {
	r := newRig(t, 20, computer(""), computer(""))
	r.c.Start(false)
	r.computerMove("1")
	r.expect(Thinking, "1/20/1")
	call := r.ai.Next(t)
	r.c.Undo() // computer against computer: one move, then wait for Go
	r.expect(PausedComputer, "0/20/0")
	if call.Ctx.Err() == nil {
		t.Fatal("search not cancelled")
	}
	r.q.RunOne(t) // the stale answer
	r.expect(PausedComputer, "0/20/0")
}

func TestAIErrorPauses(t *testing.T) {
	r := newRig(t, 20, human(), computer(""))
	r.c.ai = failingAI{}
	r.c.Start(false)
	r.tap("1")
	r.q.RunOne(t)
	r.expect(PausedComputer, "1/20/1")
	if !strings.Contains(r.c.Notice(), "boom") {
		t.Fatalf("notice %q", r.c.Notice())
	}
}

type failingAI struct{}

func (failingAI) BestMove(context.Context, core.Position, core.AIRequest) (core.AIResult, error) {
	panic("boom")
}

func TestCloseDropsLateAnswers(t *testing.T) {
	r := newRig(t, 20, human(), computer(""))
	r.c.Start(false)
	calls := 0
	r.c.Subscribe(func() { calls++ })
	r.tap("1")
	call := r.ai.Next(t)
	r.c.Close()
	call.Answer <- "1"
	r.q.RunOne(t)
	if r.c.History().Cursor() != 1 {
		t.Fatal("answer applied after Close")
	}
	if why := r.c.Tap("1"); why == "" {
		t.Fatal("closed controller played")
	}
	_ = calls
}

func TestSnapshotRoundTrip(t *testing.T) {
	r := newRig(t, 20, human(), computer(core.Strong))
	r.c.Start(false)
	r.tap("2")
	r.computerMove("1")
	r.c.Undo()
	sv := r.c.Snapshot()
	if sv.Cursor != 0 || len(sv.Moves) != 2 || sv.Seed != 7 || sv.Seats[1].Level != core.Strong {
		t.Fatalf("snapshot %+v", sv)
	}
	data, err := storage.Encode(sv)
	if err != nil {
		t.Fatal(err)
	}
	sv2, h, err := storage.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	q := apptest.NewQueue()
	c := NewController(Config{Game: raceGame{}, History: h, Seats: sv2.Seats, Seed: sv2.Seed, Post: q.Post, AI: apptest.NewFakeAI("1")})
	c.Start(true)
	if !c.CanRedo() || c.State() != Human {
		t.Fatalf("reloaded: redo %v state %v", c.CanRedo(), c.State())
	}
	c.Redo()
	if c.Position().String() != "3/20/0" {
		t.Fatalf("redo after reload: %s", c.Position())
	}
}

func TestAutosaver(t *testing.T) {
	var mu sync.Mutex
	var got []int
	gate := make(chan struct{})
	a := NewAutosaver(func(_ string, sv storage.Save) error {
		<-gate
		mu.Lock()
		got = append(got, sv.Cursor)
		mu.Unlock()
		if sv.Cursor == 3 {
			return errors.New("disk full")
		}
		return nil
	}, func(string, error) {})
	a.Save("g", storage.Save{Cursor: 1})
	time.Sleep(10 * time.Millisecond) // let the writer take it
	a.Save("g", storage.Save{Cursor: 2})
	a.Save("g", storage.Save{Cursor: 3}) // replaces 2
	close(gate)
	a.Flush()
	mu.Lock()
	defer mu.Unlock()
	if len(got) != 2 || got[len(got)-1] != 3 {
		t.Fatalf("written %v, want [1 3]", got)
	}
	a.Close()
}

// Leaving one game for another while the first one's last move is not
// written yet: both games' snapshots are written.
func TestAutosaverKeepsEveryGame(t *testing.T) {
	var mu sync.Mutex
	got := map[string]int{}
	gate := make(chan struct{})
	a := NewAutosaver(func(id string, sv storage.Save) error {
		<-gate
		mu.Lock()
		got[id] = sv.Cursor
		mu.Unlock()
		return nil
	}, nil)
	a.Save("first", storage.Save{Cursor: 1})
	time.Sleep(10 * time.Millisecond) // the writer is busy with it
	a.Save("first", storage.Save{Cursor: 2})
	a.Save("second", storage.Save{Cursor: 7})
	a.Save("first", storage.Save{Cursor: 3})
	close(gate)
	a.Flush()
	mu.Lock()
	defer mu.Unlock()
	if got["first"] != 3 || got["second"] != 7 {
		t.Fatalf("written %v, want first 3 and second 7", got)
	}
	a.Close()
}

// newRigN is newRig for a race of len(seats) players.
func newRigN(t *testing.T, target int, seats ...storage.Seat) *rig {
	t.Helper()
	r := &rig{t: t, q: apptest.NewQueue(), ai: apptest.NewFakeAI("1"), clock: &timers{}, st: DefaultSettings()}
	r.st.Animation = AnimNone
	start, _ := raceGame{}.Start(core.Options{}.WithInt(core.OptSize, target).WithInt(core.OptPlayers, len(seats)))
	r.c = NewController(Config{
		Game: raceGame{}, History: core.NewHistory(start, ""), Seats: seats, Seed: 7,
		AI: r.ai, Trace: raceTrace, Post: r.q.Post, After: r.clock.after,
		Settings: func() Settings { return r.st },
		Autosave: func(sv storage.Save) { r.saves = append(r.saves, sv) },
	})
	return r
}

// Three players, two of them computers: each computer seat thinks in
// turn; undo goes back over every computer seat to the human's previous
// turn, redo forward to the human's next turn.
func TestUndoRedoAcrossSeveralComputerSeats(t *testing.T) {
	r := newRigN(t, 30, human(), computer(""), computer(""))
	r.c.Start(false)
	r.tap("1")
	if call := r.ai.Next(t); call.Pos.ToMove() != 1 {
		t.Fatalf("asked for player %d", call.Pos.ToMove())
	} else {
		call.Answer <- "2"
		r.q.RunOne(t)
	}
	r.computerMove("1")
	r.expect(Human, "4/30/0/3")
	r.tap("2")
	r.computerMove("2")
	r.computerMove("2")
	r.expect(Human, "10/30/0/3")

	r.c.Undo()
	r.expect(Human, "4/30/0/3")
	r.c.Undo()
	r.expect(Human, "0/30/0/3")
	r.c.Redo()
	r.expect(Human, "4/30/0/3")
	r.c.Redo()
	r.expect(Human, "10/30/0/3")

	// Undo while the second computer thinks: the search is cancelled,
	// its answer dropped, and the human is back before its move.
	r.tap("1")
	r.computerMove("1")
	call := r.ai.Next(t)
	if call.Pos.ToMove() != 2 {
		t.Fatalf("asked for player %d", call.Pos.ToMove())
	}
	r.c.Undo()
	if call.Ctx.Err() == nil {
		t.Fatal("search not cancelled")
	}
	call.Answer <- "2"
	r.q.RunOne(t)
	r.expect(Human, "10/30/0/3")
	if r.c.Button().Label != "Your turn" {
		t.Fatalf("button %q", r.c.Button().Label)
	}
}

// Pass-and-play with computers among the humans: undo stops at the
// previous human's turn, whoever that human is.
func TestUndoStopsAtThePreviousHuman(t *testing.T) {
	r := newRigN(t, 40, human(), computer(""), human(), computer(""))
	r.c.Start(false)
	r.tap("1")
	r.computerMove("1")
	r.expect(Human, "2/40/2/4")
	r.tap("2")
	r.computerMove("2")
	r.expect(Human, "6/40/0/4")
	r.c.Undo() // over player 4 (computer) to player 3's turn
	r.expect(Human, "2/40/2/4")
	r.c.Undo() // over player 2 (computer) to player 1's turn
	r.expect(Human, "0/40/0/4")
	r.c.Redo()
	r.expect(Human, "2/40/2/4")
}
