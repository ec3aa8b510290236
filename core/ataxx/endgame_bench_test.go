package ataxx

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jumpers-game/jumpers/core"
)

// reachGames is how many engine games the reach benchmark takes its
// positions from: one position a game for each count of empty squares.
const reachGames = 12

// reachPositions are positions from engine games (4 random plies from the
// start, then the engine at 2,000 nodes a move on both sides, standard
// rules), by count of empty squares: the first position of each game
// with that many.
var reachPositions = sync.OnceValue(func() map[int][]Position {
	out := map[int][]Position{}
	for g := 0; g < reachGames; g++ {
		rng := rand.New(rand.NewPCG(uint64(g), 52))
		p := New(Standard)
		seen := map[int]bool{}
		for ply := 0; ; ply++ {
			if over, _ := p.Outcome(); over {
				break
			}
			if n := popcount(p.Empty()); !seen[n] {
				seen[n] = true
				out[n] = append(out[n], p)
			}
			var m Move
			if ply < 4 {
				ms := p.Moves(nil)
				m = ms[rng.IntN(len(ms))]
			} else {
				var err error
				m, _, err = BestMove(context.Background(), p, core.AIRequest{Nodes: 2000, Seed: int64(g)})
				if err != nil {
					panic(err)
				}
			}
			p.Play(m)
		}
	}
	return out
})

// BenchmarkEndgameReach times the exact solve (the final margin) and the
// win/draw/loss solve (window -1, 1) of positions from engine games with
// 6 to 20 empty squares, each solve from an empty table and given up
// after a second. Reported per count: the median and slowest solve in
// milliseconds, the median nodes, and how many of the positions were
// solved within 100 ms. The reach is the most empty squares at which
// (nearly) all are. Run:
//
//	go test ./core/ataxx -run '^$' -bench EndgameReach -benchtime 1x
func BenchmarkEndgameReach(b *testing.B) {
	for _, kind := range []string{"fill2-exact", "fill2-wdl", "fill0-exact", "fill0-wdl", "fill-exact", "fill-wdl", "exact", "wdl"} {
		for n := 6; n <= 20; n++ {
			ps := reachPositions()[n]
			if len(ps) == 0 {
				continue
			}
			b.Run(fmt.Sprintf("%s/empties=%d", kind, n), func(b *testing.B) {
				e := NewEndgame()
				e.Fill = strings.HasPrefix(kind, "fill")
				switch {
				case strings.HasPrefix(kind, "fill2"):
					e.Jumps = 2
				case strings.HasPrefix(kind, "fill0"):
					e.Jumps = 0
				}
				alpha, beta := -MaxMargin-1, MaxMargin+1
				if strings.HasSuffix(kind, "wdl") {
					alpha, beta = -1, 1
				}
				var times []time.Duration
				var nodes []int64
				for i := 0; i < b.N; i++ {
					times, nodes = times[:0], nodes[:0]
					for _, p := range ps {
						e.Clear()
						start := time.Now()
						deadline := start.Add(time.Second)
						e.SetLimits(0, func() bool { return time.Now().After(deadline) })
						_, _, ok := e.Solve(&p, alpha, beta)
						d := time.Since(start)
						if !ok {
							d = time.Hour // not solved: slower than any
						}
						times = append(times, d)
						nodes = append(nodes, e.Nodes())
					}
				}
				slices.Sort(times)
				slices.Sort(nodes)
				within := 0
				for _, d := range times {
					if d <= 100*time.Millisecond {
						within++
					}
				}
				ms := func(d time.Duration) float64 {
					if d == time.Hour {
						return 1000 // gave up after a second
					}
					return float64(d) / 1e6
				}
				b.ReportMetric(ms(times[len(times)/2]), "median-ms")
				b.ReportMetric(ms(times[len(times)-1]), "max-ms")
				b.ReportMetric(float64(nodes[len(nodes)/2]), "median-nodes")
				b.ReportMetric(float64(within), "within-100ms")
				b.ReportMetric(float64(len(ps)), "positions")
			})
		}
	}
}
