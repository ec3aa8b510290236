package main

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jumpers-game/jumpers/core/ataxx"
)

// Results drawn from a logistic of a known scale give that scale back,
// and every position falls in exactly one phase.
func TestScoreNetFindsTheScaleOfTheResults(t *testing.T) {
	const scale = 300.0
	rng := rand.New(rand.NewPCG(1, 2))
	recs := make([]record, 60000)
	evals := map[[2]uint64]int{}
	for i := range recs {
		// A distinct board per record: us a random set, them its complement's part.
		us := rng.Uint64() & (1<<49 - 1)
		them := rng.Uint64() & (1<<49 - 1) &^ us
		e := rng.IntN(1201) - 600
		res := int8(-1)
		if rng.Float64() < 1/(1+math.Exp(-float64(e)/scale)) {
			res = 1
		}
		recs[i] = record{us: us, them: them, result: res}
		evals[[2]uint64{us, them}] = e
	}
	s := scoreNet(recs, 2, func(us, them uint64) int { return evals[[2]uint64{us, them}] })
	if s.scale < 0.9*scale || s.scale > 1.1*scale {
		t.Errorf("fitted scale %.0f, want about %.0f", s.scale, scale)
	}
	total := 0
	for _, n := range s.n {
		total += n
	}
	if total != len(recs) {
		t.Errorf("phases hold %d positions of %d", total, len(recs))
	}
	// A net that says nothing scores no better than a coin.
	flat := scoreNet(recs, 2, func(uint64, uint64) int { return 0 })
	if flat.loss < math.Log(2)-1e-9 || s.loss >= flat.loss {
		t.Errorf("flat net %.5f, the true logistic %.5f", flat.loss, s.loss)
	}
}

func TestScoreRefusesWithoutNetsOrData(t *testing.T) {
	for _, args := range [][]string{{}, {"a.bin"}, {"--", "x.dat"}, {"a.bin", "--"}, {"-empties", "9-3", "a.bin", "--", "x.dat"}} {
		var out, errb bytes.Buffer
		if err := scoreCmd(args, &out, &errb); err == nil || !strings.Contains(err.Error(), "score") {
			t.Errorf("%q: %v", args, err)
		}
	}
}

// -empties scores the positions of one phase only: the count reported is
// theirs.
func TestScoreEmptiesKeepsOnePhase(t *testing.T) {
	dir, recs := smallRunRecords(t)
	all, inside := len(recs), len(withEmpties(recs, 16, 31))
	if inside == 0 || inside == all {
		t.Fatalf("%d of %d positions have 16-31 empty squares: a filter cannot show", inside, all)
	}
	data, err := ataxx.EncodeNN(initNN(ataxx.NNLayoutRaw, 8, 2, 250, 1))
	if err != nil {
		t.Fatal(err)
	}
	net := filepath.Join(t.TempDir(), "n.bin")
	if err := os.WriteFile(net, data, 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	if err := scoreCmd([]string{"-empties", "16-31", net, "--", dir}, &out, &errb); err != nil {
		t.Fatal(err)
	}
	if want := fmt.Sprintf("%d positions;", inside); !strings.HasPrefix(out.String(), want) {
		t.Errorf("score -empties 16-31 says %q, want %q first", out.String(), want)
	}
}
