package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"math/bits"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/jumpers-game/jumpers/core/ataxx"
)

// The gradient fitnn follows is the loss's: each weight's analytic
// derivative (nnGrad.add) matches central differences of the summed cross
// entropy (nnForward), for every kind of weight and both sides of the
// clipped ReLU. With -tie, each position's gradient holds its twin still,
// but twins come in pairs, so the sum over both is the gradient of the
// tie's penalty counted once a pair.
func TestNNGradientMatchesFiniteDifferences(t *testing.T) {
	for _, tie := range []float64{0, 0.7} {
		t.Run(fmt.Sprint("tie ", tie), func(t *testing.T) { testNNGradient(t, tie) })
	}
}

func testNNGradient(t *testing.T, tie float64) {
	const h, buckets, n, eps = 8, 2, 24, 1e-3
	s := benchSet(n, buckets)
	p := initNN(ataxx.NNLayoutKinds, h, buckets, 300, 7)
	// Wider first-layer weights than the start's so that some units are
	// clipped at 1 and some are off on some positions.
	for i := range p.W1 {
		p.W1[i] *= 3
	}
	for j := range p.B1 {
		p.B1[j] = float32(j)/float32(h)*1.2 - 0.1
	}
	for b := range p.B2 {
		p.B2[b] = 0.3 * float32(b+1)
	}
	g := newNNGrad(ataxx.NNInputs, h, buckets)
	const epoch = 3
	for k := range n {
		g.add(p, s, k, imageTwin(k, epoch), tie)
	}
	loss := func() float64 {
		acc := make([]float32, h)
		out := func(k int) float64 { return nnForward(p, s.features(k), int(s.bucket[k]), acc) }
		sum := 0.0
		for k := range n {
			o := out(k)
			sum += logLoss(sigmoid(o), float64(s.target[k]))
			if twin := imageTwin(k, epoch); twin > k {
				sum += tie / 2 * (o - out(twin)) * (o - out(twin))
			}
		}
		return sum
	}
	// A unit whose sum is within a step of 0 or 1 on some position has a
	// kink there that central differences cannot see across.
	nearKink := func(j int) bool {
		acc := make([]float32, h)
		for k := range n {
			nnForward(p, s.features(k), int(s.bucket[k]), acc)
			if a := float64(acc[j]); math.Abs(a) < 2*eps || math.Abs(a-1) < 2*eps {
				return true
			}
		}
		return false
	}
	var on, clipped, off bool
	acc := make([]float32, h)
	for k := range n {
		nnForward(p, s.features(k), int(s.bucket[k]), acc)
		for _, a := range acc {
			on, clipped, off = on || a > 0 && a < 1, clipped || a >= 1, off || a <= 0
		}
	}
	if !on || !clipped || !off {
		t.Fatalf("the weights do not reach all three pieces of the activation (on %v, clipped %v, off %v)", on, clipped, off)
	}
	checked := 0
	check := func(name string, w, grad []float32, i, unit int) {
		if unit >= 0 && nearKink(unit) {
			return
		}
		old := w[i]
		w[i] = old + eps
		up := loss()
		w[i] = old - eps
		down := loss()
		w[i] = old
		fd := (up - down) / (2 * eps)
		if an := float64(grad[i]); math.Abs(fd-an) > 2e-3+0.02*math.Abs(fd) {
			t.Errorf("%s[%d]: analytic %.6f, finite differences %.6f", name, i, an, fd)
		}
		checked++
	}
	for i := range p.B2 {
		check("B2", p.B2, g.b2, i, -1)
	}
	for i := range p.W2 {
		check("W2", p.W2, g.w2, i, -1)
	}
	for j := range p.B1 {
		check("B1", p.B1, g.b1, j, j)
	}
	for _, r := range g.rows {
		for j := range h {
			check("W1", p.W1, g.w1, r*h+j, j)
		}
	}
	if checked < len(g.rows)*h/2 {
		t.Fatalf("only %d weights checked", checked)
	}
	// A row no position turned on has no gradient.
	used := map[int]bool{}
	for _, r := range g.rows {
		used[r] = true
	}
	for r := range ataxx.NNInputs {
		for j := range h {
			if !used[r] && g.w1[r*h+j] != 0 {
				t.Fatalf("row %d untouched but its gradient is %v", r, g.w1[r*h+j])
			}
		}
	}
}

// smallRun is a chunk directory of 160 short games, made once.
var smallRun = sync.OnceValues(func() (string, error) { return shortGames(5, 8) })

