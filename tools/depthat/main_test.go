package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/jumpers-game/jumpers/core"
	_ "github.com/jumpers-game/jumpers/core/ataxx"
	"github.com/jumpers-game/jumpers/core/engine"
)

// inProcess starts the engine of the game named by command in the test.
func inProcess(t *testing.T) starter {
	return func(ctx context.Context, command string) (*engine.Client, error) {
		g, err := core.Lookup(command)
		if err != nil {
			return nil, err
		}
		toEngine, engineIn := io.Pipe()
		fromEngine, engineOut := io.Pipe()
		done := make(chan error, 1)
		go func() {
			done <- engine.Run(ctx, g, "", toEngine, engineOut)
			engineOut.Close()
		}()
		t.Cleanup(func() {
			if err := <-done; err != nil {
				t.Error(err)
			}
		})
		return engine.NewClient(fromEngine, engineIn, command)
	}
}

// Every engine searches every position once a run, and the depth read is
// the last iteration the engine reported, with and without a warm-up.
func TestMeasureAll(t *testing.T) {
	for _, warm := range []string{"", "3xo2/2xxoo1/1x3o1/7/1o3x1/1oo1xx1/2o1x2 x 0 12"} {
		c := config{
			engines:   []string{"ataxx", "ataxx"},
			positions: []string{"startpos", "fen x6/1x5/1oo1xx1/1oo1xx1/1xx1oo1/1oo2o1/1oo4 x 1 20"},
			// Long enough that a loaded machine still lets the engine
			// finish its first iteration (40 ms did not once, at load 7
			// on 2 cores: no depth line to read).
			movetime: 200 * time.Millisecond,
			runs:     2,
			warm:     warm,
		}
		var lines bytes.Buffer
		cells, err := measureAll(context.Background(), inProcess(t), c, &lines)
		if err != nil {
			t.Fatal(err)
		}
		if n := strings.Count(lines.String(), "\n"); n != 2*2*2 {
			t.Errorf("warm %q: %d run lines, want 8:\n%s", warm, n, lines.String())
		}
		for p, row := range cells {
			for e, x := range row {
				if len(x.Depths) != c.runs || x.medianDepth() < 1 || x.medianNPS() <= 0 {
					t.Errorf("warm %q, position %d, engine %d: depths %v, nodes/s %v", warm, p, e, x.Depths, x.NPS)
				}
			}
		}
		var md bytes.Buffer
		writeMarkdown(&md, c, cells)
		if got := strings.Count(md.String(), "\n"); got != 2+len(c.positions) {
			t.Errorf("markdown has %d lines:\n%s", got, md.String())
		}
	}
}

// An engine that cannot be started, or a position it refuses, is an error
// that names the run, not a depth.
func TestMeasureAllErrors(t *testing.T) {
	c := config{engines: []string{"no-such-game"}, positions: []string{"startpos"}, movetime: 10 * time.Millisecond, runs: 1}
	if _, err := measureAll(context.Background(), inProcess(t), c, io.Discard); err == nil {
		t.Error("an unknown engine measured")
	}
	c = config{engines: []string{"ataxx"}, positions: []string{"fen not a board"}, movetime: 10 * time.Millisecond, runs: 1}
	_, err := measureAll(context.Background(), inProcess(t), c, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "position 1, run 1") {
		t.Errorf("a bad position: %v", err)
	}
	// A measure stopped at its first position prints nothing of the rest.
	c.positions = append(c.positions, "startpos")
	cells, err := measureAll(context.Background(), inProcess(t), c, io.Discard)
	if err == nil {
		t.Fatal("a bad position measured")
	}
	var out bytes.Buffer
	writeSummary(&out, c, cells)
	writeMarkdown(&out, c, cells)
	if out.Len() != 0 {
		t.Errorf("nothing measured, yet printed:\n%s", out.String())
	}
}

