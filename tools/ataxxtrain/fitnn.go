package main

// fitnn trains the hidden-layer evaluation of core/ataxx (nn.go) on the
// records gen writes: the inputs of ataxx.NNFeatures, computed once, feed
// the float net (ataxx.NNParams); mini-batch Adam minimises the cross
// entropy of sigmoid(output) against the target fit uses (blendTarget at
// the scale fitScale picks), the gradients of a batch computed by a few
// goroutines, each touching only the first-layer rows its positions turn
// on. The first-layer weights stay within what the weights file stores,
// and the last epochs train through the weights as the file rounds them,
// so the net that is written is the net that was measured.

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"math/bits"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"sync"
	"time"

	"github.com/jumpers-game/jumpers/core/ataxx"
)

// nnConfig says how fitnn trains.
type nnConfig struct {
	hidden, buckets int
	epochs          int
	qatEpochs       int // the last epochs, trained through the quantised weights
	batch           int
	threads         int
	rate            float64 // Adam's step at the start; it falls to rate·nnFinalRate
	wdl             float64 // weight of the result in the target
	decay           float64 // decoupled weight decay of the weights (not biases), per unit of step
	scale           float64 // hundredths of a piece per logistic unit; 0 = fit
	seed            uint64  // of the initial weights and the shuffles
	rules           ataxx.Rules
	layout          ataxx.NNLayout
	out             string // weights file, rewritten after each epoch that improves; "" = none
	// from is the net training starts from (-init); nil: random weights.
	// It sets the layout, the shape and the scale.
	from *ataxx.NNParams
	// widen is the hidden units -init's net is widened to (0: as it is).
	widen int
	// allImages trains on each training position in all eight of its
	// images (the held-out ones stay as played): a raw-layout net learns
	// the board's symmetries from the data.
	allImages bool
	// teacher, when set, scores the training positions in place of their
	// search scores: a net learns what another knows (a raw net what a
	// canonical one learnt from rounds of games no longer on disk).
	teacher *ataxx.NN
	// teacherShare is the teacher's share of a training position's score,
	// the rest its search score's: a deeper look where the teacher errs.
	teacherShare float64
	// tie, with allImages, weighs a penalty of half the squared difference
	// (logistic units) between an image's output and another image's of
	// the same position: without weight decay a raw net drifts from the
	// board's symmetry, each image learning its own noise.
	tie float64
	// emptyLo and emptyHi bound the empty squares of the positions
	// fitted and held out: a net for one phase of the game only.
	emptyLo, emptyHi int
}

func defaultNN() nnConfig {
	return nnConfig{layout: ataxx.NNLayoutKinds, hidden: 128, buckets: 4, epochs: 20, qatEpochs: 2, batch: 16384, threads: 2, rate: 0.002, wdl: 0.5, teacherShare: 1, seed: 1, emptyLo: 0, emptyHi: ataxx.Squares}
}

// nnFinalRate is the step at the end as a share of the step at the start
// (the step follows half a cosine between them).
const nnFinalRate = 0.05

// nnHoldOut is one in how many games are held out.
const nnHoldOut = 20

func (c nnConfig) check() error {
	switch {
	case c.hidden < 4 || c.hidden > ataxx.NNMaxHidden || c.hidden%4 != 0:
		return fmt.Errorf("fitnn: -hidden %d: want a multiple of 4 from 4 to %d", c.hidden, ataxx.NNMaxHidden)
	case c.buckets < 1 || c.buckets > ataxx.NNMaxBuckets:
		return fmt.Errorf("fitnn: -buckets %d: want 1 to %d", c.buckets, ataxx.NNMaxBuckets)
	case c.epochs < 1:
		return fmt.Errorf("fitnn: -epochs %d: want at least 1", c.epochs)
	case c.qatEpochs < 0 || c.qatEpochs > c.epochs:
		return fmt.Errorf("fitnn: -qat %d: want 0 to -epochs (%d)", c.qatEpochs, c.epochs)
	case c.batch < 1:
		return fmt.Errorf("fitnn: -batch %d: want at least 1", c.batch)
	case c.threads < 1 || c.threads > 64:
		return fmt.Errorf("fitnn: -threads %d: want 1 to 64", c.threads)
	case !(c.rate > 0 && c.rate < 1):
		return fmt.Errorf("fitnn: -rate %v: want between 0 and 1", c.rate)
	case !(c.decay >= 0 && c.decay <= 100):
		return fmt.Errorf("fitnn: -decay %v: want 0 to 100", c.decay)
	case !(c.wdl >= 0 && c.wdl <= 1):
		return fmt.Errorf("fitnn: -wdl %v: want 0 to 1", c.wdl)
	case !(c.teacherShare >= 0 && c.teacherShare <= 1):
		return fmt.Errorf("fitnn: -teacher-share %v: want 0 to 1", c.teacherShare)
	case !(c.tie >= 0 && c.tie <= 100):
		return fmt.Errorf("fitnn: -tie %v: want 0 to 100", c.tie)
	case c.tie != 0 && !c.allImages:
		return errors.New("fitnn: -tie needs -all-images")
	case c.emptyLo < 0 || c.emptyLo > c.emptyHi || c.emptyHi > ataxx.Squares:
		return fmt.Errorf("fitnn: -empties %d-%d: want LO-HI with 0 ≤ LO ≤ HI ≤ %d", c.emptyLo, c.emptyHi, ataxx.Squares)
	case c.scale != 0 && !(c.scale >= 1 && c.scale <= 1e5):
		return fmt.Errorf("fitnn: -scale %v: want 0 (fit it) or 1 to 100000", c.scale)
	}
	return nil
}

