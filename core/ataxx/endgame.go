package ataxx

import (
	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/search"
)

// The endgame solver: an exact alpha-beta search of the rest of the game
// that ignores the evaluation, for positions with few empty squares (the
// fill, which decides Ataxx games: issue 52). Its value is the final
// margin, the side to move's pieces less the opponent's at the end of
// perfect play; every draw (equal pieces, or the standard rules'
// half-move draw) is 0, so the sign is the outcome.
//
// It is exact for the rules as they are, jumps and passes included. A
// clone fills a square, a jump or a pass moves the game-length counter on,
// so the game always ends; but jumps do not fill the board, and a line of
// them can run until the counter ends the game. So the solve is not
// bounded by the empty squares alone: its node cap (SetLimits) says when
// to give up, and the search then goes on as before. The counter is part
// of its table's key: two positions with the same board but different
// counters may differ in how the game ends.

// MaxMargin bounds the solver's values: no more pieces than squares.
const MaxMargin = Squares

// endgameEntry is what the solver's table knows of a position: bounds on
// its value (lo = -MaxMargin-1 and hi = MaxMargin+1 when unknown) and the
// move that proved the lower bound.
type endgameEntry struct {
	key    uint64
	lo, hi int8
	move   Move
}

// endgameMove is a generated move and its ordering score.
type endgameMove struct {
	m     Move
	score int32
}

// Endgame is an exact endgame solver with its own small transposition
// table, kept from one solve to the next (a bound it proved is a fact of
// the position). It is not safe for concurrent use: one per thread.
type Endgame struct {
	// Fill limits the solve to the fill (see FillMoves): exact for that
	// game, which ends in reach where the full game does not.
	Fill bool
	// Jumps bounds the fill's jumps in a line, both sides together
	// (a side with no other move still jumps); -1 = no bound.
	Jumps int

	table []endgameEntry
	mask  uint64
	bufs  [][]endgameMove

	nodes    int64
	maxNodes int64
	stop     func() bool
	aborted  bool
}

// endgameTableBits sizes the solver's table: 2^16 entries of 16 bytes
// (1 MB). A solve within the search's reach visits up to a few hundred
// thousand nodes, most of them in the last few plies, which it does not
// store.
const endgameTableBits = 16

// NewEndgame returns a solver with an empty table.
func NewEndgame() *Endgame {
	n := uint64(1) << endgameTableBits
	return &Endgame{table: make([]endgameEntry, n), mask: n - 1, Jumps: -1}
}

// SetLimits bounds the next solves: each gives up after maxNodes nodes
// (0 = no cap), or when stop (polled every 1024 nodes; nil = never) says
// so.
func (e *Endgame) SetLimits(maxNodes int64, stop func() bool) {
	e.maxNodes, e.stop = maxNodes, stop
}

// Clear forgets the table.
func (e *Endgame) Clear() { clear(e.table) }

// Nodes is the number of nodes of the last solve.
func (e *Endgame) Nodes() int64 { return e.nodes }

// Solve returns p's value for the side to move, its best move, and true,
// unless the limits ended the solve first (then false). The value is exact
// when it lies strictly inside (alpha, beta); otherwise it is a bound on
// the side it fell (fail-soft): alpha = -1, beta = 1 decides only win,
// draw or loss, and a null window (v-1, v) only whether the value reaches
// v. best is NoMove when the game is over, Pass when it must pass, and a
// move that reaches the value (or beta) otherwise; when the value is at
// most alpha every move does as badly, and best is the first one that
// proved it.
func (e *Endgame) Solve(p *Position, alpha, beta int) (value int, best Move, ok bool) {
	e.nodes = 0
	e.aborted = false
	alpha = max(alpha, -MaxMargin-1)
	beta = min(beta, MaxMargin+1)
	value, best = e.search(p, alpha, beta, 0, e.Jumps)
	return value, best, !e.aborted
}

// SolveExact returns p's exact value and best move (see Solve).
func (e *Endgame) SolveExact(p *Position) (value int, best Move, ok bool) {
	return e.Solve(p, -MaxMargin-1, MaxMargin+1)
}

// finalMargin is the value of a game that is over: the piece difference
// for the side to move, 0 for the standard rules' half-move draw.
// piecesDecide says whether a win by pieces ends it (a side has no pieces
// or no side can move), which takes priority over that draw.
func finalMargin(p *Position, piecesDecide bool) int {
	if !piecesDecide && p.rules == Standard {
		return 0
	}
	return popcount(p.pieces[p.turn]) - popcount(p.pieces[p.turn^1])
}

