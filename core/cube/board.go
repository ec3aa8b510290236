package cube

import (
	"fmt"

	"github.com/jumpers-game/jumpers/core"
)

// Board sizes.
const (
	MinSize     = 2
	MaxSize     = 15
	DefaultSize = 6
	// MaxSquares is the number of squares of the largest board.
	MaxSquares = MaxSize * MaxSize
)

// Players and the neutral owner as stored in a Board.
const (
	Red     = 0
	Blue    = 1
	neutral = 2
)

// Move is a square index, row*N + column (both 0-based). A move adds a spot
// there.
type Move uint8

// Board is a Jumping Cube position: a small value of fixed-size arrays (no
// slices, no pointers), so the search copies it for every ply (copy-make)
// and the UI can keep its own copy while the AI thinks. Squares past N*N are
// unused and stay zero. The zero Board is no position: make one with
// NewBoard or ParseBoard.
type Board struct {
	spots [MaxSquares]uint8
	owner [MaxSquares]uint8 // Red, Blue or neutral
	n     uint8
	side  uint8     // player to move
	owned [2]uint16 // squares owned by each player, kept incrementally
	hash  uint64    // Zobrist hash, kept incrementally
}

// geometry is the precomputed neighbourhood of one board size.
type geometry struct {
	deg [MaxSquares]uint8    // number of neighbours: 2, 3 or 4
	nbr [MaxSquares][4]uint8 // the neighbours: up, left, right, down
}

var geo [MaxSize + 1]geometry

// Zobrist keys. Spot counts past 15 only occur in won positions (a stopped
// cascade) and get keys computed on the fly.
var (
	zOwner [MaxSquares][3]uint64
	zSpots [MaxSquares][16]uint64
	zSide  uint64
	zSize  [MaxSize + 1]uint64
)

func init() {
	for n := MinSize; n <= MaxSize; n++ {
		g := &geo[n]
		for r := 0; r < n; r++ {
			for c := 0; c < n; c++ {
				s := r*n + c
				add := func(t int) { g.nbr[s][g.deg[s]] = uint8(t); g.deg[s]++ }
				if r > 0 {
					add(s - n)
				}
				if c > 0 {
					add(s - 1)
				}
				if c < n-1 {
					add(s + 1)
				}
				if r < n-1 {
					add(s + n)
				}
			}
		}
	}
	// A fixed seed: hashes are the same in every run (saved analyses,
	// repetition checks in the app).
	x := uint64(0xc0be5eed)
	next := func() uint64 { x = core.Mix64(x); return x }
	for s := range zOwner {
		for o := range zOwner[s] {
			zOwner[s][o] = next()
		}
		for v := range zSpots[s] {
			zSpots[s][v] = next()
		}
	}
	zSide = next()
	for n := range zSize {
		zSize[n] = next()
	}
}

func spotKey(s int, v uint8) uint64 {
	if v < 16 {
		return zSpots[s][v]
	}
	return core.Mix64(uint64(s)<<8 | uint64(v) | 0xabc<<20)
}

// NewBoard returns the start position on an n×n board: every square neutral
// with one spot, Red to move.
func NewBoard(n int) (Board, error) {
	if n < MinSize || n > MaxSize {
		return Board{}, fmt.Errorf("size %d is out of range (%d to %d)", n, MinSize, MaxSize)
	}
	var b Board
	b.n = uint8(n)
	for s := 0; s < n*n; s++ {
		b.spots[s] = 1
		b.owner[s] = neutral
	}
	b.rehash()
	return b, nil
}

// rehash computes the hash from scratch (after parsing, and in tests).
func (b *Board) rehash() {
	h := zSize[b.n]
	for s := 0; s < int(b.n)*int(b.n); s++ {
		h ^= zOwner[s][b.owner[s]] ^ spotKey(s, b.spots[s])
	}
	if b.side == Blue {
		h ^= zSide
	}
	b.hash = h
}

