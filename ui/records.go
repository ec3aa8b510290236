package ui

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/jumpers-game/jumpers/app"
	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/record"
	"github.com/jumpers-game/jumpers/storage"
	"github.com/jumpers-game/jumpers/ui/board"
	"github.com/jumpers-game/jumpers/ui/kit"
)

// Game records (docs/record-format.md): the game on screen exported as
// PGN-style text to the clipboard or a file, and a record imported from
// the clipboard or a file as a new game, kept in the store.

// recordText is the record of the game on screen, up to the position
// shown: what the player sees is what is sent (moves undone are not).
func (u *UI) recordText() (text, fileName string, err error) {
	gs := u.game
	if gs == nil {
		return "", "", errors.New("no game is open")
	}
	h := gs.c.History()
	rec := h.Record()
	rec.Moves = rec.Moves[:h.Cursor()]
	sv := gs.c.Snapshot()
	st, seats := u.env.Settings(), gs.c.Seats()
	text, err = record.Format(rec, record.Info{
		Names: app.RecordNames(st, seats), Tags: storage.RecordSeatTags(gs.c.Game(), seats), Date: sv.Created.Local(),
	})
	fileName = fmt.Sprintf("jumpers-%s-%s.pgn", rec.Game, time.Now().Format("2006-01-02-1504"))
	return text, fileName, err
}

// exportRecord shows the record of the game on screen with its two ways
// out: the clipboard, and a file (the platform's picker on a phone).
func (u *UI) exportRecord() {
	text, fileName, err := u.recordText()
	if err != nil {
		u.showError("The record cannot be made", err)
		return
	}
	view := widget.NewLabel(text)
	view.TextStyle = fyne.TextStyle{Monospace: true}
	view.Wrapping = fyne.TextWrapWord
	scroll := container.NewVScroll(view)
	scroll.SetMinSize(fyne.NewSize(0, 240))
	var d *dialogOpen
	_, copyB := kit.TouchButton("Copy", theme.ContentCopyIcon(), func() {
		u.env.App.Clipboard().SetContent(text)
		d.d.Hide()
		if u.game != nil {
			u.game.say("Record copied: paste it anywhere")
		}
	})
	_, fileB := kit.TouchButton("Save file…", theme.DocumentSaveIcon(), func() {
		d.d.Hide()
		u.saveRecordFile(text, fileName)
	})
	body := container.NewBorder(nil, container.NewGridWithColumns(2, copyB, fileB), nil, nil, scroll)
	u.lastMessage = "Export record"
	d = u.showDialog("Export record", body, dialogAction{label: "Close", enter: true})
}

// saveRecordFile writes text to a file the player picks.
func (u *UI) saveRecordFile(text, fileName string) {
	fd := dialog.NewFileSave(func(w fyne.URIWriteCloser, err error) {
		if err != nil {
			u.showError("The record was not saved", err)
			return
		}
		if w == nil {
			return // cancelled
		}
		_, werr := io.WriteString(w, text)
		if cerr := w.Close(); werr == nil {
			werr = cerr
		}
		if werr != nil {
			u.showError("The record was not saved", werr)
			return
		}
		if u.game != nil {
			u.game.say("Record saved as " + w.URI().Name())
		}
	}, u.win)
	fd.SetFileName(fileName)
	u.showFileDialog(fd)
}

// importRecord asks for a record: pasted, typed, or read from a file.
func (u *UI) importRecord() { u.importDialog("") }

// importAction is the Saved games screen's top bar button for it.
func (u *UI) importAction() fyne.CanvasObject {
	b := widget.NewButtonWithIcon("", theme.DownloadIcon(), u.importRecord)
	b.Importance = widget.LowImportance
	return kit.MinSized(b, kit.TouchSize, kit.TouchSize)
}

