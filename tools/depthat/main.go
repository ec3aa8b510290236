// Command depthat measures the depth engines reach in a fixed time: for
// each position, each run and each engine in turn, it starts the engine,
// waits for its readyok (the engine's warm-up is not timed), optionally
// lets it play one timed search of another position first (as an engine
// in a game has), sends the position and "go movetime N", and reads the
// last "info depth" line before the bestmove. Engines take turns run by
// run, so a machine whose speed drifts (a shared virtual machine) slows
// them alike; each run sets the engine's Seed option to the run's number
// when the engine has one. An engine that answers a position with "info
// string error" searched another one: the measure stops there.
//
//	go run ./tools/depthat -engine "jumpers-cli ataxx uai" \
//	    -engine "jumpers-cli-e2d51ce ataxx uai" -positions docs/depth-ataxx.txt \
//	    -movetime 100 -runs 7 -warm "3xo2/2xxoo1/1x3o1/7/1o3x1/1oo1xx1/2o1x2 x 0 12"
//
// It prints each run as it ends (to stderr with -markdown), then per
// position and engine the median depth, the depths of the runs and the
// median nodes a second. The positions file holds one "fen TEXT" or
// "startpos" a line (what follows "position "); blank lines and lines
// starting with # are skipped.
package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/jumpers-game/jumpers/core/engine"
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

// engineList collects repeated -engine flags.
type engineList []string

func (e *engineList) String() string { return strings.Join(*e, ", ") }
func (e *engineList) Set(v string) error {
	if strings.TrimSpace(v) == "" {
		return errors.New("empty engine command")
	}
	*e = append(*e, v)
	return nil
}

type config struct {
	engines   []string
	positions []string
	movetime  time.Duration
	runs      int
	warm      string
	markdown  bool
}

