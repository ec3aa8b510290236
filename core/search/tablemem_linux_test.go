package search

import (
	"context"
	"os"
	"syscall"
	"testing"
	"unsafe"

	"github.com/jumpers-game/jumpers/core"
)

// residentPages counts the pages of mem the system holds in memory.
func residentPages(t *testing.T, mem []byte) (in, all int) {
	t.Helper()
	page := os.Getpagesize()
	all = (len(mem) + page - 1) / page
	vec := make([]byte, all)
	_, _, errno := syscall.Syscall(syscall.SYS_MINCORE, uintptr(unsafe.Pointer(unsafe.SliceData(mem))), uintptr(len(mem)), uintptr(unsafe.Pointer(unsafe.SliceData(vec))))
	if errno != 0 {
		t.Fatalf("mincore: %v", errno)
	}
	for _, v := range vec {
		in += int(v & 1)
	}
	return in, all
}

// A short search leaves most of a fresh table out of memory; a request
// that asks for it (the engine's warm-up) has every page of the table in
// memory before the search starts, and what the table held is kept.
func TestWithResidentMakesTheTableResident(t *testing.T) {
	var pool Pool[ttt, int, *ttt]
	spec := Spec[ttt, int]{Key: "resident", Config: tttConfig}
	g := ttt{cell: [9]int8{1, 0, 0, 0, 2, 0, 0, 0, 0}}
	format := func(m int) string { return string(rune('0' + m)) }
	const mb = 8
	search := func(ctx context.Context) *table[int] {
		t.Helper()
		if _, err := pool.BestMove(ctx, spec, g, core.Level{Name: "l"}, core.AIRequest{Depth: 1, HashMB: mb}, format); err != nil {
			t.Fatal(err)
		}
		ps := pool.take(spec, tableBytes(mb))
		defer pool.put(spec.Key, ps)
		return ps.s.tt
	}
	tt := search(context.Background())
	if in, all := residentPages(t, tt.mem.mem); in > all/4 {
		t.Fatalf("a depth-1 search made %d of %d pages resident: the check below proves nothing", in, all)
	}
	tt = search(WithResident(context.Background()))
	if in, all := residentPages(t, tt.mem.mem); in != all {
		t.Fatalf("%d of %d pages resident after WithResident", in, all)
	}
	ps := pool.take(spec, tableBytes(mb))
	pool.discard(ps)
}

// Making a table resident keeps every word it holds.
func TestMakeResidentKeepsTheTable(t *testing.T) {
	tt := newTable(1, codeFor[int]())
	defer tt.release()
	page := os.Getpagesize() / int(unsafe.Sizeof(entry{}))
	for i := 0; i < len(tt.entries); i += page / 2 {
		tt.store(uint64(i)*0x9e3779b97f4a7c15+1, i%9, true, i%500, i%20, boundExact)
	}
	before := make([]uint64, 0, 2*len(tt.entries))
	for i := range tt.entries {
		before = append(before, tt.entries[i].check.Load(), tt.entries[i].data.Load())
	}
	tt.mem.makeResident()
	for i := range tt.entries {
		if c, d := tt.entries[i].check.Load(), tt.entries[i].data.Load(); c != before[2*i] || d != before[2*i+1] {
			t.Fatalf("entry %d: %x %x, was %x %x", i, c, d, before[2*i], before[2*i+1])
		}
	}
	if in, all := residentPages(t, tt.mem.mem); in != all {
		t.Fatalf("%d of %d pages resident", in, all)
	}
}
