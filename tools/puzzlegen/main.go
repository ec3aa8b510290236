// Command puzzlegen mines puzzles from engine games it plays, keeping only
// those with one clear answer (core/puzzle's Verify), and verifies a set.
//
//	puzzlegen -game cube -games 40 -seed 1 -out core/puzzle/data/cube.txt
//	puzzlegen -verify [FILE...]     (no file: the embedded set)
//
// Games are node-limited and seeded, so a run is reproducible; the output
// file is appended to, and a run given the same file goes on after the
// last game it finished ("# game N" lines), so it can be stopped and
// resumed. See docs/puzzles.md for what is kept and the figures.
package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/ataxx"
	"github.com/jumpers-game/jumpers/core/chinesecheckers"
	"github.com/jumpers-game/jumpers/core/cube"
	"github.com/jumpers-game/jumpers/core/puzzle"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

type options struct {
	game      string
	games     int
	seed      int64
	nodes     int64
	out       string
	max       int
	verify    bool
	every     int
	mineNodes int64
}

func run(args []string, stdout, stderr io.Writer) int {
	var o options
	fs := flag.NewFlagSet("puzzlegen", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&o.game, "game", "", "cube, ataxx or chinesecheckers")
	fs.IntVar(&o.games, "games", 20, "engine games to play (in all, counting those of earlier runs on -out)")
	fs.Int64Var(&o.seed, "seed", 1, "seed of the games")
	fs.Int64Var(&o.nodes, "nodes", 3000, "engine nodes per move of the games")
	fs.StringVar(&o.out, "out", "", "puzzle file to append to (resumed if it exists)")
	fs.IntVar(&o.max, "max", 400, "stop when the file holds this many puzzles")
	fs.BoolVar(&o.verify, "verify", false, "verify the puzzle files given as arguments (none: the embedded set)")
	fs.IntVar(&o.every, "every", 1, "with -verify: check every Nth puzzle only")
	clean := fs.Bool("clean", false, "rewrite the puzzle files given as arguments without the puzzles that fail to verify")
	fs.Int64Var(&o.mineNodes, "mine-nodes", 200_000, "proof nodes spent looking for a puzzle at one position")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *clean {
		return cleanFiles(fs.Args(), stdout, stderr)
	}
	if o.verify {
		return verifyFiles(fs.Args(), o.every, stdout, stderr)
	}
	if o.out == "" || fs.NArg() > 0 {
		fmt.Fprintln(stderr, "puzzlegen: -out FILE is needed (and no other argument)")
		return 2
	}
	var mine func(*miner, int) error
	switch o.game {
	case cube.ID:
		mine = mineCube
	case ataxx.ID:
		mine = mineAtaxx
	case chinesecheckers.ID:
		mine = mineRace
	default:
		fmt.Fprintf(stderr, "puzzlegen: -game is cube, ataxx or chinesecheckers, not %q\n", o.game)
		return 2
	}
	m, err := openMiner(o, stderr)
	if err != nil {
		fmt.Fprintln(stderr, "puzzlegen:", err)
		return 1
	}
	defer m.f.Close()
	start := time.Now()
	for gi := m.nextGame; gi < o.games && len(m.seen) < o.max; gi++ {
		if err := mine(m, gi); err != nil {
			fmt.Fprintln(stderr, "puzzlegen:", err)
			return 1
		}
		fmt.Fprintf(m.f, "# game %d\n", gi)
		fmt.Fprintf(stderr, "game %d: %d puzzles (%s)\n", gi, len(m.seen), time.Since(start).Round(time.Second))
	}
	return 0
}

// miner appends the puzzles of one game's file.
type miner struct {
	o        options
	f        *os.File
	seen     map[string]bool // positions already in the file
	nextGame int
	lastID   int // the highest number of the IDs in the file
	v        *puzzle.Verifier
	log      io.Writer
}

func openMiner(o options, log io.Writer) (*miner, error) {
	m := &miner{o: o, seen: map[string]bool{}, v: puzzle.NewVerifier(), log: log}
	if data, err := os.ReadFile(o.out); err == nil {
		for _, line := range strings.Split(string(data), "\n") {
			if rest, ok := strings.CutPrefix(line, "# game "); ok {
				if g, err := strconv.Atoi(rest); err == nil && g+1 > m.nextGame {
					m.nextGame = g + 1
				}
				continue
			}
			if line == "" || strings.HasPrefix(line, "#") {
				continue
			}
			p, err := puzzle.Parse(line)
			if err != nil {
				return nil, fmt.Errorf("%s: %v", o.out, err)
			}
			m.seen[p.Position] = true
			if i := strings.LastIndexByte(p.ID, '-'); i >= 0 {
				if n, err := strconv.Atoi(p.ID[i+1:]); err == nil && n > m.lastID {
					m.lastID = n
				}
			}
		}
	}
	f, err := os.OpenFile(o.out, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		return nil, err
	}
	m.f = f
	return m, nil
}

