package ui

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/jumpers-game/jumpers/core"
	cc "github.com/jumpers-game/jumpers/core/chinesecheckers"
	"github.com/jumpers-game/jumpers/storage"
	"github.com/jumpers-game/jumpers/ui/board"
	"github.com/jumpers-game/jumpers/ui/board/ccboard"
	"github.com/jumpers-game/jumpers/ui/internal/uitest"
	"github.com/jumpers-game/jumpers/ui/kit"
)

// The walk over every screen: on a phone every control must be a target
// a thumb hits, touchSize (48 dp, Material's minimum; Apple asks for 44)
// on its shorter side. A wide control that is short (a text field, a
// dropdown, a radio row) is as hard to hit as a small square, so the rule
// is the shorter side, not the area. The boards are one target each;
// their cells have their own rule (TestSmallCellsAreMagnified).
//
// A control is anything a tap or a drag acts on: a fyne.Tappable (buttons,
// dropdowns, check boxes, radio rows, entries, cards, the Stop/Go button,
// colour pickers, menu items) or a Draggable (the slider). Scroll bars
// are not targets: a phone scrolls by dragging the content. Dialogs are
// another helper's (a wrapper with 48 dp buttons) and not walked here.

// target is a control found on screen with its size.
type target struct {
	path string
	size fyne.Size
}

// controls lists the visible controls under o with their laid-out sizes.
func controls(o fyne.CanvasObject, path string) []target {
	if o == nil || !o.Visible() {
		return nil
	}
	if _, plain := o.(*fyne.Container); !plain {
		name := reflect.TypeOf(o).String()
		if l := describe(o); l != "" {
			name += "(" + l + ")"
		}
		path += "/" + name
	}
	_, tap := o.(fyne.Tappable)
	_, drag := o.(fyne.Draggable)
	if (tap || drag) && !isScroll(o) && !isPopUp(o) {
		// The control's own area is its target: what it is made of
		// inside (an entry's text, a dropdown's label) is not walked.
		return []target{{path, o.Size()}}
	}
	var out []target
	switch x := o.(type) {
	case *fyne.Container:
		for _, k := range x.Objects {
			out = append(out, controls(k, path)...)
		}
	case *container.Scroll:
		out = append(out, controls(x.Content, path)...)
	case fyne.Widget:
		if r := test.WidgetRenderer(x); r != nil {
			for _, k := range r.Objects() {
				out = append(out, controls(k, path)...)
			}
		}
	}
	return out
}

// isScroll: scroll areas and their bars take drags to scroll, and hold
// the targets.
func isScroll(o fyne.CanvasObject) bool {
	return strings.Contains(strings.ToLower(reflect.TypeOf(o).String()), "scroll")
}

// isPopUp: a pop-up takes a tap outside its content to close; the
// targets are inside.
func isPopUp(o fyne.CanvasObject) bool {
	switch o.(type) {
	case *widget.PopUp, *widget.PopUpMenu, *widget.Menu:
		return true
	}
	// Fyne's internal wrapper of an overlay (a dropdown's list)
	return strings.HasSuffix(reflect.TypeOf(o).String(), ".OverlayContainer")
}

// describe is a word to find a control by in a failure.
func describe(o fyne.CanvasObject) string {
	switch x := o.(type) {
	case *widget.Button:
		return x.Text
	case *widget.Check:
		return x.Text
	case *kit.DropDown:
		return x.Selected
	case *kit.Card:
		return x.Title
	case *kit.ColourPicker:
		return x.Selected
	}
	return ""
}

// checkTargets fails for every control under root smaller than touchSize
// on its shorter side; it returns how many controls it saw.
func checkTargets(t *testing.T, where string, root fyne.CanvasObject) int {
	t.Helper()
	ts := controls(root, "")
	for _, c := range ts {
		if min(c.size.Width, c.size.Height) < kit.TouchSize {
			t.Errorf("%s: %s is %.1f×%.1f dp, want %d on its shorter side", where, c.path, c.size.Width, c.size.Height, kit.TouchSize)
		}
	}
	return len(ts)
}

