package search

import "sync"

// DefaultBudgetMB is the memory every search table of the process shares
// (transposition and proof tables) until SetMemoryBudget changes it: the
// app's. It holds the computer's search at Expert (a 16 MB table, which
// all its threads share, and an 8 MB proof table) beside a hint's 16 MB
// table; two searches that need more at once still run (what is in use
// is never taken away), and the idle tables go. With the Go runtime and
// the searchers' own memory the app stays under 64 MB resident after
// every game, size and level (docs/benchmarks.md, "Memory").
const DefaultBudgetMB = 40

// budget accounts the tables of every pool of the process: the bytes of
// the tables in use (busy) and of the idle ones the pools keep for the
// next request, least recently used first. When a new table would not fit
// or a table comes back over the limit, the least recently used idle
// tables are freed until the total fits (or nothing idle is left: tables
// in use are never taken away).
type budget struct {
	mu    sync.Mutex
	limit int64
	used  int64       // bytes of every table made and not freed, busy or idle
	idle  []*idleItem // least recently used first
}

// idleItem is one idle searcher or prover in the budget's list.
type idleItem struct {
	owner any    // the pool it belongs to
	group string // its configuration (the pool's spec key, with "proof|" for a prover)
	size  int64  // its main table's size: only the same size is reused
	bytes int64  // what it holds, accounted in used
	value any
	free  func() // returns its tables' memory
}

// tables is the process's budget.
var tables = budget{limit: DefaultBudgetMB << 20}

// SetMemoryBudget sets the memory all search tables of the process share,
// in MB (at least 1), freeing the least recently used idle tables until
// the rest fits. The engine sets it to its Hash option.
func SetMemoryBudget(mb int) {
	tables.setLimit(int64(max(mb, 1)) << 20)
}

// MemoryBudget is the budget in bytes.
func MemoryBudget() int64 {
	tables.mu.Lock()
	defer tables.mu.Unlock()
	return tables.limit
}

// TableMemory is the bytes of every search table the process holds: in
// use and idle.
func TableMemory() int64 {
	tables.mu.Lock()
	defer tables.mu.Unlock()
	return tables.used
}

// ReleaseIdle frees every idle searcher's and prover's tables, keeping
// the ones in use: the app calls it when it leaves the foreground, where
// the system kills the apps that hold the most memory. The next search of
// each configuration starts with a new (empty) table.
func ReleaseIdle() { tables.releaseIdle() }

func (b *budget) setLimit(limit int64) {
	b.mu.Lock()
	b.limit = limit
	victims := b.evictLocked(0)
	b.mu.Unlock()
	freeAll(victims)
}

func (b *budget) releaseIdle() {
	b.mu.Lock()
	victims := b.idle
	b.idle = nil
	for _, it := range victims {
		b.used -= it.bytes
	}
	b.mu.Unlock()
	freeAll(victims)
}

// take removes and returns owner's most recently used idle item of group
// and size; it stays accounted (now busy).
func (b *budget) take(owner any, group string, size int64) (any, bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	for i := len(b.idle) - 1; i >= 0; i-- {
		it := b.idle[i]
		if it.owner == owner && it.group == group && it.size == size {
			b.idle = append(b.idle[:i], b.idle[i+1:]...)
			return it.value, true
		}
	}
	return nil, false
}

// reserve accounts a new table of bytes, freeing least recently used idle
// tables first so that the total stays within the limit where it can.
func (b *budget) reserve(bytes int64) {
	b.mu.Lock()
	victims := b.evictLocked(bytes)
	b.used += bytes
	b.mu.Unlock()
	freeAll(victims)
}

// put makes it idle (most recently used) and accounts it: busy bytes
// were accounted, which it.bytes now replaces (a searcher's caches grow
// as it searches). Of owner's idle items of it.group only the size in
// use stays (sizes a user tried once do not pile up), at most keep of
// them; then the least recently used are freed down to the limit.
func (b *budget) put(it *idleItem, busy int64, keep int) {
	b.mu.Lock()
	b.used += it.bytes - busy
	var victims []*idleItem
	same := 0
	kept := b.idle[:0]
	for _, o := range b.idle {
		switch {
		case o.owner != it.owner || o.group != it.group:
		case o.size != it.size:
			victims = append(victims, o)
			b.used -= o.bytes
			continue
		default:
			same++
		}
		kept = append(kept, o)
	}
	clear(b.idle[len(kept):])
	b.idle = kept
	if same < keep {
		b.idle = append(b.idle, it)
	} else {
		victims = append(victims, it)
		b.used -= it.bytes
	}
	victims = append(victims, b.evictLocked(0)...)
	b.mu.Unlock()
	freeAll(victims)
}

// drop stops accounting a busy item that never comes back.
func (b *budget) drop(bytes int64) {
	b.mu.Lock()
	b.used -= bytes
	b.mu.Unlock()
}

// evictLocked removes least recently used idle items until used+more fits
// the limit or none is idle, and returns them to be freed (outside the
// lock: freeing a table is a system call).
func (b *budget) evictLocked(more int64) []*idleItem {
	n := 0
	for n < len(b.idle) && b.used+more > b.limit {
		b.used -= b.idle[n].bytes
		n++
	}
	if n == 0 {
		return nil
	}
	victims := append([]*idleItem(nil), b.idle[:n]...)
	b.idle = append(b.idle[:0], b.idle[n:]...)
	clear(b.idle[len(b.idle) : len(b.idle)+n])
	return victims
}

func freeAll(items []*idleItem) {
	for _, it := range items {
		it.free()
	}
}
