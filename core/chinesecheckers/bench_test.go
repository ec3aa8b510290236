package chinesecheckers

import (
	"context"
	"fmt"
	"testing"

	"github.com/jumpers-game/jumpers/core"
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

// BenchmarkBestReply measures Best-Reply Search on a six-player middle
// game (ply 60 of an arena game): 100,000 nodes a search, as nodes/s.
func BenchmarkBestReply(b *testing.B) {
	const fen = "./../4.1/..44/....3...6..22/.3...2.5..5./.3....4..../364.523.35/...6.5.1./.642.1.611/.6.5365.5.3/2.224...6.6./5225411414336/...1/1../../. 1 S,SW,NW,N,NE,SE"
	p, err := Parse(fen, DefaultRules())
	if err != nil {
		b.Fatal(err)
	}
	var nodes int64
	for i := 0; i < b.N; i++ {
		res, err := BestMove(context.Background(), p, core.AIRequest{Level: core.Expert, Style: "BestReply", Nodes: 100000})
		if err != nil {
			b.Fatal(err)
		}
		nodes += res.Info.Nodes
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

// BenchmarkMonteCarlo measures the Monte-Carlo search of three, four
// and six players on a middle game (ply 60 of a three-player game and
// ply 80 of a four-player game of tools/reviewcheck, ply 60 of a
// six-player arena game): 200,000 nodes (moves played in walks and
// playouts) a search, as nodes/s and playouts/s. The Expert's second is
// about 0.95 s of these nodes: tools/reviewcheck plays it at 500,000
// (docs/app.md, "Game review").
func BenchmarkMonteCarlo(b *testing.B) {
	for _, c := range []struct {
		players int
		fen     string
	}{
		{3, "./../.../..../............./.....3....../...2...3.../....2..2.3/3..2233../...3232.../..3.3...2.1/.......2.2../.....11.1..../.11./11./1./1 1 S,NW,NE"},
		{4, "./../.../..../......3.4..../.....342...2/..4..4..3../..3..423../.4.4.22../..422...../..4322...../.43.11....../..3.1321.1.../..11/11./31/. 1 S,SW,N,NE"},
		{6, "./../4.1/..44/....3...6..22/.3...2.5..5./.3....4..../364.523.35/...6.5.1./.642.1.611/.6.5365.5.3/2.224...6.6./5225411414336/...1/1../../. 1 S,SW,NW,N,NE,SE"},
	} {
		b.Run(fmt.Sprintf("players=%d", c.players), func(b *testing.B) {
			p, err := Parse(c.fen, DefaultRules())
			if err != nil {
				b.Fatal(err)
			}
			expert, _ := core.LevelFor(levels, core.Expert)
			var nodes, playouts int64
			for i := 0; i < b.N; i++ {
				t, info := searchMCTS(context.Background(), p, expert, core.AIRequest{Nodes: 200000})
				nodes += info.Nodes
				playouts += int64(t.nodes[0].visits)
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
			b.ReportMetric(float64(playouts)/b.Elapsed().Seconds(), "playouts/s")
		})
	}
}
