package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/jumpers-game/jumpers/app"
	"github.com/jumpers-game/jumpers/storage"
	"github.com/jumpers-game/jumpers/ui/board/cubeboard"
	"github.com/jumpers-game/jumpers/ui/internal/uitest"
	"github.com/jumpers-game/jumpers/ui/kit"
)

// TestThemeSwitch: Settings offers System, Light and Dark; a choice is
// stored and applied at once (the app's theme draws in that variant
// whatever the system's), and the board on screen redraws in it.
func TestThemeSwitch(t *testing.T) {
	h := newHarness(t, "")
	gs := h.startGame(3, storage.Human, storage.Human)
	h.u.settings()
	radios := uitest.FindWidgets[*widget.RadioGroup](h.u.top().content)
	if len(radios) == 0 || len(radios[0].Options) != 3 || radios[0].Selected != "System" {
		t.Fatalf("no theme switch first in Settings: %v", radios)
	}
	sys := fyne.CurrentApp().Settings().ThemeVariant()
	for _, tc := range []struct {
		choice string
		dark   bool
	}{{"Dark", true}, {"Light", false}, {"Dark", true}} {
		radios[0].SetSelected(tc.choice)
		if got := app.LoadSettings(h.a.Preferences()).Theme; got != tc.choice {
			t.Fatalf("stored theme %q, want %q", got, tc.choice)
		}
		th := fyne.CurrentApp().Settings().Theme()
		for _, v := range []fyne.ThemeVariant{sys, theme.VariantLight, theme.VariantDark} {
			if kit.IsDark(th, v) != tc.dark {
				t.Errorf("%s: the app's theme in variant %d is dark=%v", tc.choice, v, !tc.dark)
			}
		}
		if got := gs.board.(*cubeboard.Board).Shades().Dark; got != tc.dark {
			t.Errorf("%s: the board draws dark=%v", tc.choice, got)
		}
	}
	radios[0].SetSelected("System")
	if _, ok := fyne.CurrentApp().Settings().Theme().(*kit.AppTheme); !ok || kit.NewAppTheme("System").Forced {
		t.Error("System must follow the system's variant")
	}
}

// TestBlackOnADarkBoardIsOutlined: with black pieces in the dark theme
// the cube's squares of that player are drawn with a light rim (their
// fill is as dark as the board), and without one in the light theme.
func TestBlackOnADarkBoardIsOutlined(t *testing.T) {
	for _, choice := range []string{"Dark", "Light"} {
		h := newHarness(t, "")
		st := h.u.env.Settings()
		st.SetColour(0, "Black")
		st.Theme = choice
		h.u.env.SetSettings(st)
		gs := h.startGame(3, storage.Human, storage.Human)
		h.tapSquare(gs, 1, 1)
		r := test.WidgetRenderer(gs.board.(*cubeboard.Board)).(*cubeboard.Renderer)
		tile := r.Cells[0].Tile
		if tile.FillColor != kit.OkabeIto["Black"] {
			t.Fatalf("%s: square 1:1 is %v", choice, tile.FillColor)
		}
		outlined := tile.StrokeWidth >= 2 && kit.DeltaE2000(kit.ToNRGBA(tile.StrokeColor), r.Pal.Board) >= kit.MinPieceDistance
		if outlined != (choice == "Dark") {
			t.Errorf("%s theme: black square outlined=%v (stroke %v, %.1f)", choice, outlined, tile.StrokeColor, tile.StrokeWidth)
		}
	}
}
