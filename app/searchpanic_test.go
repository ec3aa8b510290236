package app

import (
	"bytes"
	"context"
	"log"
	"strings"
	"testing"

	"github.com/jumpers-game/jumpers/app/apptest"
	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/cube"
	"github.com/jumpers-game/jumpers/core/search"
	"github.com/jumpers-game/jumpers/storage"
)

// helperPanicAI is the real cube AI with a panic injected into the first
// helper thread of each search, as a bug in the rules would cause.
type helperPanicAI struct{ cube.Game }

func (g helperPanicAI) BestMove(ctx context.Context, pos core.Position, req core.AIRequest) (core.AIResult, error) {
	return g.Game.BestMove(search.InjectPanic(ctx, 1, 0), pos, req)
}

// A panic in a helper thread of the computer's search (Threads 2) neither
// kills the app nor stops the game: the computer plays the main thread's
// move and the failure goes to the log.
func TestHelperThreadPanicStillPlaysAMove(t *testing.T) {
	var logged bytes.Buffer
	prev := log.Writer()
	log.SetOutput(&logged)
	t.Cleanup(func() { log.SetOutput(prev) })
	g := cube.Game{}
	start, _ := g.Start(core.Options{}.WithInt(core.OptSize, 5))
	q := apptest.NewQueue()
	st := DefaultSettings()
	st.Animation = AnimNone
	st.Threads = 2
	c := NewController(Config{
		Game: g, AI: helperPanicAI{g}, History: core.NewHistory(start, ""), Seed: 3,
		// Strong is timed and without noise: it gets the threads.
		Seats: []storage.Seat{{Kind: storage.Computer, Level: core.Strong}, {Kind: storage.Human}},
		Post:  q.Post, After: (&timers{}).after, Settings: func() Settings { return st },
	})
	defer c.Close()
	c.Start(false)
	for c.State() == Thinking {
		q.RunOne(t)
	}
	if c.State() != Human || c.History().Cursor() != 1 {
		t.Fatalf("state %v after %d moves, notice %q: the computer did not move", c.State(), c.History().Cursor(), c.Notice())
	}
	if _, err := start.Play(c.History().Move(1)); err != nil {
		t.Fatalf("the computer's move is not legal: %v", err)
	}
	if want := "the computer player: search thread 1 failed: injected fault after 0 nodes"; !strings.Contains(logged.String(), want) {
		t.Fatalf("log %q, want %q", logged.String(), want)
	}
}
