package ui

import (
	"testing"
	"time"

	"go.uber.org/goleak"

	"github.com/jumpers-game/jumpers/app"
	"github.com/jumpers-game/jumpers/storage"
)

// The engine's review, the review's analysis mode and the game screen's
// analysis mode, with the real engines searching, leave no goroutine
// behind once their screens are left: leaving cancels them at once.
func TestLeavingReviewAndAnalysisLeavesNoGoroutines(t *testing.T) {
	h := newHarness(t, "")
	h.u.env.AI = nil // the games' own engines
	old := reviewBudget
	reviewBudget = app.Budget{Nodes: 1 << 40, Time: time.Minute}
	t.Cleanup(func() { reviewBudget = old })
	gs := h.startGame(6, storage.Human, storage.Human)
	playCube(t, gs, 6)
	ignore := goleak.IgnoreCurrent()

	gs.toggleAnalysis() // searches the live position
	if !gs.live.on {
		t.Fatal("the analysis mode did not start")
	}
	rs := reviewOf(t, h, gs)
	rs.an.start()
	rs.an.toggleLive()
	if !rs.an.running || !rs.an.live.on {
		t.Fatal("the review's searches did not start")
	}
	time.Sleep(20 * time.Millisecond) // inside the searches
	h.u.back()                        // leaves the review
	if h.u.Screen() != "game" || rs.an.running || rs.an.live.on {
		t.Fatalf("screen %q, review running %v", h.u.Screen(), rs.an.running)
	}
	h.u.home() // leaves the game
	if h.u.game != nil {
		t.Fatal("the game screen is still on")
	}
	// The posts of the cancelled searches reach nobody (dropped on the
	// UI goroutine); run them while the goroutines end.
	deadline := time.Now().Add(5 * time.Second)
	for time.Now().Before(deadline) {
		for h.q.Len() > 0 {
			h.q.RunOne(t)
		}
		if goleak.Find(ignore) == nil {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	goleak.VerifyNone(t, ignore)
}
