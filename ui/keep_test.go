package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/driver/mobile"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/jumpers-game/jumpers/app"
	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/ataxx"
	"github.com/jumpers-game/jumpers/storage"
	"github.com/jumpers-game/jumpers/ui/internal/uitest"
	"github.com/jumpers-game/jumpers/ui/kit"
)

// The "done when": start a game, play a move, start another game
// of another kind, quit, start again: both games are in the in-progress
// list with their moves.
func TestEveryGameIsKept(t *testing.T) {
	root := t.TempDir()
	h := newHarness(t, root)
	gs := h.startGame(4, storage.Human, storage.Human)
	h.tapSquare(gs, 1, 1)
	cubeID := gs.c.SaveID()

	f := h.u.newGame(ataxx.ID) // you (Black) against the computer
	test.Tap(f.start)
	ax := h.u.game
	if ax == nil || ax.c.Game().ID() != ataxx.ID {
		t.Fatal("the Ataxx game did not start")
	}
	h.tapAtaxx(ax, "g1")
	h.tapAtaxx(ax, "f2")
	h.ai.Next(t) // the computer thinks; the player quits meanwhile
	h.u.env.SaveNow()

	// The app starts again over the same storage.
	h2 := newHarness(t, root)
	games := h2.u.env.InProgress()
	if len(games) != 2 {
		t.Fatalf("%d games in progress, want 2", len(games))
	}
	if games[0].Game != ataxx.ID || games[0].Moves != 1 || games[1].ID != cubeID || games[1].Moves != 1 {
		t.Fatalf("in progress: %s %d moves, %s %d moves", games[0].Game, games[0].Moves, games[1].Game, games[1].Moves)
	}
	// Home: the newest is the Continue card, the other one under it.
	home := h2.w.Canvas().Content()
	c := uitest.FindCard(home, "Continue")
	if c == nil || !strings.HasPrefix(c.Subtitle, "Ataxx") {
		t.Fatalf("Continue card: %+v", c)
	}
	if uitest.FindCard(home, games[1].Title()) == nil || uitest.FindButton(home, "All games") == nil {
		t.Fatal("the other game or All games is missing from home")
	}
	// Saved games lists both, each with its picture.
	test.Tap(uitest.FindButton(home, "All games"))
	if h2.u.Screen() != "load" {
		t.Fatalf("All games opened %q", h2.u.Screen())
	}
	for _, e := range games {
		row := uitest.FindCard(h2.w.Canvas().Content(), e.Title())
		if row == nil || row.Art == nil {
			t.Fatalf("row of %s missing or without its picture", e.Title())
		}
	}
	// Continue opens the newest, which carries on: the computer thinks.
	h2.u.back()
	test.Tap(uitest.FindCard(h2.w.Canvas().Content(), "Continue"))
	if h2.u.game == nil || h2.u.game.c.SaveID() != games[0].ID || h2.u.game.c.State() != app.Thinking {
		t.Fatalf("Continue opened the wrong game or it waits")
	}
}

// An old version's autosave is one of the games after the update.
func TestOldAutosaveIsListed(t *testing.T) {
	root := t.TempDir()
	st, err := storage.Open(root)
	if err != nil {
		t.Fatal(err)
	}
	rec := core.Record{Game: "cube", Start: "1-1-1-/1-1-1-/1-1-1- r", Moves: []string{"1:1", "3:3"}}
	if err := st.Autosave(storage.NewSave(rec, 2, nil, time.Now())); err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, root)
	c := uitest.FindCard(h.w.Canvas().Content(), "Continue")
	if c == nil || !strings.Contains(c.Subtitle, "Move 2") {
		t.Fatalf("the old autosave is not offered: %+v", c)
	}
}

