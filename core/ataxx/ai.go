package ataxx

import (
	"context"
	"fmt"
	"sync/atomic"
	"time"

	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/search"
)

// Levels are the AI levels, weakest first. The weak levels are capped in
// depth and blur their evaluation with noise (in hundredths of a piece),
// so they miss what a deeper look would see, but never so much that they
// throw away a big capture: Beginner at depth 1 still takes the move that
// gains most, give or take a piece and a half. Strong is capped too: with
// the selective search, half of Expert's time alone left it nearly
// Expert's equal, and each level must beat the one below by 75%
// (docs/benchmarks-ataxx.md).
var Levels = []core.Level{
	{Name: core.Beginner, Budget: 200 * time.Millisecond, MaxDepth: 1, Noise: 150},
	{Name: core.Novice, Budget: 200 * time.Millisecond, MaxDepth: 2, Noise: 80},
	{Name: core.Average, Budget: 250 * time.Millisecond, MaxDepth: 4, Noise: 30},
	{Name: core.Strong, Budget: 500 * time.Millisecond, MaxDepth: 7},
	{Name: core.Expert, Budget: time.Second},
}

// Styles are the AI styles. The first, the default, plays with the learned
// evaluation (the hidden-layer net of its rule set where one is embedded,
// else the n-tuple net); the others with weight sets of the hand-written
// one: "classic" its tuned weights, "aggressive" and "defensive" variations
// of them. Where a hidden-layer net is embedded, StyleLinear (the n-tuple
// net) follows them (nn.go).
var Styles = []string{"balanced", "aggressive", "defensive", "classic"}

// StyleLinear plays with the n-tuple net (NetSearchConfig): the learned
// evaluation of the default style before the hidden-layer nets, a fifth of
// their cost.
const StyleLinear = "linear"

// StyleWeights returns the hand-written evaluation's weights of a style
// ("" = balanced; balanced plays with the learned evaluation, and with
// these weights on boards with gaps, which the nets were not trained on).
func StyleWeights(style string) (Weights, error) {
	w := DefaultWeights
	switch style {
	case "", "balanced", "classic", StyleLinear:
	case "aggressive":
		// Grab more now, worry less about what the opponent grabs back.
		w.Threat += 15
		w.Exposure -= 10
		w.Mobility += 2
	case "defensive":
		// Close holes and keep pieces safe first.
		w.Exposure += 15
		w.Safe += 6
		w.Hole += 10
	default:
		return w, fmt.Errorf("unknown style %q (one of %v)", style, Styles)
	}
	return w, nil
}

// Searcher is the shared alpha-beta search over Ataxx positions.
type Searcher = search.Searcher[Position, Move, *Position]

// NewSearcher returns a search over Ataxx positions with evaluation
// weights w and a transposition table of about ttMB megabytes.
func NewSearcher(w Weights, ttMB int) *Searcher {
	return search.New[Position, Move, *Position](SearchConfig(w), ttMB)
}

// SearchConfig is the configuration of the shared search for Ataxx with
// evaluation weights w.
func SearchConfig(w Weights) search.Config[Position, Move] {
	return searchConfig(func(p *Position) int { return evaluate(p, &w) })
}

// NetSearchConfig is the configuration of the shared search for Ataxx with
// the learned evaluation n for every rule set (nil: the embedded net of
// the position's rules); boards with gaps, which the nets were not trained
// on, and rule sets without a net take the hand-written evaluation with
// weights w.
func NetSearchConfig(n *Net, w Weights) search.Config[Position, Move] {
	return searchConfig(func(p *Position) int {
		net := n
		if net == nil {
			net = nets[p.rules]
		}
		if p.gaps != 0 || net == nil {
			return evaluate(p, &w)
		}
		return net.Evaluate(p)
	})
}

// NNSearchConfig is the configuration of the shared search for Ataxx with
// the hidden-layer net n for every rule set (nil: the embedded net of the
// position's rules, and where there is none the n-tuple net as
// NetSearchConfig(nil, w)); boards with gaps, which the nets were not
// trained on, take the hand-written evaluation with weights w.
func NNSearchConfig(n *NN, w Weights) search.Config[Position, Move] {
	if n == nil && nnNets == [numRules]*NN{} {
		return NetSearchConfig(nil, w)
	}
	cfg := searchConfig(func(p *Position) int {
		if p.gaps != 0 {
			return evaluate(p, &w)
		}
		if n != nil {
			return n.Evaluate(p)
		}
		if nn := nnNets[p.rules]; nn != nil {
			return nn.Evaluate(p)
		}
		if net := nets[p.rules]; net != nil {
			return net.Evaluate(p)
		}
		return evaluate(p, &w)
	})
	cfg.EvalCache = nnEvalCache
	return cfg
}