// checkScreen walks the screen on show, then opens each of its dropdowns
// and colour pickers and walks their lists.
func checkScreen(t *testing.T, h *harness, where string) {
	t.Helper()
	c := h.w.Canvas()
	c.Refresh(c.Content())
	root := c.Content()
	if n := checkTargets(t, where, root); n == 0 {
		t.Errorf("%s: no control found: the walk is broken", where)
	}
	checkClearOfScrollBars(t, where, root)
	if top := c.Overlays().Top(); top != nil {
		checkClearOfScrollBars(t, where+", on top", top) // the ☰ menu scrolls in landscape
	}
	uitest.CheckLabelsFit(t, where, root) // and no text is cut
	checkDropDownsFit(t, where, root)
	for _, s := range uitest.FindWidgets[*kit.DropDown](root) {
		test.Tap(s)
		top := c.Overlays().Top()
		if top == nil {
			t.Errorf("%s: dropdown %q opened nothing", where, s.Selected)
			continue
		}
		if l := s.List(); l != nil {
			at := fyne.CurrentApp().Driver().AbsolutePositionForObject(l.Content)
			checkListBesideField(t, where+", dropdown "+s.Selected, s, at, l.Content.Size())
		} else {
			t.Errorf("%s: dropdown %q opened no list", where, s.Selected)
		}
		if n := checkTargets(t, where+", the list of dropdown "+s.Selected, top); n < len(s.Options) {
			t.Errorf("%s: the list of dropdown %q has %d targets for %d options", where, s.Selected, n, len(s.Options))
		}
		c.Overlays().Remove(top)
	}
	for _, p := range uitest.FindWidgets[*kit.ColourPicker](root) {
		test.Tap(p)
		top := c.Overlays().Top()
		if top == nil {
			t.Errorf("%s: colour picker %q opened nothing", where, p.Selected)
			continue
		}
		checkTargets(t, where+", the colour list of "+p.Selected, top)
		if pop, ok := top.(*widget.PopUp); ok {
			at := fyne.CurrentApp().Driver().AbsolutePositionForObject(pop.Content)
			checkListBesideField(t, where+", colour picker "+p.Selected, p, at, pop.Content.Size())
		}
		top.Hide()
		c.Overlays().Remove(top)
	}
}

// checkClearOfScrollBars fails for a control of a vertical scroll area
// that reaches under the area's scroll bar (issue 49: the dark theme's
// Settings drop-downs ran under it).
func checkClearOfScrollBars(t *testing.T, where string, root fyne.CanvasObject) {
	t.Helper()
	abs := fyne.CurrentApp().Driver().AbsolutePositionForObject
	bar := theme.Size(theme.SizeNameScrollBar)
	for _, sc := range uitest.FindWidgets[*container.Scroll](root) {
		if sc.Direction != container.ScrollVerticalOnly {
			continue
		}
		if len(uitest.FindWidgets[*moveChip](sc.Content)) > 0 {
			// The move list in landscape: its strip and bar are being
			// redone with the game screen's layout (issue 49, item 2).
			continue
		}
		edge := abs(sc).X + sc.Size().Width - bar
		uitest.Walk(sc.Content, func(o fyne.CanvasObject) bool {
			_, tap := o.(fyne.Tappable)
			if tap && o.Visible() && abs(o).X+o.Size().Width > edge+0.5 {
				t.Errorf("%s: %s reaches %.0f dp, under the scroll bar from %.0f", where, describeOr(o), abs(o).X+o.Size().Width, edge)
			}
			return false
		})
	}
}

