package search

import (
	"context"
	"slices"
	"unsafe"
)

// ProofConfig is what a two-player game gives the prover.
type ProofConfig[P any, M comparable] struct {
	// Order, if set, scores moves for ordering, higher first (as in
	// Config): the moves most likely to win or to escape come first.
	Order func(p *P, moves []M, scores []int32)
	// MayWin, if set, appends to dst every move of p that could win at
	// once (a superset; nil means any move might): the prover tries only
	// those on the last ply.
	MayWin func(p *P, dst []M) []M
	// WinsAtOnce, if set, tells whether move m of p wins the game at once,
	// as playing it would, but cheaper (no hash, no undo): the prover asks
	// it on the last ply, where most of its positions are.
	WinsAtOnce func(p *P, m M) bool
}

// Prover proves forced wins of two-player games: an AND/OR search that
// ignores the evaluation, so nothing but the rules decides its answers.
// The side to move wins within d plies if one of its moves wins at once
// or leaves the opponent lost within d-1; it is lost within d if every
// move it has leaves the opponent a win within d-1. Proven bounds are kept
// in a table, so iterative deepening over the plies costs little more than
// its last step. The table is kept from one call to the next: a proven
// bound is a fact about a position, whatever search found it, so the next
// move's proof starts from what this one learnt (Clear forgets it, for
// answers that must not depend on earlier calls). A Prover is not safe for
// concurrent use.
type Prover[P any, M comparable, PP interface {
	*P
	State[M]
}] struct {
	cfg     ProofConfig[P, M]
	table   []proofEntry
	mem     *tableMem // table's memory (tablemem.go)
	mask    uint64
	quick   [MaxPly + 2][]M
	moveBuf [MaxPly + 2][]M
	scores  [MaxPly + 2][]int32
	keys    [MaxPly + 2][]uint64
	tmp     [MaxPly + 2][]M
	// killer is, per ply, the last move that won or escaped there: a sibling's
	// refutation often refutes this position too.
	killer    [MaxPly + 2]M
	hasKiller [MaxPly + 2]bool
	// per proof
	nodes    int64
	maxNodes int64
	ctx      context.Context
	stopped  bool
}

// proofEntry holds, for the side to move of one position, the shortest
// proven win, the longest proven absence of one, and the same for losses
// (0 = nothing known).
type proofEntry struct {
	key    uint64
	win    uint8
	noWin  uint8
	loss   uint8
	noLoss uint8
}

// NewProver makes a prover with a table of about tableMB megabytes.
func NewProver[P any, M comparable, PP interface {
	*P
	State[M]
}](cfg ProofConfig[P, M], tableMB int) *Prover[P, M, PP] {
	if tableMB <= 0 {
		tableMB = 4
	}
	return newProver[P, M, PP](cfg, int64(tableMB)<<20)
}

// newProver makes a prover with a table of at most bytes (at least one
// entry).
func newProver[P any, M comparable, PP interface {
	*P
	State[M]
}](cfg ProofConfig[P, M], bytes int64) *Prover[P, M, PP] {
	n := proofEntries(bytes)
	table, mem := allocTable[proofEntry](int(n))
	pr := &Prover[P, M, PP]{cfg: cfg, table: table, mem: mem, mask: n - 1}
	freeWith(pr, mem)
	return pr
}

// proofEntries is the number of entries of a proof table of at most
// bytes: a power of two.
func proofEntries(bytes int64) uint64 {
	n := uint64(1)
	for (n*2)*uint64(unsafe.Sizeof(proofEntry{})) <= uint64(bytes) {
		n *= 2
	}
	return n
}

// proofBytes is the memory of a proof table of at most bytes.
func proofBytes(bytes int64) int64 {
	return int64(proofEntries(bytes)) * int64(unsafe.Sizeof(proofEntry{}))
}

// release returns the prover's table memory; it must not be used again.
func (pr *Prover[P, M, PP]) release() {
	pr.table = nil
	pr.mem.free()
}

// Proof is the answer of Prove.
type Proof[M comparable] struct {
	// Won: the side to move wins within Plies plies (counting both sides'
	// moves; 1 = it wins at once) by playing Move, and no shorter win
	// exists.
	Won   bool
	Move  M
	Plies int
	// Searched is the most plies for which the absence of a win is proven
	// (when Won is false): -1 when not even one ply was completed.
	Searched int
	Nodes    int64
}

