package app

import (
	"errors"
	"fmt"
	"testing"

	"go.uber.org/goleak"

	"github.com/jumpers-game/jumpers/app/apptest"
	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/cube"
	"github.com/jumpers-game/jumpers/storage"
)

// The controller starts a goroutine per search and per hint; none may
// outlive the controller. A real AI plays here, interrupted in every way
// the app interrupts it (stop, undo, hint, close while thinking).
func TestControllerLeavesNoGoroutines(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	g := cube.Game{}
	start, _ := g.Start(core.Options{}.WithInt(core.OptSize, 4))
	q := apptest.NewQueue()
	clock := &timers{}
	st := DefaultSettings()
	st.Animation = AnimNone
	c := NewController(Config{
		Game: g, History: core.NewHistory(start, ""), Seed: 3,
		Seats: []storage.Seat{{Kind: storage.Computer, Level: core.Beginner}, {Kind: storage.Computer, Level: core.Novice}},
		Post:  q.Post, After: clock.after, Settings: func() Settings { return st },
	})
	c.Start(false)
	for i := 0; i < 60 && !c.Position().Result().Over; i++ {
		switch i % 10 {
		case 3:
			c.Stop()
		case 5:
			c.Undo()
		case 7:
			c.Hint()
		}
		if !clock.fire() && c.State() == Thinking {
			q.RunOne(t)
		}
		for q.Len() > 0 {
			q.RunOne(t)
		}
	}
	c.Close() // possibly while a search runs: it must end anyway
	// VerifyNone retries for a while: a search cut off by Close ends
	// within its budget and posts its (dropped) answer.
}

// The autosaver's writer goroutine ends with Close, also after failed
// writes.
func TestAutosaverLeavesNoGoroutine(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	fail := true
	a := NewAutosaver(func(string, storage.Save) error {
		fail = !fail
		if fail {
			return errors.New("disk full")
		}
		return nil
	}, func(string, error) {})
	for i := 0; i < 20; i++ {
		a.Save(fmt.Sprint(i%3), storage.Save{Name: "x"})
	}
	a.Close()
	a.Save("x", storage.Save{Name: "after close"}) // ignored, starts nothing
}
