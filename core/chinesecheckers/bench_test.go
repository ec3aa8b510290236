package chinesecheckers

import (
	"fmt"
	"testing"
)

// BenchmarkPerft measures the move generator: perft from the start
// position, reported as nodes (leaves) per second.
func BenchmarkPerft(b *testing.B) {
	for _, c := range []struct{ players, depth int }{{2, 4}, {3, 4}, {4, 4}, {6, 4}} {
		b.Run(fmt.Sprintf("players=%d/depth=%d", c.players, c.depth), func(b *testing.B) {
			p, _ := Start(c.players, DefaultRules())
			var n int64
			for i := 0; i < b.N; i++ {
				n = Perft(p, c.depth)
			}
			b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "nodes/s")
			b.ReportMetric(float64(n), "nodes")
		})
	}
}

func BenchmarkMoveGen(b *testing.B) {
	p, _ := Start(2, DefaultRules())
	for _, mv := range []string{"d1e5", "n4m9", "c1d1", "o3n4"} {
		m, _ := ParseMove(mv)
		p.Play(m)
	}
	buf := make([]Move, 0, 256)
	for i := 0; i < b.N; i++ {
		buf = p.genMoves(buf[:0])
	}
}

func BenchmarkEval(b *testing.B) {
	p, _ := Start(2, DefaultRules())
	for _, mv := range []string{"d1e5", "n4m9", "c1d1", "o3n4"} {
		m, _ := ParseMove(mv)
		p.Play(m)
	}
	for i := 0; i < b.N; i++ {
		_ = eval(&p, 0, styleBalanced)
	}
}