func TestLastDepth(t *testing.T) {
	cases := []struct {
		info []string
		want reached
		ok   bool
	}{
		{[]string{"info depth 3 score cp 5 nodes 10 nps 1000 pv a1", "info depth 4 score cp 2 nodes 40 nps 2000 pv a1", "info string x"}, reached{4, 2000}, true},
		{[]string{"info depth 7 nodes 5"}, reached{7, 0}, true},
		{[]string{"info depth x nps 9", "info depth 2 nps 9"}, reached{2, 9}, true},
		{[]string{"info string depth 9", "info nodes 5"}, reached{}, false},
		{nil, reached{}, false},
	}
	for _, c := range cases {
		got, ok := lastDepth(c.info)
		if got != c.want || ok != c.ok {
			t.Errorf("lastDepth(%q) = %v, %v; want %v, %v", c.info, got, ok, c.want, c.ok)
		}
	}
}

func TestReadPositions(t *testing.T) {
	got, err := readPositions(strings.NewReader("# the start\nstartpos\n\n  fen x5o/7/7/7/7/7/o5x x 0 1  \n"))
	if err != nil || len(got) != 2 || got[0] != "startpos" || got[1] != "fen x5o/7/7/7/7/7/o5x x 0 1" {
		t.Errorf("got %q, %v", got, err)
	}
	for _, bad := range []string{"", "# nothing\n", "x5o/7/7/7/7/7/o5x x 0 1\n"} {
		if _, err := readPositions(strings.NewReader(bad)); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

func TestParseFlags(t *testing.T) {
	file := filepath.Join(t.TempDir(), "p.txt")
	if err := os.WriteFile(file, []byte("startpos\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	c, err := parseFlags([]string{"-engine", "a", "-engine", "b c", "-positions", file, "-movetime", "50", "-runs", "3"}, io.Discard)
	if err != nil || len(c.engines) != 2 || c.engines[1] != "b c" || c.movetime != 50*time.Millisecond || c.runs != 3 || len(c.positions) != 1 {
		t.Errorf("got %+v, %v", c, err)
	}
	for _, bad := range [][]string{
		{"-positions", file},
		{"-engine", "a"},
		{"-engine", "a", "-positions", file, "-movetime", "0"},
		{"-engine", "a", "-positions", file, "-runs", "0"},
		{"-engine", " ", "-positions", file},
		{"-engine", "a", "-positions", filepath.Join(t.TempDir(), "missing")},
		{"-engine", "a", "-positions", file, "extra"},
	} {
		if _, err := parseFlags(bad, io.Discard); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

func TestMedianOf(t *testing.T) {
	for _, c := range []struct {
		xs   []int
		want int
	}{{nil, 0}, {[]int{5}, 5}, {[]int{3, 1, 2}, 2}, {[]int{4, 1, 3, 2}, 2}, {[]int{10, 10, 9, 11, 10}, 10}} {
		if got := medianOf(c.xs); got != c.want {
			t.Errorf("medianOf(%v) = %d, want %d", c.xs, got, c.want)
		}
	}
}

// FuzzLastDepth: any engine output is a depth or nothing, never a crash,
// and a depth read is one a line says.
func FuzzLastDepth(f *testing.F) {
	f.Add("info depth 3 nps 100\ninfo string hi")
	f.Add("info depth -1\ninfo depth")
	f.Fuzz(func(t *testing.T, text string) {
		r, ok := lastDepth(strings.Split(text, "\n"))
		if ok && (r.Depth < 0 || r.NPS < 0) {
			t.Fatalf("%q: %+v", text, r)
		}
	})
}

// FuzzReadPositions: any file is positions or an error, never a crash,
// and every position read is startpos or a fen line.
func FuzzReadPositions(f *testing.F) {
	f.Add("startpos\nfen x5o/7/7/7/7/7/o5x x 0 1\n")
	f.Add("#\n\nfen\n")
	f.Fuzz(func(t *testing.T, text string) {
		ps, err := readPositions(strings.NewReader(text))
		if err != nil {
			return
		}
		for _, p := range ps {
			if p != "startpos" && !strings.HasPrefix(p, "fen ") {
				t.Fatalf("%q read as %q", text, p)
			}
		}
	})
}
