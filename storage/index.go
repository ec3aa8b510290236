package storage

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/jumpers-game/jumpers/core"
)

// The summary index keeps, for each saved game, what the lists show of
// it (name, game, seats, result, the position at the cursor as text), so
// a listing reads one small file and stats the folder instead of reading
// and replaying every game: a list of 1,000 games costs a few
// milliseconds, not seconds (BenchmarkListThousand, docs/save-format.md).
//
// A summary is trusted only while its file is the one it was made from:
// the same size and modification time (to the nanosecond where the file
// system keeps it), the same version of the game's rules and the same app
// version. The store also forgets the summary of every game it writes or
// deletes itself, so the check by size and time only has to catch other
// programs. The index is a cache: it is never the only place anything is
// kept, a damaged or missing index is rebuilt from the games, and a game
// whose summary cannot be used is read as before.

// indexName is the index in the saves folder. It starts with a dot, so
// List never takes it for a game.
const indexName = ".index.json"

// indexFormat changes whenever a summary's fields change meaning.
const indexFormat = 1

// maxIndexSize bounds the index read: 2,000 games of the largest boards
// fit in a tenth of it.
const maxIndexSize = 64 << 20

type indexFile struct {
	Format     int                `json:"format"`
	AppVersion string             `json:"appVersion"`
	Games      map[string]summary `json:"games"`
}

// summary is one game as the lists show it, and the file it came from.
type summary struct {
	Size         int64       `json:"size"`
	ModTime      int64       `json:"mtime"` // UnixNano
	RulesVersion int         `json:"rulesVersion"`
	Name         string      `json:"name,omitempty"`
	Game         string      `json:"game"`
	Rules        string      `json:"rules,omitempty"`
	Created      time.Time   `json:"created"`
	Updated      time.Time   `json:"updated"`
	Cursor       int         `json:"cursor"`
	Seats        []Seat      `json:"seats,omitempty"`
	Refused      bool        `json:"refused,omitempty"`
	Result       core.Result `json:"result"`
	Position     string      `json:"position"`
}

// index is the store's summaries in memory, loaded from the file at the
// first listing.
type index struct {
	mu      sync.Mutex
	loaded  bool
	changed bool
	games   map[string]summary
}

// forget drops the summary of id: the store is writing or removing it.
func (x *index) forget(id string) {
	x.mu.Lock()
	defer x.mu.Unlock()
	if _, ok := x.games[id]; ok {
		delete(x.games, id)
		x.changed = true
	}
}

func (s *Store) indexPath() string { return filepath.Join(s.dir, indexName) }

// loadIndex reads the index file once; anything wrong with it (missing,
// damaged, another format or app version) starts an empty one.
func (s *Store) loadIndex() {
	x := &s.index
	if x.loaded {
		return
	}
	x.loaded = true
	x.games = map[string]summary{}
	data, err := ReadLimited(s.indexPath(), maxIndexSize)
	if err != nil {
		return
	}
	var f indexFile
	if json.Unmarshal(data, &f) != nil || f.Format != indexFormat || f.AppVersion != AppVersion || f.Games == nil {
		x.changed = true // rewrite it in today's format
		return
	}
	x.games = f.Games
}

// saveIndex writes the index when a listing changed it. A failure only
// costs the next start a slower listing.
func (s *Store) saveIndex() {
	x := &s.index
	if !x.changed {
		return
	}
	data, err := json.Marshal(indexFile{Format: indexFormat, AppVersion: AppVersion, Games: x.games})
	if err != nil {
		return
	}
	if writeAtomic(s.indexPath(), data) == nil {
		x.changed = false
	}
}

// cached is the entry of the game id from its summary, if the summary
// still describes info's file and its position reads back.
func (s *Store) cached(id string, info os.FileInfo) (Entry, bool) {
	sm, ok := s.index.games[id]
	if !ok || sm.Size != info.Size() || sm.ModTime != info.ModTime().UnixNano() {
		return Entry{}, false
	}
	g, err := core.Lookup(sm.Game)
	if err != nil || g.RulesVersion() != sm.RulesVersion {
		return Entry{}, false
	}
	pos, err := g.ParsePosition(sm.Position, sm.Rules)
	if err != nil {
		return Entry{}, false
	}
	return Entry{
		ID: id, Name: sm.Name, Game: sm.Game, Rules: sm.Rules,
		Created: sm.Created, Updated: sm.Updated, Moves: sm.Cursor,
		State: DescribeResult(sm.Result, g.PlayerName), Over: sm.Result.Over,
		Seats: sm.Seats, Refused: sm.Refused, Position: pos, Result: sm.Result,
	}, true
}

// remember keeps the summary of a game just read from info's file.
// Damaged files are not kept: they are read again at each listing, so a
// file put right shows at once.
func (s *Store) remember(e Entry, info os.FileInfo) {
	if e.Err != nil || e.Position == nil {
		return
	}
	g, err := core.Lookup(e.Game)
	if err != nil {
		return
	}
	s.index.games[e.ID] = summary{
		Size: info.Size(), ModTime: info.ModTime().UnixNano(), RulesVersion: g.RulesVersion(),
		Name: e.Name, Game: e.Game, Rules: e.Rules, Created: e.Created, Updated: e.Updated,
		Cursor: e.Moves, Seats: e.Seats, Refused: e.Refused, Result: e.Result,
		Position: e.Position.String(),
	}
	s.index.changed = true
}
