package search

import (
	"context"
	"time"

	"github.com/jumpers-game/jumpers/core"
)

// DefaultHashMB is the table size of a request that names none: small
// enough for a phone. MaxHashMB bounds what a request may ask for, so a
// typo cannot allocate the machine away; a table's memory is only touched
// as the search fills it (it is never cleared in one go), and the
// process's memory budget (budget.go) bounds all tables together.
const (
	DefaultHashMB = 16
	MaxHashMB     = 4096
)

// maxIdle is how many idle searchers a pool keeps per configuration: the
// app may run a hint beside the computer's own search. The process's
// memory budget (budget.go) bounds them all together.
const maxIdle = 2

// Pool is the one AI driver of every game: it keeps idle searchers per
// search configuration and answers core.AIRequests with them.
//
// When a table is reused: a searcher's table, killers and history carry
// over from one request to the next only when both are timed searches
// without noise (the strong levels, movetime, clock or infinite searches)
// of the same configuration: there they are worth a ply, and a time limit
// makes the result vary anyway. Every other request starts from a
// forgotten table (Limits.Fresh, which costs nothing): a depth- or
// node-limited request, and any request with noise, which must also never
// leave its noisy scores to the next search. So the same position, level,
// style and seed give the same move whatever ran before, in the same
// process or a new one (for every request whose result the clock does not
// decide).
//
// Idle searchers and provers are kept in the process's one memory budget
// (SetMemoryBudget), which frees the least recently used when their
// tables together would exceed it, and all of them on ReleaseIdle. A
// request's tables are sized to fit the budget (fitTables).
//
// The zero Pool is ready to use and safe for concurrent use; each request
// takes its own searcher.
type Pool[P any, M comparable, PP interface {
	*P
	State[M]
}] struct {
	// A byte gives each pool an address of its own: the budget tells the
	// pools' idle searchers apart by it (distinct zero-size variables may
	// share one).
	_ byte
}

type pooled[P any, M comparable, PP interface {
	*P
	State[M]
}] struct {
	s *Searcher[P, M, PP]
	// reusable: the table holds only what noise-free searches of this
	// configuration wrote.
	reusable bool
}

// Spec names and builds a search configuration. Key must name everything
// that changes the configuration's results: game, rules, player count,
// style, weights.
type Spec[P any, M comparable] struct {
	Key    string
	Config func() Config[P, M]
	// Proof, if set, turns on the endgame solver of a two-player game: a
	// request without noise first spends ProofShare(root) of its budget
	// (or of its nodes; 0 = none, nil = a quarter everywhere) on proving
	// a forced win (Prover) and plays the fastest one it proves;
	// otherwise the search runs as usual with what is left. A request
	// limited to a depth does not prove.
	Proof      *ProofConfig[P, M]
	ProofShare func(p *P) float64
	// QuietShare > 0 lets a search at a level's own budget stop at this
	// share of it once its answer has settled (Limits.Quiet), within
	// QuietSwing; the budget stays the ceiling for the others.
	QuietShare float64
	QuietSwing int
	// HashMB > 0 sizes the table of a request that names no size
	// (DefaultHashMB otherwise): a small board's search fits a table that
	// stays in the processor's caches, and a larger one only costs misses.
	HashMB int
}

// proofPlies bounds the prover's wins, in plies; proverMB sizes its table
// (less when the memory budget is smaller than twice that).
const (
	proofPlies = 31
	proverMB   = 8
)

// fitTables sizes a request's tables, in bytes, within the budget limit:
// the transposition table of about mb megabytes and, if proof, the proof
// table of proverMB, which takes at most half the budget; the
// transposition table halves until both fit. Within the app's budget
// every default size stays as it is.
func fitTables(limit int64, mb int, proof bool) (tt, pr int64) {
	tt = tableBytes(mb)
	if proof {
		pr = proofBytes(min(int64(proverMB)<<20, limit/2))
	}
	for tt+pr > limit && tt > minTableBytes {
		tt /= 2
	}
	return tt, pr
}

// minTableBytes is the smallest table fitTables makes.
const minTableBytes = 64 << 10

