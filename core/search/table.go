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
	key     uint64
	move    M
	score   int32
	depth   int8
	bound   bound
	age     uint8
	hasMove bool
}

// table is a transposition table of bounded size: a power-of-two array of
// two-entry buckets. The first slot keeps the deepest result of the current
// search, the second is always replaced, so deep results survive while new
// ones still get in.
type table[M comparable] struct {
	entries []entry[M]
	mask    uint64
	age     uint8
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
	return &table[M]{entries: make([]entry[M], n), mask: n/2 - 1}
}

func (t *table[M]) clear() {
	clear(t.entries)
	t.age = 0
}

func (t *table[M]) newSearch() { t.age++ }

func (t *table[M]) probe(key uint64) (*entry[M], bool) {
	b := (key & t.mask) * 2
	for i := b; i < b+2; i++ {
		if e := &t.entries[i]; e.key == key && e.bound != boundNone {
			return e, true
		}
	}
	return nil, false
}

func (t *table[M]) store(key uint64, move M, score, depth int, bd bound, _ int) {
	b := (key & t.mask) * 2
	first := &t.entries[b]
	slot := &t.entries[b+1]
	if first.key == key || first.bound == boundNone || first.age != t.age || depth >= int(first.depth) {
		slot = first
	}
	hasMove := true
	var zero M
	if slot.key == key && move == zero && bd == boundUpper {
		// A fail-low has no best move; keep the one we knew.
		move, hasMove = slot.move, slot.hasMove
	}
	*slot = entry[M]{key: key, move: move, score: int32(score), depth: int8(min(depth, 127)), bound: bd, age: t.age, hasMove: hasMove}
}
