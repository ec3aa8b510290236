package ui

import (
	"fmt"

	"github.com/jumpers-game/jumpers/app"
)

// computerRun tells where a run of computer turns stands while one
// thinks: it is the k-th of n computer turns in a row before a person's
// turn comes (n 0 when no computer thinks or nobody human plays). With
// five Expert seats the wait is long; "3 of 5" shows it moves on.
func computerRun(c *app.Controller) (k, n int) {
	if c.State() != app.Thinking {
		return 0, 0
	}
	h := c.History()
	cur := h.Cursor()
	pos := h.Position(cur)
	now := pos.ToMove()
	players := pos.Players()
	if !c.IsComputer(now) {
		return 0, 0
	}
	// the computer turns already made since the last person's move
	k = 1
	for i := cur; i >= 1 && k < 64; i-- {
		if !c.IsComputer(h.Position(i - 1).ToMove()) {
			break
		}
		k++
	}
	// the computer seats still to come before a person, in turn order,
	// skipping players who have finished
	places := pos.Result().Places
	n = k
	human := false
	for step := 1; step < players; step++ {
		i := (now + step) % players
		if i < len(places) && places[i] > 0 {
			continue
		}
		if !c.IsComputer(i) {
			human = true
			break
		}
		n++
	}
	if !human {
		return 0, 0 // computers only: no one waits
	}
	return k, n
}

// moveCounter is the counter at the end of the seat row: the game's
// counter of the position shown (gameCounter), or during a run of
// computers which of them thinks ("2 of 5", after a computer icon).
func (gs *gameScreen) moveCounter() string {
	if k, n := computerRun(gs.c); n > 1 {
		return fmt.Sprintf("%d of %d", k, n)
	}
	return gameCounter(gs.c.Game().ID(), gs.c.Position(), gs.c.ShownCursor())
}
