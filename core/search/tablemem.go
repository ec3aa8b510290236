package search

import (
	"math"
	"os"
	"runtime"
	"strconv"
	"sync/atomic"
	"unsafe"
)

// tableMem is the memory of one table (a transposition or proof table).
// Where the system allows it (tablemem_unix.go) it is mapped outside Go's
// heap: untouched pages cost no memory until a search writes them, and
// free returns every page to the system at once, where Go's heap would
// zero (touch) a reused block before handing it out and give the pages
// back only after a collection and the scavenger. Elsewhere it is a Go
// slice (tablemem_other.go).
type tableMem struct {
	mem   []byte
	freed atomic.Bool
	// resident: makeResident has written every page (only the table's
	// one searcher at a time calls it, before its search).
	resident bool
}

// allocTable returns n zero values of T in memory of their own, none of
// it touched yet; T must hold no pointers. The memory is returned when
// free is called, or when the returned slice's owner is collected
// (tableOwner), whichever comes first.
func allocTable[T any](n int) ([]T, *tableMem) {
	var zero T
	if n <= 0 || unsafe.Sizeof(zero) == 0 {
		return nil, &tableMem{}
	}
	if uint64(n) > uint64(math.MaxInt)/uint64(unsafe.Sizeof(zero)) {
		// A 32-bit system asked for gigabytes: the same as a failed make.
		panic("search: a table of " + strconv.Itoa(n) + " entries is larger than the address space")
	}
	size := int(unsafe.Sizeof(zero)) * n
	mem := mapMemory(size)
	return unsafe.Slice((*T)(unsafe.Pointer(unsafe.SliceData(mem))), n), &tableMem{mem: mem}
}

// free returns the memory; the table must no longer be used (its owner
// drops its slice first). Calling it again does nothing.
func (m *tableMem) free() {
	if m == nil || m.freed.Swap(true) || m.mem == nil {
		return
	}
	unmapMemory(m.mem)
}

// bytes is the memory's size.
func (m *tableMem) bytes() int64 {
	if m == nil {
		return 0
	}
	return int64(len(m.mem))
}

// makeResident writes every page of the memory once, keeping what it
// holds (an atomic add of zero), so that a search on it pays no page
// faults: a first touch costs about 11 µs a page on the machine of
// docs/benchmarks-ataxx.md, 45 ms for a table of 16 MB, half of a move at
// 100 ms. The memory then costs its whole size (WithResident says when
// that is wanted).
func (m *tableMem) makeResident() {
	if m == nil || m.resident || m.freed.Load() {
		return
	}
	page := os.Getpagesize()
	for i := 0; i+8 <= len(m.mem); i += page {
		atomic.AddUint64((*uint64)(unsafe.Pointer(&m.mem[i])), 0)
	}
	m.resident = true
}

// freeWith frees m once owner is collected: a table its pool dropped
// without freeing it (a search that panicked) is not kept forever.
func freeWith[T any](owner *T, m *tableMem) {
	runtime.AddCleanup(owner, func(m *tableMem) { m.free() }, m)
}

// renewTable returns t's memory zeroed: new untouched memory where tables
// are mapped (clearing would touch every page, so that a forgotten table
// would stay as large in memory as a full one), else t cleared in place.
// The caller registers the new memory with freeWith.
func renewTable[T any](t []T, m *tableMem) ([]T, *tableMem) {
	if !mappedTables {
		clear(t)
		return t, m
	}
	n, old := len(t), m
	t, m = allocTable[T](n)
	old.free()
	return t, m
}
