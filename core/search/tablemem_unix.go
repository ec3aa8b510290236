//go:build unix

package search

import (
	"strconv"
	"syscall"
)

// mappedTables: tables live outside Go's heap (mapMemory).
const mappedTables = true

// mapMemory maps size bytes of private anonymous memory: zero, and
// resident only once written. A variable: a test maps memory that no
// code may touch.
var mapMemory = func(size int) []byte { return mapWith(size, syscall.PROT_READ|syscall.PROT_WRITE) }

func mapWith(size, prot int) []byte {
	mem, err := syscall.Mmap(-1, 0, size, prot, syscall.MAP_PRIVATE|syscall.MAP_ANON)
	if err != nil {
		// Out of address space: the same as a failed make.
		panic("search: cannot map a table of " + strconv.Itoa(size) + " bytes: " + err.Error())
	}
	return mem
}

func unmapMemory(mem []byte) { _ = syscall.Munmap(mem) }