// otherRun is 60 more games from another seed, made once: whole games no
// fit of smallRun has seen. smallRun's own held-out share is a few games,
// too few to tell learning from luck.
var otherRun = sync.OnceValues(func() (string, error) { return shortGames(6, 3) })

// shortGames is a new chunk directory of chunks times 20 games of 300
// nodes a move.
func shortGames(seed uint64, chunks int) (string, error) {
	dir, err := os.MkdirTemp("", "fitnn")
	if err != nil {
		return "", err
	}
	cfg := genConfig{rules: ataxx.Standard, nodes: 300, seed: seed, workers: 2, randomMin: 4, randomMax: 10}
	settings := runSettings{Rules: "standard", Nodes: 300, Seed: seed, RandomMin: 4, RandomMax: 10, ChunkGames: 20}
	var out bytes.Buffer
	return dir, generateChunks(cfg, settings, dir, chunks, &out)
}

func TestMain(m *testing.M) {
	code := m.Run()
	for _, run := range []func() (string, error){smallRun, otherRun} {
		if dir, err := run(); err == nil && strings.Contains(dir, "fitnn") {
			os.RemoveAll(dir)
		}
	}
	os.Exit(code)
}

// lossOnRun is eval's loss on every position of the chunk directory dir
// against the targets fitnn trains towards (wdl, scale), and the loss of
// the best constant there.
func lossOnRun(dir string, wdl, scale float64, eval func(us, them uint64) int) (loss, constant float64, positions int, err error) {
	files, err := filepath.Glob(filepath.Join(dir, "chunk-*.dat"))
	if err != nil || len(files) == 0 {
		return 0, 0, 0, fmt.Errorf("no chunks in %s (%v)", dir, err)
	}
	var targets []float64
	for _, path := range files {
		recs, err := readRecords(path)
		if err != nil {
			return 0, 0, 0, err
		}
		for _, r := range recs {
			target := blendTarget(r, wdl, scale)
			targets = append(targets, target)
			loss += logLoss(sigmoid(float64(eval(r.us, r.them))/scale), target)
		}
	}
	return loss / float64(len(targets)), constantLoss(targets), len(targets), nil
}

// smallRunRecords is smallRun's directory and every record of its chunks.
func smallRunRecords(t *testing.T) (string, []record) {
	t.Helper()
	dir, err := smallRun()
	if err != nil {
		t.Fatal(err)
	}
	files, err := filepath.Glob(filepath.Join(dir, "chunk-*.dat"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no chunks in %s (%v)", dir, err)
	}
	var all []record
	for _, path := range files {
		recs, err := readRecords(path)
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, recs...)
	}
	return dir, all
}

func smallConfig(out string) nnConfig {
	cfg := defaultNN()
	cfg.hidden, cfg.buckets, cfg.epochs, cfg.qatEpochs, cfg.batch, cfg.rate = 16, 2, 8, 2, 256, 0.01
	cfg.out = out
	return cfg
}

