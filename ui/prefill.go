package ui

import (
	"github.com/jumpers-game/jumpers/app"
	"github.com/jumpers-game/jumpers/core"
)

// newGameLike opens the new game screen with the options and seats of
// Controller's game (☰ → New game, the end panel's New game), not the defaults.
func (u *UI) newGameLike(c *app.Controller) *newGameForm {
	f := u.newGame(c.Game().ID())
	if f == nil {
		return nil
	}
	rec := c.History().Record()
	if opts, ok := core.OptionsOf(c.Game(), rec.Rules, rec.Start); ok {
		f.setup.SetOptions(opts)
	}
	if seats := c.Seats(); len(seats) == len(f.seats) {
		f.seats = seats
		f.coachChosen = true // the game's own coach, as it was chosen
		f.rebuildSeats()
	}
	return f
}
