package main

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/jumpers-game/jumpers/storage"
)

// cli runs the command in-process and returns stdout, stderr and status.
func cli(t testing.TB, stdin string, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	status := run(args, strings.NewReader(stdin), &out, &errb)
	return out.String(), errb.String(), status
}

// ok runs a command that must succeed and returns its stdout.
func ok(t *testing.T, args ...string) string {
	t.Helper()
	out, errs, status := cli(t, "", args...)
	if status != 0 {
		t.Fatalf("jumpers-cli %v: status %d, stderr %q", args, status, errs)
	}
	return out
}

// refused checks the contract for bad input: exit 2, nothing on stdout,
// one line on stderr starting "error: ". It returns that line.
func refused(t *testing.T, args ...string) string {
	t.Helper()
	out, errs, status := cli(t, "", args...)
	if status != 2 || out != "" || !strings.HasPrefix(errs, "error: ") || strings.Count(errs, "\n") != 1 {
		t.Fatalf("jumpers-cli %v: want refusal, got status %d stdout %q stderr %q", args, status, out, errs)
	}
	return errs
}

func TestCubeContractExamples(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"cube", "apply", "--size", "3", "--moves", "1:1"}, "2r1-1-/1-1-1-/1-1-1- b\n"},
		{[]string{"cube", "apply", "--size", "3", "--moves", "1:1,3:3,1:1"}, "1r2r1-/2r1-1-/1-1-2b b\n"},
		{[]string{"cube", "apply", "--position", "1-1-1-/1-1-1-/1-1-1- r", "--moves", ""}, "1-1-1-/1-1-1-/1-1-1- r\n"},
		{[]string{"cube", "show", "--size", "3"}, "===\n    1- 1- 1-\n    1- 1- 1-\n    1- 1- 1-\n===\n"},
		{[]string{"cube", "show", "--position", "1r2r1-/2r1-1-/1-1-2b b"}, "===\n    1r 2r 1-\n    2r 1- 1-\n    1- 1- 2b\n===\n"},
		{[]string{"cube", "perft", "--size", "3", "--depth", "0"}, "1\n"},
		{[]string{"cube", "perft", "--size", "3", "--depth", "1"}, "9\n"},
		{[]string{"cube", "perft", "--size", "3", "--depth", "2"}, "72\n"},
	}
	for _, c := range cases {
		if got := ok(t, c.args...); got != c.want {
			t.Errorf("%v: got %q, want %q", c.args, got, c.want)
		}
	}
}

func TestCubeRefusals(t *testing.T) {
	line := refused(t, "cube", "apply", "--size", "3", "--moves", "1:1,1:1")
	if !strings.Contains(line, `move 2 "1:1"`) || !strings.Contains(line, "red") {
		t.Errorf("message must name the move and the owner: %q", line)
	}
	for _, args := range [][]string{
		{"cube", "apply", "--size", "99", "--moves", "1:1"},
		{"cube", "apply", "--size", "1", "--moves", "1:1"},
		{"cube", "apply", "--size", "3", "--moves", "4:1"},
		{"cube", "apply", "--size", "3", "--moves", "a:b"},
		{"cube", "apply", "--moves", "1:1"},
		{"cube", "apply", "--size", "3", "--position", "1-1-1-/1-1-1-/1-1-1- r"},
		{"cube", "apply", "--position", "1-1-/1-1-1-/1-1-1- r", "--moves", "1:1"},
		{"cube", "apply", "--position", "1-1-1-/1-1-1-/1-1-1- x"},
		{"cube", "apply", "--size", "3", "--bogus"},
		{"cube", "apply", "--size", "3", "stray"},
		{"cube", "perft", "--size", "3", "--depth", "-1"},
		{"cube", "perft", "--size", "3", "--depth", "99"},
		{"cube", "perft", "--size", "3"},
		{"cube", "bestmove", "--size", "3", "--level", "Grandmaster"},
		{"cube", "bestmove", "--size", "3", "--depth", "999"},
		{"cube", "bestmove", "--size", "3", "--movetime", "-5"},
		{"cube", "bestmove", "--position", "2r2r/2r2r b"},
		{"cube", "fly"},
		{"cube"},
		{"chess", "apply"},
		{},
		{"load"},
		{"load", "/nonexistent/file.json"},
		{"arena", "--game", "cube", "--a", "Expert"},
		{"arena", "--game", "cube", "--a", "Expert", "--b", "Nobody"},
	} {
		refused(t, args...)
	}
}

func TestCubeWonGameRefusesMoves(t *testing.T) {
	// Red owns everything: the game is over, any move is bad input.
	refused(t, "cube", "apply", "--position", "1r1r/1r1r b", "--moves", "1:1")
	if got := ok(t, "cube", "perft", "--position", "1r1r/1r1r b", "--depth", "2"); got != "0\n" {
		t.Fatalf("a won position has no moves: %q", got)
	}
}

