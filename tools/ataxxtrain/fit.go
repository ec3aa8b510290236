package main

import (
	"errors"
	"fmt"
	"io"
	"math"
	"math/bits"
	"time"

	"github.com/jumpers-game/jumpers/core/ataxx"
)

// fitConfig says how fit trains.
type fitConfig struct {
	epochs int
	rate   float64 // Adam's step, hundredths of a piece
	wdl    float64 // weight of the result in the target
	scale  float64 // hundredths of a piece per logistic unit; 0 = fit
	l2     float64 // pull of an unused state's weight towards 0, per step
	batch  int
	rules  ataxx.Rules
}

func defaultFit() fitConfig {
	return fitConfig{epochs: 12, rate: 1, wdl: 0.5, l2: 1e-8, batch: 256}
}

// sample is a record prepared for the fit.
type sample struct {
	feat   [ataxx.TupleWindows]int32
	lo, hi int              // phase sets
	f      float64          // weight of hi
	x      [scalars]float64 // piece difference, 1 (tempo), threat, exposure
	target float64
}

// scalars is the number of terms of a phase besides the windows.
const scalars = 4

const tableLen = ataxx.TupleOrbits * ataxx.TupleStates

// The parameters in one slice for Adam: the tables of each phase, then
// each phase's scalar terms.
func scalarIndex(ph, j int) int { return ataxx.TuplePhases*tableLen + ph*scalars + j }

const paramCount = ataxx.TuplePhases * (tableLen + scalars)

func (s *sample) eval(p []float64) float64 {
	var lo, hi float64
	bl, bh := s.lo*tableLen, s.hi*tableLen
	for _, x := range s.feat {
		lo += p[bl+int(x)]
		hi += p[bh+int(x)]
	}
	for j, x := range s.x {
		lo += p[scalarIndex(s.lo, j)] * x
		hi += p[scalarIndex(s.hi, j)] * x
	}
	return lo*(1-s.f) + hi*s.f
}

func sigmoid(x float64) float64 { return 1 / (1 + math.Exp(-x)) }

// constantLoss is the loss on targets of the best constant guess, their
// mean: what a fit is judged against.
func constantLoss[T float32 | float64](targets []T) float64 {
	mean := 0.0
	for _, t := range targets {
		mean += float64(t)
	}
	mean /= float64(len(targets))
	loss := 0.0
	for _, t := range targets {
		loss += logLoss(mean, float64(t))
	}
	return loss / float64(len(targets))
}

// logLoss is the cross entropy of prediction q against target t.
func logLoss(q, t float64) float64 {
	q = min(max(q, 1e-12), 1-1e-12)
	return -(t*math.Log(q) + (1-t)*math.Log(1-q))
}

// blendTarget is what a net learns to predict for r: the game's result
// with weight wdl, the search's score as a win probability at the logistic
// scale with the rest.
func blendTarget(r record, wdl, scale float64) float64 {
	return wdl*(float64(r.result)+1)/2 + (1-wdl)*sigmoid(float64(r.score)/scale)
}

// bestScale finds the logistic scale at which scores best predict
// targets, and the loss there.
func bestScale(scores, targets []float64) (float64, float64) {
	loss := func(k float64) float64 {
		sum := 0.0
		for i, x := range scores {
			sum += logLoss(sigmoid(x/k), targets[i])
		}
		return sum / float64(len(scores))
	}
	k := goldenMin(loss, 20, 2000)
	return k, loss(k)
}

// goldenMin minimises a unimodal f on [a, b] to within 1.
func goldenMin(f func(float64) float64, a, b float64) float64 {
	const g = 0.6180339887
	c, d := b-g*(b-a), a+g*(b-a)
	for b-a > 1 {
		if f(c) < f(d) {
			b = d
		} else {
			a = c
		}
		c, d = b-g*(b-a), a+g*(b-a)
	}
	return (a + b) / 2
}

// fitScale finds the logistic scale that makes the search scores best
// predict the results (the units the search's margins were set in).
func fitScale(recs []record) float64 {
	scores := make([]float64, len(recs))
	results := make([]float64, len(recs))
	for i, r := range recs {
		scores[i], results[i] = float64(r.score), (float64(r.result)+1)/2
	}
	k, _ := bestScale(scores, results)
	return k
}

