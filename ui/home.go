package ui

import (
	"fmt"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/jumpers-game/jumpers/app"
	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/storage"
	"github.com/jumpers-game/jumpers/ui/board"
	"github.com/jumpers-game/jumpers/ui/kit"
)

// home shows the home screen as the only screen.
func (u *UI) home() {
	u.popTo(0)
	u.push(&screen{name: "home", title: "Jumpers", content: u.homeContent()})
}

// refreshHome rebuilds the home screen (the Continue card may have
// changed) when it comes back on top.
func (u *UI) refreshHome() {
	if s := u.top(); s != nil && s.name == "home" {
		s.content = u.homeContent()
	}
}

func (u *UI) homeContent() fyne.CanvasObject {
	cards := container.NewVBox(u.inProgressCards(u.inProgress)...)
	u.homeListing++
	listing := u.homeListing
	u.env.ListGames(func(all []storage.Entry, _ error) {
		if listing != u.homeListing {
			return // a newer listing is on its way
		}
		u.inProgress = storage.InProgressOf(all)
		cards.Objects = u.inProgressCards(u.inProgress)
		cards.Refresh()
	})
	items := []fyne.CanvasObject{cards}
	head := widget.NewLabelWithStyle("Games", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	items = append(items, head)
	for _, gu := range board.Registered() {
		_, g, ok := board.Lookup(gu.ID)
		if !ok {
			continue
		}
		art := kit.ComingSoonArt()
		if gu.Preview != nil {
			art = gu.Preview(u.env.Settings)
		}
		id := gu.ID
		items = append(items, kit.NewCard(g.Name(), gu.Tagline, art, func() { u.newGame(id) }))
	}
	// Games of core that the app cannot show yet.
	for _, g := range core.Games() {
		if board.Get(g.ID()) == nil {
			c := kit.NewCard(g.Name(), "Coming soon.", kit.ComingSoonArt(), nil)
			c.Disabled = true
			items = append(items, c)
		}
	}
	items = append(items, u.puzzleEntry())
	_, load := kit.TouchButton("Saved games", theme.FolderOpenIcon(), u.load)
	_, set := kit.TouchButton("Settings", theme.SettingsIcon(), u.settings)
	_, rules := kit.TouchButton("Rules", theme.HelpIcon(), func() { u.rules("") })
	_, about := kit.TouchButton("About", theme.InfoIcon(), u.about)
	_, stats := kit.TouchButton("Statistics", theme.ListIcon(), u.stats)
	items = append(items, container.NewGridWithColumns(2, load, stats), container.NewGridWithColumns(3, set, rules, about))
	if u.env.StoreErr != nil {
		warn := widget.NewLabel("Saving is not available: " + u.env.StoreErr.Error())
		warn.Wrapping = fyne.TextWrapWord
		warn.Importance = widget.DangerImportance
		items = append(items, warn)
	}
	items = u.withLessons(items)
	box := container.NewVBox(items...)
	return kit.ScrollPage(box, 560)
}

// describeSave is one line about a saved game: game, moves, where it
// stands (the players named as the board shows them under s), who plays.
func describeSave(s app.Settings, e storage.Entry) string {
	name := e.Game
	state := ""
	if g, err := core.Lookup(e.Game); err == nil {
		name = g.Name()
		state = app.ResultTextOf(s, e.Seats, e.Result)
	}
	seats := ""
	if p := playersText(e.Seats); p != "" {
		seats = " · " + p
	}
	return fmt.Sprintf("%s · %s · %s%s", name, gameCounter(e.Game, e.Position, e.Moves), state, seats)
}

// playersText says who plays: "Human vs Expert", "4 players (1 human, 3
// computer)"; "" when the seats are not known.
func playersText(seats []storage.Seat) string {
	if len(seats) == 2 {
		return seatShort(seats[0]) + " vs " + seatShort(seats[1])
	}
	n := len(seats)
	if n <= 2 {
		return ""
	}
	comp := 0
	for _, s := range seats {
		if s.Kind == storage.Computer {
			comp++
		}
	}
	return fmt.Sprintf("%d players (%d human, %d computer)", n, n-comp, comp)
}

func seatShort(s storage.Seat) string {
	if s.Kind == storage.Computer {
		if s.Level != "" {
			return app.OptionLabel(s.Level)
		}
		return "Computer"
	}
	return "Human"
}

// continueArt is the Continue card's picture: the game's own art of the
// saved position, else its card art.
func (u *UI) continueArt(gameID string, pos core.Position) fyne.CanvasObject {
	gu := board.Get(gameID)
	ok := gu != nil
	switch {
	case ok && gu.Art != nil:
		return gu.Art(pos, u.env.Settings)
	case ok && gu.Preview != nil:
		return gu.Preview(u.env.Settings)
	}
	return kit.ComingSoonArt()
}