func TestBestmoveIsLegalAndSeeded(t *testing.T) {
	a := ok(t, "cube", "bestmove", "--size", "4", "--depth", "3", "--seed", "7")
	b := ok(t, "cube", "bestmove", "--size", "4", "--depth", "3", "--seed", "7")
	if a != b {
		t.Fatalf("same seed, different moves: %q %q", a, b)
	}
	move := strings.TrimSpace(a)
	ok(t, "cube", "apply", "--size", "4", "--moves", move)
	ok(t, "cube", "bestmove", "--size", "3", "--movetime", "50", "--level", "beginner")
}

func TestSaveAndLoad(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "game.json")
	pos := ok(t, "cube", "apply", "--size", "3", "--moves", "1:1,3:3,1:1", "--save", file)
	got := ok(t, "load", file)
	want := "game: cube\nrules: standard\nmoves: 3\nresult: in progress\nposition: " + pos
	if got != want {
		t.Fatalf("load printed\n%s\nwant\n%s", got, want)
	}
	// The file is the app's format.
	sv, h, err := storage.ReadFile(file)
	if err != nil || sv.Game != "cube" || h.Cursor() != 3 {
		t.Fatalf("saved file: %v %+v", err, sv)
	}
	// A failed apply writes nothing.
	bad := filepath.Join(dir, "bad.json")
	refused(t, "cube", "apply", "--size", "3", "--moves", "1:1,1:1", "--save", bad)
	if _, err := os.Stat(bad); err == nil {
		t.Fatal("a refused apply wrote its save file")
	}
}

func TestLoadRefusesDamage(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "g.json")
	ok(t, "cube", "apply", "--size", "3", "--moves", "1:1,3:3", "--save", file)
	data, _ := os.ReadFile(file)
	for name, damaged := range map[string]string{
		"truncated": string(data[:len(data)/2]),
		"tampered":  strings.Replace(string(data), `"3:3"`, `"1:1"`, 1),
		"newer":     strings.Replace(string(data), `"version": 1`, `"version": 99`, 1),
		"foreign":   `{"hello": "world"}`,
	} {
		p := filepath.Join(dir, name+".json")
		os.WriteFile(p, []byte(damaged), 0o644)
		line := refused(t, "load", p)
		after, _ := os.ReadFile(p)
		if string(after) != damaged {
			t.Errorf("%s: load modified the file", name)
		}
		if name == "tampered" && !strings.Contains(line, `move 2 "1:1"`) {
			t.Errorf("tampered game must name the failing move: %q", line)
		}
	}
}

func TestEngineCommand(t *testing.T) {
	out, errs, status := cli(t, "uai\nisready\nsetoption name Size value 4\nposition startpos moves 1:1\ngo depth 2\n", "cube", "engine")
	if status != 0 || errs != "" {
		t.Fatalf("status %d stderr %q", status, errs)
	}
	for _, want := range []string{"uaiok", "readyok", "info depth 2", "bestmove "} {
		if !strings.Contains(out, want) {
			t.Fatalf("no %q in %q", want, out)
		}
	}
}

func TestPlaySession(t *testing.T) {
	script := "help\n2 2\nfoo\n9 9\nundo\nredo\nmanual blue\n1 1\nlevel blue Wizard\nsize 2\ndump\nquit\n"
	out, errs, status := cli(t, script, "cube", "play", "--size", "3", "--seed", "4")
	if status != 0 || errs != "" {
		t.Fatalf("status %d stderr %q", status, errs)
	}
	for _, want := range []string{
		"red plays 2:2", "blue plays", // the computer answers
		`unknown command "foo"`,
		"square 9:9 is off the 3x3 board",
		`unknown level "Wizard"`,
		"    1- 1-\n    1- 1-\n", // size 2 started a new game
	} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in the session:\n%s", want, out)
		}
	}
}

func TestPlayComputerVsComputerFinishes(t *testing.T) {
	script := "level red Beginner\nlevel blue Beginner\nauto red\nquit\n"
	out, _, status := cli(t, script, "cube", "play", "--size", "2", "--seed", "1")
	if status != 0 || !strings.Contains(out, " wins!") {
		t.Fatalf("AI vs AI did not finish: %q", out)
	}
}

func TestArena(t *testing.T) {
	out := ok(t, "arena", "--game", "cube", "--size", "3", "--a", "Average/Newton", "--b", "Beginner", "--games", "2", "--movetime", "20", "--quiet")
	if !strings.Contains(out, "2 games") || !strings.Contains(out, "elo") {
		t.Fatalf("arena summary: %q", out)
	}
}

func TestHelpListsGames(t *testing.T) {
	out := ok(t, "help")
	for _, want := range []string{"cube apply", "cube play", "load FILE", "arena", "record export", "record import"} {
		if !strings.Contains(out, want) {
			t.Errorf("help lacks %q", want)
		}
	}
}

