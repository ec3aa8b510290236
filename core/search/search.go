// Package search is the one game-independent search of Jumpers: iterative
// deepening alpha-beta (negamax with principal variation search) over any
// game whose position implements State, with a bounded transposition table,
// move ordering (TT move, the game's own ordering hook, killers and history),
// a wall-clock deadline through context, a node limit, an external stop that
// returns the best move found so far, per-iteration info, and reproducible
// randomness from a seed (root tie-breaks and the weak levels' noise), and
// a parallel search on one lock-free shared table when Limits.Threads > 1
// (parallel.go).
//
// It is generic over the concrete position type P (a small value, copied
// for every ply: copy-make keeps undo free and lets the caller keep its own
// copy while the search runs) and the move type M. Two-player games use
// plain negamax; games of more than two players use the paranoid reduction:
// the root player against a coalition of all others, which keeps alpha-beta
// pruning intact (best-reply search can be added beside it).
package search

import (
	"context"
	"math"
	"math/rand/v2"
	"sync/atomic"
	"time"

	"github.com/jumpers-game/jumpers/core"
)

// Win is the score of a won position at the root; a win in n plies scores
// Win-n, so the search prefers the fastest win and the slowest loss.
// Evaluations must stay well inside ±MaxEval.
const (
	Win     = 1_000_000
	MaxEval = Win / 2
	// MaxPly bounds the search depth (and so the mate distance).
	MaxPly = 128
)

// State is what the search needs of a position. Play must be defined on
// the pointer (the search copies the value and plays on the copy).
type State[M comparable] interface {
	// ToMove is the index of the player to move.
	ToMove() int
	// Moves appends the legal moves to dst and returns it. It returns no
	// moves exactly when the game is over (a forced pass is a move).
	Moves(dst []M) []M
	// Play plays m, which Moves returned, on the position.
	Play(m M)
	// Hash is the Zobrist hash of the position (side to move included).
	Hash() uint64
	// Outcome tells whether the game is over and who won (-1 for a draw).
	Outcome() (over bool, winner int)
}

// Searcher keeps the transposition table, killers and history between
// searches. It is not safe for concurrent use: give each AI goroutine its
// own, or guard it. Its helper threads (Limits.Threads) are its own: each
// keeps its killers and history and shares the table.
type Searcher[P any, M comparable, PP interface {
	*P
	State[M]
}] struct {
	cfg     Config[P, M]
	tt      *table[M]
	stack   [MaxPly + 2]P
	moveBuf [MaxPly + 2][]M
	scores  [MaxPly + 2][]int32
	killers [MaxPly + 2][2]M
	hasKill [MaxPly + 2][2]bool
	history []int32
	pvTable [MaxPly + 2][MaxPly + 2]M
	pvLen   [MaxPly + 2]int
	// nextMove's sort buffers
	sortKeys  []uint64
	sortMoves []M

	// per search
	nodes     int64
	maxNodes  int64
	deadline  time.Time
	ctx       context.Context
	stopped   bool
	firstDone bool // an iteration completed: the clock may stop the search
	stop      atomic.Bool
	noise     int
	noiseSeed uint64
	rootTeam  int
	root      int
	players   int

	// helpers are the other threads of a parallel search, kept between
	// searches; each shares tt.
	helpers []*Searcher[P, M, PP]
	active  int // helpers running in the current search
	// helper is set on a helper thread: it publishes its node count in
	// published as it goes, for the main thread's Info.
	helper    bool
	published atomic.Int64
	// shared is what the threads of a parallel search tell each other: the
	// deepest iteration a helper completed.
	shared *smpShared[M]
	// iterDepth is the depth of the main thread's current iteration;
	// overtaken says it was interrupted because a helper completed it.
	iterDepth int
	overtaken bool
	// excluded[ply] is the move a singular-extension search leaves out
	// at ply (when hasExcluded[ply]).
	excluded    [MaxPly + 2]M
	hasExcluded [MaxPly + 2]bool
	// tried holds, per ply, the moves searched so far (HistoryMalus).
	tried [MaxPly + 2][]M
	// deferred holds, per ply, the moves a parallel search put off.
	deferred [MaxPly + 2][]int
	// evalCache holds evaluations by position (Config.EvalCache).
	evalCache []evalEntry
	// nullAt[ply] says stack[ply] was reached by a null move: no second
	// one follows it.
	nullAt [MaxPly + 2]bool
	// lmrTable holds the grown late move reductions (nil: one ply).
	lmrTable *[MaxPly + 1][lmrMoves]uint8
	// fault is a panic a test injected into this thread (InjectPanic).
	fault *fault
	// exact is this thread's exact solver (Config.Exact), made when first
	// asked; exactStop tells it when the search must stop.
	exact     ExactSolver[P]
	exactStop func() bool
	// exactFailed holds the keys of positions the solver gave up on in
	// this search (a direct-mapped set): a node the search visits again
	// does not pay for the same failure twice.
	exactFailed []uint64
}

