// Command ataxxshape reads a file of Ataxx game records (what `jumpers-cli
// arena --record FILE` writes) and prints the shape of player A's lost and
// won games: the mean piece counts (A's, the other's) at given plies, when
// given numbers of empty squares are left, and at the end; in how many
// lost games A led at the first ply; the number of empty squares left when
// A was last level or ahead in a lost game (median and range); and the
// passes of each side in the lost games. The figures of "Against the
// strongest open engines" in docs/benchmarks-ataxx.md.
//
//	go run ./tools/ataxxshape ax100.rec ax10.rec
//	go run ./tools/ataxxshape -plies 50,60 -empties 20,15,10,5 match.rec
//	go run ./tools/ataxxshape -book 12 ax100.rec > fill12.fens
//
// With -book N it prints instead, one a line, the position of each game
// (once each) when N or fewer empty squares were first left: a book of
// the games' fills, for matches that play only the part the shape says
// decides (`jumpers-cli arena --book fill12.fens`).
//
// A's seat is each record's SeatA tag (the arena alternates it); seat 1
// moves first (x). Plies count from the start of the game: a book position
// with full-move number 2 and o to move has had three. Every game is
// replayed through the rules (core/record, core/ataxx).
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/jumpers-game/jumpers/core/ataxx"
	"github.com/jumpers-game/jumpers/core/record"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("ataxxshape", flag.ContinueOnError)
	fs.SetOutput(stderr)
	plies := fs.String("plies", "50,60", "plies at which to count the pieces, comma-separated")
	empties := fs.String("empties", "20,15,10,5", "count the pieces when this many empty squares are left, comma-separated")
	book := fs.Int("book", -1, "print each game's position when this many empty squares were first left (a book), not the shape")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	atPly, err1 := numbers(*plies)
	atEmpty, err2 := numbers(*empties)
	if err := errors.Join(err1, err2); err != nil || fs.NArg() == 0 {
		if err == nil {
			err = errors.New("give one or more record files")
		}
		fmt.Fprintln(stderr, "ataxxshape:", err)
		return 2
	}
	var games []shape
	for _, path := range fs.Args() {
		data, err := os.ReadFile(path)
		if err != nil {
			fmt.Fprintln(stderr, "ataxxshape:", err)
			return 1
		}
		recs, err := record.ReadAll(string(data))
		if err != nil {
			fmt.Fprintf(stderr, "ataxxshape: %s: %v\n", path, err)
			return 1
		}
		for _, g := range recs {
			s, err := replay(g, atPly, atEmpty)
			if err != nil {
				fmt.Fprintf(stderr, "ataxxshape: %s, game at line %d: %v\n", path, g.Line, err)
				return 1
			}
			games = append(games, s)
		}
	}
	if *book >= 0 {
		seen := map[string]bool{}
		for _, g := range games {
			if f, ok := g.fill[*book]; ok && !seen[f] {
				seen[f] = true
				fmt.Fprintln(stdout, f)
			}
		}
		return 0
	}
	report(stdout, games, atPly, atEmpty)
	return 0
}

func numbers(list string) ([]int, error) {
	var out []int
	for _, f := range strings.Split(list, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 0 {
			return nil, fmt.Errorf("%q is not a list of numbers of 0 or more", list)
		}
		out = append(out, n)
	}
	return out, nil
}

// counts are A's pieces and the other's.
type counts [2]int

type shape struct {
	score     float64 // A's: 1, ½ or 0
	atPly     map[int]counts
	atEmpty   map[int]counts
	end       counts
	lastLevel int // empty squares left when A was last level or ahead; -1 never
	passes    [2]int
	fill      map[int]string // the FEN when this many empty squares were first left
}

