package ui

import (
	"fmt"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/mobile"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/record"
	"github.com/jumpers-game/jumpers/storage"
	"github.com/jumpers-game/jumpers/ui/internal/uitest"
)

// topButton taps the button labelled label of the topmost dialog.
func (h *harness) topButton(label string) {
	h.t.Helper()
	top := h.w.Canvas().Overlays().Top()
	b := uitest.FindButton(top, label)
	if b == nil {
		h.t.Fatalf("no %q button on top (last message %q)", label, h.u.lastMessage)
	}
	test.Tap(b)
}

// The game menu exports the record of the game on screen to the
// clipboard: it reads back as the same game, up to the position shown.
func TestExportRecordToClipboard(t *testing.T) {
	h := newHarness(t, "")
	gs := h.startGame(4, storage.Human, storage.Human)
	h.tapSquare(gs, 1, 1)
	h.tapSquare(gs, 4, 4)
	h.tapSquare(gs, 2, 2)
	test.Tap(gs.undoB) // the move undone is not in the record
	test.Tap(gs.menuB)
	test.Tap(uitest.FindButton(gs.menu, "Export record…"))
	h.topButton("Copy")
	text := h.a.Clipboard().Content()
	g, err := record.ReadGame(text, 1)
	if err != nil {
		t.Fatalf("clipboard %q: %v", text, err)
	}
	if got := strings.Join(g.Record.Moves, " "); got != "1:1 4:4" || g.Final.String() != pos(gs) {
		t.Fatalf("record moves %q ending at %s; the board shows %s", got, g.Final, pos(gs))
	}
	if !strings.Contains(text, `[Size "4"]`) {
		t.Fatalf("record without its size:\n%s", text)
	}
}

// A record pasted from the clipboard opens as a new game, kept in the
// store with its players' names.
func TestImportRecordFromClipboard(t *testing.T) {
	h := newHarness(t, "")
	text := "[Game \"cube\"]\n[Size \"5\"]\n[Red \"Ann\"]\n[Blue \"Bo\"]\n\n1. 3:3 2:2 2. 3:3 *\n"
	h.a.Clipboard().SetContent(text)
	entry := h.u.importDialog("")
	if entry.Text != "" {
		t.Fatalf("the clipboard was read unasked: %q", entry.Text)
	}
	h.topButton("Paste")
	if entry.Text != text {
		t.Fatalf("Paste gave %q", entry.Text)
	}
	h.topButton("Import")
	gs := h.u.game
	if h.u.Screen() != "game" || gs == nil {
		t.Fatalf("screen %q after import (%s)", h.u.Screen(), h.u.lastMessage)
	}
	want, _ := record.ReadGame(text, 1)
	if pos(gs) != want.Final.String() || gs.c.History().Len() != 3 {
		t.Fatalf("imported game at %s, want %s", pos(gs), want.Final)
	}
	entries, err := h.u.env.Store.List()
	if err != nil || len(entries) != 1 || entries[0].Name != "Imported: Ann vs Bo" || entries[0].ID != gs.c.SaveID() {
		t.Fatalf("store %+v %v; game id %q", entries, err, gs.c.SaveID())
	}
}

// A bad record is refused with the line and the reason, and nothing
// changes: the game on screen stays, the store stays empty.
func TestImportBadRecordChangesNothing(t *testing.T) {
	h := newHarness(t, "")
	gs := h.startGame(3, storage.Human, storage.Human)
	h.tapSquare(gs, 1, 1)
	before := pos(gs)
	test.Tap(gs.menuB)
	test.Tap(uitest.FindButton(gs.menu, "Import record…"))
	entry := h.topEntry()
	if entry == nil || !entry.MultiLine {
		t.Fatal("no text box in the import dialog")
	}
	entry.SetText("[Game \"cube\"]\n[Size \"3\"]\n\n1. 2:2 2:2 *\n")
	h.topButton("Import")
	if !strings.Contains(h.u.lastMessage, `Line 4: move "2:2": square 2:2 belongs to `+h.u.env.Settings().Colours[0]) {
		t.Fatalf("message %q does not name the line and the move", h.u.lastMessage)
	}
	// Under the reason, the text waits to be mended.
	h.topButton("OK")
	again := h.topEntry()
	if again == nil || again.Text != entry.Text {
		t.Fatal("the refused text is not offered again")
	}
	h.topButton("Cancel")
	if h.u.game != gs || pos(gs) != before || h.u.Screen() != "game" {
		t.Fatal("a refused import changed the game on screen")
	}
	// Every game is kept, so the store holds the game on screen; nothing else.
	entries, _ := h.u.env.Store.List()
	for _, e := range entries {
		if e.ID != gs.c.SaveID() {
			t.Fatalf("a refused import was kept: %+v", e)
		}
	}
}

