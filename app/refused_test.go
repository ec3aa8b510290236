package app

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"

	"github.com/jumpers-game/jumpers/app/apptest"
	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/storage"
)

// The reproduction of issue 50: an install of a version that kept its game
// in two autosave slots, the newer one a Chinese Checkers game whose
// players shuffled on past the point where today's stall rule ends it (a
// save of main 296944e, before the rule), the older one a Jumping Cube
// game. The first start of today's app keeps both games and lists them;
// the Checkers game opens at its last legal position with the notice of
// the rule that refuses move 43, waits there, keeps its refused moves on
// disk while the player only looks, undoes and redoes, and drops them when
// the player plays on from there.
func TestOldAutosaveRefusedByNewRulesKeepsBothGames(t *testing.T) {
	root := t.TempDir()
	saves := filepath.Join(root, "saves")
	if err := os.MkdirAll(saves, 0o755); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join("..", "storage", "testdata", "old", "cc-shuffle-to-limit.json"))
	if err != nil {
		t.Fatal(err)
	}
	var old struct {
		Moves []string `json:"moves"`
	}
	if err := json.Unmarshal(data, &old); err != nil || len(old.Moves) != 200 {
		t.Fatalf("the old save: %v", err)
	}
	// The Checkers game is the newer slot, the file as the old app wrote it.
	var fields map[string]any
	if err := json.Unmarshal(data, &fields); err != nil {
		t.Fatal(err)
	}
	fields["updated"] = "2026-11-26T11:00:00Z"
	newer, _ := json.Marshal(fields)
	if err := os.WriteFile(filepath.Join(saves, "autosave-b.json"), newer, 0o644); err != nil {
		t.Fatal(err)
	}
	cube := core.Record{Game: "cube", Start: "1-1-1-/1-1-1-/1-1-1- r", Moves: []string{"1:1", "3:3"}}
	older := storage.NewSave(cube, 2, nil, time.Date(2026, 11, 26, 10, 0, 0, 0, time.UTC))
	if err := storage.WriteFile(filepath.Join(saves, "autosave-a.json"), older); err != nil {
		t.Fatal(err)
	}

	// The first start of today's app (what Run does: NewEnv opens the
	// store, which migrates, and tidies).
	e := NewEnv(test.NewTempApp(t), root, func(f func()) { f() })
	t.Cleanup(e.Close)
	if e.StoreErr != nil {
		t.Fatal(e.StoreErr)
	}
	for _, slot := range []string{"autosave-a.json", "autosave-b.json"} {
		if _, err := os.Stat(filepath.Join(saves, slot)); err == nil {
			t.Errorf("%s is left behind", slot)
		}
	}
	list, err := e.Store.List()
	if err != nil || len(list) != 2 {
		t.Fatalf("listed %d games, want 2: %v", len(list), err)
	}
	var checkers, cubeGame storage.Entry
	for _, g := range list {
		if g.Err != nil {
			t.Fatalf("%s is listed as damaged: %v", g.Game, g.Err)
		}
		switch g.Game {
		case "chinesecheckers":
			checkers = g
		case "cube":
			cubeGame = g
		}
	}
	if cubeGame.Moves != 2 || !checkers.Refused || checkers.Moves != 42 || checkers.State != "draw" {
		t.Fatalf("listed: cube %+v, checkers %+v", cubeGame, checkers)
	}
	if ip := e.InProgress(); len(ip) != 1 || ip[0].ID != cubeGame.ID {
		t.Fatalf("in progress: %+v", ip)
	}

	// Open the Checkers game as the Saved games screen does.
	sv, h, err := e.Store.Load(checkers.ID)
	if err != nil {
		t.Fatal(err)
	}
	c, err := e.OpenSave(sv, h, checkers.ID, nil)
	if err != nil {
		t.Fatal(err)
	}
	c.Start(false)
	want := "Move 43 broke the anti-stalling rule added in rules version 2: the game ends at move 42 (stalled: no player came closer to its target in its last 20 moves; "
	if !strings.HasPrefix(c.Notice(), want) || c.History().Cursor() != 42 || c.State() != Over {
		t.Fatalf("opened at %d in state %v with the notice %q\nwant %s...", c.History().Cursor(), c.State(), c.Notice(), want)
	}
	onDisk := func() storage.Save {
		t.Helper()
		e.SaveNow()
		got, _, err := e.Store.Load(checkers.ID)
		if err != nil {
			t.Fatal(err)
		}
		return got
	}
	if got := onDisk(); got.Refused == nil || !slices.Equal(got.AllMoves(), old.Moves) {
		t.Fatalf("the refused moves were not kept on disk: %+v", got.Refused)
	}
	// Looking back keeps them too.
	c.Undo()
	c.Undo()
	c.Redo()
	if got := onDisk(); got.Refused == nil || !slices.Equal(got.AllMoves(), old.Moves) || got.Cursor != 41 {
		t.Fatalf("after undo and redo: cursor %d, %+v", got.Cursor, got.Refused)
	}
	// Playable from there: a move played drops them.
	if c.State() != Human {
		t.Fatalf("state %v after undo", c.State())
	}
	var move string
	for _, m := range c.History().Current().Moves() {
		if m != old.Moves[41] { // not the redo move: a move of the player's own
			move = m
			break
		}
	}
	if why := c.Tap(move); why != "" {
		t.Fatalf("the move %s: %s", move, why)
	}
	got := onDisk()
	if got.Refused != nil || len(got.Moves) != 42 || got.Moves[41] != move || !slices.Equal(got.Moves[:41], old.Moves[:41]) {
		t.Fatalf("after playing on: %d moves, refused %+v", len(got.Moves), got.Refused)
	}
	if c.Notice() != "" {
		t.Fatalf("the notice outlived the move: %q", c.Notice())
	}
}

