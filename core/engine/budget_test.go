package engine_test

import (
	"testing"
	"time"

	"github.com/jumpers-game/jumpers/core/search"
)

// Hash is the budget of every search table of the engine's process: its
// default at start, the value set, and what the tables hold after a
// search (the cube's transposition and proof tables together).
func TestHashIsTheTablesBudget(t *testing.T) {
	if *engineCmd != "" {
		t.Skip("the budget is the engine process's: run in the test")
	}
	c := startEngine(t, "cube")
	if got := search.MemoryBudget(); got != 16<<20 {
		t.Fatalf("budget %d bytes at start, want Hash's default 16 MB", got)
	}
	if err := c.Configure([][2]string{{"Hash", "8"}, {"Size", "7"}, {"Seed", "1"}}); err != nil {
		t.Fatal(err)
	}
	if got := search.MemoryBudget(); got != 8<<20 {
		t.Fatalf("budget %d bytes after Hash 8, want 8 MB", got)
	}
	if _, err := c.Go("startpos", "nodes 20000", 30*time.Second); err != nil {
		t.Fatal(err)
	}
	if err := c.Ready(); err != nil {
		t.Fatal(err)
	}
	if got := search.TableMemory(); got == 0 || got > 8<<20 {
		t.Fatalf("the tables hold %d bytes after a search with Hash 8", got)
	}
}
