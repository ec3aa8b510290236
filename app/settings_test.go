package app

import (
	"testing"
	"time"

	"fyne.io/fyne/v2/test"
	"pgregory.net/rapid"
)

func distinctColours(t interface{ Fatalf(string, ...any) }, cs [MaxSeats]string) {
	seen := map[string]bool{}
	for i, c := range cs {
		if !validName(ColourNames, c) || seen[c] {
			t.Fatalf("seat %d has %q in %v: every seat needs its own palette colour", i+1, c, cs)
		}
		seen[c] = true
	}
}

// TestSetColourKeepsSeatsApart: whatever seats are given whatever names,
// every seat keeps a palette colour of its own, the seat asked for gets
// the colour when it is one, and a swap moves only the two seats.
func TestSetColourKeepsSeatsApart(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := DefaultSettings()
		for range rapid.IntRange(1, 20).Draw(t, "changes") {
			seat := rapid.IntRange(-1, MaxSeats).Draw(t, "seat")
			name := rapid.SampledFrom(append([]string{"Pink", ""}, ColourNames...)).Draw(t, "name")
			before := s.Colours
			s.SetColour(seat, name)
			distinctColours(t, s.Colours)
			if seat < 0 || seat >= MaxSeats || !validName(ColourNames, name) {
				if s.Colours != before {
					t.Fatalf("SetColour(%d, %q) changed %v to %v", seat, name, before, s.Colours)
				}
				continue
			}
			if s.Colours[seat] != name {
				t.Fatalf("seat %d is %q after choosing %q", seat+1, s.Colours[seat], name)
			}
			changed := 0
			for i := range s.Colours {
				if s.Colours[i] != before[i] {
					changed++
				}
			}
			if changed > 2 {
				t.Fatalf("choosing %q for seat %d changed %d seats: %v to %v", name, seat+1, changed, before, s.Colours)
			}
			if s.Clean() != s {
				t.Fatalf("clean settings changed by Clean: %+v", s)
			}
		}
	})
}

// TestCleanColoursRepairs: unknown or repeated colours are replaced by
// free ones, earlier seats keeping theirs.
func TestCleanColoursRepairs(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var cs [MaxSeats]string
		for i := range cs {
			cs[i] = rapid.SampledFrom(append([]string{"Pink", ""}, ColourNames...)).Draw(t, "colour")
		}
		s := DefaultSettings()
		s.Colours = cs
		got := s.Clean().Colours
		distinctColours(t, got)
		seen := map[string]bool{}
		for i, c := range cs {
			if validName(ColourNames, c) && !seen[c] && got[i] != c {
				t.Fatalf("seat %d lost its colour %q: %v became %v", i+1, c, cs, got)
			}
			seen[c] = true
		}
	})
}

// TestSettingsBeforeSixSeats: preferences written when only players 1 and
// 2 had a colour keep them; players 3 to 6 get colours apart from them,
// and the neutral colour is the theme's grey.
func TestSettingsBeforeSixSeats(t *testing.T) {
	p := test.NewApp().Preferences()
	p.SetString("colour1", "Bluish green")
	p.SetString("colour2", "Yellow")
	p.SetInt("animation", int(AnimScatter))
	s := LoadSettings(p)
	if s.Colours[0] != "Bluish green" || s.Colours[1] != "Yellow" {
		t.Fatalf("the two old colours became %v", s.Colours)
	}
	distinctColours(t, s.Colours)
	if s.Neutral != "Grey" || s.Animation != AnimScatter {
		t.Fatalf("neutral %q, animation %v", s.Neutral, s.Animation)
	}
}

// TestSettingsRoundTrip: every field, the six colours, the neutral colour
// and each animation style among them, comes back from the preferences;
// values out of range are repaired.
func TestSettingsRoundTrip(t *testing.T) {
	for _, a := range AnimationStyles {
		p := test.NewApp().Preferences()
		s := DefaultSettings()
		s.Colours = [MaxSeats]string{"Black", "Orange", "Sky blue", "Blue", "Vermillion", "Yellow"}
		s.Neutral = "Sand"
		s.Animation = a
		s.StepTime = 1500 * time.Millisecond
		s.Theme = ThemeNames[int(a)%len(ThemeNames)]
		s.Coordinates = a%2 == 1 // both values, in turn
		s.Store(p)
		if got := LoadSettings(p); got != s {
			t.Fatalf("stored %+v, loaded %+v", s, got)
		}
	}
	p := test.NewApp().Preferences()
	p.SetInt("animation", 99)
	p.SetString("neutralColour", "Plaid")
	p.SetString("colour4", "Vermillion") // player 1's
	p.SetString("theme", "Sepia")
	s := LoadSettings(p)
	if s.Animation != DefaultSettings().Animation || s.Neutral != "Grey" || s.Theme != "System" {
		t.Fatalf("bad values kept: %+v", s)
	}
	distinctColours(t, s.Colours)
}

// TestAnimationStylesAreTheHandbooks: Settings offers the four cascade
// styles of KJumpingCube's handbook, in its order, each named once.
func TestAnimationStylesAreTheHandbooks(t *testing.T) {
	want := []string{"None", "Darken and pause", "Blink rapidly", "Scatter dots"}
	got := AnimationNames()
	if len(got) != len(want) {
		t.Fatalf("styles %q, want %q", got, want)
	}
	for i := range want {
		a, ok := AnimationNamed(got[i])
		if got[i] != want[i] || !ok || a != AnimationStyles[i] || a.String() != want[i] {
			t.Fatalf("style %d: %q (%v), want %q", i, got[i], a, want[i])
		}
	}
}
