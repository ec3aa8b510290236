package main

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"
	"unicode/utf8"
)

// withLimits lowers the command's cost limits for one test.
func withLimits(t testing.TB, perftVisits uint64, depthNodes, aiNodes int64) {
	old := limits
	limits.perftMaxVisits, limits.depthNodes, limits.aiNodes = perftVisits, depthNodes, aiNodes
	t.Cleanup(func() { limits = old })
}

// A size or player count the game reads as "the default" is out of range
// when typed: refused with the range, never replaced by the default.
func TestZeroSizeAndPlayersRefused(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"cube", "apply", "--size", "0"}, "size 0 is out of range (2 to 15)"},
		{[]string{"cube", "show", "--size", "0"}, "(2 to 15)"},
		{[]string{"cube", "perft", "--size", "-1", "--depth", "1"}, "(2 to 15)"},
		{[]string{"cube", "bestmove", "--size", "0"}, "(2 to 15)"},
		{[]string{"cube", "play", "--size", "0"}, "(2 to 15)"},
		{[]string{"cube", "apply", "--size", "16"}, "(2 to 15)"},
		{[]string{"chinesecheckers", "apply", "--players", "0"}, "players 0 is out of range (one of 2, 3, 4, 6)"},
		{[]string{"chinesecheckers", "show", "--players", "-2"}, "(one of 2, 3, 4, 6)"},
		{[]string{"chinesecheckers", "perft", "--players", "5", "--depth", "1"}, "(one of 2, 3, 4, 6)"},
		{[]string{"chinesecheckers", "bestmove", "--players", "0"}, "(one of 2, 3, 4, 6)"},
	}
	for _, c := range cases {
		if line := refused(t, c.args...); !strings.Contains(line, c.want) {
			t.Errorf("%v: %q does not say %q", c.args, line, c.want)
		}
	}
}

func TestTimeDepthAndNodesOutOfRange(t *testing.T) {
	for _, args := range [][]string{
		{"cube", "bestmove", "--size", "4", "--depth", "0"},
		{"cube", "bestmove", "--size", "4", "--depth", "65"},
		{"cube", "bestmove", "--size", "4", "--movetime", "0"},
		{"ataxx", "bestmove", "--fen", "x5o/7/7/7/7/7/o5x x 0 1", "--movetime", "86400001"},
		{"ataxx", "bestmove", "--fen", "x5o/7/7/7/7/7/o5x x 0 1", "--nodes", "0"},
		{"ataxx", "bestmove", "--fen", "x5o/7/7/7/7/7/o5x x 0 1", "--nodes", "10000000001"},
		{"ataxx", "seed-move", "--movetime", "-5"},
		{"chinesecheckers", "solve", "--movetime", "0"},
		{"cube", "perft", "--size", "3", "--depth", "13"},
	} {
		if line := refused(t, args...); !strings.Contains(line, "out of range") {
			t.Errorf("%v: %q", args, line)
		}
	}
}

// perft refuses, before counting, a depth that would visit more positions
// than the limit; it counts what fits.
func TestPerftIsBounded(t *testing.T) {
	line := refused(t, "cube", "perft", "--size", "15", "--depth", "12")
	if !strings.Contains(line, "--depth 12 is out of range for this position") || !strings.Contains(line, "at most 3e+09") {
		t.Fatalf("unbounded perft: %q", line)
	}
	withLimits(t, 1000, limits.depthNodes, 0)
	if got := ok(t, "cube", "perft", "--size", "3", "--depth", "3"); got != "576\n" {
		t.Fatalf("perft 3 under the limit: %q", got)
	}
	refused(t, "cube", "perft", "--size", "3", "--depth", "5") // about 4e4 positions at depth 4
	refused(t, "ataxx", "perft", "--fen", "x5o/7/7/7/7/7/o5x x 0 1", "--depth", "5")
	refused(t, "chinesecheckers", "perft", "--players", "6", "--depth", "6")
}

// A depth without a time stops at the node cap: the search returns a
// legal move instead of running for years.
func TestDepthAloneIsBoundedByNodes(t *testing.T) {
	withLimits(t, limits.perftMaxVisits, 20_000, 0)
	for _, c := range []struct{ game, flag, pos string }{
		{"cube", "--size", "8"},
		{"ataxx", "--fen", "x5o/7/7/7/7/7/o5x x 0 1"},
		{"chinesecheckers", "--players", "3"},
	} {
		start := time.Now()
		move := strings.TrimSpace(ok(t, c.game, "bestmove", c.flag, c.pos, "--depth", "64", "--seed", "1"))
		if move == "" {
			t.Fatalf("%s: no move", c.game)
		}
		t.Logf("%s: %s in %v", c.game, move, time.Since(start))
	}
	refused(t, "ataxx", "seed-move", "--depth", "65")
}

