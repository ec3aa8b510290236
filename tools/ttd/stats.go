package main

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
	"time"
)

// median is the middle value of xs (the mean of the two middle ones for
// an even count); NaN for none. xs is not changed.
func median(xs []float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	m := len(s) / 2
	if len(s)%2 == 1 {
		return s[m]
	}
	return (s[m-1] + s[m]) / 2
}

// geomean is the geometric mean of xs, the mean that fits ratios (a
// speed-up of 2 and one of 0.5 average to 1); NaN for none or for a value
// that is not positive.
func geomean(xs []float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	sum := 0.0
	for _, x := range xs {
		if !(x > 0) {
			return math.NaN()
		}
		sum += math.Log(x)
	}
	return math.Exp(sum / float64(len(xs)))
}

// summary sums up one game's samples.
type summary struct {
	Game      string
	Title     string
	Depth     int
	Positions int
	MedianT1  time.Duration // the median 1-thread time, to see what a depth costs
	Median    float64       // speed-ups
	Geomean   float64
	Min, Max  float64
}

func summarize(key, title string, depth int, samples []sample) summary {
	s := summary{Game: key, Title: title, Depth: depth, Positions: len(samples)}
	if len(samples) == 0 {
		s.Median, s.Geomean, s.Min, s.Max = math.NaN(), math.NaN(), math.NaN(), math.NaN()
		return s
	}
	ups := make([]float64, len(samples))
	t1 := make([]float64, len(samples))
	for i, x := range samples {
		ups[i], t1[i] = x.Speedup, x.T1.Seconds()
	}
	s.MedianT1 = secondsDuration(median(t1))
	s.Median, s.Geomean = median(ups), geomean(ups)
	s.Min, s.Max = slices.Min(ups), slices.Max(ups)
	return s
}

// seconds writes a duration as seconds with three decimals.
func seconds(d time.Duration) string { return fmt.Sprintf("%.3f", d.Seconds()) }

func ratio(x float64) string {
	if math.IsNaN(x) {
		return "-"
	}
	return fmt.Sprintf("%.2f", x)
}

// times writes a speed-up as a factor ("1.85×").
func times(x float64) string {
	if math.IsNaN(x) {
		return "-"
	}
	return ratio(x) + "×"
}

// sampleHeader and writeSample write the per-position lines: aligned
// columns, the times in seconds.
func sampleHeader(w io.Writer, threads int) {
	fmt.Fprintf(w, "%-7s %4s %5s %5s %8s %8s %7s %11s %11s\n", "game", "pos", "plies", "depth", "t1", fmt.Sprintf("t%d", threads), "speedup", "nodes1", fmt.Sprintf("nodes%d", threads))
}

func writeSample(w io.Writer, s sample) {
	fmt.Fprintf(w, "%-7s %4d %5d %5d %8s %8s %7s %11d %11d\n", s.Game, s.Index, s.Plies, s.Depth, seconds(s.T1), seconds(s.TN), ratio(s.Speedup), s.N1, s.NN)
}

// writeSummaries writes the per-game figures as aligned text.
func writeSummaries(w io.Writer, threads int, sums []summary) {
	fmt.Fprintf(w, "\nspeed-up of %d thread(s) over 1 (the time to depth with 1 thread / with %d):\n", threads, threads)
	fmt.Fprintf(w, "%-7s %5s %9s %9s %7s %7s %7s %7s\n", "game", "depth", "positions", "median t1", "median", "geomean", "min", "max")
	for _, s := range sums {
		fmt.Fprintf(w, "%-7s %5d %9d %9s %7s %7s %7s %7s\n", s.Game, s.Depth, s.Positions, seconds(s.MedianT1),
			ratio(s.Median), ratio(s.Geomean), ratio(s.Min), ratio(s.Max))
	}
}

// writeMarkdown writes the per-game figures as the table of
// docs/benchmarks.md ("Parallel search: time to depth").
func writeMarkdown(w io.Writer, threads int, sums []summary) {
	fmt.Fprintf(w, "| game | depth | positions | median time, 1 thread | median speed-up, %d threads | geometric mean | min | max |\n", threads)
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|---|")
	for _, s := range sums {
		cells := []string{s.Title, fmt.Sprint(s.Depth), fmt.Sprint(s.Positions), seconds(s.MedianT1) + " s",
			"**" + times(s.Median) + "**", times(s.Geomean), times(s.Min), times(s.Max)}
		fmt.Fprintf(w, "| %s |\n", strings.Join(cells, " | "))
	}
}