// The Saved games screen has the import button too.
func TestSavedGamesOffersImport(t *testing.T) {
	h := newHarness(t, "")
	h.u.load()
	top := h.u.top()
	found := false
	for _, a := range top.actions {
		uitest.Walk(a, func(o fyne.CanvasObject) bool {
			if b, ok := o.(*widget.Button); ok {
				test.Tap(b)
				found = true
			}
			return found
		})
	}
	if !found || h.u.lastMessage != "Import record" {
		t.Fatalf("no import on the Saved games screen (last message %q)", h.u.lastMessage)
	}
}

// A game won against the computer shows on the Statistics screen, from
// Home; Reset asks, then empties it.
func TestStatisticsScreen(t *testing.T) {
	h := newHarness(t, "")
	gs := h.startGame(2, storage.Human, storage.Computer)
	for i := 0; !gs.c.Position().Result().Over; i++ {
		if i > 100 {
			t.Fatal("a 2x2 game that does not end")
		}
		m := gs.c.Position().Moves()[0]
		if gs.c.IsComputer(gs.c.Position().ToMove()) {
			h.ai.Next(t).Answer <- m
			h.q.RunOne(t)
			continue
		}
		var r, c int
		if _, err := fmt.Sscanf(m, "%d:%d", &r, &c); err != nil {
			t.Fatal(err)
		}
		h.tapSquare(gs, r, c)
	}
	res := gs.c.Position().Result()
	rows := h.u.env.Stats.Rows()
	if len(rows) != 1 || rows[0].Played != 1 || rows[0].Board != "2×2" || rows[0].Level != core.Beginner {
		t.Fatalf("rows %+v", rows)
	}
	if won := !gs.c.IsComputer(res.Winner); (rows[0].Won == 1) != won {
		t.Fatalf("rows %+v after a game won by player %d", rows, res.Winner)
	}
	h.u.home()
	test.Tap(uitest.FindButton(h.w.Canvas().Content(), "Statistics"))
	if h.u.Screen() != "stats" {
		t.Fatalf("screen %q", h.u.Screen())
	}
	content := h.w.Canvas().Content()
	if !hasLabel(content, "1 played") || !hasLabel(content, "Beginner · 2×2") {
		t.Fatal("the game is not shown")
	}
	test.Tap(uitest.FindButton(content, "Reset statistics"))
	h.topButton("Cancel")
	if len(h.u.env.Stats.Rows()) != 1 {
		t.Fatal("reset without confirmation")
	}
	// Back closes the question (and stays on the screen); nothing is reset.
	test.Tap(uitest.FindButton(content, "Reset statistics"))
	h.escape(fyne.KeyEscape)
	if h.u.Screen() != "stats" || h.w.Canvas().Overlays().Top() != nil || len(h.u.env.Stats.Rows()) != 1 {
		t.Fatalf("Back: screen %q, %d rows", h.u.Screen(), len(h.u.env.Stats.Rows()))
	}
	test.Tap(uitest.FindButton(content, "Reset statistics"))
	h.topButton("Reset")
	if len(h.u.env.Stats.Rows()) != 0 || hasLabel(h.w.Canvas().Content(), "1 played") {
		t.Fatal("statistics not reset")
	}
	if st, _ := h.u.env.Stats.Streak(); st != 0 {
		t.Fatalf("streak %d after reset", st)
	}
}

func hasLabel(root fyne.CanvasObject, part string) bool {
	return uitest.Walk(root, func(o fyne.CanvasObject) bool {
		l, ok := o.(*widget.Label)
		return ok && strings.Contains(l.Text, part)
	})
}

// On a phone in landscape the menu, taller than the screen, scrolls:
// every item, the last too, stays within reach.
func TestMenuFitsLandscape(t *testing.T) {
	h := newHarness(t, "")
	gs := h.startGame(4, storage.Human, storage.Human)
	h.w.Resize(fyne.NewSize(720, 360))
	test.Tap(gs.menuB)
	if gs.menu == nil || !gs.menu.Visible() {
		t.Fatal("menu not shown")
	}
	canvasH := h.w.Canvas().Size().Height
	if bottom := gs.menu.Content.Position().Y + gs.menu.Content.Size().Height; bottom > canvasH+1 {
		t.Fatalf("menu ends at %v on a %v high screen", bottom, canvasH)
	}
	about := uitest.FindButton(gs.menu, "About")
	if about == nil {
		t.Fatal("no About in the menu")
	}
	test.Tap(about)
	if h.u.lastMessage != "About" {
		t.Fatalf("About not reached: %q", h.u.lastMessage)
	}
}

