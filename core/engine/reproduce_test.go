package engine_test

import (
	"context"
	"testing"
	"time"

	"github.com/jumpers-game/jumpers/core"
)

// TestEarlierSearchesChangeNoMove is issue 10's reproduction: after three
// Beginner searches in one engine, Novice at depth 2 with seed 42 answers
// what a lone search in a fresh driver answers (the CLI's bestmove).
// Each request waits for its bestmove: a "quit" sent behind a "go" stops
// the search at once, as the protocol says, and would answer whatever
// the search had found by then.
func TestEarlierSearchesChangeNoMove(t *testing.T) {
	g, err := core.Lookup("chinesecheckers")
	if err != nil {
		t.Fatal(err)
	}
	start, _ := g.Start(core.Options{}.WithInt(core.OptPlayers, 2))
	pos := start
	for _, m := range []string{"d1e5", "n4m9"} {
		if pos, err = pos.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	alone, err := g.BestMove(context.Background(), pos, core.AIRequest{Level: core.Novice, Seed: 42, Depth: 2})
	if err != nil {
		t.Fatal(err)
	}
	c := startEngine(t, "chinesecheckers")
	position := "fen " + pos.String()
	ask := func(level string, seed, depth string) string {
		t.Helper()
		if err := c.Configure([][2]string{{"Level", level}, {"Seed", seed}}); err != nil {
			t.Fatal(err)
		}
		r, err := c.Go(position, "depth "+depth, time.Minute)
		if err != nil {
			t.Fatal(err)
		}
		return r.Move
	}
	for range 3 {
		ask(core.Beginner, "0", "1")
	}
	if got := ask(core.Novice, "42", "2"); got != alone.Move {
		t.Errorf("after three Beginner searches: %s, a fresh search: %s", got, alone.Move)
	}
}