// startFrom makes training start from the weights file path: its net's
// layout, shape and scale are the run's, and a flag that says otherwise is
// refused rather than ignored.
func (c *nnConfig) startFrom(path string, fs *flag.FlagSet) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return fmt.Errorf("fitnn: -init: %w", err)
	}
	n, err := ataxx.DecodeNN(data)
	if err != nil {
		return fmt.Errorf("fitnn: -init %s: %w", path, err)
	}
	if end, _ := n.Endgame(); end != nil {
		return fmt.Errorf("fitnn: -init %s: a two-phase net: start from one of its parts", path)
	}
	p := n.Params()
	var clash error
	fs.Visit(func(f *flag.Flag) {
		var fileSays string
		switch f.Name {
		case "layout":
			if c.layout == ataxx.NNLayoutRaw && p.Layout == ataxx.NNLayoutCanon {
				return // read as a raw net below
			}
			if c.layout != p.Layout {
				fileSays = p.Layout.String()
			}
		case "hidden":
			if c.hidden != p.Hidden {
				fileSays = fmt.Sprint(p.Hidden)
			}
		case "buckets":
			if c.buckets != p.Buckets {
				fileSays = fmt.Sprint(p.Buckets)
			}
		case "scale":
			if c.scale != p.Scale {
				fileSays = fmt.Sprint(p.Scale)
			}
		}
		if fileSays != "" && clash == nil {
			clash = fmt.Errorf("fitnn: -%s %s, but the net of -init %s has %s", f.Name, f.Value, path, fileSays)
		}
	})
	if clash != nil {
		return clash
	}
	if c.layout == ataxx.NNLayoutRaw && p.Layout == ataxx.NNLayoutCanon {
		if p, err = ataxx.NNRawFromCanon(p); err != nil {
			return fmt.Errorf("fitnn: -init %s: %w", path, err)
		}
	}
	if c.widen != 0 {
		if c.widen <= p.Hidden || c.widen > ataxx.NNMaxHidden || c.widen%4 != 0 {
			return fmt.Errorf("fitnn: -widen %d: want a multiple of 4 above the -init net's %d hidden units, at most %d", c.widen, p.Hidden, ataxx.NNMaxHidden)
		}
		p = widenNN(p, c.widen, c.seed)
	}
	c.layout, c.hidden, c.buckets, c.scale, c.from = p.Layout, p.Hidden, p.Buckets, p.Scale, p
	return nil
}

// widenNN returns p with hidden units in all: p's units as they are and
// new ones with initNN's first-layer weights and a zero output weight, so
// the wider net scores every board exactly as p does and training grows
// the new units from there (the capacity a net carried on to more data
// lacks, without forgetting what it knows).
func widenNN(p *ataxx.NNParams, hidden int, seed uint64) *ataxx.NNParams {
	fresh := initNN(p.Layout, hidden, p.Buckets, p.Scale, seed)
	w := ataxx.NewNNParamsOf(p.Layout, hidden, p.Buckets, p.Scale)
	old := p.Hidden
	for i := 0; i < p.Layout.Inputs(); i++ {
		copy(w.W1[i*hidden:], p.W1[i*old:(i+1)*old])
		copy(w.W1[i*hidden+old:(i+1)*hidden], fresh.W1[i*hidden+old:(i+1)*hidden])
	}
	copy(w.B1, p.B1)
	copy(w.B1[old:], fresh.B1[old:])
	for b := 0; b < p.Buckets; b++ {
		copy(w.W2[b*hidden:], p.W2[b*old:(b+1)*old])
	}
	copy(w.B2, p.B2)
	return w
}

