package app

import (
	"slices"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"

	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/storage"
)

// A game kept with KeepNew is in the store at once, whole, and is the
// newest even when another game was written in the same second (the
// update time to the nanosecond, as every game is kept); without a store
// nothing is written and nothing fails.
func TestKeepNewIsTheNewestGame(t *testing.T) {
	a := test.NewTempApp(t)
	e := NewEnv(a, t.TempDir(), func(f func()) { f() })
	t.Cleanup(e.Close)
	g, err := core.Lookup("cube")
	if err != nil {
		t.Fatal(err)
	}
	start, err := g.Start(core.Options{}.WithInt(core.OptSize, 3))
	if err != nil {
		t.Fatal(err)
	}
	h := core.NewHistory(start, "")
	for _, m := range []string{"1:1", "3:3"} {
		if err := h.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	seats := []storage.Seat{{Kind: storage.Human}, {Kind: storage.Human, Name: "Zoe"}}
	older := storage.NewSave(h.Record(), 1, seats, time.Now())
	if err := e.Store.Keep(e.Store.NewID(), older); err != nil {
		t.Fatal(err)
	}
	sv := storage.NewSave(h.Record(), 2, seats, time.Now())
	id, err := e.KeepNew(sv)
	if err != nil || id == "" {
		t.Fatalf("KeepNew: %q, %v", id, err)
	}
	got, ok := e.ContinueEntry()
	if !ok || got.ID != id {
		t.Fatalf("Continue opens %q, want the game just kept %q", got.ID, id)
	}
	kept, _, err := e.Store.Load(got.ID)
	if err != nil || !slices.Equal(kept.Moves, sv.Moves) || kept.Cursor != 2 || kept.Seats[1].Name != "Zoe" || got.Moves != 2 || got.Seats[1].Name != "Zoe" {
		t.Fatalf("kept %+v (listed %+v): %v", kept, got, err)
	}

	bare := &Env{}
	if id, err := bare.KeepNew(sv); id != "" || err != nil {
		t.Fatalf("without a store: %q, %v", id, err)
	}
}