// keep verifies p and appends it when it holds and is new; rate, if set,
// gives the rating from the verifier's search effort.
func (m *miner) keep(p puzzle.Puzzle, rate func(nodes int64) int) bool {
	if m.seen[p.Position] || len(m.seen) >= m.o.max {
		return false
	}
	p.ID = fmt.Sprintf("%s-%04d", shortName(p.Game), m.lastID+1)
	if err := m.v.Verify(context.Background(), p); err != nil {
		fmt.Fprintln(m.log, "  dropped:", err)
		return false
	}
	if rate != nil {
		p.Rating = rate(m.v.Nodes)
	}
	m.seen[p.Position] = true
	m.lastID++
	fmt.Fprintln(m.f, p.String())
	return true
}

func shortName(game string) string {
	if game == chinesecheckers.ID {
		return "cc"
	}
	return game
}

// rating turns difficulty measures into a rating: base, plus per log2 of
// search effort, clamped to the set's range.
func rating(base float64, nodes int64, perDoubling float64) int {
	r := base + perDoubling*math.Log2(1+float64(nodes)/1000)
	return int(min(max(r, 600), 2800))
}

// engineMove is the engine's move in a game being mined: node-limited and
// seeded; every third game at a weaker, noisy level, whose mistakes make
// more positions with one good answer.
func engineMove(pos core.Position, gi, ply int, o options) (string, error) {
	g, _ := core.Lookup(pos.Game())
	req := core.AIRequest{Nodes: o.nodes, Seed: o.seed*1_000_003 + int64(gi)*1009 + int64(ply)}
	if gi%3 == 2 {
		req.Level = core.Average
	}
	res, err := g.BestMove(context.Background(), pos, req)
	return res.Move, err
}

// randomOpening plays k random moves, seeded by the game.
func randomOpening(pos core.Position, k int, rng *rand.Rand) core.Position {
	for i := 0; i < k && !pos.Result().Over; i++ {
		ms := pos.Moves()
		next, err := pos.Play(ms[rng.IntN(len(ms))])
		if err != nil {
			return pos
		}
		pos = next
	}
	return pos
}

func gameRNG(o options, gi int) *rand.Rand {
	return rand.New(rand.NewPCG(uint64(o.seed), uint64(gi)))
}

// verifyFiles verifies every puzzle (or every Nth) of the files, or of the
// embedded set, and prints the figures.
func verifyFiles(files []string, every int, stdout, stderr io.Writer) int {
	var sets [][]puzzle.Puzzle
	if len(files) == 0 {
		all, err := puzzle.All()
		if err != nil {
			fmt.Fprintln(stderr, "puzzlegen:", err)
			return 1
		}
		sets = append(sets, all)
	}
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			fmt.Fprintln(stderr, "puzzlegen:", err)
			return 1
		}
		ps, err := puzzle.ParseSet(string(data))
		if err != nil {
			fmt.Fprintf(stderr, "puzzlegen: %s: %v\n", name, err)
			return 1
		}
		sets = append(sets, ps)
	}
	v := puzzle.NewVerifier()
	type tally struct {
		n, bad int
		t      time.Duration
		nodes  int64
	}
	per := map[string]*tally{}
	var order []string
	failed := 0
	for _, ps := range sets {
		for i, p := range ps {
			if every > 1 && i%every != 0 {
				continue
			}
			t := per[p.Game]
			if t == nil {
				t = &tally{}
				per[p.Game] = t
				order = append(order, p.Game)
			}
			start := time.Now()
			err := v.Verify(context.Background(), p)
			t.t += time.Since(start)
			t.nodes += v.Nodes
			t.n++
			if err != nil {
				t.bad++
				failed++
				fmt.Fprintln(stdout, "FAIL", err)
			}
		}
	}
	w := bufio.NewWriter(stdout)
	for _, g := range order {
		t := per[g]
		fmt.Fprintf(w, "%s: %d verified, %d failed, %s, %d search nodes\n", g, t.n-t.bad, t.bad, t.t.Round(time.Millisecond), t.nodes)
	}
	w.Flush()
	if failed > 0 {
		return 1
	}
	return 0
}

// cleanFiles drops from each file the puzzles that fail to verify (after a
// change of what Verify asks), keeping the rest and the comment lines.
func cleanFiles(files []string, stdout, stderr io.Writer) int {
	v := puzzle.NewVerifier()
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			fmt.Fprintln(stderr, "puzzlegen:", err)
			return 1
		}
		var out strings.Builder
		kept, dropped := 0, 0
		for _, line := range strings.Split(strings.TrimRight(string(data), "\n"), "\n") {
			if line != "" && !strings.HasPrefix(line, "#") {
				p, err := puzzle.Parse(line)
				if err == nil {
					err = v.Verify(context.Background(), p)
				}
				if err != nil {
					dropped++
					continue
				}
				kept++
			}
			out.WriteString(line + "\n")
		}
		if err := os.WriteFile(name, []byte(out.String()), 0o644); err != nil {
			fmt.Fprintln(stderr, "puzzlegen:", err)
			return 1
		}
		fmt.Fprintf(stdout, "%s: %d kept, %d dropped\n", name, kept, dropped)
	}
	return 0
}