func fitnnCmd(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("fitnn", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: ataxxtrain fitnn -out FILE [flags] RECORDS|CHUNK-DIR...")
		fs.PrintDefaults()
	}
	cfg := defaultNN()
	fs.StringVar(&cfg.out, "out", "", "weights file to write (rewritten after each epoch that lowers the held-out loss)")
	fs.IntVar(&cfg.hidden, "hidden", cfg.hidden, "hidden units (a multiple of 4)")
	fs.IntVar(&cfg.buckets, "buckets", cfg.buckets, "output sets, by the number of empty squares")
	fs.IntVar(&cfg.epochs, "epochs", cfg.epochs, "passes over the training positions")
	fs.IntVar(&cfg.qatEpochs, "qat", cfg.qatEpochs, "last epochs trained through the weights as the file rounds them")
	fs.IntVar(&cfg.batch, "batch", cfg.batch, "positions a step")
	fs.IntVar(&cfg.threads, "threads", cfg.threads, "goroutines computing a batch's gradient")
	fs.Float64Var(&cfg.rate, "rate", cfg.rate, "Adam's step at the start (it falls to a twentieth by a cosine)")
	fs.Float64Var(&cfg.decay, "decay", cfg.decay, "weight decay (AdamW's, of the weights, not the biases; 0: none)")
	fs.Float64Var(&cfg.wdl, "wdl", cfg.wdl, "weight of the game result in the target (the rest is the search score)")
	fs.Float64Var(&cfg.scale, "scale", cfg.scale, "hundredths of a piece per unit of the logistic curve (0: fit it to the data)")
	fs.Uint64Var(&cfg.seed, "seed", cfg.seed, "seed of the initial weights and of the order of the positions")
	rules := fs.String("rules", "standard", "rule set of the records: standard or seed")
	layout := fs.String("layout", cfg.layout.String(), "how the net reads the board: kinds (windows of a kind share inputs), canon (the board turned to its canonical image, each window its own inputs) or raw (canon's inputs of the board as it stands)")
	from := fs.String("init", "", "weights file to start from instead of random weights (a net carried on to new data); it sets -layout, -hidden, -buckets and -scale, except that -layout raw reads a canonical net as a raw one")
	fs.BoolVar(&cfg.allImages, "all-images", false, "train on all eight images of each training position (for -layout raw)")
	teacher := fs.String("teacher", "", "weights file whose evaluation replaces the training positions' search scores")
	fs.Float64Var(&cfg.teacherShare, "teacher-share", cfg.teacherShare, "with -teacher: its share of a training position's score (the rest is the search score)")
	fs.Float64Var(&cfg.tie, "tie", 0, "with -all-images: weight of the penalty on an image's output apart from another image's of the same position")
	empties := fs.String("empties", "", "LO-HI: fit and hold out only the positions with LO to HI empty squares (default all)")
	fs.IntVar(&cfg.widen, "widen", 0, "with -init: hidden units to widen its net to (the new units start with a zero output weight)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	var err error
	var ok bool
	if *empties != "" {
		if cfg.emptyLo, cfg.emptyHi, err = parseRange(*empties); err != nil {
			return fmt.Errorf("fitnn: -empties: %w", err)
		}
	}
	if cfg.layout, ok = ataxx.ParseNNLayout(*layout); !ok {
		return fmt.Errorf("fitnn: -layout %q: want kinds, canon or raw", *layout)
	}
	if *teacher != "" {
		data, err := os.ReadFile(*teacher)
		if err != nil {
			return fmt.Errorf("fitnn: -teacher: %w", err)
		}
		if cfg.teacher, err = ataxx.DecodeNN(data); err != nil {
			return fmt.Errorf("fitnn: -teacher %s: %w", *teacher, err)
		}
	}
	if *from != "" {
		if err := cfg.startFrom(*from, fs); err != nil {
			return err
		}
	} else if cfg.widen != 0 {
		return errors.New("fitnn: -widen needs -init")
	}
	if cfg.rules, err = ataxx.ParseRules(*rules); err != nil {
		return err
	}
	if err := cfg.check(); err != nil {
		return err
	}
	if *teacher == "" && cfg.teacherShare != 1 {
		return errors.New("fitnn: -teacher-share needs -teacher")
	}
	if cfg.out == "" || fs.NArg() == 0 {
		return errors.New("fitnn: -out and at least one records file or chunk directory are required")
	}
	start := time.Now()
	data, err := loadNN(fs.Args(), cfg, stdout)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "loaded in %s\n", time.Since(start).Round(time.Second))
	_, err = fitNN(data, cfg, stdout)
	return err
}

// nnSet is positions prepared for fitnn, in parallel slices.
type nnSet struct {
	feat   []uint16 // ataxx.NNActive inputs a position
	bucket []uint8
	target []float32
	score  []int16
	result []int8
	// The boards, kept for the held-out set only: the shipped nets and
	// the weights file are scored on them.
	us, them []uint64
}

func (s *nnSet) len() int { return len(s.bucket) }

func (s *nnSet) features(k int) []uint16 {
	return s.feat[k*ataxx.NNActive : (k+1)*ataxx.NNActive]
}

// nnData is the training and held-out positions, and the scale of their
// targets.
type nnData struct {
	train, valid nnSet
	scale        float64
}

// nnSource is one argument of fitnn: a records file, or a chunk
// directory's chunk files in order.
type nnSource struct {
	files []string
	// salt is mixed into the game numbers that pick the held-out games:
	// the seed of a chunk directory's run (its games' openings), 0 for a
	// records file. Runs that share a seed play the same openings, so they
	// hold out the same games, and no opening is learnt in one run and
	// tested in another.
	salt uint64
}

func nnSources(paths []string, rules ataxx.Rules) ([]nnSource, error) {
	if len(paths) == 0 {
		return nil, errors.New("fitnn: no records files or chunk directories")
	}
	var out []nnSource
	for _, path := range paths {
		st, err := os.Stat(path)
		if err != nil {
			return nil, err
		}
		if !st.IsDir() {
			out = append(out, nnSource{files: []string{path}})
			continue
		}
		data, err := os.ReadFile(filepath.Join(path, "run.json"))
		if err != nil {
			return nil, fmt.Errorf("fitnn: %s is not a chunk directory of gen -dir: %w", path, err)
		}
		var run runSettings
		if err := json.Unmarshal(data, &run); err != nil {
			return nil, fmt.Errorf("fitnn: %s: %w", filepath.Join(path, "run.json"), err)
		}
		if run.Rules != rules.String() {
			return nil, fmt.Errorf("fitnn: %s holds games of the %s rules, not the %s rules (-rules)", path, run.Rules, rules)
		}
		// Only whole chunks: a chunk is renamed to its name when written.
		files, err := filepath.Glob(filepath.Join(path, "chunk-*.dat"))
		if err != nil {
			return nil, err
		}
		if len(files) == 0 {
			return nil, fmt.Errorf("fitnn: %s has no chunk-*.dat files yet", path)
		}
		slices.Sort(files)
		out = append(out, nnSource{files: files, salt: run.Seed})
	}
	return out, nil
}

// heldOut says whether game g of a source with the given salt is held out.
func heldOut(g uint32, salt uint64) bool {
	x := uint64(g) ^ salt*0x9E3779B97F4A7C15
	x ^= x >> 30
	x *= 0xBF58476D1CE4E5B9
	x ^= x >> 27
	x *= 0x94D049BB133111EB
	x ^= x >> 31
	return x%nnHoldOut == 0
}

