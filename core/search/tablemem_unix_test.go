//go:build unix

package search

import (
	"context"
	"runtime/debug"
	"syscall"
	"testing"
)

// untouchable maps tables that fault on any read or write while f runs:
// what f makes must not touch its tables' memory. A fault is a panic
// there (SetPanicOnFault), which touched reports.
func untouchable(t *testing.T, f func()) (touched bool) {
	t.Helper()
	own := mapMemory
	mapMemory = func(size int) []byte { return mapWith(size, syscall.PROT_NONE) }
	old := debug.SetPanicOnFault(true)
	defer func() {
		mapMemory = own
		debug.SetPanicOnFault(old)
		if recover() != nil {
			touched = true
		}
	}()
	f()
	return false
}

// Making a searcher, a prover, or a pool's searcher for a request touches
// none of their tables' memory: a page costs memory only once a search
// writes it, so a large table a short search barely uses stays small.
func TestNewTablesAreNotTouched(t *testing.T) {
	var pool Pool[ttt, int, *ttt]
	spec := Spec[ttt, int]{Key: "untouched", Config: tttConfig, Proof: &ProofConfig[ttt, int]{}}
	var made []*table[int]
	var provers []*Prover[ttt, int, *ttt]
	if untouchable(t, func() {
		made = append(made, newTable(4, codeFor[int]()))
		s := New[ttt, int](tttConfig(), 4)
		made = append(made, s.tt)
		s.Clear()
		provers = append(provers, NewProver[ttt, int](ProofConfig[ttt, int]{}, 4))
		ps := pool.take(spec, tableBytes(4))
		made = append(made, ps.s.tt)
		pr, _ := pool.takeProver(spec, proofBytes(1<<20))
		pr.Clear()
		provers = append(provers, pr)
	}) {
		t.Fatal("making a table touched its memory")
	}
	// The check can fail: a search writes the table, and faults (which
	// the search's own recover reports as a failed thread).
	var res Result[int]
	if !untouchable(t, func() {
		s := New[ttt, int](tttConfig(), 1)
		res = s.Search(context.Background(), ttt{}, Limits[int]{Depth: 2})
	}) && res.Err == nil {
		t.Fatal("a search ran on untouchable memory: the check proves nothing")
	}
	for _, tb := range made {
		tb.release()
	}
	for _, pr := range provers {
		pr.release()
	}
	tables.drop(tableBytes(4) + proofBytes(1<<20))
}
