package ui

import (
	"log"
	"runtime"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/driver/mobile"
	"fyne.io/fyne/v2/widget"

	"github.com/jumpers-game/jumpers/ui/board"
	"github.com/jumpers-game/jumpers/ui/kit"
)

// One way to open dialogs and pop-ups: showDialog and trackPopUp put them
// on u.overlays, the stack the key handler sees. Back (Escape, Android's
// back key, the top bar's arrow) closes the topmost one before it leaves a
// screen; Enter runs the dialog's default action. Dialog buttons are
// touch-sized (Fyne's own are about 35 dp).

// overlay is a dialog or pop-up on show.
type overlay struct {
	hide    func()      // closes it as Cancel would
	enter   func()      // the default action (Enter); nil: none
	visible func() bool // false once it went away by other means
}

// dialogAction is one button of a dialog. do runs after the dialog has
// closed (nil: the button only closes it).
type dialogAction struct {
	label      string
	importance widget.Importance
	do         func()
	// enter: Enter presses this button.
	enter bool
}

// dialogOpen is a dialog on show: its buttons, for tests.
type dialogOpen struct {
	d       *dialog.CustomDialog
	buttons []*widget.Button
	o       *overlay // its entry for Back
}

// onBack makes Back run back (which closes the dialog) in place of
// closing it as Cancel would.
func (do *dialogOpen) onBack(back func()) { do.o.hide = back }

// showDialog shows a dialog with title, body and actions as buttons of
// touch size, registered for Back and Enter.
func (u *UI) showDialog(title string, body fyne.CanvasObject, actions ...dialogAction) *dialogOpen {
	do := &dialogOpen{}
	var enter func()
	row := container.NewGridWithColumns(max(1, len(actions)))
	for _, a := range actions {
		a := a
		press := func() {
			do.d.Hide()
			if a.do != nil {
				a.do()
			}
		}
		b := widget.NewButton(a.label, press)
		b.Importance = a.importance
		do.buttons = append(do.buttons, b)
		row.Add(kit.MinHeight(b, kit.TouchSize))
		if a.enter {
			enter = press
		}
	}
	content := container.NewBorder(nil, container.NewPadded(row), nil, nil, body)
	do.d = dialog.NewCustomWithoutButtons(title, content, u.win)
	do.o = u.trackDialog(do.d, enter)
	// On a desktop the control clicked last (a drop-down, a check box)
	// keeps the keyboard, and a focused widget gets Enter and Escape
	// before the window does: let the window have them.
	u.win.Canvas().Unfocus()
	do.d.Resize(u.dialogSize())
	do.d.Show()
	return do
}

// trackDialog registers a dialog made elsewhere (Fyne's file dialogs)
// for Back; enter (may be nil) is its default action. Show it after.
func (u *UI) trackDialog(d dialog.Dialog, enter func()) *overlay {
	o := &overlay{hide: d.Hide, enter: enter, visible: func() bool { return true }}
	d.SetOnClosed(func() { u.dropOverlay(o) })
	u.overlays = append(u.overlays, o)
	return o
}

// showFileDialog shows one of Fyne's file dialogs over the whole window,
// registered for Back. Where Fyne hands it to the platform's own picker
// (Android, iOS: fyne's dialog/file_mobile.go) nothing of Fyne's is shown
// and no close is ever reported, so it is not registered: it would
// swallow the next Back.
func (u *UI) showFileDialog(fd *dialog.FileDialog) {
	if !nativeFilePicker {
		u.trackDialog(fd, nil)
	}
	fd.Resize(u.win.Canvas().Size())
	fd.Show()
}

// nativeFilePicker: file dialogs are the platform's (tests set it).
var nativeFilePicker = runtime.GOOS == "android" || runtime.GOOS == "ios"

// trackPopUp registers a pop-up (the game menu) for Back.
func (u *UI) trackPopUp(p *widget.PopUp) {
	u.overlays = append(u.overlays, &overlay{hide: p.Hide, visible: p.Visible})
}

func (u *UI) dropOverlay(o *overlay) {
	for i, x := range u.overlays {
		if x == o {
			u.overlays = append(u.overlays[:i], u.overlays[i+1:]...)
			return
		}
	}
}

// topOverlay is the topmost dialog or pop-up still on show.
func (u *UI) topOverlay() *overlay {
	for len(u.overlays) > 0 {
		o := u.overlays[len(u.overlays)-1]
		if o.visible() {
			return o
		}
		u.overlays = u.overlays[:len(u.overlays)-1] // closed by a tap outside
	}
	return nil
}