func parseFlags(args []string, stderr io.Writer) (config, error) {
	fs := flag.NewFlagSet("depthat", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var c config
	var engines engineList
	fs.Var(&engines, "engine", "an engine command (run through sh -c); repeat for each engine")
	file := fs.String("positions", "", "file of positions, one \"fen TEXT\" or \"startpos\" a line")
	ms := fs.Int("movetime", 100, "milliseconds a search")
	fs.IntVar(&c.runs, "runs", 5, "runs per position and engine (Seed 1..runs); the median is reported")
	fs.StringVar(&c.warm, "warm", "", "a FEN each engine searches for movetime first, then uainewgame (empty: a fresh engine's first search)")
	fs.BoolVar(&c.markdown, "markdown", false, "print the medians as a markdown table (the runs go to stderr)")
	if err := fs.Parse(args); err != nil {
		return c, err
	}
	if fs.NArg() > 0 {
		return c, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	switch {
	case len(engines) == 0:
		return c, errors.New("no -engine given")
	case *file == "":
		return c, errors.New("no -positions file given")
	case *ms < 1:
		return c, fmt.Errorf("movetime %d: must be at least 1", *ms)
	case c.runs < 1:
		return c, fmt.Errorf("runs %d: must be at least 1", c.runs)
	}
	c.engines, c.movetime = engines, time.Duration(*ms)*time.Millisecond
	f, err := os.Open(*file)
	if err != nil {
		return c, err
	}
	defer f.Close()
	c.positions, err = readPositions(f)
	if err != nil {
		return c, fmt.Errorf("%s: %w", *file, err)
	}
	return c, nil
}

// readPositions reads the lines of a positions file.
func readPositions(r io.Reader) ([]string, error) {
	var out []string
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		l := strings.TrimSpace(sc.Text())
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		if l != "startpos" && !strings.HasPrefix(l, "fen ") {
			return nil, fmt.Errorf("line %d: %q is neither \"startpos\" nor \"fen TEXT\"", n, abbreviate(l))
		}
		out = append(out, l)
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, errors.New("no positions")
	}
	return out, nil
}

func abbreviate(s string) string {
	if len(s) > 60 {
		return s[:57] + "..."
	}
	return s
}

// reached is what one search reached: the last completed depth and the
// nodes a second it reported there.
type reached struct {
	Depth int
	NPS   int64
}

// lastDepth reads the last "info depth D ... nps N" line of a search.
func lastDepth(info []string) (reached, bool) {
	for i := len(info) - 1; i >= 0; i-- {
		f := strings.Fields(info[i])
		if len(f) < 3 || f[0] != "info" || f[1] != "depth" {
			continue
		}
		d, err := strconv.Atoi(f[2])
		if err != nil || d < 0 {
			continue
		}
		r := reached{Depth: d}
		for j := 3; j+1 < len(f); j++ {
			if f[j] == "nps" {
				if n, err := strconv.ParseInt(f[j+1], 10, 64); err == nil && n >= 0 {
					r.NPS = n
				}
			}
		}
		return r, true
	}
	return reached{}, false
}

// engineError finds an "info string error" line among a search's output:
// the engine refused the position (and searched another one).
func engineError(info []string) (string, bool) {
	for _, l := range info {
		if msg, ok := strings.CutPrefix(l, "info string error"); ok {
			return strings.TrimLeft(msg, ": "), true
		}
	}
	return "", false
}

// starter starts an engine; tests replace it with an engine in the process.
type starter func(ctx context.Context, command string) (*engine.Client, error)

func startProcess(ctx context.Context, command string) (*engine.Client, error) {
	return engine.Start(ctx, command)
}

// measure runs one search of position by a fresh engine.
func measure(ctx context.Context, start starter, command, position string, seed int, c config) (reached, error) {
	e, err := start(ctx, command)
	if err != nil {
		return reached{}, err
	}
	defer e.Close()
	if e.Options["seed"] {
		if err := e.SetOption("Seed", strconv.Itoa(seed)); err != nil {
			return reached{}, err
		}
	}
	if err := e.Ready(); err != nil {
		return reached{}, err
	}
	args := fmt.Sprintf("movetime %d", c.movetime.Milliseconds())
	wait := c.movetime + 5*time.Second
	if c.warm != "" {
		warm, err := e.Go("fen "+c.warm, args, wait)
		if err != nil {
			return reached{}, err
		}
		if msg, bad := engineError(warm.Info); bad {
			return reached{}, fmt.Errorf("engine %q, the warm-up position: %s", e.Name, msg)
		}
		if err := e.NewGame(); err != nil {
			return reached{}, err
		}
		if err := e.Ready(); err != nil {
			return reached{}, err
		}
	}
	reply, err := e.Go(position, args, wait)
	if err != nil {
		return reached{}, err
	}
	if msg, bad := engineError(reply.Info); bad {
		// It answered from another position: no depth of this one.
		return reached{}, fmt.Errorf("engine %q: %s", e.Name, msg)
	}
	r, ok := lastDepth(reply.Info)
	if !ok {
		return reached{}, fmt.Errorf("engine %q: no info depth line before its bestmove", e.Name)
	}
	return r, nil
}

// cell is one position's runs by one engine.
type cell struct {
	Depths []int
	NPS    []int64
}

func (c cell) medianDepth() int { return medianOf(c.Depths) }
func (c cell) medianNPS() int64 { return medianOf(c.NPS) }

// medianOf is the middle value (the lower middle of an even count).
func medianOf[T int | int64](xs []T) T {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	return s[(len(s)-1)/2]
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
	cells, err := measureAll(ctx, startProcess, c, lines)
	if c.markdown {
		writeMarkdown(stdout, c, cells)
	} else {
		writeSummary(stdout, c, cells)
	}
	return err
}

// measureAll measures every position, run by run, the engines in turn.
func measureAll(ctx context.Context, start starter, c config, lines io.Writer) ([][]cell, error) {
	cells := make([][]cell, len(c.positions))
	for p, pos := range c.positions {
		cells[p] = make([]cell, len(c.engines))
		for seed := 1; seed <= c.runs; seed++ {
			for e, command := range c.engines {
				if err := ctx.Err(); err != nil {
					return cells, err
				}
				r, err := measure(ctx, start, command, pos, seed, c)
				if err != nil {
					return cells, fmt.Errorf("position %d, run %d: %w", p+1, seed, err)
				}
				cells[p][e].Depths = append(cells[p][e].Depths, r.Depth)
				cells[p][e].NPS = append(cells[p][e].NPS, r.NPS)
				fmt.Fprintf(lines, "position %d run %d engine %d: depth %d, %d nodes/s\n", p+1, seed, e+1, r.Depth, r.NPS)
			}
		}
	}
	return cells, nil
}

// measured tells whether any engine has a run of a position (a measure
// that stopped early leaves the rest empty; they are not printed).
func measured(row []cell) bool {
	for _, x := range row {
		if len(x.Depths) > 0 {
			return true
		}
	}
	return false
}

func writeSummary(w io.Writer, c config, cells [][]cell) {
	for p, row := range cells {
		if !measured(row) {
			continue
		}
		fmt.Fprintf(w, "%s\n", abbreviate(c.positions[p]))
		for e, x := range row {
			if len(x.Depths) == 0 {
				continue
			}
			fmt.Fprintf(w, "  %-40s depth %2d %v  %d nodes/s\n", abbreviate(c.engines[e]), x.medianDepth(), x.Depths, x.medianNPS())
		}
	}
}

func writeMarkdown(w io.Writer, c config, cells [][]cell) {
	if !slices.ContainsFunc(cells, measured) {
		return
	}
	fmt.Fprint(w, "| position |")
	for _, e := range c.engines {
		fmt.Fprintf(w, " %s |", e)
	}
	fmt.Fprint(w, "\n|---|")
	for range c.engines {
		fmt.Fprint(w, "---|")
	}
	fmt.Fprintln(w)
	for p, row := range cells {
		if !measured(row) {
			continue
		}
		fmt.Fprintf(w, "| `%s` |", strings.TrimPrefix(c.positions[p], "fen "))
		for _, x := range row {
			if len(x.Depths) == 0 {
				fmt.Fprint(w, " |")
				continue
			}
			fmt.Fprintf(w, " **%d** (%s; %.2f M/s) |", x.medianDepth(), joinInts(x.Depths), float64(x.medianNPS())/1e6)
		}
		fmt.Fprintln(w)
	}
}

func joinInts(xs []int) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = strconv.Itoa(x)
	}
	return strings.Join(s, " ")
}
