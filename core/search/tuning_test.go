package search

import (
	"context"
	"strings"
	"testing"

	"github.com/jumpers-game/jumpers/core"
)

func TestParseTuning(t *testing.T) {
	for _, c := range []struct{ text, canonical, err string }{
		{"", "", ""},
		{" , ", "", ""},
		{"null-depth=3, LMR-Divisor = 2.5", "lmr-divisor=2.5,null-depth=3", ""},
		{"lmr-pv=1,aspiration=0", "aspiration=0,lmr-pv=1", ""},
		{"lmr-pv=2", "", `lmr-pv: "2" is not 0 or 1`},
		{"iir-depth=2.5", "", `iir-depth: "2.5" is not a whole number`},
		{"rfp-margin=-5", "", "is not a number from 0 to"},
		{"rfp-margin=NaN", "", "is not a number from 0 to"},
		{"rfp-margin=1e9", "", "is not a number from 0 to"},
		{"rfp-margin", "", `"rfp-margin" is not name=value`},
		{"=3", "", `"=3" is not name=value`},
		{"lmp=3,lmp=4", "", "lmp is given twice"},
		{"speed=11", "", `unknown setting "speed"; known: aspiration, aspiration-from, aspiration-growth, aspiration-shrink, exact-limit,`},
		{strings.Repeat("x", 500), "", `is not name=value`},
	} {
		tu, err := ParseTuning(c.text)
		switch {
		case c.err == "" && err != nil:
			t.Errorf("%q: %v", c.text, err)
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("%q: error %v, want %q", c.text, err, c.err)
		case err != nil && len(err.Error()) > 500:
			t.Errorf("%q: an error of %d bytes", c.text, len(err.Error()))
		case err == nil && tu.String() != c.canonical:
			t.Errorf("%q reads as %q, want %q", c.text, tu.String(), c.canonical)
		}
	}
}

func TestApplyTuningChangesOnlyWhatItNames(t *testing.T) {
	cfg := Config[ttt, int]{Aspiration: 50, Prune: Pruning{FutilityMargin: 100, IIRDepth: 4, ReducePV: true}}
	tu, err := ParseTuning("aspiration=0,lmr-divisor=2,lmr-pv=0,null-depth=3,null-reduction=2,history-malus=1")
	if err != nil {
		t.Fatal(err)
	}
	ApplyTuning(tu, &cfg)
	want := Pruning{FutilityMargin: 100, IIRDepth: 4, ReductionDivisor: 2, NullMoveDepth: 3, NullMoveReduction: 2, HistoryMalus: true}
	if cfg.Aspiration != 0 || cfg.Prune != want {
		t.Fatalf("aspiration %d, pruning %+v; want 0, %+v", cfg.Aspiration, cfg.Prune, want)
	}
	// Every name sets something.
	for _, name := range TuningNames() {
		var c Config[ttt, int]
		tu, err := ParseTuning(name + "=1")
		if err != nil {
			t.Fatal(err)
		}
		ApplyTuning(tu, &c)
		if c.Aspiration == 0 && c.Prune == (Pruning{}) {
			t.Errorf("%s=1 changes nothing", name)
		}
	}
}

// A request's tuning (WithTuning) gives it a searcher of their own, and bad
// settings are an error, not a search.
func TestPoolSearchSettings(t *testing.T) {
	var pool Pool[walk, int, *walk]
	var built []Pruning
	spec := Spec[walk, int]{Key: "walk", Config: func() Config[walk, int] {
		cfg := Config[walk, int]{Eval: walkEval, Reduce: func(*walk, int) bool { return true }}
		cfg.Prune.ReductionDivisor = 3
		built = append(built, cfg.Prune)
		return cfg
	}}
	root := walk{b: 6, salt: 3}
	format := func(m int) string { return string(rune('0' + m)) }
	nodes := func(settings string) int64 {
		tu, err := ParseTuning(settings)
		if err != nil {
			t.Fatal(err)
		}
		r, err := pool.BestMove(WithTuning(context.Background(), tu), spec, root, core.Level{Name: "x"}, core.AIRequest{Depth: 7}, format)
		if err != nil {
			t.Fatal(err)
		}
		return r.Info.Nodes
	}
	own := nodes("")
	tuned := nodes("lmr-divisor=1,lmr-from=1")
	if again := nodes(""); again != own {
		t.Fatalf("the game's own settings searched %d nodes, then %d after a tuned search", own, again)
	}
	if tuned >= own || len(built) != 2 || built[0].ReductionDivisor != 3 {
		t.Fatalf("tuned %d nodes, own %d; configurations built %+v", tuned, own, built)
	}
	if _, err := ParseTuning("lmr=x"); err == nil || !strings.Contains(err.Error(), "unknown setting") {
		t.Fatalf("bad settings: %v", err)
	}
}

func FuzzParseTuning(f *testing.F) {
	for _, s := range []string{"", "null-depth=3,lmr-divisor=2.5", "lmr-pv=1", "x=1", "a=b=c", ",,", "iir-depth=1e3"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		tu, err := ParseTuning(text)
		if err != nil {
			return
		}
		again, err := ParseTuning(tu.String())
		if err != nil || again.String() != tu.String() {
			t.Fatalf("%q reads as %q, which reads as %q (%v)", text, tu.String(), again.String(), err)
		}
		var cfg Config[ttt, int]
		ApplyTuning(tu, &cfg)
	})
}
