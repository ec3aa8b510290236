package search

import "unsafe"

type bound uint8

const (
	boundNone bound = iota
	boundExact
	boundLower // score is at least this (a cutoff)
	boundUpper // score is at most this (all moves failed low)
)

type entry[M comparable] struct {
	key   uint64
	move  M
	score int32
	depth int8
	bound bound
	// gen is the search generation that wrote the entry: entries older
	// than the table's base are empty, so forgetting the whole table is
	// O(1) however large it is.
	gen uint16
	// hasMove is false when the node had no best move (every move failed
	// low): the zero M may be a real move (cube square 0).
	hasMove bool
}

// table is a transposition table of bounded size: a power-of-two array of
// two-entry buckets. The first slot keeps the deepest result of the current
// search, the second is always replaced, so deep results survive while new
// ones still get in.
type table[M comparable] struct {
	entries []entry[M]
	mask    uint64
	gen     uint16 // the current search's generation
	base    uint16 // entries of generations before base are forgotten
}

func newTable[M comparable](mb int) *table[M] {
	if mb <= 0 {
		mb = 16
	}
	size := uintptr(mb) << 20 / unsafe.Sizeof(entry[M]{})
	n := uint64(2)
	for n*2 <= uint64(size) {
		n *= 2
	}
	// Generation 0 marks never-written slots; searches start at 1.
	return &table[M]{entries: make([]entry[M], n), mask: n/2 - 1, gen: 1, base: 1}
}

// newSearch starts a search generation. When forget is set, everything
// stored before is forgotten, without touching the memory: a large table
// costs nothing to start afresh.
func (t *table[M]) newSearch(forget bool) {
	if t.gen == 1<<16-1 {
		// The generations wrapped: a real clear, once in 65,535 searches.
		clear(t.entries)
		t.gen, t.base = 0, 0
		forget = true
	}
	t.gen++
	if forget {
		t.base = t.gen
	}
}

func (t *table[M]) live(e *entry[M]) bool { return e.gen >= t.base && e.bound != boundNone }

func (t *table[M]) probe(key uint64) (*entry[M], bool) {
	b := (key & t.mask) * 2
	for i := b; i < b+2; i++ {
		if e := &t.entries[i]; e.key == key && t.live(e) {
			return e, true
		}
	}
	return nil, false
}

// store records a node's result. hasMove is false when the node has no
// best move (it failed low); the move known from before is kept then.
func (t *table[M]) store(key uint64, move M, hasMove bool, score, depth int, bd bound) {
	b := (key & t.mask) * 2
	first := &t.entries[b]
	slot := &t.entries[b+1]
	if first.key == key || !t.live(first) || first.gen != t.gen || depth >= int(first.depth) {
		slot = first
	}
	if !hasMove && slot.key == key && t.live(slot) {
		move, hasMove = slot.move, slot.hasMove
	}
	*slot = entry[M]{key: key, move: move, score: int32(score), depth: int8(min(depth, 127)), bound: bd, gen: t.gen, hasMove: hasMove}
}
