package main

import (
	"bytes"
	"context"
	"errors"
	"math"
	"strings"
	"testing"
	"time"

	"pgregory.net/rapid"
)

// The candidates of a seed are the same positions on every run, each one a
// legal position (its text reads back as itself) where the game goes on and
// the side to move has a choice; another seed gives other positions.
func TestCandidatesDeterministicAndPlayable(t *testing.T) {
	const n = 4
	ctx := context.Background()
	for _, spec := range specs {
		g, start, err := spec.game()
		if err != nil {
			t.Fatal(err)
		}
		same := 0
		for k := range n + 1 { // one past n: a replacement of a skipped one
			a, err := makeCandidate(ctx, g, start, 7, k, n, spec.MaxPlies)
			if err != nil {
				t.Fatalf("%s candidate %d: %v", spec.Key, k, err)
			}
			b, err := makeCandidate(ctx, g, start, 7, k, n, spec.MaxPlies)
			if err != nil {
				t.Fatal(err)
			}
			if a.Pos.String() != b.Pos.String() || a.Plies != b.Plies {
				t.Errorf("%s candidate %d: seed 7 gave %q (ply %d), then %q (ply %d)", spec.Key, k, a.Pos, a.Plies, b.Pos, b.Plies)
			}
			if !nontrivial(a.Pos) {
				t.Errorf("%s candidate %d: %q is over or has one move", spec.Key, k, a.Pos)
			}
			back, err := g.ParsePosition(a.Pos.String(), spec.Rules)
			if err != nil || back.String() != a.Pos.String() {
				t.Errorf("%s candidate %d: %q does not read back: %v", spec.Key, k, a.Pos, err)
			}
			other, err := makeCandidate(ctx, g, start, 8, k, n, spec.MaxPlies)
			if err != nil {
				t.Fatal(err)
			}
			if other.Pos.String() == a.Pos.String() {
				same++
			}
		}
		if same > 1 {
			t.Errorf("%s: seeds 7 and 8 gave %d equal positions of %d", spec.Key, same, n+1)
		}
	}
}

// The games are the four of issue 11 with the boards and rules it names.
func TestSpecsStartPositions(t *testing.T) {
	want := map[string]struct {
		moves int // legal moves at the start
		rules string
	}{
		"cube7": {49, ""}, "cube10": {100, ""}, "ataxx": {16, ""}, "cc": {-1, "closed"},
	}
	all, err := selectSpecs("all")
	if err != nil || len(all) != len(want) {
		t.Fatalf("selectSpecs(all) = %d specs, %v", len(all), err)
	}
	for _, s := range all {
		_, start, err := s.game()
		if err != nil {
			t.Fatalf("%s: %v", s.Key, err)
		}
		w, ok := want[s.Key]
		if !ok {
			t.Fatalf("unexpected game %q", s.Key)
		}
		if w.moves >= 0 && len(start.Moves()) != w.moves {
			t.Errorf("%s: %d moves at the start, want %d", s.Key, len(start.Moves()), w.moves)
		}
		if start.Players() != 2 {
			t.Errorf("%s: %d players", s.Key, start.Players())
		}
		if s.Rules != w.rules {
			t.Errorf("%s: rules %q, want %q", s.Key, s.Rules, w.rules)
		}
	}
}

// The ply counts of one round of candidates lie in [2, maxPlies], rise
// with the candidate and reach from the opening to the late game.
func TestTargetPliesSpread(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(1, 60).Draw(t, "n")
		maxPlies := rapid.IntRange(randomPlies+1, 300).Draw(t, "maxPlies")
		prev := -1
		for k := range 2 * n {
			p := targetPlies(k, n, maxPlies)
			if p < randomPlies || p > maxPlies {
				t.Fatalf("candidate %d of %d: ply %d outside [%d, %d]", k, n, p, randomPlies, maxPlies)
			}
			if k < n && p < prev {
				t.Fatalf("candidate %d of %d: ply %d after %d", k, n, p, prev)
			}
			prev = p
		}
		span := float64(maxPlies - randomPlies)
		if first := targetPlies(0, n, maxPlies); first != randomPlies {
			t.Fatalf("first candidate at ply %d, want the opening (%d)", first, randomPlies)
		}
		if last := targetPlies(n-1, n, maxPlies); n >= 3 && float64(last-randomPlies) < span*2/3-1 {
			t.Fatalf("last of %d candidates at ply %d, not the late game of %d", n, last, maxPlies)
		}
	})
}

