// Package ui holds the screens of Jumpers and their navigation: home, new
// game, game, review, saved games, settings, statistics, rules. Screens
// are shared by all games and reach a game only through the contract of
// package board (a GameUI per game, its Board and Setup); register.go is
// the one file that names the games. The look and small widgets are in
// package kit. The UI never decides a rule: a tap on a board becomes a
// move in notation that the game's controller (package app) checks with
// core.
//
// Everything here runs on the Fyne UI goroutine. Work from other
// goroutines (the AI, timers) comes back through Env.Post, which is
// fyne.Do in the app and a queue in tests.
package ui

import (
	"fmt"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/driver/mobile"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/jumpers-game/jumpers/app"
	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/storage"
	"github.com/jumpers-game/jumpers/ui/board"
	"github.com/jumpers-game/jumpers/ui/kit"
)

// UI is the app's one window and its stack of screens. Phones get one
// full-screen window, so there is no second window anywhere: screens are
// pushed and popped, and the top bar has a back button.
type UI struct {
	env   *app.Env
	win   fyne.Window
	stack []*screen
	body  *fyne.Container
	game  *gameScreen // the game on screen, nil if none
	// reviewing is the review screen shown, nil if none (review.go).
	reviewing *reviewScreen

	// lastMessage is the text of the last dialog shown (for tests and
	// logs: a dialog on a test canvas is otherwise hard to read back).
	lastMessage string
	// overlays are the dialogs and pop-ups on show, topmost last
	// (dialogs.go): Back closes them first.
	overlays []*overlay
	// debugHold: JUMPERS_OPEN opens its game held at Go (screenshots).
	debugHold bool
	// inProgress are the unfinished games of the last listing, shown at
	// once on Home while a new listing runs off the UI goroutine
	// (homeListing counts the listings: only the newest is shown).
	inProgress  []storage.Entry
	homeListing int
	// learn is what Home knows of the lessons it offers (learn.go).
	learn learnState
}

// screen is one page: a title, the content, and extra top bar actions.
type screen struct {
	name    string // "home", "game", ...: for tests and JUMPERS_SCREEN
	title   string
	content fyne.CanvasObject
	actions []fyne.CanvasObject
	// leave runs when the screen is removed from the stack.
	leave func()
}

// Build makes the window of the app (app.Run calls it).
func Build(e *app.Env) fyne.Window {
	w := e.App.NewWindow("Jumpers")
	u := New(e, w)
	w.Resize(fyne.NewSize(400, 720)) // a phone-like window that fits a laptop screen
	u.startScreen()
	if e.Debug.MeasureLoop {
		u.measureLoop()
	}
	return w
}

// New makes the UI in w and shows the home screen.
func New(e *app.Env, w fyne.Window) *UI {
	u := &UI{env: e, win: w, body: container.NewStack()}
	u.applyTheme()
	w.SetContent(u.body)
	w.SetPadded(false)
	u.installKeys()
	e.OnSettings(func(app.Settings) {
		if u.game != nil {
			u.game.update()
		}
	})
	u.home()
	return u
}

// startScreen opens the screen asked for by JUMPERS_SCREEN / JUMPERS_OPEN
// (scripted screenshots); normally the home screen stays.
func (u *UI) startScreen() {
	d := u.env.Debug
	if d.Open != "" {
		sv, h, err := storage.ReadFile(d.Open)
		if err != nil {
			u.afterShown(func() { u.showError("This saved game cannot be opened", err) })
		} else {
			// Still pictures: a computer to move waits for Go.
			u.debugHold = true
			u.openSave(sv, h, "")
			u.debugHold = false
		}
	}
	switch d.Screen {
	case "new":
		id := d.Game
		if id == "" {
			id = "cube"
		}
		u.newGame(id)
	case "load":
		u.load()
	case "settings":
		u.settings()
	case "stats":
		u.stats()
	case "rules":
		u.rules(d.Game)
	case "about":
		u.afterShown(u.about)
	case "continue":
		if e, ok := u.env.ContinueEntry(); ok {
			u.loadSaved(e.ID)
		}
	case "puzzles", "puzzle":
		u.debugPuzzle(d)
	case "lesson":
		u.debugLesson(d.Lesson, d.Tap)
	case "review", "review-analysis", "review-mark":
		u.debugReview(d.Screen != "review", d.Screen == "review-mark")
	}
	if d.Tap != "" && u.game != nil {
		// Tap squares of the board by name, as a finger would.
		for _, sq := range strings.Fields(d.Tap) {
			u.game.board.TapSquare(sq)
		}
	}
}

// --- navigation ---

func (u *UI) top() *screen {
	if len(u.stack) == 0 {
		return nil
	}
	return u.stack[len(u.stack)-1]
}

// Screen is the name of the screen shown ("home", "game", ...).
func (u *UI) Screen() string {
	if s := u.top(); s != nil {
		return s.name
	}
	return ""
}

func (u *UI) push(s *screen) {
	u.stack = append(u.stack, s)
	u.show()
}

// popTo removes screens until n are left.
func (u *UI) popTo(n int) {
	for len(u.stack) > n {
		s := u.stack[len(u.stack)-1]
		u.stack = u.stack[:len(u.stack)-1]
		if s.leave != nil {
			s.leave()
		}
	}
}

func (u *UI) back() {
	if len(u.stack) <= 1 {
		return
	}
	u.popTo(len(u.stack) - 1)
	if u.top().name == "home" {
		u.refreshHome()
	}
	u.show()
}

