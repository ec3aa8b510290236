package storage

import (
	"os"
	"slices"
	"strings"
	"time"

	"github.com/jumpers-game/jumpers/core"
)

// Every game is kept. Each game started has one id and one file,
// saves/<id>.json, from its first moment: the app writes it after every
// move (Keep), atomically, so a crash or kill -9 mid-write leaves the
// previous version whole (the temp-and-rename of writeAtomic is the
// per-game equivalent of the old two autosave slots). A name is optional:
// Save and Save as give the game on screen a name; they never copy it, so
// a game is never listed twice. Unfinished games stay until the player
// deletes them; finished ones age out by Tidy's rule.

// Finished games that nobody named are removed by Tidy when they were last
// changed more than FinishedKeep ago, and beyond the MaxFinished newest of
// them. Named games and unfinished games are never removed by Tidy.
const (
	FinishedKeep = 30 * 24 * time.Hour
	MaxFinished  = 50
)

// Keep writes the game id (atomically), stamping its update time to the
// nanosecond so that the newest of games changed within one second is
// still known. The app calls it after every move.
func (s *Store) Keep(id string, sv Save) error {
	if err := validID(id); err != nil {
		return err
	}
	sv.Name = cleanName(sv.Name)
	sv.Updated = s.now().UTC()
	if sv.Created.IsZero() {
		sv.Created = sv.Updated
	}
	// Forgotten before and after: a listing running meanwhile may have
	// summed up the file as it was.
	s.index.forget(id)
	defer s.index.forget(id)
	return WriteFile(s.path(id), sv)
}

// InProgress lists the unfinished games, newest first (damaged files are
// left out: List shows them).
func (s *Store) InProgress() ([]Entry, error) {
	all, err := s.List()
	if err != nil {
		return nil, err
	}
	return InProgressOf(all), nil
}

// InProgressOf keeps the unfinished games of a listing, in its order.
func InProgressOf(all []Entry) []Entry {
	var out []Entry
	for _, e := range all {
		if e.Err == nil && !e.Over {
			out = append(out, e)
		}
	}
	return out
}

// Named returns the game other than except whose name is name (compared
// as written, ignoring case and spacing), if there is one: Save as asks
// before it makes two games of one name.
func (s *Store) Named(name, except string) (Entry, bool) {
	name = cleanName(name)
	all, err := s.List()
	if err != nil || name == "" {
		return Entry{}, false
	}
	for _, e := range all {
		if e.ID != except && e.Err == nil && strings.EqualFold(e.Name, name) {
			return e, true
		}
	}
	return Entry{}, false
}

// Tidy applies the keeping rule: it removes finished games that have no
// name and were last changed more than FinishedKeep ago, and the oldest
// of those beyond the MaxFinished newest. It returns the ids removed.
// Unfinished games, named games, games with refused moves (Refused) and
// damaged files are never touched.
func (s *Store) Tidy() ([]string, error) {
	all, err := s.List()
	if err != nil {
		return nil, err
	}
	var removed []string
	kept := 0
	for _, e := range all { // newest first
		// A game with refused moves holds moves the player has not seen
		// since the rules changed: it stays until the player decides.
		if e.Err != nil || !e.Over || e.Name != "" || e.Refused {
			continue
		}
		if kept < MaxFinished && s.now().Sub(e.Updated) <= FinishedKeep {
			kept++
			continue
		}
		if err := s.Delete(e.ID); err != nil {
			return removed, err
		}
		removed = append(removed, e.ID)
	}
	return removed, nil
}

// migrateAutosave turns the autosave slots of an older version into games
// of the list. The old app wrote whichever game was on screen into the
// older slot, so the two slots may hold two different games: each slot is
// carried over on its own, newest first, and removed only once its game
// is listed (written now, or held already by a listed game: the newer
// slot's game when the older slot holds an earlier moment of it, or the
// same game copied at an earlier start that crashed before the removal).
// A slot that does not decode, or whose game cannot be written, stays as
// it is and the next start tries again: migration never deletes what it
// did not carry over.
func (s *Store) migrateAutosave() {
	for _, slot := range s.slotsNewestFirst() {
		sv, _, err := ReadFile(s.path(slot))
		if err != nil {
			continue
		}
		if !s.holds(sv) {
			if err := WriteFile(s.path(s.NewID()), sv); err != nil {
				continue
			}
		}
		_ = os.Remove(s.path(slot))
	}
}

// holds tells whether a listed game holds every move of sv: the same
// game, rules and start, and sv's moves (refused ones included) the first
// moves of its record.
func (s *Store) holds(sv Save) bool {
	all, err := s.List()
	if err != nil {
		return false
	}
	moves := sv.AllMoves()
	for _, e := range all {
		if e.Err != nil || e.Game != sv.Game || e.Rules != sv.Rules {
			continue
		}
		o, _, err := s.Load(e.ID)
		if err != nil || o.Start != sv.Start {
			continue
		}
		if held := o.AllMoves(); len(moves) <= len(held) && slices.Equal(held[:len(moves)], moves) {
			return true
		}
	}
	return false
}

// Title is how a game is named in lists: its name, or for a game nobody
// named its game and when it was started ("Ataxx, 26 Nov 14:05").
func (e Entry) Title() string {
	if e.Name != "" {
		return e.Name
	}
	game := e.Game
	if g, err := core.Lookup(e.Game); err == nil {
		game = g.Name()
	}
	if game == "" {
		return e.ID
	}
	t := e.Created
	if t.IsZero() {
		t = e.Updated
	}
	return game + ", " + t.Local().Format("2 Jan 15:04")
}
