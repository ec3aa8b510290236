package ui

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/jumpers-game/jumpers/app"
	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/storage"
	"github.com/jumpers-game/jumpers/ui/kit"
)

// save names the game on screen. Every game is already kept under its
// own id (written after every move), so Save and Save as never copy it:
// Save asks for a name the first time and then only confirms; Save as
// asks for a (new) name. A name another game has is not taken silently:
// the player replaces that game or picks another name.
func (u *UI) save(as bool) {
	gs := u.game
	if gs == nil {
		return
	}
	if u.env.Store == nil {
		u.showError("Saving is not available", u.env.StoreErr)
		return
	}
	c := gs.c
	if !as && c.Name() != "" {
		u.putSave(c.SaveID(), c.Name())
		return
	}
	title := "Save game"
	text := c.Name()
	if as {
		title = "Save as"
	}
	if text == "" {
		text = defaultSaveName(c.Game().Name(), time.Now())
	}
	u.askName(title, "Save", text, func(name string) { u.nameGame(title, name) })
}

// nameGame gives the game on screen name, after asking when another game
// has it.
func (u *UI) nameGame(title, name string) {
	gs := u.game
	if gs == nil {
		return
	}
	if strings.TrimSpace(name) == "" {
		u.showError("The game was not saved", errors.New("a saved game needs a name"))
		return
	}
	id := gs.c.SaveID()
	other, taken := u.env.Store.Named(name, id)
	if !taken {
		u.putSave(id, name)
		return
	}
	msg := widget.NewLabel("Another game is called “" + other.Name + "”. Replace it with this one, or pick another name?")
	msg.Wrapping = fyne.TextWrapWord
	u.showDialog("Name in use", msg,
		// Enter picks another name: replacing a game is never the default.
		dialogAction{label: "Other name", enter: true, do: func() {
			u.askName(title, "Save", name, func(n string) { u.nameGame(title, n) })
		}},
		dialogAction{label: "Replace", importance: widget.DangerImportance, do: func() {
			// This game is named first: if that fails, the other stays.
			if !u.putSave(id, name) {
				return
			}
			if err := u.env.Store.Delete(other.ID); err != nil {
				u.showError("The other game was not removed", err)
			}
		}})
}

func defaultSaveName(game string, t time.Time) string {
	return game + " " + t.Format("2 Jan 15:04")
}

// putSave writes the game on screen under id with name; false when that
// failed (said, and the game keeps its id and name).
func (u *UI) putSave(id, name string) bool {
	gs := u.game
	if gs == nil {
		return false
	}
	oldID, oldName := gs.c.SaveID(), gs.c.Name()
	gs.c.SetSaved(id, name)
	if err := u.env.KeepNow(); err != nil {
		gs.c.SetSaved(oldID, oldName)
		u.showError("The game was not saved", err)
		return false
	}
	gs.say("Saved as “" + name + "”")
	return true
}

// load shows the saved games.
func (u *UI) load() {
	content := container.NewStack()
	s := &screen{name: "load", title: "Saved games", content: content, actions: []fyne.CanvasObject{u.importAction()}}
	var fill func()
	listing := 0
	fill = func() {
		listing++
		mine := listing
		u.env.ListGames(func(entries []storage.Entry, err error) {
			if mine != listing {
				return // a newer listing is on its way
			}
			content.Objects = []fyne.CanvasObject{u.loadList(entries, err, fill)}
			content.Refresh()
		})
	}
	content.Objects = []fyne.CanvasObject{container.NewCenter(widget.NewLabel("Reading the saved games…"))}
	fill()
	u.push(s)
}

func (u *UI) loadList(entries []storage.Entry, err error, refill func()) fyne.CanvasObject {
	if u.env.Store == nil {
		return container.NewCenter(widget.NewLabel("Saved games are not available: " + u.env.StoreErr.Error()))
	}
	if err != nil {
		msg := widget.NewLabel(err.Error())
		msg.Wrapping = fyne.TextWrapWord
		return container.NewPadded(msg)
	}
	if len(entries) == 0 {
		msg := widget.NewLabel("No games yet. Every game you start is kept here until you delete it.")
		msg.Wrapping = fyne.TextWrapWord
		return container.NewPadded(msg)
	}
	rows := container.NewVBox()
	for _, e := range entries {
		rows.Add(u.loadRow(e, refill))
	}
	return kit.ScrollPage(rows, 640)
}