// fitnn learns from a chunk directory: the weights file's loss on games
// of another run falls below a constant's, the file it writes is the best
// epoch's, and the integer net agrees with the float net it came from.
// The same seed gives the same file.
func TestFitNNLearns(t *testing.T) {
	dir, err := smallRun()
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "w.bin")
	cfg := smallConfig(out)
	var log bytes.Buffer
	d, err := loadNN([]string{dir}, cfg, &log)
	if err != nil {
		t.Fatal(err)
	}
	res, err := fitNN(d, cfg, &log)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("\n%s", log.String())
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	n, err := ataxx.DecodeNN(data)
	if err != nil {
		t.Fatal(err)
	}
	other, err := otherRun()
	if err != nil {
		t.Fatal(err)
	}
	loss, constant, positions, err := lossOnRun(other, cfg.wdl, d.scale, func(us, them uint64) int { return n.EvaluateBoard(us, them, cfg.rules) })
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("another run's %d positions: loss %.5f, a constant's %.5f", positions, loss, constant)
	// A net that learned nothing scores a constant's loss or worse. A fit
	// of 16 units on 13,000 positions gains little on unseen games: 0.022
	// and 0.045 below a constant with the games of two engines' searches.
	if loss > constant-0.015 {
		t.Errorf("on another run's %d positions the file's loss is %.4f, a constant's %.4f", positions, loss, constant)
	}
	if want, _ := ataxx.EncodeNN(res.best); !bytes.Equal(data, want) {
		t.Fatal("the file written is not the best epoch's weights")
	}
	// The best is the lowest of the epochs' reports, and the run this
	// test makes has a better epoch than its last.
	var losses []float64
	for _, line := range strings.Split(log.String(), "\n") {
		var x float64
		if _, after, ok := strings.Cut(line, "its file "); ok && strings.HasPrefix(line, "epoch ") {
			if _, err := fmt.Sscan(after, &x); err == nil {
				losses = append(losses, x)
			}
		}
	}
	fileLoss := evalLoss(&d.valid, d.scale, 1, func(us, them uint64) int { return n.EvaluateBoard(us, them, cfg.rules) })
	if len(losses) != cfg.epochs || math.Abs(fileLoss-slices.Min(losses)) > 1e-5 || slices.Min(losses) == losses[len(losses)-1] {
		t.Fatalf("the file's held-out loss is %.5f; the epochs reported %v", fileLoss, losses)
	}
	// The quantised copy the last epochs trained through is the file's
	// net: the same output but for the file's rounding to a hundredth.
	q := cloneNN(res.best)
	quantiseInto(q, res.best)
	for k := range d.valid.len() {
		us, them := d.valid.us[k], d.valid.them[k]
		got, want := float64(n.EvaluateBoard(us, them, cfg.rules)), q.Output(us, them, cfg.rules)*q.Scale
		if math.Abs(got-want) > 0.5+1e-3 {
			t.Fatalf("held-out position %d: file %v, the quantised weights as floats %.3f", k, got, want)
		}
	}
	// The float weights themselves: quantisation moves the output by a
	// hundredth of a logistic unit on average, by at most a twentieth (this
	// net: about 0.006 and 0.03; docs/benchmarks-ataxx.md has the trained
	// nets' figures).
	if res.meanDiff > 0.01*d.scale || res.worstDiff > 0.05*d.scale {
		t.Errorf("file against float net: mean %.2f, largest %.1f hundredths at scale %.0f", res.meanDiff, res.worstDiff, d.scale)
	}
	if res.worstDiff == 0 {
		t.Error("the float net and the file agree exactly: the comparison compared nothing")
	}

	cfg.out = filepath.Join(t.TempDir(), "again.bin")
	if _, err := fitNN(d, cfg, &bytes.Buffer{}); err != nil {
		t.Fatal(err)
	}
	if again, err := os.ReadFile(cfg.out); err != nil || !bytes.Equal(again, data) {
		t.Fatalf("the same seed gave another net (%v)", err)
	}
}

