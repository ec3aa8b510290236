package chinesecheckers

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/jumpers-game/jumpers/core"
	"pgregory.net/rapid"
)

// randomMiddleGame plays forward-biased random moves from the start.
func randomMiddleGame(n, plies int, rng *rand.Rand) Position {
	p, _ := Start(n, DefaultRules())
	for i := 0; i < plies && !p.over; i++ {
		p.Play(biasedMove(&p, p.LegalMoves(), rng))
	}
	return p
}

func TestUseMCTS(t *testing.T) {
	expert, _ := core.LevelFor(levels, core.Expert)
	strong, _ := core.LevelFor(levels, core.Strong)
	cases := []struct {
		players int
		level   core.Level
		req     core.AIRequest
		want    bool
	}{
		{6, expert, core.AIRequest{}, true},
		{6, expert, core.AIRequest{Style: "balanced"}, true},
		{6, expert, core.AIRequest{Nodes: 1000}, true},
		{6, expert, core.AIRequest{Depth: 3}, false}, // a depth is Best-Reply Search's
		{6, strong, core.AIRequest{}, false},         // the depth-capped levels
		{6, expert, core.AIRequest{Style: "BestReply"}, false},
		{6, expert, core.AIRequest{Style: "Paranoid"}, false},
		{6, expert, core.AIRequest{Style: "Racer"}, false},
		{4, expert, core.AIRequest{}, true},
		{4, strong, core.AIRequest{}, false},
		{4, expert, core.AIRequest{Style: "BestReply"}, false},
		{4, expert, core.AIRequest{Style: "MonteCarlo"}, true},
		{3, expert, core.AIRequest{}, true},
		{3, strong, core.AIRequest{}, false},
		{3, expert, core.AIRequest{Style: "BestReply"}, false},
		{3, strong, core.AIRequest{Style: "MonteCarlo"}, true},
		{2, expert, core.AIRequest{Style: "MonteCarlo"}, false},
	}
	for _, c := range cases {
		p, _ := Start(c.players, DefaultRules())
		if got := useMCTS(&p, c.level, c.req); got != c.want {
			t.Errorf("%d players, %s, %+v: useMCTS %v, want %v", c.players, c.level.Name, c.req, got, c.want)
		}
	}
}

// Whatever the position, the search answers a legal move, within its node
// limit give or take one iteration, with a principal variation that plays.
func TestMCTSPlaysLegalMoves(t *testing.T) {
	expert, _ := core.LevelFor(levels, core.Expert)
	rapid.Check(t, func(rt *rapid.T) {
		n := rapid.SampledFrom([]int{3, 4, 6}).Draw(rt, "players")
		rng := rand.New(rand.NewPCG(rapid.Uint64().Draw(rt, "seed"), 2))
		p := randomMiddleGame(n, rapid.IntRange(0, 300).Draw(rt, "plies"), rng)
		if p.over || len(p.LegalMoves()) < 2 {
			return
		}
		nodes := int64(rapid.IntRange(1, 3000).Draw(rt, "nodes"))
		res, err := monteCarloMove(context.Background(), p, expert, core.AIRequest{Nodes: nodes, Seed: rapid.Int64().Draw(rt, "aiseed")})
		if err != nil {
			rt.Fatal(err)
		}
		if res.Info.Nodes < nodes || res.Info.Nodes > nodes+int64(mctsRounds*n+64) {
			rt.Fatalf("%d nodes searched for a limit of %d", res.Info.Nodes, nodes)
		}
		q := p
		for i, s := range res.Info.PV {
			m, err := ParseMove(s)
			if err != nil || q.Check(m) != nil {
				rt.Fatalf("PV %v: move %d (%s) illegal\n%s", res.Info.PV, i, s, q.String())
			}
			q.Play(m)
		}
		if len(res.Info.PV) == 0 || res.Move != res.Info.PV[0] {
			rt.Fatalf("move %s, PV %v", res.Move, res.Info.PV)
		}
	})
}

// A node-limited search depends on the position and the seed only: the
// same answer in a fresh search and after others.
func TestMCTSReproducible(t *testing.T) {
	p := randomMiddleGame(6, 70, rand.New(rand.NewPCG(3, 3)))
	req := core.AIRequest{Level: core.Expert, Nodes: 40000, Seed: 9}
	first, err := BestMove(context.Background(), p, req)
	if err != nil {
		t.Fatal(err)
	}
	if first.Info.Depth < 2 {
		t.Fatalf("Monte-Carlo search not used: %+v", first.Info)
	}
	for _, other := range []core.AIRequest{{Level: core.Expert, Nodes: 5000, Seed: 1}, {Level: core.Strong}} {
		if _, err := BestMove(context.Background(), p, other); err != nil {
			t.Fatal(err)
		}
		again, _ := BestMove(context.Background(), p, req)
		if again.Move != first.Move || again.Info.Nodes != first.Info.Nodes || again.Info.Score != first.Info.Score || !slices.Equal(again.Info.PV, first.Info.PV) {
			t.Errorf("the same request gave %+v, then %+v", first, again)
		}
	}
}

