package ui

import (
	"fmt"
	"image/color"
	"testing"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"

	"github.com/jumpers-game/jumpers/app"
	"github.com/jumpers-game/jumpers/ui/board"
	"github.com/jumpers-game/jumpers/ui/board/ataxxboard"
	"github.com/jumpers-game/jumpers/ui/board/ccboard"
	"github.com/jumpers-game/jumpers/ui/board/cubeboard"
	"github.com/jumpers-game/jumpers/ui/internal/uitest"
	"github.com/jumpers-game/jumpers/ui/kit"
)

// themeShades are the board shades of Fyne's default theme, light and dark:
// the themes the app follows.
func themeShades(t *testing.T) map[string]kit.Shades {
	t.Helper()
	test.NewApp()
	th := theme.DefaultTheme()
	out := map[string]kit.Shades{
		"light": kit.ShadesOf(th, theme.VariantLight),
		"dark":  kit.ShadesOf(th, theme.VariantDark),
	}
	if out["light"].Dark || !out["dark"].Dark {
		t.Fatal("the theme variants are not light and dark")
	}
	return out
}

// boardColours are what a board draws, as the contrast test sees them: the
// board, the empty cells (neutral squares, empty squares, holes), the
// ground a piece stands on, the pieces of the seats with the colour of
// their outer edge (their rim where the board draws one wide enough to
// outline them, else their fill), and the marks drawn over them.
type boardColours struct {
	board, empty, ground color.NRGBA
	players, edges       []color.NRGBA
	// homes are the grounds of the seats' own home areas, where their
	// pieces start (Chinese Checkers' arms in their colours); nil: none.
	homes []color.NRGBA
	marks map[string]color.NRGBA
}

var boardPalettes = map[string]func(kit.Shades, app.Settings) boardColours{
	// Cube squares stand on the board, in its gaps.
	"cube": func(sh kit.Shades, s app.Settings) boardColours {
		p := cubeboard.PaletteFor(sh, s)
		return boardColours{board: p.Board, empty: p.Neutral, ground: p.Board, players: p.Player[:],
			edges: edges(p.Player[:], p.Rim[:], p.StrongRim[:]), marks: map[string]color.NRGBA{"hint": p.Hint}}
	},
	// Ataxx stones stand on the square's tile.
	"ataxx": func(sh kit.Shades, s app.Settings) boardColours {
		p := ataxxboard.PaletteFor(sh, s)
		return boardColours{board: p.Board, empty: p.Tile, ground: p.Tile, players: p.Player[:],
			edges: edges(p.Player[:], p.Rim[:], p.StrongRim[:]), marks: map[string]color.NRGBA{"hint": p.Hint}}
	},
	// Chinese Checkers pieces stand on the board over their hole, always
	// outlined.
	"chinesecheckers": func(sh kit.Shades, s app.Settings) boardColours {
		p := ccboard.PaletteFor(sh, s)
		out := make([]color.NRGBA, len(p.Player))
		for i := range out {
			out[i] = p.Outline
		}
		return boardColours{board: p.Board, empty: p.Hole, ground: p.Board, players: p.Player[:], edges: out, homes: p.HomeArm[:]}
	},
}

func edges(fill, rim []color.NRGBA, strong []bool) []color.NRGBA {
	out := append([]color.NRGBA(nil), fill...)
	for i := range out {
		if strong[i] {
			out[i] = rim[i]
		}
	}
	return out
}

