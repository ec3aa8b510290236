package chinesecheckers

import (
	"context"
	"fmt"

	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/search"
)

// Best-Reply Search (Schadd & Winands 2011) for more than two players, as
// a two-sided game the generic search already knows: the root player's
// layer and the opponents' layer alternate; in the opponents' layer every
// opponent still racing may move (its best race moves: repliesPerOpponent),
// and only the one strongest reply is kept (the minimum for the root
// player). After any opponent's move the
// root player is to move again. So the search sees the root player's plans
// twice as deep as paranoid search does (which lets every opponent move in
// turn), at the price of positions that cannot arise (opponents skipping
// turns). Literature: BRS beats paranoid and max^n in Chinese Checkers.
//
// The wrapper keeps the whole search generic: a move's player is the owner
// of its from-hole, so moves need no extra field.
type brsPos struct {
	Position
	root  uint8
	layer uint8 // 0: the root player moves, 1: one of the opponents
}

func (b *brsPos) ToMove() int { return int(b.layer) }

// Hash is the board's hash (without the turn key of the position, whose
// player to move is bookkeeping here), the layer and the root player: the
// scores are the root player's, so searches for different players must
// not share table entries.
func (b *brsPos) Hash() uint64 {
	return b.Position.hash ^ zobristTurn[b.Position.toMove] ^ uint64(b.layer+1)*0x9e3779b97f4a7c15 ^ zobrist[b.root][0]*0x2545f4914f6cdd1d
}

func (b *brsPos) Outcome() (bool, int) {
	over, w := b.Position.Outcome()
	if !over || w < 0 {
		return over, w
	}
	if w == int(b.root) {
		return true, 0
	}
	return true, 1
}

func (b *brsPos) Moves(dst []Move) []Move {
	p := &b.Position
	if over, _ := p.Outcome(); over {
		return dst
	}
	if b.layer == 0 {
		return p.genMoves(dst)
	}
	n0 := len(dst)
	saved := p.toMove
	for i := 0; i < int(p.n); i++ {
		if i == int(b.root) || p.finished>>uint(i)&1 != 0 {
			continue
		}
		p.toMove = uint8(i)
		own := len(dst)
		dst = p.genMoves(dst)
		// genMoves adds a pass for a blocked opponent; one pass is enough.
		if len(dst) > n0 && dst[len(dst)-1].IsPass() {
			dst = dst[:len(dst)-1]
		}
		if len(dst)-own > repliesPerOpponent {
			dst = p.keepBestGains(dst, own, i, repliesPerOpponent)
		}
	}
	p.toMove = saved
	if len(dst) == n0 {
		dst = append(dst, PassMove)
	}
	return dst
}

// repliesPerOpponent is how many moves of each opponent the opponents'
// layer holds: the ones that gain most for their owner. Opponents race
// more than they hunt, and with five of them the layer held some 200
// moves, so Best-Reply Search reached depth 3 in 100 ms. Against e2d51ce
// at 100 ms a move, ours in one seat: 6 players 8/30 first places (2/30
// with every reply), 4 players 42/100 (31/100), 3 players 53/99 (52/99).
// With 30,000 nodes a move and 6 players: 1 reply 8/60, 3 15/60, 6 20/60.
const repliesPerOpponent = 4

// keepBestGains keeps, of the moves dst[from:] (all player pl's), the k
// that gain most for pl, the piece farther behind first among equal gains
// (as the ordering puts them).
func (p *Position) keepBestGains(dst []Move, from, pl, k int) []Move {
	for i := from; i < from+k; i++ {
		best, bestKey := i, p.raceOrder(pl, dst[i])
		for j := i + 1; j < len(dst); j++ {
			if key := p.raceOrder(pl, dst[j]); key > bestKey {
				best, bestKey = j, key
				best = j
			}
		}
		dst[i], dst[best] = dst[best], dst[i]
	}
	return dst[:from+k]
}

// setTurn gives the turn to player q, keeping the hash right.
func (p *Position) setTurn(q uint8) {
	p.hash ^= zobristTurn[p.toMove] ^ zobristTurn[q]
	p.toMove = q
}

func (b *brsPos) Play(m Move) {
	p := &b.Position
	if b.layer == 1 && !m.IsPass() {
		p.setTurn(p.owner[m.From] - 1)
	}
	p.Play(m)
	if p.finished>>b.root&1 == 0 {
		p.setTurn(b.root)
	}
	b.layer ^= 1
}

// brsEval scores for the root player's side (layer 0) or the opponents'.
func brsConfig(st style) search.Config[brsPos, Move] {
	return search.Config[brsPos, Move]{
		Players: 2,
		Eval: func(b *brsPos, pov int) int {
			q := b.Position
			if b.layer == 1 {
				q.toMove = 255 // an opponent moves next: no tempo bonus for the root
			}
			v := evalMulti(&q, int(b.root), st)
			if pov == 1 {
				return -v
			}
			return v
		},
		Order: func(b *brsPos, moves []Move, scores []int32) {
			p := &b.Position
			for i, m := range moves {
				if m.IsPass() {
					continue
				}
				owner := int(p.owner[m.From]) - 1
				scores[i] = int32(p.raceOrder(owner, m))
			}
		},
		MoveKey: func(m Move) int {
			if m.IsPass() {
				return NumHoles * NumHoles
			}
			return int(m.From)*NumHoles + int(m.To)
		},
		MoveKeys: NumHoles*NumHoles + 1,
		// As with two players, a move that gains no ground for its
		// player is reduced, and near the leaves pruned after the first
		// 6 + depth² moves: with 3 players +105 Elo, and +166 with the
		// spread term (99 games at 20,000 nodes a move, against neither).
		Reduce: func(b *brsPos, m Move) bool {
			if m.IsPass() {
				return true
			}
			p := &b.Position
			return p.gainOf(int(p.owner[m.From])-1, m) <= 0
		},
		Prune: search.Pruning{LateMoves: 6, LateMoveDepth: 3},
	}
}

var brsSearchers search.Pool[brsPos, Move, *brsPos]

// bestReplyMove runs Best-Reply Search for the player to move of p.
func bestReplyMove(ctx context.Context, p Position, level core.Level, req core.AIRequest, st style) (core.AIResult, error) {
	p.SetSearchRoot()
	root := brsPos{Position: p, root: p.toMove}
	spec := search.Spec[brsPos, Move]{
		Key:    fmt.Sprintf("brs/%d", st),
		Config: func() search.Config[brsPos, Move] { return brsConfig(st) },
	}
	return brsSearchers.BestMove(ctx, spec, root, level, req, Move.String)
}