// Prove looks for the fastest forced win of the side to move within
// maxPlies plies, searching 1, 3, 5, … plies in turn, until ctx ends or
// about maxNodes nodes (0 = no limit) are spent.
func (pr *Prover[P, M, PP]) Prove(ctx context.Context, root P, maxPlies int, maxNodes int64) Proof[M] {
	pr.nodes, pr.maxNodes, pr.ctx, pr.stopped = 0, maxNodes, ctx, false
	pr.hasKiller = [MaxPly + 2]bool{}
	res := Proof[M]{Searched: -1}
	maxPlies = min(maxPlies, MaxPly)
	for d := 1; d <= maxPlies; d += 2 {
		m, ok := pr.winMove(&root, d, 0)
		if pr.stopped {
			break
		}
		if ok {
			res.Won, res.Move, res.Plies = true, m, d
			break
		}
		res.Searched = d
	}
	res.Nodes = pr.nodes
	return res
}

// Lost tells whether every move of the side to move loses within plies
// plies (even), as far as the prover gets before ctx or maxNodes stop it:
// lost and complete, or not lost and complete, or incomplete.
func (pr *Prover[P, M, PP]) Lost(ctx context.Context, root P, plies int, maxNodes int64) (lost, complete bool) {
	pr.nodes, pr.maxNodes, pr.ctx, pr.stopped = 0, maxNodes, ctx, false
	pr.hasKiller = [MaxPly + 2]bool{}
	lost = pr.lose(&root, min(plies, MaxPly), 0)
	return lost && !pr.stopped, !pr.stopped
}

// Clear forgets every proven bound.
func (pr *Prover[P, M, PP]) Clear() {
	pr.table, pr.mem = renewTable(pr.table, pr.mem)
	freeWith(pr, pr.mem)
}

func (pr *Prover[P, M, PP]) slot(key uint64) *proofEntry {
	e := &pr.table[key&pr.mask]
	if e.key != key {
		*e = proofEntry{key: key}
	}
	return e
}

// tick counts a position played and checks the limits. The clock is read
// every 8 positions: one can cost a long chain reaction (tens of
// microseconds on 10x10), and a proof must not overrun its share.
func (pr *Prover[P, M, PP]) tick() bool {
	pr.nodes++
	if pr.maxNodes > 0 && pr.nodes >= pr.maxNodes {
		pr.stopped = true
	} else if pr.nodes&7 == 0 {
		select {
		case <-pr.ctx.Done():
			pr.stopped = true
		default:
		}
	}
	return pr.stopped
}

// win tells whether the side to move of p wins within d plies.
func (pr *Prover[P, M, PP]) win(p *P, d, ply int) bool {
	_, ok := pr.winMove(p, d, ply)
	return ok
}

// winMove is win that also returns the winning move.
func (pr *Prover[P, M, PP]) winMove(p *P, d, ply int) (M, bool) {
	var none M
	if d <= 0 || ply >= MaxPly || pr.tick() {
		return none, false
	}
	pos := PP(p)
	key := pos.Hash()
	if e := &pr.table[key&pr.mask]; e.key == key && ply > 0 {
		if e.win != 0 && int(e.win) <= d {
			return none, true
		}
		if int(e.noWin) >= d {
			return none, false
		}
	}
	mover := pos.ToMove()
	var child P
	if d < 3 {
		// The last ply: a win at once, among the moves that may win.
		var quick []M
		if pr.cfg.MayWin != nil {
			quick = pr.cfg.MayWin(p, pr.quick[ply][:0])
		} else {
			quick = pos.Moves(pr.quick[ply][:0])
		}
		pr.quick[ply] = quick
		pr.killerFirst(quick, ply)
		for _, m := range quick {
			if pr.tick() {
				return none, false
			}
			won := false
			if pr.cfg.WinsAtOnce != nil {
				won = pr.cfg.WinsAtOnce(p, m)
			} else {
				child = *p
				PP(&child).Play(m)
				over, w := PP(&child).Outcome()
				won = over && w == mover
			}
			if won {
				pr.slot(key).win = 1
				pr.killer[ply], pr.hasKiller[ply] = m, true
				return m, true
			}
		}
	} else {
		// A move that wins at once leaves a lost position (lose sees
		// the end), so one pass over the moves finds both kinds of win.
		moves := pr.ordered(p, ply)
		pr.killerFirst(moves, ply)
		for _, m := range moves {
			child = *p
			PP(&child).Play(m)
			if over, w := PP(&child).Outcome(); !over && PP(&child).ToMove() == mover || over && w != mover {
				continue // a game where a side moves twice is not ours
			}
			if pr.lose(&child, d-1, ply+1) {
				if pr.stopped {
					return none, false
				}
				e := pr.slot(key)
				if e.win == 0 || int(e.win) > d {
					e.win = uint8(d)
				}
				pr.killer[ply], pr.hasKiller[ply] = m, true
				return m, true
			}
			if pr.stopped {
				return none, false
			}
		}
	}
	if !pr.stopped {
		e := pr.slot(key)
		e.noWin = max(e.noWin, uint8(d))
	}
	return none, false
}

