package chinesecheckers

import (
	"context"
	"math"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/jumpers-game/jumpers/core"
)

// Monte-Carlo tree search for three, four and six players (max^n UCT with
// short greedy playouts). Best-Reply Search lets one opponent move between two
// moves of the root player; with five opponents, five move, and a ladder
// the root player sets up is spoiled far more often than the search
// believes. Nijssen & Winands (2013) found MCTS with the max^n policy the
// strongest multi-player search in Chinese Checkers; measured here (six
// players, 100 ms a move, ours in one seat against e2d51ce's Expert) it
// took 32 first places of 100 where Best-Reply Search took 22 on the same
// openings, and at the Expert's 1 s 35 of 100; with three players at 1 s
// and exploration 0.1 it took 76 first places of 100, where Best-Reply
// Search took 27 of 48; with four players at 1 s 50 of 100, twice a fair
// share (docs/benchmarks-chinesecheckers.md).
//
// Each iteration walks down the tree by UCT, every node choosing for the
// player to move there (max^n: each player maximises its own reward),
// adds one child, plays mctsRounds rounds in which every player takes its
// best race move (now and then one of its three best), and backs up a
// reward for every player: the evaluation's race standing against the
// others, squashed into 0..1. A finish inside the tree scores 1 for the
// finisher and 0 for the others. Nodes widen progressively: a node visited
// n times holds its 1 + √n best moves in race order, so an opponent's
// likely moves are tried first and the root still sees every move in time.

const (
	mctsRounds = 2    // playout length in rounds of every player
	mctsRandom = 0.1  // chance a playout move is one of the 3 best, not the best
	mctsScale  = 60.0 // evaluation units (tenths of a hole) per logistic unit
)

// mctsMaxNodes bounds the tree of a long analysis: about 25 MB (some 380 B
// a node); the tree stops growing there and the playouts go on. A second
// at Expert grows some 30,000 nodes.
var mctsMaxNodes = 1 << 16

// mctsExplore is UCT's exploration constant (rewards in 0..1) for a game
// of n players. With three players 0.1 took 78 first places of 150 against
// 0.4 in the other seats at 30,000 nodes a move (0.2: 55), and 101 of 200
// at 100 ms (+113 Elo; docs/benchmarks-chinesecheckers.md). Four players
// take the same (their 1-s mark was met with it); six keep 0.4 until a
// match of their own.
func mctsExplore(n int) float64 {
	if n < 6 {
		return 0.1
	}
	return 0.4
}

type mctsNode struct {
	visits   int32
	move     Move
	expanded bool
	sum      [MaxPlayers]float32 // rewards backed up, per player
	children []int32
	cands    []Move // the node's moves, best race move first
}

type mctsTree struct {
	nodes   []mctsNode
	rng     *rand.Rand
	explore float64 // mctsExplore for the game's players
	plies   int64   // moves played in tree walks and playouts: the "nodes"
	depth   int     // the deepest walk
	buf     []Move
	path    []int32
	keyed   []keyedMove
}

// mctsPlayers are the player counts whose Expert searches by Monte-Carlo:
// every game of more than two. At 1 s a move it beat Best-Reply Search with
// three and six players, and with four it reached the mark (twice a
// fair share of first places against e2d51ce) where Best-Reply Search has
// no run at that time.
func mctsPlayers(n int) bool { return n > 2 }

// useMCTS tells whether a request for p runs the Monte-Carlo search: with
// more than two players, for the Balanced style on a level without a depth
// cap (the depth-capped levels and depth requests keep Best-Reply Search,
// which a depth means something to), or always with the MonteCarlo style.
func useMCTS(p *Position, level core.Level, req core.AIRequest) bool {
	if p.n <= 2 {
		return false
	}
	switch {
	case isStyle(req.Style, "MonteCarlo"):
		return true
	case req.Style != "" && !isStyle(req.Style, "Balanced"):
		return false
	}
	return mctsPlayers(int(p.n)) && level.MaxDepth == 0 && req.Depth == 0
}