// TestPaletteContrast: every colour a seat can choose, on every board, in
// the light and the dark theme, with every neutral colour, stands out from
// the empty cells (fill against fill: a piece is not an empty hole), its
// outline stands out from the ground around it (black on a dark board
// looked like a hole in the board), the marks drawn over pieces (the
// hint) stand out from every piece; the empty cells show on the board;
// and the colours the seats can have stand apart from each other.
//
// The measure is CIEDE2000, not WCAG's contrast ratio: WCAG compares
// luminance only, and the Okabe–Ito colours differ mostly in hue and
// chroma (yellow on a light grey board has a ratio of 1.1, yet is seen
// at once). The threshold, minPieceDistance, is the distance of the
// palette's own closest pair.
func TestPaletteContrast(t *testing.T) {
	for i, a := range app.ColourNames {
		for _, b := range app.ColourNames[i+1:] {
			if d := kit.DeltaE2000(kit.OkabeIto[a], kit.OkabeIto[b]); d < kit.MinPieceDistance {
				t.Errorf("players in %s and %s: distance %.1f, want at least %d", a, b, d, kit.MinPieceDistance)
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
				if d := kit.DeltaE2000(p.empty, p.board); d < kit.MinCellDistance {
					t.Errorf("%s: empty cells %v on the board %v: distance %.1f, want at least %d", where, p.empty, p.board, d, kit.MinCellDistance)
				}
				for seat := range p.players {
					for _, name := range app.ColourNames {
						s.SetColour(seat, name)
						got := palette(sh, s)
						if got.players[seat] != kit.OkabeIto[name] {
							t.Fatalf("%s: seat %d chose %s but is drawn %v", where, seat+1, name, got.players[seat])
						}
						if d := kit.DeltaE2000(got.players[seat], got.empty); d < kit.MinPieceDistance {
							t.Errorf("%s: seat %d in %s on an empty cell %v: distance %.1f, want at least %d",
								where, seat+1, name, got.empty, d, kit.MinPieceDistance)
						}
						if d := kit.DeltaE2000(got.edges[seat], got.ground); d < kit.MinPieceDistance {
							t.Errorf("%s: seat %d in %s, edge %v, on the ground %v: distance %.1f, want at least %d",
								where, seat+1, name, got.edges[seat], got.ground, d, kit.MinPieceDistance)
						}
						if seat < len(got.homes) {
							checkOnHome(t, where, seat, name, got)
						}
						for mark, mc := range got.marks {
							for k, pc := range got.players {
								if d := kit.DeltaE2000(mc, pc); d < kit.MinPieceDistance {
									t.Errorf("%s: the %s mark %v on seat %d's piece %v: distance %.1f, want at least %d",
										where, mark, mc, k+1, pc, d, kit.MinPieceDistance)
								}
							}
						}
					}
				}
			}
		}
	}
}

// checkOnHome: a seat's pieces stand out on the ground of their own home
// (issue 49: sky blue on its own arm was hard to see), by their fill when
// the fill is what shows them on the bare board, else by their outline
// (black on a dark board); and the home shows on the board.
func checkOnHome(t *testing.T, where string, seat int, name string, p boardColours) {
	t.Helper()
	home, by, c := p.homes[seat], "fill", p.players[seat]
	if kit.DeltaE2000(c, p.ground) < kit.MinPieceDistance {
		by, c = "edge", p.edges[seat]
	}
	if d := kit.DeltaE2000(c, home); d < kit.MinPieceDistance {
		t.Errorf("%s: seat %d in %s, %s %v, on its home %v: distance %.1f, want at least %d",
			where, seat+1, name, by, c, home, d, kit.MinPieceDistance)
	}
	if d := kit.DeltaE2000(home, p.board); d < kit.MinCellDistance && by == "fill" {
		t.Errorf("%s: seat %d's home %v in %s does not show on the board: distance %.1f, want at least %d",
			where, seat+1, home, name, d, kit.MinCellDistance)
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
			if c != kit.OkabeIto[s.Colours[i]] {
				t.Errorf("%s: seat %d drawn %v, want %s", game, i+1, c, s.Colours[i])
			}
		}
		if p.empty != kit.NeutralTints["Lilac"][0] {
			t.Errorf("%s: empty cells %v, want the light lilac", game, p.empty)
		}
	}
	for i := range app.MaxSeats {
		if !uitest.DrawsColour(kit.PlayerSwatch(s, i), kit.OkabeIto[s.Colours[i]]) {
			t.Errorf("the swatch of seat %d (status line, new game, settings) is not %s", i+1, s.Colours[i])
		}
	}
	if !uitest.DrawsColour(neutralSwatch(s), kit.NeutralTints["Lilac"][0]) && !uitest.DrawsColour(neutralSwatch(s), kit.NeutralTints["Lilac"][1]) {
		t.Error("the neutral swatch is not lilac")
	}
	// The previews (home cards, Continue) take the settings too.
	h := newHarness(t, "")
	h.u.env.SetSettings(s)
	for _, gu := range board.Registered() {
		id := gu.ID
		art := gu.Preview(h.u.env.Settings)
		b, ok := art.(board.Board)
		if !ok {
			t.Fatalf("%s: preview %T is not a board", id, art)
		}
		if got := b.Shared().Settings(); got != s {
			t.Errorf("%s: the preview draws with %+v, want the settings %+v", id, got, s)
		}
	}
}