// Leaving a game that has nothing in it (no move, no name) does not
// clutter the list; a game with a move is kept.
func TestEmptyGameLeftIsNotKept(t *testing.T) {
	h := newHarness(t, "")
	h.startGame(3, storage.Human, storage.Human)
	h.u.back()
	if n := len(h.u.env.InProgress()); n != 0 {
		t.Fatalf("%d games kept after leaving an empty one", n)
	}
	gs := h.startGame(3, storage.Human, storage.Human)
	h.tapSquare(gs, 1, 1)
	h.u.newGame("cube") // ☰ → New game: the game is still there
	h.u.back()
	h.u.back()
	if n := len(h.u.env.InProgress()); n != 1 {
		t.Fatalf("%d games kept, want 1", n)
	}
}

// A game restored with a computer to move carries on by itself; one the
// player left paused (Stop) stays paused when opened again.
func TestRestoredComputerGameCarriesOn(t *testing.T) {
	root := t.TempDir()
	h := newHarness(t, root)
	gs := h.startGame(4, storage.Human, storage.Computer)
	h.tapSquare(gs, 1, 1)
	h.ai.Next(t)
	h.u.env.SaveNow()

	h2 := newHarness(t, root)
	test.Tap(uitest.FindCard(h2.w.Canvas().Content(), "Continue"))
	gs2 := h2.u.game
	if gs2.c.State() != app.Thinking {
		t.Fatalf("restored game: state %v, want thinking", gs2.c.State())
	}
	h2.ai.Next(t).Answer <- "4:4"
	h2.q.RunOne(t)
	if gs2.c.History().Cursor() != 2 || gs2.c.State() != app.Human {
		t.Fatalf("after the answer: cursor %d state %v", gs2.c.History().Cursor(), gs2.c.State())
	}

	// Paused by the player: computer against computer, Stop plays the
	// best move so far and holds the next at Go. Left and opened again in
	// the same session, it still waits.
	h3 := newHarness(t, t.TempDir())
	gs3 := h3.startGame(4, storage.Computer, storage.Computer)
	h3.ai.Next(t)
	h3.ai.SetBest("1:1")
	test.Tap(gs3.stopGo)
	h3.q.RunOne(t)
	if gs3.c.State() != app.PausedComputer {
		t.Fatalf("after Stop: %v", gs3.c.State())
	}
	h3.escape(fyne.KeyEscape)
	test.Tap(uitest.FindCard(h3.w.Canvas().Content(), "Continue"))
	if st := h3.u.game.c.State(); st != app.PausedComputer {
		t.Fatalf("a paused game was opened in state %v", st)
	}
}

// escape presses Back as the desktop's Escape or Android's back key.
func (h *harness) escape(key fyne.KeyName) {
	h.w.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: key})
}

// topEntry is the text box of the topmost dialog (nil: none).
func (h *harness) topEntry() *dialogEntry {
	var entry *dialogEntry
	uitest.Walk(h.w.Canvas().Overlays().Top(), func(o fyne.CanvasObject) bool {
		entry, _ = o.(*dialogEntry)
		return entry != nil
	})
	return entry
}

func (h *harness) enter() {
	h.w.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyReturn})
}

// dialogButtonsAreTouchSized fails on a button of the top overlay under
// 48 dp.
func dialogButtonsAreTouchSized(t *testing.T, h *harness, what string) {
	t.Helper()
	top := h.w.Canvas().Overlays().Top()
	if top == nil {
		t.Fatalf("%s: no dialog", what)
	}
	uitest.Walk(top, func(o fyne.CanvasObject) bool {
		if b, ok := o.(*widget.Button); ok && b.Visible() && b.Size().Height < kit.TouchSize {
			t.Errorf("%s: button %q is %.0f dp high", what, b.Text, b.Size().Height)
		}
		return false
	})
}

