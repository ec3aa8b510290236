package ataxx

import (
	"bufio"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"
)

type perftCase struct {
	rules  Rules
	fen    string
	counts []uint64 // from depth 1
}

func readPerftCases(t testing.TB) []perftCase {
	t.Helper()
	f, err := os.Open("testdata/perft.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []perftCase
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		parts := strings.Split(line, "|")
		if len(parts) != 3 {
			t.Fatalf("bad line %q", line)
		}
		r, err := ParseRules(strings.TrimSpace(parts[0]))
		if err != nil {
			t.Fatal(err)
		}
		c := perftCase{rules: r, fen: strings.TrimSpace(parts[1])}
		for _, s := range strings.Fields(parts[2]) {
			n, err := strconv.ParseUint(s, 10, 64)
			if err != nil {
				t.Fatal(err)
			}
			c.counts = append(c.counts, n)
		}
		out = append(out, c)
	}
	return out
}

// TestPerftReference checks every published count (../shared/reference
// and libataxx's perft table) at every depth listed.
func TestPerftReference(t *testing.T) {
	cases := readPerftCases(t)
	if len(cases) < 5 {
		t.Fatalf("only %d perft cases", len(cases))
	}
	for _, c := range cases {
		p, err := ParseFEN(c.fen, c.rules)
		if err != nil {
			t.Fatal(err)
		}
		if got := p.Perft(0); got != 1 {
			t.Errorf("%v %s: perft(0) = %d", c.rules, c.fen, got)
		}
		for i, want := range c.counts {
			if got := p.Perft(i + 1); got != want {
				t.Errorf("%v %s: perft(%d) = %d, want %d", c.rules, c.fen, i+1, got, want)
			}
		}
	}
}

// TestPerftStartDepth6 is the published depth-6 count from the start.
func TestPerftStartDepth6(t *testing.T) {
	if testing.Short() {
		t.Skip("perft(6) under -short")
	}
	p := New(Standard)
	start := time.Now()
	const want = 141865520
	if got := p.Perft(6); got != want {
		t.Fatalf("perft(6) = %d, want %d", got, want)
	}
	el := time.Since(start)
	t.Logf("perft(6) in %v: %.0f M nodes/s", el, want/el.Seconds()/1e6)
}

// movesPerft is perft by the search's interface (Moves and Play): a third
// method, which also checks the move list the search sees.
func movesPerft(p Position, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	var n uint64
	for _, m := range p.Moves(nil) {
		q := p
		q.Play(m)
		n += movesPerft(q, depth-1)
	}
	return n
}

// twoMethodCases are positions with gaps and crowded boards checked by the
// fast perft against the slow reference on a [7][7] array.
var twoMethodCases = []struct {
	rules Rules
	fen   string
	depth int
}{
	// Near-full boards.
	{Standard, "xxxxxxx/ooooooo/xxxxxxx/ooo1ooo/xxxxxxx/ooooooo/xxxx1xx x 0 1", 4},
	{SeedRules, "xxxxxxx/ooooooo/xxxxxxx/ooo1ooo/xxxxxxx/ooooooo/xxxx1xx o 0 1", 4},
	{Standard, "xoxoxox/o1oxoxo/xoxoxox/ox1-1xo/xoxoxox/oxoxo1o/xoxoxox o 3 17", 4},
	// A side with no move that must pass.
	{Standard, "7/7/7/7/4ooo/4ooo/4oox x 0 1", 3},
	{SeedRules, "7/7/7/7/4ooo/4ooo/4oox x 0 1", 3},
	{Standard, "xxxxxxx/-------/-------/7/7/-------/ooooooo x 0 1", 3},
	// Games that are over: a full board, a side wiped out, both blocked.
	{Standard, "xxxxxxx/xxxxxxx/xxxxxxx/oooxxxx/ooooooo/ooooooo/ooooooo x 0 1", 2},
	{Standard, "x6/7/7/3-3/7/7/7 o 0 1", 2},
	{Standard, "7/7/7/7/-------/-------/xxx-ooo x 0 1", 2},
	// The same blockade is open under the seed rules: three-square jumps
	// reach rank 4 over the gaps.
	{SeedRules, "7/7/7/7/-------/-------/xxx-ooo x 0 1", 3},
	// Gaps everywhere and a crowded middle game.
	{Standard, "x-o-x-o/-x-o-x-/o-x-o-x/-------/3-3/2o1x2/x5o o 10 20", 3},
	{SeedRules, "x-o-x-o/-x-o-x-/o-x-o-x/-------/3-3/2o1x2/x5o o 10 20", 3},
	{Standard, "xx1o1oo/x-xo-oo/2xo3/--1x1--/1ooxx2/o-x1o-x/oo1x1xx x 12 31", 3},
	// The game-length rules inside the tree.
	{Standard, "xx3oo/x5o/7/7/7/o5x/oo3xx x 97 30", 4},
	{SeedRules, "x5o/1xx4/2oo3/7/3x3/7/o5x o 5 99", 4},
	{SeedRules, "x5o/1xx4/2oo3/7/3x3/7/o5x x 5 101", 2},
}

