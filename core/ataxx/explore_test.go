package ataxx

import (
	"context"
	"os"
	"runtime"
	"testing"
	"time"

	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/search"
)

// The Explore tests are the tools the AI was tuned with; they run only when
// their environment variables are set:
//
//	ATAXX_FEN=FEN        TestExploreSearch: a 1 s search with its iterations
//	ATAXX_DEPTH=D        TestExploreFixedDepth: tree size and speed at depth D
//	ATAXX_MATCH=N        TestExploreMatch: N openings, both colours, between the
//	                     weights/pruning of ATAXX_EXP/ATAXX_PRUNE/ATAXX_REDUCE
//	                     and ATAXX_BASE/ATAXX_BASE_PRUNE (exp_params_test.go),
//	                     at 10 000 nodes a move or ATAXX_MT milliseconds.

func TestExploreSearch(t *testing.T) {
	fen := os.Getenv("ATAXX_FEN")
	if fen == "" {
		t.Skip()
	}
	p := mustFEN(t, fen, Standard)
	_, res, _ := BestMove(context.Background(), p, core.AIRequest{MoveTime: time.Second, Info: func(i core.SearchInfo) {
		t.Logf("depth %d score %d nodes %d time %v nps %d pv %v", i.Depth, i.Score, i.Nodes, i.Elapsed, i.NPS(), i.PV)
	}})
	t.Logf("final %+v", res.Info)
}

var benchFENs = []string{
	"x5o/7/7/7/7/7/o5x x 0 1",
	"x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1",
	"xx3oo/xxx1ooo/2x1o2/2xoo2/1xxo3/xx3o1/oo3xx x 0 12",
	"2xxooo/1xxxooo/xxxxo2/xxoooo1/1xxoo2/3x3/7 o 0 20",
}

func TestExploreFixedDepth(t *testing.T) {
	if os.Getenv("ATAXX_DEPTH") == "" {
		t.Skip()
	}
	depth := 0
	for _, c := range os.Getenv("ATAXX_DEPTH") {
		depth = depth*10 + int(c-'0')
	}
	var nodes int64
	var el time.Duration
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	cpu0 := threadCPU()
	for _, fen := range benchFENs {
		p := mustFEN(t, fen, Standard)
		cfg := SearchConfig(DefaultWeights)
		applyExpConfig(&cfg)
		s := search.New[Position, Move, *Position](cfg, 16)
		r := s.Search(context.Background(), p, search.Limits[Move]{Depth: depth})
		res := core.AIResult{Info: core.SearchInfo{Score: r.Score, Nodes: r.Nodes, Elapsed: r.Elapsed}}
		m := r.Move
		t.Logf("%s: %v score %d nodes %d time %v", fen, m, res.Info.Score, res.Info.Nodes, res.Info.Elapsed)
		nodes += res.Info.Nodes
		el += res.Info.Elapsed
	}
	cpu := threadCPU() - cpu0
	t.Logf("total nodes %d time %v nps %.0f cpu %v cpu-nps %.0f", nodes, el, float64(nodes)/el.Seconds(), cpu, float64(nodes)/cpu.Seconds())
}

// expPlayer is one side of an experiment: a search config and a budget.
type expPlayer struct {
	cfg      search.Config[Position, Move]
	nodes    int64
	movetime time.Duration
}

// expMatch plays every opening twice (colours swapped) between a and b and
// returns a's score and the game count.
func expMatch(t *testing.T, a, b expPlayer, openings []Position) (float64, int) {
	sa := search.New[Position, Move, *Position](a.cfg, 16)
	sb := search.New[Position, Move, *Position](b.cfg, 16)
	score, games := 0.0, 0
	for i, open := range openings {
		for swap := 0; swap < 2; swap++ {
			players := [2]*expPlayer{&a, &b}
			ss := [2]*Searcher{sa, sb}
			aSide := open.ToMove()
			if swap == 1 {
				players[0], players[1] = players[1], players[0]
				ss[0], ss[1] = ss[1], ss[0]
				aSide ^= 1
			}
			sa.Clear()
			sb.Clear()
			p := open
			for ply := 0; ; ply++ {
				if over, _ := p.Outcome(); over {
					break
				}
				pl, s := players[ply%2], ss[ply%2]
				ctx := context.Background()
				var cancel context.CancelFunc = func() {}
				if pl.movetime > 0 {
					ctx, cancel = context.WithTimeout(ctx, pl.movetime)
				}
				res := s.Search(ctx, p, search.Limits[Move]{Nodes: pl.nodes, Seed: int64(i*7 + ply)})
				cancel()
				p.Play(res.Move)
			}
			_, w := p.Outcome()
			games++
			switch w {
			case aSide:
				score++
			case -1:
				score += 0.5
			}
		}
	}
	return score, games
}

func TestExploreMatch(t *testing.T) {
	n := os.Getenv("ATAXX_MATCH")
	if n == "" {
		t.Skip()
	}
	games := 0
	for _, c := range n {
		games = games*10 + int(c-'0')
	}
	openings := Openings(New(Standard), games, 4, 11)
	wa := DefaultWeights
	applyBase(&wa)
	base := SearchConfig(wa)
	applyBaseConfig(&base)
	wb := DefaultWeights
	applyExp(&wb)
	exp := SearchConfig(wb)
	applyExpConfig(&exp)
	nodes := int64(10000)
	var mt time.Duration
	if s := os.Getenv("ATAXX_MT"); s != "" {
		ms := 0
		for _, c := range s {
			ms = ms*10 + int(c-'0')
		}
		mt, nodes = time.Duration(ms)*time.Millisecond, 0
	}
	score, g := expMatch(t, expPlayer{cfg: exp, nodes: nodes, movetime: mt}, expPlayer{cfg: base, nodes: nodes, movetime: mt}, openings)
	t.Logf("experiment vs base: %.1f / %d = %.1f%%", score, g, 100*score/float64(g))
}
