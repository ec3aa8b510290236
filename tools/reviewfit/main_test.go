package main

import (
	"bytes"
	"math"
	"math/rand"
	"strings"
	"testing"

	"github.com/jumpers-game/jumpers/core/review"
)

// The fit finds the scale that made the results: scores drawn evenly,
// each result a win with the logistic's chance.
func TestFitRecoversTheScale(t *testing.T) {
	for _, want := range []float64{50, 300, 1200} {
		rng := rand.New(rand.NewSource(1))
		var data []sample
		for range 20000 {
			s := (rng.Float64()*2 - 1) * 3 * want
			r := 0.0
			if rng.Float64() < review.Logistic(s, want) {
				r = 1
			}
			data = append(data, sample{s, 1, r})
		}
		got := fit(data)
		if math.Abs(got-want)/want > 0.05 {
			t.Errorf("fitted %.1f, the data's scale %.0f", got, want)
		}
		if logLoss(data, got) > logLoss(data, want)+1e-9 {
			t.Errorf("scale %.1f: log loss %.5f above the true scale's %.5f", got, logLoss(data, got), logLoss(data, want))
		}
	}
}

// A tiny run prints its figures and the Go table line, the same twice,
// also with slips all game long and a level drawn per seat.
func TestRunIsReproducible(t *testing.T) {
	base := []string{"-game", "cube", "-sizes", "4", "-games", "3", "-wild", "6", "-nodes", "300", "-play-nodes", "200"}
	runTwice(t, base, "then noise 0.00")
	runTwice(t, append(base, "-noise", "0.2", "-seat-levels", "-levels", "Novice,Expert"), "levels Novice/Expert (one a seat)")
}

func runTwice(t *testing.T, args []string, want string) {
	t.Helper()
	var a, b bytes.Buffer
	if err := run(args, &a); err != nil {
		t.Fatal(err)
	}
	if err := run(args, &b); err != nil {
		t.Fatal(err)
	}
	strip := func(s string) string { // the time taken differs
		var out []string
		for _, l := range strings.Split(s, "\n") {
			if !strings.HasPrefix(l, "time ") {
				out = append(out, l)
			}
		}
		return strings.Join(out, "\n")
	}
	if strip(a.String()) != strip(b.String()) {
		t.Fatalf("two runs differ:\n%s\n---\n%s", a.String(), b.String())
	}
	if !strings.Contains(a.String(), `{"cube", 4}: `) || !strings.Contains(a.String(), "log loss") || !strings.Contains(a.String(), want) {
		t.Fatalf("output:\n%s", a.String())
	}
}
