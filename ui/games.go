package ui

import (
	"fmt"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"

	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/storage"
	"github.com/jumpers-game/jumpers/ui/board"
	"github.com/jumpers-game/jumpers/ui/kit"
)

// homeGamesShown is how many in-progress games the home screen shows:
// the newest as the Continue card, two more under it; "All games" opens
// the Saved games screen with every game.
const homeGamesShown = 3

// inProgressCards are the home screen's in-progress games, newest first:
// the first is the Continue card. Nil when no game is in progress.
func (u *UI) inProgressCards(games []storage.Entry) []fyne.CanvasObject {
	if len(games) == 0 {
		return nil
	}
	var items []fyne.CanvasObject
	for i, e := range games[:min(len(games), homeGamesShown)] {
		title := e.Title()
		if i == 0 {
			title = "Continue"
		}
		id := e.ID
		c := kit.NewCard(title, describeSave(u.env.Settings(), e), u.continueArt(e.Game, e.Position), func() { u.loadSaved(id) })
		c.Accent = i == 0
		items = append(items, c)
	}
	label := "All games"
	if n := len(games); n > homeGamesShown {
		label = fmt.Sprintf("All games (%d in progress)", n)
	}
	_, all := kit.TouchButton(label, theme.FolderOpenIcon(), u.load)
	return append(items, all)
}

// gameCounter is where a game stands in its own words, the same in the
// status line, the Continue card and the saved games list: the game's
// counter ("Move 7", Ataxx's "Turn 12 of 100"), else the moves played.
func gameCounter(gameID string, pos core.Position, played int) string {
	if gu := board.Get(gameID); gu != nil && gu.Counter != nil {
		if s := gu.Counter(pos, played); s != "" {
			return s
		}
	}
	return fmt.Sprintf("Move %d", played)
}

// entryArt is a list row's thumbnail: the game's art of its position, a
// warning sign for a damaged file.
func (u *UI) entryArt(e storage.Entry) fyne.CanvasObject {
	if e.Err != nil || e.Position == nil {
		return damagedArt()
	}
	return u.continueArt(e.Game, e.Position)
}

// isOpen tells whether the game id is the one on screen (under the Saved
// games screen opened from its menu): it cannot be deleted from there.
func (u *UI) isOpen(id string) bool {
	return u.game != nil && u.game.c.SaveID() == id
}
