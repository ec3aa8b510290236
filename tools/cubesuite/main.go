// Command cubesuite builds and checks the Jumping Cube suite of saturated
// positions with forced wins (issue 9).
//
//	go run ./tools/cubesuite -make -sizes 5,7,10 -games 40 > suite.txt
//	go run ./tools/cubesuite -check suite.txt -movetime 100
//
// -make plays seeded self-play games (Expert at a node budget, from random
// openings) and, at every saturated position (at least half the squares
// full), asks the prover (core/search.Prover: the rules only, no
// evaluation) for a forced win of the side to move within -plies plies.
// A position whose fastest win takes 3 plies or more is written with the
// length of that win and every move that keeps a win within -plies (each
// proven on its own), one position a line:
//
//	POSITION<TAB>PLIES<TAB>MOVE MOVE ...
//
// Only sharp positions are kept: at most -sharp of the moves win.
// Positions within 4 plies of the last one taken from the same game are
// skipped (they share their win). -check runs the AI (Expert, Kepler
// unless -style) on each position of a suite at -movetime milliseconds or
// -nodes nodes and counts the positions where it plays a winning move.
package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/cube"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("cubesuite", flag.ContinueOnError)
	fs.SetOutput(stderr)
	mk := fs.Bool("make", false, "build a suite from self-play games")
	check := fs.String("check", "", "check the AI on the suite in this file")
	sizes := fs.String("sizes", "5,7,10", "with -make: board sizes, comma-separated")
	games := fs.Int("games", 20, "with -make: games per size")
	seed := fs.Int64("seed", 1, "with -make: random seed")
	plies := fs.Int("plies", 7, "with -make: the longest win sought, in plies (odd)")
	proveTime := fs.Duration("prove-time", 20*time.Second, "with -make: the most time the prover spends on one question")
	playNodes := fs.Int64("play-nodes", 20000, "with -make: nodes a move of the self-play games")
	sharp := fs.Float64("sharp", 0.5, "with -make: keep only positions where at most this share of the moves win")
	movetime := fs.Int("movetime", 100, "with -check: milliseconds a move")
	nodes := fs.Int64("nodes", 0, "with -check: nodes a move instead of a time")
	style := fs.String("style", cube.Kepler, "with -check: the AI's style")
	verbose := fs.Bool("v", false, "with -check: print every position's result")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	switch {
	case *mk && *check == "":
		var ns []int
		for _, f := range strings.Split(*sizes, ",") {
			n, err := strconv.Atoi(strings.TrimSpace(f))
			if err != nil || n < cube.MinSize || n > cube.MaxSize {
				fmt.Fprintf(stderr, "error: bad size %q\n", f)
				return 2
			}
			ns = append(ns, n)
		}
		if *plies < 1 || *plies%2 == 0 {
			fmt.Fprintln(stderr, "error: -plies must be odd and positive")
			return 2
		}
		makeSuite(stdout, stderr, ns, *games, *seed, *plies, *proveTime, *playNodes, *sharp)
		return 0
	case *check != "" && !*mk:
		suite, err := readSuite(*check)
		if err != nil {
			fmt.Fprintln(stderr, "error:", err)
			return 2
		}
		req := core.AIRequest{Level: core.Expert, Style: *style, MoveTime: time.Duration(*movetime) * time.Millisecond}
		if *nodes > 0 {
			req.MoveTime, req.Nodes = 0, *nodes
		}
		checkSuite(stdout, suite, req, *verbose)
		return 0
	}
	fmt.Fprintln(stderr, "usage: cubesuite -make [-sizes 5,7,10] [-games N] [-seed N] [-plies 7] > FILE | cubesuite -check FILE [-movetime MS | -nodes N] [-style S] [-v]")
	return 2
}

// saturated: at least half the squares are full (one spot from exploding).
func saturated(b *cube.Board) bool {
	full := 0
	for s := 0; s < b.Squares(); s++ {
		if b.Spots(cube.Move(s)) >= b.Neighbours(cube.Move(s)) {
			full++
		}
	}
	return 2*full >= b.Squares()
}

func makeSuite(stdout, stderr io.Writer, sizes []int, games int, seed int64, plies int, proveTime time.Duration, playNodes int64, sharp float64) {
	pr := cube.NewProver(64)
	found := 0
	for _, n := range sizes {
		for g := 0; g < games; g++ {
			rng := rand.New(rand.NewPCG(uint64(seed), uint64(n*1000+g)))
			b, _ := cube.NewBoard(n)
			for i := 0; i < 4; i++ {
				ms := b.Moves(nil)
				b.Play(ms[rng.IntN(len(ms))])
			}
			last := -100
			for ply := 4; ; ply++ {
				if over, _ := b.Outcome(); over {
					break
				}
				if saturated(&b) && ply-last > 4 {
					ctx, cancel := context.WithTimeout(context.Background(), proveTime)
					res := pr.Prove(ctx, b, plies, 0)
					cancel()
					if res.Won && res.Plies >= 3 {
						if wins, ok := winningMoves(pr, b, plies, proveTime); ok && float64(len(wins)) <= sharp*float64(b.NumMoves()) {
							fmt.Fprintf(stdout, "%s\t%d\t%s\n", b.String(), res.Plies, strings.Join(wins, " "))
							found++
							last = ply
						}
					}
				}
				r, err := cube.Game{}.BestMove(context.Background(), cube.NewPosition(b), core.AIRequest{Level: core.Expert, Nodes: playNodes, Seed: int64(ply) + seed})
				if err != nil {
					fmt.Fprintln(stderr, "error:", err)
					return
				}
				m, _ := cube.ParseMove(n, r.Move)
				b.Play(m)
			}
			fmt.Fprintf(stderr, "size %d game %d: %d positions so far\n", n, g+1, found)
		}
	}
}