// endgameKey is p's key in the solver's table: the board, the side to
// move, the rule set and the game-length counter.
func endgameKey(p *Position) uint64 {
	k := p.key ^ core.Mix64(uint64(p.half)|uint64(p.full)<<8|uint64(p.rules)<<40)
	return k
}

// search is the solver's negamax over p at ply: the value for the side
// to move, fail-soft within (alpha, beta), and the move that gave it.
func (e *Endgame) search(p *Position, alpha, beta, ply, jumps int) (int, Move) {
	e.nodes++
	if e.maxNodes > 0 && e.nodes > e.maxNodes || e.nodes&1023 == 0 && e.stop != nil && e.stop() {
		e.aborted = true
	}
	if e.aborted {
		return 0, NoMove
	}
	us, them := p.pieces[p.turn], p.pieces[p.turn^1]
	if us == 0 || them == 0 {
		return finalMargin(p, true), NoMove
	}
	empty := p.Empty()
	ourReach := reach(us, p.rules) & empty
	if ourReach == 0 && reach(them, p.rules)&empty == 0 {
		return finalMargin(p, true), NoMove
	}
	if limitReached(p.half, p.full, p.rules) {
		return finalMargin(p, false), NoMove
	}
	if ourReach == 0 {
		q := *p
		q.Play(Pass)
		v, _ := e.search(&q, -beta, -alpha, ply+1, jumps)
		return -v, Pass
	}

	// The table, for positions worth a probe: the last two empty squares
	// cost less to search than to look up, unless jumps brought them
	// there (a line of jumps can go on for long, and meets itself).
	var slot *endgameEntry
	key := uint64(0)
	ttMove := NoMove
	if p.half > 0 || empty&(empty-1)&(empty&(empty-1)-1) != 0 {
		key = endgameKey(p) ^ uint64(jumps+1)*0x9e3779b97f4a7c15
		slot = &e.table[key&e.mask]
		if slot.key == key && ply > 0 {
			lo, hi := int(slot.lo), int(slot.hi)
			if lo >= beta || lo == hi {
				return lo, slot.move
			}
			if hi <= alpha {
				return hi, NoMove
			}
			alpha, beta = max(alpha, lo), min(beta, hi)
		}
		if slot.key == key {
			ttMove = slot.move
		}
	}

	moves := e.generate(p, ply, us, them, empty, ttMove, jumps)
	origAlpha := alpha
	best, bestMove := -MaxMargin-2, NoMove
	for i := range moves {
		// Selection sort: a cutoff usually comes from the first moves.
		k := i
		for j := i + 1; j < len(moves); j++ {
			if moves[j].score > moves[k].score {
				k = j
			}
		}
		moves[i], moves[k] = moves[k], moves[i]
		m := moves[i].m
		q := *p
		q.Play(m)
		left := jumps
		if m.IsJump() {
			left--
		}
		var v int
		if i == 0 {
			v, _ = e.search(&q, -beta, -alpha, ply+1, left)
			v = -v
		} else {
			// Null window first: prove the move is no better.
			v, _ = e.search(&q, -alpha-1, -alpha, ply+1, left)
			v = -v
			if v > alpha && v < beta && !e.aborted {
				v, _ = e.search(&q, -beta, -alpha, ply+1, left)
				v = -v
			}
		}
		if e.aborted {
			return 0, NoMove
		}
		if v > best {
			best, bestMove = v, m
			if v > alpha {
				alpha = v
				if alpha >= beta {
					break
				}
			}
		}
	}
	if slot != nil {
		lo, hi := -MaxMargin-1, MaxMargin+1
		if slot.key == key {
			lo, hi = int(slot.lo), int(slot.hi)
		}
		switch {
		case best <= origAlpha:
			hi = min(hi, best)
		case best >= beta:
			lo = max(lo, best)
		default:
			lo, hi = best, best
		}
		mv := bestMove
		if best <= origAlpha {
			mv = ttMove
		}
		*slot = endgameEntry{key: key, lo: int8(lo), hi: int8(hi), move: mv}
	}
	return best, bestMove
}