func replay(g record.Game, atPly, atEmpty []int) (shape, error) {
	s := shape{atPly: map[int]counts{}, atEmpty: map[int]counts{}, lastLevel: -1, fill: map[int]string{}}
	seat := 0
	for _, t := range g.Tags {
		if t.Name == "SeatA" {
			n, err := strconv.Atoi(t.Value)
			if err != nil || n < 1 || n > 2 {
				return s, fmt.Errorf("SeatA %q is not 1 or 2", t.Value)
			}
			seat = n - 1
		}
	}
	switch g.Result {
	case "1-0":
		s.score = float64(1 - seat)
	case "0-1":
		s.score = float64(seat)
	case "1/2-1/2":
		s.score = 0.5
	default:
		return s, fmt.Errorf("result %q is not decided", g.Result)
	}
	rules, err := ataxx.ParseRules(g.Record.Rules)
	if err != nil {
		return s, err
	}
	pos, err := ataxx.ParseFEN(g.Record.Start, rules)
	if err != nil {
		return s, err
	}
	ply := 0
	if f := strings.Fields(g.Record.Start); len(f) >= 4 {
		if full, err := strconv.Atoi(f[3]); err == nil && full > 0 {
			ply = 2*(full-1) + pos.ToMove()
		}
	}
	count := func() counts { return counts{pos.Count(seat), pos.Count(1 - seat)} }
	for i, text := range g.Record.Moves {
		m, err := ataxx.ParseMove(text)
		if err != nil {
			return s, fmt.Errorf("move %d %q: %v", i+1, text, err)
		}
		if m == ataxx.Pass {
			s.passes[(pos.ToMove()+seat)&1]++ // index 0 = A
		}
		if pos, err = pos.PlayMove(m); err != nil {
			return s, fmt.Errorf("move %d %q: %v", i+1, text, err)
		}
		ply++
		c := count()
		empty := 49 - c[0] - c[1] - popcount(pos.Gaps())
		if slices.Contains(atPly, ply) {
			s.atPly[ply] = c
		}
		for _, e := range atEmpty {
			if _, seen := s.atEmpty[e]; !seen && empty <= e {
				s.atEmpty[e] = c
			}
		}
		if c[0] >= c[1] {
			s.lastLevel = empty
		}
		for e := empty; e < 50; e++ {
			if _, seen := s.fill[e]; seen {
				break
			}
			if over, _ := pos.Outcome(); !over {
				s.fill[e] = pos.FEN()
			}
		}
	}
	s.end = count()
	return s, nil
}

func popcount(b uint64) int {
	n := 0
	for ; b != 0; b &= b - 1 {
		n++
	}
	return n
}

func report(w io.Writer, games []shape, atPly, atEmpty []int) {
	for _, group := range []struct {
		name  string
		score float64
	}{{"lost", 0}, {"won", 1}} {
		var gs []shape
		for _, g := range games {
			if g.score == group.score {
				gs = append(gs, g)
			}
		}
		fmt.Fprintf(w, "%s games: %d\n", group.name, len(gs))
		if len(gs) == 0 {
			continue
		}
		mean := func(pick func(shape) (counts, bool)) string {
			var a, b, n int
			for _, g := range gs {
				if c, ok := pick(g); ok {
					a, b, n = a+c[0], b+c[1], n+1
				}
			}
			if n == 0 {
				return "-"
			}
			return fmt.Sprintf("(%.1f, %.1f) over %d", float64(a)/float64(n), float64(b)/float64(n), n)
		}
		for _, p := range atPly {
			fmt.Fprintf(w, "  ply %d: %s\n", p, mean(func(g shape) (counts, bool) { c, ok := g.atPly[p]; return c, ok }))
		}
		for _, e := range atEmpty {
			fmt.Fprintf(w, "  %d empty: %s\n", e, mean(func(g shape) (counts, bool) { c, ok := g.atEmpty[e]; return c, ok }))
		}
		fmt.Fprintf(w, "  end: %s\n", mean(func(g shape) (counts, bool) { return g.end, true }))
		if group.score != 0 {
			continue
		}
		led, passes := 0, [2]int{}
		var level []int
		for _, g := range gs {
			if c, ok := g.atPly[atPly[0]]; ok && c[0] > c[1] {
				led++
			}
			if g.lastLevel >= 0 {
				level = append(level, g.lastLevel)
			}
			passes[0] += g.passes[0]
			passes[1] += g.passes[1]
		}
		fmt.Fprintf(w, "  A ahead at ply %d: %d of %d\n", atPly[0], led, len(gs))
		if len(level) > 0 {
			slices.Sort(level)
			fmt.Fprintf(w, "  empty squares when A was last level or ahead: median %d, %d to %d (%d games)\n",
				level[len(level)/2], level[0], level[len(level)-1], len(level))
		}
		fmt.Fprintf(w, "  passes: A %d, the other %d\n", passes[0], passes[1])
	}
}