// Whatever the arguments, the command never panics, and a refusal keeps
// the contract's shape. Every command is reached, the thinking ones too:
// the harness only bounds their cost (a node cap on every search, a small
// perft limit, short times, at most two arena games) and keeps side effects
// in a temp dir (--save) and in-process (no --b-cmd child).
func FuzzArgs(f *testing.F) {
	f.Add("cube apply --size 3 --moves 1:1,2:2")
	f.Add("cube apply --position 1-1-/1-1- r --moves 1:1")
	f.Add("cube perft --size 2 --depth 2")
	f.Add("cube show --position 3r1-/1-1b b")
	f.Add("load x")
	f.Add("cube bestmove --size 4 --depth 3 --seed 1")
	f.Add("ataxx bestmove --fen x5o/7/7/7/7/7/o5x_x_0_1 --level Novice --style aggressive")
	f.Add("chinesecheckers bestmove --players 3 --nodes 500")
	f.Add("cube engine")
	f.Add("ataxx uai --rules seed")
	f.Add("cube play --size 3 --seed 2")
	f.Add("ataxx perft --fen x5o/7/7/7/7/7/o5x_x_0_1 --depth 3 --rules seed")
	f.Add("chinesecheckers perft --players 6 --depth 2 --rules closed+locked")
	f.Add("arena --game cube --size 3 --a Beginner --b Novice --games 2 --quiet")
	f.Add("arena --game chinesecheckers --players 3 --a Classic --b Beginner --games 1")
	f.Add("ataxx seed-move --depth 2")
	f.Add("chinesecheckers solve --movetime 5")
	f.Add("ataxx show --layout cross")
	f.Add("help chinesecheckers")
	f.Add("record export ../../storage/testdata/cc-3p.json")
	f.Add("record import ../../core/record/testdata/cuteataxx.pgn --game 2 --save x")
	withLimits(f, 20_000, 2_000, 2_000)
	f.Fuzz(func(t *testing.T, line string) {
		args := strings.Fields(line)
		for i := range args {
			args[i] = strings.ReplaceAll(args[i], "_", " ") // lets a seed hold a FEN
		}
		args = boundCost(t, args)
		if args == nil {
			return
		}
		out, errs, status := cli(t, "", args...)
		if status == 2 && (out != "" || !strings.HasPrefix(errs, "error: ") || strings.Count(errs, "\n") != 1) {
			t.Fatalf("%q: refusal with stdout %q stderr %q", line, out, errs)
		}
		if strings.Contains(errs, "internal error") || strings.Contains(errs, "goroutine") {
			t.Fatalf("%q: %s", line, errs)
		}
	})
}

// boundCost rewrites the cost flags of args so that one run stays cheap,
// or returns nil for what must not run in a test (a child process).
func boundCost(t *testing.T, args []string) []string {
	out := make([]string, 0, len(args))
	for i := 0; i < len(args); i++ {
		name, value, hasValue := strings.Cut(strings.TrimLeft(args[i], "-"), "=")
		isFlag := strings.HasPrefix(args[i], "-")
		if !hasValue && i+1 < len(args) {
			value = args[i+1]
		}
		switch {
		case isFlag && name == "b-cmd":
			return nil
		case isFlag && name == "save":
			out = append(out, "--save", filepath.Join(t.TempDir(), "s.json"))
		case isFlag && (name == "games" || strings.HasSuffix(name, "movetime")):
			n, err := strconv.Atoi(value)
			if err != nil {
				out = append(out, args[i]) // bad values are the command's to refuse
				continue
			}
			limit := 5
			if name == "games" {
				limit = 2
			}
			if n == 0 && name != "games" {
				n = 1 // 0 would mean the level's budget: a second a move
			}
			out = append(out, "--"+name, strconv.Itoa(min(n, limit)))
		default:
			out = append(out, args[i])
			continue
		}
		if !hasValue {
			i++ // the value was taken with the flag
		}
	}
	if len(out) > 1 && out[0] == "chinesecheckers" && out[1] == "solve" && !slices.ContainsFunc(out, func(a string) bool { return strings.Contains(a, "movetime") }) {
		out = append(out, "--movetime", "5") // its default is a minute
	}
	if len(out) > 0 && out[0] == "arena" {
		if !slices.ContainsFunc(out, func(a string) bool { return strings.Contains(a, "games") }) {
			out = append(out, "--games", "1")
		}
		if !slices.ContainsFunc(out, func(a string) bool { return strings.Contains(a, "movetime") }) {
			out = append(out, "--movetime", "5")
		}
	}
	return out
}

// The text game never panics and never hangs, whatever is typed.
func FuzzPlay(f *testing.F) {
	f.Add("1 1\n2:2\nundo\nredo\nhint\ndump\nquit\n")
	f.Add("size 2\nauto red\n")
	f.Add("auto red\nauto blue\n")
	f.Add("level blue Expert\nstyle blue Newton\nseed 9\n3 3\nnew\n")
	f.Add("manual blue\n1:1\n1:1\n5 5\n6:6\n0:0\n\x00\n")
	f.Add("size 15\nauto red\nauto blue\n")
	withLimits(f, limits.perftMaxVisits, 2_000, 200)
	f.Fuzz(func(t *testing.T, input string) {
		if len(input) > 4096 {
			return // each line is a command; length adds nothing but time
		}
		_, errs, status := cli(t, input, "cube", "play", "--size", "3", "--seed", "1")
		if status != 0 || errs != "" {
			t.Fatalf("%q: status %d stderr %q", input, status, errs)
		}
	})
}