// generate lists the moves of p (which has one) with ordering scores: the
// table's move first, then by what a move gains (a conversion swings two
// pieces, a clone adds one), so at equal conversions a clone comes before
// a jump; a jump that leaves own pieces next to its hole pays for them.
func (e *Endgame) generate(p *Position, ply int, us, them, empty uint64, ttMove Move, jumps int) []endgameMove {
	for len(e.bufs) <= ply {
		e.bufs = append(e.bufs, make([]endgameMove, 0, 64))
	}
	moves := e.bufs[ply][:0]
	clones := dilate(us) & empty
	for b := clones; b != 0; b &= b - 1 {
		to := lowest(b)
		gain := 2*popcount(neighbours[to]&them) + 1
		moves = append(moves, endgameMove{Clone(to), int32(gain) << 8})
	}
	jm := &jumpMasks[p.rules]
	targets := empty
	if e.Fill {
		// The fill: jumps only to squares no clone reaches, and only
		// when they convert something, unless the side has no other move.
		targets &^= clones
		targets &= dilate(them)
		if jumps == 0 {
			targets = 0
		}
		if clones == 0 && reach(us, p.rules)&targets == 0 {
			targets = empty
		}
	}
	for f := us; f != 0; f &= f - 1 {
		from := lowest(f)
		t := jm[from] & targets
		if t == 0 {
			continue
		}
		exposed := popcount(neighbours[from] & us)
		for ; t != 0; t &= t - 1 {
			to := lowest(t)
			gain := 2 * popcount(neighbours[to]&them)
			score := int32(gain)<<8 - int32(exposed)<<4
			if clones&(1<<uint(to)) != 0 {
				// A clone to the same square gains one more and leaves no
				// hole: the jump rarely beats it.
				score -= 3 << 8
			}
			moves = append(moves, endgameMove{Jump(from, to), score})
		}
	}
	if ttMove != NoMove {
		for i := range moves {
			if moves[i].m == ttMove {
				moves[i].score = 1 << 30
				break
			}
		}
	}
	e.bufs[ply] = moves
	return moves
}

// The search's use of the solver (search.Config.Exact): below the root,
// a position with at most Pruning.ExactLimit empty squares is solved
// exactly and scored by its margin, a win above any evaluation.
const (
	// solvedWin is the score of a solved win by the least margin; each
	// piece more adds 100 (an evaluation's piece). It stays inside
	// search.MaxEval, so the search does not take it for a mate in a
	// number of plies.
	solvedWin = 400_000
	// endgameSlack: a node is solved when its depth left plus this many
	// plies reaches its empty squares.
	endgameSlack = 2
)

// SolvedScore is the search's score of a solved margin m.
func SolvedScore(m int) int {
	switch {
	case m > 0:
		return solvedWin + 100*m
	case m < 0:
		return -solvedWin + 100*m
	}
	return 0
}

// marginWindow is the solver's window for the search's (alpha, beta): the
// largest margin scored at most alpha and the smallest scored at least
// beta, so that a value the solver bounds by them is bounded the same way
// by (alpha, beta) in the search's scores.
func marginWindow(alpha, beta int) (a, b int) {
	a, b = -MaxMargin-1, MaxMargin+1
	for m := MaxMargin; m >= -MaxMargin; m-- {
		if SolvedScore(m) <= alpha {
			a = m
			break
		}
	}
	for m := -MaxMargin; m <= MaxMargin; m++ {
		if SolvedScore(m) >= beta {
			b = m
			break
		}
	}
	return a, b
}

// searchEndgame is the solver as the search's ExactSolver.
type searchEndgame struct {
	e     *Endgame
	dirty bool
}

// newSearchEndgame is a thread's solver for the search: the exact one
// (the fill, which ends in reach, misjudged the endgames it was meant to
// see: docs/benchmarks-ataxx.md).
func newSearchEndgame() search.ExactSolver[Position] {
	return &searchEndgame{e: NewEndgame()}
}

func (s *searchEndgame) Solve(p *Position, limit, depth, alpha, beta int, maxNodes int64, stop func() bool) (int, int64, bool) {
	// Solve where the search would nearly see the end itself: a solve
	// at a node with little depth left costs far more than its search
	// (with every root move solved, a node-limited search did not finish
	// its first iteration and played a random move).
	if n := popcount(p.Empty()); n > limit || depth+endgameSlack < n {
		return 0, 0, false
	}
	s.dirty = true
	a, b := marginWindow(alpha, beta)
	s.e.SetLimits(maxNodes, stop)
	v, _, ok := s.e.Solve(p, a, b)
	return SolvedScore(v), s.e.Nodes(), ok
}

func (s *searchEndgame) Clear() {
	if s.dirty {
		s.e.Clear()
		s.dirty = false
	}
}

// endgameEmpties is where the search starts solving (0: never),
// endgameNodes caps one solve. The full game's solve reaches one empty
// square (the jumps, which do not fill the board, make the rest a long
// tempo fight), and there it showed no gain (+10 [−23, +45] over 400
// games): off, as every technique without a measured gain; the engine's
// Search option exact-limit=1 turns it on (docs/benchmarks-ataxx.md).
const (
	endgameEmpties = 0
	endgameNodes   = 5000
)
