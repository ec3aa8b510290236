package arena

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// SPRT is a sequential probability ratio test of H0: A−B = Elo0 against
// H1: A−B = Elo1 (logistic Elo), with error rates Alpha (accepting H1 when
// H0 holds) and Beta (accepting H0 when H1 holds). Its log-likelihood ratio
// is the generalised SPRT of fishtest and fastchess: the normal
// approximation LLR = N·(s1−s0)·(2m−s0−s1) / (2σ²), from the mean m and
// variance σ² of the N outcomes (games, or colour-swapped pairs of games
// for the pentanomial model) and the expected scores s0, s1 of Elo0, Elo1.
type SPRT struct {
	Elo0, Elo1  float64
	Alpha, Beta float64
}

// Bounds are the LLR thresholds: at or below lower H0 is accepted, at or
// above upper H1.
func (s SPRT) Bounds() (lower, upper float64) {
	return math.Log(s.Beta / (1 - s.Alpha)), math.Log((1 - s.Beta) / s.Alpha)
}

// Verdict names the outcome of an LLR: "H1" (A is at least Elo1 better),
// "H0" (at most Elo0), or "" while undecided.
func (s SPRT) Verdict(llr float64) string {
	lo, hi := s.Bounds()
	switch {
	case llr >= hi:
		return "H1"
	case llr <= lo:
		return "H0"
	}
	return ""
}

// Trinomial is the LLR of wins, draws and losses of single games.
func (s SPRT) Trinomial(wins, draws, losses int) float64 {
	return s.llr([]float64{0, 0.5, 1}, []int{losses, draws, wins})
}

// Pentanomial is the LLR of colour-swapped game pairs counted by the pair's
// total score: pairs[k] pairs scored k/2 points out of 2 (0, ½, 1, 1½, 2).
// Pairs are what a book played with colours swapped gives; their model
// takes the correlation between the two games of an opening into account.
func (s SPRT) Pentanomial(pairs [5]int) float64 {
	return s.llr([]float64{0, 0.25, 0.5, 0.75, 1}, pairs[:])
}

// llr computes the LLR of outcomes valued x[i] (a score in [0, 1]) seen
// counts[i] times. An empty category counts one half (fishtest counts it
// 0.001): a one-sided start (a few wins in a row) then has a variance of
// its own size instead of almost none, so it cannot decide the test alone.
// Samples with every category seen are not affected.
func (s SPRT) llr(x []float64, counts []int) float64 {
	n := 0
	for _, c := range counts {
		n += c
	}
	if n == 0 {
		return 0
	}
	const empty = 0.5
	reg := make([]float64, len(counts))
	total := 0.0
	for i, c := range counts {
		reg[i] = math.Max(float64(c), empty)
		total += reg[i]
	}
	mean, variance := 0.0, 0.0
	for i := range x {
		mean += reg[i] / total * x[i]
	}
	for i := range x {
		variance += reg[i] / total * (x[i] - mean) * (x[i] - mean)
	}
	if variance <= 0 {
		return 0
	}
	s0, s1 := expectedScore(s.Elo0), expectedScore(s.Elo1)
	return total * (s1 - s0) * (2*mean - s0 - s1) / (2 * variance)
}

// expectedScore is the score a logistic Elo difference predicts.
func expectedScore(elo float64) float64 { return 1 / (1 + math.Pow(10, -elo/400)) }

// ParseSPRT reads "elo0,elo1[,alpha,beta]" (alpha and beta default to 0.05).
func ParseSPRT(spec string) (SPRT, error) {
	var v []float64
	for _, part := range strings.Split(spec, ",") {
		f, err := strconv.ParseFloat(strings.TrimSpace(part), 64)
		if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
			return SPRT{}, fmt.Errorf("SPRT %q: %q is not a number (give elo0,elo1[,alpha,beta])", spec, part)
		}
		v = append(v, f)
	}
	s := SPRT{Alpha: 0.05, Beta: 0.05}
	switch len(v) {
	case 4:
		s.Alpha, s.Beta = v[2], v[3]
		fallthrough
	case 2:
		s.Elo0, s.Elo1 = v[0], v[1]
	default:
		return SPRT{}, fmt.Errorf("SPRT %q: give elo0,elo1[,alpha,beta]", spec)
	}
	if s.Elo1 <= s.Elo0 {
		return SPRT{}, fmt.Errorf("SPRT %q: elo1 must be above elo0", spec)
	}
	if s.Alpha <= 0 || s.Alpha >= 0.5 || s.Beta <= 0 || s.Beta >= 0.5 {
		return SPRT{}, fmt.Errorf("SPRT %q: alpha and beta must lie between 0 and 0.5", spec)
	}
	return s, nil
}
