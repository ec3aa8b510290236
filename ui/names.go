package ui

import (
	"strings"

	"fyne.io/fyne/v2"

	"github.com/jumpers-game/jumpers/app"
	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/storage"
	"github.com/jumpers-game/jumpers/ui/kit"
)

// seatTitle is the title of seat i in the new game screen: the player's
// name as every message will say it (app.PlayerName: the typed name or
// the colour), the seat's place in the game (the Chinese Checkers arm),
// and who moves first.
func (f *newGameForm) seatTitle(i int) string {
	parts := []string{app.PlayerName(f.u.env.Settings(), f.seats, i)}
	if f.gu.SeatName != nil {
		if place := f.gu.SeatName(len(f.seats), i); place != "" {
			parts = append(parts, place)
		}
	}
	if i == 0 {
		parts = append(parts, "moves first")
	}
	return strings.Join(parts, " · ")
}

// nameEntry is the optional name of a human seat for pass-and-play: it
// replaces the colour in every message. changed runs after each edit.
func (f *newGameForm) nameEntry(seat *storage.Seat, changed func()) fyne.CanvasObject {
	e := f.u.newBackEntry() // Back leaves the screen while it has the keyboard
	e.SetPlaceHolder("Name (optional)")
	e.SetText(seat.Name)
	e.OnChanged = func(s string) {
		if len(s) > storage.MaxNameLen {
			s = core.CutUTF8(s, storage.MaxNameLen) // as storage cuts it
			e.SetText(s)
			return
		}
		seat.Name = strings.TrimSpace(strings.ReplaceAll(s, "\n", " "))
		changed()
	}
	return kit.MinHeight(e, kit.TouchSize)
}
