// Command puzzlegen mines puzzles from engine games it plays (or from the
// games of record files), keeping only
// those with one clear answer (core/puzzle's Verify), and verifies a set.
//
//	puzzlegen -game cube -games 40 -seed 1 -out core/puzzle/data/cube.txt
//	puzzlegen -game ataxx -records games.pgn,more.pgn -out ataxx.txt
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
	records := fs.String("records", "", "mine the games of these record files (comma-separated; jumpers-cli arena --record, record export) instead of playing games")
	clean := fs.Bool("clean", false, "rewrite the puzzle files given as arguments without the puzzles that fail to verify, and rate the rest again")
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
	if *records != "" {
		if err := mineRecords(m, strings.Split(*records, ",")); err != nil {
			fmt.Fprintln(stderr, "puzzlegen:", err)
			return 1
		}
		return 0
	}
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
			if n, ok := idNumber(p.ID); ok {
				m.lastID = max(m.lastID, n)
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

// keep verifies p and appends it, rated, when it holds and is new.
func (m *miner) keep(p puzzle.Puzzle) bool {
	if m.seen[p.Position] || len(m.seen) >= m.o.max {
		return false
	}
	p.ID = fmt.Sprintf("%s-%04d", shortName(p.Game), m.lastID+1)
	if err := m.v.Verify(context.Background(), p); err != nil {
		fmt.Fprintf(m.log, "  dropped: %v\n    %s\n", err, p.String())
		return false
	}
	p.Rating = rate(p, m.v.Nodes)
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

// rate estimates a verified puzzle's rating from what makes it hard: the
// moves to find, how many moves there are to choose from (or, in Ataxx,
// how many look as good at a glance and whether the glance misses the
// answer), and the search effort the verifier spent (nodes), clamped to
// 600..2800. The weights are guesses to be corrected by the players'
// results (Glicko-2 moves the puzzles' ratings too).
func rate(p puzzle.Puzzle, nodes int64) int {
	pos, err := puzzle.Start(p)
	if err != nil {
		return puzzle.MinRating
	}
	moves := float64(len(pos.Moves()))
	effort := func(unit float64) float64 { return math.Log2(1 + float64(nodes)/unit) }
	var r float64
	switch p.Game {
	case cube.ID:
		// The moves to weigh are the explosions: a square that does not
		// explode takes one square, which wins only at the very end.
		b, _ := cube.Concrete(pos)
		explosive := 0.0
		for s := 0; s < b.Squares(); s++ {
			sq := cube.Move(s)
			if b.Owner(sq) == b.ToMove() && b.Spots(sq) >= b.Neighbours(sq) {
				explosive++
			}
		}
		k := float64(p.SolverMoves())
		r = 500 + 350*(k-1) + 40*explosive + 60*effort(500)
	case ataxx.ID:
		_, glance, _, err := puzzle.AtaxxScores(context.Background(), pos, 1)
		if err != nil {
			return puzzle.MinRating
		}
		best, _ := puzzle.Margin(glance)
		plausible := 0
		for _, s := range glance {
			if s >= glance[best]-200 {
				plausible++
			}
		}
		r = 700 + 80*float64(plausible-1) + 60*effort(2000)
		if p.HasTheme("hard-to-see") {
			r += 450
		}
	case chinesecheckers.ID:
		r = 500 + 200*float64(len(p.Solution)-2) + 10*moves
		if p.HasTheme("long-hop") {
			r += 100
		}
	}
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
		lines := strings.Split(strings.TrimRight(string(data), "\n"), "\n")
		// An ID met twice (a run resumed on a file cleaned meanwhile) is
		// given the next free number; a position met twice is dropped.
		ids, positions, last := map[string]bool{}, map[string]bool{}, 0
		for _, line := range lines {
			if p, err := puzzle.Parse(line); err == nil {
				if n, ok := idNumber(p.ID); ok {
					last = max(last, n)
				}
			}
		}
		for _, line := range lines {
			if line != "" && !strings.HasPrefix(line, "#") {
				p, err := puzzle.Parse(line)
				if err == nil {
					err = v.Verify(context.Background(), p)
				}
				if err != nil || positions[p.Position] {
					dropped++
					continue
				}
				positions[p.Position] = true
				if ids[p.ID] {
					last++
					p.ID = fmt.Sprintf("%s-%04d", shortName(p.Game), last)
				}
				ids[p.ID] = true
				p.Rating = rate(p, v.Nodes)
				line = p.String()
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

// idNumber is the number at the end of a puzzle ID ("cube-0042": 42).
func idNumber(id string) (int, bool) {
	i := strings.LastIndexByte(id, '-')
	if i < 0 {
		return 0, false
	}
	n, err := strconv.Atoi(id[i+1:])
	return n, err == nil
}
