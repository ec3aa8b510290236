package app

import (
	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/storage"
)

// TurnSeats is seats with every player one seat on (the last first): for
// two players a swap of sides, for more a rotation, so each can move
// first in turn. The new game screen's Swap/Rotate and Play again share it.
func TurnSeats(seats []storage.Seat) []storage.Seat {
	out := append([]storage.Seat(nil), seats...)
	if n := len(out); n >= 2 {
		last := out[n-1]
		copy(out[1:], out[:n-1])
		out[0] = last
	}
	return out
}

// PlayAgain starts a new game like c's: the same game, rules and start,
// the same seats (turned by one when swap), a new seed. c's game stays in
// the store.
func (e *Env) PlayAgain(c *Controller, swap bool, seed int64, trace Tracer) *Controller {
	seats := c.Seats()
	if swap {
		seats = TurnSeats(seats)
	}
	h := c.History()
	return e.NewController(Config{
		Game: c.Game(), History: core.NewHistory(h.Start(), h.Record().Rules),
		Seats: seats, Seed: seed, Trace: trace,
	})
}
