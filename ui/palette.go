package ui

import (
	"image/color"
	"math"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"

	"github.com/jumpers-game/jumpers/app"
)

// okabeIto is the Okabe–Ito palette (Okabe & Ito 2008): eight colours that
// stay distinguishable for people with the common forms of colour
// blindness. The player colours are picked from it; "Vermillion" against
// "Blue" is the default pair, apart in hue and in lightness.
var okabeIto = map[string]color.NRGBA{
	"Vermillion":     {0xD5, 0x5E, 0x00, 0xFF},
	"Blue":           {0x00, 0x72, 0xB2, 0xFF},
	"Orange":         {0xE6, 0x9F, 0x00, 0xFF},
	"Sky blue":       {0x56, 0xB4, 0xE9, 0xFF},
	"Bluish green":   {0x00, 0x9E, 0x73, 0xFF},
	"Reddish purple": {0xCC, 0x79, 0xA7, 0xFF},
	"Yellow":         {0xF0, 0xE4, 0x42, 0xFF},
	"Black":          {0x20, 0x20, 0x20, 0xFF},
}

// playerColour is the colour of player i (0 to 5) under settings s: the
// seat's colour of the settings, which keep the six apart (app.Settings).
func playerColour(s app.Settings, i int) color.NRGBA {
	if i < 0 || i >= len(s.Colours) {
		i = 0
	}
	if c, ok := okabeIto[s.Colours[i]]; ok {
		return c
	}
	return okabeIto[app.DefaultColours[i]]
}

// neutralTints are the neutral colours other than the theme's grey, each
// with its shade for a light and for a dark theme (a light tint on a dark
// board would glare, a dark one on a light board look like a piece). Each
// stays at least minPieceDistance from every player colour in its theme
// (TestPaletteContrast).
var neutralTints = map[string][2]color.NRGBA{ // light theme, dark theme
	"Stone": {{0xB4, 0xB4, 0xB4, 0xFF}, {0x78, 0x78, 0x78, 0xFF}},
	"Sand":  {{0xEC, 0xE2, 0xCA, 0xFF}, {0x70, 0x66, 0x52, 0xFF}},
	"Sage":  {{0xD3, 0xE0, 0xCC, 0xFF}, {0x5E, 0x6E, 0x5A, 0xFF}},
	"Lilac": {{0xDD, 0xD5, 0xE8, 0xFF}, {0x6A, 0x62, 0x78, 0xFF}},
}

// emptyColour is the colour of neutral squares and empty holes: the
// theme's grey mixed by the board's own amounts (light, dark), or the
// chosen tint in its shade for the theme.
func emptyColour(s app.Settings, sh boardShades, light, dark float64) color.NRGBA {
	if t, ok := neutralTints[s.Neutral]; ok {
		if sh.dark {
			return t[1]
		}
		return t[0]
	}
	return sh.mix(light, dark)
}

// luminance is the relative luminance of c (WCAG), 0 to 1.
func luminance(c color.NRGBA) float64 {
	lin := func(v uint8) float64 {
		x := float64(v) / 255
		if x <= 0.03928 {
			return x / 12.92
		}
		return math.Pow((x+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(c.R) + 0.7152*lin(c.G) + 0.0722*lin(c.B)
}

// inkOn returns black or white, whichever reads better on bg.
func inkOn(bg color.NRGBA) color.NRGBA {
	if luminance(bg) > 0.36 {
		return color.NRGBA{0x10, 0x10, 0x10, 0xFF}
	}
	return color.NRGBA{0xFF, 0xFF, 0xFF, 0xFF}
}

// isDark tells whether the theme's background is dark, from the colour
// itself: the test app reports neither variant, and a custom theme may
// choose either.
func isDark(th fyne.Theme, v fyne.ThemeVariant) bool {
	bg := toNRGBA(th.Color(theme.ColorNameBackground, v))
	return luminance(bg) < 0.3
}

func toNRGBA(c color.Color) color.NRGBA {
	return color.NRGBAModel.Convert(c).(color.NRGBA)
}

// mix blends a toward b by t (0..1).
func mix(a, b color.NRGBA, t float64) color.NRGBA {
	f := func(x, y uint8) uint8 { return uint8(float64(x)*(1-t) + float64(y)*t + 0.5) }
	return color.NRGBA{f(a.R, b.R), f(a.G, b.G), f(a.B, b.B), f(a.A, b.A)}
}