// New makes a searcher with a transposition table of about ttMB megabytes.
func New[P any, M comparable, PP interface {
	*P
	State[M]
}](cfg Config[P, M], ttMB int) *Searcher[P, M, PP] {
	if cfg.Players == 0 {
		cfg.Players = 2
	}
	s := &Searcher[P, M, PP]{cfg: cfg, tt: newTable(ttMB, codeFor[M]()), lmrTable: lmrTable(cfg.Prune)}
	if cfg.MoveKey != nil && cfg.MoveKeys > 0 {
		keys := cfg.MoveKeys
		if cfg.Prune.HistoryGravity {
			keys *= cfg.Players
		}
		s.history = make([]int32, keys)
	}
	return s
}

// Stop asks the running search to return at once with the best move so
// far; called between searches, it stops the next one as soon as it has a
// move, so a Stop that races with the start of a search is never lost. It
// is safe to call from another goroutine.
func (s *Searcher[P, M, PP]) Stop() { s.stop.Store(true) }

// Clear forgets everything learnt (a new game). It costs the same for any
// table size: the table only moves to a new generation.
func (s *Searcher[P, M, PP]) Clear() {
	s.tt.newSearch(true)
	s.forgetOrdering()
}

func (s *Searcher[P, M, PP]) forgetOrdering() {
	clear(s.history)
	s.hasKill = [MaxPly + 2][2]bool{}
}

// team maps a player to its side in the search: in the paranoid search the
// root player is alone against everybody else.
func (s *Searcher[P, M, PP]) team(player int) int {
	if s.players <= 2 {
		return player
	}
	if player == s.root {
		return 0
	}
	return 1
}

// Search runs iterative deepening from root until lim or ctx ends it.
// Cancelling ctx (or calling Stop) returns the best move of the deepest
// completed iteration, or of the current one if it already found a better
// move at the root.
func (s *Searcher[P, M, PP]) Search(ctx context.Context, root P, lim Limits[M]) Result[M] {
	start := time.Now()
	// The stop flag is consumed here, at the end, not cleared at the start:
	// a Stop that came before this search began still stops it.
	defer s.stop.Store(false)
	s.tt.newSearch(lim.Fresh)
	s.begin(ctx, root, lim)
	rootPos := PP(&s.stack[0])

	maxDepth := lim.Depth
	if maxDepth <= 0 || maxDepth > MaxPly {
		maxDepth = MaxPly
	}

	rootMoves := rootPos.Moves(nil)
	res := Result[M]{}
	if len(rootMoves) == 0 {
		res.Elapsed = time.Since(start)
		return res
	}
	// Seeded shuffle: equal moves are then chosen at random but reproducibly.
	rng := rand.New(rand.NewPCG(uint64(lim.Seed), 0x5eed))
	rng.Shuffle(len(rootMoves), func(i, j int) { rootMoves[i], rootMoves[j] = rootMoves[j], rootMoves[i] })
	res.Move, res.OK = rootMoves[0], true
	if len(rootMoves) == 1 && lim.Depth == 0 && lim.Nodes == 0 {
		// A forced move needs no thought; still give it a score.
		maxDepth = 1
	}
	rootScores := make([]int, len(rootMoves))
	var joinHelpers func() (int64, *ThreadPanic)
	if lim.Threads > 1 && maxDepth > 1 {
		joinHelpers = s.startHelpers(ctx, root, lim, rootMoves, maxDepth)
	}
	s.fault = faultFor(ctx, 0)
	mainFailed := s.deepenMain(&res, lim, rootMoves, rootScores, maxDepth, start)
	res.Nodes = s.nodes
	failed := mainFailed
	if joinHelpers != nil {
		nodes, helperFailed := joinHelpers()
		res.Nodes += nodes
		failed = firstFailure([]*ThreadPanic{mainFailed, helperFailed})
		if mainFailed != nil {
			s.takeDeepest(&res)
		}
	}
	if failed != nil {
		res.Err = failed
		s.shared = nil // nor the marks a failed thread left in the busy table
	}
	res.Elapsed = time.Since(start)
	return res
}