func TestPerftTwoMethods(t *testing.T) {
	for _, c := range twoMethodCases {
		p, err := ParseFEN(c.fen, c.rules)
		if err != nil {
			t.Fatalf("%s: %v", c.fen, err)
		}
		ref := refParse(t, c.fen, c.rules == SeedRules)
		for d := 1; d <= c.depth; d++ {
			fast, slow, mid := p.Perft(d), refPerft(ref, d), movesPerft(p, d)
			if fast != slow || mid != slow {
				t.Errorf("%v %s depth %d: fast %d, Moves/Play %d, reference %d", c.rules, c.fen, d, fast, mid, slow)
			}
		}
	}
}

// TestPerftRandomPositions compares the methods on positions reached by
// random games from the layouts under both rule sets.
func TestPerftRandomPositions(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	n := 60
	if testing.Short() {
		n = 15
	}
	for i := 0; i < n; i++ {
		rules := Rules(i % 2)
		fen := Layouts[LayoutNames()[i%len(Layouts)]]
		p, _ := ParseFEN(fen, rules)
		plies := rng.IntN(60)
		for j := 0; j < plies; j++ {
			ms := p.Moves(nil)
			if len(ms) == 0 {
				break
			}
			p.Play(ms[rng.IntN(len(ms))])
		}
		ref := refParse(t, p.FEN(), rules == SeedRules)
		if got := ref.refFEN(); got != p.FEN() {
			t.Fatalf("reference reads %s as %s", p.FEN(), got)
		}
		for d := 1; d <= 2; d++ {
			if fast, slow := p.Perft(d), refPerft(ref, d); fast != slow {
				t.Errorf("%v %s depth %d: fast %d, reference %d", rules, p.FEN(), d, fast, slow)
			}
		}
	}
}

// TestPlayMatchesReference plays random games on both engines side by side
// and compares the positions after every move.
func TestPlayMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for g := 0; g < 20; g++ {
		rules := Rules(g % 2)
		p := New(rules)
		ref := refParse(t, p.FEN(), rules == SeedRules)
		for {
			ms := p.Moves(nil)
			rms := ref.refMoves()
			if len(ms) != len(rms) {
				t.Fatalf("%s: %d moves, reference %d", p.FEN(), len(ms), len(rms))
			}
			if len(ms) == 0 {
				break
			}
			m := ms[rng.IntN(len(ms))]
			// Find the same move in the reference.
			found := false
			for _, rm := range rms {
				if refMatches(rm, m) {
					ref = ref.refPlay(rm)
					found = true
					break
				}
			}
			if !found {
				t.Fatalf("%s: reference has no %v", p.FEN(), m)
			}
			p.Play(m)
			if p.FEN() != ref.refFEN() {
				t.Fatalf("after %v: %s, reference %s", m, p.FEN(), ref.refFEN())
			}
		}
	}
}

func refMatches(rm refMove, m Move) bool {
	if m == Pass {
		return rm.toRow < 0
	}
	if rm.toRow < 0 || Square(rm.toCol, 6-rm.toRow) != m.To() {
		return false
	}
	if m.IsClone() {
		return rm.fromRow < 0
	}
	return rm.fromRow >= 0 && Square(rm.fromCol, 6-rm.fromRow) == m.From()
}

func BenchmarkPerft6(b *testing.B) {
	p := New(Standard)
	var nodes uint64
	for i := 0; i < b.N; i++ {
		nodes += p.Perft(6)
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

func BenchmarkPerft5Seed(b *testing.B) {
	p := New(SeedRules)
	var nodes uint64
	for i := 0; i < b.N; i++ {
		nodes += p.Perft(5)
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}