// expand lists the moves of node ni, whose position is p.
func (t *mctsTree) expand(p *Position, ni int32) {
	nd := &t.nodes[ni]
	nd.expanded = true
	if over, _ := p.Outcome(); over {
		return
	}
	moves := p.genMoves(nil)
	pl := int(p.toMove)
	t.keyed = t.keyed[:0]
	for _, m := range moves {
		k := math.MinInt32 // the pass, alone
		if !m.IsPass() {
			k = p.raceOrder(pl, m)
		}
		t.keyed = append(t.keyed, keyedMove{k, m})
	}
	slices.SortStableFunc(t.keyed, func(a, b keyedMove) int { return b.key - a.key })
	for i := range t.keyed {
		moves[i] = t.keyed[i].m
	}
	nd.cands = moves
}

type keyedMove struct {
	key int
	m   Move
}

// reward scores every player still racing in p, in 0..1: its race
// standing and centre term (evalMulti without the hop look-ahead) through
// a logistic.
func (t *mctsTree) reward(p *Position, out *[MaxPlayers]float32) {
	*out = [MaxPlayers]float32{}
	if over, w := p.Outcome(); over {
		if w >= 0 {
			out[w] = 1
		}
		return
	}
	stats := p.racingStats()
	for i := 0; i < int(p.n); i++ {
		if stats.racing>>uint(i)&1 != 0 {
			out[i] = float32(1 / (1 + math.Exp(-float64(stats.standing(i)+stats.centreEdge(i))/mctsScale)))
		}
	}
}

// playout plays mctsRounds rounds from p, every player racing greedily,
// and scores the end.
func (t *mctsTree) playout(p *Position, out *[MaxPlayers]float32) {
	for k := mctsRounds * int(p.n); k > 0; k-- {
		if over, _ := p.Outcome(); over {
			break
		}
		t.buf = p.bestRaceMoves(t.buf[:0], int(p.toMove), 3)
		m := PassMove
		if len(t.buf) > 0 {
			m = t.buf[0]
			if len(t.buf) > 1 && t.rng.Float64() < mctsRandom {
				m = t.buf[t.rng.IntN(len(t.buf))]
			}
		}
		p.Play(m)
		t.plies++
	}
	t.reward(p, out)
}

// iterate runs one walk from the root, one expansion and one playout.
func (t *mctsTree) iterate(root *Position) {
	p := *root
	t.path = append(t.path[:0], 0)
	ni := int32(0)
	for {
		if !t.nodes[ni].expanded {
			t.expand(&p, ni)
		}
		nd := &t.nodes[ni]
		if len(nd.cands) == 0 {
			break // the search's game is over here
		}
		allowed := min(1+int(math.Sqrt(float64(nd.visits))), len(nd.cands))
		if len(nd.children) < allowed && len(t.nodes) < mctsMaxNodes {
			m := nd.cands[len(nd.children)]
			ci := int32(len(t.nodes))
			nd.children = append(nd.children, ci)
			t.nodes = append(t.nodes, mctsNode{move: m})
			p.Play(m)
			t.plies++
			t.path = append(t.path, ci)
			break
		}
		if len(nd.children) == 0 {
			break // the tree is full: a playout from here
		}
		mover := int(p.toMove)
		logN := math.Log(float64(nd.visits))
		best, bestV := nd.children[0], math.Inf(-1)
		for _, ci := range nd.children {
			c := &t.nodes[ci]
			v := float64(c.sum[mover])/float64(c.visits) + t.explore*math.Sqrt(logN/float64(c.visits))
			if v > bestV {
				best, bestV = ci, v
			}
		}
		p.Play(t.nodes[best].move)
		t.plies++
		t.path = append(t.path, best)
		ni = best
	}
	t.depth = max(t.depth, len(t.path)-1)
	var r [MaxPlayers]float32
	t.playout(&p, &r)
	for _, i := range t.path {
		nd := &t.nodes[i]
		nd.visits++
		for k := range r {
			nd.sum[k] += r[k]
		}
	}
}

