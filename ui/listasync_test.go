package ui

import (
	"testing"
	"time"

	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/storage"
	"github.com/jumpers-game/jumpers/ui/internal/uitest"
)

// The saved games are listed off the UI goroutine: Home and Saved games
// show at once (Home with the last listing's cards, Saved games with a
// line saying it reads them) and fill in when the listing, done on
// another goroutine, is posted back.
func TestListingIsOffTheUIGoroutine(t *testing.T) {
	h := newHarness(t, "")
	env := h.u.env
	env.Background = func(work func() func()) { go func() { env.Post(work()) }() }
	g, err := core.Lookup("cube")
	if err != nil {
		t.Fatal(err)
	}
	start, _ := g.Start(core.Options{}.WithInt(core.OptSize, 5))
	hist := core.NewHistory(start, "")
	if err := hist.Play(start.Moves()[0]); err != nil {
		t.Fatal(err)
	}
	sv := storage.NewSave(hist.Record(), 1, []storage.Seat{{Kind: storage.Human}, {Kind: storage.Human}}, time.Now())
	sv.Name = "Kept game"
	if err := env.Store.Keep("kept", sv); err != nil {
		t.Fatal(err)
	}

	h.u.home()
	if uitest.FindCard(h.w.Canvas().Content(), "Continue") != nil {
		t.Fatal("Home listed the games on the UI goroutine")
	}
	h.q.RunOne(t)
	if uitest.FindCard(h.w.Canvas().Content(), "Continue") == nil {
		t.Fatal("Home shows no Continue card once the listing is in")
	}

	h.u.load()
	content := h.w.Canvas().Content()
	if uitest.FindCard(content, "Kept game") != nil || !hasLabel(content, "Reading the saved games…") {
		t.Fatal("Saved games listed the games on the UI goroutine")
	}
	h.q.RunOne(t)
	if uitest.FindCard(h.w.Canvas().Content(), "Kept game") == nil {
		t.Fatal("Saved games does not list the game once the listing is in")
	}

	// Back home: the last listing shows at once, while a new one runs.
	h.u.home()
	if uitest.FindCard(h.w.Canvas().Content(), "Continue") == nil {
		t.Fatal("Home lost its cards while listing again")
	}
	h.q.RunOne(t)
}
