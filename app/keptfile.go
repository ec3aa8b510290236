package app

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"os"
	"sync"

	"github.com/jumpers-game/jumpers/storage"
)

// keptFile is one of the app's small JSON files beside the saved games
// (the statistics, the lessons' progress): read once at start, written
// whole with storage.WriteAtomic on a goroutine of its own (a phone's
// fsync takes tens of milliseconds), the newest copy winning. A file that
// cannot be read now, or that a newer app wrote, is never written over; a
// damaged one is put aside, never thrown away.
type keptFile struct {
	path string // "" keeps the data in memory only
	what string // for the log: "statistics"
	// notKept ends the reasons Err gives: "they are not counted".
	notKept string
	// unwritable says why the file must not be written this session: it
	// could not be read (a transient error must not turn into an empty
	// file over the player's data) or a newer app wrote it.
	unwritable error
	// writeFile writes the file (storage.WriteAtomic; tests block it).
	writeFile func(path string, data []byte) error

	mu      sync.Mutex
	err     error // the last write's failure
	queue   chan []byte
	pending sync.WaitGroup
}

// newerFileError is what a keptFile's decoder returns for a file of a
// version it does not know: kept as it is, not put aside.
type newerFileError struct{ version int }

func (e newerFileError) Error() string { return fmt.Sprintf("version %d", e.version) }

// openKept reads the file at path with decode, which fills the caller's
// data from the raw bytes. A missing file is no data yet (decode is not
// called). A file decode refuses is put aside under a name of its own
// (path.damaged, .damaged-2, ...: an earlier one is never replaced) and
// the data start again; a file that cannot be read now, or that decode
// finds newer (newerFileError), is left as it is and not written this
// session, and Err says why.
func openKept(path, what, notKept string, decode func(raw []byte) error) *keptFile {
	k := &keptFile{path: path, what: what, notKept: notKept, writeFile: storage.WriteAtomic}
	if path == "" {
		return k
	}
	k.queue = make(chan []byte, 1)
	go k.writer()
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return k
	}
	var raw []byte
	if err == nil {
		raw, err = io.ReadAll(io.LimitReader(f, 1<<20))
		f.Close()
	}
	if err != nil {
		k.unwritable = fmt.Errorf("could not be read (%v): %s until the app starts again", err, notKept)
		log.Printf("%s: %v", what, k.unwritable)
		return k
	}
	err = decode(raw)
	var newer newerFileError
	switch {
	case err == nil:
	case errors.As(err, &newer):
		k.unwritable = fmt.Errorf("were written by a newer version of the app (version %d): %s here", newer.version, notKept)
		log.Printf("%s: %v", what, k.unwritable)
	default:
		aside := damagedName(path)
		log.Printf("%s: %v; put aside as %s, starting again", what, err, aside)
		_ = os.Rename(path, aside)
	}
	return k
}

// damagedName is a free name beside path for a damaged file.
func damagedName(path string) string {
	name := path + ".damaged"
	for i := 2; ; i++ {
		if _, err := os.Lstat(name); errors.Is(err, os.ErrNotExist) {
			return name
		}
		name = fmt.Sprintf("%s.damaged-%d", path, i)
	}
}

// Err says why the data are not being kept: the file could not be read at
// start, a newer app wrote it, or the last write failed; nil when all is
// well.
func (k *keptFile) Err() error {
	if k.unwritable != nil {
		return k.unwritable
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	return k.err
}

// writer writes what put queued, one file at a time.
func (k *keptFile) writer() {
	for data := range k.queue {
		err := k.writeFile(k.path, data)
		if err != nil {
			err = fmt.Errorf("could not be written: %w", err)
			log.Printf("%s: %v", k.what, err)
		}
		k.mu.Lock()
		k.err = err
		k.mu.Unlock()
		k.pending.Done()
	}
}

// Flush waits until the copies queued so far are written (the app may be
// killed after leaving the foreground).
func (k *keptFile) Flush() { k.pending.Wait() }

// putJSON queues v as indented JSON for the writer goroutine (nothing
// without a path: the data is kept in memory only).
func (k *keptFile) putJSON(v any) error {
	if k.path == "" {
		return nil
	}
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	return k.put(append(data, '\n'))
}

// put queues data for the writer goroutine, replacing a queued older
// copy; it refuses when the file must not be written.
func (k *keptFile) put(data []byte) error {
	if k.path == "" {
		return nil
	}
	if k.unwritable != nil {
		return k.unwritable
	}
	k.pending.Add(1)
	for {
		select {
		case k.queue <- data:
			return nil
		case <-k.queue: // an older copy not yet taken: this one replaces it
			k.pending.Done()
		}
	}
}