// Bad arguments and bad data are refused with a message, and no weights
// file is written.
func TestFitNNBadInput(t *testing.T) {
	run1, err := smallRun()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	out := filepath.Join(dir, "w.bin")
	empty := filepath.Join(dir, "empty")
	noChunks := filepath.Join(dir, "nochunks")
	seedRun := filepath.Join(dir, "seedrun")
	for _, d := range []string{empty, noChunks, seedRun} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	settings, _ := json.Marshal(runSettings{Rules: "standard", Seed: 1})
	if err := os.WriteFile(filepath.Join(noChunks, "run.json"), settings, 0o644); err != nil {
		t.Fatal(err)
	}
	// A half-written chunk is not read.
	if err := os.WriteFile(filepath.Join(noChunks, "chunk-00000.dat.tmp"), []byte("half"), 0o644); err != nil {
		t.Fatal(err)
	}
	seedSettings, _ := json.Marshal(runSettings{Rules: "seed", Seed: 1})
	if err := os.WriteFile(filepath.Join(seedRun, "run.json"), seedSettings, 0o644); err != nil {
		t.Fatal(err)
	}
	short := filepath.Join(dir, "short.dat")
	if err := os.WriteFile(short, make([]byte, recordSize+3), 0o644); err != nil {
		t.Fatal(err)
	}
	// One game: nothing to hold out.
	oneGame := filepath.Join(dir, "one.dat")
	if err := os.WriteFile(oneGame, record{us: 1, them: 2, game: 1}.append(nil), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"fitnn", run1}, "-out"},
		{[]string{"fitnn", "-out", out}, "-out"},
		{[]string{"fitnn", "-out", out, filepath.Join(dir, "missing.dat")}, "no such file"},
		{[]string{"fitnn", "-out", out, empty}, "not a chunk directory"},
		{[]string{"fitnn", "-out", out, noChunks}, "no chunk-*.dat"},
		{[]string{"fitnn", "-out", out, seedRun}, "seed rules"},
		{[]string{"fitnn", "-out", out, "-rules", "seed", run1}, "standard rules"},
		{[]string{"fitnn", "-out", out, "-rules", "chess", run1}, "chess"},
		{[]string{"fitnn", "-out", out, short}, "whole number"},
		{[]string{"fitnn", "-out", out, oneGame}, "too few games"},
		{[]string{"fitnn", "-out", out, "-hidden", "102", run1}, "-hidden 102"},
		{[]string{"fitnn", "-out", out, "-hidden", "2048", run1}, "-hidden 2048"},
		{[]string{"fitnn", "-out", out, "-buckets", "0", run1}, "-buckets 0"},
		{[]string{"fitnn", "-out", out, "-wdl", "2", run1}, "-wdl 2"},
		{[]string{"fitnn", "-out", out, "-teacher-share", "1.5", run1}, "-teacher-share 1.5"},
		{[]string{"fitnn", "-out", out, "-teacher-share", "0.5", run1}, "-teacher-share needs -teacher"},
		{[]string{"fitnn", "-out", out, "-rate", "0", run1}, "-rate 0"},
		{[]string{"fitnn", "-out", out, "-epochs", "2", "-qat", "3", run1}, "-qat 3"},
		{[]string{"fitnn", "-out", out, "-scale", "-5", run1}, "-scale -5"},
		{[]string{"fitnn", "-out", out, "-threads", "0", run1}, "-threads 0"},
		{[]string{"fitnn", "-out", out, "-hidden", "many", run1}, "invalid value"},
		{[]string{"fitnn", "-out", out, "-empties", "30-20", run1}, "-empties"},
		{[]string{"fitnn", "-out", out, "-empties", "0-50", run1}, "-empties 0-50"},
		{[]string{"fitnn", "-out", out, "-empties", "some", run1}, "-empties"},
		{[]string{"fitnn", "-out", out, "-empties", "45-49", run1}, "too few games"},
		{[]string{"fitnn", "-out", out, "-nope", run1}, "not defined"},
	} {
		var stdout, stderr bytes.Buffer
		code := run(c.args, &stdout, &stderr)
		if code == 0 || !strings.Contains(stderr.String(), c.msg) {
			t.Errorf("%v: exit %d, stderr %q, want a message with %q", c.args[1:], code, stderr.String(), c.msg)
		}
		if _, err := os.Stat(out); !os.IsNotExist(err) {
			t.Fatalf("%v wrote %s", c.args[1:], out)
		}
	}
}

