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

// playerColour is the colour of player i under settings s. Players 1 and
// 2 take the two colours of the settings; players 3 to 6 (Chinese
// Checkers) take the other Okabe–Ito colours in a fixed order, without
// black (invisible on a dark board) and without the two chosen ones.
func playerColour(s app.Settings, i int) color.NRGBA {
	if i < 2 {
		name := s.Colours[i%2]
		if i < 0 {
			i = 0
		}
		if c, ok := okabeIto[name]; ok {
			return c
		}
		return okabeIto[app.DefaultSettings().Colours[i%2]]
	}
	k := 2
	for _, name := range extraColours {
		if name == s.Colours[0] || name == s.Colours[1] {
			continue
		}
		if k == i {
			return okabeIto[name]
		}
		k++
	}
	return okabeIto["Black"]
}

// extraColours are the colours of players 3 to 6, in order of preference:
// far from each other in hue and lightness first.
var extraColours = []string{"Bluish green", "Reddish purple", "Yellow", "Sky blue", "Orange", "Vermillion", "Blue"}

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
