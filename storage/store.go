package storage

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync/atomic"
	"time"

	"github.com/jumpers-game/jumpers/core"
)

// Store is a directory of games. Each game is one file "<id>.json" in
// the "saves" folder, kept from its first move (games.go). Versions before
// that kept the autosave in two rotating slots; Open turns them into a
// game of the list.
type Store struct {
	dir   string
	now   func() time.Time
	index index // the summaries of the lists (index.go)
	reads atomic.Int64
}

const (
	savesDir  = "saves"
	fileExt   = ".json"
	autoSlotA = "autosave-a"
	autoSlotB = "autosave-b"
)

// Open opens (and creates if needed) the store under root, a directory:
// the app's Fyne storage root or a temp dir in tests.
func Open(root string) (*Store, error) {
	return openWithClock(root, time.Now)
}

func openWithClock(root string, now func() time.Time) (*Store, error) {
	if root == "" {
		// never the working directory, nor the temp folder a phone empties
		return nil, errors.New("the app has no storage folder on this device")
	}
	dir := filepath.Join(root, savesDir)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("cannot open the saved games folder: %w", unwrapPath(err))
	}
	s := &Store{dir: dir, now: now}
	s.removeStaleTemps()
	s.migrateAutosave()
	return s, nil
}

// staleTempAge is how old a temporary file must be before Open takes it
// for the leftover of a crashed write: a write lasts milliseconds, and a
// second instance of the app that is writing right now keeps its file.
const staleTempAge = time.Minute

// removeStaleTemps deletes the temporary files that a write killed between
// create and rename left in the saves folder. Nothing else is touched, and
// a file that cannot be removed stays (it is hidden from List anyway).
func (s *Store) removeStaleTemps() {
	files, err := os.ReadDir(s.dir)
	if err != nil {
		return
	}
	for _, f := range files {
		if !isTempName(f.Name()) || !f.Type().IsRegular() {
			continue
		}
		info, err := f.Info()
		if err != nil || s.now().Sub(info.ModTime()) < staleTempAge {
			continue
		}
		_ = os.Remove(filepath.Join(s.dir, f.Name()))
	}
}

// isTempName tells whether name is a temporary file of writeAtomic for a
// saved game: ".NAME.json.tmp-RANDOM".
func isTempName(name string) bool {
	base, _, ok := strings.Cut(name, fileExt+tempSuffix)
	return ok && strings.HasPrefix(base, tempPrefix) && len(base) > len(tempPrefix)
}

// Entry describes one saved game for the lists: what they show of it,
// not the game itself (Load reads that). Entries come from the summary
// index when it still describes the file (index.go), else from reading
// and replaying the file.
type Entry struct {
	ID      string
	Name    string // the name the player gave, "" for none (Title names it anyway)
	Game    string // game ID
	Rules   string
	Created time.Time
	Updated time.Time
	Moves   int    // moves played (the cursor)
	State   string // "in progress", "Red won", "draw"
	Err     error  // not nil for a file that cannot be loaded
	Over    bool   // the game has ended
	Seats   []Seat
	// Refused tells that today's rules refuse moves the game holds
	// (Save.Refused): it stays until the player decides.
	Refused bool
	// Position is the position at the cursor and Result its result as
	// the replayed game has it (a result can depend on the moves before:
	// the stall rule), nil and zero for a damaged file.
	Position core.Position
	Result   core.Result
}

// Dir is the folder the saved games are in.
func (s *Store) Dir() string { return s.dir }

func (s *Store) path(id string) string { return filepath.Join(s.dir, id+fileExt) }

// validID keeps ids to plain file names: no path tricks.
func validID(id string) error {
	if id == "" || strings.ContainsAny(id, `/\:`) || strings.HasPrefix(id, ".") || len(id) > 100 {
		return fmt.Errorf("invalid saved game id %q", id)
	}
	return nil
}

// NewID makes a fresh, unique id for a new save.
func (s *Store) NewID() string {
	var b [4]byte
	_, _ = rand.Read(b[:])
	return s.now().UTC().Format("20060102-150405") + "-" + hex.EncodeToString(b[:])
}

// List returns the saved games, newest first. The autosave slots are not
// listed. A file that cannot be read is listed with Err set, so the user
// can see and delete it. Games unchanged since a listing come from the
// summary index without being read; List may be called from any
// goroutine, and lists one at a time.
func (s *Store) List() ([]Entry, error) {
	s.index.mu.Lock()
	defer s.index.mu.Unlock()
	files, err := os.ReadDir(s.dir)
	if err != nil {
		return nil, fmt.Errorf("cannot list saved games: %v", unwrapPath(err))
	}
	s.loadIndex()
	seen := make(map[string]bool, len(files))
	var out []Entry
	for _, f := range files {
		name := f.Name()
		if f.IsDir() || !strings.HasSuffix(name, fileExt) || strings.HasPrefix(name, ".") {
			continue
		}
		id := strings.TrimSuffix(name, fileExt)
		if id == autoSlotA || id == autoSlotB {
			continue
		}
		seen[id] = true
		info, err := f.Info()
		if err != nil { // removed since ReadDir
			continue
		}
		e, ok := s.cached(id, info)
		if !ok {
			e = s.entry(id, info)
			s.remember(e, info)
		}
		out = append(out, e)
	}
	for id := range s.index.games {
		if !seen[id] {
			delete(s.index.games, id)
			s.index.changed = true
		}
	}
	s.saveIndex()
	sort.SliceStable(out, func(i, j int) bool {
		if !out[i].Updated.Equal(out[j].Updated) {
			return out[i].Updated.After(out[j].Updated)
		}
		return out[i].ID > out[j].ID
	})
	return out, nil
}

