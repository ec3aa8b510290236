package storage_test

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/jumpers-game/jumpers/storage"
)

// finishedSave is a takeaway game that has ended (five takes of 2).
func finishedSave() storage.Save {
	sv := sampleSave([]string{"2", "2", "2", "2", "2"}, 5)
	sv.Name = ""
	return sv
}

func TestKeepListsGamesNewestFirst(t *testing.T) {
	st, _ := storage.Open(t.TempDir())
	a, b := st.NewID(), st.NewID()
	unnamed := sampleSave([]string{"1"}, 1)
	unnamed.Name = ""
	if err := st.Keep(a, unnamed); err != nil {
		t.Fatal(err)
	}
	// Within the same second: Keep's nanosecond stamp still orders them.
	if err := st.Keep(b, sampleSave([]string{"1", "1"}, 2)); err != nil {
		t.Fatal(err)
	}
	if err := st.Keep(st.NewID(), finishedSave()); err != nil {
		t.Fatal(err)
	}
	ip, err := st.InProgress()
	if err != nil {
		t.Fatal(err)
	}
	if len(ip) != 2 {
		t.Fatalf("in progress: %+v", ip)
	}
	if ip[0].ID != b || ip[1].ID != a {
		t.Fatalf("not newest first: %s, %s", ip[0].ID, ip[1].ID)
	}
	if ip[1].Position == nil || ip[1].Moves != 1 || ip[1].Over {
		t.Fatalf("entry without its position: %+v", ip[1])
	}
	if got := ip[1].Title(); got == "" || got == a {
		t.Fatalf("an unnamed game is titled %q", got)
	}
	all, _ := st.List()
	if len(all) != 3 || !all[0].Over {
		t.Fatalf("the finished game is not listed first: %+v", all)
	}
}

func TestNamedFindsAnotherGameOfTheName(t *testing.T) {
	st, _ := storage.Open(t.TempDir())
	a, b := st.NewID(), st.NewID()
	sv := sampleSave(nil, 0)
	sv.Name = "Evening game"
	st.Keep(a, sv)
	sv.Name = ""
	st.Keep(b, sv)
	if e, ok := st.Named("  evening   GAME ", b); !ok || e.ID != a {
		t.Fatalf("Named: %v %+v", ok, e)
	}
	if _, ok := st.Named("Evening game", a); ok {
		t.Fatal("a game clashes with its own name")
	}
	if _, ok := st.Named("", ""); ok {
		t.Fatal("the empty name clashes")
	}
}

func TestTidyKeepsUnfinishedAndNamedGames(t *testing.T) {
	root := t.TempDir()
	now := time.Now()
	clock := func() time.Time { return now }
	st, _ := storage.OpenWithClock(root, func() time.Time { return clock() })
	old := now.Add(-storage.FinishedKeep - time.Hour)
	clock = func() time.Time { return old }
	unfinished, named, finished := st.NewID(), st.NewID()+"n", st.NewID()+"f"
	st.Keep(unfinished, sampleSave([]string{"1"}, 1))
	nsv := finishedSave()
	nsv.Name = "Keep me"
	st.Keep(named, nsv)
	st.Keep(finished, finishedSave())
	// MaxFinished+3 recent finished games: the 3 oldest go.
	var recent []string
	for i := 0; i < storage.MaxFinished+3; i++ {
		at := now.Add(time.Duration(i-storage.MaxFinished-3) * time.Minute)
		clock = func() time.Time { return at }
		id := st.NewID() + string(rune('a'+i%26)) + string(rune('a'+i/26))
		st.Keep(id, finishedSave())
		recent = append(recent, id)
	}
	clock = func() time.Time { return now }
	removed, err := st.Tidy()
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{finished: true, recent[0]: true, recent[1]: true, recent[2]: true}
	if len(removed) != len(want) {
		t.Fatalf("removed %v, want %v", removed, want)
	}
	for _, id := range removed {
		if !want[id] {
			t.Fatalf("removed %s, want %v", id, want)
		}
	}
	for _, id := range []string{unfinished, named, recent[3]} {
		if _, _, err := st.Load(id); err != nil {
			t.Fatalf("%s was not kept: %v", id, err)
		}
	}
}

