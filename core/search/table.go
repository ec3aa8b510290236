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
	mem     *tableMem // entries' memory (tablemem.go)
	mask    uint64
	gen     uint16 // the current search's generation
	base    uint16 // entries of generations before base are forgotten
	code    moveCode[M]
}

// newTable makes a table of about mb megabytes (a power-of-two number of
// entries). None of its memory is touched here: a page costs memory once
// a search writes it (tablemem.go).
func newTable[M comparable](mb int, code moveCode[M]) *table[M] {
	if mb <= 0 {
		mb = 16
	}
	return newTableBytes(int64(mb)<<20, code)
}

// newTableBytes makes a table of at most bytes (at least two entries).
func newTableBytes[M comparable](bytes int64, code moveCode[M]) *table[M] {
	n := tableEntries(bytes)
	e, mem := allocTable[entry](int(n))
	// Generation 0 marks never-written slots; searches start at 1.
	t := &table[M]{entries: e, mem: mem, mask: n/2 - 1, gen: 1, base: 1, code: code}
	freeWith(t, mem)
	return t
}

// tableEntries is the number of entries of a table of at most bytes: a
// power of two, at least two (one bucket).
func tableEntries(bytes int64) uint64 {
	size := uint64(bytes) / uint64(unsafe.Sizeof(entry{}))
	n := uint64(2)
	for n*2 <= size {
		n *= 2
	}
	return n
}

// tableBytes is the memory of a table of about mb megabytes.
func tableBytes(mb int) int64 {
	return int64(tableEntries(int64(mb)<<20)) * int64(unsafe.Sizeof(entry{}))
}

// resizeTable gives s (and its helper threads) a new empty table of at
// most bytes in place of the one New made.
func (s *Searcher[P, M, PP]) resizeTable(bytes int64) {
	s.tt.release()
	s.tt = newTableBytes(bytes, s.tt.code)
	for _, h := range s.helpers {
		h.tt = s.tt
	}
}

// release returns the table's memory; the table must not be used again.
func (t *table[M]) release() {
	t.entries = nil
	t.mem.free()
}

// newSearch starts a search generation. When forget is set, everything
// stored before is forgotten, without touching the memory: a large table
// costs nothing to start afresh.
func (t *table[M]) newSearch(forget bool) {
	if t.gen == 1<<16-1 {
		// The generations wrapped, once in 65,535 searches: new memory
		// rather than a clear where it can, which would touch every page
		// of a large table before the search could start.
		t.entries, t.mem = renewTable(t.entries, t.mem)
		freeWith(t, t.mem)
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