// checkDropDownsFit fails for a drop-down too narrow for one of its
// choices: its field would cut it with an ellipsis ("0…").
func checkDropDownsFit(t *testing.T, where string, root fyne.CanvasObject) {
	t.Helper()
	for _, d := range uitest.FindWidgets[*kit.DropDown](root) {
		th := d.Theme()
		pad := th.Size(theme.SizeNameInnerPadding)
		for _, o := range d.Options {
			need := fyne.MeasureText(o, th.Size(theme.SizeNameText), fyne.TextStyle{}).Width + 4*pad + th.Size(theme.SizeNameInlineIcon)
			if need > d.Size().Width+0.5 {
				t.Errorf("%s: drop-down choice %q needs %.0f dp, the field is %.0f", where, o, need, d.Size().Width)
			}
		}
	}
}

// checkListBesideField fails when the list a drop-down opens covers the
// field it belongs to (issue 49: the colour list opened over its field).
func checkListBesideField(t *testing.T, where string, field fyne.CanvasObject, l fyne.Position, ls fyne.Size) {
	t.Helper()
	f, fs := fyne.CurrentApp().Driver().AbsolutePositionForObject(field), field.Size()
	if f.X < l.X+ls.Width-0.5 && l.X < f.X+fs.Width-0.5 && f.Y < l.Y+ls.Height-0.5 && l.Y < f.Y+fs.Height-0.5 {
		t.Errorf("%s: the list at %v %v covers its field at %v %v", where, l, ls, f, fs)
	}
}

func describeOr(o fyne.CanvasObject) string {
	if d := describe(o); d != "" {
		return fmt.Sprintf("%T(%s)", o, d)
	}
	return fmt.Sprintf("%T", o)
}

// everyScreen opens each screen of the app in turn in h and calls visit
// while it is on show.
func everyScreen(t *testing.T, h *harness, visit func(where string)) {
	visit("home")
	for _, hg := range board.Registered() {
		f := h.u.newGame(hg.ID)
		if f == nil {
			t.Fatalf("no new game screen for %s", hg.ID)
		}
		visit("new " + hg.ID)
		// every kind of seat row: a computer, and a human with its name box
		f.seats[0].Kind, f.seats[1].Kind = storage.Computer, storage.Human
		f.rebuildSeats()
		visit("new " + hg.ID + " (computer first)")
		if s, ok := f.setup.(*ccboard.Setup); ok {
			s.SetPlayers(6)
			visit("new " + hg.ID + " (six players)")
		}
		for i := range f.seats {
			f.seats[i].Kind, f.seats[i].Level = storage.Human, core.Beginner
		}
		f.rebuildSeats()
		test.Tap(f.start)
		if h.u.Screen() != "game" {
			t.Fatalf("%s did not start", hg.ID)
		}
		visit("game " + hg.ID)
		h.u.game.showMenu()
		visit("game " + hg.ID + " menu")
		h.u.game.menu.Hide()
		h.w.Canvas().Overlays().Remove(h.u.game.menu)
		// a game with a past: its move list, a past move on show with
		// its controls, the analysis mode, the review
		gs := h.u.game
		playFirst(t, gs, 4)
		visit("game " + hg.ID + " after 4 moves")
		if err := gs.c.View(2); err != nil {
			t.Fatal(err)
		}
		visit("game " + hg.ID + " viewing move 2")
		gs.c.Live()
		gs.toggleAnalysis()
		visit("game " + hg.ID + " analysis")
		gs.toggleAnalysis()
		h.u.review(gs.c.Snapshot(), gs.c.History())
		if h.u.Screen() != "review" {
			t.Fatalf("%s: no review (%s)", hg.ID, h.u.Screen())
		}
		visit("review " + hg.ID)
		h.u.back()
		h.u.save(false) // a dialog: saved below through the store instead
		for h.w.Canvas().Overlays().Top() != nil {
			h.w.Canvas().Overlays().Remove(h.w.Canvas().Overlays().Top())
		}
		h.u.putSave(h.u.env.Store.NewID(), hg.ID+" game")
		h.u.popTo(1)
		h.u.show()
	}
	h.u.refreshHome()
	h.u.show()
	visit("home with a game to continue")
	h.u.load()
	visit("saved games")
	h.u.back()
	h.u.settings()
	for _, a := range uitest.FindWidgets[*widget.Accordion](h.u.top().content) {
		a.OpenAll()
	}
	visit("settings")
	h.u.back()
	h.u.stats()
	visit("statistics")
	h.u.back()
	h.u.about()
	visit("about")
	h.u.back()
	h.u.rules("")
	visit("rules")
	h.u.back()
	for _, hg := range board.Registered() {
		h.u.rules(hg.ID)
		visit("rules " + hg.ID)
		h.u.back()
	}
	visitPuzzles(t, h, visit)
	visitLessons(t, h, visit)
}