// nnEvalCache is the evaluation cache of the hidden-layer net's search:
// 4,096 scores (64 KB) spare 15–21% of its evaluations and give 5–21%
// more nodes a second (64 to 256 units); bigger tables spare a few more
// and cost their misses (docs/benchmarks-ataxx.md).
const nnEvalCache = 1 << 12

// searchConfig is the configuration of the shared search for Ataxx with
// the evaluation eval (for the side to move).
func searchConfig(eval func(p *Position) int) search.Config[Position, Move] {
	cfg := search.Config[Position, Move]{
		Players: 2,
		Eval: func(p *Position, pov int) int {
			v := eval(p)
			if pov != int(p.turn) {
				v = -v
			}
			return v
		},
		// Iterative deepening and transpositions (clones commute) reach
		// a position's leaf again: 4,096 scores kept (64 KB, beside the
		// net's weights in the cache; 65,536 evicted them and ran 9%
		// slower) give 4% more nodes a second, the same tree.
		EvalCache: 1 << 12,
		Order:     orderMoves,
		MoveKey:   func(m Move) int { return m.key() },
		MoveKeys:  moveKeys,
		// Nearly every Ataxx move converts something, so "quiet" cannot
		// mean "no capture" as in chess: any move may be reduced or pruned
		// once it is late in the order, which puts the big gains first.
		// Measured in self-play at 40 ms a move: reverse futility pruning
		// alone scores 65% against none; adding late move pruning and
		// depth-grown reductions on all late moves 64% against that
		// (reductions only for moves that convert nothing: 55%).
		ReduceAll: true,
		// Aspiration windows (Pruning.AspirationFrom and on): at 50,000
		// nodes a move, 100 games each against the same build without
		// them, internal iterative reduction +89 Elo [+22, +163], with
		// aspiration windows of half a piece +156 [+88, +236]
		// (docs/benchmarks.md); now Zataxx's, a tenth of a piece.
		Aspiration: 10,
		// Below the root, a jump that converts nothing is not searched
		// once two moves have been (Zataxx's late move pruning).
		Weak: weakMove,
		// Nor are they generated, scored and sorted unless needed (staged
		// generation): at 100 ms a move 50.0% over 400 games against
		// generating all (+0 Elo [-34, +34]), one ply deeper in the
		// crowded middle game (docs/benchmarks-ataxx.md).
		Candidates: func(p *Position, dst []Move) []Move { return p.Candidates(dst) },
		// The table's move is played before the moves are generated: at
		// 100 ms a move 55.75% over 200 games against generating first,
		// +40 Elo [-7, +89] (docs/benchmarks-ataxx.md).
		Playable: playable,
		// Null-move pruning is off (Pruning.NullMoveDepth 0): at 100 ms a
		// move, from depth 3 with a reduction of 3 while at most 54% of the
		// board is taken (Autaxx's rule), it scored 48.0% over 200 games
		// against none, -14 Elo [-62, +34]. The hook stays for experiments
		// (the engine's Search option: null-depth, null-reduction).
		Null: nullMove(0.54),
		Prune: search.Pruning{
			// Zataxx's search, its margins in our units: a logistic unit
			// of the result is 250 of ours and 400 of Zataxx's, so its
			// margins times 0.625. Reverse futility at 0.31 of a piece a
			// ply to depth 6; futility pruning of the late moves where
			// the evaluation is a piece + half a piece a ply below alpha;
			// late move reductions of 1.3 + ln(depth)·ln(move)/2.5 plies
			// (Zataxx's 0.8 + 0.4·ln·ln, rounded) from the third move, in
			// PV nodes one less, for a good gravity history one less and
			// for a bad one more; no count-based late move pruning;
			// singular extensions from depth 6; internal iterative
			// reduction from depth 3; killers left out of the order;
			// aspiration windows of 0.1 piece from depth 7, 1.5 times
			// wider on each fail, a ply shallower after a fail high.
			// Judged on 2,846 positions of our games against Zataxx (its
			// net in our search, 150,000 nodes a move; Zataxx judging at
			// 1,000,000), these together lose 5.9 ± 2.1 less a move than
			// the search before them, nearly all of the 6.4 that Zataxx's
			// own search loses less; no one of them alone more than 2.6.
			// At 100 ms a move against Zataxx, over the same 200 games'
			// openings: with its net 50.2% (38.0% before), with ours
			// 26.8% (22.0%); against the search before it, both with our
			// net, 66.2% over 200 games, +117 Elo [+69, +170]
			// (docs/benchmarks-ataxx.md, "Zataxx's search in ours").
			FutilityMargin: 31,
			FutilityDepth:  6,
			// At depth 1 reverse futility before the table: seven in ten
			// depth-1 nodes end there, and the probe was a cache miss. At
			// 100 ms a move 57.0% over 400 games against the table first,
			// +49 Elo [+15, +84]; 15-20% less time to depth 11 in the
			// crowded middle games (docs/benchmarks-ataxx.md).
			FutilityFirstDepth: 1,
			MoveFutility:       100,
			MoveFutilityPerPly: 50,
			MoveFutilityDepth:  6,
			WeakFrom:           2,
			ReductionDivisor:   2.5,
			ReductionBase:      1.3,
			ReductionFrom:      2,
			ReducePV:           true,
			IIRDepth:           3,
			SingularDepth:      6,
			SingularMargin:     1,
			HistoryGravity:     true,
			HistoryReduction:   12288,
			NoKillers:          true,
			AspirationFrom:     7,
			AspirationGrowth:   1.5,
			AspirationShrink:   true,
			// Against Zataxx at 10 s + 0.1 s, 200 games on openings where
			// this scored 50.5%: its history kept whole between moves with
			// its root's late moves reduced (history-keep=1,lmr-root=1)
			// 47.8%, its singular extensions only outside PV nodes
			// (singular-nonpv=1) 45.5%; neither kept.
			//
			// The game solved exactly from this many empty squares on
			// (endgame.go; docs/benchmarks-ataxx.md).
			ExactLimit: endgameEmpties,
			ExactNodes: endgameNodes,
		},
		Exact: newSearchEndgame,
	}
	return cfg
}

