package ui

import (
	"fmt"
	"image/color"
	"math"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"

	"github.com/jumpers-game/jumpers/app"
)

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
	minPieceDistance = 20
	minCellDistance  = 5
)

// themeShades are the board shades of Fyne's default theme, light and dark:
// the themes the app follows.
func themeShades(t *testing.T) map[string]boardShades {
	t.Helper()
	test.NewApp()
	th := theme.DefaultTheme()
	out := map[string]boardShades{
		"light": shadesOf(th, theme.VariantLight),
		"dark":  shadesOf(th, theme.VariantDark),
	}
	if out["light"].dark || !out["dark"].dark {
		t.Fatal("the theme variants are not light and dark")
	}
	return out
}

// boardColours are what a board draws, as the contrast test sees them: the
// board, the empty cells (neutral squares, empty squares, holes) and the
// pieces of the first players seats.
type boardColours struct {
	board, empty color.NRGBA
	players      []color.NRGBA
}

var boardPalettes = map[string]func(boardShades, app.Settings) boardColours{
	"cube": func(sh boardShades, s app.Settings) boardColours {
		p := cubePaletteFor(sh, s)
		return boardColours{p.board, p.neutral, p.player[:]}
	},
	"ataxx": func(sh boardShades, s app.Settings) boardColours {
		p := ataxxPaletteFor(sh, s)
		return boardColours{p.board, p.tile, p.player[:]}
	},
	"chinesecheckers": func(sh boardShades, s app.Settings) boardColours {
		p := ccPaletteFor(sh, s)
		return boardColours{p.board, p.hole, p.player[:]}
	},
}

// TestPaletteContrast: every colour a seat can choose, on every board, in
// the light and the dark theme, with every neutral colour, stands out from
// the empty cells; the empty cells show on the board; and the colours the
// seats can have stand apart from each other.
func TestPaletteContrast(t *testing.T) {
	for i, a := range app.ColourNames {
		for _, b := range app.ColourNames[i+1:] {
			if d := deltaE2000(okabeIto[a], okabeIto[b]); d < minPieceDistance {
				t.Errorf("players in %s and %s: distance %.1f, want at least %d", a, b, d, minPieceDistance)
			}
		}
	}
	for themeName, sh := range themeShades(t) {
		for game, palette := range boardPalettes {
			for _, neutral := range app.NeutralNames {
				s := app.DefaultSettings()
				s.Neutral = neutral
				where := fmt.Sprintf("%s, %s theme, %s neutral", game, themeName, neutral)
				p := palette(sh, s)
				if d := deltaE2000(p.empty, p.board); d < minCellDistance {
					t.Errorf("%s: empty cells %v on the board %v: distance %.1f, want at least %d", where, p.empty, p.board, d, minCellDistance)
				}
				for seat := range p.players {
					for _, name := range app.ColourNames {
						s.SetColour(seat, name)
						got := palette(sh, s)
						if got.players[seat] != okabeIto[name] {
							t.Fatalf("%s: seat %d chose %s but is drawn %v", where, seat+1, name, got.players[seat])
						}
						if d := deltaE2000(got.players[seat], got.empty); d < minPieceDistance {
							t.Errorf("%s: seat %d in %s on an empty cell %v: distance %.1f, want at least %d",
								where, seat+1, name, got.empty, d, minPieceDistance)
						}
					}
				}
			}
		}
	}
}