// Back with each dialog or pop-up open closes only it: the screen stays.
func TestBackClosesOnlyTheDialog(t *testing.T) {
	for _, key := range []fyne.KeyName{fyne.KeyEscape, mobile.KeyBack} {
		h := newHarness(t, "")
		gs := h.startGame(3, storage.Human, storage.Human)
		h.tapSquare(gs, 1, 1)
		open := map[string]func(){
			"game menu": func() { test.Tap(gs.menuB) },
			"save":      func() { h.u.save(false) },
			"save as":   func() { h.u.save(true) },
			"info":      func() { h.u.showInfo("Note", "Something to read") },
			"about":     h.u.about,
		}
		for _, what := range []string{"game menu", "save", "save as", "info", "about"} {
			open[what]()
			if h.w.Canvas().Overlays().Top() == nil {
				t.Fatalf("%s: nothing shown", what)
			}
			if what != "game menu" {
				dialogButtonsAreTouchSized(t, h, what)
			}
			h.escape(key)
			if top := h.w.Canvas().Overlays().Top(); top != nil {
				t.Fatalf("%s (%s): still shown after Back", what, key)
			}
			if h.u.Screen() != "game" || h.u.game != gs {
				t.Fatalf("%s (%s): Back left the game: %q", what, key, h.u.Screen())
			}
		}
		if gs.c.Name() != "" {
			t.Fatalf("Back saved the game as %q", gs.c.Name())
		}
		// The saved games screen: rename and delete.
		h.u.save(false)
		h.enter()
		h.u.load()
		es, _ := h.u.env.Store.List()
		h.u.renameSave(es[0], func() {})
		dialogButtonsAreTouchSized(t, h, "rename")
		h.escape(key)
		h.u.deleteSave(es[0], func() {})
		dialogButtonsAreTouchSized(t, h, "delete")
		h.escape(key)
		if h.w.Canvas().Overlays().Top() != nil || h.u.Screen() != "load" {
			t.Fatalf("rename/delete (%s): screen %q, overlay %v", key, h.u.Screen(), h.w.Canvas().Overlays().Top())
		}
		if es2, _ := h.u.env.Store.List(); len(es2) != 1 || es2[0].Name != es[0].Name {
			t.Fatalf("Back changed the games: %+v", es2)
		}
		// With the keyboard in the name box, Back still closes the dialog.
		_, entry := h.u.askName("Rename", "Rename", "x", func(string) { t.Fatal("Back renamed") })
		entry.TypedKey(&fyne.KeyEvent{Name: key})
		if h.w.Canvas().Overlays().Top() != nil || h.u.Screen() != "load" {
			t.Fatalf("Back from the name box (%s): screen %q", key, h.u.Screen())
		}
		// Then Back goes back one screen, to the game.
		h.escape(key)
		if h.u.Screen() != "game" {
			t.Fatalf("Back (%s): screen %q", key, h.u.Screen())
		}
	}
}

// A drop-down of the new game screen is closed by Back, the screen stays.
func TestBackClosesAPicker(t *testing.T) {
	h := newHarness(t, "")
	h.u.newGame(ataxx.ID)
	var sel *kit.DropDown
	uitest.Walk(h.w.Canvas().Content(), func(o fyne.CanvasObject) bool {
		sel, _ = o.(*kit.DropDown)
		return sel != nil && sel.Visible()
	})
	if sel == nil {
		t.Fatal("no drop-down on the new game screen")
	}
	test.Tap(sel)
	if h.w.Canvas().Overlays().Top() == nil {
		t.Fatal("the drop-down did not open")
	}
	h.escape(fyne.KeyEscape)
	if h.w.Canvas().Overlays().Top() != nil || h.u.Screen() != "new" {
		t.Fatalf("Back: screen %q", h.u.Screen())
	}
}

