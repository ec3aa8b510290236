package chinesecheckers

import (
	"context"
	"fmt"
	"time"

	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/search"
)

// Classic is the level that plays seed 003's rule-based AI.
const Classic = "Classic"

// levels are the AI levels, weakest first (as core.Game wants: the last is
// the strongest). The noise is in evaluation units (a tenth of a hole of
// race distance): Beginner's ±8 holes drown most of what a one-ply look
// sees, Novice's ±2.5 holes blur it. Classic, seed 003's rule-based AI,
// sits where the matches put it: Beginner scores 20% against it, Novice 80%
// (docs/benchmarks-chinesecheckers.md).
var levels = []core.Level{
	{Name: core.Beginner, Budget: 200 * time.Millisecond, MaxDepth: 1, Noise: 80},
	{Name: Classic, Budget: 0, MaxDepth: 0},
	{Name: core.Novice, Budget: 300 * time.Millisecond, MaxDepth: 2, Noise: 25},
	{Name: core.Average, Budget: 500 * time.Millisecond, MaxDepth: 3},
	{Name: core.Strong, Budget: 500 * time.Millisecond, MaxDepth: 4},
	{Name: core.Expert, Budget: time.Second}, // the phone budget of every game
}

// raceWidth is the widest beam of the race planner per level: the weak
// levels plan their endgame less well, but every level finishes. The
// depth-capped levels plan without a clock (see raceMove), so their
// widths also bound their time: about 0.1 s for Strong's 1,024 on a
// ten-move race.
func raceWidth(level string) int {
	switch level {
	case core.Beginner, core.Novice:
		return 32
	case core.Average:
		return 256
	case core.Strong:
		return 1024
	}
	return 4096
}

// raceMove plans the race of the player to move. A reproducible request
// (search.Reproducible: the depth-capped levels, depth and node limits)
// gets the same move whatever ran before and however fast the machine is:
// every beam up to the level's width, from scratch, without the clock.
// A timed request follows the cached plan of its earlier moves and widens
// the beam within half its budget.
func raceMove(ctx context.Context, p *Position, level core.Level, req core.AIRequest, budget time.Duration) (Move, int, bool) {
	width := raceWidth(level.Name)
	if search.Reproducible(level, req) {
		plan, _ := planRaceFrom(ctx, p, min(32, width), width, 0, true)
		if len(plan) == 0 {
			return Move{}, 0, false
		}
		return plan[0], len(plan), true
	}
	if !req.Infinite && budget > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, budget/2)
		defer cancel()
	}
	return raceMoveWidth(ctx, p, width)
}

// searchers is the pool of the shared AI driver for two-player and
// paranoid searches; brsSearchers (brs.go) is Best-Reply Search's.
var searchers search.Pool[Position, Move, *Position]

// spec names the search configuration of a player count and style: every
// count above two uses the same paranoid configuration.
func spec(players int, st style) search.Spec[Position, Move] {
	if players > 2 {
		players = 3
	}
	return search.Spec[Position, Move]{
		Key:    fmt.Sprintf("%dp/%d", players, st),
		Config: func() search.Config[Position, Move] { return searchConfig(players, st) },
	}
}

func searchConfig(players int, st style) search.Config[Position, Move] {
	cfg := search.Config[Position, Move]{
		Players: players,
		Eval:    func(p *Position, pov int) int { return eval(p, pov, st) },
		Order:   orderMoves,
		MoveKey: func(m Move) int {
			if m.IsPass() {
				return NumHoles * NumHoles
			}
			return int(m.From)*NumHoles + int(m.To)
		},
		MoveKeys: NumHoles*NumHoles + 1,
		// Moves that lose ground are searched a ply shallower first.
		Reduce:   func(p *Position, m Move) bool { return p.moveGain(m) < 0 },
		Repeated: (*Position).Repeated,
	}
	if players == 2 {
		// Two players also prune: a move that gains no ground (sideways
		// too) is reduced, and near the leaves only the first 6 + depth²
		// moves are searched besides those that gain (late move pruning;
		// with the race-gain ordering the others are steps back or
		// aside): +160 Elo. Reductions that grow with depth and move
		// number (÷2) gained +60 more, and reverse futility (a node at
		// depth 1 or 2 whose evaluation beats beta by 5 holes a ply
		// returns it) +56 on top: 200 games each at 20,000 nodes a move
		// (docs/benchmarks-chinesecheckers.md). Best-Reply Search has its
		// own (brs.go).
		cfg.Reduce = func(p *Position, m Move) bool { return p.moveGain(m) <= 0 }
		cfg.Prune = search.Pruning{LateMoves: 6, LateMoveDepth: 3, ReductionDivisor: 2, FutilityMargin: 50, FutilityDepth: 2}
	}
	return cfg
}

