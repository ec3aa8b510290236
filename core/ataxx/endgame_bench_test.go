package ataxx

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
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
var reachPositions = sync.OnceValue(func() map[int][]Position { return engineGamePositions(reachGames) })

// engineGamePositions are the positions of reachPositions from the first
// games games.
func engineGamePositions(games int) map[int][]Position {
	out := map[int][]Position{}
	for g := 0; g < games; g++ {
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
}

// BenchmarkEndgameReach times the solves of positions from engine games
// by their count of empty squares: the exact solve of the full game
// (1 to 8 empty squares) and of the fill with at most two jumps a line
// (Fill, Jumps 2: 4 to 14), each for the final margin ("exact", window
// ±50) and for win, draw or loss ("wdl", window -1, 1); each solve from an
// empty table and given up after a second. Reported per count: the
// median and slowest solve in milliseconds (1000: given up), the median
// nodes, and how many of the positions were solved within 100 ms. Run:
//
//	go test ./core/ataxx -run '^$' -bench EndgameReach -benchtime 1x
func BenchmarkEndgameReach(b *testing.B) {
	for _, kind := range []struct {
		name     string
		fill     bool
		wdl      bool
		from, to int
	}{
		{"game-wdl", false, true, 1, 8},
		{"game-exact", false, false, 1, 8},
		{"fill2-wdl", true, true, 4, 14},
		{"fill2-exact", true, false, 4, 14},
	} {
		for n := kind.from; n <= kind.to; n++ {
			ps := reachPositions()[n]
			if len(ps) == 0 {
				continue
			}
			b.Run(fmt.Sprintf("%s/empties=%d", kind.name, n), func(b *testing.B) {
				e := NewEndgame()
				if kind.fill {
					e.Fill, e.Jumps = true, 2
				}
				alpha, beta := -MaxMargin-1, MaxMargin+1
				if kind.wdl {
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