// A game opened with refused moves and the computer to move waits at Go:
// the player reads the notice before anything drops the refused moves.
// Go plays on, and the computer's move drops them.
func TestRefusedGameWaitsForGo(t *testing.T) {
	r := &rig{t: t, q: apptest.NewQueue(), ai: apptest.NewFakeAI("1"), clock: &timers{}, st: DefaultSettings()}
	r.st.Animation = AnimNone
	start, _ := raceGame{}.Start(core.Options{}.WithInt(core.OptSize, 10))
	h := core.NewHistory(start, "")
	if err := h.Play("1"); err != nil {
		t.Fatal(err)
	}
	refused := &storage.Refused{RulesVersion: 0, Moves: []string{"2", "1"}, Cursor: 3, Move: 2, Err: errors.New("two is too many")}
	r.c = NewController(Config{
		Game: raceGame{}, History: h, Seats: []storage.Seat{human(), computer("")}, Refused: refused,
		AI: r.ai, Post: r.q.Post, After: r.clock.after, Settings: func() Settings { return r.st },
		Autosave: func(sv storage.Save) { r.saves = append(r.saves, sv) },
	})
	r.c.Start(false)
	r.expect(PausedComputer, "1/10/1")
	if want := "Move 2 broke the rules of version 1 (two is too many); the game continues from move 1"; r.c.Notice() != want {
		t.Fatalf("notice %q\nwant %q", r.c.Notice(), want)
	}
	if sv := r.saves[len(r.saves)-1]; sv.Refused == nil || !slices.Equal(sv.AllMoves(), []string{"1", "2", "1"}) {
		t.Fatalf("saved on opening: %+v", sv)
	}
	r.c.Press()
	r.computerMove("1")
	if sv := r.saves[len(r.saves)-1]; sv.Refused != nil || !slices.Equal(sv.Moves, []string{"1", "1"}) {
		t.Fatalf("saved after the computer played on: %+v", sv)
	}
}

func TestRulesChangeText(t *testing.T) {
	cc, err := core.Lookup("chinesecheckers")
	if err != nil {
		t.Fatal(err)
	}
	if got := RulesChangeText(cc, 1); got != "the anti-stalling rule added in rules version 2" {
		t.Fatalf("%q", got)
	}
}

// A game refused at its first move has no move left, but it is not an
// empty game: leaving it keeps it, with its refused moves.
func TestGameRefusedAtItsFirstMoveIsKept(t *testing.T) {
	e := NewEnv(test.NewTempApp(t), t.TempDir(), func(f func()) { f() })
	t.Cleanup(e.Close)
	start, _ := raceGame{}.Start(core.Options{}.WithInt(core.OptSize, 10))
	sv := storage.NewSave(core.Record{Game: "testrace", Start: start.String()}, 0, nil, time.Now())
	sv.Refused = &storage.Refused{Moves: []string{"2"}, Move: 1, Err: errors.New("two is too many")}
	id := e.Store.NewID()
	c, err := e.OpenSave(sv, core.NewHistory(start, ""), id, nil)
	if err != nil {
		t.Fatal(err)
	}
	c.Start(false)
	e.Release(c)
	data, err := os.ReadFile(filepath.Join(e.Store.Dir(), id+".json"))
	if err != nil || !strings.Contains(string(data), `"refused"`) {
		t.Fatalf("left, the game refused at its first move is gone: %v", err)
	}
}
