// Command reviewfit fits the game review's expected-score logistic to game
// results. It plays engine games: a few random opening moves, then a
// "wild" stretch, up to a ply drawn per game, where each move is random
// with a chance (positions of every balance come up), then both sides at
// the same level to the end, at the review's own node budget (an expected
// score is what the engine would make of the position: a weaker player
// throws leads away, and the fit to its games came out two or three
// times flatter). It scores the positions after
// the wild stretch with the review's own evaluation (core/review.Evaluate
// at the review's node budget) and fits, per game and board size or
// player count, the scale k of P(the side to move scores) =
// 1/(1+e^(−s/k)) that minimises the log loss against what the side to
// move scored in the end (1 win, 0.5 draw, 0 loss; with n players place
// p scores (n−p)/(n−1)). Everything is node-limited and seeded: the same
// flags give the same figures on any machine, only the time differs.
//
//	go run ./tools/reviewfit -game cube -sizes 4,5,6,7,8 -games 40 -every 6
//	go run ./tools/reviewfit -game ataxx -games 40 -every 6
//	go run ./tools/reviewfit -game chinesecheckers -players 2,3,4,6 -games 16 -every 6 -wild 4 -noise 0.1 -play-nodes 20000
//
// Between engines alone a Chinese Checkers lead is never lost (the
// result is a step function of it); -noise makes every move after the
// wild stretch random with a chance, as a player's slips, and
// -seat-levels draws a level per seat (a weaker player against a
// stronger).
//
// It prints, per configuration, the data size, the time taken, the fitted
// scale, the log loss of the fit, of the scale used before and of a coin
// (ln 2 = 0.693), the calibration by buckets of predicted score, and last
// the Go table of core/review/fitted.go.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"math/rand"
	"os"
	"sort"
	"strings"
	"time"

	"github.com/jumpers-game/jumpers/core"
	_ "github.com/jumpers-game/jumpers/core/ataxx"
	_ "github.com/jumpers-game/jumpers/core/chinesecheckers"
	_ "github.com/jumpers-game/jumpers/core/cube"
	"github.com/jumpers-game/jumpers/core/review"
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
	games, random, every, maxPlies int
	epsilon, noise                 float64
	wild                           int
	seatLevels                     bool
	nodes, playNodes               int64
	seed                           int64
	levels                         []string
	old                            float64
	dump                           io.Writer
}

func run(args []string, w io.Writer) error {
	fs := flag.NewFlagSet("reviewfit", flag.ContinueOnError)
	game := fs.String("game", "cube", "cube, ataxx or chinesecheckers")
	sizes := fs.String("sizes", "6", "cube board sizes, comma-separated")
	players := fs.String("players", "2", "Chinese Checkers player counts, comma-separated")
	var o options
	fs.IntVar(&o.games, "games", 40, "games per configuration")
	fs.IntVar(&o.random, "random", 4, "random moves at the start of each game (variety)")
	fs.Float64Var(&o.epsilon, "epsilon", 0.3, "the chance that a move of the wild stretch is random")
	fs.IntVar(&o.wild, "wild", 40, "the wild stretch (random moves with -epsilon) ends at a ply drawn from -random to this; positions are scored from there on")
	fs.Float64Var(&o.noise, "noise", 0, "the chance that a move after the wild stretch is random (a player's slips all game long; the positions are scored with them)")
	fs.BoolVar(&o.seatLevels, "seat-levels", false, "draw each seat's level from -levels (a weaker player against a stronger), not one per game")
	fs.IntVar(&o.every, "every", 1, "score every Nth position of a game")
	fs.IntVar(&o.maxPlies, "max-plies", 600, "give up a game after this many moves (not counted)")
	fs.Int64Var(&o.nodes, "nodes", review.DefaultNodes, "nodes of the scoring search (the review's budget)")
	fs.Int64Var(&o.playNodes, "play-nodes", 0, "nodes a move of the games played (0: -nodes, the review's strength: its expected score is what the engine makes of a position)")
	fs.Int64Var(&o.seed, "seed", 1, "seed of the openings, the levels and the searches")
	lv := fs.String("levels", "Expert", "levels the games are played at (one drawn per game, both sides)")
	fs.Float64Var(&o.old, "old", 0, "a scale to compare with (0: the scale core/review uses now)")
	dump := fs.String("dump", "", "also write every scored position to this CSV file (configuration, game, ply, plies, score, mate, result, open share) for other fits")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *dump != "" {
		f, err := os.Create(*dump)
		if err != nil {
			return err
		}
		defer f.Close()
		fmt.Fprintln(f, "config,game,ply,plies,score,mate,result,open")
		o.dump = f
	}
	o.levels = strings.Split(*lv, ",")
	if o.playNodes <= 0 {
		o.playNodes = o.nodes
	}
	g, err := core.Lookup(*game)
	if err != nil {
		return err
	}
	cfgs, err := gameconfig.Parse(g, *sizes, *players, false)
	if err != nil {
		return err
	}
	var table []string
	for _, c := range cfgs {
		k, err := fitOne(w, g, c, o)
		if err != nil {
			return fmt.Errorf("%s: %w", c.Label, err)
		}
		table = append(table, fmt.Sprintf("\t{%q, %d}: %.0f,", g.ID(), c.N, k))
	}
	fmt.Fprintln(w, "\nGo table (core/review/fitted.go):")
	for _, l := range table {
		fmt.Fprintln(w, l)
	}
	return nil
}