// orderMoves scores moves for the search's ordering as Zataxx does: the
// pieces a move converts, and two more for a clone, so a clone comes
// before a jump that converts up to two more. The gravity history breaks
// the ties (it stays below one unit, 1<<16).
func orderMoves(p *Position, moves []Move, scores []int32) {
	them := p.pieces[p.turn^1]
	for i, m := range moves {
		if m == Pass {
			continue
		}
		gain := popcount(neighbours[m.To()] & them)
		if m.IsClone() {
			gain += 2
		}
		scores[i] = int32(gain) << 16
	}
}

// nullMove passes the turn for the search's null-move pruning while at
// most maxFill of the board's squares are taken: moving is then almost
// always better than passing (a clone gains a piece), while a nearly full
// board has zugzwangs. It stays away from the game-length limit, where a
// pass brings the end nearer.
func nullMove(maxFill float64) func(p *Position) bool {
	return func(p *Position) bool {
		squares := Squares - popcount(p.gaps)
		taken := popcount(p.pieces[Black] | p.pieces[White])
		nearEnd := p.half >= HalfMoveLimit-20
		if p.rules == SeedRules {
			nearEnd = p.full >= TurnLimit-10
		}
		if nearEnd || float64(taken) > maxFill*float64(squares) {
			return false
		}
		p.Play(Pass)
		return true
	}
}

// playable tells whether m, a move from the search's table, is legal in
// p (a game that is not over): a clone or jump to an empty square from a
// piece of the side to move. A pass is left to move generation.
func playable(p *Position, m Move) bool {
	if m == Pass {
		return false
	}
	to := m.To()
	if p.Empty()&(1<<uint(to)) == 0 {
		return false
	}
	us := p.pieces[p.turn]
	if m.IsClone() {
		return neighbours[to]&us != 0
	}
	from := m.From()
	return us&(1<<uint(from)) != 0 && jumpMasks[p.rules][from]&(1<<uint(to)) != 0
}

// weakMove tells the jumps that convert nothing: a jump gives up a square
// for nothing a clone would not also do, so they are almost never best.
// Zataxx prunes them everywhere, and so do we with its search. Our search
// before it searched them all from 20 empty squares on, which against
// Zataxx scored better there (docs/benchmarks-ataxx.md, "The fill's tempo
// jumps"); judged move by move it lost 1.1 ± 1.8 more a move than
// pruning them ("Zataxx's search in ours").
func weakMove(p *Position, m Move) bool {
	return m.IsJump() && neighbours[m.To()]&p.pieces[p.turn^1] == 0
}

