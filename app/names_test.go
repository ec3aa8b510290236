package app

import (
	"strings"
	"testing"
	"unicode"

	"github.com/jumpers-game/jumpers/app/apptest"
	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/cube"
	"github.com/jumpers-game/jumpers/storage"
)

func TestPlayerNameIsWhatIsSeen(t *testing.T) {
	s := DefaultSettings()
	s.SetColour(0, "Orange")
	s.SetColour(1, "Black")
	seats := []storage.Seat{{Kind: storage.Human}, {Kind: storage.Computer}}
	for i, want := range []string{"Orange", "Black"} {
		if got := PlayerName(s, seats, i); got != want {
			t.Errorf("player %d: %q, want the colour %q", i+1, got, want)
		}
	}
	// A changed colour renames the player at once.
	s.SetColour(0, "Sky blue")
	if got := PlayerName(s, seats, 0); got != "Sky blue" {
		t.Errorf("after choosing sky blue: %q", got)
	}
	// Names typed for pass-and-play win over colours; the same name twice
	// gets the colours to tell them apart.
	seats = []storage.Seat{{Kind: storage.Human, Name: " Ann "}, {Kind: storage.Human, Name: "Bo"}, {Kind: storage.Human, Name: "ann"}}
	for i, want := range []string{"Ann (Sky blue)", "Bo", "ann (" + s.Colours[2] + ")"} {
		if got := PlayerName(s, seats, i); got != want {
			t.Errorf("typed player %d: %q, want %q", i+1, got, want)
		}
	}
	// Seats of the sixth player and beyond the list still have a name.
	if got := PlayerName(s, nil, 5); got != s.Colours[5] {
		t.Errorf("player 6 without seats: %q", got)
	}
}

// TestMessagesUseTheNames: a refusal, the button and the pass notices
// name players by their colours (or typed names), capitalised.
func TestMessagesUseTheNames(t *testing.T) {
	g, err := core.Lookup(cube.ID)
	if err != nil {
		t.Fatal(err)
	}
	start, err := g.Start(core.Options{}.WithInt(core.OptSize, 3))
	if err != nil {
		t.Fatal(err)
	}
	st := DefaultSettings()
	st.Animation = AnimNone
	st.SetColour(0, "Black")
	st.SetColour(1, "Yellow")
	q := apptest.NewQueue()
	c := NewController(Config{
		Game: g, History: core.NewHistory(start, ""), Post: q.Post,
		Seats:    []storage.Seat{{Kind: storage.Human}, {Kind: storage.Human, Name: "Zoe"}},
		AI:       apptest.NewFakeAI("1:1"),
		Settings: func() Settings { return st },
	})
	c.Start(false)
	if b := c.Button(); b.Label != "Black's turn" {
		t.Errorf("button %q", b.Label)
	}
	if why := c.Tap("1:1"); why != "" {
		t.Fatal(why)
	}
	if b := c.Button(); b.Label != "Zoe's turn" {
		t.Errorf("button %q", b.Label)
	}
	why := c.Tap("1:1")
	if why != "Square 1:1 belongs to Black" {
		t.Errorf("refusal %q, want %q", why, "Square 1:1 belongs to Black")
	}
	if strings.Contains(why, "red") {
		t.Errorf("the game's own name leaks: %q", why)
	}
}

func TestSentence(t *testing.T) {
	for in, want := range map[string]string{"": "", "square 1:1": "Square 1:1", "Already": "Already", "élan": "Élan", "1:1 is": "1:1 is", "c3: no x piece": "c3: no x piece"} {
		if got := Sentence(in); got != want {
			t.Errorf("%q: %q, want %q", in, got, want)
		}
	}
}

func TestResultText(t *testing.T) {
	g, _ := core.Lookup(cube.ID)
	start, err := g.Start(core.Options{}.WithInt(core.OptSize, 2))
	if err != nil {
		t.Fatal(err)
	}
	s := DefaultSettings()
	s.SetColour(0, "Yellow")
	seats := []storage.Seat{{Kind: storage.Human}, {Kind: storage.Human, Name: "Zoe"}}
	if got := ResultText(s, seats, start); got != "in progress" {
		t.Errorf("start: %q", got)
	}
	h := core.NewHistory(start, "")
	for _, m := range []string{"1:1", "2:2", "1:1"} {
		if err := h.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	for !h.Current().Result().Over {
		if err := h.Play(h.Current().Moves()[0]); err != nil {
			t.Fatal(err)
		}
	}
	want := PlayerName(s, seats, h.Current().Result().Winner) + " won"
	if got := ResultText(s, seats, h.Current()); got != want || (got != "Yellow won" && got != "Zoe won") {
		t.Errorf("over: %q, want %q", got, want)
	}
}

// One spelling of every level and style (issue 49: "Kepler", "balanced",
// "Balanced"): title case, words apart, and back to the game's own value.
func TestOptionLabels(t *testing.T) {
	for value, want := range map[string]string{
		"balanced": "Balanced", "aggressive": "Aggressive", "Kepler": "Kepler", "Balanced": "Balanced",
		"BestReply": "Best Reply", "MonteCarlo": "Monte Carlo", "Expert": "Expert", "": "",
	} {
		if got := OptionLabel(value); got != want {
			t.Errorf("%q: %q, want %q", value, got, want)
		}
	}
	if len(core.Games()) < 3 {
		t.Fatalf("games %v", core.Games())
	}
	for _, g := range core.Games() {
		values := g.Styles()
		for _, l := range g.Levels() {
			values = append(values, l.Name)
		}
		for _, v := range values {
			l := OptionLabel(v)
			if l == "" || unicode.IsLower([]rune(l)[0]) || OptionValue(values, l) != v {
				t.Errorf("%s: %q is shown %q, which goes back to %q", g.ID(), v, l, OptionValue(values, l))
			}
		}
	}
}