// Error lines stay one short, valid line whatever the input.
func TestErrorLinesAreShort(t *testing.T) {
	huge := strings.Repeat("d1e5x", 50_000)
	for _, args := range [][]string{
		{"chinesecheckers", "apply", "--players", "2", "--moves", huge},
		{"chinesecheckers", "apply", "--players", "2", "--moves", "d1e5," + huge + "," + huge},
		{"chinesecheckers", "apply", "--position", huge},
		{"cube", "apply", "--position", strings.Repeat("1-", 100_000) + " r"},
		{"ataxx", "apply", "--fen", huge},
		{"cube", huge},
		{"cube", "apply", "--" + huge},
	} {
		line := refused(t, args...)
		if len(line) > maxErrorLine+len("error: \n")+len("…") {
			t.Errorf("%.40v: error line of %d bytes", args, len(line))
		}
	}
	line := refused(t, "ataxx", "apply", "--fen", "x5o/7/7/7/7/7/o5x x 0 1", "--moves", "ｆ2")
	if !utf8.ValidString(line) || strings.Contains(line, `\x`) || !strings.Contains(line, "ｆ2") {
		t.Fatalf("wide letter: %q", line)
	}
	if got := errorLine("a\xffb\nc" + strings.Repeat("é", 300)); !utf8.ValidString(got) || strings.Contains(got, "\n") || len(got) > maxErrorLine+len("…") {
		t.Fatalf("errorLine: %q", got)
	}
}

func TestLoadRefusesWhatIsNotAFile(t *testing.T) {
	dir := t.TempDir()
	paths := []string{dir, filepath.Join(dir, "missing.json")}
	if runtime.GOOS != "windows" {
		fifo := filepath.Join(dir, "f.json")
		if err := syscall.Mkfifo(fifo, 0o644); err == nil {
			paths = append(paths, fifo)
		}
	}
	for _, p := range paths {
		done := make(chan string)
		go func() { done <- refused(t, "load", p) }()
		select {
		case line := <-done:
			if !strings.Contains(line, "cannot read") {
				t.Errorf("%s: %q", p, line)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("load %s blocked", p)
		}
	}
}

func TestSaveModeAndNameLimit(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "g.json")
	ok(t, "cube", "apply", "--size", "3", "--moves", "1:1", "--save", path)
	info, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if runtime.GOOS != "windows" && info.Mode().Perm() != 0o644 {
		t.Fatalf("--save wrote mode %v", info.Mode().Perm())
	}
	data, _ := os.ReadFile(path)
	big := strings.Replace(string(data), `"name": ""`, `"name": "`+strings.Repeat("n", 900_000)+`"`, 1)
	if big == string(data) {
		t.Fatal("no name field to grow")
	}
	os.WriteFile(path, []byte(big), 0o644)
	if line := refused(t, "load", path); !strings.Contains(line, "at most 80") {
		t.Fatalf("900 KB name: %q", line)
	}
}

// The text game answers a mistake with a short line and goes on; a line
// too long to read ends it with the contract's error.
func TestPlayLongInput(t *testing.T) {
	withLimits(t, limits.perftMaxVisits, 2_000, 200)
	long := strings.Repeat("x", 10_000)
	out, errs, status := cli(t, long+"\nlevel red "+long+"\nquit\n", "cube", "play", "--size", "3", "--seed", "1")
	if status != 0 || errs != "" {
		t.Fatalf("status %d stderr %q", status, errs)
	}
	for _, line := range strings.Split(out, "\n") {
		if len(line) > 300 {
			t.Fatalf("a %d-byte answer: %.80q", len(line), line)
		}
	}
	_, errs, status = cli(t, strings.Repeat("y", 100_000)+"\n", "cube", "play", "--size", "3", "--seed", "1")
	if status != 2 || !strings.HasPrefix(errs, "error: input: ") || strings.Count(errs, "\n") != 1 {
		t.Fatalf("over-long line: status %d stderr %q", status, errs)
	}
}