// fit trains the network on recs and returns the weights file.
func fit(recs []record, cfg fitConfig, stdout io.Writer) ([]byte, error) {
	if len(recs) == 0 {
		return nil, errors.New("fit: no positions")
	}
	start := time.Now()
	if cfg.scale == 0 {
		cfg.scale = fitScale(recs)
		fmt.Fprintf(stdout, "logistic scale fitted to the search scores: %.0f hundredths of a piece\n", cfg.scale)
	}
	var train, valid []sample
	scoreLoss, nValid := 0.0, 0
	for _, r := range recs {
		var s sample
		ataxx.TupleFeatures(r.us, r.them, &s.feat)
		s.lo, s.hi, s.f = phaseOf(bits.OnesCount64(r.us | r.them))
		threat, exposure := ataxx.Gains(r.us, r.them, 0, cfg.rules)
		s.x = [scalars]float64{float64(bits.OnesCount64(r.us) - bits.OnesCount64(r.them)), 1, float64(threat), float64(exposure)}
		s.target = blendTarget(r, cfg.wdl, cfg.scale)
		if r.game%10 == 9 {
			valid = append(valid, s)
			scoreLoss += logLoss(sigmoid(float64(r.score)/cfg.scale), s.target)
			nValid++
		} else {
			train = append(train, s)
		}
	}
	if len(valid) == 0 || len(train) == 0 {
		return nil, errors.New("fit: too few games to hold one in ten out")
	}
	p := make([]float64, paramCount)
	for ph := 0; ph < ataxx.TuplePhases; ph++ {
		p[scalarIndex(ph, 0)] = 100
	}
	lossOf := func(set []sample) float64 {
		sum := 0.0
		for i := range set {
			sum += logLoss(sigmoid(set[i].eval(p)/cfg.scale), set[i].target)
		}
		return sum / float64(len(set))
	}
	// The loss of the best constant, to judge the fit against.
	mean := 0.0
	for _, s := range valid {
		mean += s.target
	}
	mean /= float64(len(valid))
	constLoss := 0.0
	for _, s := range valid {
		constLoss += logLoss(mean, s.target)
	}
	constLoss /= float64(len(valid))
	var handScores, targets []float64
	for _, r := range recs {
		if r.game%10 == 9 {
			p := ataxx.PositionOf(r.us, r.them, 0, ataxx.Black, cfg.rules)
			handScores = append(handScores, float64(ataxx.Evaluate(&p, ataxx.DefaultWeights)))
		}
	}
	for _, s := range valid {
		targets = append(targets, s.target)
	}
	hk, hl := bestScale(handScores, targets)
	fmt.Fprintf(stdout, "held-out loss of the hand-written evaluation: %.5f (at its best scale, %.0f)\n", hl, hk)
	fmt.Fprintf(stdout, "%d training positions, %d held out; held-out loss of a constant %.5f, of the search scores %.5f\n", len(train), len(valid), constLoss, scoreLoss/float64(max(nValid, 1)))
	fmt.Fprintf(stdout, "epoch 0: train %.5f, held out %.5f\n", lossOf(train), lossOf(valid))

	// Adam on mini-batches; only the parameters a batch touched move.
	m := make([]float64, paramCount)
	v := make([]float64, paramCount)
	g := make([]float64, paramCount)
	touched := make([]bool, paramCount)
	var list []int
	const b1, b2, eps = 0.9, 0.999, 1e-8
	step := 0
	order := make([]int, len(train))
	for i := range order {
		order[i] = i
	}
	rng := newRand(1)
	touch := func(i int, d float64) {
		g[i] += d
		if !touched[i] {
			touched[i] = true
			list = append(list, i)
		}
	}
	for epoch := 1; epoch <= cfg.epochs; epoch++ {
		rate := cfg.rate
		if epoch > cfg.epochs*2/3 {
			rate /= 4
		}
		rng.shuffle(order)
		for at := 0; at < len(order); at += cfg.batch {
			end := min(at+cfg.batch, len(order))
			for _, k := range order[at:end] {
				s := &train[k]
				e := s.eval(p)
				d := (sigmoid(e/cfg.scale) - s.target) / cfg.scale
				dl, dh := d*(1-s.f), d*s.f
				bl, bh := s.lo*tableLen, s.hi*tableLen
				for _, x := range s.feat {
					touch(bl+int(x), dl)
					touch(bh+int(x), dh)
				}
				for j, x := range s.x {
					touch(scalarIndex(s.lo, j), dl*x)
					touch(scalarIndex(s.hi, j), dh*x)
				}
			}
			step++
			c1 := 1 - math.Pow(b1, float64(step))
			c2 := 1 - math.Pow(b2, float64(step))
			for _, i := range list {
				gi := g[i]/float64(end-at) + cfg.l2*p[i]*boolf(i < ataxx.TuplePhases*tableLen)
				m[i] = b1*m[i] + (1-b1)*gi
				v[i] = b2*v[i] + (1-b2)*gi*gi
				p[i] -= rate * (m[i] / c1) / (math.Sqrt(v[i]/c2) + eps)
				g[i], touched[i] = 0, false
			}
			list = list[:0]
		}
		fmt.Fprintf(stdout, "epoch %d: train %.5f, held out %.5f (%s)\n", epoch, lossOf(train), lossOf(valid), time.Since(start).Round(time.Second))
	}
	var weights [ataxx.TuplePhases][]int16
	var terms [ataxx.TuplePhases]ataxx.NetTerms
	for ph := 0; ph < ataxx.TuplePhases; ph++ {
		t := p[ph*tableLen : (ph+1)*tableLen]
		ataxx.SymmetrizeTuples(t)
		weights[ph] = ataxx.QuantizeTuples(t)
		r := func(j int) int32 { return int32(math.Round(p[scalarIndex(ph, j)])) }
		terms[ph] = ataxx.NetTerms{Material: r(0), Tempo: r(1), Threat: r(2), Exposure: r(3)}
	}
	fmt.Fprintf(stdout, "held out after symmetry: %.5f; terms by phase (material, tempo, threat, exposure) %v\n", lossOf(valid), terms)
	return ataxx.EncodeNet(weights, terms), nil
}

func boolf(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

func phaseOf(n int) (lo, hi int, f float64) {
	lo, hi, k := ataxx.TuplePhase(n)
	return lo, hi, float64(k) / ataxx.TuplePhaseStep
}

// xorshift is a small seeded generator for the shuffles (the fit must not
// depend on anything but its input).
type xorshift uint64

func newRand(seed uint64) *xorshift { x := xorshift(seed*0x9E3779B97F4A7C15 | 1); return &x }

func (x *xorshift) next() uint64 {
	*x ^= *x << 13
	*x ^= *x >> 7
	*x ^= *x << 17
	return uint64(*x)
}

func (x *xorshift) shuffle(a []int) {
	for i := len(a) - 1; i > 0; i-- {
		j := int(x.next() % uint64(i+1))
		a[i], a[j] = a[j], a[i]
	}
}