// mostVisited is node ni's child with the most visits (the first expanded
// among equals), or -1.
func (t *mctsTree) mostVisited(ni int32) int32 {
	best, most := int32(-1), int32(0)
	for _, ci := range t.nodes[ni].children {
		if v := t.nodes[ci].visits; v > most {
			best, most = ci, v
		}
	}
	return best
}

// info reports the search so far: the most visited line, and the root
// player's mean reward on it in evaluation units.
func (t *mctsTree) info(me int, start time.Time) core.SearchInfo {
	info := core.SearchInfo{Depth: t.depth, Nodes: t.plies, Elapsed: time.Since(start)}
	for ni := t.mostVisited(0); ni >= 0; ni = t.mostVisited(ni) {
		nd := &t.nodes[ni]
		if len(info.PV) == 0 {
			mean := min(max(float64(nd.sum[me])/float64(nd.visits), 1e-6), 1-1e-6)
			info.Score = int(math.Round(mctsScale * math.Log(mean/(1-mean))))
		}
		if nd.visits < 8 && len(info.PV) > 0 {
			break
		}
		info.PV = append(info.PV, nd.move.String())
	}
	return info
}

// mctsPliesPerDepth is a depth request's budget a ply of depth: 20,000
// plies take about 15 ms on this machine, so a level's depth cap (1–4)
// stays within its clock.
const mctsPliesPerDepth = 20_000

// monteCarloMove runs the search for the player to move of p, which has a
// move other than the pass. A node- or depth-limited request without a
// clock gives the same move for the same seed every time (one thread, a
// seeded generator, nothing kept between searches).
func monteCarloMove(ctx context.Context, p Position, level core.Level, req core.AIRequest) (core.AIResult, error) {
	_, info := searchMCTS(ctx, p, level, req)
	return core.AIResult{Move: info.PV[0], Info: info}, nil
}

// searchMCTS runs the search and returns its tree and final report.
func searchMCTS(ctx context.Context, p Position, level core.Level, req core.AIRequest) (*mctsTree, core.SearchInfo) {
	start := time.Now()
	p.SetSearchRoot()
	budget := level.Budget
	switch {
	case req.Infinite:
		budget = 0
	case req.MoveTime > 0:
		budget = req.MoveTime
	case req.Nodes > 0:
		budget = 0
	case req.Depth > 0:
		// A depth means nothing to this search; a depth request (the
		// command line's, a test's; the app sends none) gets a fixed
		// number of plies a depth instead of the level's clock, so it
		// gives the same move for the same seed however busy the machine.
		budget = 0
		req.Nodes = int64(req.Depth) * mctsPliesPerDepth
	}
	var deadline time.Time
	if budget > 0 {
		deadline = start.Add(budget * 95 / 100) // time to answer within the budget
	}
	t := &mctsTree{
		nodes:   make([]mctsNode, 1, 1<<12),
		rng:     rand.New(rand.NewPCG(uint64(req.Seed), 0x9e3779b97f4a7c15)),
		explore: mctsExplore(int(p.n)),
	}
	me := int(p.toMove)
	nextInfo := 1024
	for it := 1; ; it++ {
		t.iterate(&p)
		if req.Nodes > 0 && t.plies >= req.Nodes {
			break
		}
		if it&31 == 0 {
			if ctx.Err() != nil || (!deadline.IsZero() && time.Now().After(deadline)) {
				break
			}
		}
		if it == nextInfo && req.Info != nil {
			req.Info(t.info(me, start))
			nextInfo *= 2
		}
	}
	info := t.info(me, start)
	if req.Info != nil {
		req.Info(info)
	}
	return t, info
}
