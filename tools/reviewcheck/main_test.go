package main

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jumpers-game/jumpers/storage"
)

// A small run prints one table row a configuration, counts the games
// where the random seat was marked, and writes each game for jumpers-cli
// review when asked.
func TestCheckPrintsARowAndSavesTheGames(t *testing.T) {
	dir := t.TempDir()
	var out strings.Builder
	if err := run([]string{"-game", "cube", "-sizes", "3,4", "-games", "2", "-nodes", "2000", "-play-nodes", "500", "-save", dir}, &out); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "cube 3×3: the Expert at 500 nodes a move, the review at 2000") {
		t.Fatalf("no budgets line in\n%s", out.String())
	}
	var rows []string
	for _, line := range strings.Split(out.String(), "\n") {
		if strings.HasPrefix(line, "| cube ") {
			rows = append(rows, line)
		}
	}
	if len(rows) != 2 || !strings.HasPrefix(rows[0], "| cube 3×3 | 2 | ") || !strings.HasPrefix(rows[1], "| cube 4×4 | 2 | ") {
		t.Fatalf("rows %q in\n%s", rows, out.String())
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	if len(files) != 4 {
		t.Fatalf("%d games saved, want 4", len(files))
	}
	sv, _, err := storage.ReadFile(files[0])
	if err != nil || len(sv.Record().Moves) == 0 {
		t.Fatalf("saved game %s: %v", files[0], err)
	}
}

// A run split with -first plays the games of the whole run: game 2
// alone is game 2 of two (its seed and its random seat).
func TestFirstPlaysTheGamesOfTheWholeRun(t *testing.T) {
	whole, part := t.TempDir(), t.TempDir()
	args := []string{"-game", "cube", "-sizes", "3", "-nodes", "2000", "-play-nodes", "500"}
	if err := run(append(args, "-games", "2", "-save", whole), io.Discard); err != nil {
		t.Fatal(err)
	}
	if err := run(append(args, "-games", "1", "-first", "2", "-save", part), io.Discard); err != nil {
		t.Fatal(err)
	}
	if files, _ := filepath.Glob(filepath.Join(part, "*.json")); len(files) != 1 {
		t.Fatalf("%d games played, want 1: %v", len(files), files)
	}
	a, err := os.ReadFile(filepath.Join(whole, "cube-3×3-2.json"))
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(part, "cube-3×3-2.json"))
	if err != nil {
		t.Fatal(err)
	}
	if string(a) != string(b) {
		t.Fatalf("game 2 alone differs from game 2 of the run:\n%s\n%s", b, a)
	}
}

// Without -play-nodes the Expert plays at its own strength: Chinese
// Checkers of more than two players at the Monte-Carlo Expert's nodes of
// a second, the rest at the 20,000 nodes their figures were made with.
func TestExpertNodesPerGame(t *testing.T) {
	for _, tc := range []struct {
		game    string
		players int
		want    int64
	}{{"chinesecheckers", 3, 500_000}, {"chinesecheckers", 6, 500_000}, {"chinesecheckers", 2, 20_000}, {"cube", 6, 20_000}, {"ataxx", 0, 20_000}} {
		if got := expertNodes(tc.game, tc.players); got != tc.want {
			t.Errorf("%s %d: %d nodes, want %d", tc.game, tc.players, got, tc.want)
		}
	}
}

func TestBadArguments(t *testing.T) {
	for _, args := range [][]string{{"-game", "chess"}, {"-sizes", "x"}, {"-nosuchflag"}, {"-first", "0"}} {
		if err := run(args, io.Discard); err == nil {
			t.Errorf("%v: no error", args)
		}
	}
}
