package cube

import "github.com/jumpers-game/jumpers/core/search"

// mayWin appends the moves of b that could win at once: a move that
// explodes nothing colours one square, so it wins only when that square
// is the last one the mover lacks; otherwise only an explosion can.
func mayWin(b *Board, dst []Move) []Move {
	all := b.Squares()
	me := b.side
	if int(b.owned[me])+1 >= all {
		return b.Moves(dst)
	}
	g := &geo[b.n]
	for s := 0; s < all; s++ {
		if b.owner[s] == me && b.spots[s] >= g.deg[s] {
			dst = append(dst, Move(s))
		}
	}
	return dst
}

var proofConfig = search.ProofConfig[Board, Move]{Order: order, MayWin: mayWin, WinsAtOnce: winsAtOnce}

// The endgame solver takes a quarter of a move's budget once half the
// squares are full (one spot from exploding): chain reactions then decide
// the game within a few moves. Before that a proof rarely succeeds and
// the search needs the time (on 5x5 at 100 ms against e2d51ce, proving
// from a third full: 143 of 200; from half: 150 of 200; even head to head
// on 7x7: docs/benchmarks-cube.md).
var (
	provingFull = 0.5
	proofShare  = 0.25
)

// proofShareAt is the share of the budget the endgame solver takes at b.
func proofShareAt(b *Board) float64 {
	g := &geo[b.n]
	full := 0
	for s := 0; s < b.Squares(); s++ {
		if b.spots[s] >= g.deg[s] {
			full++
		}
	}
	if float64(full) < provingFull*float64(b.Squares()) {
		return 0
	}
	return proofShare
}

// NewProver makes a prover of forced wins (see search.Prover) with a table
// of about mb megabytes.
func NewProver(mb int) *search.Prover[Board, Move, *Board] {
	return search.NewProver[Board, Move, *Board](proofConfig, mb)
}

// winsAtOnce tells whether m wins at once, as Play then Outcome would: the
// cascade runs on a copy of the occupied part of the spots and owners,
// without the hash or the counts, and stops when nothing is left to take.
func winsAtOnce(b *Board, m Move) bool {
	g := &geo[b.n]
	all := int(b.n) * int(b.n)
	me := b.side
	s := int(m)
	toTake := all - int(b.owned[me])
	if b.owner[s] != me {
		toTake--
	}
	if toTake == 0 {
		return true
	}
	if b.spots[s] < g.deg[s] {
		return false
	}
	var spots, owner [MaxSquares]uint8
	copy(spots[:all], b.spots[:all])
	copy(owner[:all], b.owner[:all])
	owner[s] = me
	spots[s]++
	var queue [256]uint8
	var inQueue [4]uint64
	var head, tail uint8
	queue[tail] = uint8(s)
	tail++
	inQueue[s>>6] |= 1 << (s & 63)
	for head != tail {
		s := int(queue[head])
		head++
		inQueue[s>>6] &^= 1 << (s & 63)
		d := g.deg[s]
		if spots[s] <= d {
			continue
		}
		spots[s] -= d
		for _, t8 := range g.nbr[s][:d] {
			t := int(t8)
			spots[t]++
			if owner[t] != me {
				owner[t] = me
				if toTake--; toTake == 0 {
					return true
				}
			}
			if spots[t] > g.deg[t] && inQueue[t>>6]&(1<<(t&63)) == 0 {
				queue[tail] = t8
				tail++
				inQueue[t>>6] |= 1 << (t & 63)
			}
		}
		if spots[s] > d {
			queue[tail] = uint8(s)
			tail++
			inQueue[s>>6] |= 1 << (s & 63)
		}
	}
	return false
}
