// Command cubetune fits the weights of Kepler, the Jumping Cube
// evaluation, to the results of games (Texel's method): every position of
// the games (after the opening book's plies) is scored by the evaluation,
// the score becomes a win probability through a logistic curve, and the
// weights move to make the games' results likely.
//
//	go run ./tools/cubetune -skip 4 games1.pgn games2.pgn ...
//
// The games are `jumpers-cli arena --game cube --record FILE` records (any
// board size). One game in ten (by its order in the files) is held out:
// the fit is judged on those positions only. It prints the mean log loss
// of the held-out positions before and after, and the fitted weights as
// Go and as the environment variables an experiment build reads.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"strings"

	"github.com/jumpers-game/jumpers/core/cube"
	"github.com/jumpers-game/jumpers/core/record"
	"github.com/jumpers-game/jumpers/storage"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// sample is one position: its terms and the result for its side to move
// (1 won, 0 lost).
type sample struct {
	x      []float64
	result float64
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("cubetune", flag.ContinueOnError)
	fs.SetOutput(stderr)
	skip := fs.Int("skip", 4, "plies of each game not used (the opening book)")
	iters := fs.Int("iters", 2000, "gradient steps")
	rate := fs.Float64("rate", 2, "step size (Adam), in weight units")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: cubetune [-skip N] [-iters N] FILE.pgn ...")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() == 0 {
		fs.Usage()
		return 2
	}
	var train, test []sample
	games := 0
	for _, file := range fs.Args() {
		data, err := storage.ReadLimited(file, record.MaxSize)
		if err != nil {
			fmt.Fprintln(stderr, "error:", err)
			return 2
		}
		gs, err := record.ReadAll(string(data))
		if err != nil {
			fmt.Fprintf(stderr, "error: %s: %v\n", file, err)
			return 2
		}
		for _, g := range gs {
			s, err := samples(g, *skip)
			if err != nil {
				fmt.Fprintf(stderr, "error: %s line %d: %v\n", file, g.Line, err)
				return 2
			}
			if games%10 == 9 {
				test = append(test, s...)
			} else {
				train = append(train, s...)
			}
			games++
		}
	}
	if len(train) == 0 || len(test) == 0 {
		fmt.Fprintln(stderr, "error: too few decided cube games to fit and to check the fit")
		return 2
	}
	w0 := cube.KeplerWeights()
	w := make([]float64, len(w0))
	for i, v := range w0 {
		w[i] = float64(v)
	}
	scale := fitScale(train, w)
	before := loss(test, w, scale)
	fit(train, w, scale, *iters, *rate)
	after := loss(test, w, scale)
	fmt.Fprintf(stdout, "games %d, positions %d to fit, %d held out\n", games, len(train), len(test))
	fmt.Fprintf(stdout, "logistic scale %.0f hundredths of a square\n", scale)
	fmt.Fprintf(stdout, "held-out log loss: %.4f before, %.4f after (a coin: %.4f)\n", before, after, math.Log(2))
	fmt.Fprintf(stdout, "held-out result predicted: %.1f%% before, %.1f%% after\n", 100*accuracy(test, floats(w0), scale), 100*accuracy(test, w, scale))
	names := cube.KeplerTermNames()
	var env []string
	for i, name := range names {
		fmt.Fprintf(stdout, "%-12s %6d -> %6.0f\n", name, w0[i], w[i])
		env = append(env, fmt.Sprintf("CUBE_K_%s=%.0f", name, w[i]))
	}
	fmt.Fprintln(stdout, strings.Join(env, " "))
	return 0
}

func floats(v []int) []float64 {
	out := make([]float64, len(v))
	for i, x := range v {
		out[i] = float64(x)
	}
	return out
}

// samples replays one decided cube game and returns its positions.
func samples(g record.Game, skip int) ([]sample, error) {
	if g.Record.Game != cube.ID {
		return nil, fmt.Errorf("a %s game, not cube", g.Record.Game)
	}
	var first float64
	switch g.Result {
	case record.FirstWon:
		first = 1
	case record.SecondWon:
		first = 0
	default:
		return nil, nil // undecided: no result to fit
	}
	pos, err := cube.Game{}.ParsePosition(g.Record.Start, g.Record.Rules)
	if err != nil {
		return nil, err
	}
	var out []sample
	for i, m := range g.Record.Moves {
		if i >= skip {
			b, _ := cube.Concrete(pos)
			t := cube.KeplerTerms(&b)
			r := first
			if b.ToMove() != cube.Red {
				r = 1 - first
			}
			out = append(out, sample{x: floats(t), result: r})
		}
		if pos, err = pos.Play(m); err != nil {
			return nil, err
		}
	}
	if len(out) == 0 {
		return nil, errors.New("no position after the book")
	}
	return out, nil
}

func eval(s *sample, w []float64) float64 {
	v := 0.0
	for i, x := range s.x {
		v += x * w[i]
	}
	return v / 10
}

func prob(v, scale float64) float64 { return 1 / (1 + math.Exp(-v/scale)) }

func loss(ss []sample, w []float64, scale float64) float64 {
	total := 0.0
	for i := range ss {
		p := min(max(prob(eval(&ss[i], w), scale), 1e-9), 1-1e-9)
		total -= ss[i].result*math.Log(p) + (1-ss[i].result)*math.Log(1-p)
	}
	return total / float64(len(ss))
}

func accuracy(ss []sample, w []float64, scale float64) float64 {
	right := 0
	for i := range ss {
		if (eval(&ss[i], w) > 0) == (ss[i].result > 0.5) {
			right++
		}
	}
	return float64(right) / float64(len(ss))
}

// fitScale finds the logistic scale that makes the current weights'
// scores the best predictions (golden-section search on a log scale).
func fitScale(ss []sample, w []float64) float64 {
	lo, hi := math.Log(10.0), math.Log(100000.0)
	f := func(x float64) float64 { return loss(ss, w, math.Exp(x)) }
	g := (math.Sqrt(5) - 1) / 2
	a, b := hi-g*(hi-lo), lo+g*(hi-lo)
	fa, fb := f(a), f(b)
	for i := 0; i < 40; i++ {
		if fa < fb {
			hi, b, fb = b, a, fa
			a = hi - g*(hi-lo)
			fa = f(a)
		} else {
			lo, a, fa = a, b, fb
			b = lo + g*(hi-lo)
			fb = f(b)
		}
	}
	return math.Exp((lo + hi) / 2)
}

// fit runs Adam on the mean log loss, all weights free, the scale fixed.
func fit(ss []sample, w []float64, scale float64, iters int, rate float64) {
	m := make([]float64, len(w))
	v := make([]float64, len(w))
	grad := make([]float64, len(w))
	const b1, b2, eps = 0.9, 0.999, 1e-8
	for it := 1; it <= iters; it++ {
		clear(grad)
		for i := range ss {
			d := prob(eval(&ss[i], w), scale) - ss[i].result
			for j, x := range ss[i].x {
				grad[j] += d * x / 10 / scale
			}
		}
		for j := range w {
			gj := grad[j] / float64(len(ss))
			m[j] = b1*m[j] + (1-b1)*gj
			v[j] = b2*v[j] + (1-b2)*gj*gj
			mh := m[j] / (1 - math.Pow(b1, float64(it)))
			vh := v[j] / (1 - math.Pow(b2, float64(it)))
			w[j] -= rate * mh / (math.Sqrt(vh) + eps)
		}
	}
}