// -empties fits and holds out exactly the positions of its phase: every
// one of them, and none from outside it.
func TestFitNNEmptiesKeepsOnePhase(t *testing.T) {
	dir, recs := smallRunRecords(t)
	settings, err := os.ReadFile(filepath.Join(dir, "run.json"))
	if err != nil {
		t.Fatal(err)
	}
	var run runSettings
	if err := json.Unmarshal(settings, &run); err != nil {
		t.Fatal(err)
	}
	const lo, hi = 12, 30
	var want [2]int // training, held out
	outside := 0
	for _, r := range recs {
		e := ataxx.Squares - bits.OnesCount64(r.us|r.them)
		switch {
		case e < lo || e > hi:
			outside++
		case heldOut(r.game, run.Seed):
			want[1]++
		default:
			want[0]++
		}
	}
	if outside == 0 || want[0] == 0 || want[1] == 0 {
		t.Fatalf("the run has %d positions outside %d-%d and %v inside: it cannot tell a filter from none", outside, lo, hi, want)
	}
	cfg := smallConfig("")
	cfg.emptyLo, cfg.emptyHi = lo, hi
	d, err := loadNN([]string{dir}, cfg, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if d.train.len() != want[0] || d.valid.len() != want[1] {
		t.Errorf("loaded %d training and %d held-out positions; %v have %d-%d empty squares", d.train.len(), d.valid.len(), want, lo, hi)
	}
	for k := range d.valid.len() {
		if e := ataxx.Squares - bits.OnesCount64(d.valid.us[k]|d.valid.them[k]); e < lo || e > hi {
			t.Fatalf("held-out position %d has %d empty squares", k, e)
		}
	}
}

// Weight decay (-decay) pulls the weights toward zero and still learns;
// the biases are not decayed, so the net's offsets stay where the data
// puts them.
func TestFitNNDecayShrinksTheWeights(t *testing.T) {
	dir, err := smallRun()
	if err != nil {
		t.Fatal(err)
	}
	cfg := smallConfig("")
	d, err := loadNN([]string{dir}, cfg, &bytes.Buffer{})
	if err != nil {
		t.Fatal(err)
	}
	norm := func(xs []float32) float64 {
		s := 0.0
		for _, x := range xs {
			s += float64(x) * float64(x)
		}
		return math.Sqrt(s)
	}
	plain, err := fitNN(d, cfg, &bytes.Buffer{})
	if err != nil {
		t.Fatal(err)
	}
	cfg.decay = 3
	decayed, err := fitNN(d, cfg, &bytes.Buffer{})
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []struct {
		name       string
		plain, dec []float32
	}{{"first layer", plain.best.W1, decayed.best.W1}, {"output layer", plain.best.W2, decayed.best.W2}} {
		if a, b := norm(w.plain), norm(w.dec); !(b < 0.9*a) {
			t.Errorf("%s: norm %.3f with decay, %.3f without", w.name, b, a)
		}
	}
	if decayed.loss > decayed.constLoss-0.02 {
		t.Errorf("with decay the held-out loss is %.4f, a constant's %.4f", decayed.loss, decayed.constLoss)
	}
	cfg.decay = -1
	if err := cfg.check(); err == nil {
		t.Error("a negative decay was accepted")
	}
}

// -init carries a net on: training starts where the file's net is (its
// held-out loss is the run's epoch 0, and a run that barely moves keeps
// it, far below a random start's), the file sets the shape and scale, and
// a flag that contradicts the file or a file that is not a net is refused.
func TestFitNNStartsFromInit(t *testing.T) {
	dir, err := smallRun()
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	first := filepath.Join(tmp, "first.bin")
	cfg := smallConfig(first)
	cfg.scale = 250 // not the fitted scale: the carried-on run must take it from the file
	_, trained := fitSmall(t, dir, cfg)
	lossAfter := func(args ...string) (float64, string) {
		t.Helper()
		out := filepath.Join(tmp, fmt.Sprintf("out%d.bin", len(args)))
		os.Remove(out)
		var stdout, stderr bytes.Buffer
		args = append([]string{"fitnn", "-out", out, "-epochs", "1", "-qat", "0", "-batch", "256", "-rate", "1e-9"}, append(args, dir)...)
		if code := run(args, &stdout, &stderr); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, stderr.String())
		}
		_, after, ok := strings.Cut(stdout.String(), "best: epoch 1, held-out loss of its file ")
		var x float64
		if _, err := fmt.Sscan(after, &x); !ok || err != nil {
			t.Fatalf("no best loss in %s", stdout.String())
		}
		return x, stdout.String()
	}
	carried, log := lossAfter("-init", first)
	_, epoch0, _ := strings.Cut(log, "epoch 0 (the -init net): ")
	var float0, file0 float64
	if _, err := fmt.Sscanf(epoch0, "held out %f, its file %f", &float0, &file0); err != nil {
		t.Fatalf("no epoch 0 line in %s", log)
	}
	if math.Abs(file0-trained.loss) > 1e-5 || // printed to 5 places
		math.Abs(carried-trained.loss) > 1e-3 {
		t.Errorf("trained %.5f; carried on: epoch 0 %.5f, after a step of 1e-9 %.5f", trained.loss, file0, carried)
	}
	if !strings.Contains(log, "held-out loss at scale 250") || !strings.Contains(log, "16 hidden units, 2 output sets") {
		t.Errorf("the run did not take the file's scale and shape:\n%s", log)
	}
	if fresh, _ := lossAfter("-hidden", "16", "-buckets", "2"); !(fresh > carried+0.02) {
		t.Errorf("a random start after the same step: %.5f; carried on: %.5f", fresh, carried)
	}
	notNet := filepath.Join(tmp, "not.bin")
	if err := os.WriteFile(notNet, []byte("ATXN hello"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(tmp, "refused.bin")
	for _, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"-init", first, "-hidden", "32"}, "-hidden 32, but the net of -init"},
		{[]string{"-init", first, "-layout", "canon"}, "-layout canon"},
		{[]string{"-init", first, "-scale", "300"}, "-scale 300"},
		{[]string{"-init", notNet}, "not a hidden-layer weights file"},
		{[]string{"-init", filepath.Join(tmp, "missing.bin")}, "no such file"},
	} {
		var stdout, stderr bytes.Buffer
		args := append(append([]string{"fitnn", "-out", out}, c.args...), dir)
		if code := run(args, &stdout, &stderr); code == 0 || !strings.Contains(stderr.String(), c.msg) {
			t.Errorf("%v: exit %d, stderr %q, want %q", c.args, code, stderr.String(), c.msg)
		}
		if _, err := os.Stat(out); !os.IsNotExist(err) {
			t.Fatalf("%v wrote %s", c.args, out)
		}
	}
	// The same shape and scale said again are no clash.
	if _, log := lossAfter("-init", first, "-hidden", "16", "-scale", "250"); !strings.Contains(log, "epoch 0") {
		t.Errorf("flags that agree with the file were refused or ignored:\n%s", log)
	}
}

