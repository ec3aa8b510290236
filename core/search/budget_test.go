package search

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"pgregory.net/rapid"

	"github.com/jumpers-game/jumpers/core"
)

// idleSizes lists the sizes of owner's idle items of group in the
// process's budget, least recently used first.
func idleSizes(owner any, group string) []int64 {
	tables.mu.Lock()
	defer tables.mu.Unlock()
	var sizes []int64
	for _, it := range tables.idle {
		if it.owner == owner && it.group == group {
			sizes = append(sizes, it.size)
		}
	}
	return sizes
}

// fakeItem is an idle item whose free is recorded.
type fakeItem struct {
	name  string
	bytes int64
	freed *[]string
}

func (f *fakeItem) item(owner any, group string) *idleItem {
	return &idleItem{owner: owner, group: group, size: f.bytes, bytes: f.bytes, value: f, free: func() { *f.freed = append(*f.freed, f.name) }}
}

// The budget against a model: whatever sequence of requests, returns,
// limit changes and releases, the idle items are freed least recently
// used first, exactly those, and only when the total is over the limit;
// after each step the total is within the limit unless every table left
// is in use.
func TestBudgetKeepsWithinLimitLeastRecentlyUsedFirst(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		b := budget{limit: rapid.Int64Range(1, 100).Draw(t, "limit")}
		var freed []string
		type modelItem struct {
			name  string
			group string
			bytes int64
		}
		var idle []modelItem // least recently used first
		busy := map[string]modelItem{}
		var busyBytes int64
		owner := new(byte)
		n := 0
		used := func() int64 {
			u := busyBytes
			for _, it := range idle {
				u += it.bytes
			}
			return u
		}
		// evict is the model's eviction: least recently used first.
		evict := func(more int64) {
			for len(idle) > 0 && used()+more > b.limit {
				mustBeFreed(t, freed, idle[0].name, "least recently used over the limit")
				idle = idle[1:]
			}
		}
		groups := []string{"a", "b", "c"}
		for step := range rapid.IntRange(1, 40).Draw(t, "steps") {
			switch rapid.IntRange(0, 4).Draw(t, "op") {
			case 0, 1: // a request: reuse an idle item of its group or make one
				g := rapid.SampledFrom(groups).Draw(t, "group")
				size := rapid.Int64Range(1, 40).Draw(t, "bytes")
				last := -1
				for i, m := range idle {
					if m.group == g && m.bytes == size {
						last = i
					}
				}
				if v, ok := b.take(owner, g, size); ok {
					f := v.(*fakeItem)
					if last < 0 || idle[last].name != f.name {
						t.Fatalf("step %d: took %s, not the most recently used idle item of %s/%d", step, f.name, g, size)
					}
					idle = slices.Delete(idle, last, last+1)
					busy[f.name] = modelItem{f.name, g, size}
					busyBytes += size
				} else {
					if last >= 0 {
						t.Fatalf("step %d: an idle %s/%d was there to take", step, g, size)
					}
					b.reserve(size)
					evict(size)
					n++
					name := fmt.Sprint("t", n)
					busy[name] = modelItem{name, g, size}
					busyBytes += size
				}
			case 2: // a search ends: its item goes idle
				if len(busy) == 0 {
					continue
				}
				names := make([]string, 0, len(busy))
				for k := range busy {
					names = append(names, k)
				}
				slices.Sort(names)
				m := busy[rapid.SampledFrom(names).Draw(t, "done")]
				delete(busy, m.name)
				busyBytes -= m.bytes
				f := &fakeItem{name: m.name, bytes: m.bytes, freed: &freed}
				b.put(f.item(owner, m.group), m.bytes, maxIdle)
				// model: other sizes of the group go, then the cap, then LRU
				var kept []modelItem
				for _, o := range idle {
					if o.group == m.group && o.bytes != m.bytes {
						mustBeFreed(t, freed, o.name, "another size of its group came back")
						continue
					}
					kept = append(kept, o)
				}
				idle = kept
				same := 0
				for _, o := range idle {
					if o.group == m.group {
						same++
					}
				}
				if same < maxIdle {
					idle = append(idle, m)
				} else {
					mustBeFreed(t, freed, m.name, "its group had enough idle items")
				}
				evict(0)
			case 3:
				b.setLimit(rapid.Int64Range(1, 100).Draw(t, "new limit"))
				evict(0)
			case 4:
				b.releaseIdle()
				for _, m := range idle {
					mustBeFreed(t, freed, m.name, "released")
				}
				idle = nil
			}
			// The model's idle items are exactly the budget's, in order,
			// and nothing idle was freed.
			got := make([]string, len(b.idle))
			for i, it := range b.idle {
				got[i] = it.value.(*fakeItem).name
				if slices.Contains(freed, got[i]) {
					t.Fatalf("step %d: %s is idle but was freed", step, got[i])
				}
			}
			want := make([]string, len(idle))
			for i, m := range idle {
				want[i] = m.name
			}
			if !slices.Equal(got, want) {
				t.Fatalf("step %d: idle %v, want %v (least recently used first)", step, got, want)
			}
			if b.used != used() {
				t.Fatalf("step %d: %d bytes accounted, want %d", step, b.used, used())
			}
			if b.used > b.limit && len(b.idle) > 0 {
				t.Fatalf("step %d: %d bytes over the limit %d with %d idle items left", step, b.used, b.limit, len(b.idle))
			}
			for name := range busy {
				if slices.Contains(freed, name) {
					t.Fatalf("step %d: %s is in use but was freed", step, name)
				}
			}
		}
	})
}