// progressAxis[a][h] grows as h goes from arm a towards the opposite arm.
var progressAxis [6][NumHoles]int8

// centreOffset[a][h] is how far hole h lies off the axis from arm a's tip
// to the opposite tip, in half columns (a hole's neighbours in the next
// row lie one half column to either side), and 0 inside arm a and its
// opposite: the evaluation's centre term is for the way between them.
var centreOffset [6][NumHoles]int8

func init() {
	abs := func(x int8) int8 { return max(x, -x) }
	for h := 0; h < NumHoles; h++ {
		q, r, s := holeQ[h], holeR[h], holeS[h]
		progressAxis[S][h], progressAxis[N][h] = r, -r
		progressAxis[SW][h], progressAxis[NE][h] = -s, s
		progressAxis[NW][h], progressAxis[SE][h] = q, -q
		centreOffset[S][h], centreOffset[N][h] = abs(q-s), abs(q-s)
		centreOffset[SW][h], centreOffset[NE][h] = abs(q-r), abs(q-r)
		centreOffset[NW][h], centreOffset[SE][h] = abs(r-s), abs(r-s)
		for a := range centreOffset {
			if armOf[h] == int8(a) || armOf[h] == int8(Arm(a).Opposite()) {
				centreOffset[a][h] = 0
			}
		}
	}
}

// racing tells whether the player to move no longer interacts with anybody
// still in the game, so its best play is the solitaire race to its target.
// Two players: every piece of the mover is past every piece of the other
// on the mover's axis (they can only meet again by going backwards). More
// players: all the mover's pieces are near its target and no piece of a
// player still racing is within two holes of them.
func (p *Position) racing() bool {
	pl := int(p.toMove)
	ax := &progressAxis[p.seats[pl]]
	if p.n == 2 {
		op := 1 - pl
		if p.finished != 0 || p.seats[op] != p.seats[pl].Opposite() {
			return false
		}
		minMine := int8(127)
		for _, h := range p.pieces[pl] {
			minMine = min(minMine, ax[h])
		}
		for _, h := range p.pieces[op] {
			if ax[h] >= minMine {
				return false
			}
		}
		return true
	}
	t := &tipDist[p.seats[pl].Opposite()]
	for _, h := range p.pieces[pl] {
		if t[h] > 5 {
			return false
		}
	}
	for i := 0; i < int(p.n); i++ {
		if i == pl || p.finished>>uint(i)&1 != 0 {
			continue
		}
		for _, a := range p.pieces[i] {
			for _, b := range p.pieces[pl] {
				if hexDist(int(a), int8(b)) <= 2 {
					return false
				}
			}
		}
	}
	return true
}

// BestMove runs the AI for the player to move of p.
func BestMove(ctx context.Context, p Position, req core.AIRequest) (core.AIResult, error) {
	if p.over {
		return core.AIResult{}, core.ErrGameOver
	}
	level, err := core.LevelFor(levels, req.Level)
	if err != nil {
		return core.AIResult{}, err
	}
	st, err := parseStyle(req.Style)
	if err != nil {
		return core.AIResult{}, err
	}
	start := time.Now()
	if level.Name == Classic {
		m := ClassicMove(&p)
		return core.AIResult{Move: m.String(), Info: core.SearchInfo{Depth: 1, Elapsed: time.Since(start)}}, nil
	}
	moves := p.LegalMoves()
	if len(moves) == 1 {
		return core.AIResult{Move: moves[0].String(), Info: core.SearchInfo{Elapsed: time.Since(start), PV: []string{moves[0].String()}}}, nil
	}
	budget := level.Budget
	if req.MoveTime > 0 {
		budget = req.MoveTime
	}
	if p.racing() {
		if m, n, ok := raceMove(ctx, &p, level, req, budget); ok {
			return core.AIResult{Move: m.String(), Info: core.SearchInfo{Depth: n, Elapsed: time.Since(start), PV: []string{m.String()}}}, nil
		}
	}
	if useMCTS(&p, level, req) {
		return monteCarloMove(ctx, p, level, req)
	}
	if p.n > 2 && useBestReply(req.Style) {
		return bestReplyMove(ctx, p, level, req, st)
	}
	p.SetSearchRoot()
	return searchers.BestMove(ctx, spec(int(p.n), st), p, level, req, Move.String)
}
