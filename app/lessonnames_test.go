package app

import (
	"regexp"
	"strings"
	"testing"

	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/lesson"
)

// TestLessonSentencesUseTheChosenColours: every sentence of every lesson
// names the players by the colours chosen in Settings, in the case the
// sentence wrote them ("it turned red" → "it turned orange"); the games'
// own names are gone, and a colour that is also a game's name is renamed
// once only.
func TestLessonSentencesUseTheChosenColours(t *testing.T) {
	s := DefaultSettings()
	s.SetColour(0, "Orange")
	s.SetColour(1, "Yellow")
	own := regexp.MustCompile(`(?i)\b(red|blue|black|white)\b`)
	named := 0
	for _, l := range lesson.All() {
		g, err := core.Lookup(l.Game)
		if err != nil {
			t.Fatal(err)
		}
		for _, st := range l.Steps {
			for _, text := range []string{st.Say, st.Nudge, st.Done, st.ReplySay} {
				got := NamePlayersIn(s, g, text)
				if w := own.FindString(got); w != "" {
					t.Errorf("%s/%s: %q still says %q", l.ID, st.ID, got, w)
				}
				if got != text {
					named++
				}
			}
		}
	}
	if named < 10 {
		t.Errorf("only %d sentences named a player: the renaming is not reached", named)
	}
	cube, _ := core.Lookup("cube")
	ataxx, _ := core.Lookup("ataxx")
	for _, c := range []struct {
		g        core.Game
		in, want string
	}{
		{cube, "You are Red: tap any square that is not Blue's.", "You are Orange: tap any square that is not Yellow's."},
		{cube, "both turned red.", "both turned orange."},
		{ataxx, "29 black pieces against 20 white, and Black wins.", "29 orange pieces against 20 yellow, and Orange wins."},
		{ataxx, "Blackboard whiteness", "Blackboard whiteness"},
	} {
		if got := NamePlayersIn(s, c.g, c.in); got != c.want {
			t.Errorf("%q: %q, want %q", c.in, got, c.want)
		}
	}
	// The default colours: Red becomes Vermillion and Blue stays Blue
	// (renamed once, not Blue → Blue → ...).
	d := DefaultSettings()
	if got, want := NamePlayersIn(d, cube, "Red and Blue, red and blue."), "Vermillion and Blue, vermillion and blue."; got != want {
		t.Errorf("default colours: %q, want %q", got, want)
	}
	s.SetColour(0, "Sky blue")
	if got, want := NamePlayersIn(s, cube, "Red takes it."), "Sky blue takes it."; !strings.EqualFold(got, want) || got != want {
		t.Errorf("%q, want %q", got, want)
	}
}
