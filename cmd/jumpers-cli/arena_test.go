package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
)

var (
	buildOnce sync.Once
	builtCLI  string
	buildErr  error
)

// cliBinary builds jumpers-cli once into a temporary directory, to play
// against as an external engine.
func cliBinary(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "jumpers-cli-test")
		if err != nil {
			buildErr = err
			return
		}
		builtCLI = filepath.Join(dir, "jumpers-cli")
		out, err := exec.Command("go", "build", "-o", builtCLI, ".").CombinedOutput()
		if err != nil {
			buildErr = err
			builtCLI = string(out)
		}
	})
	if buildErr != nil {
		t.Fatalf("go build: %v\n%s", buildErr, builtCLI)
	}
	return builtCLI
}

func TestMain(m *testing.M) {
	status := m.Run()
	if builtCLI != "" && buildErr == nil {
		_ = os.RemoveAll(filepath.Dir(builtCLI))
	}
	os.Exit(status)
}

// resultFields reads the machine-readable result line of an arena run.
func resultFields(t *testing.T, out string) map[string]string {
	t.Helper()
	lines := strings.Split(strings.TrimSpace(out), "\n")
	last := lines[len(lines)-1]
	f := strings.Fields(last)
	if len(f) == 0 || f[0] != "result" {
		t.Fatalf("last line %q is not the result line\n%s", last, out)
	}
	m := map[string]string{}
	for _, kv := range f[1:] {
		k, v, _ := strings.Cut(kv, "=")
		m[k] = v
	}
	return m
}

func TestArenaInProcessVsExternal(t *testing.T) {
	bin := cliBinary(t)
	out := ok(t, "arena", "--game", "cube", "--size", "4", "--a", "Average", "--b-cmd", bin+" cube engine",
		"--games", "4", "--depth", "1", "--book", "random:2", "--concurrency", "2", "--seed", "3", "--quiet")
	r := resultFields(t, out)
	if r["games"] != "4" || r["forfeits"] != "0" {
		t.Fatalf("%v\n%s", r, out)
	}
}

// The greedy player (Ataxx) plays whole legal games, and a level above
// Beginner beats it nearly always.
func TestArenaGreedyPlayer(t *testing.T) {
	out := ok(t, "arena", "--game", "ataxx", "--a", "Novice", "--b", "greedy", "--games", "20",
		"--book", "random:4", "--concurrency", "2", "--seed", "9", "--quiet")
	r := resultFields(t, out)
	if r["games"] != "20" || r["forfeits"] != "0" {
		t.Fatalf("%v\n%s", r, out)
	}
	if wins, _ := strconv.Atoi(r["wins"]); wins < 15 {
		t.Fatalf("Novice won %d of 20 against Greedy:\n%s", wins, out)
	}
}

func TestArenaTwoExternalEnginesWithSPRT(t *testing.T) {
	bin := cliBinary(t)
	out := ok(t, "arena", "--game", "chinesecheckers", "--rules", "closed",
		"--a-cmd", bin+" chinesecheckers engine --rules closed", "--b-cmd", bin+" chinesecheckers engine --rules closed",
		"--b-opt", "Level=Beginner", "--games", "4", "--movetime", "10", "--book", "random:2", "--concurrency", "2", "--sprt", "0,10", "--quiet")
	r := resultFields(t, out)
	if r["games"] != "4" || r["forfeits"] != "0" || r["verdict"] == "" || r["penta"] == "" {
		t.Fatalf("%v\n%s", r, out)
	}
	// Two builds of one engine are told apart by their programs.
	if !strings.Contains(out, "A Jumpers Chinese Checkers (jumpers-cli) vs B Jumpers Chinese Checkers (jumpers-cli)") {
		t.Fatalf("sides not named apart:\n%s", out)
	}
}

// A side whose engine dies on every "go" loses every game, with a message,
// and the match still ends.
func TestArenaCrashingEngineLoses(t *testing.T) {
	fake := `while read l; do case "$l" in uai) echo "id name crasher"; echo uaiok;; isready) echo readyok;; go*) exit 3;; esac; done`
	dir := t.TempDir()
	script := filepath.Join(dir, "crasher.sh")
	if err := os.WriteFile(script, []byte(fake+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	out, errs, status := cli(t, "", "arena", "--game", "cube", "--size", "3", "--a", "Beginner", "--b-cmd", "sh "+script,
		"--games", "2", "--movetime", "10", "--concurrency", "2", "--quiet")
	if status != 0 {
		t.Fatalf("status %d: %s", status, errs)
	}
	r := resultFields(t, out)
	if r["wins"] != "2" || r["forfeits"] != "2" {
		t.Fatalf("%v\n%s", r, out)
	}
	if !strings.Contains(errs, "crasher (B) loses") {
		t.Fatalf("no forfeit message: %q", errs)
	}
}

// An engine that cannot be told the rules must be given them on its
// command line, or the match would be played under two rule sets.
func TestArenaNeedsRulesForExternalEngines(t *testing.T) {
	// An engine (an older build) that announces no Rules option.
	fake := `while read l; do case "$l" in uai) echo "id name old"; echo "option name Players type spin default 2 min 2 max 6"; echo uaiok;; isready) echo readyok;; esac; done`
	script := filepath.Join(t.TempDir(), "old.sh")
	if err := os.WriteFile(script, []byte(fake+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	msg := refused(t, "arena", "--game", "chinesecheckers", "--rules", "closed", "--a", "Expert", "--b-cmd", "sh "+script)
	if !strings.Contains(msg, "engine --rules closed") {
		t.Fatalf("message %q does not say how to give the rules", msg)
	}
}

func TestArenaRefusesBadFlags(t *testing.T) {
	for _, args := range [][]string{
		{"arena", "--a", "Expert", "--b", "Expert", "--sprt", "10,0"},
		{"arena", "--a", "Expert", "--b", "Expert", "--book", "random:x"},
		{"arena", "--a", "Expert", "--b", "Expert", "--book", filepath.Join(t.TempDir(), "missing")},
		{"arena", "--a", "Expert", "--b", "Expert", "--concurrency", "0"},
		{"arena", "--a", "Expert", "--b", "Expert", "--depth", "-1"},
		{"arena", "--a", "Expert", "--a-opt", "Hash=16", "--b", "Expert"},
		{"arena", "--a", "Expert", "--a-cmd", "x", "--b", "Expert"},
		{"arena", "--a", "Expert", "--b-opt", "novalue", "--b", "Expert"},
		{"arena", "--game", "chinesecheckers", "--rules", "closed", "--a", "Expert", "--b-cmd", "sh -c 'exit 1'"},
		{"arena", "--game", "cube", "--a", "Expert", "--b", "Greedy"},
	} {
		refused(t, args...)
	}
}
