// Package uitest holds what the tests of the ui packages share: a test
// app.Env with a fake AI, controllers of a game without the screens, and
// ways to look through a tree of widgets.
//
// It is a normal package, not a _test.go file, because only normal files
// can be imported by the tests of other packages; it is internal and used
// by tests only, never by the app. It imports ui/board and ui/kit, so
// their own tests import it only from external test packages
// (package board_test); the game packages' tests import it freely.
package uitest

import (
	"context"
	"sort"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/jumpers-game/jumpers/app"
	"github.com/jumpers-game/jumpers/app/apptest"
	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/storage"
	"github.com/jumpers-game/jumpers/ui/board"
)

// Env is an app.Env over a temporary storage root in a test Fyne app,
// whose AI is a fake answered by the test and whose posted functions
// (fyne.Do in the app) wait in Q until the test runs them.
type Env struct {
	*app.Env
	App  fyne.App
	Q    *apptest.Queue
	AI   *apptest.FakeAI
	Root string // the storage root
}

// NewEnv makes the environment over root ("" = a new temp dir), with
// animations off (a test turns them on when it looks at them).
func NewEnv(t *testing.T, root string) *Env {
	t.Helper()
	a := test.NewTempApp(t)
	if root == "" {
		root = t.TempDir()
	}
	e := &Env{App: a, Q: apptest.NewQueue(), AI: apptest.NewFakeAI("1:1"), Root: root}
	e.Env = app.NewEnv(a, root, e.Q.Post)
	e.Env.AI = e.AI
	// Lists run inline, so a screen is whole when it is built; the test of
	// the listing itself puts the goroutine back (load_async_test.go).
	e.Env.Background = func(work func() func()) { work()() }
	// The fake AI answers when the test says (or on Stop), never because a
	// loaded machine's clock passed the level's budget.
	e.Env.Deadline = func(ctx context.Context, _ time.Duration) (context.Context, context.CancelFunc) {
		return context.WithCancel(ctx)
	}
	st := e.Settings()
	st.Animation = app.AnimNone
	e.SetSettings(st)
	// Every write ends before the temp dir is removed: a game the test
	// finished against the computer writes its statistics on a goroutine
	// of their own ("directory not empty" under load).
	t.Cleanup(e.Close)
	return e
}

// Controller is a new controller of gu's game with the options its setup
// panel starts at and human seats, the game on screen. It needs no
// registration: gu may be a game's UI() not registered anywhere.
func (e *Env) Controller(t *testing.T, gu *board.GameUI, trace app.Tracer) *app.Controller {
	t.Helper()
	g, err := core.Lookup(gu.ID)
	if err != nil {
		t.Fatalf("game %q: %v", gu.ID, err)
	}
	var setup board.Setup
	if gu.NewSetup != nil {
		setup = gu.NewSetup(e.Settings())
	} else {
		setup = board.NewSpecSetup(g)
	}
	seats := make([]storage.Seat, setup.Players())
	for i := range seats {
		seats[i].Kind = storage.Human
	}
	c, err := e.NewGame(g, setup.Options(), seats, 1, trace)
	if err != nil {
		t.Fatal(err)
	}
	c.Start(false)
	return c
}

// AnimatedMove plays from the start of c's game until a move of more than
// one animation step is possible, and returns it: the move with the most
// steps at each turn, so pieces meet soon.
func AnimatedMove(t *testing.T, c *app.Controller, trace app.Tracer) string {
	t.Helper()
	for ply := 0; ply < 200; ply++ {
		pos := c.Position()
		moves := pos.Moves()
		if len(moves) == 0 {
			t.Fatalf("no animated move in a whole game (%d plies)", ply)
		}
		sort.Strings(moves)
		best, most := "", 0
		for _, m := range moves {
			if steps, err := trace(pos, m); err == nil && len(steps) > most {
				best, most = m, len(steps)
			}
		}
		if most > 1 {
			return best
		}
		if best == "" {
			best = moves[0]
		}
		if why := c.Tap(best); why != "" {
			t.Fatalf("move %s: %s", best, why)
		}
	}
	t.Fatal("no animated move in 200 plies")
	return ""
}