// winningMoves lists every move of b after which the opponent is lost
// within plies-1 plies (or that wins at once); ok is false when a proof
// did not finish in time.
func winningMoves(pr interface {
	Lost(context.Context, cube.Board, int, int64) (bool, bool)
}, b cube.Board, plies int, limit time.Duration) ([]string, bool) {
	var wins []string
	for _, m := range b.Moves(nil) {
		c := b
		c.Play(m)
		if over, _ := c.Outcome(); over {
			wins = append(wins, cube.FormatMove(b.Size(), m))
			continue
		}
		ctx, cancel := context.WithTimeout(context.Background(), limit)
		lost, complete := pr.Lost(ctx, c, plies-1, 0)
		cancel()
		if !complete {
			return nil, false
		}
		if lost {
			wins = append(wins, cube.FormatMove(b.Size(), m))
		}
	}
	return wins, len(wins) > 0
}

type suiteEntry struct {
	pos   cube.Board
	plies int
	wins  map[string]bool
}

func readSuite(path string) ([]suiteEntry, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return parseSuite(f)
}

// parseSuite reads a suite file: POSITION TAB PLIES TAB MOVES.
func parseSuite(r io.Reader) ([]suiteEntry, error) {
	var out []suiteEntry
	sc := bufio.NewScanner(r)
	line := 0
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		f := strings.Split(text, "\t")
		if len(f) != 3 {
			return nil, fmt.Errorf("line %d: want POSITION, PLIES and MOVES separated by tabs", line)
		}
		b, err := cube.ParseBoard(f[0])
		if err != nil {
			return nil, fmt.Errorf("line %d: %v", line, err)
		}
		p, err := strconv.Atoi(f[1])
		if err != nil || p < 1 {
			return nil, fmt.Errorf("line %d: bad number of plies %q", line, f[1])
		}
		e := suiteEntry{pos: b, plies: p, wins: map[string]bool{}}
		for _, m := range strings.Fields(f[2]) {
			mv, err := cube.ParseMove(b.Size(), m)
			if err != nil {
				return nil, fmt.Errorf("line %d: %v", line, err)
			}
			if err := b.Legal(mv); err != nil {
				return nil, fmt.Errorf("line %d: %v", line, err)
			}
			e.wins[cube.FormatMove(b.Size(), mv)] = true
		}
		if len(e.wins) == 0 {
			return nil, fmt.Errorf("line %d: no winning move", line)
		}
		out = append(out, e)
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, errors.New("the suite holds no position")
	}
	return out, nil
}

func checkSuite(stdout io.Writer, suite []suiteEntry, req core.AIRequest, verbose bool) {
	type tally struct{ found, total int }
	bySize := map[int]*tally{}
	byPlies := map[int]*tally{}
	all := tally{}
	for i, e := range suite {
		req.Seed = int64(i)
		r, err := cube.Game{}.BestMove(context.Background(), cube.NewPosition(e.pos), req)
		ok := err == nil && e.wins[r.Move]
		for _, t := range []*tally{get(bySize, e.pos.Size()), get(byPlies, e.plies), &all} {
			t.total++
			if ok {
				t.found++
			}
		}
		if verbose {
			fmt.Fprintf(stdout, "%d\t%dx%d\twin in %d\tplayed %s\tdepth %d mate %d\t%v\n", i+1, e.pos.Size(), e.pos.Size(), e.plies, r.Move, r.Info.Depth, r.Info.Mate, ok)
		}
	}
	for _, k := range sortedKeys(bySize) {
		fmt.Fprintf(stdout, "size %d: %d of %d\n", k, bySize[k].found, bySize[k].total)
	}
	for _, k := range sortedKeys(byPlies) {
		fmt.Fprintf(stdout, "win in %d plies: %d of %d\n", k, byPlies[k].found, byPlies[k].total)
	}
	fmt.Fprintf(stdout, "found %d of %d (%.1f%%)\n", all.found, all.total, 100*float64(all.found)/float64(all.total))
}

func get[T any](m map[int]*T, k int) *T {
	if m[k] == nil {
		m[k] = new(T)
	}
	return m[k]
}

func sortedKeys[T any](m map[int]*T) []int {
	return slices.Sorted(maps.Keys(m))
}