// fitnn -widen grows a carried-on net: the wider net scores every board as
// the narrow one did before training moves it, its new units then learn,
// and a width that does not grow the net is refused.
func TestFitNNWidens(t *testing.T) {
	dir, err := smallRun()
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	first := filepath.Join(tmp, "first.bin")
	cfg := smallConfig(first)
	d, trained := fitSmall(t, dir, cfg)
	wide := widenNN(trained.best, 24, 7)
	_, narrowNet, err := encodeDecodeNN(trained.best)
	if err != nil {
		t.Fatal(err)
	}
	_, wideNet, err := encodeDecodeNN(wide)
	if err != nil {
		t.Fatal(err)
	}
	if wideNet.Params().Hidden != 24 {
		t.Fatalf("widened to %d units, want 24", wideNet.Params().Hidden)
	}
	for i := range d.valid.us {
		us, them := d.valid.us[i], d.valid.them[i]
		if a, b := narrowNet.EvaluateBoard(us, them, cfg.rules), wideNet.EvaluateBoard(us, them, cfg.rules); a != b {
			t.Fatalf("board %d: the narrow net scores %d, the widened one %d", i, a, b)
		}
	}

	out := filepath.Join(tmp, "wide.bin")
	var stdout, stderr bytes.Buffer
	args := []string{"fitnn", "-out", out, "-init", first, "-widen", "24", "-epochs", "2", "-qat", "0", "-batch", "256", "-rate", "0.01", dir}
	if code := run(args, &stdout, &stderr); code != 0 {
		t.Fatalf("%v: exit %d: %s", args, code, stderr.String())
	}
	log := stdout.String()
	_, epoch0, _ := strings.Cut(log, "epoch 0 (the -init net): ")
	var float0, file0 float64
	if _, err := fmt.Sscanf(epoch0, "held out %f, its file %f", &float0, &file0); err != nil {
		t.Fatalf("no epoch 0 line in %s", log)
	}
	if math.Abs(file0-trained.loss) > 1e-5 || !strings.Contains(log, "24 hidden units") {
		t.Errorf("widened start: file loss %.5f, the narrow net's %.5f:\n%s", file0, trained.loss, log)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	n, err := ataxx.DecodeNN(data)
	if err != nil {
		t.Fatal(err)
	}
	p := n.Params()
	grown := 0
	for b := 0; b < p.Buckets; b++ {
		for j := 16; j < 24; j++ {
			if p.W2[b*p.Hidden+j] != 0 {
				grown++
			}
		}
	}
	if grown == 0 {
		t.Errorf("the new units' output weights are all still zero after training")
	}

	for _, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"-init", first, "-widen", "16"}, "-widen 16: want a multiple of 4 above"},
		{[]string{"-init", first, "-widen", "22"}, "-widen 22"},
		{[]string{"-init", first, "-widen", "2048"}, "-widen 2048"},
		{[]string{"-widen", "32"}, "-widen needs -init"},
	} {
		refused := filepath.Join(tmp, "refused.bin")
		var stdout, stderr bytes.Buffer
		args := append(append([]string{"fitnn", "-out", refused}, c.args...), dir)
		if code := run(args, &stdout, &stderr); code == 0 || !strings.Contains(stderr.String(), c.msg) {
			t.Errorf("%v: exit %d, stderr %q, want %q", c.args, code, stderr.String(), c.msg)
		}
		if _, err := os.Stat(refused); !os.IsNotExist(err) {
			t.Fatalf("%v wrote %s", c.args, refused)
		}
	}
}