// killerFirst moves the killer of ply, if it is among moves, to the front.
func (pr *Prover[P, M, PP]) killerFirst(moves []M, ply int) {
	if !pr.hasKiller[ply] {
		return
	}
	k := pr.killer[ply]
	for i, m := range moves {
		if m == k {
			copy(moves[1:i+1], moves[:i])
			moves[0] = k
			return
		}
	}
}

// lose tells whether the side to move of p loses within d plies: the game
// is already lost, or every move leaves the opponent a win within d-1.
func (pr *Prover[P, M, PP]) lose(p *P, d, ply int) bool {
	pos := PP(p)
	if over, w := pos.Outcome(); over {
		return w >= 0 && w != pos.ToMove()
	}
	if d < 2 || ply >= MaxPly || pr.tick() {
		return false
	}
	key := pos.Hash()
	if e := &pr.table[key&pr.mask]; e.key == key {
		if e.loss != 0 && int(e.loss) <= d {
			return true
		}
		if int(e.noLoss) >= d {
			return false
		}
	}
	moves := pr.ordered(p, ply)
	pr.killerFirst(moves, ply)
	var child P
	for _, m := range moves {
		child = *p
		PP(&child).Play(m)
		if over, w := PP(&child).Outcome(); over {
			if w == pos.ToMove() || w < 0 {
				pr.slot(key).noLoss = uint8(min(MaxPly, 255))
				return false
			}
			continue
		}
		if !pr.win(&child, d-1, ply+1) {
			if !pr.stopped {
				e := pr.slot(key)
				e.noLoss = max(e.noLoss, uint8(d))
				// The escape here is the first to try in its siblings.
				pr.killer[ply], pr.hasKiller[ply] = m, true
			}
			return false
		}
	}
	if pr.stopped {
		return false
	}
	e := pr.slot(key)
	if e.loss == 0 || int(e.loss) > d {
		e.loss = uint8(d)
	}
	return true
}

// ordered returns the moves of p at ply, best first by the game's order
// (ties in the order of generation).
func (pr *Prover[P, M, PP]) ordered(p *P, ply int) []M {
	moves := PP(p).Moves(pr.moveBuf[ply][:0])
	pr.moveBuf[ply] = moves
	n := len(moves)
	if pr.cfg.Order == nil || n < 2 {
		return moves
	}
	if cap(pr.scores[ply]) < n {
		pr.scores[ply] = make([]int32, n, 2*n)
		pr.keys[ply] = make([]uint64, n, 2*n)
		pr.tmp[ply] = make([]M, n, 2*n)
	}
	sc, keys, tmp := pr.scores[ply][:n], pr.keys[ply][:n], pr.tmp[ply][:n]
	clear(sc)
	pr.cfg.Order(p, moves, sc)
	for i := range keys {
		keys[i] = uint64(^(uint32(sc[i])^0x80000000))<<32 | uint64(i)
	}
	slices.Sort(keys)
	copy(tmp, moves)
	for i, k := range keys {
		moves[i] = tmp[uint32(k)]
	}
	return moves
}
