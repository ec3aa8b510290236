package ui

import (
	"github.com/jumpers-game/jumpers/app"
	"github.com/jumpers-game/jumpers/core"
)

// optionsSetter is a Setup that can show given options: the new game
// screen opened from a game starts from that game's options.
type optionsSetter interface{ SetOptions(o core.Options) }

func (s *cubeSetup) SetOptions(o core.Options) {
	if o.Int(core.OptSize) > 0 {
		s.slider.SetValue(float64(o.Int(core.OptSize)))
	}
}

func (s *ataxxSetup) SetOptions(o core.Options) {
	if o.Text(core.OptRules) != "" {
		s.rulesRadio.SetSelected(ataxxRuleLabel(o.Text(core.OptRules)))
	}
	if o.Text(core.OptLayout) != "" {
		s.layoutSelect.SetSelected(layoutLabel(o.Text(core.OptLayout)))
	}
}

func (s *ccSetup) SetOptions(o core.Options) {
	if o.Int(core.OptPlayers) > 0 {
		s.setPlayers(o.Int(core.OptPlayers))
	}
	if o.Text(core.OptRules) != "" {
		s.profile.SetSelected(o.Text(core.OptRules))
	}
}

// newGameLike opens the new game screen with the options and seats of
// c's game (☰ → New game, the end panel's New game), not the defaults.
func (u *UI) newGameLike(c *app.Controller) *newGameForm {
	f := u.newGame(c.Game().ID())
	if f == nil {
		return nil
	}
	rec := c.History().Record()
	if opts, ok := core.OptionsOf(c.Game(), rec.Rules, rec.Start); ok {
		if s, ok := f.setup.(optionsSetter); ok {
			s.SetOptions(opts)
		}
	}
	if seats := c.Seats(); len(seats) == len(f.seats) {
		f.seats = seats
		f.rebuildSeats()
	}
	return f
}
