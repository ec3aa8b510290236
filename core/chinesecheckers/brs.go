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
	k := repliesPerOpponent(int(p.n))
	for i := 0; i < int(p.n); i++ {
		if i == int(b.root) || p.finished>>uint(i)&1 != 0 {
			continue
		}
		dst = p.bestRaceMoves(dst, i, k)
	}
	if len(dst) == n0 {
		dst = append(dst, PassMove)
	}
	return dst
}

// repliesPerOpponent is how many moves of each opponent the opponents'
// layer holds: the ones that gain most for their owner. Opponents race
// more than they hunt, and with five of them the layer held some 200
// moves, so Best-Reply Search reached depth 3 in 100 ms. Against e2d51ce
// at 100 ms a move, ours in one seat, first places (the layer's size):
// 3 players 52/99 with every reply, 53/99 with 4 (8), 57/99 with 6 (12);
// 4 players 31/100 with every reply, 42/100 with 4 (12), 49/100 and
// 51/100 with 6 (18); 6 players 2/30 with every reply, 31/100 with 4
// (20), 24/100 with 6 (30). See docs/benchmarks-chinesecheckers.md.
func repliesPerOpponent(players int) int {
	if players >= 5 {
		return repliesMany
	}
	return repliesFew
}

const repliesFew, repliesMany = 6, 4

// bestRaceMoves appends player pl's k best race moves (raceOrder: the
// largest gain, the piece farther behind first among equal gains, then the
// order of generation), best first; all of them in the order of
// generation when it has k or fewer. It is the opponents' layer's move
// generator, most of Best-Reply Search's time, so it skips the pieces that
// cannot beat the k it holds: a piece gains at most its distance to the
// target's tip, and 1 with no piece next to it to hop over.
func (p *Position) bestRaceMoves(dst []Move, pl, k int) []Move {
	if k <= 0 {
		return dst
	}
	type cand struct {
		key int
		m   Move
	}
	var buf [16]cand
	top := buf[:0] // best first
	if k > len(buf) {
		top = make([]cand, 0, k)
	}
	t := &tipDist[p.seats[pl].Opposite()]
	total := 0
	var firstBuf [16]Move
	inOrder := firstBuf[:0] // the first k moves, in order of generation
	for _, h := range p.pieces[pl] {
		d := int(t[h])
		// Once there are more than k moves (top then holds k), only the
		// k best matter.
		if total > k {
			maxGain := d
			if p.occ.and(nbMask[h]).empty() {
				maxGain = min(d, 1)
			}
			if raceRank(maxGain, d) <= top[k-1].key {
				continue
			}
		}
		dests := p.reach(pl, int(h))
		for w := 0; w < 2; w++ {
			x := dests[w]
			for x != 0 {
				to := w*64 + trailingZeros(x)
				x &= x - 1
				m := Move{h, uint8(to)}
				total++
				if total <= k {
					inOrder = append(inOrder, m)
				}
				key := raceRank(d-int(t[to]), d)
				if len(top) == k && key <= top[k-1].key {
					continue
				}
				// Insert after every equal key: the earlier move wins ties.
				j := len(top)
				if j == k {
					j--
				} else {
					top = append(top, cand{})
				}
				for j > 0 && top[j-1].key < key {
					top[j] = top[j-1]
					j--
				}
				top[j] = cand{key, m}
			}
		}
	}
	if total <= k {
		return append(dst, inOrder...)
	}
	for _, c := range top {
		dst = append(dst, c.m)
	}
	return dst
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