// loadNN reads the sources, computes every position's inputs once and its
// target at the scale of cfg (or the one fitScale finds).
func loadNN(paths []string, cfg nnConfig, stdout io.Writer) (*nnData, error) {
	sources, err := nnSources(paths, cfg.rules)
	if err != nil {
		return nil, err
	}
	// Count the positions first so that each slice is allocated once at
	// its size: grown as it is filled, a set took four times its size.
	var sizes [2]int // training, held out
	for _, src := range sources {
		for _, path := range src.files {
			recs, err := readRecords(path)
			if err != nil {
				return nil, err
			}
			recs = cfg.inPhase(recs)
			for _, r := range recs {
				switch {
				case heldOut(r.game, src.salt):
					sizes[1]++
				case cfg.allImages:
					sizes[0] += 8
				default:
					sizes[0]++
				}
			}
		}
	}
	d := &nnData{}
	for i, s := range []*nnSet{&d.train, &d.valid} {
		n := sizes[i]
		s.feat, s.bucket = make([]uint16, 0, n*ataxx.NNActive), make([]uint8, 0, n)
		s.score, s.result = make([]int16, 0, n), make([]int8, 0, n)
		if s == &d.valid {
			s.us, s.them = make([]uint64, 0, n), make([]uint64, 0, n)
		}
	}
	files := 0
	for _, src := range sources {
		for _, path := range src.files {
			recs, err := readRecords(path)
			if err != nil {
				return nil, err
			}
			recs = cfg.inPhase(recs)
			if cfg.allImages {
				recs = allImagesOf(recs, src.salt)
			}
			d.add(recs, src.salt, cfg)
			files++
		}
	}
	debug.FreeOSMemory() // the files read
	if d.train.len() == 0 || d.valid.len() == 0 {
		return nil, fmt.Errorf("fitnn: %d training and %d held-out positions: too few games to hold one in %d out", d.train.len(), d.valid.len(), nnHoldOut)
	}
	d.scale = cfg.scale
	if d.scale == 0 {
		// fit's choice, on an even sample of at most a million positions.
		n := d.train.len() + d.valid.len()
		stride := max(1, n>>20)
		var sample []record
		for _, s := range []*nnSet{&d.train, &d.valid} {
			for k := 0; k < s.len(); k += stride {
				sample = append(sample, record{score: s.score[k], result: s.result[k]})
			}
		}
		d.scale = fitScale(sample)
		fmt.Fprintf(stdout, "logistic scale fitted to the search scores: %.0f hundredths of a piece\n", d.scale)
	}
	// The weights file keeps a whole scale: train at the one it keeps.
	d.scale = math.Round(d.scale)
	for _, s := range []*nnSet{&d.train, &d.valid} {
		s.target = make([]float32, s.len())
		for k := range s.target {
			s.target[k] = float32(blendTarget(record{score: s.score[k], result: s.result[k]}, cfg.wdl, d.scale))
		}
	}
	fmt.Fprintf(stdout, "%d files: %d training positions, %d held out (one game in %d)\n", files, d.train.len(), d.valid.len(), nnHoldOut)
	return d, nil
}

// add appends recs to the training or the held-out set, by game, their
// inputs computed by cfg.threads goroutines.
func (d *nnData) add(recs []record, salt uint64, cfg nnConfig) {
	type dest struct {
		set *nnSet
		k   int
	}
	dst := make([]dest, len(recs))
	var none [ataxx.NNActive]uint16
	for i, r := range recs {
		s := &d.train
		if heldOut(r.game, salt) {
			s = &d.valid
			s.us = append(s.us, r.us)
			s.them = append(s.them, r.them)
		}
		dst[i] = dest{s, s.len()}
		s.score = append(s.score, r.score)
		s.result = append(s.result, r.result)
		s.bucket = append(s.bucket, 0)
		s.feat = append(s.feat, none[:]...)
	}
	parallel(cfg.threads, len(recs), func(_, lo, hi int) {
		var in [ataxx.NNActive]uint16
		for i := lo; i < hi; i++ {
			r, t := recs[i], dst[i]
			if cfg.teacher != nil && t.set == &d.train {
				taught := cfg.teacherShare*float64(cfg.teacher.EvaluateBoard(r.us, r.them, cfg.rules)) + (1-cfg.teacherShare)*float64(r.score)
				t.set.score[t.k] = int16(max(-30000, min(30000, math.Round(taught))))
			}
			ataxx.NNFeaturesOf(cfg.layout, r.us, r.them, cfg.rules, &in)
			copy(t.set.features(t.k), in[:])
			t.set.bucket[t.k] = uint8(ataxx.NNBucket(ataxx.Squares-bits.OnesCount64(r.us|r.them), cfg.buckets))
		}
	})
}

// inPhase is the records whose empty squares are within the run's bounds.
func (c nnConfig) inPhase(recs []record) []record {
	return withEmpties(recs, c.emptyLo, c.emptyHi)
}

// withEmpties is the records with lo to hi empty squares, in place (recs
// itself when the bounds are the whole game).
func withEmpties(recs []record, lo, hi int) []record {
	if lo == 0 && hi >= ataxx.Squares {
		return recs
	}
	return slices.DeleteFunc(recs, func(r record) bool {
		e := ataxx.Squares - bits.OnesCount64(r.us|r.them)
		return e < lo || e > hi
	})
}

// allImagesOf is recs with each training position in its eight images
// (the same game, score and result: all three are the board's, whichever
// way it is turned); held-out positions stay as played.
func allImagesOf(recs []record, salt uint64) []record {
	out := make([]record, 0, 8*len(recs))
	for _, r := range recs {
		if heldOut(r.game, salt) {
			out = append(out, r)
			continue
		}
		for g := 0; g < 8; g++ {
			c := r
			c.us, c.them = ataxx.BoardImage(g, r.us), ataxx.BoardImage(g, r.them)
			out = append(out, c)
		}
	}
	return out
}

