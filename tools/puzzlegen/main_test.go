package main

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/puzzle"
	"github.com/jumpers-game/jumpers/core/record"
)

func gen(t *testing.T, out string, games string) {
	t.Helper()
	var errs strings.Builder
	if st := run([]string{"-game", "ataxx", "-games", games, "-nodes", "300", "-seed", "3", "-out", out}, io.Discard, &errs); st != 0 {
		t.Fatalf("status %d: %s", st, errs.String())
	}
}

// Two runs with the same seed write the same file, and a run stopped after
// one game and resumed writes what one run of two games writes: the games
// are node-limited and seeded, and a resumed run goes on after the last
// game its file records.
func TestReproducibleAndResumable(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.txt"), filepath.Join(dir, "b.txt")
	gen(t, a, "2")
	gen(t, b, "1")
	gen(t, b, "2")
	da, _ := os.ReadFile(a)
	db, _ := os.ReadFile(b)
	if string(da) != string(db) {
		t.Fatalf("one run of two games:\n%s\nresumed:\n%s", da, db)
	}
	ps, err := puzzle.ParseSet(string(da))
	if err != nil {
		t.Fatal(err)
	}
	if len(ps) == 0 {
		t.Fatal("two Ataxx games gave no puzzle")
	}
	var out strings.Builder
	if st := verifyFiles([]string{a}, 1, &out, io.Discard); st != 0 {
		t.Fatalf("the generated puzzles do not verify: %s", out.String())
	}
}

func TestBadArguments(t *testing.T) {
	for _, args := range [][]string{
		{"-game", "chess", "-out", filepath.Join(t.TempDir(), "x")},
		{"-game", "cube"},
		{"-nosuchflag"},
	} {
		if st := run(args, io.Discard, io.Discard); st != 2 {
			t.Errorf("%v: status %d, want 2", args, st)
		}
	}
}

// -records mines the games of record files: a game from a shipped
// puzzle's position, its answer missed, gives that puzzle back (verified),
// and a second run on the same file adds nothing.
func TestMineRecords(t *testing.T) {
	pz, err := puzzle.ByID("cube-0001")
	if err != nil {
		t.Fatal(err)
	}
	start, err := puzzle.Start(pz)
	if err != nil {
		t.Fatal(err)
	}
	var missed string
	for _, m := range start.Moves() {
		if m != pz.Solution[0] {
			missed = m
			break
		}
	}
	text, err := record.Format(core.Record{Game: pz.Game, Rules: pz.Rules, Start: start.String(), Moves: []string{missed}}, record.Info{})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	file, out := filepath.Join(dir, "games.pgn"), filepath.Join(dir, "mined.txt")
	if err := os.WriteFile(file, []byte(text+text), 0o644); err != nil {
		t.Fatal(err)
	}
	mine := func() []puzzle.Puzzle {
		var errs strings.Builder
		if st := run([]string{"-game", "cube", "-records", file, "-nodes", "2000", "-out", out}, io.Discard, &errs); st != 0 {
			t.Fatalf("status %d: %s", st, errs.String())
		}
		data, _ := os.ReadFile(out)
		ps, err := puzzle.ParseSet(string(data))
		if err != nil {
			t.Fatal(err)
		}
		return ps
	}
	ps := mine()
	if len(ps) != 1 || ps[0].Position != start.String() {
		t.Fatalf("mined %v, want the puzzle of %s", ps, start.String())
	}
	if again := mine(); len(again) != 1 {
		t.Fatalf("a second run on the same file: %d puzzles", len(again))
	}
	var verified strings.Builder
	if st := verifyFiles([]string{out}, 1, &verified, io.Discard); st != 0 {
		t.Fatalf("the mined puzzle does not verify: %s", verified.String())
	}
}