// searchers is the pool of the shared AI driver: one configuration per
// style (the position carries its rules).
var searchers search.Pool[Position, Move, *Position]

// styleSpec names the search configuration of a style for the pool.
func styleSpec(style string) (search.Spec[Position, Move], error) {
	w, err := StyleWeights(style)
	if err != nil {
		return search.Spec[Position, Move]{}, err
	}
	config := func() search.Config[Position, Move] { return SearchConfig(w) }
	switch style {
	case Styles[0]:
		config = func() search.Config[Position, Move] { return NNSearchConfig(nil, w) }
	case StyleLinear:
		config = func() search.Config[Position, Move] { return NetSearchConfig(nil, w) }
	}
	return search.Spec[Position, Move]{Key: style, Config: config}, nil
}

// loadedEval is a net read from a weights file at run time (LoadEval):
// what AIRequest.Eval carries to BestMove.
type loadedEval struct {
	id  uint64 // tells the pool's searchers of two loads apart
	nn  *NN
	net *Net
}

func (e *loadedEval) String() string {
	if e.nn != nil {
		return e.nn.String()
	}
	return "n-tuple net"
}

// evalLoads numbers the loads.
var evalLoads atomic.Uint64

// LoadEval reads a hidden-layer net's weights file (EncodeNN) or an
// n-tuple net's (EncodeNet) for AIRequest.Eval: the AI then evaluates with
// it under every style and rule set, boards with gaps as the style's
// hand-written weights do.
func (Game) LoadEval(data []byte) (core.Eval, error) {
	e := &loadedEval{id: evalLoads.Add(1)}
	var err error
	if len(data) >= 4 && string(data[:4]) == netMagic {
		e.net, err = DecodeNet(data)
	} else {
		e.nn, err = DecodeNN(data)
	}
	if err != nil {
		return nil, err
	}
	return e, nil
}

// evalSpec is the search configuration of style with a loaded evaluation.
func evalSpec(style string, eval core.Eval) (search.Spec[Position, Move], error) {
	e, ok := eval.(*loadedEval)
	if !ok {
		return search.Spec[Position, Move]{}, fmt.Errorf("ataxx: %v is not an Ataxx evaluation", eval)
	}
	w, err := StyleWeights(style)
	if err != nil {
		return search.Spec[Position, Move]{}, err
	}
	config := func() search.Config[Position, Move] { return NNSearchConfig(e.nn, w) }
	if e.net != nil {
		config = func() search.Config[Position, Move] { return NetSearchConfig(e.net, w) }
	}
	return search.Spec[Position, Move]{Key: fmt.Sprintf("%s|eval %d", style, e.id), Config: config}, nil
}

// BestMove runs the AI on p for req (level, style, budget, depth, nodes,
// infinite, info, seed) through the shared driver (search.Pool says when
// a table is reused). ctx cancelled returns the best move found so far.
func BestMove(ctx context.Context, p Position, req core.AIRequest) (Move, core.AIResult, error) {
	if over, _ := p.Outcome(); over {
		return NoMove, core.AIResult{}, core.ErrGameOver
	}
	level, err := core.LevelFor(Levels, req.Level)
	if err != nil {
		return NoMove, core.AIResult{}, err
	}
	style := req.Style
	if style == "" {
		style = Styles[0]
	}
	if level.Noise > 0 && style == Styles[0] && nnNets[p.rules] != nil {
		// The levels that blur their evaluation were set with the n-tuple
		// net's scores (Noise is in hundredths of a piece). The hidden-layer
		// net's are on a logistic scale that squeezes big leads (a 21-to-3
		// board: 177 against 1,039), so the same noise drowned them: Beginner
		// scored 32% against a greedy player, 73% with the n-tuple net
		// (docs/benchmarks-ataxx.md). They keep the n-tuple net.
		style = StyleLinear
	}
	spec, err := styleSpec(style)
	if req.Eval != nil {
		spec, err = evalSpec(style, req.Eval)
	}
	if err != nil {
		return NoMove, core.AIResult{}, err
	}
	res, err := searchers.BestMove(ctx, spec, p, level, req, Move.String)
	if err != nil {
		return NoMove, core.AIResult{}, err
	}
	m, err := ParseMove(res.Move)
	if err != nil {
		return NoMove, res, err
	}
	return m, res, nil
}