// Enter submits: Save (name box), rename, a confirmation, a message.
func TestEnterSubmitsDialogs(t *testing.T) {
	h := newHarness(t, "")
	gs := h.startGame(3, storage.Human, storage.Human)
	h.tapSquare(gs, 1, 1)
	_, entry := func() (*dialogOpen, *dialogEntry) {
		h.u.save(false)
		var e *dialogEntry
		uitest.Walk(h.w.Canvas().Overlays().Top(), func(o fyne.CanvasObject) bool {
			e, _ = o.(*dialogEntry)
			return e != nil
		})
		return nil, e
	}()
	if entry == nil {
		t.Fatal("no name box in the Save dialog")
	}
	entry.SetText("Evening")
	entry.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn}) // Enter in the box
	if gs.c.Name() != "Evening" || h.w.Canvas().Overlays().Top() != nil {
		t.Fatalf("Enter in Save: name %q", gs.c.Name())
	}
	h.u.save(false) // named: Save only confirms
	if h.w.Canvas().Overlays().Top() != nil || !strings.Contains(gs.notice.Text, "Saved") {
		t.Fatal("Save of a named game asked again")
	}
	h.u.load()
	es, _ := h.u.env.Store.List()
	h.u.renameSave(es[0], func() {})
	h.enter() // Enter with the focus elsewhere: the window's handler
	if es, _ := h.u.env.Store.List(); es[0].Name != "Evening" || h.w.Canvas().Overlays().Top() != nil {
		t.Fatalf("Enter in rename: %+v", es[0])
	}
	h.u.showInfo("Note", "text")
	h.enter()
	if h.w.Canvas().Overlays().Top() != nil {
		t.Fatal("Enter did not close the message")
	}
	// Delete (of another game than the one on screen) with Enter.
	other := h.u.env.Store.NewID()
	h.u.env.Store.Keep(other, gs.c.Snapshot())
	es, _ = h.u.env.Store.List()
	for _, e := range es {
		if e.ID == other {
			h.u.deleteSave(e, func() {})
		}
	}
	h.enter()
	if _, _, err := h.u.env.Store.Load(other); err == nil {
		t.Fatal("Enter did not confirm the delete")
	}
}

// eveningAndAnother plays a move in a game named "Evening" (first is its
// id), then in another game, on screen.
func eveningAndAnother(t *testing.T) (h *harness, gs *gameScreen, first string) {
	t.Helper()
	h = newHarness(t, "")
	gs = h.startGame(3, storage.Human, storage.Human)
	h.tapSquare(gs, 1, 1)
	first = gs.c.SaveID()
	h.u.putSave(first, "Evening")
	gs = h.startGame(3, storage.Human, storage.Human)
	h.tapSquare(gs, 2, 2)
	return h, gs, first
}

// Save as with a name another game has asks: replace it, or pick another.
func TestSaveAsExistingName(t *testing.T) {
	h, gs, first := eveningAndAnother(t)

	saveAs := func(name string) {
		_, entry := h.u.askName("Save as", "Save", name, func(n string) { h.u.nameGame("Save as", n) })
		entry.SetText(name)
		h.enter()
	}
	saveAs("evening")
	top := h.w.Canvas().Overlays().Top()
	if top == nil || uitest.FindButton(top, "Replace") == nil {
		t.Fatal("no question about the name in use")
	}
	test.Tap(uitest.FindButton(top, "Other name")) // asks for a name again
	entry := h.topEntry()
	if entry == nil {
		t.Fatal("Other name did not ask again")
	}
	entry.SetText("Morning")
	h.enter()
	if gs.c.Name() != "Morning" {
		t.Fatalf("name %q", gs.c.Name())
	}
	saveAs("Evening")
	test.Tap(uitest.FindButton(h.w.Canvas().Overlays().Top(), "Replace"))
	if gs.c.Name() != "Evening" {
		t.Fatalf("name %q after Replace", gs.c.Name())
	}
	if _, _, err := h.u.env.Store.Load(first); err == nil {
		t.Fatal("the replaced game is still there")
	}
	named := 0
	es, _ := h.u.env.Store.List()
	for _, e := range es {
		if strings.EqualFold(e.Name, "Evening") {
			named++
		}
	}
	if named != 1 {
		t.Fatalf("%d games called Evening", named)
	}
}

