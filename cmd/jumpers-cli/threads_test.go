package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/cube"
)

// TestThreadsOutOfRange: --threads takes 1 to the number of CPUs, on
// bestmove and on the arena (for both sides or one); anything else is
// refused with the range.
func TestThreadsOutOfRange(t *testing.T) {
	most := fmt.Sprint(core.MaxThreads())
	over := fmt.Sprint(core.MaxThreads() + 1)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"cube", "bestmove", "--size", "4", "--threads", "0"}, "--threads 0 is out of range (1 to " + most},
		{[]string{"ataxx", "bestmove", "--threads", over}, "--threads " + over + " is out of range (1 to " + most},
		{[]string{"chinesecheckers", "bestmove", "--players", "2", "--threads", "-1"}, "--threads -1 is out of range"},
		{[]string{"cube", "bestmove", "--threads", "two"}, "invalid value \"two\" for flag -threads"},
		{[]string{"arena", "--a", "Average", "--b", "Average", "--threads", "0"}, "--threads 0 is out of range (1 to " + most},
		{[]string{"arena", "--a", "Average", "--b", "Average", "--a-threads", over}, "--a-threads " + over + " is out of range"},
		{[]string{"arena", "--a", "Average", "--b", "Average", "--b-threads", "0"}, "--b-threads 0 is out of range"},
	} {
		if line := refused(t, c.args...); !strings.Contains(line, c.want) {
			t.Errorf("%v: %q does not say %q", c.args, line, c.want)
		}
	}
}

// TestBestmoveThreadsReachTheRequest: the request bestmove makes carries
// --threads, one without it.
func TestBestmoveThreadsReachTheRequest(t *testing.T) {
	for _, c := range []struct {
		args []string
		want int
	}{{nil, 1}, {[]string{"--threads", "1"}, 1}, {[]string{"--threads", fmt.Sprint(core.MaxThreads())}, core.MaxThreads()}} {
		fs := newFlags("bestmove")
		af := addAIFlags(fs)
		if err := parseFlags(fs, append([]string{"--movetime", "100"}, c.args...)); err != nil {
			t.Fatal(err)
		}
		req, err := af.request(fs, cube.Game{})
		if err != nil {
			t.Fatal(err)
		}
		if req.Threads != c.want {
			t.Errorf("%v: Threads %d, want %d", c.args, req.Threads, c.want)
		}
	}
	ok(t, "cube", "bestmove", "--size", "4", "--movetime", "20", "--threads", fmt.Sprint(core.MaxThreads()))
}

// TestArenaTellsExternalEnginesTheirThreads: an external engine is sent
// setoption Threads when --threads or its side's --X-threads is given (the
// side's own winning), after the other options, and before its --X-opt
// ones, so --X-opt Threads=N works too; without either it is not told.
func TestArenaTellsExternalEnginesTheirThreads(t *testing.T) {
	bin := cliBinary(t)
	most := core.MaxThreads()
	setThreads := func(extra ...string) []string {
		t.Helper()
		log := filepath.Join(t.TempDir(), "b.log")
		args := append([]string{"arena", "--game", "cube", "--size", "4", "--a", "Average", "--b-cmd", "tee " + log + " | " + bin + " cube engine",
			"--games", "2", "--depth", "1", "--seed", "1", "--quiet"}, extra...)
		ok(t, args...)
		text, err := os.ReadFile(log)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, l := range strings.Split(string(text), "\n") {
			if strings.HasPrefix(l, "setoption name Threads ") {
				got = append(got, l)
			}
		}
		return got
	}
	want := func(n int) string { return fmt.Sprintf("setoption name Threads value %d", n) }
	check := func(got []string, wants ...string) {
		t.Helper()
		if strings.Join(got, "|") != strings.Join(wants, "|") {
			t.Errorf("engine told %q, want %q", got, wants)
		}
	}
	check(setThreads())
	check(setThreads("--threads", fmt.Sprint(most)), want(most))
	check(setThreads("--threads", fmt.Sprint(most), "--b-threads", "1"), want(1))
	check(setThreads("--a-threads", fmt.Sprint(most)))
	check(setThreads("--b-threads", fmt.Sprint(most), "--b-opt", "Threads=1"), want(most), want(1))
	// An engine refusing the count stops the match before it starts.
	if line := refused(t, "arena", "--game", "cube", "--size", "4", "--a", "Average", "--b-cmd", bin+" cube engine",
		"--games", "2", "--depth", "1", "--b-opt", fmt.Sprintf("Threads=%d", most+1)); !strings.Contains(line, "is not a number of threads") {
		t.Errorf("refused with %q", line)
	}
}
