package kit

import (
	"image/color"
	"math"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"

	"github.com/jumpers-game/jumpers/app"
)

// OkabeIto is the Okabe–Ito palette (Okabe & Ito 2008): eight colours that
// stay distinguishable for people with the common forms of colour
// blindness. The player colours are picked from it; "Vermillion" against
// "Blue" is the default pair, apart in hue and in lightness.
var OkabeIto = map[string]color.NRGBA{
	"Vermillion":     {0xD5, 0x5E, 0x00, 0xFF},
	"Blue":           {0x00, 0x72, 0xB2, 0xFF},
	"Orange":         {0xE6, 0x9F, 0x00, 0xFF},
	"Sky blue":       {0x56, 0xB4, 0xE9, 0xFF},
	"Bluish green":   {0x00, 0x9E, 0x73, 0xFF},
	"Reddish purple": {0xCC, 0x79, 0xA7, 0xFF},
	"Yellow":         {0xF0, 0xE4, 0x42, 0xFF},
	"Black":          {0x20, 0x20, 0x20, 0xFF},
}

// PlayerColour is the colour of player i (0 to 5) under settings s: the
// seat's colour of the settings, which keep the six apart (app.Settings).
func PlayerColour(s app.Settings, i int) color.NRGBA {
	if i < 0 || i >= len(s.Colours) {
		i = 0
	}
	if c, ok := OkabeIto[s.Colours[i]]; ok {
		return c
	}
	return OkabeIto[app.DefaultColours[i]]
}

// NeutralTints are the neutral colours other than the theme's grey, each
// with its shade for a light and for a dark theme (a light tint on a dark
// board would glare, a dark one on a light board look like a piece). Each
// stays at least minPieceDistance from every player colour in its theme
// (TestPaletteContrast).
var NeutralTints = map[string][2]color.NRGBA{ // light theme, dark theme
	"Stone": {{0xB4, 0xB4, 0xB4, 0xFF}, {0x78, 0x78, 0x78, 0xFF}},
	"Sand":  {{0xEC, 0xE2, 0xCA, 0xFF}, {0x70, 0x66, 0x52, 0xFF}},
	"Sage":  {{0xD3, 0xE0, 0xCC, 0xFF}, {0x5E, 0x6E, 0x5A, 0xFF}},
	"Lilac": {{0xDD, 0xD5, 0xE8, 0xFF}, {0x6A, 0x62, 0x78, 0xFF}},
}

