package ataxx

import (
	"context"
	"fmt"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/jumpers-game/jumpers/core"
)

// TestBenchmarkReport measures the figures of docs/benchmarks-ataxx.md:
// ATAXX_REPORT=perft,search,match go test -run BenchmarkReport -v
// (the matches take many minutes). Wall-clock and thread CPU time are both
// given, as the machine may be shared.
func TestBenchmarkReport(t *testing.T) {
	what := os.Getenv("ATAXX_REPORT")
	if what == "" {
		t.Skip("set ATAXX_REPORT")
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "%s, %s/%s, GOMAXPROCS %d\n\n", runtime.Version(), runtime.GOOS, runtime.GOARCH, runtime.GOMAXPROCS(0))
	if strings.Contains(what, "perft") {
		runtime.LockOSThread()
		p := New(Standard)
		best := time.Duration(1 << 62)
		bestCPU := best
		for i := 0; i < 5; i++ {
			c0, w0 := threadCPU(), time.Now()
			if n := p.Perft(6); n != 141865520 {
				t.Fatal(n)
			}
			best, bestCPU = min(best, time.Since(w0)), min(bestCPU, threadCPU()-c0)
		}
		runtime.UnlockOSThread()
		fmt.Fprintf(&sb, "perft(6) from the start, 141865520 nodes, best of 5: %v wall (%.0f M nodes/s), %v thread CPU (%.0f M nodes/s)\n\n",
			best.Round(time.Millisecond), 141865520/best.Seconds()/1e6, bestCPU.Round(time.Millisecond), 141865520/bestCPU.Seconds()/1e6)
	}
	if strings.Contains(what, "search") {
		fens := map[string]string{
			"start":     StartFEN,
			"four-gaps": Layouts["four-gaps"],
			"midgame":   "xx3oo/xxx1ooo/2x1o2/2xoo2/1xxo3/xx3o1/oo3xx x 0 12",
			"crowded":   "2xxooo/1xxxooo/xxxxo2/xxoooo1/1xxoo2/3x3/7 o 0 20",
		}
		for _, name := range []string{"start", "four-gaps", "midgame", "crowded"} {
			p := mustFEN(t, fens[name], Standard)
			runtime.LockOSThread()
			c0 := threadCPU()
			m, res, err := BestMove(context.Background(), p, core.AIRequest{MoveTime: time.Second, Seed: 1})
			cpu := threadCPU() - c0
			runtime.UnlockOSThread()
			if err != nil {
				t.Fatal(err)
			}
			fmt.Fprintf(&sb, "| %s | `%s` | %d | %v | %d | %.2f M | %.2f M |\n", name, fens[name], res.Info.Depth, m, res.Info.Nodes,
				float64(res.Info.Nodes)/res.Info.Elapsed.Seconds()/1e6, float64(res.Info.Nodes)/cpu.Seconds()/1e6)
		}
		sb.WriteString("\n")
	}
	if strings.Contains(what, "match") {
		openings := Openings(New(Standard), 5, 2, 2026)
		match := func(name string, a, b core.AIRequest) {
			start := time.Now()
			res, err := PlayMatch(context.Background(), a, b, openings, func(g int, final, w string) { t.Logf("%s game %d: %s %s", name, g, w, final) })
			if err != nil {
				t.Fatal(err)
			}
			fmt.Fprintf(&sb, "%s: %v in %v\n", name, res, time.Since(start).Round(time.Second))
		}
		match("Expert vs Strong", core.AIRequest{Level: core.Expert, Seed: 1}, core.AIRequest{Level: core.Strong, Seed: 1})
		match("Expert 1 s vs Expert 100 ms", core.AIRequest{Level: core.Expert, Seed: 1}, core.AIRequest{Level: core.Expert, MoveTime: 100 * time.Millisecond, Seed: 1})
	}
	if strings.Contains(what, "levels") {
		openings := Openings(New(Standard), 5, 2, 7)
		names := []string{core.Beginner, core.Novice, core.Average, core.Strong}
		for i := 0; i+1 < len(names); i++ {
			res, err := PlayMatch(context.Background(), core.AIRequest{Level: names[i+1], Seed: 3}, core.AIRequest{Level: names[i], Seed: 3}, openings, nil)
			if err != nil {
				t.Fatal(err)
			}
			fmt.Fprintf(&sb, "%s vs %s: %v\n", names[i+1], names[i], res)
		}
	}
	t.Log("\n" + sb.String())
}
