package core_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/ataxx"
	"github.com/jumpers-game/jumpers/core/chinesecheckers"
	"github.com/jumpers-game/jumpers/core/cube"
)

// TestRenamePlayers: a refusal keeps the game's own names in Error (the
// CLI's contract) and takes the app's names through RenamePlayers, also
// when wrapped; the rest of the text is untouched.
func TestRenamePlayers(t *testing.T) {
	app := func(i int) string { return []string{"Orange", "Sky blue", "Ann", "Bo", "Cy", "Di"}[i] }
	for _, tc := range []struct {
		game, rules string
		moves       []string
		bad         string
		own, shown  string
	}{
		{cube.ID, "", []string{"1:1"}, "1:1", "square 1:1 belongs to red", "square 1:1 belongs to Orange"},
		{ataxx.ID, "", nil, "a2", "no x piece next to a2", "no Orange piece next to a2"},
		{ataxx.ID, "", nil, "d4e5", "no x piece on d4", "no Orange piece on d4"},
		{chinesecheckers.ID, "", nil, "q1p1", "q1 holds a piece of player 2, and player 1 is to move", "q1 holds a piece of Sky blue, and Orange is to move"},
	} {
		g, err := core.Lookup(tc.game)
		if err != nil {
			t.Fatal(err)
		}
		start, err := g.Start(core.Options{}.With(core.OptRules, tc.rules))
		if err != nil {
			t.Fatal(err)
		}
		h := core.NewHistory(start, tc.rules)
		for _, m := range tc.moves {
			if err := h.Play(m); err != nil {
				t.Fatal(err)
			}
		}
		err = h.Play(tc.bad)
		if err == nil {
			t.Fatalf("%s: %s was played", tc.game, tc.bad)
		}
		if !strings.Contains(err.Error(), tc.own) {
			t.Errorf("%s: %q, want the game's own names %q", tc.game, err, tc.own)
		}
		wrapped := fmt.Errorf("move 3 %q: %w", tc.bad, err)
		got := core.RenamePlayers(wrapped, app)
		want := strings.Replace(wrapped.Error(), tc.own, tc.shown, 1)
		if got != want || got == wrapped.Error() {
			t.Errorf("%s: renamed %q, want %q", tc.game, got, want)
		}
	}
	plain := fmt.Errorf("no such hole")
	if got := core.RenamePlayers(plain, app); got != plain.Error() {
		t.Errorf("an error naming nobody became %q", got)
	}
}