// Size is N.
func (b *Board) Size() int { return int(b.n) }

// Squares is N*N.
func (b *Board) Squares() int { return int(b.n) * int(b.n) }

// Square is the move at row r, column c, both 0-based.
func (b *Board) Square(r, c int) Move { return Move(r*int(b.n) + c) }

// RowCol is the 0-based row and column of square m.
func (b *Board) RowCol(m Move) (r, c int) { return int(m) / int(b.n), int(m) % int(b.n) }

// Spots is the number of spots on square m.
func (b *Board) Spots(m Move) int { return int(b.spots[m]) }

// Owner is the player owning square m, core.NoPlayer when it is neutral.
func (b *Board) Owner(m Move) int {
	if o := b.owner[m]; o != neutral {
		return int(o)
	}
	return core.NoPlayer
}

// Neighbours is the number of neighbours of square m (2, 3 or 4): the square
// explodes when it holds more spots than that.
func (b *Board) Neighbours(m Move) int { return int(geo[b.n].deg[m]) }

// Count is the number of squares player owns.
func (b *Board) Count(player int) int { return int(b.owned[player&1]) }

// TotalSpots is the number of spots on the board: N² plus the moves played
// since the start.
func (b *Board) TotalSpots() int {
	t := 0
	for s := 0; s < b.Squares(); s++ {
		t += int(b.spots[s])
	}
	return t
}

// ToMove is the player to move: Red (0) or Blue (1).
func (b *Board) ToMove() int { return int(b.side) }

// Hash is the Zobrist hash of the position, side to move and size included.
func (b *Board) Hash() uint64 { return b.hash }

// Outcome tells whether one side owns every square, and who.
func (b *Board) Outcome() (over bool, winner int) {
	all := uint16(b.Squares())
	switch all {
	case b.owned[Red]:
		return true, Red
	case b.owned[Blue]:
		return true, Blue
	}
	return false, core.NoPlayer
}

// Moves appends the legal moves to dst: every square not owned by the
// opponent, none when the game is won.
func (b *Board) Moves(dst []Move) []Move {
	all := uint16(b.Squares())
	if b.owned[Red] == all || b.owned[Blue] == all {
		return dst
	}
	opp := b.side ^ 1
	for s := 0; s < int(all); s++ {
		if b.owner[s] != opp {
			dst = append(dst, Move(s))
		}
	}
	return dst
}

// NumMoves is len(Moves(nil)) without building the list.
func (b *Board) NumMoves() int {
	all := uint16(b.Squares())
	if b.owned[Red] == all || b.owned[Blue] == all {
		return 0
	}
	return int(all - b.owned[b.side^1])
}

// Legal says why m cannot be played here, or nil when it can.
func (b *Board) Legal(m Move) error {
	if int(m) >= b.Squares() {
		return fmt.Errorf("square number %d is off the %dx%d board", int(m), b.n, b.n)
	}
	if over, _ := b.Outcome(); over {
		return core.ErrGameOver
	}
	if o := b.owner[m]; o == b.side^1 {
		return core.PlayerErrorf(func(i int) string { return colourName[i] }, "square %s belongs to %v", FormatMove(int(b.n), m), core.Player(o))
	}
	return nil
}

var colourName = [3]string{"red", "blue", "neutral"}

// setOwner colours square s for p, keeping the counts and the hash.
func (b *Board) setOwner(s int, p uint8) {
	o := b.owner[s]
	if o == p {
		return
	}
	if o != neutral {
		b.owned[o]--
	}
	b.owned[p]++
	b.owner[s] = p
	b.hash ^= zOwner[s][o] ^ zOwner[s][p]
}

func (b *Board) setSpots(s int, v uint8) {
	b.hash ^= spotKey(s, b.spots[s]) ^ spotKey(s, v)
	b.spots[s] = v
}

// Play plays m, which must be legal (Moves returned it): a spot is added,
// the square coloured for the mover, overfull squares explode until the
// board settles or the mover owns every square, and the turn passes.
func (b *Board) Play(m Move) {
	b.play(m, nil)
}

