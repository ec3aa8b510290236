// Command ttd measures what a parallel search buys: the time an infinite
// search takes to complete a fixed depth with n threads against 1 thread,
// over the same positions of every game of issue 11 (Jumping Cube 7×7 and
// 10×10, Ataxx, Chinese Checkers for 2 players), and prints one line per
// position and the median, geometric mean, min and max speed-up per game.
//
//	go run ./tools/ttd                       # every game, 2 threads against 1, 20 positions
//	go run ./tools/ttd -game cube7 -positions 5 -depth 8
//	go run ./tools/ttd -runs 3 -markdown     # the table of docs/benchmarks.md
//
// It uses the games' public API only (core.Game.BestMove with an infinite
// core.AIRequest); docs/benchmarks.md ("Parallel search: time to depth")
// says what is timed and how the positions are made.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"time"
)

func main() {
	if err := run(os.Args[1:], os.Stdout, os.Stderr); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			os.Exit(0)
		}
		fmt.Fprintln(os.Stderr, "error:", err)
		os.Exit(2)
	}
}

type config struct {
	threads, positions, runs int
	seed                     int64
	hashMB                   int
	timeout                  time.Duration
	markdown                 bool
	games                    []gameSpec
}

func parseFlags(args []string, stderr io.Writer) (config, error) {
	fs := flag.NewFlagSet("ttd", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var c config
	fs.IntVar(&c.threads, "threads", 2, "threads of the parallel search, timed against 1 thread")
	fs.IntVar(&c.positions, "positions", 20, "positions per game")
	fs.IntVar(&c.runs, "runs", 1, "runs per position and thread count (the median is kept)")
	game := fs.String("game", "all", "all, cube7, cube10, ataxx or cc")
	depth := fs.String("depth", "", "the depth to time: N for every game, or GAME=N[,GAME=N...]; empty = each game's own")
	fs.Int64Var(&c.seed, "seed", 1, "seed of the positions and of the searches")
	fs.IntVar(&c.hashMB, "hash", 0, "table size in MB for every search (0 = the engines' default)")
	fs.DurationVar(&c.timeout, "timeout", time.Minute, "give up a position whose search takes longer")
	fs.BoolVar(&c.markdown, "markdown", false, "print the per-game figures as a markdown table (per-position lines go to stderr)")
	if err := fs.Parse(args); err != nil {
		return c, err
	}
	if fs.NArg() > 0 {
		return c, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	switch {
	case c.threads < 1:
		return c, fmt.Errorf("threads %d: must be at least 1", c.threads)
	case c.positions < 1:
		return c, fmt.Errorf("positions %d: must be at least 1", c.positions)
	case c.runs < 1:
		return c, fmt.Errorf("runs %d: must be at least 1", c.runs)
	case c.hashMB < 0:
		return c, fmt.Errorf("hash %d: must not be negative", c.hashMB)
	case c.timeout <= 0:
		return c, fmt.Errorf("timeout %v: must be positive", c.timeout)
	}
	var err error
	if c.games, err = selectSpecs(*game); err != nil {
		return c, err
	}
	return c, applyDepths(c.games, *depth)
}

func run(args []string, stdout, stderr io.Writer) error {
	c, err := parseFlags(args, stderr)
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	lines := stdout
	if c.markdown {
		lines = stderr
	}
	sampleHeader(lines, c.threads)
	o := measureOpts{Seed: c.seed, HashMB: c.hashMB, Timeout: c.timeout}
	var sums []summary
	for _, spec := range c.games {
		var samples []sample
		samples, err = measureGame(ctx, spec, c, o, lines, stderr)
		if len(samples) > 0 {
			sums = append(sums, summarize(spec.Key, spec.Title, spec.Depth, samples))
		}
		if err != nil {
			break // still show what was measured (an interrupt, a bad depth)
		}
	}
	if len(sums) > 0 {
		if c.markdown {
			writeMarkdown(stdout, c.threads, sums)
		} else {
			writeSummaries(stdout, c.threads, sums)
		}
	}
	return err
}

// maxCandidates bounds the candidates tried for one game: a depth at which
// most positions are proven is the wrong depth.
func maxCandidates(positions int) int { return 3*positions + 10 }

// measureGame times c.positions positions of spec, taking candidates in
// order and replacing those that cannot be timed (reported on stderr).
func measureGame(ctx context.Context, spec gameSpec, c config, o measureOpts, lines, stderr io.Writer) ([]sample, error) {
	g, start, err := spec.game()
	if err != nil {
		return nil, err
	}
	var samples []sample
	for k := 0; len(samples) < c.positions; k++ {
		if k >= maxCandidates(c.positions) {
			return samples, fmt.Errorf("%s: only %d of %d candidates could be timed to depth %d; try a smaller depth", spec.Key, len(samples), k, spec.Depth)
		}
		cand, err := makeCandidate(ctx, g, start, c.seed, k, c.positions, spec.MaxPlies)
		if err != nil {
			return samples, fmt.Errorf("%s: %w", spec.Key, err)
		}
		if k == 0 {
			// A first search pages the table in; time none of that.
			if _, err := timeToDepth(ctx, g, cand.Pos, max(1, spec.Depth-1), 1, o); err != nil && !errors.Is(err, errSkip) {
				return samples, fmt.Errorf("%s: warm-up: %w", spec.Key, err)
			}
		}
		s, err := measurePosition(ctx, g, cand, spec.Depth, c.threads, c.runs, o)
		if errors.Is(err, errSkip) {
			fmt.Fprintf(stderr, "%s: candidate %d (ply %d) %v\n", spec.Key, k, cand.Plies, err)
			continue
		}
		if err != nil {
			return samples, fmt.Errorf("%s: candidate %d: %w", spec.Key, k, err)
		}
		s.Game = spec.Key
		samples = append(samples, s)
		writeSample(lines, s)
	}
	return samples, nil
}