// deepenMain is the main thread's iterative deepening; res holds the result
// so far. A panic is recovered and returned: res then holds the main
// thread's last completed iteration (or none: OK is false).
func (s *Searcher[P, M, PP]) deepenMain(res *Result[M], lim Limits[M], rootMoves []M, rootScores []int, maxDepth int, start time.Time) (failed *ThreadPanic) {
	defer func() {
		if failed = recovered(0, recover()); failed != nil && res.Depth == 0 {
			res.OK = false
		}
	}()
	if s.fault != nil {
		s.checkFault()
	}
	var lastIter, prevIter time.Duration
	var settle settling[M]
	var unstable instability[M]
	for depth := 1; depth <= maxDepth; depth++ {
		iterStart := time.Now()
		s.iterDepth = depth
		score, best, done := s.iterate(rootMoves, rootScores, depth, res.Score)
		overtaken := s.overtaken
		s.overtaken = false
		if done {
			res.Move, res.Score, res.Depth = rootMoves[best], score, depth
			res.PV = append(res.PV[:0], s.pvTable[0][:s.pvLen[0]]...)
			// Keep the best move first for the next iteration; order the
			// rest by this iteration's scores.
			sortRoot(rootMoves, rootScores, best)
		}
		// A helper that completed a deeper iteration first: its result is
		// the deepest known, and the main thread goes on from there.
		adopted := s.adoptDeeper(res, rootMoves, rootScores)
		if !done && !adopted {
			// An interrupted iteration searched the previous best move
			// first. A move that then beat it with a full window is better
			// at this depth than the previous best (both were searched to
			// the same depth); anything less is not known to be.
			if best >= 0 {
				res.Move = rootMoves[best]
			}
			return nil
		}
		depth = res.Depth
		s.firstDone = true
		if done && s.active > 0 {
			// The helpers skip what the main thread completed.
			s.shared.publish(depth, res.Score, res.Move, res.PV)
		}
		if lim.Info != nil {
			lim.Info(Info[M]{Depth: res.Depth, Score: res.Score, Nodes: s.nodes + s.helperNodes(), Elapsed: time.Since(start), PV: append([]M(nil), res.PV...)})
		}
		if !done && !overtaken {
			return nil // stopped: the helper's deeper result was the last word
		}
		s.stopped = false
		if MateIn(res.Score) != 0 && depth >= Win-abs(res.Score) {
			// The result is a proven win or loss. A selective search may
			// have reduced a shorter one away at this depth (a deeper
			// iteration could find it); the move found wins all the same.
			return nil
		}
		if s.timeUp() {
			return nil
		}
		prevIter, lastIter = lastIter, time.Since(iterStart)
		next := time.Since(start) + nextIteration(lastIter, prevIter)
		if lim.Soft > 0 && next > lim.target(unstable.add(res.Move)) {
			return nil // the next iteration would not finish in time
		}
		if settle.add(res.Depth, res.Move, res.Score, lim.QuietSwing) && lim.Quiet > 0 && next > lim.Quiet {
			return nil // settled: a quiet move needs no more time
		}
	}
	return nil
}