// goBack is Back: close the topmost dialog or pop-up, else leave the
// screen. At the home screen Android's back key goes to the OS.
func (u *UI) goBack(key fyne.KeyName) {
	if o := u.topOverlay(); o != nil {
		u.dropOverlay(o)
		o.hide()
		return
	}
	// Anything else Fyne put over the window (a drop-down's list).
	if top := u.win.Canvas().Overlays().Top(); top != nil {
		top.Hide()
		return
	}
	// The enlarged board is a view over the game: the whole board first.
	if gs := u.game; gs != nil && len(u.stack) > 0 && u.top() == gs.screen {
		if m, ok := gs.area.(*board.Magnifier); ok && m.Zoomed {
			m.ZoomOut()
			return
		}
		// So is a past move viewed: the live position first.
		if _, ok := gs.c.Viewing(); ok {
			gs.c.Live()
			return
		}
		// The coach's warning: Back takes the move back.
		if gs.c.CoachWarning() != "" {
			gs.c.TakeBack()
			return
		}
	}
	if len(u.stack) > 1 {
		u.back()
		return
	}
	if key == mobile.KeyBack {
		if d, ok := fyne.CurrentApp().Driver().(mobile.Driver); ok {
			d.GoBack()
		}
	}
}

// submit is Enter: the default action of the topmost dialog.
func (u *UI) submit() {
	if o := u.topOverlay(); o != nil && o.enter != nil {
		o.enter()
	}
}

// showError shows a problem in a dialog; the app goes on.
func (u *UI) showError(title string, err error) {
	u.lastMessage = title + ": " + err.Error()
	log.Print(u.lastMessage)
	u.showInfo(title, err.Error())
}

func (u *UI) showInfo(title, text string) {
	u.lastMessage = title + ": " + text
	msg := widget.NewLabel(text)
	msg.Wrapping = fyne.TextWrapWord
	u.showDialog(title, msg, dialogAction{label: "OK", importance: widget.HighImportance, enter: true})
}

// confirm asks a yes/no question; yes runs when the player agrees (Enter
// agrees too; Back declines).
func (u *UI) confirm(title, text, yesLabel string, danger bool, yes func()) *dialogOpen {
	msg := widget.NewLabel(text)
	msg.Wrapping = fyne.TextWrapWord
	imp := widget.HighImportance
	if danger {
		imp = widget.DangerImportance
	}
	return u.showDialog(title, msg,
		dialogAction{label: "Cancel"},
		dialogAction{label: yesLabel, importance: imp, do: yes, enter: true})
}

// dialogEntry is a text box of a dialog: Enter submits the dialog, and
// Back closes it even while the box has the keyboard (a focused widget
// gets the keys before the window does).
type dialogEntry struct {
	widget.Entry
	u *UI
}

func (u *UI) newDialogEntry(text string) *dialogEntry {
	e := u.newBackEntry()
	e.SetText(text)
	// Typing goes on from the end of the name, not before it.
	e.CursorColumn = len([]rune(text))
	e.OnSubmitted = func(string) { u.submit() }
	return e
}

// newBackEntry is a text box that lets Back through while it has the
// keyboard (the new game screen's seed): a focused widget gets the keys
// before the window, and Fyne's Entry ignores the back key.
func (u *UI) newBackEntry() *dialogEntry {
	e := &dialogEntry{u: u}
	e.ExtendBaseWidget(e)
	return e
}

// TypedKey: Back (Escape, the back key) gives up the keyboard and goes
// back: closes the dialog, or leaves the screen.
func (e *dialogEntry) TypedKey(ev *fyne.KeyEvent) {
	if ev.Name == fyne.KeyEscape || ev.Name == mobile.KeyBack {
		if c := fyne.CurrentApp().Driver().CanvasForObject(e); c != nil {
			c.Unfocus()
		}
		e.u.goBack(ev.Name)
		return
	}
	e.Entry.TypedKey(ev)
}

// askName asks for a name (Save, Save as, rename); ok gets the text.
func (u *UI) askName(title, okLabel, text string, ok func(name string)) (*dialogOpen, *dialogEntry) {
	entry := u.newDialogEntry(text)
	body := container.NewVBox(widget.NewLabel("Name"), kit.MinHeight(entry, kit.TouchSize))
	d := u.showDialog(title, body,
		dialogAction{label: "Cancel"},
		dialogAction{label: okLabel, importance: widget.HighImportance, do: func() { ok(entry.Text) }, enter: true})
	u.win.Canvas().Focus(entry)
	return d, entry
}