// TestTouchTargets walks every screen at phone size, portrait and
// landscape, and every dropdown's list: no control under 48 dp.
func TestTouchTargets(t *testing.T) {
	for _, sz := range phoneSizes(0) {
		h := newHarness(t, "")
		h.w.Resize(sz)
		screens := 0
		everyScreen(t, h, func(where string) {
			screens++
			checkScreen(t, h, fmt.Sprintf("%v %s", sz, where))
		})
		if screens < 30 {
			t.Errorf("walked %d screens", screens)
		}
	}
}

// TestTouchTargetsCatchSmallControls: the walk finds a Fyne control of
// its default size (a compact check box, 35 dp tall) anywhere in a tree,
// also inside another widget and a scroll; a control sized to touchSize
// passes.
func TestTouchTargetsCatchSmallControls(t *testing.T) {
	test.NewTempApp(t)
	small := widget.NewCheck("small", nil)
	big := widget.NewButton("big", nil)
	w := test.NewTempWindow(t, container.NewVScroll(container.NewVBox(
		container.NewThemeOverride(small, kit.CompactTheme{}), kit.MinHeight(big, kit.TouchSize))))
	w.Resize(fyne.NewSize(360, 740))
	var found []string
	for _, c := range controls(w.Canvas().Content(), "") {
		if min(c.size.Width, c.size.Height) < kit.TouchSize {
			found = append(found, c.path)
		}
	}
	if len(found) != 1 || !strings.Contains(found[0], "Check(small)") {
		t.Fatalf("small controls found: %v", found)
	}
}

// TestSixSeatNamesFit: with six players the seat titles of the new game
// screen and the status line of the game are not cut at 360 dp: every
// label that truncates is as wide as its text needs.
func TestSixSeatNamesFit(t *testing.T) {
	h := newHarness(t, "")
	h.w.Resize(fyne.NewSize(360, 740))
	st := h.u.env.Settings()
	st.Colours = [6]string{"Reddish purple", "Bluish green", "Sky blue", "Vermillion", "Orange", "Yellow"}
	h.u.env.SetSettings(st)
	f := h.u.newGame(cc.ID)
	f.setup.(*ccboard.Setup).SetPlayers(6)
	uitest.CheckLabelsFit(t, "new game, six seats", h.w.Canvas().Content())
	for i := range f.seats {
		f.seats[i].Kind = storage.Human
	}
	f.rebuildSeats()
	test.Tap(f.start)
	uitest.CheckLabelsFit(t, "game, six players", h.w.Canvas().Content())
	h.u.game.c.Hint()
	h.u.game.update()
	uitest.CheckLabelsFit(t, "game, looking for a hint", h.w.Canvas().Content())
}

// phoneSizes are the phone's two window sizes, portrait and landscape:
// both in the full run, and under -short (the race run, where a walk over
// every screen takes tens of seconds) only the one of index i, so that the
// walks between them still see both.
func phoneSizes(i int) []fyne.Size {
	all := []fyne.Size{{Width: 360, Height: 740}, {Width: 740, Height: 360}}
	if testing.Short() {
		return all[i : i+1]
	}
	return all
}