// begin sets up a thread for a search of root under lim (the table's
// generation is the main thread's business).
func (s *Searcher[P, M, PP]) begin(ctx context.Context, root P, lim Limits[M]) {
	s.ctx = ctx
	s.stopped = false
	s.firstDone = false
	s.nodes = 0
	s.maxNodes = lim.Nodes
	s.deadline, _ = ctx.Deadline()
	s.noise = lim.Noise
	s.noiseSeed = core.Mix64(uint64(lim.Seed) ^ 0x9e3779b97f4a7c15)
	s.players = s.cfg.Players
	s.stack[0] = root
	s.root = PP(&s.stack[0]).ToMove()
	s.rootTeam = s.team(s.root)
	if lim.Fresh {
		s.forgetOrdering()
		if s.exact != nil {
			s.exact.Clear()
		}
	}
	clear(s.exactFailed)
	if !s.cfg.Prune.HistoryKeep {
		for i := range s.history {
			s.history[i] /= 8
		}
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// iterate searches the root to depth, inside an aspiration window around
// the previous iteration's score when the game asks for one, widening it
// on each side that fails. It returns the score, the index of the best
// move and whether it finished. When interrupted, best is a move proven
// better at this depth than the previous best (which is searched first),
// or -1.
func (s *Searcher[P, M, PP]) iterate(moves []M, scores []int, depth, prev int) (int, int, bool) {
	alpha, beta := -Win-1, Win+1
	delta := s.cfg.Aspiration
	pr := &s.cfg.Prune
	from := pr.AspirationFrom
	if from == 0 {
		from = 4
	}
	growth := pr.AspirationGrowth
	if growth <= 0 {
		growth = 2
	}
	if delta <= 0 || depth < from || MateIn(prev) != 0 {
		score, best, done := s.searchRoot(moves, scores, depth, alpha, beta)
		if !done && best == 0 {
			best = -1 // the previous best: nothing new
		}
		return score, best, done
	}
	alpha, beta = prev-delta, prev+delta
	proven := -1 // a move that failed high: better than the previous best
	// After a fail high the root is searched again a ply shallower
	// (AspirationShrink): the move that failed high is likely best, and
	// the next iteration searches it to full depth anyway.
	searchDepth := depth
	for {
		score, best, done := s.searchRoot(moves, scores, searchDepth, alpha, beta)
		if !done {
			if best > 0 {
				return score, best, false
			}
			return score, proven, false
		}
		switch {
		case score <= alpha:
			// Every move failed low: nothing is proven; look lower.
			if pr.AspirationShrink {
				beta = (alpha + beta) / 2
				searchDepth = depth
			}
			alpha = max(score-delta, -Win-1)
		case score >= beta:
			beta = min(score+delta, Win+1)
			if pr.AspirationShrink && searchDepth > 1 {
				searchDepth--
			}
			// Search the move that failed high first next time.
			moves[0], moves[best] = moves[best], moves[0]
			scores[0], scores[best] = scores[best], scores[0]
			if best > 0 {
				proven = 0
			}
		default:
			return score, best, true
		}
		delta = max(int(float64(delta)*growth), delta+1)
		if MateIn(score) != 0 {
			alpha, beta = -Win-1, Win+1
		}
	}
}

// searchRoot searches the root moves to depth inside (alpha, beta). It
// returns the best score, the index of the best move and false if the
// search was interrupted. It returns at once when a move reaches beta.
func (s *Searcher[P, M, PP]) searchRoot(moves []M, scores []int, depth, alpha, beta int) (int, int, bool) {
	origAlpha := alpha
	best := -1
	bestScore := -Win - 1
	rootPos := PP(&s.stack[0])
	for i, m := range moves {
		s.stack[1] = s.stack[0]
		child := PP(&s.stack[1])
		child.Play(m)
		s.nodes++
		same := s.team(child.ToMove()) == s.rootTeam
		var score int
		if i == 0 {
			score = s.child(same, depth-1, 1, alpha, beta)
		} else {
			// Null window first: prove the move is no better.
			reduction := 0
			if s.cfg.Prune.ReduceRoot && i >= s.reduceFrom() {
				reduction = s.lateReduction(rootPos, m, depth, i, true)
			}
			score = s.child(same, depth-1-reduction, 1, alpha, alpha+1)
			if reduction > 0 && score > alpha && !s.stopped {
				score = s.child(same, depth-1, 1, alpha, alpha+1)
			}
			if score > alpha && score < beta && !s.stopped {
				score = s.child(same, depth-1, 1, alpha, beta)
			}
		}
		if s.stopped {
			if bestScore <= origAlpha {
				// Only upper bounds so far (inside an aspiration window
				// that failed low): no move is known to be best.
				best = -1
			}
			return bestScore, best, false
		}
		scores[i] = score
		if score > bestScore {
			bestScore, best = score, i
			alpha = max(alpha, score)
			s.newPV(0, m)
		} else {
			scores[i] = min(score, alpha) // an upper bound only
		}
		if score >= beta {
			s.tt.store(rootPos.Hash()^s.teamKey(), m, true, score, depth, boundLower)
			return score, best, true
		}
	}
	if bestScore <= origAlpha {
		// Every move failed low: no best move is known.
		s.tt.store(rootPos.Hash()^s.teamKey(), moves[best], false, bestScore, depth, boundUpper)
	} else {
		s.tt.store(rootPos.Hash()^s.teamKey(), moves[best], true, bestScore, depth, boundExact)
	}
	return bestScore, best, true
}

// child searches stack[ply] and returns its score from the parent's point
// of view: negated when the child's mover is on the other side.
func (s *Searcher[P, M, PP]) child(sameTeam bool, depth, ply, alpha, beta int) int {
	if sameTeam {
		return s.negamax(depth, ply, alpha, beta)
	}
	return -s.negamax(depth, ply, -beta, -alpha)
}

// teamKey separates TT entries of paranoid searches for different root
// players: their scores mean different things.
func (s *Searcher[P, M, PP]) teamKey() uint64 {
	if s.players <= 2 {
		return 0
	}
	return core.Mix64(uint64(s.root) + 1)
}

// tick runs every 256 nodes: a helper publishes its node count; the main
// thread reads the clock once an iteration is complete.
func (s *Searcher[P, M, PP]) tick() bool {
	if s.fault != nil {
		s.checkFault()
	}
	if s.helper {
		s.published.Store(s.nodes)
	}
	if s.shared != nil && (s.helper || s.active > 0) && int(s.shared.deepest.Load()) >= s.iterDepth {
		// Another thread completed this iteration: take its result and
		// go deeper.
		s.overtaken = true
		return true
	}
	return !s.helper && s.firstDone && s.clockUp()
}

// negamax scores stack[ply] from the point of view of its side to move.
func (s *Searcher[P, M, PP]) negamax(depth, ply, alpha, beta int) int {
	s.pvLen[ply] = 0
	if s.stopNow() || s.nodes&255 == 0 && s.tick() {
		s.stopped = true
	}
	if s.stopped {
		return 0
	}
	pos := PP(&s.stack[ply])
	if over, winner := pos.Outcome(); over {
		return s.terminal(pos, winner, ply)
	}
	if ply > 0 && s.cfg.Repeated != nil && s.cfg.Repeated((*P)(pos)) {
		return 0
	}
	if ply >= MaxPly {
		return s.evaluate(pos)
	}
	// Mate distance pruning: no line from here beats a win at this ply.
	alpha = max(alpha, -Win+ply)
	beta = min(beta, Win-ply-1)
	if alpha >= beta {
		return alpha
	}

	if ply > 0 && s.cfg.Exact != nil && s.cfg.Prune.ExactLimit > 0 && s.noise == 0 && !s.hasExcluded[ply] {
		if score, ok := s.solveExact(pos, depth, alpha, beta); ok {
			return score
		}
		if s.stopped {
			return 0
		}
	}

	if depth <= 0 {
		// Leaves are most of the nodes and the table never stores them; a
		// probe here is a cache miss that costs more than most evaluations.
		if s.cfg.Tactical != nil && s.players <= 2 {
			return s.quiesce(ply, s.cfg.QuiescenceDepth, alpha, beta)
		}
		return s.evaluate(pos)
	}

	pvNode := beta-alpha > 1
	pr := &s.cfg.Prune
	// The static evaluation, once a pruning rule asks for it. Near the
	// leaves reverse futility comes before the table: most of those nodes
	// end there, and a probe is a cache miss that costs more than an
	// evaluation.
	static, haveStatic := 0, false
	if depth <= pr.FutilityFirstDepth && pr.FutilityMargin > 0 && !pvNode && depth <= pr.FutilityDepth && abs(beta) < Win-MaxPly {
		static, haveStatic = s.evaluate(pos), true
		if static-pr.FutilityMargin*depth >= beta {
			return static
		}
	}
	key := pos.Hash() ^ s.teamKey()
	var ttMove M
	hasTTMove := false
	// A search that leaves a move out (a singular extension's) neither
	// takes the table's word for the node nor leaves its own.
	excluding := s.hasExcluded[ply]
	e, ttHit := s.tt.probe(key)
	if ttHit {
		ttMove, hasTTMove = e.move, e.hasMove
		if e.depth >= depth && !excluding {
			score := fromTT(e.score, ply)
			switch e.bound {
			case boundExact:
				if beta-alpha == 1 {
					return score
				}
			case boundLower:
				if score >= beta {
					return score
				}
			case boundUpper:
				if score <= alpha {
					return score
				}
			}
		}
	}

	if pr.IIRDepth > 0 && depth >= pr.IIRDepth && !hasTTMove {
		depth--
	}
	if pr.FutilityMargin > 0 && !pvNode && depth <= pr.FutilityDepth && abs(beta) < Win-MaxPly {
		if !haveStatic {
			static, haveStatic = s.evaluate(pos), true
		}
		if static-pr.FutilityMargin*depth >= beta {
			return static
		}
	}

	if pr.NullMoveDepth > 0 && !pvNode && !excluding && depth >= pr.NullMoveDepth && !s.nullAt[ply] && s.players <= 2 &&
		s.cfg.Null != nil && abs(beta) < Win-MaxPly {
		if !haveStatic {
			static, haveStatic = s.evaluate(pos), true
		}
		if static >= beta {
			s.stack[ply+1] = s.stack[ply]
			child := PP(&s.stack[ply+1])
			if s.cfg.Null((*P)(child)) {
				s.nodes++
				s.nullAt[ply+1] = true
				score := s.child(s.team(child.ToMove()) == s.team(pos.ToMove()), depth-1-pr.NullMoveReduction, ply+1, beta-1, beta)
				s.nullAt[ply+1] = false
				if s.stopped {
					return 0
				}
				if score >= beta {
					// A proven win after a pass is not proven for a move.
					return min(score, Win-MaxPly-1)
				}
			}
		}
	}

	// Singular extension: is the table's move the only good one?
	ttExtension := 0
	// Extensions stop at twice the iteration's depth, so that chains of
	// them cannot run away.
	if pr.SingularDepth > 0 && depth >= pr.SingularDepth && ply > 0 && ply < 2*s.iterDepth && !excluding && hasTTMove &&
		(!pvNode || !pr.SingularNonPV) &&
		e.depth >= depth-3 && e.bound != boundUpper && abs(e.score) < Win-MaxPly && s.players <= 2 {
		ttScore := fromTT(e.score, ply)
		singularBeta := ttScore - pr.SingularMargin*depth
		s.excluded[ply], s.hasExcluded[ply] = ttMove, true
		score := s.negamax((depth-1)/2, ply, singularBeta-1, singularBeta)
		s.hasExcluded[ply] = false
		if s.stopped {
			return 0
		}
		switch {
		case score < singularBeta:
			ttExtension = 1
		case singularBeta >= beta:
			return singularBeta
		case ttScore >= beta:
			ttExtension = -1
		}
	}

	origAlpha := alpha
	bestScore := -Win - 1
	var bestMove M
	// The table's move first, before the others are generated.
	ttFirst := hasTTMove && !excluding && s.cfg.Playable != nil && s.cfg.Playable((*P)(pos), ttMove)
	if ttFirst {
		s.stack[ply+1] = s.stack[ply]
		child := PP(&s.stack[ply+1])
		child.Play(ttMove)
		s.nodes++
		score := s.child(s.team(child.ToMove()) == s.team(pos.ToMove()), depth-1+ttExtension, ply+1, alpha, beta)
		if s.stopped {
			return 0
		}
		bestScore, bestMove = score, ttMove
		if score > alpha {
			alpha = score
			s.newPV(ply, ttMove)
		}
		if alpha >= beta {
			s.rememberCutoff(ply, ttMove, depth)
			s.tt.store(key, ttMove, true, toTT(bestScore, ply), depth, boundLower)
			return bestScore
		}
	}

	weakFrom := 0
	if ply > 0 && s.cfg.Weak != nil {
		weakFrom = pr.WeakFrom
	}
	// Staged generation: the moves that are not weak first (the table's
	// move among them, where it was played above), the weak ones later
	// if they may be needed.
	staged := false
	moves := s.moveBuf[ply][:0]
	if weakFrom > 0 && s.cfg.Candidates != nil && s.cfg.Playable != nil {
		if ttFirst && s.cfg.Weak((*P)(pos), ttMove) {
			moves = append(moves, ttMove)
		}
		moves = s.cfg.Candidates((*P)(pos), moves)
		staged = len(moves) > 0
	}
	if !staged {
		moves = pos.Moves(moves)
	}
	s.moveBuf[ply] = moves
	if len(moves) == 0 {
		// Moves and Outcome disagree; treat as a draw rather than crash.
		return 0
	}
	s.orderMoves(pos, ply, moves, 0, ttMove, hasTTMove)

	lateMoves := math.MaxInt
	if pr.LateMoves > 0 && !pvNode && depth <= pr.LateMoveDepth && (s.cfg.Reduce != nil || s.cfg.ReduceAll) {
		lateMoves = pr.LateMoves + depth*depth
	}
	reduceFrom := s.reduceFrom()
	futile := false
	if pr.MoveFutility > 0 && !pvNode && depth <= pr.MoveFutilityDepth && abs(alpha) < Win-MaxPly {
		if !haveStatic {
			static = s.evaluate(pos)
		}
		futile = static+pr.MoveFutility+pr.MoveFutilityPerPly*depth <= alpha
	}
	// A parallel search defers the moves another thread is searching
	// (below): they come after the others, when the table likely knows
	// them. One thread has none.
	deferring := s.shared != nil && (s.helper || s.active > 0) && depth >= deferDepth
	deferred := s.deferred[ply][:0]
	tried := s.tried[ply][:0]
	lowers := pr.HistoryMalus || pr.HistoryGravity
	for k := 0; ; k++ {
		if k == lateMoves && k < len(moves) && s.cfg.ReduceAll && bestScore > -Win+MaxPly {
			k = len(moves) // the rest are pruned
		}
		if staged && k == len(moves) {
			staged = false
			if len(moves) < weakFrom || bestScore <= -Win+MaxPly {
				moves = s.addWeakMoves(pos, ply, moves, ttMove, ttFirst)
			}
		}
		i := k
		switch {
		case k < len(moves):
			s.nextMove(ply, moves, i, lateMoves)
		case k-len(moves) < len(deferred):
			i = deferred[k-len(moves)]
		default:
			i = -1
		}
		if i < 0 {
			break
		}
		m := moves[i]
		if excluding && m == s.excluded[ply] {
			continue
		}
		if ttFirst && i == 0 && m == ttMove {
			if lowers {
				tried = append(tried, m)
				s.tried[ply] = tried
			}
			continue // searched above
		}
		if i >= lateMoves && bestScore > -Win+MaxPly && s.reducible(pos, m) {
			continue
		}
		if futile && i >= 3 && bestScore > -Win+MaxPly {
			break
		}
		if weakFrom > 0 && i >= weakFrom && bestScore > -Win+MaxPly && !(hasTTMove && m == ttMove) && s.cfg.Weak(pos, m) {
			continue
		}
		s.stack[ply+1] = s.stack[ply]
		child := PP(&s.stack[ply+1])
		child.Play(m)
		var busyKey uint64
		if deferring && i > 0 {
			busyKey = child.Hash()
			if k < len(moves) && s.shared.busy.has(busyKey) {
				deferred = append(deferred, i)
				s.deferred[ply] = deferred
				continue
			}
			s.shared.busy.mark(busyKey)
		}
		s.nodes++
		same := s.team(child.ToMove()) == s.team(pos.ToMove())
		var score int
		if i == 0 {
			ext := 0
			if hasTTMove && m == ttMove {
				ext = ttExtension
			}
			score = s.child(same, depth-1+ext, ply+1, alpha, beta)
		} else {
			reduction := 0
			if i >= reduceFrom && (!pvNode || pr.ReducePV) {
				reduction = s.lateReduction(pos, m, depth, i, pvNode)
				if reduction > 0 {
					reduction = max(min(reduction-s.historyReduction(ply, m), depth-2), 0)
				}
			}
			score = s.child(same, depth-1-reduction, ply+1, alpha, alpha+1)
			if reduction > 0 && score > alpha && !s.stopped {
				score = s.child(same, depth-1, ply+1, alpha, alpha+1)
			}
			if score > alpha && score < beta && !s.stopped {
				score = s.child(same, depth-1, ply+1, alpha, beta)
			}
		}
		if busyKey != 0 {
			s.shared.busy.unmark(busyKey)
		}
		if s.stopped {
			return 0
		}
		if score > bestScore {
			bestScore, bestMove = score, m
			if score > alpha {
				alpha = score
				s.newPV(ply, m)
			}
		}
		if alpha >= beta {
			s.rememberCutoff(ply, m, depth)
			if lowers {
				s.lowerHistory(ply, depth, tried)
			}
			break
		}
		if lowers {
			tried = append(tried, m)
			s.tried[ply] = tried
		}
	}
	bound := boundExact
	switch {
	case bestScore <= origAlpha:
		bound = boundUpper
	case bestScore >= beta:
		bound = boundLower
	}
	if excluding {
		return bestScore
	}
	// A node where every move failed low has no best move: the highest
	// upper bound says nothing about which move is best.
	s.tt.store(key, bestMove, bound != boundUpper, toTT(bestScore, ply), depth, bound)
	return bestScore
}

// newPV makes m, then the line below it, the principal variation at ply.
func (s *Searcher[P, M, PP]) newPV(ply int, m M) {
	s.pvTable[ply][0] = m
	copy(s.pvTable[ply][1:], s.pvTable[ply+1][:s.pvLen[ply+1]])
	s.pvLen[ply] = s.pvLen[ply+1] + 1
}

// quiesce scores a leaf: the side to move either stands pat on the static
// score or plays one of its tactical moves, and so on for up to qdepth
// plies, so that a leaf in the middle of an exchange is scored once the
// exchange is over.
func (s *Searcher[P, M, PP]) quiesce(ply, qdepth, alpha, beta int) int {
	s.pvLen[ply] = 0
	pos := PP(&s.stack[ply])
	best, moves, listed := s.standPat(pos, ply)
	if best >= beta || qdepth <= 0 || ply >= MaxPly-1 {
		return best
	}
	alpha = max(alpha, best)
	if !listed {
		moves = s.cfg.Tactical((*P)(pos), s.moveBuf[ply][:0])
		s.moveBuf[ply] = moves
	}
	for _, m := range moves {
		s.stack[ply+1] = s.stack[ply]
		child := PP(&s.stack[ply+1])
		child.Play(m)
		s.nodes++
		if s.stopNow() || s.nodes&255 == 0 && s.tick() {
			s.stopped = true
		}
		if s.stopped {
			return 0
		}
		var score int
		if over, winner := child.Outcome(); over {
			score = s.terminal(child, winner, ply+1)
			if s.team(child.ToMove()) != s.team(pos.ToMove()) {
				score = -score
			}
		} else if s.team(child.ToMove()) == s.team(pos.ToMove()) {
			score = s.quiesce(ply+1, qdepth-1, alpha, beta)
		} else {
			score = -s.quiesce(ply+1, qdepth-1, -beta, -alpha)
		}
		if s.stopped {
			return 0
		}
		if score > best {
			best = score
			if score > alpha {
				alpha = score
				if alpha >= beta {
					break
				}
			}
		}
	}
	return best
}

// defaultExactNodes caps one exact solve when Pruning.ExactNodes is 0;
// exactFailedSize is the size of a thread's set of failed solves.
const (
	defaultExactNodes = 200_000
	exactFailedSize   = 1 << 10
)

// solveExact asks the game's exact solver for stack position pos within
// (alpha, beta): the score and true when it solved it. Its nodes count as
// the search's, and it stops with the search (a Stop, the node limit, the
// clock).
func (s *Searcher[P, M, PP]) solveExact(pos PP, depth, alpha, beta int) (int, bool) {
	key := pos.Hash()
	if s.exact != nil && s.exactFailed[key&(exactFailedSize-1)] == key {
		return 0, false
	}
	if s.exact == nil {
		s.exact = s.cfg.Exact()
		s.exactFailed = make([]uint64, exactFailedSize)
		s.exactStop = func() bool {
			if s.stopNow() || s.tick() {
				s.stopped = true
			}
			return s.stopped
		}
	}
	maxNodes := int64(s.cfg.Prune.ExactNodes)
	if maxNodes <= 0 {
		maxNodes = defaultExactNodes
	}
	if s.maxNodes > 0 {
		maxNodes = min(maxNodes, s.maxNodes-s.nodes)
		if maxNodes <= 0 {
			return 0, false
		}
	}
	score, nodes, ok := s.exact.Solve((*P)(pos), s.cfg.Prune.ExactLimit, depth, alpha, beta, maxNodes, s.exactStop)
	s.nodes += nodes
	if !ok && nodes > 0 && !s.stopped {
		s.exactFailed[key&(exactFailedSize-1)] = key
	}
	return score, ok && !s.stopped
}
