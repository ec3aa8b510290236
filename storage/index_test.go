package storage_test

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"pgregory.net/rapid"

	"github.com/jumpers-game/jumpers/core"
	_ "github.com/jumpers-game/jumpers/core/ataxx"
	_ "github.com/jumpers-game/jumpers/core/chinesecheckers"
	_ "github.com/jumpers-game/jumpers/core/cube"
	"github.com/jumpers-game/jumpers/storage"
)

// randomSave is a game of gameID with up to plies random moves, its cursor
// anywhere in them.
func randomSave(t *rapid.T, gameID string, plies int) storage.Save {
	g, err := core.Lookup(gameID)
	if err != nil {
		t.Fatal(err)
	}
	opts := core.Options{}
	if gameID == "cube" {
		opts = opts.WithInt(core.OptSize, rapid.IntRange(3, 6).Draw(t, "size"))
	}
	start, err := g.Start(opts)
	if err != nil {
		t.Fatal(err)
	}
	h := core.NewHistory(start, "")
	for i := 0; i < plies && !h.Current().Result().Over; i++ {
		ms := h.Current().Moves()
		if err := h.Play(ms[rapid.IntRange(0, len(ms)-1).Draw(t, "move")]); err != nil {
			t.Fatal(err)
		}
	}
	cursor := rapid.IntRange(0, len(h.Record().Moves)).Draw(t, "cursor")
	seats := make([]storage.Seat, start.Players())
	for i := range seats {
		seats[i] = storage.Seat{Kind: storage.Human, Name: fmt.Sprintf("P%d", i)}
	}
	seats[len(seats)-1] = storage.Seat{Kind: storage.Computer, Level: core.Expert}
	sv := storage.NewSave(h.Record(), cursor, seats, time.Date(2026, 3, 4, 5, 6, 7, 0, time.UTC))
	if rapid.Bool().Draw(t, "named") {
		sv.Name = "named " + gameID
	}
	return sv
}

// sameEntries fails unless two listings show the same: every field, the
// position by its text, an error by being there.
func sameEntries(t *rapid.T, a, b []storage.Entry) {
	if len(a) != len(b) {
		t.Fatalf("%d entries, then %d", len(a), len(b))
	}
	for i := range a {
		x, y := a[i], b[i]
		if (x.Err == nil) != (y.Err == nil) || (x.Position == nil) != (y.Position == nil) {
			t.Fatalf("entry %d: %+v then %+v", i, x, y)
		}
		if x.Position != nil && x.Position.String() != y.Position.String() {
			t.Fatalf("entry %d: position %q then %q", i, x.Position, y.Position)
		}
		x.Err, y.Err, x.Position, y.Position = nil, nil, nil, nil
		if !x.Updated.Equal(y.Updated) || !x.Created.Equal(y.Created) {
			t.Fatalf("entry %d: times %v %v then %v %v", i, x.Created, x.Updated, y.Created, y.Updated)
		}
		x.Updated, y.Updated, x.Created, y.Created = time.Time{}, time.Time{}, time.Time{}, time.Time{}
		if !reflect.DeepEqual(x, y) {
			t.Fatalf("entry %d:\n%+v\nthen\n%+v", i, x, y)
		}
	}
}

