package search

import (
	"fmt"
	"sync/atomic"
	"unsafe"
)

type bound uint8

const (
	boundNone bound = iota
	boundExact
	boundLower // score is at least this (a cutoff)
	boundUpper // score is at most this (all moves failed low)
)

// entry is one slot of the table: two words read and written atomically,
// so that the threads of a parallel search share the table without a lock.
// check holds the position's key XOR data: a slot whose two words come
// from different writes (one thread stored while another read) fails the
// check like any other position's entry, so a torn entry is never used.
type entry struct {
	check atomic.Uint64
	data  atomic.Uint64
}

// The data word, low bits first: the move (16 bits), the score (22 bits,
// offset), the depth (7), the bound (2), whether there is a move (1), and
// the generation (16).
const (
	scoreShift   = 16
	scoreBits    = 22
	scoreOffset  = 1 << (scoreBits - 1)
	depthShift   = scoreShift + scoreBits
	depthBits    = 7
	boundShift   = depthShift + depthBits
	hasMoveShift = boundShift + 2
	genShift     = hasMoveShift + 1
)

// maxStoredDepth is the deepest depth an entry records (deeper searches
// store it as this).
const maxStoredDepth = 1<<depthBits - 1

// hit is a decoded entry.
type hit[M comparable] struct {
	move    M
	hasMove bool
	score   int
	depth   int
	bound   bound
}

// table is a transposition table of bounded size: a power-of-two array of
// two-entry buckets. The first slot keeps the deepest result of the current
// search, the second is always replaced, so deep results survive while new
// ones still get in. Probes and stores are safe for concurrent use; a
// generation starts (newSearch) only while no search uses the table.
type table[M comparable] struct {
	entries []entry
	mask    uint64
	gen     uint16 // the current search's generation
	base    uint16 // entries of generations before base are forgotten
	code    moveCode[M]
}

func newTable[M comparable](mb int, code moveCode[M]) *table[M] {
	if mb <= 0 {
		mb = 16
	}
	size := uintptr(mb) << 20 / unsafe.Sizeof(entry{})
	n := uint64(2)
	for n*2 <= uint64(size) {
		n *= 2
	}
	// Generation 0 marks never-written slots; searches start at 1.
	return &table[M]{entries: touched(n), mask: n/2 - 1, gen: 1, base: 1, code: code}
}

// touched returns n zero entries with every page already written. Fresh
// memory comes from the system untouched and its first write in each page
// faults: better here, where the engine's warm-up (or the first move's
// set-up) pays, than in the first timed search, which lost a quarter of
// its 100 ms to it.
func touched(n uint64) []entry {
	e := make([]entry, n)
	step := max(1, pageBytes/int(unsafe.Sizeof(entry{})))
	for i := 0; i < len(e); i += step {
		e[i] = entry{}
	}
	return e
}

// pageBytes is the memory page size of the systems we run on.
const pageBytes = 4096

// newSearch starts a search generation. When forget is set, everything
// stored before is forgotten, without touching the memory: a large table
// costs nothing to start afresh.
func (t *table[M]) newSearch(forget bool) {
	if t.gen == 1<<16-1 {
		// The generations wrapped, once in 65,535 searches: a new array
		// rather than a clear, which would touch every page of a large
		// table before the search could start (fresh memory comes zeroed
		// from the system and is touched as the search fills it).
		t.entries = make([]entry, len(t.entries))
		t.gen, t.base = 0, 0
		forget = true
	}
	t.gen++
	if forget {
		t.base = t.gen
	}
}

func dataGen(d uint64) uint16  { return uint16(d >> genShift) }
func dataBound(d uint64) bound { return bound(d>>boundShift) & 3 }
func dataDepth(d uint64) int   { return int(d>>depthShift) & maxStoredDepth }

// live tells whether a data word belongs to a remembered generation.
func (t *table[M]) live(d uint64) bool { return dataGen(d) >= t.base && dataBound(d) != boundNone }

// load reads a slot: its data word when it holds key, else ok is false.
func (t *table[M]) load(e *entry, key uint64) (uint64, bool) {
	d := e.data.Load()
	if e.check.Load()^d != key || !t.live(d) {
		return 0, false
	}
	return d, true
}

func (t *table[M]) probe(key uint64) (hit[M], bool) {
	b := (key & t.mask) * 2
	for i := b; i < b+2; i++ {
		if d, ok := t.load(&t.entries[i], key); ok {
			return hit[M]{
				move:    t.code.decode(uint16(d)),
				hasMove: d>>hasMoveShift&1 == 1,
				score:   int(d>>scoreShift&(1<<scoreBits-1)) - scoreOffset,
				depth:   dataDepth(d),
				bound:   dataBound(d),
			}, true
		}
	}
	return hit[M]{}, false
}

// store records a node's result. hasMove is false when the node has no
// best move (it failed low); the move known from before is kept then.
// Two threads storing into one bucket at once may lose one of the two
// results, never mix them.
func (t *table[M]) store(key uint64, move M, hasMove bool, score, depth int, bd bound) {
	b := (key & t.mask) * 2
	first, second := &t.entries[b], &t.entries[b+1]
	slot := second
	fd := first.data.Load()
	fKey := first.check.Load() ^ fd
	if fKey == key || !t.live(fd) || dataGen(fd) != t.gen || depth >= dataDepth(fd) {
		slot = first
	}
	code := t.code.encode(move)
	if !hasMove {
		if d, ok := t.load(slot, key); ok && d>>hasMoveShift&1 == 1 {
			code, hasMove = uint16(d), true
		}
	}
	d := uint64(code) |
		uint64(score+scoreOffset)&(1<<scoreBits-1)<<scoreShift |
		uint64(min(max(depth, 0), maxStoredDepth))<<depthShift |
		uint64(bd)<<boundShift |
		uint64(t.gen)<<genShift
	if hasMove {
		d |= 1 << hasMoveShift
	}
	slot.data.Store(d)
	slot.check.Store(key ^ d)
}

// moveCode packs a move into the 16 bits an entry has for it.
type moveCode[M comparable] struct {
	encode func(M) uint16
	decode func(uint16) M
}

// codeFor returns the packing for M: its own bytes when M takes at most
// two (every game's move: a square, a from/to pair), and for an int the
// value (the tests' toy games).
func codeFor[M comparable]() moveCode[M] {
	var zero M
	if unsafe.Sizeof(zero) <= 2 {
		return moveCode[M]{
			encode: func(m M) uint16 {
				var c uint16
				*(*M)(unsafe.Pointer(&c)) = m
				return c
			},
			decode: func(c uint16) M { return *(*M)(unsafe.Pointer(&c)) },
		}
	}
	if _, ok := any(zero).(int); ok {
		return moveCode[M]{
			encode: func(m M) uint16 { return uint16(any(m).(int)) },
			decode: func(c uint16) M { return any(int(c)).(M) },
		}
	}
	panic(fmt.Sprintf("search: a move of %d bytes does not fit the table's 16 bits", unsafe.Sizeof(zero)))
}

// Mate scores are stored relative to the node, not the root, so a
// transposition at another ply reads the right distance.
func toTT(score, ply int) int {
	switch {
	case score >= Win-MaxPly:
		return score + ply
	case score <= -Win+MaxPly:
		return score - ply
	}
	return score
}

func fromTT(score, ply int) int {
	switch {
	case score >= Win-MaxPly:
		return score - ply
	case score <= -Win+MaxPly:
		return score + ply
	}
	return score
}