// parallel runs f on n items split in at most threads even ranges.
func parallel(threads, n int, f func(part, lo, hi int)) {
	threads = max(1, min(threads, n))
	var wg sync.WaitGroup
	for t := range threads {
		wg.Add(1)
		go func() {
			defer wg.Done()
			f(t, n*t/threads, n*(t+1)/threads)
		}()
	}
	wg.Wait()
}

// initNN returns the starting weights: each first-layer weight uniform in
// ±0.1, so a hidden unit's sum of its bias 0.5 and NNActive weights is
// 0.5 ± 0.36 (one standard deviation), mostly inside the clipped ReLU's
// slope; output weights uniform in ±1/√hidden.
func initNN(layout ataxx.NNLayout, hidden, buckets int, scale float64, seed uint64) *ataxx.NNParams {
	p := ataxx.NewNNParamsOf(layout, hidden, buckets, scale)
	rng := newRand(seed)
	uniform := func() float32 { return float32(float64(rng.next()>>11)/(1<<53)*2 - 1) }
	for i := range p.W1 {
		p.W1[i] = 0.1 * uniform()
	}
	for i := range p.B1 {
		p.B1[i] = 0.5
	}
	out := float32(1 / math.Sqrt(float64(hidden)))
	for i := range p.W2 {
		p.W2[i] = out * uniform()
	}
	return p
}

// nnForward is the float net's output (logistic units) on one position's
// inputs and output set; acc gets the hidden units' sums.
func nnForward(p *ataxx.NNParams, feat []uint16, b int, acc []float32) float64 {
	h := p.Hidden
	acc = acc[:h]
	sumRows(acc, p.B1, p.W1, feat, h)
	return float64(outputOf(acc, p.W2[b*h:b*h+h]) + p.B2[b])
}

// outputOf is Σ clamp(acc[j], 0, 1)²·w2[j], summed in eight lanes as the
// assembly sums it, so a fit writes the same file with AVX2 and without.
func outputOf(acc, w2 []float32) float32 {
	h := len(w2)
	acc = acc[:h]
	var lanes [8]float32
	if rowsAVX2 && h%8 == 0 {
		outputLanesAVX2(&acc[0], &w2[0], h, &lanes)
	} else {
		for j, a := range acc {
			x := min(max(a, 0), 1)
			lanes[j%8] += float32(x*x) * w2[j]
		}
	}
	var o float32
	for _, l := range lanes {
		o += l
	}
	return o
}

// back adds to gw2 the output weights' gradient d·clamp(acc, 0, 1)² and
// writes to dacc the hidden sums' (zero where the clamp holds a unit).
func back(acc, w2, gw2, dacc []float32, d float32) {
	h := len(w2)
	if rowsAVX2 && h%8 == 0 {
		backAVX2(&acc[:h][0], &w2[0], &gw2[:h][0], &dacc[:h][0], h, d)
		return
	}
	for j, a := range acc[:h] {
		switch {
		case a <= 0:
			dacc[j] = 0
		case a >= 1:
			gw2[j] += d
			dacc[j] = 0
		default:
			gw2[j] += float32(d*a) * a
			dacc[j] = float32(float32(d*2)*a) * w2[j]
		}
	}
}

// addTo adds src to dst, four at a time (a hidden layer is a multiple of
// four units; the training's time is spent here).
func addTo(dst, src []float32) {
	dst = dst[:len(src)]
	for j := 0; j+4 <= len(src); j += 4 {
		d, s := (*[4]float32)(dst[j:j+4]), (*[4]float32)(src[j:j+4])
		d[0] += s[0]
		d[1] += s[1]
		d[2] += s[2]
		d[3] += s[3]
	}
}

// nnGrad sums a batch's gradient of the loss; one per goroutine.
type nnGrad struct {
	w1, b1, w2, b2 []float32
	used           []bool // rows of w1 touched
	rows           []int
	acc, dacc      []float32
	twin           []float32 // the hidden sums of the image tied to
	loss           float64
	apart          float64 // sum of |output − the tied image's output|
}

func newNNGrad(inputs, h, buckets int) *nnGrad {
	return &nnGrad{
		w1: make([]float32, inputs*h), b1: make([]float32, h),
		w2: make([]float32, buckets*h), b2: make([]float32, buckets),
		used: make([]bool, inputs), acc: make([]float32, h), dacc: make([]float32, h), twin: make([]float32, h),
	}
}

// add adds the gradient of the cross entropy of position k of s under the
// net p. With p the quantised copy of the weights, the gradient passes
// the rounding unchanged (a straight-through estimate).
//
// With tie > 0, position twin (another image of the same board) adds
// tie·(o − o_twin)²/2 to the loss, o_twin held still: each image of the
// pair is pulled toward the other when its own turn comes.
func (g *nnGrad) add(p *ataxx.NNParams, s *nnSet, k, twin int, tie float64) {
	h := p.Hidden
	feat, b := s.features(k), int(s.bucket[k])
	o := nnForward(p, feat, b, g.acc)
	q, t := sigmoid(o), float64(s.target[k])
	g.loss += logLoss(q, t)
	// d loss / d o of the cross entropy of sigmoid(o).
	d := float32(q - t)
	if tie > 0 {
		diff := o - nnForward(p, s.features(twin), int(s.bucket[twin]), g.twin)
		g.apart += math.Abs(diff)
		d += float32(tie * diff)
	}
	g.b2[b] += d
	dacc := g.dacc[:h]
	back(g.acc[:h], p.W2[b*h:b*h+h], g.w2[b*h:b*h+h], dacc, d)
	addTo(g.b1, dacc)
	for _, i := range feat {
		if !g.used[i] {
			g.used[i] = true
			g.rows = append(g.rows, int(i))
		}
	}
	scatterAdd(g.w1, feat, dacc, h)
}