// play is Play with an optional trace of the cascade, so the traced play
// and the fast one cannot disagree.
func (b *Board) play(m Move, tr *[]Step) {
	p := b.side
	s := int(m)
	b.setOwner(s, p)
	b.setSpots(s, b.spots[s]+1)
	if tr != nil {
		*tr = append(*tr, Step{Board: *b})
	}
	if b.spots[s] > geo[b.n].deg[s] {
		b.cascade(s, p, tr)
	}
	b.side ^= 1
	b.hash ^= zSide
	if tr != nil {
		(*tr)[len(*tr)-1].Board = *b
	}
}

// cascade explodes overfull squares in first-in first-out order, starting
// at start, for player p. Each square is in the queue at most once, so a
// ring of 256 entries never overflows. The win check sits inside the loop:
// a board holding more than 4N(N-1) spots never settles, and then only
// owning every square stops the cascade.
func (b *Board) cascade(start int, p uint8, tr *[]Step) {
	g := &geo[b.n]
	all := uint16(b.n) * uint16(b.n)
	var queue [256]uint8
	var inQueue [4]uint64
	var head, tail uint8
	queue[tail] = uint8(start)
	tail++
	inQueue[start>>6] |= 1 << (start & 63)
	waveEnd := tail
	var exploded []Move
	for head != tail {
		s := int(queue[head])
		head++
		inQueue[s>>6] &^= 1 << (s & 63)
		d := g.deg[s]
		if b.spots[s] > d {
			b.setSpots(s, b.spots[s]-d)
			for _, t8 := range g.nbr[s][:d] {
				t := int(t8)
				b.setSpots(t, b.spots[t]+1)
				b.setOwner(t, p)
				if b.spots[t] > g.deg[t] && inQueue[t>>6]&(1<<(t&63)) == 0 {
					queue[tail] = t8
					tail++
					inQueue[t>>6] |= 1 << (t & 63)
				}
			}
			if b.spots[s] > d { // it had gathered enough to go again
				queue[tail] = uint8(s)
				tail++
				inQueue[s>>6] |= 1 << (s & 63)
			}
			if tr != nil {
				exploded = append(exploded, Move(s))
			}
		}
		won := b.owned[p] == all
		if tr != nil && (head == waveEnd || won) {
			*tr = append(*tr, Step{Exploded: exploded, Board: *b})
			exploded = nil
			waveEnd = tail
		}
		if won {
			return
		}
	}
}

// Step is one wave of a cascade, for animation.
type Step struct {
	// Exploded lists the squares that exploded in this wave, in order; it
	// is empty for the first step, the spot being added.
	Exploded []Move
	// Board is the position after the wave. The last step's Board is
	// exactly the position Play gives (the opponent to move); earlier ones
	// still have the mover to move.
	Board Board
}

// PlayTraced plays m like Play and returns the cascade step by step: the
// spot being added, then each wave of explosions (a wave is the squares that
// were in the queue when the previous wave ended). m must be legal.
func (b *Board) PlayTraced(m Move) []Step {
	steps := make([]Step, 0, 4)
	b.play(m, &steps)
	return steps
}

// Perft counts the move sequences of length depth from b (a won position
// has no moves; depth 0 counts 1).
func Perft(b Board, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	if depth == 1 {
		return uint64(b.NumMoves())
	}
	return perft(&b, depth)
}

func perft(b *Board, depth int) uint64 {
	if over, _ := b.Outcome(); over {
		return 0
	}
	opp := b.side ^ 1
	var total uint64
	for s := 0; s < b.Squares(); s++ {
		if b.owner[s] == opp {
			continue
		}
		c := *b
		c.Play(Move(s))
		if depth == 2 {
			total += uint64(c.NumMoves())
		} else {
			total += perft(&c, depth-1)
		}
	}
	return total
}
