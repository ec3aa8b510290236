package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/jumpers-game/jumpers/app"
	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/storage"
	"github.com/jumpers-game/jumpers/ui/board/cubeboard"
	"github.com/jumpers-game/jumpers/ui/internal/uitest"
	"github.com/jumpers-game/jumpers/ui/kit"
)

// shownSelects are the drop-downs of o's tree that are not hidden, in
// order.
func shownSelects(o fyne.CanvasObject) []*kit.DropDown {
	if !o.Visible() {
		return nil
	}
	switch x := o.(type) {
	case *kit.DropDown:
		return []*kit.DropDown{x}
	case *fyne.Container:
		var out []*kit.DropDown
		for _, k := range x.Objects {
			out = append(out, shownSelects(k)...)
		}
		return out
	}
	return nil
}

// TestSeatHintHelpers: in a pass-and-play game each human seat's row of the
// new game screen chooses the computer that gives its hints, the choice
// goes into the game's seats (and so its save), and a hint for each player
// comes from that player's own helper, not from the hint strength of the
// settings.
func TestSeatHintHelpers(t *testing.T) {
	h := newHarness(t, "")
	st := h.u.env.Settings()
	st.HintLevel = core.Average
	h.u.env.SetSettings(st)
	f := h.u.newGame("cube")
	f.setup.(*cubeboard.Setup).Slider.SetValue(5)
	f.seats[1].Kind = storage.Human
	f.rebuildSeats()
	g, _ := core.Lookup("cube")
	styles := g.Styles()
	if len(styles) < 2 {
		t.Fatalf("cube styles %v: the test needs two", styles)
	}
	want := []storage.Seat{
		{Kind: storage.Human, HintLevel: core.Expert, HintStyle: styles[1]},
		{Kind: storage.Human, HintLevel: core.Beginner, HintStyle: styles[0]},
	}
	for i, row := range f.box.Objects {
		sels := shownSelects(row)
		if len(sels) != 2 {
			t.Fatalf("seat %d shows %d drop-downs, want its helper's level and style", i+1, len(sels))
		}
		if sels[0].Selected != core.Average {
			t.Fatalf("seat %d's helper starts at %q, want the settings' %q", i+1, sels[0].Selected, core.Average)
		}
		sels[0].SetSelected(want[i].HintLevel)
		sels[1].SetSelected(want[i].HintStyle)
	}
	test.Tap(f.start)
	gs := h.u.game
	if gs == nil {
		t.Fatal("no game")
	}
	for i, s := range gs.c.Seats() {
		if s != want[i] {
			t.Fatalf("seat %d is %+v, want %+v", i+1, s, want[i])
		}
	}
	hint := func() core.AIRequest {
		t.Helper()
		test.Tap(gs.hintB)
		call := h.ai.Next(t)
		call.Answer <- "1:1"
		h.q.RunOne(t)
		return call.Req
	}
	if req := hint(); req.Level != core.Expert || req.Style != styles[1] {
		t.Fatalf("Red's hint from %s/%s, want %s/%s", req.Level, req.Style, core.Expert, styles[1])
	}
	h.tapSquare(gs, 1, 1)
	if gs.c.Position().ToMove() != 1 || gs.c.State() != app.Human {
		t.Fatalf("Blue is not to move: state %v", gs.c.State())
	}
	if req := hint(); req.Level != core.Beginner || req.Style != styles[0] {
		t.Fatalf("Blue's hint from %s/%s, want %s/%s", req.Level, req.Style, core.Beginner, styles[0])
	}
	saved := gs.c.Snapshot()
	if saved.Version != 2 || saved.Seats[0].HintLevel != core.Expert {
		t.Fatalf("the save has version %d, seats %+v", saved.Version, saved.Seats)
	}
}

// TestSettingsScreenColours: the settings screen offers the four cascade
// styles; choosing player 2's colour for player 1 swaps the two (both
// rows show it); the neutral colour is chosen there too.
func TestSettingsScreenColours(t *testing.T) {
	h := newHarness(t, "")
	h.u.settings()
	content := h.u.top().content
	radios := uitest.FindWidgets[*widget.RadioGroup](content)
	if len(radios) > 0 && len(radios[0].Options) == len(app.ThemeNames) {
		radios = radios[1:] // the theme switch comes first
	}
	if len(radios) == 0 || len(radios[0].Options) != 4 || radios[0].Options[2] != "Blink rapidly" {
		t.Fatalf("cascade styles %v", radios)
	}
	radios[0].SetSelected("Blink rapidly")
	if a := h.u.env.Settings().Animation; a != app.AnimBlink {
		t.Fatalf("animation %v after choosing Blink rapidly", a)
	}
	sels := uitest.FindWidgets[*kit.ColourPicker](content)
	if len(sels) < 3 || sels[0].Selected != "Vermillion" || sels[1].Selected != "Blue" || sels[2].Selected != "Grey" {
		t.Fatalf("the first drop-downs are not player 1, player 2 and the neutral colour")
	}
	sels[0].SetSelected("Blue")
	st := h.u.env.Settings()
	if st.Colours[0] != "Blue" || st.Colours[1] != "Vermillion" || sels[1].Selected != "Vermillion" {
		t.Fatalf("after giving player 1 player 2's colour: %v, row 2 shows %q", st.Colours, sels[1].Selected)
	}
	// The list shows every colour with its swatch; a tap on a row chooses.
	test.Tap(sels[0])
	rows := uitest.FindWidgets[*kit.ColourRow](h.w.Canvas().Overlays().Top())
	if len(rows) != len(app.ColourNames) {
		t.Fatalf("%d rows in the colour list", len(rows))
	}
	for i, r := range rows {
		if !uitest.DrawsColour(r.Content, kit.OkabeIto[app.ColourNames[i]]) {
			t.Errorf("row %d has no %s swatch", i, app.ColourNames[i])
		}
	}
	test.Tap(rows[2])
	if st := h.u.env.Settings(); st.Colours[0] != app.ColourNames[2] || sels[0].Selected != app.ColourNames[2] || h.w.Canvas().Overlays().Top() != nil {
		t.Fatalf("after tapping %s: %v, field %q", app.ColourNames[2], st.Colours, sels[0].Selected)
	}
	sels[0].SetSelected("Blue")
	sels[2].SetSelected("Sand")
	if got := app.LoadSettings(h.a.Preferences()); got.Neutral != "Sand" || got.Colours != st.Colours {
		t.Fatalf("stored %+v", got)
	}
}