// show puts the top screen in the window, under a top bar.
func (u *UI) show() {
	s := u.top()
	title := widget.NewLabelWithStyle(s.title, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	title.SizeName = theme.SizeNameSubHeadingText
	title.Truncation = fyne.TextTruncateEllipsis
	var left fyne.CanvasObject = layout.NewSpacer()
	if len(u.stack) > 1 {
		b := widget.NewButtonWithIcon("", theme.NavigateBackIcon(), func() { u.goBack("") })
		b.Importance = widget.LowImportance
		left = kit.MinSized(b, kit.TouchSize, kit.TouchSize)
	}
	right := container.NewHBox(s.actions...)
	bar := kit.MinHeight(container.NewBorder(nil, nil, left, right, kit.Compact(title)), kit.TouchSize)
	sep := widget.NewSeparator()
	u.body.Objects = []fyne.CanvasObject{container.NewBorder(container.NewVBox(bar, sep), nil, nil, nil, s.content)}
	u.body.Refresh()
	// A control of the screen left must not keep the keyboard (Escape).
	u.win.Canvas().Unfocus()
}

// installKeys adds the keyboard: Android's back key, Escape on desktops,
// and the game shortcuts.
func (u *UI) installKeys() {
	c := u.win.Canvas()
	c.SetOnTypedKey(func(ev *fyne.KeyEvent) {
		switch ev.Name {
		case mobile.KeyBack, fyne.KeyEscape:
			// Setting OnTypedKey turns off the default back action, so
			// it is done here: the topmost dialog first, then the
			// screen; at the root the OS gets it back.
			u.goBack(ev.Name)
		case fyne.KeyReturn, fyne.KeyEnter:
			u.submit()
		case fyne.KeySpace:
			if u.game != nil && u.Screen() == "game" && u.topOverlay() == nil {
				u.game.press()
			}
		case fyne.KeyH:
			if u.game != nil && u.Screen() == "game" {
				u.game.hint()
			}
		}
	})
	ctrl := fyne.KeyModifierShortcutDefault
	inGame := func(f func(*gameScreen)) func(fyne.Shortcut) {
		return func(fyne.Shortcut) {
			if u.game != nil && u.Screen() == "game" {
				f(u.game)
			}
		}
	}
	// The desktop driver turns Ctrl+Z and Ctrl+Y into the standard undo
	// and redo shortcuts; Ctrl+Shift+Z arrives as a custom one.
	c.AddShortcut(&fyne.ShortcutUndo{}, inGame((*gameScreen).undo))
	c.AddShortcut(&fyne.ShortcutRedo{}, inGame((*gameScreen).redo))
	c.AddShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyZ, Modifier: ctrl | fyne.KeyModifierShift}, inGame((*gameScreen).redo))
	c.AddShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyS, Modifier: ctrl}, inGame(func(*gameScreen) { u.save(false) }))
	c.AddShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyN, Modifier: ctrl}, func(fyne.Shortcut) {
		if u.game != nil {
			u.newGameLike(u.game.c)
			return
		}
		u.newGame("cube")
	})
	c.AddShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyO, Modifier: ctrl}, func(fyne.Shortcut) { u.load() })
}

// --- messages ---

// dialogSize fits a dialog to a phone: most of the width.
func (u *UI) dialogSize() fyne.Size {
	sz := u.win.Canvas().Size()
	return fyne.NewSize(min(sz.Width*0.9, 480), 0)
}

// afterShown runs f once the window is on screen: a dialog sized before
// the window has a size would be sized for nothing.
func (u *UI) afterShown(f func()) {
	if u.win.Canvas().Size().Width > 0 {
		f()
		return
	}
	u.after(300*time.Millisecond, func() { u.afterShown(f) })
}

// after runs f on the UI goroutine after d.
func (u *UI) after(d time.Duration, f func()) {
	post := u.env.Post
	time.AfterFunc(d, func() { post(f) })
}

// --- opening games ---

// openSave shows a loaded game: id is its id in the store, "" for an
// outside file (kept in the store from now on, under a new id).
func (u *UI) openSave(sv storage.Save, h *core.History, id string) {
	gu, _, ok := board.Lookup(sv.Game)
	if !ok {
		u.showError("This saved game cannot be opened", fmt.Errorf("the app cannot show %q games yet", sv.Game))
		return
	}
	c, err := u.env.OpenSave(sv, h, id, gu.Trace)
	if err != nil {
		u.showError("This saved game cannot be opened", err)
		return
	}
	u.showGame(gu, c, u.debugHold || u.env.WasPaused(id))
}

// loadSaved opens the saved game id from the store.
func (u *UI) loadSaved(id string) {
	if u.env.Store == nil {
		u.showError("Saved games are not available", u.env.StoreErr)
		return
	}
	u.env.SaveNow() // the game on screen may be this one: read its last move
	sv, h, err := u.env.Store.Load(id)
	if err != nil {
		u.showError("This saved game cannot be opened", err)
		return
	}
	u.openSave(sv, h, id)
}

// showGame replaces everything above home with the game screen. A game
// carries on where it was left (a computer to move thinks at once) unless
// hold: the player had left it paused in this session.
func (u *UI) showGame(gu *board.GameUI, c *app.Controller, hold bool) {
	u.popTo(1)
	gs := newGameScreen(u, gu, c)
	u.push(gs.screen)
	c.Start(hold)
}
