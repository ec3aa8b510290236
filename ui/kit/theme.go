package kit

import (
	"image/color"
	"math"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
)

// AppTheme is Fyne's default theme with two changes: the light/dark
// variant of the Settings' theme switch ("System" follows the system),
// and an inner padding that makes every control a finger can hit at least
// touchSize tall.
//
// Fyne sizes its controls from the theme: a button, a check box, a radio
// row, a dropdown (Select) and its list items, an entry, an accordion
// header and a slider are all one line of text (or a 20 dp icon) plus
// twice the inner padding. With the default 8 that is 35 to 36 dp; 14.5
// makes them 48 to 49 (touchPadding). Labels grow as much: the screens
// that show much text beside no control (the game's status lines) put it
// under compactTheme.
type AppTheme struct {
	fyne.Theme
	Variant fyne.ThemeVariant
	Forced  bool
	padding float32
}

var _ fyne.Theme = (*AppTheme)(nil)

// NewAppTheme is the theme for a Settings.Theme choice.
func NewAppTheme(choice string) *AppTheme {
	t := &AppTheme{Theme: theme.DefaultTheme(), padding: touchPadding()}
	switch choice {
	case "Light":
		t.Variant, t.Forced = theme.VariantLight, true
	case "Dark":
		t.Variant, t.Forced = theme.VariantDark, true
	}
	return t
}

// touchPadding is the inner padding that makes a line of body text plus
// the padding above and below it touchSize tall.
func touchPadding() float32 {
	line := fyne.MeasureText("Ag", theme.DefaultTheme().Size(theme.SizeNameText), fyne.TextStyle{}).Height
	return float32(math.Ceil(float64(TouchSize-line)/2*2) / 2) // to half a dp, rounding up
}

func (t *AppTheme) Color(n fyne.ThemeColorName, v fyne.ThemeVariant) color.Color {
	if t.Forced {
		v = t.Variant
	}
	return t.Theme.Color(n, v)
}

func (t *AppTheme) Size(n fyne.ThemeSizeName) float32 {
	if n == theme.SizeNameInnerPadding {
		return t.padding
	}
	return t.Theme.Size(n)
}

// CompactTheme is the app's theme (whatever it is at the time) with
// Fyne's default inner padding, for text that is read, not tapped: the
// game's status lines would otherwise take a third of a landscape
// phone's height.
type CompactTheme struct{}

func (CompactTheme) current() fyne.Theme { return fyne.CurrentApp().Settings().Theme() }

func (t CompactTheme) Color(n fyne.ThemeColorName, v fyne.ThemeVariant) color.Color {
	return t.current().Color(n, v)
}
func (t CompactTheme) Font(s fyne.TextStyle) fyne.Resource     { return t.current().Font(s) }
func (t CompactTheme) Icon(n fyne.ThemeIconName) fyne.Resource { return t.current().Icon(n) }
func (t CompactTheme) Size(n fyne.ThemeSizeName) float32 {
	if n == theme.SizeNameInnerPadding {
		return theme.DefaultTheme().Size(n)
	}
	return t.current().Size(n)
}

// Compact puts o under compactTheme.
func Compact(o fyne.CanvasObject) fyne.CanvasObject {
	return container.NewThemeOverride(o, CompactTheme{})
}
