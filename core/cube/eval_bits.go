package cube

import (
	"encoding/binary"
	"math/bits"
)

// The same scan and Kepler terms as eval.go, on bit sets: a board of up to
// 8x8 fits one 64-bit word (square s is bit s), so "the squares next to a
// set" is four shifts and every count is a population count. On 5x5 and
// 7x7 that is several times faster than square by square, and the
// evaluation is most of the search's time. Sets over several words lost
// to the square-by-square loops on 7x7 (docs/benchmarks-cube.md): only
// boards that fit one word take this path, and it must agree with the
// loops exactly (TestBitScanMatchesLoops).

// bitsMax is the largest board whose squares fit one word.
const bitsMax = 8

// bitGeometry holds the masks of one board size.
type bitGeometry struct {
	all      uint64 // the board
	notFirst uint64 // squares not in the first column
	notLast  uint64 // squares not in the last column
	edge     uint64
	corner   uint64
}

var bitGeo [bitsMax + 1]bitGeometry

func init() {
	for n := MinSize; n <= bitsMax; n++ {
		g := &bitGeo[n]
		for s := 0; s < n*n; s++ {
			bit := uint64(1) << s
			g.all |= bit
			if s%n != 0 {
				g.notFirst |= bit
			}
			if s%n != n-1 {
				g.notLast |= bit
			}
			switch classOf(geo[n].deg[s]) {
			case 1:
				g.edge |= bit
			case 2:
				g.corner |= bit
			}
		}
	}
}

// around is the set of squares next to a square of x.
func (g *bitGeometry) around(x uint64, n uint) uint64 {
	return ((x&g.notLast)<<1 | (x&g.notFirst)>>1 | x<<n | x>>n) & g.all
}

// bitBoard is a board as sets.
type bitBoard struct {
	own  [3]uint64 // by owner: Red, Blue, neutral
	le   [6]uint64 // squares whose need (spots still to add before they explode) is at most k
	spot [3]uint64 // bit planes of the spot counts
}

// pack gathers bit 0 of each byte of x into the low byte.
func pack(x uint64) uint64 { return (x * 0x0102040810204080) >> 56 }

// fill reads b into sets, eight squares a step; false if a spot count
// does not fit three bits (only a won position, which is never
// evaluated, holds one).
func (bb *bitBoard) fill(b *Board) bool {
	const ones = 0x0101010101010101
	n := int(b.n)
	g := &bitGeo[n]
	var red, blue, neu, p0, p1, p2 uint64
	for i := 0; i < n*n; i += 8 {
		sp := binary.LittleEndian.Uint64(b.spots[i:])
		if sp&(0xf8*ones) != 0 {
			return false
		}
		ow := binary.LittleEndian.Uint64(b.owner[i:])
		red |= pack(^(ow|ow>>1)&ones) << i
		blue |= pack(ow&ones) << i
		neu |= pack(ow>>1&ones) << i
		p0 |= pack(sp&ones) << i
		p1 |= pack(sp>>1&ones) << i
		p2 |= pack(sp>>2&ones) << i
	}
	all := g.all
	bb.own = [3]uint64{red & all, blue & all, neu & all}
	bb.spot = [3]uint64{p0 & all, p1 & all, p2 & all}
	// at least v spots, v = 1..5
	ge := [6]uint64{all, p0 | p1 | p2, p1 | p2, p0&p1 | p2, p2, p2 & (p0 | p1)}
	corner, edge := g.corner, g.edge
	inner := all &^ corner &^ edge
	// need = neighbours + 1 - min(spots, neighbours): at most k when
	// spots >= neighbours + 1 - k
	geAt := func(v int) uint64 {
		if v <= 0 {
			return all
		}
		return ge[v]
	}
	for k := 1; k < len(bb.le); k++ {
		bb.le[k] = all & (corner&geAt(3-k) | edge&geAt(4-k) | inner&geAt(5-k))
	}
	return true
}