// A Fyne dialog made elsewhere (a file dialog) is closed by Back once
// registered with trackDialog, and its close callback runs.
func TestBackClosesATrackedDialog(t *testing.T) {
	h := newHarness(t, "")
	h.u.load()
	closed := false
	d := dialog.NewInformation("Import", "Pick a file", h.w)
	h.u.trackDialog(d, nil)
	d.SetOnClosed(func() { closed = true })
	d.Show()
	h.escape(fyne.KeyEscape)
	if !closed || h.w.Canvas().Overlays().Top() != nil || h.u.Screen() != "load" {
		t.Fatalf("closed %v, screen %q", closed, h.u.Screen())
	}
	if len(h.u.overlays) != 0 {
		t.Fatalf("%d overlays left on the stack", len(h.u.overlays))
	}
}

// On a desktop the drop-down clicked last keeps the keyboard; a dialog
// takes it away, so Enter and Escape reach the dialog.
func TestDialogTakesTheKeyboard(t *testing.T) {
	h := newHarness(t, "")
	h.u.newGame(ataxx.ID)
	var sel *kit.DropDown
	uitest.Walk(h.w.Canvas().Content(), func(o fyne.CanvasObject) bool {
		sel, _ = o.(*kit.DropDown)
		return sel != nil
	})
	h.w.Canvas().Focus(sel)
	yes := false
	h.u.confirm("Sure?", "Really?", "Yes", false, func() { yes = true })
	if h.w.Canvas().Focused() != nil {
		t.Fatal("the drop-down kept the keyboard under a dialog")
	}
	h.enter()
	if !yes {
		t.Fatal("Enter did not confirm")
	}
}

// Back with the keyboard in the seed box leaves the new game screen (the
// phone's back key reached the box, which ignored it).
func TestBackFromTheSeedBox(t *testing.T) {
	h := newHarness(t, "")
	f := h.u.newGame("cube")
	h.w.Canvas().Focus(f.seed)
	f.seed.TypedKey(&fyne.KeyEvent{Name: mobile.KeyBack})
	if h.u.Screen() != "home" {
		t.Fatalf("screen %q", h.u.Screen())
	}
}

// Save with an empty name is refused with a word why; Enter on "name in
// use" picks another name rather than replacing a game.
func TestSaveRefusesEmptyNameAndReplaceIsNotTheDefault(t *testing.T) {
	h := newHarness(t, "")
	gs := h.startGame(3, storage.Human, storage.Human)
	h.tapSquare(gs, 1, 1)
	h.u.nameGame("Save game", "   ")
	if gs.c.Name() != "" || !strings.Contains(h.u.lastMessage, "needs a name") {
		t.Fatalf("name %q, message %q", gs.c.Name(), h.u.lastMessage)
	}
	h.escape(fyne.KeyEscape)
	first := gs.c.SaveID()
	h.u.putSave(first, "Evening")
	gs = h.startGame(3, storage.Human, storage.Human)
	h.tapSquare(gs, 2, 2)
	h.u.nameGame("Save as", "Evening")
	h.enter()
	if _, _, err := h.u.env.Store.Load(first); err != nil {
		t.Fatal("Enter replaced the other game")
	}
	entry := h.topEntry()
	if entry == nil {
		t.Fatal("Enter did not ask for another name")
	}
}

// Replace names this game first and removes the other only once that
// worked: a failed write leaves both games as they were.
func TestReplaceKeepsTheOtherGameWhenTheWriteFails(t *testing.T) {
	h, gs, first := eveningAndAnother(t)
	// The game's file cannot be replaced: a folder with something in it
	// stands where it goes.
	block := filepath.Join(h.u.env.Store.Dir(), gs.c.SaveID()+".json")
	h.u.env.SaveNow()
	if err := os.Remove(block); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(block, "x"), 0o755); err != nil {
		t.Fatal(err)
	}
	h.u.nameGame("Save as", "Evening")
	h.topButton("Replace")
	if _, _, err := h.u.env.Store.Load(first); err != nil {
		t.Fatalf("the other game went although this one was not saved: %v", err)
	}
	if gs.c.Name() != "" || !strings.Contains(h.u.lastMessage, "not saved") {
		t.Fatalf("name %q, message %q", gs.c.Name(), h.u.lastMessage)
	}
}
