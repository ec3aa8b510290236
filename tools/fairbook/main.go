// Command fairbook writes an opening book of balanced openings for
// engine-against-engine matches (jumpers-cli arena --book FILE): random
// openings of -plies moves from the start, each kept only when the game's
// strongest AI, searching -nodes nodes, scores it within -margin
// hundredths of a piece of equal and sees no forced result. A purely
// random book holds openings that one side has already lost (in Ataxx
// about one in six of 4-ply openings ends within a few moves): each such
// opening is a won pair of games for either engine, whatever their
// strength, and caps the score of the stronger one.
//
//	go run ./tools/fairbook -game ataxx -n 200 -o ataxx-fair.txt
//	go run ./tools/fairbook -game ataxx -rules seed -n 200 -o ataxx-seed-fair.txt
//
// The same flags write the same book: openings and searches are seeded.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/arena"
	_ "github.com/jumpers-game/jumpers/core/ataxx" // the games register themselves
	_ "github.com/jumpers-game/jumpers/core/chinesecheckers"
	_ "github.com/jumpers-game/jumpers/core/cube"
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

// request is what a book is made from.
type request struct {
	game   core.Game
	opts   core.Options
	n      int   // openings wanted
	plies  int   // random moves from the start
	seed   int64 // draws the openings and seeds the searches
	nodes  int64 // search size for each opening's score
	margin int   // the largest |score| kept
}

// balanced is a kept opening and its score for the side to move.
type balanced struct {
	opening arena.Opening
	score   int
}

func run(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("fairbook", flag.ContinueOnError)
	fs.SetOutput(stderr)
	gameID := fs.String("game", "ataxx", "game: "+strings.Join(ids(), ", "))
	rules := fs.String("rules", "", "rule set (the game's default if empty)")
	n := fs.Int("n", 200, "openings to write")
	plies := fs.Int("plies", 4, "random moves in each opening")
	seed := fs.Int64("seed", 1, "seed of the openings and the searches")
	nodes := fs.Int64("nodes", 200_000, "nodes searched to score each opening")
	margin := fs.Int("margin", 100, "keep openings scored within this many hundredths of a piece of equal")
	out := fs.String("o", "", "output file (standard output if empty)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	g, err := core.Lookup(*gameID)
	if err != nil {
		return err
	}
	if *n < 1 || *plies < 0 || *plies > 200 || *nodes < 1 || *margin < 0 {
		return fmt.Errorf("-n and -nodes must be positive, -plies 0 to 200, -margin not negative")
	}
	req := request{game: g, opts: core.Options{}.With(core.OptRules, *rules), n: *n, plies: *plies, seed: *seed, nodes: *nodes, margin: *margin}
	book, tried, err := fairBook(context.Background(), req)
	if err != nil {
		return err
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "# %d balanced openings of %s (%s): %d random plies, |score| <= %d at %d nodes, seed %d; %d drawn\n",
		len(book), g.ID(), rulesName(*rules), *plies, *margin, *nodes, *seed, tried)
	for _, b := range book {
		fmt.Fprintf(&sb, "%s\n", b.opening)
	}
	fmt.Fprintf(stderr, "%d of %d openings kept\n", len(book), tried)
	if *out == "" {
		_, err = io.WriteString(stdout, sb.String())
		return err
	}
	return os.WriteFile(*out, []byte(sb.String()), 0o644)
}

// fairBook draws random openings until it has req.n balanced ones (or
// has drawn twenty times as many) and returns them with how many it drew.
func fairBook(ctx context.Context, req request) ([]balanced, int, error) {
	drawn, err := arena.RandomBook(req.game, req.opts, 20*req.n, req.plies, req.seed)
	if err != nil {
		return nil, 0, err
	}
	var book []balanced
	tried := 0
	for _, o := range drawn {
		if len(book) == req.n {
			break
		}
		tried++
		pos, err := req.game.Start(req.opts)
		if err != nil {
			return nil, tried, err
		}
		for _, m := range o.Moves {
			if pos, err = pos.Play(m); err != nil {
				return nil, tried, fmt.Errorf("opening %s: %v", o, err)
			}
		}
		res, err := req.game.BestMove(ctx, pos, core.AIRequest{Nodes: req.nodes, Seed: req.seed}) // node-limited: always from a forgotten table
		if err != nil {
			return nil, tried, fmt.Errorf("opening %s: %v", o, err)
		}
		if res.Info.Mate == 0 && abs(res.Info.Score) <= req.margin {
			book = append(book, balanced{opening: o, score: res.Info.Score})
		}
	}
	return book, tried, nil
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func rulesName(r string) string {
	if r == "" {
		return "default rules"
	}
	return r + " rules"
}

func ids() []string {
	var out []string
	for _, g := range core.Games() {
		out = append(out, g.ID())
	}
	return out
}