// Timing from a forgotten table: the same 1-thread search of a position
// counts the same nodes, whatever searched before it (another position
// deeper, the same one). A table carried over would change the count.
func TestTimeToDepthStartsFromForgottenTable(t *testing.T) {
	ctx := context.Background()
	o := measureOpts{Seed: 3, Timeout: time.Minute}
	for _, spec := range specs {
		g, start, err := spec.game()
		if err != nil {
			t.Fatal(err)
		}
		a, err := makeCandidate(ctx, g, start, 1, 1, 3, spec.MaxPlies)
		if err != nil {
			t.Fatal(err)
		}
		b, err := makeCandidate(ctx, g, start, 1, 2, 3, spec.MaxPlies)
		if err != nil {
			t.Fatal(err)
		}
		depth := 3
		first, err := timeToDepth(ctx, g, a.Pos, depth, 1, o)
		if errors.Is(err, errSkip) {
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", spec.Key, err)
		}
		if _, err := timeToDepth(ctx, g, b.Pos, depth+1, 1, o); err != nil && !errors.Is(err, errSkip) {
			t.Fatal(err)
		}
		for range 2 {
			again, err := timeToDepth(ctx, g, a.Pos, depth, 1, o)
			if err != nil {
				t.Fatalf("%s: %v", spec.Key, err)
			}
			if again.Nodes != first.Nodes {
				t.Errorf("%s: %d nodes to depth %d, then %d: the table was not forgotten", spec.Key, first.Nodes, depth, again.Nodes)
			}
		}
	}
}

func TestMedian(t *testing.T) {
	for _, c := range []struct {
		in   []float64
		want float64
	}{
		{[]float64{3}, 3},
		{[]float64{5, 1, 3}, 3},
		{[]float64{4, 1, 3, 2}, 2.5},
	} {
		in := append([]float64(nil), c.in...)
		if got := median(in); got != c.want {
			t.Errorf("median(%v) = %v, want %v", c.in, got, c.want)
		}
		for i := range in {
			if in[i] != c.in[i] {
				t.Errorf("median changed its input: %v", in)
			}
		}
	}
	if !math.IsNaN(median(nil)) {
		t.Error("median of nothing is a number")
	}
	rapid.Check(t, func(t *rapid.T) {
		xs := rapid.SliceOfN(rapid.Float64Range(0.01, 100), 1, 30).Draw(t, "xs")
		m := median(xs)
		below, above := 0, 0
		for _, x := range xs {
			if x <= m {
				below++
			}
			if x >= m {
				above++
			}
		}
		if 2*below < len(xs) || 2*above < len(xs) {
			t.Fatalf("median %v of %v: %d at or below, %d at or above", m, xs, below, above)
		}
	})
}