func (p *Pool[P, M, PP]) take(spec Spec[P, M], bytes int64) *pooled[P, M, PP] {
	if v, ok := tables.take(p, spec.Key, bytes); ok {
		return v.(*pooled[P, M, PP])
	}
	tables.reserve(bytes)
	s := New[P, M, PP](spec.Config(), 1)
	s.resizeTable(bytes)
	return &pooled[P, M, PP]{s: s}
}

func (p *Pool[P, M, PP]) put(key string, ps *pooled[P, M, PP]) {
	bytes := ps.s.tt.mem.bytes()
	tables.put(&idleItem{owner: p, group: key, size: bytes, bytes: bytes, value: ps, free: ps.s.tt.release}, bytes, maxIdle)
}

// discard frees a searcher that must not go back to the pool (a search
// that panicked: its state is unknown) and stops accounting its table.
func (p *Pool[P, M, PP]) discard(ps *pooled[P, M, PP]) {
	tables.drop(ps.s.tt.mem.bytes())
	ps.s.tt.release()
}

// takeProver and putProver are take and put for provers.
func (p *Pool[P, M, PP]) takeProver(spec Spec[P, M], bytes int64) (pr *Prover[P, M, PP], fresh bool) {
	if v, ok := tables.take(p, "proof|"+spec.Key, bytes); ok {
		return v.(*Prover[P, M, PP]), false
	}
	tables.reserve(bytes)
	return newProver[P, M, PP](*spec.Proof, bytes), true
}

func (p *Pool[P, M, PP]) putProver(spec Spec[P, M], pr *Prover[P, M, PP]) {
	bytes := pr.mem.bytes()
	tables.put(&idleItem{owner: p, group: "proof|" + spec.Key, size: bytes, bytes: bytes, value: pr, free: pr.release}, bytes, maxIdle)
}

// Limits turns a level and a request into search limits and a time budget
// (0 = none): the request overrides the level's budget, depth cap and
// node count; "go depth N" and "go nodes N" search until they are done. A
// level's own budget is a soft target too (no iteration starts that
// cannot finish); an explicit move time is used to the end.
func requestLimits[M comparable](level core.Level, req core.AIRequest) (Limits[M], time.Duration) {
	lim := Limits[M]{Depth: level.MaxDepth, Noise: level.Noise, Seed: req.Seed, Nodes: req.Nodes}
	if req.Depth > 0 {
		lim.Depth = req.Depth
	}
	budget := level.Budget
	switch {
	case req.Infinite:
		lim.Depth, budget = 0, 0
	case req.MoveTime > 0:
		budget = req.MoveTime
		if req.SoftTime > 0 && req.SoftTime < req.MoveTime {
			lim.Soft, lim.Stretch = req.SoftTime, req.MoveTime
		}
	case req.Depth > 0:
		budget = 0
	case req.Nodes > 0:
		budget, lim.Depth = 0, 0
	default:
		lim.Soft = budget
	}
	return lim, budget
}

// reproducible tells whether a request's result must not depend on what
// ran before: no clock decides it, or it carries seeded noise.
func reproducible[M comparable](lim Limits[M], budget time.Duration, infinite bool) bool {
	if lim.Noise > 0 {
		return true
	}
	if infinite {
		return false
	}
	return budget == 0 || lim.Depth > 0
}

// Reproducible tells whether the pool answers req at level with a result
// that depends on nothing but the position, the level, the style and the
// seed (not on the clock or on earlier searches). A game's own planners
// (Chinese Checkers' race) follow the same rule.
func Reproducible(level core.Level, req core.AIRequest) bool {
	lim, budget := requestLimits[struct{}](level, req)
	return reproducible(lim, budget, req.Infinite)
}