// sample is one scored position: the search score of the side to move,
// the most it could still score (review.OpenShare: less than 1 once
// players of more than two have finished) and what it scored in the end.
type sample struct{ score, open, result float64 }

// predicted is the review's expected score of the sample at scale k.
func (d sample) predicted(k float64) float64 { return d.open * review.Logistic(d.score, k) }

func fitOne(w io.Writer, g core.Game, c gameconfig.Config, o options) (float64, error) {
	start := time.Now()
	rng := rand.New(rand.NewSource(o.seed))
	var data []sample
	games, plies, dropped := 0, 0, 0
	var mates int
	for gi := 0; gi < o.games; gi++ {
		pos, err := g.Start(c.Opts)
		if err != nil {
			return 0, err
		}
		seatLevel := make([]string, pos.Players())
		for i := range seatLevel {
			if i == 0 || o.seatLevels {
				seatLevel[i] = o.levels[rng.Intn(len(o.levels))]
			} else {
				seatLevel[i] = seatLevel[0]
			}
		}
		// Moves before wildEnd may be random (either side); from it on
		// both sides play the level, and only those positions are
		// scored: their result is what the level's play made of them.
		wildEnd := o.random + rng.Intn(max(1, o.wild-o.random+1))
		var line []core.Position
		for ply := 0; !pos.Result().Over && ply < o.maxPlies; ply++ {
			line = append(line, pos)
			var move string
			if ply < o.random || ply < wildEnd && rng.Float64() < o.epsilon || ply >= wildEnd && o.noise > 0 && rng.Float64() < o.noise {
				ms := pos.Moves()
				move = ms[rng.Intn(len(ms))]
			} else {
				res, err := g.BestMove(context.Background(), pos, core.AIRequest{Level: seatLevel[pos.ToMove()], Nodes: o.playNodes, Seed: o.seed + int64(gi)})
				if err != nil {
					return 0, err
				}
				move = res.Move
			}
			if pos, err = pos.Play(move); err != nil {
				return 0, err
			}
		}
		r := pos.Result()
		if !r.Over {
			dropped++
			continue
		}
		games++
		plies += len(line)
		final := review.ResultStanding(r, pos.Players())
		for i := min(wildEnd, len(line)); i < len(line); i += o.every {
			p := line[i]
			ms := p.Moves()
			if len(ms) < 2 {
				continue // forced: the review judges the position after it
			}
			// The review's own evaluation: its search, its budget.
			ev, err := review.Evaluate(context.Background(), g.BestMove, p, o.seed, review.Budget{Nodes: o.nodes}, nil)
			if err != nil {
				return 0, err
			}
			if o.dump != nil && ev.Known && ev.Seat == p.ToMove() {
				fmt.Fprintf(o.dump, "%s,%d,%d,%d,%d,%d,%g,%g\n", c.Label, gi, i, len(line), ev.Score, ev.Mate, final[ev.Seat], review.OpenShare(p))
			}
			if !ev.Known || ev.Mate != 0 || ev.Seat != p.ToMove() {
				mates++
				continue
			}
			data = append(data, sample{float64(ev.Score), review.OpenShare(p), final[ev.Seat]})
		}
	}
	if len(data) == 0 {
		return 0, errors.New("no scored positions")
	}
	k := fit(data)
	old := o.old
	if old == 0 {
		p, _ := g.Start(c.Opts)
		old = review.Scale(p)
	}
	fmt.Fprintf(w, "\n## %s\n", c.Label)
	perSeat := "one a game"
	if o.seatLevels {
		perSeat = "one a seat"
	}
	fmt.Fprintf(w, "games %d (%d over %d moves dropped), moves %d, positions scored %d (+%d forced results or unscored), every %d, nodes %d, play nodes %d, levels %s (%s), random %d, epsilon %.2f to a ply up to %d, then noise %.2f, seed %d\n",
		games, dropped, o.maxPlies, plies, len(data), mates, o.every, o.nodes, o.playNodes, strings.Join(o.levels, "/"), perSeat, o.random, o.epsilon, o.wild, o.noise, o.seed)
	fmt.Fprintf(w, "time %s\n", time.Since(start).Round(time.Second))
	fmt.Fprintf(w, "scale %.0f: log loss %.4f (scale before %.0f: %.4f; coin 0.6931)\n", k, logLoss(data, k), old, logLoss(data, old))
	fmt.Fprintln(w, "| predicted | positions | mean predicted | mean scored |")
	fmt.Fprintln(w, "|---|---|---|---|")
	for _, b := range buckets(data, k) {
		fmt.Fprintf(w, "| %s | %d | %.3f | %.3f |\n", b.label, b.n, b.pred, b.real)
	}
	return k, nil
}

