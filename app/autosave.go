package app

import (
	"sync"

	"github.com/jumpers-game/jumpers/storage"
)

// Autosaver writes the games' files on its own goroutine, newest wins per
// game: the UI goroutine hands over a snapshot and returns at once, so a
// slow disk (an fsync on a phone can take tens of milliseconds) never
// stalls a frame. Snapshots of one game that arrive while another is
// being written replace each other; only the latest is written next.
// Snapshots of different games never replace each other: leaving one game
// for another must not lose the first one's last move.
type Autosaver struct {
	write func(id string, sv storage.Save) error
	// done hears the result of every write of game id (err nil: written).
	done func(id string, err error)

	mu      sync.Mutex
	cond    *sync.Cond
	pending map[string]storage.Save
	order   []string // ids of pending, oldest first
	queued  uint64   // snapshots handed over
	written uint64   // snapshots handled (written or replaced)
	busy    bool
	closed  bool
}

// NewAutosaver starts the writer. write is usually Store.Keep; done (may
// be nil) hears the result of every write, failed or not, on the writer
// goroutine: a failure is no longer silent, and a later success clears it.
func NewAutosaver(write func(id string, sv storage.Save) error, done func(id string, err error)) *Autosaver {
	a := &Autosaver{write: write, done: done, pending: map[string]storage.Save{}}
	a.cond = sync.NewCond(&a.mu)
	go a.loop()
	return a
}

// Save hands over sv, the game id, for writing and returns at once.
func (a *Autosaver) Save(id string, sv storage.Save) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.closed {
		return
	}
	if _, ok := a.pending[id]; !ok {
		a.order = append(a.order, id)
	}
	a.pending[id] = sv
	a.queued++
	a.cond.Broadcast()
}

func (a *Autosaver) loop() {
	a.mu.Lock()
	defer a.mu.Unlock()
	for {
		for len(a.order) == 0 && !a.closed {
			a.cond.Wait()
		}
		if len(a.order) == 0 && a.closed {
			return
		}
		id := a.order[0]
		a.order = a.order[1:]
		sv := a.pending[id]
		delete(a.pending, id)
		seq := a.queued
		if len(a.order) > 0 {
			seq = a.written // others still wait: not everything is handled
		}
		a.busy = true
		a.mu.Unlock()
		err := a.write(id, sv)
		if a.done != nil {
			a.done(id, err)
		}
		a.mu.Lock()
		a.busy = false
		a.written = max(a.written, seq)
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