func pop(x uint64) int { return bits.OnesCount64(x) }

// spots is the number of spots on the squares of x.
func (bb *bitBoard) spots(x uint64) int {
	return pop(x&bb.spot[0]) + 2*pop(x&bb.spot[1]) + 4*pop(x&bb.spot[2])
}

// fillChains finds the chains of full owned squares, as scan.fill does:
// chains in the order of their lowest square, each grown one ring of
// neighbours at a time.
func (ch *chains) fillChains(bb *bitBoard, g *bitGeometry, n uint) {
	full := bb.le[1] &^ bb.own[neutral]
	for rest := full; rest != 0; {
		comp := rest & -rest
		for {
			grown := (comp | g.around(comp, n)) & full
			if grown == comp {
				break
			}
			comp = grown
		}
		rest &^= comp
		blast := comp | g.around(comp, n)
		ne := pop(blast & bb.own[neutral])
		for p := 0; p < 2; p++ {
			mine := comp & bb.own[p]
			if mine == 0 {
				continue
			}
			e := pop(blast & bb.own[p^1])
			if 2*e+ne > 2*ch.bestEnemy[p]+ch.bestNeutral[p] {
				ch.bestEnemy[p], ch.bestNeutral[p] = e, ne
			}
			if e > 0 {
				ch.addCand(p, uint8(63-bits.LeadingZeros64(mine)), 2*e+ne)
			}
		}
	}
}

// fillChainsOf is the chains of b: on sets when b fits a word.
func (ch *chains) fillChainsOf(b *Board) {
	var bb bitBoard
	if b.n <= bitsMax && bb.fill(b) {
		ch.fillChains(&bb, &bitGeo[b.n], uint(b.n))
		return
	}
	var sc scan
	sc.fill(b)
	*ch = sc.chains
}

// fillBits computes Kepler's terms of b and its chains on sets; false if
// b does not fit a word (then keplerTerms.fill does it square by square).
func (t *keplerTerms) fillBits(b *Board, ch *chains) bool {
	if b.n > bitsMax {
		return false
	}
	var bb bitBoard
	if !bb.fill(b) {
		return false
	}
	n := uint(b.n)
	g := &bitGeo[n]
	ch.fillChains(&bb, g, n)
	full := bb.le[1]
	var per [2][tLostCorners + 1]int
	for p := 0; p < 2; p++ {
		mine, theirs := bb.own[p], bb.own[p^1]
		// A square loses (or ties) its race when an enemy neighbour needs
		// no more spots than it does.
		var lost uint64
		for k := 1; k < len(bb.le); k++ {
			if x := mine & bb.le[k] &^ bb.le[k-1]; x != 0 {
				lost |= x & g.around(theirs&bb.le[k], n)
			}
		}
		safe := mine &^ g.around(theirs, n)
		won := mine &^ safe &^ lost
		c := &per[p]
		c[tSquares] = pop(mine)
		c[tSpots] = bb.spots(mine)
		c[tEdges] = pop(mine & g.edge)
		c[tCorners] = pop(mine & g.corner)
		c[tSafe] = pop(safe)
		c[tLoaded] = pop(full & mine &^ lost)
		// each won race: one per enemy neighbour, direction by direction
		c[tBeaten] = pop(won&((theirs&g.notLast)<<1)) + pop(won&((theirs&g.notFirst)>>1)) +
			pop(won&(theirs<<n)) + pop(won&(theirs>>n))
		c[tLost] = pop(lost)
		c[tLostSpots] = bb.spots(lost)
		c[tLostEdges] = pop(lost & g.edge)
		c[tLostCorners] = pop(lost & g.corner)
	}
	me := b.side
	for i := range per[0] {
		t[i] = per[me][i] - per[me^1][i]
	}
	t[tTempo] = ch.bestEnemy[me]
	t[tNeutral] = ch.bestNeutral[me]
	t[tThreat] = ch.bestEnemy[me^1]
	return true
}
