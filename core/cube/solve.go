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

var proofConfig = search.ProofConfig[Board, Move]{Order: order, MayWin: mayWin}

// proofShare is the part of a move's budget the endgame solver may use.
var proofShare = 0.25

// provingFull is the share of full squares (one spot from exploding) from
// which a board is worth proving: chain reactions then decide the game
// within a few moves.
var provingFull = 0.33

// worthProving tells whether the endgame solver should look at b.
func worthProving(b *Board) bool {
	g := &geo[b.n]
	full := 0
	for s := 0; s < b.Squares(); s++ {
		if b.spots[s] >= g.deg[s] {
			full++
		}
	}
	return float64(full) >= provingFull*float64(b.Squares())
}

// NewProver makes a prover of forced wins (see search.Prover) with a table
// of about mb megabytes.
func NewProver(mb int) *search.Prover[Board, Move, *Board] {
	return search.NewProver[Board, Move, *Board](proofConfig, mb)
}