func mustBeFreed(t *rapid.T, freed []string, name, why string) {
	t.Helper()
	if !slices.Contains(freed, name) {
		t.Fatalf("%s was not freed (%s); freed %v", name, why, freed)
	}
}

// pooledIdle is owner's idle searcher of group (nil if none).
func pooledIdle(owner any, group string) *pooled[ttt, int, *ttt] {
	tables.mu.Lock()
	defer tables.mu.Unlock()
	for _, it := range tables.idle {
		if it.owner == owner && it.group == group {
			return it.value.(*pooled[ttt, int, *ttt])
		}
	}
	return nil
}

func poolMove(t *testing.T, pool *Pool[ttt, int, *ttt], key string, mb int) {
	t.Helper()
	spec := Spec[ttt, int]{Key: key, Config: tttConfig, HashMB: mb}
	g := ttt{cell: [9]int8{1, 0, 0, 0, 2, 0, 0, 0, 0}}
	format := func(m int) string { return string(rune('0' + m)) }
	if _, err := pool.BestMove(context.Background(), spec, g, core.Level{Name: "l"}, core.AIRequest{Depth: 2}, format); err != nil {
		t.Fatal(err)
	}
}

// ReleaseIdle frees every idle searcher's table: nothing is accounted
// after it (no search runs), and the searcher's memory is gone.
func TestReleaseIdleFreesIdleTables(t *testing.T) {
	var pool Pool[ttt, int, *ttt]
	before := TableMemory()
	poolMove(t, &pool, "release", 1)
	ps := pooledIdle(&pool, "release")
	if ps == nil {
		t.Fatal("the searcher did not go back to the pool")
	}
	if got := TableMemory() - before; got != tableBytes(1) {
		t.Fatalf("%d bytes more accounted, want its table's %d", got, tableBytes(1))
	}
	ReleaseIdle()
	if TableMemory() != 0 || pooledIdle(&pool, "release") != nil {
		t.Fatalf("after ReleaseIdle: %d bytes accounted, idle searcher %v", TableMemory(), pooledIdle(&pool, "release"))
	}
	if ps.s.tt.entries != nil || !ps.s.tt.mem.freed.Load() {
		t.Fatal("the released searcher's table memory was not freed")
	}
	// The pool makes a new searcher for the next request.
	poolMove(t, &pool, "release", 1)
	if p2 := pooledIdle(&pool, "release"); p2 == nil || p2 == ps {
		t.Fatal("the next request did not get a new searcher")
	}
	ReleaseIdle()
}

// Searchers of several configurations in a budget that holds two of
// them: the least recently used goes, the total stays within the budget.
func TestPoolEvictsLeastRecentlyUsed(t *testing.T) {
	defer SetMemoryBudget(int(MemoryBudget() >> 20))
	ReleaseIdle()
	SetMemoryBudget(2)
	var pool Pool[ttt, int, *ttt]
	for _, key := range []string{"a", "b", "a", "c"} {
		poolMove(t, &pool, key, 1)
		if TableMemory() > MemoryBudget() {
			t.Fatalf("after %s: %d bytes accounted, budget %d", key, TableMemory(), MemoryBudget())
		}
	}
	if pooledIdle(&pool, "b") != nil || pooledIdle(&pool, "a") == nil || pooledIdle(&pool, "c") == nil {
		t.Fatalf("idle a %v b %v c %v: want b (least recently used) evicted", pooledIdle(&pool, "a") != nil, pooledIdle(&pool, "b") != nil, pooledIdle(&pool, "c") != nil)
	}
	ReleaseIdle()
}

// A request's tables fit the budget; within the app's budget the default
// sizes stay as they were.
func TestFitTables(t *testing.T) {
	const mb = 1 << 20
	cases := []struct {
		limit  int64
		hash   int
		proof  bool
		tt, pr int64
	}{
		// A proof entry is smaller on 32-bit phones (armeabi-v7a): the
		// proof table holds as many entries in fewer bytes.
		{DefaultBudgetMB * mb, DefaultHashMB, true, 16 * mb, proofBytes(8 * mb)},
		{DefaultBudgetMB * mb, 4, true, 4 * mb, proofBytes(8 * mb)},
		{16 * mb, 16, false, 16 * mb, 0},
		{16 * mb, 16, true, 8 * mb, proofBytes(8 * mb)},
		{1 * mb, 16, true, mb / 2, proofBytes(mb / 2)},
		{64 << 10, 1, true, 64 << 10, proofBytes(32 << 10)},
	}
	for _, c := range cases {
		tt, pr := fitTables(c.limit, c.hash, c.proof)
		if tt != c.tt || pr != c.pr {
			t.Errorf("budget %d, hash %d MB, proof %v: tables %d + %d, want %d + %d", c.limit, c.hash, c.proof, tt, pr, c.tt, c.pr)
		}
	}
}

// A discarded searcher (a search that panicked) is freed and no longer
// accounted.
func TestDiscardFreesAndForgets(t *testing.T) {
	ReleaseIdle()
	var pool Pool[ttt, int, *ttt]
	spec := Spec[ttt, int]{Key: "discard", Config: tttConfig}
	ps := pool.take(spec, tableBytes(1))
	if TableMemory() != tableBytes(1) {
		t.Fatalf("%d bytes accounted for a 1 MB table", TableMemory())
	}
	pool.discard(ps)
	if TableMemory() != 0 || !ps.s.tt.mem.freed.Load() {
		t.Fatalf("after discard: %d bytes accounted, freed %v", TableMemory(), ps.s.tt.mem.freed.Load())
	}
}