// entry reads and replays the game id for the lists.
func (s *Store) entry(id string, info os.FileInfo) Entry {
	e := Entry{ID: id, Name: id, Updated: info.ModTime()}
	s.reads.Add(1)
	sv, h, err := ReadFile(s.path(id))
	if err != nil {
		e.Err = err
		e.State = "damaged"
		return e
	}
	pos := h.Current()
	e.Name, e.Game, e.Rules, e.Moves = sv.Name, sv.Game, sv.Rules, sv.Cursor
	e.Created, e.Updated = sv.Created, sv.Updated
	e.Seats, e.Refused = sv.Seats, sv.Refused != nil
	e.Position, e.Result, e.Over = pos, pos.Result(), pos.Result().Over
	if g, err := core.Lookup(sv.Game); err == nil {
		e.State = Describe(g, pos)
	}
	return e
}

// Load reads and replays the saved game id.
func (s *Store) Load(id string) (Save, *core.History, error) {
	if err := validID(id); err != nil {
		return Save{}, nil, err
	}
	return ReadFile(s.path(id))
}

// Put writes sv under id (atomically), stamping its update time.
func (s *Store) Put(id string, sv Save) error {
	if err := validID(id); err != nil {
		return err
	}
	sv.Name = cleanName(sv.Name)
	sv.Updated = s.now().UTC().Truncate(time.Second)
	if sv.Created.IsZero() {
		sv.Created = sv.Updated
	}
	// Forgotten before and after: a listing running meanwhile may have
	// summed up the file as it was.
	s.index.forget(id)
	defer s.index.forget(id)
	return WriteFile(s.path(id), sv)
}

// Rename gives the saved game id a new display name.
func (s *Store) Rename(id, name string) error {
	name = cleanName(name)
	if name == "" {
		return errors.New("a saved game needs a name")
	}
	sv, _, err := s.Load(id)
	if err != nil {
		return err
	}
	sv.Name = name
	return s.Put(id, sv)
}

// Delete removes the saved game id.
func (s *Store) Delete(id string) error {
	if err := validID(id); err != nil {
		return err
	}
	s.index.forget(id)
	if err := os.Remove(s.path(id)); err != nil {
		return fmt.Errorf("cannot delete saved game: %v", unwrapPath(err))
	}
	return nil
}

// Autosave writes sv into the older of the two autosave slots of older
// versions. The app no longer does (it keeps every game, Keep); Open
// migrates what the slots hold.
func (s *Store) Autosave(sv Save) error {
	sv.Updated = s.now().UTC()
	if sv.Created.IsZero() {
		sv.Created = sv.Updated
	}
	slot := autoSlotA
	a, errA := s.readSlot(autoSlotA)
	b, errB := s.readSlot(autoSlotB)
	if errA == nil && (errB != nil || a.Updated.After(b.Updated)) {
		slot = autoSlotB
	}
	return WriteFile(s.path(slot), sv)
}

func (s *Store) readSlot(slot string) (Save, error) {
	sv, _, err := ReadFile(s.path(slot))
	return sv, err
}

// LoadAutosave returns the newest autosave that replays. ok is false when
// there is none.
func (s *Store) LoadAutosave() (sv Save, h *core.History, ok bool) {
	for _, slot := range s.slotsNewestFirst() {
		if sv, h, err := ReadFile(s.path(slot)); err == nil {
			return sv, h, true
		}
	}
	return Save{}, nil, false
}

// ClearAutosave forgets the autosave (the game it held was finished or
// abandoned on purpose).
func (s *Store) ClearAutosave() error {
	for _, slot := range []string{autoSlotA, autoSlotB} {
		if err := os.Remove(s.path(slot)); err != nil && !errors.Is(err, os.ErrNotExist) {
			return fmt.Errorf("cannot clear the autosave: %v", unwrapPath(err))
		}
	}
	return nil
}

func (s *Store) slotsNewestFirst() []string {
	a, errA := s.readSlot(autoSlotA)
	b, errB := s.readSlot(autoSlotB)
	if errA == nil && errB == nil && b.Updated.After(a.Updated) {
		return []string{autoSlotB, autoSlotA}
	}
	if errA != nil {
		return []string{autoSlotB, autoSlotA}
	}
	return []string{autoSlotA, autoSlotB}
}