// prove runs the endgame solver for a share of the request's budget or
// nodes (all of an infinite search's time until it is stopped would be
// wrong: it gets the share of a default budget). ok is true when it proved
// a win; the answer then reports it as a mate.
func (p *Pool[P, M, PP]) prove(ctx context.Context, spec Spec[P, M], root P, req core.AIRequest, proofBytes int64, budget time.Duration, share float64, fresh bool, format func(M) string, toInfo func(int, int, int64, []M, time.Duration) core.SearchInfo) (core.AIResult, bool) {
	share = min(share, 1)
	var nodes int64
	if req.Nodes > 0 {
		nodes = int64(float64(req.Nodes) * share)
	}
	if budget <= 0 && nodes == 0 {
		budget = time.Second
	}
	pctx := ctx
	if budget > 0 {
		var cancel context.CancelFunc
		pctx, cancel = context.WithTimeout(ctx, time.Duration(float64(budget)*share))
		defer cancel()
	}
	pr, made := p.takeProver(spec, proofBytes)
	if fresh && !made {
		// The search forgets its table here: the proof's answer must not
		// depend on earlier requests either.
		pr.Clear()
	}
	start := time.Now()
	res := pr.Prove(pctx, root, proofPlies, nodes)
	p.putProver(spec, pr)
	if !res.Won {
		return core.AIResult{}, false
	}
	info := toInfo(res.Plies, Win-res.Plies, res.Nodes, []M{res.Move}, time.Since(start))
	if req.Info != nil {
		req.Info(info)
	}
	return core.AIResult{Move: format(res.Move), Info: info}, true
}

// BestMove answers req on root at level with a searcher of spec's
// configuration, and what ctx asks of the search beside it (WithFresh,
// WithThreadStart, WithTuning, WithResident). ctx cancelled returns the
// best move found so far; a root without moves is core.ErrGameOver.
// format writes a move in notation.
func (p *Pool[P, M, PP]) BestMove(ctx context.Context, spec Spec[P, M], root P, level core.Level, req core.AIRequest, format func(M) string) (core.AIResult, error) {
	if t := tuningFrom(ctx); t.String() != "" {
		own := spec.Config
		spec.Key += "|search:" + t.String()
		spec.Config = func() Config[P, M] {
			cfg := own()
			ApplyTuning(t, &cfg)
			return cfg
		}
	}
	lim, budget := requestLimits[M](level, req)
	if lim.Soft > 0 && spec.QuietShare > 0 {
		lim.Quiet = time.Duration(float64(lim.Soft) * spec.QuietShare)
		lim.QuietSwing = spec.QuietSwing
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
	mb := req.HashMB
	if mb <= 0 {
		mb = spec.HashMB
	}
	if mb <= 0 {
		mb = DefaultHashMB
	}
	mb = min(mb, MaxHashMB)
	tt, proof := fitTables(MemoryBudget(), mb, spec.Proof != nil)
	ps := p.take(spec, tt)
	if residentFrom(ctx) {
		ps.s.tt.mem.makeResident()
	}
	repro := reproducible(lim, budget, req.Infinite)
	lim.Fresh = repro || !ps.reusable || freshFrom(ctx)
	if !repro {
		// More threads make the result depend on timing: only a search
		// whose result the clock decides anyway gets them.
		lim.Threads = min(req.Threads, maxThreads)
		lim.ThreadStart = threadStartFrom(ctx)
	}
	ps.reusable = lim.Noise == 0
	if spec.Proof != nil && lim.Noise == 0 && req.Depth == 0 {
		share := 0.25
		if spec.ProofShare != nil {
			share = spec.ProofShare(&root)
		}
		if share > 0 {
			if r, ok := p.prove(ctx, spec, root, req, proof, budget, share, lim.Fresh, format, toInfo); ok {
				p.put(spec.Key, ps)
				return r, nil
			}
		}
	}
	res := ps.s.Search(ctx, root, lim)
	if res.Err != nil {
		// A thread panicked: its searcher is dropped, never reused (and
		// its table no longer counted). The move of the threads that did
		// not fail is still the answer.
		p.discard(ps)
		if !res.OK {
			return core.AIResult{}, res.Err
		}
	} else {
		p.put(spec.Key, ps)
	}
	if !res.OK {
		return core.AIResult{}, core.ErrGameOver
	}
	return core.AIResult{Move: format(res.Move), Info: toInfo(res.Depth, res.Score, res.Nodes, res.PV, res.Elapsed), Failure: res.Err}, nil
}
