package search

import (
	"context"
	"fmt"
	"runtime/debug"
	"sync"
)

// ThreadPanic is a panic in one thread of a search, recovered: a bug in a
// game's rules or evaluation must not kill the app or the engine. The
// search answers with what the threads that did not fail found.
type ThreadPanic struct {
	Thread int // 0 the main thread, i the i-th helper
	Value  any
	Stack  []byte
	// Others counts the further threads of the same search that failed.
	Others int
}

func (e *ThreadPanic) Error() string {
	msg := fmt.Sprintf("search thread %d failed: %v", e.Thread, e.Value)
	if e.Others > 0 {
		msg += fmt.Sprintf(" (and %d more)", e.Others)
	}
	return msg
}

// recovered turns the panic value p of thread into a *ThreadPanic (nil
// when there was none). Call it from the deferred function itself.
func recovered(thread int, p any) *ThreadPanic {
	if p == nil {
		return nil
	}
	return &ThreadPanic{Thread: thread, Value: p, Stack: debug.Stack()}
}

// firstFailure is the first of failures, counting the others (one search
// answers with one error line).
func firstFailure(failures []*ThreadPanic) *ThreadPanic {
	var first *ThreadPanic
	for _, f := range failures {
		switch {
		case f == nil:
		case first == nil:
			first = f
		default:
			first.Others += 1 + f.Others
		}
	}
	return first
}

// A fault makes one thread of the searches under a context panic, as a
// bug would: the tests of every caller's recovery inject one
// (InjectPanic). It travels in the context so that it reaches only the
// searches of the test that set it.
type fault struct {
	thread int
	nodes  int64 // the thread panics once it has searched this many
	// afterDepth > 0: only once some thread completed this iteration.
	afterDepth int
	fired      chan struct{} // closed when the thread panics
	once       sync.Once
}

type faultKey struct{}

// InjectPanic is for tests of the callers' recovery: thread (0 the main
// thread, i the i-th helper) of every search run under the returned
// context panics once it has searched nodes nodes (at its start when nodes
// is 0; the count is checked every 256 nodes).
func InjectPanic(ctx context.Context, thread int, nodes int64) context.Context {
	return withFault(ctx, &fault{thread: thread, nodes: nodes, fired: make(chan struct{})})
}

func withFault(ctx context.Context, f *fault) context.Context {
	return context.WithValue(ctx, faultKey{}, f)
}

// faultFor is the fault ctx injects into thread, if any.
func faultFor(ctx context.Context, thread int) *fault {
	if f, ok := ctx.Value(faultKey{}).(*fault); ok && f.thread == thread {
		return f
	}
	return nil
}

// checkFault panics when the thread's injected fault is due.
func (s *Searcher[P, M, PP]) checkFault() {
	f := s.fault
	if f == nil || s.nodes < f.nodes {
		return
	}
	if f.afterDepth > 0 && (s.shared == nil || int(s.shared.deepest.Load()) < f.afterDepth) {
		return
	}
	f.once.Do(func() { close(f.fired) })
	panic(fmt.Sprintf("injected fault after %d nodes", s.nodes))
}