func TestGeomean(t *testing.T) {
	if got := geomean([]float64{2, 0.5}); math.Abs(got-1) > 1e-12 {
		t.Errorf("geomean(2, 0.5) = %v, want 1", got)
	}
	if got := geomean([]float64{1, 4, 16}); math.Abs(got-4) > 1e-12 {
		t.Errorf("geomean(1, 4, 16) = %v, want 4", got)
	}
	for _, bad := range [][]float64{nil, {1, 0}, {2, -1}} {
		if !math.IsNaN(geomean(bad)) {
			t.Errorf("geomean(%v) is a number", bad)
		}
	}
	rapid.Check(t, func(t *rapid.T) {
		xs := rapid.SliceOfN(rapid.Float64Range(0.01, 100), 1, 30).Draw(t, "xs")
		g := geomean(xs)
		lo := xs[0]
		sum := 0.0
		for _, x := range xs {
			lo, sum = min(lo, x), sum+x
		}
		if g < lo*(1-1e-12) || g > sum/float64(len(xs))*(1+1e-12) {
			t.Fatalf("geomean %v of %v outside [min %v, mean %v]", g, xs, lo, sum/float64(len(xs)))
		}
		// Inverting every ratio inverts the mean: 2 threads against 1 is
		// the same figure as 1 against 2.
		inv := make([]float64, len(xs))
		for i, x := range xs {
			inv[i] = 1 / x
		}
		if p := g * geomean(inv); math.Abs(p-1) > 1e-9 {
			t.Fatalf("geomean(%v) × geomean(inverses) = %v, want 1", xs, p)
		}
	})
}

func TestSummarize(t *testing.T) {
	samples := []sample{
		{T1: 2 * time.Second, TN: time.Second, Speedup: 2},
		{T1: time.Second, TN: 2 * time.Second, Speedup: 0.5},
		{T1: 3 * time.Second, TN: 3 * time.Second, Speedup: 1},
	}
	s := summarize("cube7", "Jumping Cube 7×7", 8, samples)
	if s.Positions != 3 || s.Median != 1 || math.Abs(s.Geomean-1) > 1e-12 || s.Min != 0.5 || s.Max != 2 || s.MedianT1 != 2*time.Second {
		t.Errorf("summarize = %+v", s)
	}
	empty := summarize("ataxx", "Ataxx", 15, nil)
	if empty.Positions != 0 || !math.IsNaN(empty.Median) {
		t.Errorf("summarize(nothing) = %+v", empty)
	}
}

// The markdown table has a header, a separator and one row per game, every
// row with as many cells as the header; the text lines line up.
func TestTables(t *testing.T) {
	sums := []summary{
		summarize("cube7", "Jumping Cube 7×7", 8, []sample{{T1: time.Second, TN: time.Second / 2, Speedup: 2}}),
		summarize("cc", "Chinese Checkers 2p (closed)", 6, nil),
	}
	var md bytes.Buffer
	writeMarkdown(&md, 2, sums)
	rows := strings.Split(strings.TrimSpace(md.String()), "\n")
	if len(rows) != 2+len(sums) {
		t.Fatalf("markdown has %d rows, want %d:\n%s", len(rows), 2+len(sums), md.String())
	}
	cells := strings.Count(rows[0], "|")
	for i, r := range rows {
		if !strings.HasPrefix(r, "|") || !strings.HasSuffix(r, "|") || strings.Count(r, "|") != cells {
			t.Errorf("row %d %q: not a row of %d cells", i, r, cells-1)
		}
	}
	if !strings.Contains(rows[2], "Jumping Cube 7×7") || !strings.Contains(rows[2], "**2.00×**") || !strings.Contains(rows[2], "1.000 s") {
		t.Errorf("cube row %q lacks the game, the median speed-up or the time", rows[2])
	}
	if !strings.Contains(rows[3], "| 0 |") || strings.Contains(rows[3], "NaN") {
		t.Errorf("a game without positions: %q", rows[3])
	}

	var text bytes.Buffer
	sampleHeader(&text, 2)
	writeSample(&text, sample{Game: "cube10", Index: 12, Plies: 140, Depth: 6, T1: 1500 * time.Millisecond, TN: 750 * time.Millisecond, N1: 123456, NN: 234567, Speedup: 2})
	lines := strings.Split(strings.TrimSuffix(text.String(), "\n"), "\n")
	if len(lines) != 2 || len(lines[0]) != len(lines[1]) {
		t.Fatalf("header and line do not line up:\n%s", text.String())
	}
	for _, want := range []string{"cube10", "1.500", "0.750", "2.00", "123456", "234567"} {
		if !strings.Contains(lines[1], want) {
			t.Errorf("line %q lacks %q", lines[1], want)
		}
	}
}

