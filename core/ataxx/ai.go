package ataxx

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/search"
)

// Levels are the AI levels, weakest first. The weak levels are capped in
// depth and blur their evaluation with noise (in hundredths of a piece),
// so they miss what a deeper look would see, but never so much that they
// throw away a big capture: Beginner at depth 1 still takes the move that
// gains most, give or take a piece and a half.
var Levels = []core.Level{
	{Name: core.Beginner, Budget: 200 * time.Millisecond, MaxDepth: 1, Noise: 150},
	{Name: core.Novice, Budget: 200 * time.Millisecond, MaxDepth: 2, Noise: 80},
	{Name: core.Average, Budget: 250 * time.Millisecond, MaxDepth: 4, Noise: 30},
	{Name: core.Strong, Budget: 500 * time.Millisecond},
	{Name: core.Expert, Budget: time.Second},
}

// Styles are the AI styles: weight sets of the evaluation. The first is
// the default.
var Styles = []string{"balanced", "aggressive", "defensive"}

// StyleWeights returns the evaluation weights of a style ("" = balanced).
func StyleWeights(style string) (Weights, error) {
	w := DefaultWeights
	switch style {
	case "", "balanced":
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
	return search.Config[Position, Move]{
		Players: 2,
		Eval: func(p *Position, pov int) int {
			v := evaluate(p, &w)
			if pov != int(p.turn) {
				v = -v
			}
			return v
		},
		Order:    orderMoves,
		MoveKey:  func(m Move) int { return m.key() },
		MoveKeys: moveKeys,
		// Nearly every Ataxx move converts something, so "quiet" cannot
		// mean "no capture" as in chess: any move may be reduced or pruned
		// once it is late in the order, which puts the big gains first.
		// Measured in self-play at 40 ms a move: reverse futility pruning
		// alone scores 65% against none; adding late move pruning and
		// depth-grown reductions on all late moves 64% against that
		// (reductions only for moves that convert nothing: 55%).
		Reduce: func(*Position, Move) bool { return true },
		Prune: search.Pruning{
			FutilityMargin:   100,
			FutilityDepth:    3,
			LateMoves:        6,
			LateMoveDepth:    3,
			ReductionDivisor: 2,
		},
	}
}

// orderMoves scores moves for the search's ordering: the material a move
// gains (conversions count double, a clone adds one), so at equal
// conversions a clone comes before a jump; a jump also pays for the own
// pieces it leaves next to the hole at its origin.
func orderMoves(p *Position, moves []Move, scores []int32) {
	us, them := p.pieces[p.turn], p.pieces[p.turn^1]
	for i, m := range moves {
		if m == Pass {
			continue
		}
		to := m.To()
		gain := 2 * popcount(neighbours[to]&them)
		if m.IsClone() {
			gain++
		} else {
			gain = 2*gain - popcount(neighbours[m.From()]&us&^(1<<uint(to)))
			gain = gain / 2
		}
		scores[i] = int32(gain) << 16
	}
}

// searchers keeps idle searchers per style and table size, so a game's
// moves reuse the transposition table and history of the previous move.
var searchers struct {
	sync.Mutex
	idle map[searcherKey][]*Searcher
}

type searcherKey struct {
	style string
	mb    int
}

func takeSearcher(style string, mb int) (*Searcher, error) {
	k := searcherKey{style, mb}
	searchers.Lock()
	if n := len(searchers.idle[k]); n > 0 {
		s := searchers.idle[k][n-1]
		searchers.idle[k] = searchers.idle[k][:n-1]
		searchers.Unlock()
		return s, nil
	}
	searchers.Unlock()
	w, err := StyleWeights(style)
	if err != nil {
		return nil, err
	}
	return NewSearcher(w, mb), nil
}

func putSearcher(style string, mb int, s *Searcher) {
	k := searcherKey{style, mb}
	searchers.Lock()
	defer searchers.Unlock()
	if searchers.idle == nil {
		searchers.idle = map[searcherKey][]*Searcher{}
	}
	if len(searchers.idle[k]) < 2 {
		searchers.idle[k] = append(searchers.idle[k], s)
	}
}

// defaultHashMB is the table size when the request names none: small
// enough for a phone.
const defaultHashMB = 16

// BestMove runs the AI on p for req (level, style, budget, depth, nodes,
// infinite, info, seed) through the shared search. ctx cancelled returns
// the best move found so far. A request with a depth or node limit (its
// own or its level's) and no time limit starts from an empty table, so the same seed and position give
// the same move every time; timed searches keep the table of the previous
// move, which is worth more than reproducibility that time limits break
// anyway.
func BestMove(ctx context.Context, p Position, req core.AIRequest) (Move, core.AIResult, error) {
	if over, _ := p.Outcome(); over {
		return NoMove, core.AIResult{}, core.ErrGameOver
	}
	level := Levels[len(Levels)-1]
	if req.Level != "" {
		l, err := core.FindLevel(Levels, req.Level)
		if err != nil {
			return NoMove, core.AIResult{}, err
		}
		level = l
	}
	style := req.Style
	if style == "" {
		style = Styles[0]
	}
	mb := req.HashMB
	if mb <= 0 {
		mb = defaultHashMB
	}
	s, err := takeSearcher(style, mb)
	if err != nil {
		return NoMove, core.AIResult{}, err
	}
	defer putSearcher(style, mb, s)
	if req.MoveTime <= 0 && !req.Infinite && (req.Depth > 0 || req.Nodes > 0 || level.MaxDepth > 0) {
		s.Clear()
	}
	res, ok := search.Run(ctx, s, p, level, req, Move.String)
	if !ok {
		return NoMove, core.AIResult{}, errors.New("no legal move")
	}
	m, err := ParseMove(res.Move)
	if err != nil {
		return NoMove, res, err
	}
	return m, res, nil
}
