package record_test

import (
	"strings"
	"testing"

	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/record"
)

// A tool's own tags and its adjudicated result are written and read back.
func TestToolTagsAndAdjudication(t *testing.T) {
	rec := core.Record{Game: "cube", Rules: "standard", Start: startText(t, "cube", core.Options{}.WithInt(core.OptSize, 3)), Moves: []string{"1:1", "3:3"}}
	tags := []record.Tag{{Name: "Round", Value: "7"}, {Name: "PlayerA", Value: `Expert "x"`}, {Name: "Termination", Value: "adjudication"}}
	text, err := record.Format(rec, record.Info{Names: []string{"Expert", "Novice"}, Result: record.SecondWon, Tags: tags})
	if err != nil {
		t.Fatal(err)
	}
	g, err := record.ReadGame(text, 1)
	if err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	if g.Result != record.SecondWon || g.Final.Result().Over {
		t.Fatalf("result %s (over %v), want the adjudicated 0-1 on a game that goes on\n%s", g.Result, g.Final.Result().Over, text)
	}
	got := map[string]string{}
	for _, tg := range g.Tags {
		got[tg.Name] = tg.Value
	}
	for _, tg := range tags {
		if got[tg.Name] != tg.Value {
			t.Fatalf("tag %s read back as %q, want %q\n%s", tg.Name, got[tg.Name], tg.Value, text)
		}
	}
	if !strings.HasSuffix(strings.TrimSpace(text), "0-1") {
		t.Fatalf("the movetext should end with the adjudication:\n%s", text)
	}
}

func TestToolTagsRefused(t *testing.T) {
	cube := core.Record{Game: "cube", Rules: "standard", Start: startText(t, "cube", core.Options{}.WithInt(core.OptSize, 2)), Moves: []string{"1:1"}}
	// Four moves end the 2×2 game (checked below).
	won := cube
	won.Moves = []string{"1:1", "2:2", "1:1", "2:2"}
	if r, err := won.Replay(); err != nil || !r[len(r)-1].Result().Over {
		t.Fatalf("the fixture game should end: %v", err)
	}
	cc := core.Record{Game: "chinesecheckers", Start: startText(t, "chinesecheckers", core.Options{}.WithInt(core.OptPlayers, 3)), Moves: []string{}}
	for _, c := range []struct {
		rec  core.Record
		info record.Info
		want string
	}{
		{cube, record.Info{Tags: []record.Tag{{Name: "Game", Value: "x"}}}, "tag Game is written twice"},
		{cube, record.Info{Tags: []record.Tag{{Name: "Red", Value: "x"}}}, "tag Red is written twice"},
		{cube, record.Info{Tags: []record.Tag{{Name: "A", Value: "1"}, {Name: "A", Value: "2"}}}, "tag A is written twice"},
		{cube, record.Info{Tags: []record.Tag{{Name: "Bad name", Value: "x"}}}, "only letters"},
		{cube, record.Info{Tags: []record.Tag{{Name: "", Value: "x"}}}, "only letters"},
		{cube, record.Info{Result: "2-0"}, "a tool's result"},
		{cc, record.Info{Result: record.FirstWon}, "a tool's result"},
		{won, record.Info{Result: record.FirstWon}, "the moves end the game with 0-1"},
	} {
		_, err := record.Format(c.rec, c.info)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: got %v, want %q", c.info, err, c.want)
		}
	}
	// The result the moves give is accepted as the tool's result.
	if _, err := record.Format(won, record.Info{Result: record.SecondWon}); err != nil {
		t.Fatal(err)
	}
}

func startText(t *testing.T, id string, opts core.Options) string {
	t.Helper()
	g, err := core.Lookup(id)
	if err != nil {
		t.Fatal(err)
	}
	opts = opts.With(core.OptRules, g.RuleSets()[0])
	p, err := g.Start(opts)
	if err != nil {
		t.Fatal(err)
	}
	return p.String()
}