// loadRow is one saved game: tap to open; rename and delete buttons.
func (u *UI) loadRow(e storage.Entry, refill func()) fyne.CanvasObject {
	title := e.Title()
	var line string
	if e.Err != nil {
		line = "Damaged: " + e.Err.Error()
	} else {
		game := e.Game
		if g, err := core.Lookup(e.Game); err == nil {
			game = g.Name()
		}
		// the result with the players named as the board shows them
		line = fmt.Sprintf("%s · %s · %s", game, gameCounter(e.Game, e.Position, e.Moves),
			app.ResultTextOf(u.env.Settings(), e.Seats, e.Result))
		if p := playersText(e.Seats); p != "" {
			line += " · " + p
		}
		line += " · " + e.Updated.Local().Format("2 Jan 2006 15:04")
	}
	id := e.ID
	open := func() {
		if e.Err != nil {
			u.showError("This saved game cannot be opened", e.Err)
			return
		}
		u.loadSaved(id)
	}
	row := kit.NewCard(title, line, u.entryArt(e), open)
	rename := widget.NewButtonWithIcon("", theme.DocumentCreateIcon(), func() { u.renameSave(e, refill) })
	rename.Importance = widget.LowImportance
	del := widget.NewButtonWithIcon("", theme.DeleteIcon(), func() { u.deleteSave(e, refill) })
	del.Importance = widget.LowImportance
	review := widget.NewButtonWithIcon("", theme.MediaReplayIcon(), func() { u.reviewSaved(id) })
	review.Importance = widget.LowImportance
	// One column: two left the card's text about 100 dp on a phone.
	btns := container.NewVBox(kit.MinSized(review, kit.TouchSize, kit.TouchSize), kit.MinSized(rename, kit.TouchSize, kit.TouchSize),
		layout.NewSpacer(), kit.MinSized(del, kit.TouchSize, kit.TouchSize))
	if e.Err != nil {
		rename.Disable()
		review.Disable()
	}
	if u.isOpen(e.ID) {
		del.Disable() // the game on screen: leave it first
	}
	return container.NewBorder(nil, nil, nil, btns, row)
}

func damagedArt() fyne.CanvasObject {
	icon := canvas.NewImageFromResource(theme.NewErrorThemedResource(theme.WarningIcon()))
	icon.FillMode = canvas.ImageFillContain
	return icon
}

func (u *UI) renameSave(e storage.Entry, refill func()) {
	// An unnamed game starts from the title it is listed under, not an
	// empty box.
	u.askName("Rename", "Rename", e.Title(), func(name string) {
		if other, taken := u.env.Store.Named(name, e.ID); taken {
			u.showError("Not renamed", fmt.Errorf("another game is called “%s”", other.Name))
			return
		}
		if err := u.env.Store.Rename(e.ID, name); err != nil {
			u.showError("Not renamed", err)
			return
		}
		if gs := u.game; gs != nil && gs.c.SaveID() == e.ID {
			sv, _, err := u.env.Store.Load(e.ID)
			if err == nil {
				gs.c.SetSaved(e.ID, sv.Name)
				u.env.SaveNow() // the next autosave carries the new name
			}
		}
		refill()
	})
}

func (u *UI) deleteSave(e storage.Entry, refill func()) {
	text := "Delete “" + e.Title() + "”? This cannot be undone."
	if e.Err == nil && !e.Over {
		text = "“" + e.Title() + "” is not finished. Delete it? This cannot be undone."
	}
	u.confirm("Delete game", text, "Delete", true, func() {
		if err := u.env.Store.Delete(e.ID); err != nil {
			u.showError("Not deleted", err)
			return
		}
		refill()
	})
}
