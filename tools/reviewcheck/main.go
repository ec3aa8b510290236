// Command reviewcheck plays games where one seat moves at random against
// the Expert and reviews each with the review's own code (core/review, as
// the app and `jumpers-cli review`), counting what a player would check:
// games where the random seat got a mistake or a blunder, marks on the
// engine's seats, and each side's accuracy. It is the test of the
// review, run on many games, sizes and player counts instead of one.
//
//	go run ./tools/reviewcheck -game cube -sizes 4,5,6,7,8 -games 10
//	go run ./tools/reviewcheck -game chinesecheckers -players 2,3,4,6 -games 6
//
// Everything is node-limited and seeded: the same flags give the same
// figures on any machine.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/jumpers-game/jumpers/core"
	_ "github.com/jumpers-game/jumpers/core/ataxx"
	_ "github.com/jumpers-game/jumpers/core/chinesecheckers"
	_ "github.com/jumpers-game/jumpers/core/cube"
	"github.com/jumpers-game/jumpers/core/review"
	"github.com/jumpers-game/jumpers/storage"
	"github.com/jumpers-game/jumpers/tools/internal/gameconfig"
)

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			os.Exit(0)
		}
		fmt.Fprintln(os.Stderr, "error:", err)
		os.Exit(2)
	}
}

type options struct {
	games, first int
	maxPlies     int
	nodes, play  int64
	seed         int64
	verbose      bool
	save         string
}

func run(args []string, w io.Writer) error {
	fs := flag.NewFlagSet("reviewcheck", flag.ContinueOnError)
	game := fs.String("game", "cube", "cube, ataxx or chinesecheckers")
	sizes := fs.String("sizes", "6", "cube board sizes, comma-separated")
	players := fs.String("players", "2", "Chinese Checkers player counts, comma-separated")
	var o options
	fs.IntVar(&o.games, "games", 10, "games per configuration")
	fs.IntVar(&o.first, "first", 1, "number of the first game (a run split in parts plays the games of the whole)")
	fs.IntVar(&o.maxPlies, "max-plies", 600, "stop a game after this many moves (reviewed as it stands)")
	fs.Int64Var(&o.nodes, "nodes", 0, "nodes of the review's search (0: the app's for the player count, review.DefaultBudget)")
	fs.Int64Var(&o.play, "play-nodes", 0, "nodes a move of the Expert seats (0: the Expert's own, see expertNodes)")
	fs.Int64Var(&o.seed, "seed", 1, "seed of the random moves and the searches")
	fs.BoolVar(&o.verbose, "v", false, "print each game's line")
	fs.StringVar(&o.save, "save", "", "write each game as a saved game in this folder (for jumpers-cli review)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if o.first < 1 {
		return fmt.Errorf("-first %d: games are numbered from 1", o.first)
	}
	g, err := core.Lookup(*game)
	if err != nil {
		return err
	}
	cfgs, err := gameconfig.Parse(g, *sizes, *players, true)
	if err != nil {
		return err
	}
	fmt.Fprintln(w, "| configuration | games | random seat marked | engine marks | random accuracy | engine accuracy | time |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|")
	for _, c := range cfgs {
		oc := o
		if oc.play <= 0 {
			oc.play = expertNodes(g.ID(), c.N)
		}
		if err := checkOne(w, g, c.Opts, c.Label, oc); err != nil {
			return fmt.Errorf("%s: %w", c.Label, err)
		}
	}
	return nil
}

// expertNodes is the node budget that plays like the Expert a player
// meets (its 1 s a move): 20,000 nodes a move, except Chinese Checkers
// with more than two players, whose Monte-Carlo Expert counts every move
// of its walks and playouts as a node and plays 450,000 to 1,400,000 of
// them in a second of one core of the development machine (450,000 to
// 800,000 in the middle game; docs/app.md, "Game review"). At 20,000 it
// played a thirtieth of its strength, and the check judged slips the
// Expert a player meets does not make. The other games' Experts search
// more than 20,000 nodes in their second too; their checks were run at
// 20,000 and their figures are kept.
func expertNodes(game string, players int) int64 {
	if game == "chinesecheckers" && players > 2 {
		return 500_000
	}
	return 20_000
}

func checkOne(w io.Writer, g core.Game, opts core.Options, label string, o options) error {
	start := time.Now()
	if o.nodes <= 0 {
		pos, err := g.Start(opts)
		if err != nil {
			return err
		}
		o.nodes = review.DefaultBudget(pos.Players()).Nodes
	}
	fmt.Fprintf(w, "  %s: the Expert at %d nodes a move, the review at %d\n", label, o.play, o.nodes)
	marked, engineMarks := 0, 0
	var accRandom, accEngine float64
	var engineSeats int
	for gi := o.first - 1; gi < o.first-1+o.games; gi++ {
		seed := o.seed + int64(gi)
		rng := rand.New(rand.NewSource(seed))
		pos, err := g.Start(opts)
		if err != nil {
			return err
		}
		randomSeat := gi % pos.Players()
		h := core.NewHistory(pos, "")
		for ply := 0; ply < o.maxPlies && !h.Current().Result().Over; ply++ {
			p := h.Current()
			var move string
			if p.ToMove() == randomSeat {
				ms := p.Moves()
				move = ms[rng.Intn(len(ms))]
			} else {
				res, err := g.BestMove(context.Background(), p, core.AIRequest{Level: core.Expert, Nodes: o.play, Seed: seed})
				if err != nil {
					return err
				}
				move = res.Move
			}
			if err := h.Play(move); err != nil {
				return err
			}
		}
		if o.save != "" {
			name := filepath.Join(o.save, fmt.Sprintf("%s-%d.json", strings.ReplaceAll(label, " ", "-"), gi+1))
			if err := storage.WriteFile(name, storage.NewSave(h.Record(), h.Len(), nil, time.Unix(0, 0))); err != nil {
				return err
			}
		}
		a, err := review.Game(context.Background(), g.BestMove, h, review.Seed, review.Budget{Nodes: o.nodes}, nil)
		if err != nil {
			return err
		}
		marks, worst := 0, 0.0
		for _, m := range a.Moves {
			switch {
			case m.Mover == randomSeat && m.Class.Marked():
				marks++
			case m.Mover != randomSeat && m.Class.Marked():
				engineMarks++
				fmt.Fprintf(w, "  %s game %d: the engine's move %d (%s) marked %v: %.2f → %.2f\n", label, gi+1, m.Index, m.Played, m.Class, m.Before, m.After)
			}
			if m.Mover == randomSeat && m.Loss > worst {
				worst = m.Loss
			}
		}
		if marks > 0 {
			marked++
		}
		acc := a.Accuracies()
		accRandom += acc[randomSeat]
		for s, v := range acc {
			if s != randomSeat {
				accEngine += v
				engineSeats++
			}
		}
		if o.verbose || marks == 0 {
			fmt.Fprintf(w, "  %s game %d: %d moves, result %v, %d marks on the random seat %d (worst loss %.2f), accuracy %.1f\n",
				label, gi+1, h.Len(), h.Current().Result(), marks, randomSeat, worst, acc[randomSeat])
		}
	}
	fmt.Fprintf(w, "| %s | %d | %d | %d | %.1f | %.1f | %s |\n", label, o.games, marked, engineMarks,
		accRandom/float64(o.games), accEngine/float64(max(1, engineSeats)), time.Since(start).Round(time.Second))
	return nil
}