// -all-images trains on each training position in its eight images and
// leaves the held-out ones as played; -teacher puts a net's scores in
// place of the training positions' search scores, and only theirs, or
// with -teacher-share a blend of the two.
func TestFitNNAllImagesAndTeacher(t *testing.T) {
	dir, err := smallRun()
	if err != nil {
		t.Fatal(err)
	}
	cfg := smallConfig("")
	cfg.layout = ataxx.NNLayoutRaw
	plain, err := loadNN([]string{dir}, cfg, &bytes.Buffer{})
	if err != nil {
		t.Fatal(err)
	}
	cfg.allImages = true
	teacher, err := ataxx.NNFor(ataxx.Standard)
	if err != nil {
		t.Fatal(err)
	}
	cfg.teacher = teacher
	turned, err := loadNN([]string{dir}, cfg, &bytes.Buffer{})
	if err != nil {
		t.Fatal(err)
	}
	cfg.teacherShare = 0.25
	blended, err := loadNN([]string{dir}, cfg, &bytes.Buffer{})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(plain.valid.feat, turned.valid.feat) || !slices.Equal(plain.valid.score, turned.valid.score) {
		t.Fatal("held-out positions were turned or rescored")
	}
	if turned.train.len() != 8*plain.train.len() {
		t.Fatalf("%d training positions with all images, %d without", turned.train.len(), plain.train.len())
	}
	srcs, err := nnSources([]string{dir}, cfg.rules)
	if err != nil {
		t.Fatal(err)
	}
	k, rescored := 0, 0
	for _, path := range srcs[0].files {
		recs, err := readRecords(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range recs {
			if heldOut(r.game, srcs[0].salt) {
				continue
			}
			for g := 0; g < 8; g++ {
				us, them := ataxx.BoardImage(g, r.us), ataxx.BoardImage(g, r.them)
				want := teacher.EvaluateBoard(us, them, cfg.rules) // each image as it is
				var in [ataxx.NNActive]uint16
				ataxx.NNFeaturesOf(ataxx.NNLayoutRaw, us, them, cfg.rules, &in)
				if !slices.Equal(in[:], turned.train.features(k)) {
					t.Fatalf("training position %d, image %d: inputs %v, want %v", k/8, g, turned.train.features(k), in)
				}
				if int(turned.train.score[k]) != want || turned.train.result[k] != r.result {
					t.Fatalf("training position %d, image %d: score %d and result %d, want the teacher's %d and %d",
						k/8, g, turned.train.score[k], turned.train.result[k], want, r.result)
				}
				if blend := int(math.Round(0.25*float64(want) + 0.75*float64(r.score))); int(blended.train.score[k]) != blend {
					t.Fatalf("training position %d, image %d: score %d with a quarter the teacher's %d and the search's %d, want %d",
						k/8, g, blended.train.score[k], want, r.score, blend)
				}
				if want != int(r.score) {
					rescored++
				}
				k++
			}
		}
	}
	if rescored == 0 {
		t.Fatal("the teacher agreed with every search score: the test proves nothing")
	}
}

// -layout raw -init reads a canonical net as a raw one: its weights,
// shape and scale are kept and its file says raw.
func TestFitNNRawStartsFromACanonicalNet(t *testing.T) {
	dir, err := smallRun()
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	canonFile := filepath.Join(tmp, "canon.bin")
	cfg := smallConfig(canonFile)
	cfg.layout = ataxx.NNLayoutCanon
	fitSmall(t, dir, cfg)
	data, err := os.ReadFile(canonFile)
	if err != nil {
		t.Fatal(err)
	}
	canon, err := ataxx.DecodeNN(data)
	if err != nil {
		t.Fatal(err)
	}
	want, err := ataxx.NNRawFromCanon(canon.Params())
	if err != nil {
		t.Fatal(err)
	}
	rawFile := filepath.Join(tmp, "raw.bin")
	var stdout, stderr bytes.Buffer
	args := []string{"fitnn", "-layout", "raw", "-all-images", "-init", canonFile, "-out", rawFile, "-epochs", "1", "-qat", "0", "-batch", "256", "-rate", "1e-9", dir}
	if code := run(args, &stdout, &stderr); code != 0 {
		t.Fatalf("%v: exit %d: %s", args, code, stderr.String())
	}
	if !strings.Contains(stdout.String(), "net: raw layout") {
		t.Errorf("the run is not the raw layout's:\n%s", stdout.String())
	}
	rawData, err := os.ReadFile(rawFile)
	if err != nil {
		t.Fatal(err)
	}
	raw, err := ataxx.DecodeNN(rawData)
	if err != nil {
		t.Fatal(err)
	}
	got := raw.Params()
	if got.Layout != ataxx.NNLayoutRaw || got.Hidden != want.Hidden || got.Buckets != want.Buckets || got.Scale != want.Scale {
		t.Fatalf("raw net %v, %d units, %d sets, scale %v", got.Layout, got.Hidden, got.Buckets, got.Scale)
	}
	// A step of 1e-9 leaves the weights as the file rounds them.
	for i := range got.W1 {
		if math.Abs(float64(got.W1[i]-want.W1[i])) > 1.5/ataxx.NNQA {
			t.Fatalf("first-layer weight %d: %v, the canonical net's %v", i, got.W1[i], want.W1[i])
		}
	}
	// Other layouts still refuse a canonical net, and a teacher must be a net.
	for _, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"-layout", "kinds", "-init", canonFile}, "-layout kinds"},
		{[]string{"-teacher", filepath.Join(tmp, "missing.bin")}, "-teacher"},
		{[]string{"-teacher", dir + "/run.json"}, "-teacher"},
	} {
		stderr.Reset()
		args := append(append([]string{"fitnn", "-out", filepath.Join(tmp, "no.bin")}, c.args...), dir)
		if code := run(args, &stdout, &stderr); code == 0 || !strings.Contains(stderr.String(), c.msg) {
			t.Errorf("%v: exit %d, %s", c.args, code, stderr.String())
		}
	}
}