// sumRows writes to acc b1 plus the rows feat of w1, h floats a row.
func sumRows(acc, b1, w1 []float32, feat []uint16, h int) {
	if rowsAVX2 && h%64 == 0 && len(feat) > 0 {
		checkRows(w1, feat, h)
		sumRowsAVX2(&w1[0], &feat[0], len(feat), h, &b1[:h][0], &acc[:h][0])
		return
	}
	copy(acc[:h], b1[:h])
	for _, i := range feat {
		addTo(acc, w1[int(i)*h:int(i)*h+h])
	}
}

// scatterAdd adds d to the rows feat of w1, h floats a row.
func scatterAdd(w1 []float32, feat []uint16, d []float32, h int) {
	if rowsAVX2 && h%64 == 0 && len(feat) > 0 {
		checkRows(w1, feat, h)
		scatterAddAVX2(&w1[0], &feat[0], len(feat), h, &d[:h][0])
		return
	}
	for _, i := range feat {
		addTo(w1[int(i)*h:int(i)*h+h], d[:h])
	}
}

// checkRows panics, as a slice would, where an input has no row of w1:
// the assembly does not check its bounds.
func checkRows(w1 []float32, feat []uint16, h int) {
	for _, i := range feat {
		_ = w1[int(i)*h+h-1]
	}
}

// imageTwin is the training position tied to position k: with
// -all-images the eight images of a board lie in a run of eight from a
// multiple of eight, and the pairs change with the board and the epoch,
// so over a fit each image is tied to every other. k's twin's twin is k.
func imageTwin(k, epoch int) int {
	return k ^ (1 + (k/8+epoch)%7)
}

// adam is Adam's state for one slice of weights.
type adam struct{ m, v []float32 }

func newAdam(n int) adam { return adam{make([]float32, n), make([]float32, n)} }

const adamB1, adamB2, adamEps = 0.9, 0.999, 1e-8

// step moves w[lo:hi] by the gradient the goroutines summed in
// grads(g)[lo:hi], times inv, and clears it.
// decay pulls each weight stepped toward 0 by rate·decay of itself
// (AdamW's decoupled decay; a first-layer row only when the batch moves it).
func (a adam) step(w []float32, lo, hi int, gs []*nnGrad, grad func(*nnGrad) []float32, inv, rate, decay, c1, c2 float64) {
	for i := lo; i < hi; i++ {
		var s float32
		for _, g := range gs {
			gr := grad(g)
			s += gr[i]
			gr[i] = 0
		}
		x := float64(s) * inv
		m := adamB1*float64(a.m[i]) + (1-adamB1)*x
		v := adamB2*float64(a.v[i]) + (1-adamB2)*x*x
		a.m[i], a.v[i] = float32(m), float32(v)
		w[i] -= float32(rate*(m/c1)/(math.Sqrt(v/c2)+adamEps) + rate*decay*float64(w[i]))
	}
}

// quantiseInto writes to q the weights p as the weights file stores them
// (ataxx.EncodeNN's units and first-layer limit), as floats.
func quantiseInto(q, p *ataxx.NNParams) {
	roundTo(q.W1, p.W1, ataxx.NNQA, ataxx.NNWeightLimit)
	roundTo(q.B1, p.B1, ataxx.NNQA, math.MaxInt16)
	roundTo(q.W2, p.W2, ataxx.NNQB, math.MaxInt16)
	roundTo(q.B2, p.B2, ataxx.NNQA*ataxx.NNQA*ataxx.NNQB, math.MaxInt32)
}

// roundTo writes src rounded to whole units of 1/unit within ±limit units.
func roundTo(dst, src []float32, unit, limit float64) {
	for i, x := range src {
		v := min(max(math.Round(float64(x)*unit), -limit), limit)
		dst[i] = float32(v / unit)
	}
}

func cloneNN(p *ataxx.NNParams) *ataxx.NNParams {
	q := *p
	q.W1, q.B1, q.W2, q.B2 = slices.Clone(p.W1), slices.Clone(p.B1), slices.Clone(p.W2), slices.Clone(p.B2)
	return &q
}

// nnLoss is the mean cross entropy of the float net p on s.
func nnLoss(p *ataxx.NNParams, s *nnSet, threads int) float64 {
	sums := make([]float64, threads)
	parallel(threads, s.len(), func(t, lo, hi int) {
		acc := make([]float32, p.Hidden)
		for k := lo; k < hi; k++ {
			sums[t] += logLoss(sigmoid(nnForward(p, s.features(k), int(s.bucket[k]), acc)), float64(s.target[k]))
		}
	})
	return sumOf(sums) / float64(s.len())
}

// evalLoss is the mean cross entropy on the held-out set s of an
// evaluation in hundredths of a piece, read at the logistic scale.
func evalLoss(s *nnSet, scale float64, threads int, eval func(us, them uint64) int) float64 {
	sums := make([]float64, threads)
	parallel(threads, s.len(), func(t, lo, hi int) {
		for k := lo; k < hi; k++ {
			sums[t] += logLoss(sigmoid(float64(eval(s.us[k], s.them[k]))/scale), float64(s.target[k]))
		}
	})
	return sumOf(sums) / float64(s.len())
}

