package app

import (
	"fmt"

	"github.com/jumpers-game/jumpers/core"
)

// viewing is the read-only look at a past position of the game (the move
// list, the review screen). The live game goes on underneath: the history,
// the state, a running search and the autosave are untouched; only what
// the board shows changes (Position, LastMove, HintMove, Frame,
// ShownCursor, LastMoveFrom).
type viewing struct {
	on bool
	n  int // moves of the position shown
	// marked: the position before move n+1 is shown with that move drawn
	// as the last move and better as the hint (a marked mistake of a
	// review: the move played and the engine's choice).
	marked bool
	better string
}

// View shows the position after n moves (0 ≤ n ≤ History().Len()), read
// only: taps on the board are refused with a reason, Undo, Redo and Hint
// do nothing, and the game goes on underneath (a computer keeps thinking
// on the live position). Live leaves the view.
func (c *Controller) View(n int) error {
	if c.closed {
		return ErrClosed
	}
	if n < 0 || n > c.hist.Len() {
		return fmt.Errorf("no position after %d moves (the game has %d)", n, c.hist.Len())
	}
	c.view = viewing{on: true, n: n}
	c.changed()
	return nil
}

// ViewMove shows the position before move k (1-based) with move k drawn
// as the last move and better, when not "", as the hint: a mistake and
// the engine's choice side by side.
func (c *Controller) ViewMove(k int, better string) error {
	if c.closed {
		return ErrClosed
	}
	if k < 1 || k > c.hist.Len() {
		return fmt.Errorf("no move %d (the game has %d)", k, c.hist.Len())
	}
	c.view = viewing{on: true, n: k - 1, marked: true, better: better}
	c.changed()
	return nil
}

// Live leaves the view: the board shows the game again.
func (c *Controller) Live() {
	if !c.view.on {
		return
	}
	c.view = viewing{}
	c.changed()
}

// Viewing tells whether a past position is shown, and after how many
// moves.
func (c *Controller) Viewing() (n int, ok bool) {
	if !c.view.on {
		return 0, false
	}
	return c.viewN(), true
}

// viewN is the viewed move count, within the history (a new move after
// an undo drops the redo branch the view may have been on).
func (c *Controller) viewN() int { return min(c.view.n, c.hist.Len()) }

// ShownCursor is the number of moves before the position the board
// shows: the viewed one, else the history's cursor.
func (c *Controller) ShownCursor() int {
	if c.view.on {
		return c.viewN()
	}
	return c.hist.Cursor()
}

// LivePosition is the position of the game, whatever is viewed.
func (c *Controller) LivePosition() core.Position { return c.hist.Current() }

// LastMoveFrom is the position the last-move mark's move was played from
// (nil when no move is marked): a board that draws a move's path (Chinese
// Checkers) replays it from there.
func (c *Controller) LastMoveFrom() core.Position {
	if c.view.on && c.view.marked {
		if c.viewN() < c.hist.Len() {
			return c.hist.Position(c.viewN())
		}
		return nil
	}
	n := c.ShownCursor()
	if n == 0 {
		return nil
	}
	return c.hist.Position(n - 1)
}

// viewTapRefusal is why a tap on the board does nothing while viewing.
func (c *Controller) viewTapRefusal() string {
	return fmt.Sprintf("Viewing move %d: “Back to the game” to play", c.viewN())
}