func TestOldAutosaveBecomesAGame(t *testing.T) {
	root := t.TempDir()
	st, _ := storage.Open(root)
	st.Autosave(sampleSave([]string{"1", "2"}, 2))
	time.Sleep(5 * time.Millisecond)
	st.Autosave(sampleSave([]string{"1", "2", "1"}, 3))

	st, _ = storage.Open(root) // the new version starts
	ip, err := st.InProgress()
	if err != nil || len(ip) != 1 || ip[0].Moves != 3 {
		t.Fatalf("migrated: %+v %v", ip, err)
	}
	for _, slot := range []string{"autosave-a", "autosave-b"} {
		if _, err := os.Stat(filepath.Join(root, "saves", slot+".json")); err == nil {
			t.Fatalf("%s left behind", slot)
		}
	}
	// A crash after the copy and before the slots went: the next start
	// finds the game listed and does not copy it twice.
	st.Autosave(sampleSave([]string{"1", "2", "1"}, 3))
	st, _ = storage.Open(root)
	if ip, _ := st.InProgress(); len(ip) != 1 {
		t.Fatalf("migrated twice: %d games", len(ip))
	}
	// Damaged slots are left alone, never deleted.
	bad := filepath.Join(root, "saves", "autosave-a.json")
	os.WriteFile(bad, []byte("{"), 0o644)
	storage.Open(root)
	if _, err := os.Stat(bad); err != nil {
		t.Fatal("a damaged slot was deleted")
	}
}

// writeSlot writes sv into an old version's autosave slot, last changed
// at the given minute.
func writeSlot(t *testing.T, root, slot string, sv storage.Save, minute int) string {
	t.Helper()
	sv.Updated = time.Date(2026, 1, 2, 3, minute, 0, 0, time.UTC)
	path := filepath.Join(root, "saves", slot+".json")
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := storage.WriteFile(path, sv); err != nil {
		t.Fatal(err)
	}
	return path
}

// The old app wrote whichever game was on screen into the older slot, so
// the two slots can hold two games: both become games of the list. A slot
// that cannot be carried over is left exactly as it was, also when the
// other slot is carried over (it used to go with it).
func TestOldAutosaveSlotsAreEachCarriedOver(t *testing.T) {
	root := t.TempDir()
	writeSlot(t, root, "autosave-a", sampleSave([]string{"1", "1"}, 2), 1)
	writeSlot(t, root, "autosave-b", sampleSave([]string{"2"}, 1), 2)
	st, _ := storage.Open(root)
	ip, err := st.InProgress()
	if err != nil || len(ip) != 2 || ip[0].Moves != 1 || ip[1].Moves != 2 {
		t.Fatalf("two slots of two games migrated as %+v %v", ip, err)
	}

	root = t.TempDir()
	writeSlot(t, root, "autosave-a", sampleSave([]string{"1", "1"}, 2), 1)
	// The newer slot does not replay (take 3 of the pile).
	bad := writeSlot(t, root, "autosave-b", sampleSave([]string{"1", "3"}, 2), 2)
	before, _ := os.ReadFile(bad)
	st, _ = storage.Open(root)
	if ip, err := st.InProgress(); err != nil || len(ip) != 1 || ip[0].Moves != 2 {
		t.Fatalf("the older slot's game: %+v %v", ip, err)
	}
	if after, err := os.ReadFile(bad); err != nil || !bytes.Equal(after, before) {
		t.Fatalf("the slot that does not replay was not left as it was: %v", err)
	}
	if _, err := os.Stat(filepath.Join(root, "saves", "autosave-a.json")); err == nil {
		t.Fatal("the carried-over slot is left behind")
	}
	// Later starts leave it as it is too, and copy nothing twice.
	st, _ = storage.Open(root)
	if ip, _ := st.InProgress(); len(ip) != 1 {
		t.Fatalf("%d games after the second start", len(ip))
	}
	if after, _ := os.ReadFile(bad); !bytes.Equal(after, before) {
		t.Fatal("the second start changed the slot")
	}
}