func sumOf(xs []float64) float64 {
	s := 0.0
	for _, x := range xs {
		s += x
	}
	return s
}

// nnAgreement is how far the weights file's integer net is from the float
// net p on the held-out positions, in hundredths of a piece: the largest
// difference and the mean one.
func nnAgreement(p *ataxx.NNParams, n *ataxx.NN, s *nnSet, rules ataxx.Rules, threads int) (worst, mean float64) {
	worsts, sums := make([]float64, threads), make([]float64, threads)
	parallel(threads, s.len(), func(t, lo, hi int) {
		for k := lo; k < hi; k++ {
			d := math.Abs(float64(n.EvaluateBoard(s.us[k], s.them[k], rules)) - p.Output(s.us[k], s.them[k], rules)*p.Scale)
			worsts[t] = max(worsts[t], d)
			sums[t] += d
		}
	})
	return slices.Max(worsts), sumOf(sums) / float64(s.len())
}

// imageSpread is how far the weights file's net scores the seven other
// images of each held-out board from the board itself, in hundredths of
// a piece: the mean difference and the share beyond a piece (what
// TestShippedNNsScoreImagesAlike bounds for a shipped net).
func imageSpread(n *ataxx.NN, s *nnSet, rules ataxx.Rules, threads int) (mean, far float64) {
	sums, fars := make([]float64, threads), make([]float64, threads)
	parallel(threads, s.len(), func(t, lo, hi int) {
		for k := lo; k < hi; k++ {
			want := n.EvaluateBoard(s.us[k], s.them[k], rules)
			for g := 1; g < 8; g++ {
				d := math.Abs(float64(n.EvaluateBoard(ataxx.BoardImage(g, s.us[k]), ataxx.BoardImage(g, s.them[k]), rules) - want))
				sums[t] += d
				if d > 100 {
					fars[t]++
				}
			}
		}
	})
	count := 7 * float64(s.len())
	return sumOf(sums) / count, sumOf(fars) / count
}

func encodeDecodeNN(p *ataxx.NNParams) ([]byte, *ataxx.NN, error) {
	data, err := ataxx.EncodeNN(p)
	if err != nil {
		return nil, nil, err
	}
	n, err := ataxx.DecodeNN(data)
	return data, n, err
}

// nnResult is what fitNN reports: the weights of the epoch whose weights
// file scored best on the held-out positions and the held-out losses.
type nnResult struct {
	best                  *ataxx.NNParams
	bestEpoch             int
	loss                  float64 // of the best epoch's weights file
	constLoss, linearLoss float64
	worstDiff, meanDiff   float64 // file against float net, hundredths
}

