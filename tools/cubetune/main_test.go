package main

import (
	"bytes"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The fit recovers the weights that made synthetic results.
func TestFitRecoversWeights(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	truth := []float64{400, -200, 100}
	const scale = 500.0
	var ss []sample
	for range 20000 {
		x := []float64{float64(rng.IntN(21) - 10), float64(rng.IntN(21) - 10), float64(rng.IntN(21) - 10)}
		s := sample{x: x}
		if rng.Float64() < prob(eval(&s, truth), scale) {
			s.result = 1
		}
		ss = append(ss, s)
	}
	w := []float64{0, 0, 0}
	fit(ss, w, scale, 3000, 5)
	for i := range w {
		if math.Abs(w[i]-truth[i]) > 0.15*math.Abs(truth[i]) {
			t.Errorf("weight %d: fitted %.0f, true %.0f", i, w[i], truth[i])
		}
	}
	if got := fitScale(ss, truth); math.Abs(got-scale) > 0.15*scale {
		t.Errorf("scale: fitted %.0f, true %.0f", got, scale)
	}
}

// On real games the tool prints its report and the weights; bad input is
// refused with one error line.
func TestRun(t *testing.T) {
	var out, errs bytes.Buffer
	if code := run([]string{"-iters", "20", "testdata/games5.pgn"}, &out, &errs); code != 0 {
		t.Fatalf("exit %d: %s", code, errs.String())
	}
	for _, want := range []string{"games 30,", "held-out log loss", "CUBE_K_squares="} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
	dir := t.TempDir()
	ataxx := filepath.Join(dir, "ataxx.pgn")
	os.WriteFile(ataxx, []byte("[Game \"ataxx\"]\n\na7a6 1-0\n"), 0o644)
	for _, args := range [][]string{{}, {filepath.Join(dir, "none.pgn")}, {ataxx}} {
		out.Reset()
		errs.Reset()
		if code := run(args, &out, &errs); code != 2 || errs.Len() == 0 {
			t.Errorf("%v: exit %d, stderr %q", args, code, errs.String())
		}
	}
}