// A listing from the summary index shows exactly what reading every game
// shows, for any games, and reads none of them; a game changed by another
// program (its file rewritten) is read again, a game removed leaves the list.
func TestListFromIndexIsListFromFiles(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		root, err := os.MkdirTemp(t.TempDir(), "")
		if err != nil {
			rt.Fatal(err)
		}
		st, err := storage.Open(root)
		if err != nil {
			rt.Fatal(err)
		}
		n := rapid.IntRange(1, 6).Draw(rt, "games")
		ids := make([]string, n)
		for i := range ids {
			game := rapid.SampledFrom([]string{"cube", "ataxx", "chinesecheckers"}).Draw(rt, "game")
			ids[i] = fmt.Sprintf("g%d", i)
			if err := st.Keep(ids[i], randomSave(rt, game, rapid.IntRange(0, 80).Draw(rt, "plies"))); err != nil {
				rt.Fatal(err)
			}
		}
		if rapid.Bool().Draw(rt, "damaged") {
			if err := os.WriteFile(filepath.Join(st.Dir(), "bad.json"), []byte("{"), 0o644); err != nil {
				rt.Fatal(err)
			}
		}
		read, err := st.List()
		if err != nil {
			rt.Fatal(err)
		}
		again, err := storage.Open(root) // a new start: the index from its file
		if err != nil {
			rt.Fatal(err)
		}
		listed, err := again.List()
		if err != nil {
			rt.Fatal(err)
		}
		sameEntries(rt, read, listed)
		damaged := len(read) - n
		if got := again.Reads(); got != int64(damaged) {
			rt.Fatalf("a listing from the index read %d files; only the %d damaged ones need it", got, damaged)
		}

		// Another program rewrites one game and removes another.
		changed := rapid.IntRange(0, n-1).Draw(rt, "changed")
		other := storage.Save{}
		for other.Game == "" || other.Cursor == read[0].Moves {
			other = randomSave(rt, "ataxx", 30)
		}
		if err := storage.WriteFile(filepath.Join(st.Dir(), ids[changed]+".json"), other); err != nil {
			rt.Fatal(err)
		}
		if n > 1 {
			gone := (changed + 1) % n
			if err := os.Remove(filepath.Join(st.Dir(), ids[gone]+".json")); err != nil {
				rt.Fatal(err)
			}
		}
		before := again.Reads()
		listed, err = again.List()
		if err != nil {
			rt.Fatal(err)
		}
		if got := again.Reads() - before; got != int64(1+damaged) {
			rt.Fatalf("after one game changed, a listing read %d files, want %d", got, 1+damaged)
		}
		reread, err := reopenWithoutIndex(root).List()
		if err != nil {
			rt.Fatal(err)
		}
		sameEntries(rt, reread, listed)
	})
}

// reopenWithoutIndex opens root's store after removing its index: every
// game is read from its file.
func reopenWithoutIndex(root string) *storage.Store {
	_ = os.Remove(filepath.Join(root, "saves", ".index.json"))
	st, err := storage.Open(root)
	if err != nil {
		panic(err)
	}
	return st
}

// The store forgets the summary of a game it writes, even when the file's
// size and time would not tell (a cursor moved within one clock tick).
func TestListAfterKeepShowsTheNewCursor(t *testing.T) {
	root := t.TempDir()
	st, err := storage.Open(root)
	if err != nil {
		t.Fatal(err)
	}
	sv := sampleSave([]string{"1", "2", "2"}, 3)
	if err := st.Keep("g", sv); err != nil {
		t.Fatal(err)
	}
	if l, err := st.List(); err != nil || l[0].Moves != 3 {
		t.Fatalf("list %+v %v", l, err)
	}
	info, err := os.Stat(filepath.Join(st.Dir(), "g.json"))
	if err != nil {
		t.Fatal(err)
	}
	sv.Cursor = 2 // undo: the same size
	if err := st.Keep("g", sv); err != nil {
		t.Fatal(err)
	}
	// The same time as before, as on a file system that keeps seconds.
	if err := os.Chtimes(filepath.Join(st.Dir(), "g.json"), info.ModTime(), info.ModTime()); err != nil {
		t.Fatal(err)
	}
	if l, err := st.List(); err != nil || l[0].Moves != 2 {
		t.Fatalf("after undo the list shows %+v %v", l, err)
	}
}

// A damaged index, or one of another app version, is rebuilt from the
// games; the listing is the same.
func TestDamagedOrOlderIndexIsRebuilt(t *testing.T) {
	root := t.TempDir()
	st, err := storage.Open(root)
	if err != nil {
		t.Fatal(err)
	}
	for i, moves := range [][]string{{"1"}, {"1", "2"}, {}} {
		if err := st.Keep(fmt.Sprint("g", i), sampleSave(moves, len(moves))); err != nil {
			t.Fatal(err)
		}
	}
	want, err := st.List()
	if err != nil {
		t.Fatal(err)
	}
	index := filepath.Join(st.Dir(), ".index.json")
	for name, spoil := range map[string]func(){
		"damaged":        func() { os.WriteFile(index, []byte(`{"format":1,"games":{"g0":`), 0o644) },
		"a folder":       func() { os.Remove(index); os.Mkdir(index, 0o755) },
		"an app upgrade": func() { storage.AppVersion = "next" },
	} {
		spoil()
		st2, err := storage.Open(root)
		if err != nil {
			t.Fatal(err)
		}
		got, err := st2.List()
		if err != nil || len(got) != len(want) || st2.Reads() != int64(len(want)) {
			t.Fatalf("%s index: %d entries, %d read, %v", name, len(got), st2.Reads(), err)
		}
		for i := range got {
			if got[i].ID != want[i].ID || got[i].Moves != want[i].Moves || got[i].State != want[i].State {
				t.Fatalf("%s index: %+v, want %+v", name, got[i], want[i])
			}
		}
		os.Remove(index)
		storage.AppVersion = "dev"
	}
}
