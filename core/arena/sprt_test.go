package arena_test

import (
	"math"
	"testing"

	"github.com/jumpers-game/jumpers/core/arena"
)

// The expected LLRs are worked out by hand from the formula
// LLR = N (s1−s0)(2m−s0−s1) / (2σ²), s0 = 1/2, s1 = 1/(1+10^(−10/400)) =
// 0.5143872.
func TestSPRTKnownValues(t *testing.T) {
	s := arena.SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}
	// 60 wins, 20 draws, 20 losses: m = 0.7, σ² = 0.16,
	// LLR = 100 · 0.0143872 · 0.3856128 / 0.32 = 1.7337.
	if got := s.Trinomial(60, 20, 20); math.Abs(got-1.7337) > 1e-3 {
		t.Errorf("trinomial 60/20/20: %.4f, want 1.7337", got)
	}
	// Pairs 5, 20, 50, 20, 10 of 105: m = 55/105 = 0.5238095,
	// σ² = 0.0589569, LLR = 105 · 0.0143872 · 0.0332318 / 0.1179138 = 0.4258.
	if got := s.Pentanomial([5]int{5, 20, 50, 20, 10}); math.Abs(got-0.4258) > 1e-3 {
		t.Errorf("pentanomial: %.4f, want 0.4258", got)
	}
	// An even score is evidence for H0 (0 Elo) against H1 (+10).
	if got := s.Trinomial(40, 20, 40); got >= 0 {
		t.Errorf("an even score gives LLR %.3f, want < 0", got)
	}
	lo, hi := s.Bounds()
	// ln(0.05/0.95) and ln(0.95/0.05).
	if math.Abs(lo+2.9444) > 1e-4 || math.Abs(hi-2.9444) > 1e-4 {
		t.Errorf("bounds %.4f %.4f", lo, hi)
	}
	if s.Verdict(3) != "H1" || s.Verdict(-3) != "H0" || s.Verdict(0) != "" {
		t.Error("verdicts")
	}
	// A few wins in a row cannot decide the test alone.
	if v := s.Verdict(s.Pentanomial([5]int{0, 0, 0, 0, 3})); v != "" {
		t.Errorf("three won pairs decided the test: %s", v)
	}
	if got := s.Trinomial(0, 0, 0); got != 0 {
		t.Errorf("no games: LLR %v", got)
	}
}

func TestParseSPRT(t *testing.T) {
	s, err := arena.ParseSPRT("0, 10")
	if err != nil || s != (arena.SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}) {
		t.Fatalf("%+v %v", s, err)
	}
	s, err = arena.ParseSPRT("-5,5,0.1,0.2")
	if err != nil || s != (arena.SPRT{Elo0: -5, Elo1: 5, Alpha: 0.1, Beta: 0.2}) {
		t.Fatalf("%+v %v", s, err)
	}
	for _, bad := range []string{"", "10", "10,0", "0,10,0.05", "0,x", "0,10,0,0.05", "0,10,0.6,0.05", "0,NaN"} {
		if _, err := arena.ParseSPRT(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}
