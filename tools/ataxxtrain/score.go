package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"math/bits"
	"os"

	"github.com/jumpers-game/jumpers/core/ataxx"
)

// score compares hidden-layer nets on games none of them was fitted on:
// for each net, the log loss of the games' results (not the search scores,
// which come from one of the nets) with the net's score read at the
// logistic scale that suits it best, over all positions and by phase. A
// held-out loss compares nets fitted to one data set; this compares nets
// of any data and round on the same fresh games.

// scorePhases are the phases score reports, by empty squares.
var scorePhases = [...]struct{ lo, hi int }{{0, 15}, {16, 31}, {32, ataxx.Squares}}

// netScore is one net's figures.
type netScore struct {
	loss    float64 // at the best scale
	scale   float64
	byPhase [len(scorePhases)]float64
	n       [len(scorePhases)]int
}

func scoreCmd(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("score", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: ataxxtrain score -rules R NET.bin... -- RECORDS|CHUNK-DIR...")
		fs.PrintDefaults()
	}
	rules := fs.String("rules", "standard", "rule set of the records: standard or seed")
	threads := fs.Int("threads", 2, "goroutines evaluating")
	empties := fs.String("empties", "", "LO-HI: score only the positions with LO to HI empty squares, at the scale that suits them (default all)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	lo, hi := 0, ataxx.Squares
	if *empties != "" {
		var err error
		if lo, hi, err = parseRange(*empties); err != nil {
			return fmt.Errorf("score: -empties: %w", err)
		}
	}
	r, err := ataxx.ParseRules(*rules)
	if err != nil {
		return err
	}
	var netPaths, dataPaths []string
	dst := &netPaths
	for _, a := range fs.Args() {
		if a == "--" && dst == &netPaths {
			dst = &dataPaths
			continue
		}
		*dst = append(*dst, a)
	}
	if len(netPaths) == 0 || len(dataPaths) == 0 {
		return errors.New("score: give nets, then --, then records files or chunk directories")
	}
	sources, err := nnSources(dataPaths, r)
	if err != nil {
		return err
	}
	var recs []record
	for _, src := range sources {
		for _, path := range src.files {
			rs, err := readRecords(path)
			if err != nil {
				return err
			}
			recs = append(recs, withEmpties(rs, lo, hi)...)
		}
	}
	if len(recs) == 0 {
		return errors.New("score: no positions")
	}
	fmt.Fprintf(stdout, "%d positions; the log loss of the results at each net's best scale\n", len(recs))
	for _, path := range netPaths {
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		n, err := ataxx.DecodeNN(data)
		if err != nil {
			return fmt.Errorf("%s: %v", path, err)
		}
		s := scoreNet(recs, max(1, *threads), func(us, them uint64) int { return n.EvaluateBoard(us, them, r) })
		fmt.Fprintf(stdout, "%s: %.5f at scale %.0f;", path, s.loss, s.scale)
		for i, ph := range scorePhases {
			fmt.Fprintf(stdout, " %d–%d empty %.5f (%d)", ph.lo, ph.hi, s.byPhase[i], s.n[i])
		}
		fmt.Fprintln(stdout)
	}
	return nil
}

// scoreNet evaluates every record with eval and finds the scale (10 to
// 2,000 hundredths of a piece a logistic unit; the loss is unimodal in
// it) at which the results are best predicted.
func scoreNet(recs []record, threads int, eval func(us, them uint64) int) netScore {
	ev := make([]float64, len(recs))
	parallel(threads, len(recs), func(_, lo, hi int) {
		for k := lo; k < hi; k++ {
			ev[k] = float64(eval(recs[k].us, recs[k].them))
		}
	})
	loss := func(scale float64) float64 {
		sum := 0.0
		for k, r := range recs {
			sum += logLoss(sigmoid(ev[k]/scale), float64(r.result+1)/2)
		}
		return sum / float64(len(recs))
	}
	s := netScore{scale: math.Round(goldenMin(loss, 10, 2000))}
	s.loss = loss(s.scale)
	for k, r := range recs {
		empty := ataxx.Squares - bits.OnesCount64(r.us|r.them)
		for i, ph := range scorePhases {
			if empty >= ph.lo && empty <= ph.hi {
				s.byPhase[i] += logLoss(sigmoid(ev[k]/s.scale), float64(r.result+1)/2)
				s.n[i]++
			}
		}
	}
	for i := range s.byPhase {
		if s.n[i] > 0 {
			s.byPhase[i] /= float64(s.n[i])
		}
	}
	return s
}