// EmptyColour is the colour of neutral squares and empty holes: the
// theme's grey mixed by the board's own amounts (light, dark), or the
// chosen tint in its shade for the theme.
func EmptyColour(s app.Settings, sh Shades, light, dark float64) color.NRGBA {
	if t, ok := NeutralTints[s.Neutral]; ok {
		if sh.Dark {
			return t[1]
		}
		return t[0]
	}
	return sh.Mix(light, dark)
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

// InkOn returns black or white, whichever reads better on bg.
func InkOn(bg color.NRGBA) color.NRGBA {
	if luminance(bg) > 0.36 {
		return color.NRGBA{0x10, 0x10, 0x10, 0xFF}
	}
	return color.NRGBA{0xFF, 0xFF, 0xFF, 0xFF}
}

// IsDark tells whether the theme's background is dark, from the colour
// itself: the test app reports neither variant, and a custom theme may
// choose either.
func IsDark(th fyne.Theme, v fyne.ThemeVariant) bool {
	bg := ToNRGBA(th.Color(theme.ColorNameBackground, v))
	return luminance(bg) < 0.3
}

func ToNRGBA(c color.Color) color.NRGBA {
	return color.NRGBAModel.Convert(c).(color.NRGBA)
}

// Mix blends a toward b by t (0..1).
func Mix(a, b color.NRGBA, t float64) color.NRGBA {
	f := func(x, y uint8) uint8 { return uint8(float64(x)*(1-t) + float64(y)*t + 0.5) }
	return color.NRGBA{f(a.R, b.R), f(a.G, b.G), f(a.B, b.B), f(a.A, b.A)}
}

// Distances are CIEDE2000 colour differences (CIE 2001), the standard
// measure of how different two colours look; 2.3 is about the smallest
// difference people notice side by side.
//
//   - minPieceDistance, between two players' pieces and between a piece and
//     an empty square or hole: 20. The Okabe–Ito palette was chosen so that
//     its colours are told apart at a glance, also with colour blindness;
//     its two closest colours, orange and yellow, are 21.7 apart. A piece
//     must stand out from an empty cell at least as well as the palette's
//     colours stand out from each other.
//   - minCellDistance, between an empty cell and the board around it: 5,
//     about twice what can be seen: the empty cells only need to show where
//     they are, their spots or rims do the rest.
const (
	MinPieceDistance = 20
	MinCellDistance  = 5
)

// DeltaE2000 is the CIEDE2000 difference of two sRGB colours (Sharma, Wu
// and Dalal 2005, the formulas as published).
func DeltaE2000(c1, c2 color.NRGBA) float64 {
	L1, a1, b1 := toLab(c1)
	L2, a2, b2 := toLab(c2)
	return deltaE2000Lab([3]float64{L1, a1, b1}, [3]float64{L2, a2, b2})
}

func deltaE2000Lab(lab1, lab2 [3]float64) float64 {
	L1, a1, b1 := lab1[0], lab1[1], lab1[2]
	L2, a2, b2 := lab2[0], lab2[1], lab2[2]
	rad := math.Pi / 180
	cb := (math.Hypot(a1, b1) + math.Hypot(a2, b2)) / 2
	g := 0.5 * (1 - math.Sqrt(math.Pow(cb, 7)/(math.Pow(cb, 7)+math.Pow(25, 7))))
	a1p, a2p := (1+g)*a1, (1+g)*a2
	c1p, c2p := math.Hypot(a1p, b1), math.Hypot(a2p, b2)
	hue := func(b, a float64) float64 {
		if a == 0 && b == 0 {
			return 0
		}
		h := math.Atan2(b, a) / rad
		if h < 0 {
			h += 360
		}
		return h
	}
	h1, h2 := hue(b1, a1p), hue(b2, a2p)
	dL, dC := L2-L1, c2p-c1p
	dh := 0.0
	if c1p*c2p != 0 {
		dh = h2 - h1
		switch {
		case dh > 180:
			dh -= 360
		case dh < -180:
			dh += 360
		}
	}
	dH := 2 * math.Sqrt(c1p*c2p) * math.Sin(dh/2*rad)
	lb, cbp := (L1+L2)/2, (c1p+c2p)/2
	hb := h1 + h2
	if c1p*c2p != 0 {
		if math.Abs(h1-h2) > 180 {
			if hb < 360 {
				hb += 360
			} else {
				hb -= 360
			}
		}
		hb /= 2
	}
	tt := 1 - 0.17*math.Cos((hb-30)*rad) + 0.24*math.Cos(2*hb*rad) + 0.32*math.Cos((3*hb+6)*rad) - 0.20*math.Cos((4*hb-63)*rad)
	dTheta := 30 * math.Exp(-math.Pow((hb-275)/25, 2))
	rc := 2 * math.Sqrt(math.Pow(cbp, 7)/(math.Pow(cbp, 7)+math.Pow(25, 7)))
	sl := 1 + 0.015*math.Pow(lb-50, 2)/math.Sqrt(20+math.Pow(lb-50, 2))
	sc := 1 + 0.045*cbp
	shh := 1 + 0.015*cbp*tt
	rt := -math.Sin(2*dTheta*rad) * rc
	return math.Sqrt(math.Pow(dL/sl, 2) + math.Pow(dC/sc, 2) + math.Pow(dH/shh, 2) + rt*(dC/sc)*(dH/shh))
}

// toLab converts sRGB to CIELAB (D65 white).
func toLab(c color.NRGBA) (l, a, b float64) {
	lin := func(v uint8) float64 {
		x := float64(v) / 255
		if x <= 0.04045 {
			return x / 12.92
		}
		return math.Pow((x+0.055)/1.055, 2.4)
	}
	r, g, bl := lin(c.R), lin(c.G), lin(c.B)
	x := (0.4124*r + 0.3576*g + 0.1805*bl) / 0.95047
	y := 0.2126*r + 0.7152*g + 0.0722*bl
	z := (0.0193*r + 0.1192*g + 0.9505*bl) / 1.08883
	f := func(t float64) float64 {
		if t > 216.0/24389 {
			return math.Cbrt(t)
		}
		return (24389.0/27*t + 16) / 116
	}
	fx, fy, fz := f(x), f(y), f(z)
	return 116*fy - 16, 500 * (fx - fy), 200 * (fy - fz)
}

// pieceRim is the rim of a piece of colour fill on a board of colour
// board. A colour that stands out from the board gets a darker shade of
// itself (a quiet edge); one that does not (black on a dark board, where
// a piece looked like a hole in the board) gets a rim in the theme's
// text colour, and strong is true: the board draws it wide enough to be
// the piece's outline (TestPaletteContrast measures it there).
func pieceRim(fill, board color.NRGBA, sh Shades) (rim color.NRGBA, strong bool) {
	if DeltaE2000(fill, board) >= MinPieceDistance {
		return Mix(fill, color.NRGBA{0, 0, 0, 0xFF}, 0.35), false
	}
	return sh.Mix(0.70, 0.62), true
}

// Shades are the theme's colours a board mixes its own from.
type Shades struct {
	bg, Fg color.NRGBA
	Dark   bool
}

// Mix is the foreground mixed into the background: by light in a light
// theme, by dark in a dark one.
func (s Shades) Mix(light, dark float64) color.NRGBA {
	if s.Dark {
		return Mix(s.bg, s.Fg, dark)
	}
	return Mix(s.bg, s.Fg, light)
}

// ShadesOf are the shades of theme th in variant v.
func ShadesOf(th fyne.Theme, v fyne.ThemeVariant) Shades {
	return Shades{
		bg:   ToNRGBA(th.Color(theme.ColorNameBackground, v)),
		Fg:   ToNRGBA(th.Color(theme.ColorNameForeground, v)),
		Dark: IsDark(th, v),
	}
}

// PieceColours are the pieces of a two-player board under settings s,
// standing on ground: each seat's fill, the ink of a number or mark on
// it, and its rim (drawn where StrongRim: a fill close to the ground).
type PieceColours struct {
	Player, Ink, Rim [2]color.NRGBA
	StrongRim        [2]bool
}

// PieceColoursOn are the piece colours of settings s on ground.
func PieceColoursOn(s app.Settings, ground color.NRGBA, sh Shades) PieceColours {
	var p PieceColours
	for i := range p.Player {
		p.Player[i] = PlayerColour(s, i)
		p.Ink[i] = InkOn(p.Player[i])
		p.Rim[i], p.StrongRim[i] = pieceRim(p.Player[i], ground, sh)
	}
	return p
}