func TestFlags(t *testing.T) {
	c, err := parseFlags([]string{"-game", "ataxx", "-depth", "7", "-threads", "4", "-runs", "3"}, &bytes.Buffer{})
	if err != nil || len(c.games) != 1 || c.games[0].Key != "ataxx" || c.games[0].Depth != 7 || c.threads != 4 || c.runs != 3 {
		t.Errorf("parseFlags = %+v, %v", c, err)
	}
	c, err = parseFlags([]string{"-depth", "cube7=5,cc=4"}, &bytes.Buffer{})
	if err != nil {
		t.Fatal(err)
	}
	depths := map[string]int{}
	for _, s := range c.games {
		depths[s.Key] = s.Depth
	}
	def, _ := selectSpecs("all")
	if depths["cube7"] != 5 || depths["cc"] != 4 || depths["ataxx"] != def[2].Depth {
		t.Errorf("per-game depths = %v", depths)
	}
	for _, bad := range [][]string{
		{"-game", "chess"}, {"-depth", "0"}, {"-depth", "cube7=x"}, {"-depth", "go=3"}, {"-depth", "all=3"},
		{"-depth", "cube7"}, {"-threads", "0"}, {"-positions", "0"}, {"-runs", "0"}, {"-hash", "-1"}, {"extra"},
	} {
		if _, err := parseFlags(bad, &bytes.Buffer{}); err == nil {
			t.Errorf("parseFlags(%q) took it", bad)
		}
	}
}

// A Chinese Checkers race is answered by the race planner, not the search:
// no time to depth, so the position is skipped rather than timed.
func TestRaceIsSkipped(t *testing.T) {
	const race = "1/11/.11/.1../.......1...../............/........1../...1.1..../........2/........../.........../....2......./.....222...../2.2./2../.2/2 2 S,N"
	spec, err := selectSpecs("cc")
	if err != nil {
		t.Fatal(err)
	}
	g, _, err := spec[0].game()
	if err != nil {
		t.Fatal(err)
	}
	pos, err := g.ParsePosition(race, spec[0].Rules)
	if err != nil {
		t.Fatal(err)
	}
	if !nontrivial(pos) {
		t.Fatal("the race position has no choice")
	}
	if _, err := timeToDepth(context.Background(), g, pos, 3, 1, measureOpts{Seed: 1, Timeout: time.Minute}); !errors.Is(err, errSkip) {
		t.Errorf("a race was timed: %v", err)
	}
}

// A position whose result the search proves before the target depth ends
// its search early: it is skipped, not timed at a depth it never reached.
func TestProvenIsSkipped(t *testing.T) {
	const won = "1r3r3r1r2r3r1r/3r3r4r4r4r3r2r/2r4r1r3b3r3b3b/3r3b4b1b4b3b2b/3b2b3b4b4b1b3b/2b2b3b4b2b3b3b/1b3b3b3b3b2b1b r"
	spec, err := selectSpecs("cube7")
	if err != nil {
		t.Fatal(err)
	}
	g, _, err := spec[0].game()
	if err != nil {
		t.Fatal(err)
	}
	pos, err := g.ParsePosition(won, "")
	if err != nil {
		t.Fatal(err)
	}
	if !nontrivial(pos) {
		t.Fatal("the won position has no choice")
	}
	_, err = timeToDepth(context.Background(), g, pos, 12, 1, measureOpts{Seed: 1, Timeout: time.Minute})
	if !errors.Is(err, errSkip) || !strings.Contains(err.Error(), "proven") {
		t.Errorf("a proven position: %v, want skipped as proven", err)
	}
}