// importDialog shows the import dialog with text and returns its text
// box.
func (u *UI) importDialog(text string) *dialogEntry {
	entry := u.newBackEntry()
	entry.MultiLine = true
	entry.SetPlaceHolder("Paste a game record here:\n[Game \"cube\"]\n...\n1. 3:3 2:2 *")
	entry.Wrapping = fyne.TextWrapOff
	entry.TextStyle = fyne.TextStyle{Monospace: true}
	// The clipboard is read only on Paste: phones tell the player about
	// every read, and an app that peeks unasked looks like spying.
	entry.SetText(text)
	var d *dialogOpen
	_, pasteB := kit.TouchButton("Paste", theme.ContentPasteIcon(), func() {
		text := u.env.App.Clipboard().Content()
		if strings.TrimSpace(text) == "" {
			// Nothing to paste: what is in the box stays.
			u.showInfo("Nothing to paste", "The clipboard is empty: copy a game record first, or open a file.")
			return
		}
		entry.SetText(text)
	})
	_, fileB := kit.TouchButton("Open file…", theme.FolderOpenIcon(), func() {
		d.d.Hide()
		u.openRecordFile()
	})
	scroll := container.NewVScroll(entry)
	scroll.SetMinSize(fyne.NewSize(0, 200))
	body := container.NewBorder(nil, container.NewGridWithColumns(2, pasteB, fileB), nil, nil, scroll)
	u.lastMessage = "Import record"
	d = u.showDialog("Import record", body,
		dialogAction{label: "Cancel"},
		dialogAction{label: "Import", importance: widget.HighImportance, enter: true, do: func() {
			if err := u.importText(entry.Text); err != nil {
				// The text stays, under the reason, to be mended.
				u.importDialog(entry.Text)
				u.showError("This record cannot be imported", err)
			}
		}})
	return entry
}

// openRecordFile reads a record from a file the player picks.
func (u *UI) openRecordFile() {
	fd := dialog.NewFileOpen(func(r fyne.URIReadCloser, err error) {
		if err != nil {
			u.showError("The record cannot be read", err)
			return
		}
		if r == nil {
			return // cancelled
		}
		defer r.Close()
		text, err := record.ReadText(r)
		if err != nil {
			u.showError("The record cannot be read", fmt.Errorf("%s: %w", r.URI().Name(), err))
			return
		}
		if err := u.importText(text); err != nil {
			u.showError("This record cannot be imported", fmt.Errorf("%s: %w", r.URI().Name(), err))
		}
	}, u.win)
	u.showFileDialog(fd)
}

// importText reads the first game of text and opens it as a new game,
// kept in the store. A record that does not read changes nothing: the
// error names the line and the reason.
func (u *UI) importText(text string) error {
	g, err := record.ReadGame(text, 1)
	if err != nil {
		// The players as the board would show them (the record's own
		// names are the notation's: "square 2:2 belongs to red").
		st := u.env.Settings()
		return errors.New(app.Sentence(core.RenamePlayers(err, func(i int) string { return app.PlayerName(st, nil, i) })))
	}
	if _, _, ok := board.Lookup(g.Record.Game); !ok {
		return fmt.Errorf("the app cannot show %q games yet", g.Record.Game)
	}
	h, err := core.HistoryFromRecord(g.Record, -1)
	if err != nil { // ReadGame replayed it already; this is a safety net
		return err
	}
	cg, err := core.Lookup(g.Record.Game)
	if err != nil {
		return err
	}
	sv := storage.NewSave(g.Record, len(g.Record.Moves), app.SeatsFromRecord(u.env.Settings(), cg, g), time.Now())
	sv.Name = importedName(g)
	id, err := u.env.KeepNew(sv)
	if err != nil {
		return fmt.Errorf("the game was not kept: %w", err)
	}
	u.openSave(sv, h, id)
	if n, _ := record.Count(text); n > 1 && u.game != nil {
		u.game.say(fmt.Sprintf("Imported the first of the %d games in the record", n))
	}
	return nil
}

// importedName names an imported game in the saved games list: who
// played, or the game.
func importedName(g record.Game) string {
	var names []string
	for _, n := range g.Names {
		if n != "" {
			names = append(names, n)
		}
	}
	if len(names) >= 2 {
		return "Imported: " + strings.Join(names, " vs ")
	}
	name := g.Record.Game
	if cg, err := core.Lookup(g.Record.Game); err == nil {
		name = cg.Name()
	}
	return "Imported " + name + " game"
}
