//go:build !unix

package search

import "unsafe"

// mappedTables: tables live outside Go's heap (mapMemory).
const mappedTables = false

// mapMemory takes the memory from Go's heap where the system has no mmap:
// fresh memory is still untouched until written; a reused block is zeroed.
// Words, not bytes: a table's atomic words need their alignment.
func mapMemory(size int) []byte {
	words := make([]uint64, (size+7)/8)
	return unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(words))), size)
}

func unmapMemory([]byte) {}
