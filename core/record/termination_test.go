package record_test

import (
	"strings"
	"testing"

	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/record"
)

// stalledGame is a two-player Chinese Checkers game the stall rule ends:
// player 2 hops ahead and then only moves sideways, player 1 gets as far
// and does the same (core/chinesecheckers TestStallTieGoesAgainstLongerStaller).
func stalledGame(t *testing.T) *core.History {
	t.Helper()
	start, err := lookup(t, "chinesecheckers").Start(core.Options{}.WithInt(core.OptPlayers, 2))
	if err != nil {
		t.Fatal(err)
	}
	h := core.NewHistory(start, "")
	for _, m := range []string{"d1e5", "o1m5", "e5e6", "m5m4", "d2e7"} {
		if err := h.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	for i := 0; !h.Current().Result().Over; i++ {
		if i > 200 {
			t.Fatal("the stall rule did not end the game")
		}
		if err := h.Play([...]string{"m4m5", "e6e5", "m5m4", "e5e6"}[i%4]); err != nil {
			t.Fatal(err)
		}
	}
	return h
}

// A game the stall rule ends carries the reason in a Termination tag, the
// players named as the record's notation names them; reading ignores the
// tag (the moves say how the game ended) and the game comes back whole.
func TestTerminationOfAStalledGame(t *testing.T) {
	h := stalledGame(t)
	reason := h.Current().Result().Reason
	if !strings.HasPrefix(reason, "stalled: ") || !strings.Contains(reason, "Player 1") {
		t.Fatalf("reason %q", reason)
	}
	text, err := record.Format(h.Record(), record.Info{Names: []string{"Ann", "Bo"}})
	if err != nil {
		t.Fatal(err)
	}
	want := `[Termination "` + reason + `"]` + "\n" + `[Result "1-0"]`
	if !strings.Contains(text, want) {
		t.Fatalf("want\n%s\nin\n%s", want, text)
	}
	got := roundTrip(t, h.Record(), record.Info{Names: []string{"Ann", "Bo"}})
	if got.Final.Result().Reason != reason || got.Result != record.FirstWon {
		t.Fatalf("read back %+v, result %s", got.Final.Result(), got.Result)
	}

	// The tag is information only: another text, or none, reads as the
	// same game.
	for _, other := range []string{
		strings.Replace(text, reason, "normal", 1),
		strings.Replace(text, `[Termination "`+reason+`"]`+"\n", "", 1),
	} {
		g, err := record.ReadGame(other, 1)
		if err != nil {
			t.Fatalf("%v\n%s", err, other)
		}
		if !equalRecords(g.Record, got.Record) || g.Result != got.Result {
			t.Fatalf("read as %+v %s, want %+v %s", g.Record, g.Result, got.Record, got.Result)
		}
	}
}

// A game the move limit ends says so and ranks the players in the tag.
func TestTerminationAtTheMoveLimit(t *testing.T) {
	h := playThreeToTheEnd(t)
	reason := h.Current().Result().Reason
	if !strings.HasPrefix(reason, "move limit reached: ") && !strings.HasPrefix(reason, "stalled: ") {
		t.Fatalf("the fixture should end by a rule, not %q", reason)
	}
	got := roundTrip(t, h.Record(), record.Info{})
	if v := tagValue(got, record.TerminationTag); v != reason {
		t.Fatalf("Termination %q, want %q", v, reason)
	}
}

// A tool that stopped a game writes its own Termination, which the rules'
// does not repeat; a game that goes on has none.
func TestTerminationOfATool(t *testing.T) {
	h := stalledGame(t)
	tool := []record.Tag{{Name: record.TerminationTag, Value: "forfeit: illegal move"}}
	text, err := record.Format(h.Record(), record.Info{Tags: tool})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Count(text, "[Termination ") != 1 || !strings.Contains(text, `[Termination "forfeit: illegal move"]`) {
		t.Fatalf("want the tool's Termination alone:\n%s", text)
	}
	goesOn := h.Record()
	goesOn.Moves = goesOn.Moves[:len(goesOn.Moves)-1]
	text, err = record.Format(goesOn, record.Info{})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(text, "Termination") {
		t.Fatalf("a game that goes on has no Termination:\n%s", text)
	}
}

func equalRecords(a, b core.Record) bool {
	return a.Game == b.Game && a.Rules == b.Rules && a.Start == b.Start && strings.Join(a.Moves, ",") == strings.Join(b.Moves, ",")
}