// logLoss is the mean cross-entropy of the logistic of scale k against
// the results (a draw's 0.5 counts half each way).
func logLoss(data []sample, k float64) float64 {
	var sum float64
	for _, d := range data {
		p := min(max(d.predicted(k), 1e-9), 1-1e-9)
		sum -= d.result*math.Log(p) + (1-d.result)*math.Log(1-p)
	}
	return sum / float64(len(data))
}

// fit finds the scale of least log loss by golden-section search on its
// logarithm (the loss is unimodal in it).
func fit(data []sample) float64 {
	lo, hi := math.Log(1.0), math.Log(1e5)
	phi := (math.Sqrt(5) - 1) / 2
	a, b := hi-phi*(hi-lo), lo+phi*(hi-lo)
	fa, fb := logLoss(data, math.Exp(a)), logLoss(data, math.Exp(b))
	for hi-lo > 1e-4 {
		if fa < fb {
			hi, b, fb = b, a, fa
			a = hi - phi*(hi-lo)
			fa = logLoss(data, math.Exp(a))
		} else {
			lo, a, fa = a, b, fb
			b = lo + phi*(hi-lo)
			fb = logLoss(data, math.Exp(b))
		}
	}
	return math.Exp((lo + hi) / 2)
}

type bucket struct {
	label         string
	n             int
	pred, real    float64
	sumP, sumReal float64
}

// buckets groups the positions by predicted score in tenths.
func buckets(data []sample, k float64) []bucket {
	bs := make([]bucket, 10)
	for i := range bs {
		bs[i].label = fmt.Sprintf("%.1f–%.1f", float64(i)/10, float64(i+1)/10)
	}
	for _, d := range data {
		p := d.predicted(k)
		i := min(int(p*10), 9)
		bs[i].n++
		bs[i].sumP += p
		bs[i].sumReal += d.result
	}
	out := bs[:0]
	for _, b := range bs {
		if b.n > 0 {
			b.pred, b.real = b.sumP/float64(b.n), b.sumReal/float64(b.n)
			out = append(out, b)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].label < out[j].label })
	return out
}