// Finishing now scores 1 for the finisher, more than any race standing:
// a player who can finish, finishes.
func TestMCTSTakesTheFinish(t *testing.T) {
	expert, _ := core.LevelFor(levels, core.Expert)
	found := 0
	for seed := uint64(1); found < 6 && seed < 200; seed++ {
		rng := rand.New(rand.NewPCG(seed, 4))
		p, _ := Start(6, DefaultRules())
		for !p.over {
			var finishing []string
			moves := p.LegalMoves()
			for _, m := range moves {
				q := p
				q.Play(m)
				if q.finished>>p.toMove&1 != 0 {
					finishing = append(finishing, m.String())
				}
			}
			if len(finishing) > 0 && len(moves) > 1 {
				res, err := monteCarloMove(context.Background(), p, expert, core.AIRequest{Nodes: 20000, Seed: int64(seed)})
				if err != nil {
					t.Fatal(err)
				}
				if !slices.Contains(finishing, res.Move) {
					t.Errorf("seed %d: plays %s, not a finish of %v\n%s", seed, res.Move, finishing, p.String())
				}
				found++
				break
			}
			p.Play(biasedMove(&p, moves, rng))
		}
	}
	if found < 6 {
		t.Fatalf("only %d positions with a finish found", found)
	}
}

// Stopped from outside (the engine's stop, a new game in the app), an
// unlimited search answers at once with a legal move.
func TestMCTSStops(t *testing.T) {
	p := randomMiddleGame(6, 50, rand.New(rand.NewPCG(8, 8)))
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	var infos int
	res, err := BestMove(ctx, p, core.AIRequest{Level: core.Expert, Infinite: true, Info: func(core.SearchInfo) { infos++ }})
	if err != nil {
		t.Fatal(err)
	}
	m, err := ParseMove(res.Move)
	if err != nil || p.Check(m) != nil {
		t.Fatalf("illegal move %q", res.Move)
	}
	if infos == 0 || res.Info.Nodes == 0 {
		t.Errorf("%d progress reports, %d nodes", infos, res.Info.Nodes)
	}
}

// The rewards are each player's standing: in 0..1, and a player ahead in
// the race, with no more spread or straggling, scores at least as much as
// one behind (more, unless the logistic has run out of float32 precision).
func TestMCTSReward(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		rng := rand.New(rand.NewPCG(rapid.Uint64().Draw(rt, "seed"), 5))
		p := randomMiddleGame(6, rapid.IntRange(0, 250).Draw(rt, "plies"), rng)
		if p.over {
			return
		}
		p.SetSearchRoot()
		var tr mctsTree
		var r [MaxPlayers]float32
		tr.reward(&p, &r)
		for i := 0; i < 6; i++ {
			if p.finished>>uint(i)&1 != 0 {
				continue
			}
			if r[i] < 0 || r[i] > 1 {
				rt.Fatalf("player %d reward %v", i+1, r[i])
			}
			for j := 0; j < 6; j++ {
				di, si, qi := p.sideStats(i)
				dj, sj, qj := p.sideStats(j)
				ci, cj := p.centreOffsets(i), p.centreOffsets(j)
				ahead := p.finished>>uint(j)&1 == 0 && di < dj && si <= sj && qi <= qj && ci <= cj
				if ahead && (r[i] < r[j] || r[i] == r[j] && r[i] > 0.01 && r[i] < 0.99) {
					rt.Fatalf("player %d ahead of %d (%d < %d to go) but rewards %v <= %v", i+1, j+1, di, dj, r[i], r[j])
				}
			}
		}
	})
}

// A long analysis stops growing its tree at mctsMaxNodes and goes on
// sampling below it.
func TestMCTSTreeBounded(t *testing.T) {
	defer func(n int) { mctsMaxNodes = n }(mctsMaxNodes)
	mctsMaxNodes = 300
	p := randomMiddleGame(6, 60, rand.New(rand.NewPCG(6, 6)))
	expert, _ := core.LevelFor(levels, core.Expert)
	tree, info := searchMCTS(context.Background(), p, expert, core.AIRequest{Nodes: 60000})
	if len(tree.nodes) > mctsMaxNodes || tree.nodes[0].visits < 1000 {
		t.Errorf("%d nodes for a bound of %d, %d playouts", len(tree.nodes), mctsMaxNodes, tree.nodes[0].visits)
	}
	if m, err := ParseMove(info.PV[0]); err != nil || p.Check(m) != nil {
		t.Errorf("illegal move %v", info.PV)
	}
}
