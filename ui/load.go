package ui

import (
	"fmt"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/storage"
)

// save writes the game on screen to the store: under its own id, or with
// a new name and id (Save as, and the first Save of a game).
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
	if !as && c.SaveID() != "" {
		u.putSave(c.SaveID(), c.Name())
		return
	}
	name := widget.NewEntry()
	name.SetText(defaultSaveName(c.Game().Name(), time.Now()))
	items := []*widget.FormItem{widget.NewFormItem("Name", name)}
	d := dialog.NewForm("Save game", "Save", "Cancel", items, func(ok bool) {
		if !ok {
			return
		}
		u.putSave(u.env.Store.NewID(), name.Text)
	}, u.win)
	d.Resize(u.dialogSize())
	d.Show()
	u.win.Canvas().Focus(name)
}

func defaultSaveName(game string, t time.Time) string {
	return game + " " + t.Format("2 Jan 15:04")
}

// putSave writes the game on screen under id with name.
func (u *UI) putSave(id, name string) {
	gs := u.game
	if gs == nil {
		return
	}
	sv := gs.c.Snapshot()
	sv.Name = name
	if err := u.env.Store.Put(id, sv); err != nil {
		u.showError("The game was not saved", err)
		return
	}
	gs.c.SetSaved(id, name)
	gs.say("Saved as “" + name + "”")
}

// load shows the saved games.
func (u *UI) load() {
	content := container.NewStack()
	s := &screen{name: "load", title: "Saved games", content: content}
	var fill func()
	fill = func() {
		content.Objects = []fyne.CanvasObject{u.loadList(fill)}
		content.Refresh()
	}
	fill()
	u.push(s)
}

func (u *UI) loadList(refill func()) fyne.CanvasObject {
	if u.env.Store == nil {
		return container.NewCenter(widget.NewLabel("Saved games are not available: " + u.env.StoreErr.Error()))
	}
	entries, err := u.env.Store.List()
	if err != nil {
		msg := widget.NewLabel(err.Error())
		msg.Wrapping = fyne.TextWrapWord
		return container.NewPadded(msg)
	}
	if len(entries) == 0 {
		msg := widget.NewLabel("No saved games yet. In a game, open the menu and choose Save.")
		msg.Wrapping = fyne.TextWrapWord
		return container.NewPadded(msg)
	}
	rows := container.NewVBox()
	for _, e := range entries {
		rows.Add(u.loadRow(e, refill))
	}
	return container.NewVScroll(container.NewPadded(centredColumn(rows, 640)))
}

// loadRow is one saved game: tap to open; rename and delete buttons.
func (u *UI) loadRow(e storage.Entry, refill func()) fyne.CanvasObject {
	title := e.Name
	var line string
	if e.Err != nil {
		line = "Damaged: " + e.Err.Error()
	} else {
		game := e.Game
		if g, err := core.Lookup(e.Game); err == nil {
			game = g.Name()
		}
		line = fmt.Sprintf("%s · %s · move %d · %s", game, e.Updated.Local().Format("2 Jan 2006 15:04"), e.Moves, e.State)
	}
	id := e.ID
	open := func() {
		if e.Err != nil {
			u.showError("This saved game cannot be opened", e.Err)
			return
		}
		u.loadSaved(id)
	}
	row := newCard(title, line, nil, open)
	if e.Err != nil {
		row.art = damagedArt()
	}
	rename := widget.NewButtonWithIcon("", theme.DocumentCreateIcon(), func() { u.renameSave(e, refill) })
	rename.Importance = widget.LowImportance
	del := widget.NewButtonWithIcon("", theme.DeleteIcon(), func() { u.deleteSave(e, refill) })
	del.Importance = widget.LowImportance
	review := widget.NewButtonWithIcon("", theme.MediaReplayIcon(), func() { u.reviewSaved(id) })
	review.Importance = widget.LowImportance
	btns := container.NewGridWithColumns(2,
		minSized(review, touchSize, touchSize), minSized(rename, touchSize, touchSize),
		layout.NewSpacer(), minSized(del, touchSize, touchSize))
	if e.Err != nil {
		rename.Disable()
		review.Disable()
	}
	return container.NewBorder(nil, nil, nil, btns, row)
}

func damagedArt() fyne.CanvasObject {
	icon := canvas.NewImageFromResource(theme.NewErrorThemedResource(theme.WarningIcon()))
	icon.FillMode = canvas.ImageFillContain
	return icon
}

func (u *UI) renameSave(e storage.Entry, refill func()) {
	name := widget.NewEntry()
	name.SetText(e.Name)
	d := dialog.NewForm("Rename", "Rename", "Cancel", []*widget.FormItem{widget.NewFormItem("Name", name)}, func(ok bool) {
		if !ok {
			return
		}
		if err := u.env.Store.Rename(e.ID, name.Text); err != nil {
			u.showError("Not renamed", err)
			return
		}
		if gs := u.game; gs != nil && gs.c.SaveID() == e.ID {
			gs.c.SetSaved(e.ID, name.Text)
		}
		refill()
	}, u.win)
	d.Resize(u.dialogSize())
	d.Show()
}

func (u *UI) deleteSave(e storage.Entry, refill func()) {
	d := dialog.NewConfirm("Delete saved game", "Delete “"+e.Name+"”? This cannot be undone.", func(ok bool) {
		if !ok {
			return
		}
		if err := u.env.Store.Delete(e.ID); err != nil {
			u.showError("Not deleted", err)
			return
		}
		if gs := u.game; gs != nil && gs.c.SaveID() == e.ID {
			gs.c.SetSaved("", gs.c.Name())
		}
		refill()
	}, u.win)
	d.SetConfirmText("Delete")
	d.SetConfirmImportance(widget.DangerImportance)
	d.Resize(u.dialogSize())
	d.Show()
}
