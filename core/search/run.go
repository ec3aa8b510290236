package search

import (
	"context"
	"time"

	"github.com/jumpers-game/jumpers/core"
)

// Run answers a core.AIRequest with searcher s: the level gives the budget,
// the depth cap and the noise, the request may override them. Games call it
// from their core.Game.BestMove. format writes a move in notation.
func Run[P any, M comparable, PP interface {
	*P
	State[M]
}](ctx context.Context, s *Searcher[P, M, PP], root P, level core.Level, req core.AIRequest, format func(M) string) (core.AIResult, bool) {
	lim := Limits[M]{Depth: level.MaxDepth, Noise: level.Noise, Seed: req.Seed, Nodes: req.Nodes}
	if req.Depth > 0 {
		lim.Depth = req.Depth
	}
	budget := level.Budget
	if req.MoveTime > 0 {
		budget = req.MoveTime
	}
	if req.Infinite {
		lim.Depth, budget = 0, 0
	} else if req.Depth > 0 && req.MoveTime == 0 {
		budget = 0 // "go depth N" searches to depth N whatever it costs
	}
	if req.Nodes > 0 && req.MoveTime == 0 && req.Depth == 0 {
		budget, lim.Depth = 0, 0
	}
	if budget > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, budget)
		defer cancel()
	}
	toInfo := func(depth, score int, nodes int64, pv []M, elapsed time.Duration) core.SearchInfo {
		text := make([]string, len(pv))
		for i, m := range pv {
			text[i] = format(m)
		}
		return core.SearchInfo{Depth: depth, Score: score, Mate: MateIn(score), Nodes: nodes, Elapsed: elapsed, PV: text}
	}
	if req.Info != nil {
		lim.Info = func(i Info[M]) { req.Info(toInfo(i.Depth, i.Score, i.Nodes, i.PV, i.Elapsed)) }
	}
	res := s.Search(ctx, root, lim)
	if !res.OK {
		return core.AIResult{}, false
	}
	return core.AIResult{Move: format(res.Move), Info: toInfo(res.Depth, res.Score, res.Nodes, res.PV, res.Elapsed)}, true
}