// TestSeatColoursReachTheBoards: the six seats' colours and the neutral
// colour of the settings are the ones every board, the status line's
// swatch and the previews draw.
func TestSeatColoursReachTheBoards(t *testing.T) {
	sh := themeShades(t)["light"]
	s := app.DefaultSettings()
	s.Colours = [app.MaxSeats]string{"Black", "Yellow", "Orange", "Blue", "Vermillion", "Bluish green"}
	s.Neutral = "Lilac"
	s = s.Clean()
	for game, palette := range boardPalettes {
		p := palette(sh, s)
		for i, c := range p.players {
			if c != okabeIto[s.Colours[i]] {
				t.Errorf("%s: seat %d drawn %v, want %s", game, i+1, c, s.Colours[i])
			}
		}
		if p.empty != neutralTints["Lilac"][0] {
			t.Errorf("%s: empty cells %v, want the light lilac", game, p.empty)
		}
	}
	for i := range app.MaxSeats {
		if !drawsColour(playerSwatch(s, i), okabeIto[s.Colours[i]]) {
			t.Errorf("the swatch of seat %d (status line, new game, settings) is not %s", i+1, s.Colours[i])
		}
	}
	if !drawsColour(neutralSwatch(s), neutralTints["Lilac"][0]) && !drawsColour(neutralSwatch(s), neutralTints["Lilac"][1]) {
		t.Error("the neutral swatch is not lilac")
	}
	// The previews (home cards, Continue) take the settings too.
	h := newHarness(t, "")
	h.u.env.SetSettings(s)
	for id, gu := range gameUIs {
		art := gu.Preview(h.u.env.Settings)
		b, ok := art.(interface{ base() *boardBase })
		if !ok {
			t.Fatalf("%s: preview %T is not a board", id, art)
		}
		if got := b.base().settings(); got != s {
			t.Errorf("%s: the preview draws with %+v, want the settings %+v", id, got, s)
		}
	}
}

// drawsColour tells whether a rectangle of o's tree is filled with c.
func drawsColour(o fyne.CanvasObject, c color.NRGBA) bool {
	switch x := o.(type) {
	case *canvas.Rectangle:
		return toNRGBA(x.FillColor) == c
	case *fyne.Container:
		for _, k := range x.Objects {
			if drawsColour(k, c) {
				return true
			}
		}
	}
	return false
}

// deltaE2000 is the CIEDE2000 difference of two sRGB colours (Sharma, Wu
// and Dalal 2005, the formulas as published).
func deltaE2000(c1, c2 color.NRGBA) float64 {
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

// TestDeltaE2000 checks the formula on pairs of Sharma, Wu and Dalal's
// published test data, and the sRGB conversion on black and white.
func TestDeltaE2000(t *testing.T) {
	for _, c := range []struct {
		a, b [3]float64
		want float64
	}{
		{[3]float64{50, 2.6772, -79.7751}, [3]float64{50, 0, -82.7485}, 2.0425},
		{[3]float64{50, 0, 0}, [3]float64{50, -1, 2}, 2.3669},
		{[3]float64{50, 2.5, 0}, [3]float64{73, 25, -18}, 27.1492},
		{[3]float64{60.2574, -34.0099, 36.2677}, [3]float64{60.4626, -34.1751, 39.4387}, 1.2644},
		{[3]float64{2.0776, 0.0795, -1.135}, [3]float64{0.9033, -0.0636, -0.5514}, 0.9082},
	} {
		if d := deltaE2000Lab(c.a, c.b); math.Abs(d-c.want) > 1e-4 {
			t.Errorf("%v to %v: %.4f, want %.4f", c.a, c.b, d, c.want)
		}
	}
	black, white := color.NRGBA{0, 0, 0, 255}, color.NRGBA{255, 255, 255, 255}
	if d := deltaE2000(black, white); math.Abs(d-100) > 0.01 {
		t.Errorf("black to white %.3f, want 100", d)
	}
	if d := deltaE2000(okabeIto["Blue"], okabeIto["Blue"]); d != 0 {
		t.Errorf("a colour to itself %.3f", d)
	}
	a, b := okabeIto["Orange"], okabeIto["Yellow"]
	if d1, d2 := deltaE2000(a, b), deltaE2000(b, a); math.Abs(d1-d2) > 1e-9 {
		t.Errorf("not symmetric: %.4f %.4f", d1, d2)
	}
}
