package app

import (
	"sync"

	"github.com/jumpers-game/jumpers/storage"
)

// Autosaver writes autosaves on its own goroutine, newest wins: the UI
// goroutine hands over a snapshot and returns at once, so a slow disk
// (an fsync on a phone can take tens of milliseconds) never stalls a
// frame. Snapshots that arrive while one is being written replace each
// other; only the latest is written next.
type Autosaver struct {
	write func(storage.Save) error
	onErr func(error)

	mu      sync.Mutex
	cond    *sync.Cond
	pending *storage.Save
	queued  uint64 // snapshots handed over
	written uint64 // snapshots handled (written or replaced)
	busy    bool
	closed  bool
}

// NewAutosaver starts the writer. write is usually Store.Autosave; onErr
// (may be nil) hears about failed writes, on the writer goroutine.
func NewAutosaver(write func(storage.Save) error, onErr func(error)) *Autosaver {
	a := &Autosaver{write: write, onErr: onErr}
	a.cond = sync.NewCond(&a.mu)
	go a.loop()
	return a
}

// Save hands sv over for writing and returns at once.
func (a *Autosaver) Save(sv storage.Save) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.closed {
		return
	}
	a.pending = &sv
	a.queued++
	a.cond.Broadcast()
}

func (a *Autosaver) loop() {
	a.mu.Lock()
	defer a.mu.Unlock()
	for {
		for a.pending == nil && !a.closed {
			a.cond.Wait()
		}
		if a.pending == nil && a.closed {
			return
		}
		sv, seq := *a.pending, a.queued
		a.pending = nil
		a.busy = true
		a.mu.Unlock()
		err := a.write(sv)
		if err != nil && a.onErr != nil {
			a.onErr(err)
		}
		a.mu.Lock()
		a.busy = false
		a.written = seq
		a.cond.Broadcast()
	}
}

// Flush waits until every snapshot handed over so far is on disk (or
// failed). The lifecycle hooks call it before the app may be killed.
func (a *Autosaver) Flush() {
	a.mu.Lock()
	defer a.mu.Unlock()
	target := a.queued
	for a.written < target {
		a.cond.Wait()
	}
}

// Close flushes and stops the writer.
func (a *Autosaver) Close() {
	a.Flush()
	a.mu.Lock()
	a.closed = true
	a.cond.Broadcast()
	a.mu.Unlock()
}