// fitSmall loads dir and fits a net by cfg (writing cfg.out), failing t
// on any error.
func fitSmall(t *testing.T, dir string, cfg nnConfig) (*nnData, *nnResult) {
	t.Helper()
	d, err := loadNN([]string{dir}, cfg, &bytes.Buffer{})
	if err != nil {
		t.Fatal(err)
	}
	trained, err := fitNN(d, cfg, &bytes.Buffer{})
	if err != nil {
		t.Fatal(err)
	}
	return d, trained
}

// imageTwin pairs the eight images of a board among themselves: k's twin
// is another image of the same board, whose twin is k, and over seven
// epochs each image is tied to all seven others.
func TestImageTwinPairsTheImagesOfABoard(t *testing.T) {
	for base := 0; base < 64; base += 8 {
		for i := range 8 {
			k := base + i
			seen := map[int]bool{}
			for epoch := 1; epoch <= 7; epoch++ {
				twin := imageTwin(k, epoch)
				if twin == k || twin/8 != k/8 || imageTwin(twin, epoch) != k {
					t.Fatalf("position %d, epoch %d: twin %d (its twin %d)", k, epoch, twin, imageTwin(twin, epoch))
				}
				seen[twin] = true
			}
			if len(seen) != 7 {
				t.Fatalf("position %d tied to %d images in seven epochs, want 7", k, len(seen))
			}
		}
	}
}

// -tie brings a raw net's scores of a board's images together: fitted
// alike but for the tie, the tied net scores the held-out boards' images
// closer than the untied one, and the tie is refused without the images.
func TestFitNNTieBringsImagesTogether(t *testing.T) {
	dir, err := smallRun()
	if err != nil {
		t.Fatal(err)
	}
	cfg := smallConfig("")
	cfg.layout, cfg.allImages, cfg.epochs = ataxx.NNLayoutRaw, true, 4
	d, err := loadNN([]string{dir}, cfg, &bytes.Buffer{})
	if err != nil {
		t.Fatal(err)
	}
	spread := func(tie float64) float64 {
		c := cfg
		c.tie = tie
		var out bytes.Buffer
		res, err := fitNN(d, c, &out)
		if err != nil {
			t.Fatal(err)
		}
		if tie > 0 && !strings.Contains(out.String(), "tied images") {
			t.Fatalf("a tied fit does not report its images' distance:\n%s", out.String())
		}
		_, n, err := encodeDecodeNN(res.best)
		if err != nil {
			t.Fatal(err)
		}
		mean, _ := imageSpread(n, &d.valid, c.rules, c.threads)
		return mean
	}
	free, tied := spread(0), spread(5)
	if !(tied < 0.7*free) {
		t.Fatalf("images scored %.1f apart with -tie 5, %.1f without", tied, free)
	}
	c := cfg
	c.allImages, c.tie = false, 1
	if _, err := fitNN(d, c, &bytes.Buffer{}); err == nil || !strings.Contains(err.Error(), "-all-images") {
		t.Fatalf("-tie without -all-images: %v", err)
	}
}