// fitNN trains a net on d; each epoch whose weights file scores best on
// the held-out positions so far is written to cfg.out as it ends.
func fitNN(d *nnData, cfg nnConfig, stdout io.Writer) (*nnResult, error) {
	if err := cfg.check(); err != nil {
		return nil, err
	}
	start := time.Now()
	train, valid := &d.train, &d.valid
	constLoss, searchLoss := constantLoss(valid.target), 0.0
	for k, t := range valid.target {
		searchLoss += logLoss(sigmoid(float64(valid.score[k])/d.scale), float64(t))
	}
	searchLoss /= float64(valid.len())
	linearLoss := math.NaN()
	if net, err := ataxx.NetFor(cfg.rules); err == nil {
		linearLoss = evalLoss(valid, d.scale, cfg.threads, func(us, them uint64) int {
			p := ataxx.PositionOf(us, them, 0, ataxx.Black, cfg.rules)
			return net.Evaluate(&p)
		})
	} else {
		fmt.Fprintln(stdout, "no shipped linear net to compare with:", err)
	}
	fmt.Fprintf(stdout, "held-out loss at scale %.0f: a constant %.5f, the search scores %.5f, the shipped linear net %.5f\n",
		d.scale, constLoss, searchLoss, linearLoss)
	fmt.Fprintf(stdout, "net: %s layout, %d inputs (%d on), %d hidden units, %d output sets; batch %d, rate %g, wdl %g, %d threads, seed %d\n",
		cfg.layout, cfg.layout.Inputs(), ataxx.NNActive, cfg.hidden, cfg.buckets, cfg.batch, cfg.rate, cfg.wdl, cfg.threads, cfg.seed)

	h := cfg.hidden
	var p *ataxx.NNParams
	if f := cfg.from; f != nil {
		if f.Layout != cfg.layout || f.Hidden != h || f.Buckets != cfg.buckets || f.Scale != d.scale {
			return nil, fmt.Errorf("fitnn: the starting net (%s layout, %d hidden units, %d output sets, scale %.0f) is not the run's (%s, %d, %d, %.0f)",
				f.Layout, f.Hidden, f.Buckets, f.Scale, cfg.layout, h, cfg.buckets, d.scale)
		}
		p = cloneNN(f)
		_, n, err := encodeDecodeNN(p)
		if err != nil {
			return nil, err
		}
		fmt.Fprintf(stdout, "epoch 0 (the -init net): held out %.5f, its file %.5f\n", nnLoss(p, valid, cfg.threads),
			evalLoss(valid, d.scale, cfg.threads, func(us, them uint64) int { return n.EvaluateBoard(us, them, cfg.rules) }))
	} else {
		p = initNN(cfg.layout, h, cfg.buckets, d.scale, cfg.seed)
	}
	if cfg.tie > 0 && train.len()%8 != 0 {
		return nil, fmt.Errorf("fitnn: -tie: %d training positions are not whole sets of eight images", train.len())
	}
	q := cloneNN(p) // the weights as the file rounds them, for the last epochs
	opt := [4]adam{newAdam(len(p.W1)), newAdam(len(p.B1)), newAdam(len(p.W2)), newAdam(len(p.B2))}
	grads := make([]*nnGrad, cfg.threads)
	for t := range grads {
		grads[t] = newNNGrad(cfg.layout.Inputs(), h, cfg.buckets)
	}
	seen := make([]bool, cfg.layout.Inputs())
	var rows []int
	order := make([]int, train.len())
	for i := range order {
		order[i] = i
	}
	rng := newRand(cfg.seed)
	steps := cfg.epochs * ((len(order) + cfg.batch - 1) / cfg.batch)
	step := 0
	limit := float32(ataxx.NNWeightLimit) / ataxx.NNQA
	var best *ataxx.NNParams
	bestLoss, bestEpoch := math.Inf(1), 0
	for epoch := 1; epoch <= cfg.epochs; epoch++ {
		epochStart := time.Now()
		quantised := epoch > cfg.epochs-cfg.qatEpochs
		fwd := p
		if quantised {
			quantiseInto(q, p)
			fwd = q
		}
		rng.shuffle(order)
		trainLoss, apart := 0.0, 0.0
		var rate float64
		for at := 0; at < len(order); at += cfg.batch {
			batch := order[at:min(at+cfg.batch, len(order))]
			parallel(cfg.threads, len(batch), func(t, lo, hi int) {
				g := grads[t]
				for _, k := range batch[lo:hi] {
					g.add(fwd, train, k, imageTwin(k, epoch), cfg.tie)
				}
			})
			step++
			rate = cfg.rate * (nnFinalRate + (1-nnFinalRate)*0.5*(1+math.Cos(math.Pi*float64(step-1)/float64(steps))))
			c1 := 1 - math.Pow(adamB1, float64(step))
			c2 := 1 - math.Pow(adamB2, float64(step))
			inv := 1 / float64(len(batch))
			gs := grads[:min(cfg.threads, len(batch))]
			// Only the first-layer rows the batch turned on move.
			rows = rows[:0]
			for _, g := range gs {
				trainLoss += g.loss
				apart += g.apart
				g.loss, g.apart = 0, 0
				for _, r := range g.rows {
					if !seen[r] {
						seen[r] = true
						rows = append(rows, r)
					}
					g.used[r] = false
				}
				g.rows = g.rows[:0]
			}
			parallel(cfg.threads, len(rows), func(_, lo, hi int) {
				for _, r := range rows[lo:hi] {
					seen[r] = false
					opt[0].step(p.W1, r*h, r*h+h, gs, func(g *nnGrad) []float32 { return g.w1 }, inv, rate, cfg.decay, c1, c2)
					for i := r * h; i < r*h+h; i++ {
						p.W1[i] = min(max(p.W1[i], -limit), limit)
					}
				}
			})
			opt[1].step(p.B1, 0, h, gs, func(g *nnGrad) []float32 { return g.b1 }, inv, rate, 0, c1, c2)
			opt[2].step(p.W2, 0, len(p.W2), gs, func(g *nnGrad) []float32 { return g.w2 }, inv, rate, cfg.decay, c1, c2)
			opt[3].step(p.B2, 0, len(p.B2), gs, func(g *nnGrad) []float32 { return g.b2 }, inv, rate, 0, c1, c2)
			if quantised {
				quantiseInto(q, p)
			}
		}
		trainLoss /= float64(len(order))
		floatLoss := nnLoss(p, valid, cfg.threads)
		data, n, err := encodeDecodeNN(p)
		if err != nil {
			return nil, err
		}
		fileLoss := evalLoss(valid, d.scale, cfg.threads, func(us, them uint64) int { return n.EvaluateBoard(us, them, cfg.rules) })
		note := ""
		if fileLoss < bestLoss {
			bestLoss, bestEpoch, best = fileLoss, epoch, cloneNN(p)
			if cfg.out != "" {
				if err := writeFile(cfg.out, data); err != nil {
					return nil, err
				}
				note = ", written"
			}
		}
		kind := "float"
		if quantised {
			kind = "quantised"
		}
		if cfg.tie > 0 {
			kind += fmt.Sprintf(", tied images %.1f apart", apart/float64(len(order))*d.scale)
		}
		fmt.Fprintf(stdout, "epoch %d (%s): train %.5f, held out %.5f, its file %.5f (linear net %.5f); rate %.2g, %s, %s in all%s\n",
			epoch, kind, trainLoss, floatLoss, fileLoss, linearLoss, rate,
			time.Since(epochStart).Round(100*time.Millisecond), time.Since(start).Round(time.Second), note)
	}
	_, n, err := encodeDecodeNN(best)
	if err != nil {
		return nil, err
	}
	worst, meanDiff := nnAgreement(best, n, valid, cfg.rules, cfg.threads)
	spread, far := imageSpread(n, valid, cfg.rules, cfg.threads)
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	fmt.Fprintf(stdout, "best: epoch %d, held-out loss of its file %.5f (linear net %.5f); file against float net on the held-out positions: largest difference %.1f, mean %.2f hundredths of a piece; images scored %.1f apart, %.1f%% by more than a piece; memory %d MB\n",
		bestEpoch, bestLoss, linearLoss, worst, meanDiff, spread, 100*far, ms.Sys>>20)
	return &nnResult{best: best, bestEpoch: bestEpoch, loss: bestLoss, constLoss: constLoss, linearLoss: linearLoss, worstDiff: worst, meanDiff: meanDiff}, nil
}
