package main

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/storage"
)

// cliIn runs a command with stdin and checks that it succeeds.
func cliIn(t *testing.T, stdin string, args ...string) string {
	t.Helper()
	out, errs, status := cli(t, stdin, args...)
	if status != 0 {
		t.Fatalf("jumpers-cli %v: status %d, stderr %q", args, status, errs)
	}
	return out
}

func lastLine(s string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	return lines[len(lines)-1]
}

// export then import --save gives back the same game: rules, start,
// moves, for every save of the test data; the last line printed is the
// position the save ends at.
func TestRecordExportImportRoundTrip(t *testing.T) {
	files, err := filepath.Glob("../../storage/testdata/*.json")
	if err != nil || len(files) == 0 {
		t.Fatalf("no saves: %v", err)
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) { exportImport(t, f) })
	}
}

// exportImport checks that record export of the save f, then record
// import --save, gives back the same game, and returns the record.
func exportImport(t *testing.T, f string) string {
	t.Helper()
	want, h, err := storage.ReadFile(f)
	if err != nil {
		t.Fatal(err)
	}
	text := ok(t, "record", "export", f)
	dir := t.TempDir()
	pgn := filepath.Join(dir, "game.pgn")
	if err := os.WriteFile(pgn, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	saved := filepath.Join(dir, "back.json")
	out := ok(t, "record", "import", pgn, "--save", saved)
	positions, err := want.Record().Replay()
	if err != nil {
		t.Fatal(err)
	}
	if got := lastLine(out); got != positions[len(positions)-1].String() {
		t.Fatalf("import ends at %q, the save at %q", got, positions[len(positions)-1])
	}
	got, _, err := storage.ReadFile(saved)
	if err != nil {
		t.Fatal(err)
	}
	wantRec := want.Record()
	if wantRec.Rules == "" {
		g, _ := core.Lookup(wantRec.Game)
		wantRec.Rules = g.RuleSets()[0]
	}
	if !reflect.DeepEqual(got.Record(), wantRec) {
		t.Fatalf("round trip\n%+v\ngave\n%+v", wantRec, got.Record())
	}
	if got.Cursor != len(got.Moves) || h == nil {
		t.Fatalf("cursor %d of %d moves", got.Cursor, len(got.Moves))
	}
	// The same from stdin, flags first.
	if again := cliIn(t, text, "record", "import", "-"); again != out {
		t.Fatalf("stdin import printed %q, file import %q", again, out)
	}
	return text
}

// A record file of several games: --game picks one; the Ataxx tools'
// file imports.
func TestRecordImportGameN(t *testing.T) {
	const file = "../../core/record/testdata/cuteataxx.pgn"
	first := ok(t, "record", "import", file)
	second := ok(t, "record", "import", "--game", "2", file)
	third := ok(t, "record", "import", file, "--game=3")
	if first == second || second == third {
		t.Fatalf("the games print alike:\n%s\n%s\n%s", first, second, third)
	}
	if !strings.Contains(second, "result: 1-0\n") || lastLine(second) != "xxxxxxx/xxxxxxx/xxxxxxx/xxxxxxx/---xxxx/xx-xxxx/ox-xxxx o 0 35" {
		t.Fatalf("game 2:\n%s", second)
	}
	dir := t.TempDir()
	saved := filepath.Join(dir, "g2.json")
	ok(t, "record", "import", file, "--game", "2", "--save", saved)
	sv, _, err := storage.ReadFile(saved)
	if err != nil {
		t.Fatal(err)
	}
	if len(sv.Seats) != 2 || sv.Seats[0].Name != "Tiktaxx 1.2" || sv.Seats[1].Name != "Jumpers Expert" {
		t.Fatalf("seats %+v", sv.Seats)
	}
}

// Bad input: exit 2, nothing on stdout, one error line naming the line
// of the record; nothing is written.
func TestRecordRefusals(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.pgn")
	if err := os.WriteFile(bad, []byte("[Game \"ataxx\"]\n\n1. f2 a2\n2. a1a4 *\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	saved := filepath.Join(dir, "out.json")
	line := refused(t, "record", "import", bad, "--save", saved)
	if !strings.Contains(line, `bad.pgn: line 4: move "a1a4":`) {
		t.Errorf("error %q does not name the line and the move", line)
	}
	if _, err := os.Stat(saved); !os.IsNotExist(err) {
		t.Errorf("a refused import wrote %s", saved)
	}
	for _, args := range [][]string{
		{"record"},
		{"record", "print"},
		{"record", "export"},
		{"record", "export", bad},
		{"record", "export", "/nonexistent.json"},
		{"record", "import"},
		{"record", "import", "a", "b"},
		{"record", "import", dir},
		{"record", "import", "/nonexistent.pgn"},
		{"record", "import", bad, "--game", "0"},
		{"record", "import", bad, "--game", "x"},
		{"record", "import", bad, "--colour", "red"},
	} {
		refused(t, args...)
	}
	var out, errs bytes.Buffer
	if status := run([]string{"record", "import", "-"}, strings.NewReader("1. f2 {"), &out, &errs); status != 2 || !strings.Contains(errs.String(), "error: line 1: comment { is never closed") {
		t.Errorf("stdin: status %d, stderr %q", status, errs.String())
	}
}

// The saves of storage/testdata were written by earlier versions, and
// testdata/old holds what the code of then printed for each: its load
// lines (NAME.load) and its game record (NAME.pgn). Today's code prints
// the same, and importing that old record gives back the save's game: its
// options (Size, Players, Layout tags) start the same position.
func TestOldSavesAndRecordsUnchanged(t *testing.T) {
	records, _ := filepath.Glob(filepath.Join("testdata", "old", "*.pgn"))
	if len(records) < 6 {
		t.Fatalf("only %d old records", len(records))
	}
	for _, pgn := range records {
		name := strings.TrimSuffix(filepath.Base(pgn), ".pgn")
		t.Run(name, func(t *testing.T) {
			save := filepath.Join("..", "..", "storage", "testdata", name+".json")
			if _, err := os.Stat(save); err != nil {
				save = filepath.Join("..", "..", "storage", "testdata", "old", name+".json")
			}
			for _, c := range []struct {
				args   []string
				golden string
			}{
				{[]string{"load", save}, strings.TrimSuffix(pgn, ".pgn") + ".load"},
				{[]string{"record", "export", save}, pgn},
			} {
				want, err := os.ReadFile(c.golden)
				if err != nil {
					t.Fatal(err)
				}
				if got := ok(t, c.args...); got != string(want) {
					t.Errorf("%v prints\n%s\nthe old code printed\n%s", c.args, got, want)
				}
			}
			sv, _, err := storage.ReadFile(save)
			if err != nil {
				t.Fatal(err)
			}
			back := filepath.Join(t.TempDir(), "back.json")
			ok(t, "record", "import", pgn, "--save", back)
			got, _, err := storage.ReadFile(back)
			if err != nil {
				t.Fatal(err)
			}
			want := sv.Record()
			if want.Rules == "" {
				g, _ := core.Lookup(want.Game)
				want.Rules = g.RuleSets()[0]
			}
			if !reflect.DeepEqual(got.Record(), want) {
				t.Fatalf("the old record imports as\n%+v\nthe save holds\n%+v", got.Record(), want)
			}
		})
	}
}