// The record dialogs and the file pickers they open are closed by Back,
// one at a time, without leaving the game; Back with the keyboard in the
// import box closes the dialog too. Nothing is imported or written.
func TestBackClosesTheRecordDialogs(t *testing.T) {
	h := newHarness(t, "")
	gs := h.startGame(3, storage.Human, storage.Human)
	h.tapSquare(gs, 1, 1)
	before := pos(gs)
	closedBy := func(what string, back func()) {
		t.Helper()
		back()
		if h.w.Canvas().Overlays().Top() != nil || len(h.u.overlays) != 0 {
			t.Fatalf("%s: still open after Back (%d overlays)", what, len(h.u.overlays))
		}
		if h.u.Screen() != "game" || h.u.game != gs || pos(gs) != before {
			t.Fatalf("%s: Back left the game (screen %q)", what, h.u.Screen())
		}
	}
	esc := func() { h.escape(fyne.KeyEscape) }

	h.u.exportRecord()
	dialogButtonsAreTouchSized(t, h, "export")
	closedBy("export", esc)
	h.u.exportRecord()
	h.enter() // Enter closes it too
	if h.w.Canvas().Overlays().Top() != nil {
		t.Fatal("Enter did not close the export dialog")
	}
	h.u.exportRecord()
	h.topButton("Save file…")
	if len(h.u.overlays) != 1 {
		t.Fatalf("the file picker is not registered for Back (%d overlays)", len(h.u.overlays))
	}
	closedBy("export file picker", esc)

	entry := h.u.importDialog("[Game \"cube\"]")
	h.w.Canvas().Focus(entry)
	closedBy("import, typing", func() { entry.TypedKey(&fyne.KeyEvent{Name: mobile.KeyBack}) })
	h.u.importDialog("")
	h.topButton("Open file…")
	closedBy("import file picker", esc)
	entries, _ := h.u.env.Store.List()
	if len(entries) != 1 {
		t.Fatalf("%d games in the store, want the one on screen", len(entries))
	}
}

// Where the platform's own file picker stands in for Fyne's (Android,
// iOS), it is not put on the Back stack: it never reports its close, so
// it would swallow the next Back, which must leave the screen.
func TestNativeFilePickerDoesNotSwallowBack(t *testing.T) {
	old := nativeFilePicker
	nativeFilePicker = true
	t.Cleanup(func() { nativeFilePicker = old })
	h := newHarness(t, "")
	gs := h.startGame(3, storage.Human, storage.Human)
	h.tapSquare(gs, 1, 1)
	h.u.exportRecord()
	h.topButton("Save file…")
	if len(h.u.overlays) != 0 {
		t.Fatalf("%d overlays on the Back stack for a native picker", len(h.u.overlays))
	}
}

// Export then import keeps who plays each seat (issue 49: the export named
// the human "?", the import made the computer a human called "Computer
// (Beginner)"): kinds, levels, styles and names, in every game.
func TestRecordRoundTripKeepsSeats(t *testing.T) {
	for _, id := range []string{"cube", "ataxx", "chinesecheckers"} {
		h := newHarness(t, "")
		f := h.u.newGame(id)
		styles := f.g.Styles()
		f.seats[0] = storage.Seat{Kind: storage.Human}
		f.seats[1] = storage.Seat{Kind: storage.Computer, Level: core.Strong, Style: styles[len(styles)-1]}
		f.rebuildSeats()
		f.seats[0].Name = "Zoë"
		test.Tap(f.start)
		gs := h.u.game
		if gs == nil {
			t.Fatalf("%s: no game (%s)", id, h.u.lastMessage)
		}
		seats := gs.c.Seats()
		for _, unnamed := range []bool{false, true} {
			if unnamed {
				// An unnamed human: named by its colour, and unnamed again.
				h.u.game.c.Close()
				f = h.u.newGame(id)
				f.seats[0] = storage.Seat{Kind: storage.Human}
				f.seats[1] = seats[1]
				f.rebuildSeats()
				test.Tap(f.start)
				gs = h.u.game
				seats = gs.c.Seats()
			}
			text, _, err := h.u.recordText()
			if err != nil {
				t.Fatal(err)
			}
			if strings.Contains(text, `"?"`) {
				t.Errorf("%s: a seat is named \"?\":\n%s", id, text)
			}
			if err := h.u.importText(text); err != nil {
				t.Fatal(err)
			}
			back := h.u.game.c.Seats()
			for i := range seats {
				w, g := seats[i], back[i]
				if w.Kind != g.Kind || w.Name != g.Name || w.Level != g.Level || w.Style != g.Style {
					t.Errorf("%s seat %d: exported %+v, imported %+v\n%s", id, i, w, g, text)
				}
			}
		}
		if seats[1].Kind != storage.Computer || seats[1].Level != core.Strong {
			t.Fatalf("%s: the game started with %+v", id, seats)
		}
	}
}
