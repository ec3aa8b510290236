// Package apptest holds what the app and ui tests share.
package apptest

import (
	"sync"
	"testing"
	"time"
)

// Queue is a poster (the controller's Post) that keeps posted functions
// until the test runs them, on the test goroutine: the tests' "UI
// goroutine". Fyne's test driver runs fyne.Do inline on the calling
// goroutine, which would run AI answers on the AI's goroutine at the same
// time as the test.
type Queue struct {
	mu    sync.Mutex
	fs    []func()
	ready chan struct{}
}

// NewQueue makes an empty queue.
func NewQueue() *Queue { return &Queue{ready: make(chan struct{}, 10000)} }

// Post queues f.
func (q *Queue) Post(f func()) {
	q.mu.Lock()
	q.fs = append(q.fs, f)
	q.mu.Unlock()
	q.ready <- struct{}{}
}

// Len is the number of functions waiting.
func (q *Queue) Len() int {
	q.mu.Lock()
	defer q.mu.Unlock()
	return len(q.fs)
}

// RunOne waits for one posted function and runs it.
func (q *Queue) RunOne(t testing.TB) {
	t.Helper()
	select {
	case <-q.ready:
	case <-time.After(5 * time.Second):
		t.Fatal("nothing was posted")
	}
	q.mu.Lock()
	f := q.fs[0]
	q.fs = q.fs[1:]
	q.mu.Unlock()
	f()
}
