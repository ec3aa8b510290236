package cube

import (
	"errors"
	"strings"
	"testing"

	"github.com/jumpers-game/jumpers/core"
)

func TestGameAdapter(t *testing.T) {
	g, err := core.Lookup("cube")
	if err != nil {
		t.Fatal(err)
	}
	if g.ID() != "cube" || g.Name() != "Jumping Cube" || g.RuleSets()[0] != "standard" {
		t.Errorf("id %q name %q rules %v", g.ID(), g.Name(), g.RuleSets())
	}
	if g.PlayerName(0) != "Red" || g.PlayerName(1) != "Blue" {
		t.Errorf("player names %q %q", g.PlayerName(0), g.PlayerName(1))
	}
	if s := g.Styles(); len(s) != 2 || s[0] != Kepler || s[1] != Newton {
		t.Errorf("styles %v", s)
	}
	ls := g.Levels()
	if len(ls) != 5 || ls[0].Name != core.Beginner || ls[4].Name != core.Expert || ls[4].MaxDepth != 0 || ls[4].Budget.Seconds() != 1 {
		t.Errorf("levels %+v", ls)
	}
	for i := 1; i < len(ls); i++ {
		if ls[i].Noise > ls[i-1].Noise {
			t.Errorf("level %s is noisier than %s", ls[i].Name, ls[i-1].Name)
		}
	}

	p, err := g.Start(core.DefaultOptions(g))
	if err != nil {
		t.Fatal(err)
	}
	if b, err := Concrete(p); err != nil || b.Size() != DefaultSize || p.Game() != "cube" || p.Players() != 2 || p.ToMove() != 0 {
		t.Errorf("default start %s", p)
	}
	if len(p.Moves()) != 36 || p.Moves()[0] != "1:1" || p.Moves()[35] != "6:6" {
		t.Errorf("start moves %v", p.Moves())
	}
	for _, opts := range []core.Options{core.Options{}.WithInt(core.OptSize, 1), core.Options{}.WithInt(core.OptSize, 16), core.Options{}.WithInt(core.OptSize, -3), core.Options{}.WithInt(core.OptSize, 5).With(core.OptRules, "seed")} {
		if _, err := g.Start(opts); err == nil {
			t.Errorf("Start(%+v) accepted", opts)
		}
	}
	if _, err := g.ParsePosition("1-1-/1-1- r", "fancy"); err == nil {
		t.Error("unknown rule set accepted")
	}

	p, err = g.ParsePosition("1-1-1-/1-1-1-/1-1-1- r", "")
	if err != nil {
		t.Fatal(err)
	}
	q, err := p.Play("1:1")
	if err != nil || q.String() != "2r1-1-/1-1-1-/1-1-1- b" || p.String() != "1-1-1-/1-1-1-/1-1-1- r" {
		t.Fatalf("Play: %v, %v (receiver now %v)", q, err, p)
	}
	if _, err := q.Play("1:1"); err == nil || err.Error() != "square 1:1 belongs to red" {
		t.Errorf("blue on red: %v", err)
	}
	if _, err := q.Play("4:1"); err == nil || err.Error() != "square 4:1 is off the 3x3 board" {
		t.Errorf("off board: %v", err)
	}
	if q.Hash() == p.Hash() || q.Result().Over {
		t.Error("hash or result")
	}

	won, _ := g.ParsePosition("3r3r/1r2r b", "standard")
	if r := won.Result(); !r.Over || r.Winner != 0 || !strings.Contains(r.Reason, "Red") {
		t.Errorf("won result %+v", r)
	}
	if len(won.Moves()) != 0 {
		t.Error("a won position has moves")
	}
	if _, err := won.Play("1:1"); !errors.Is(err, core.ErrGameOver) {
		t.Errorf("move after the end: %v", err)
	}

	// A record replays through the registry.
	rec := core.Record{Game: "cube", Start: "1-1-1-/1-1-1-/1-1-1- r", Moves: []string{"1:1", "3:3", "1:1"}}
	ps, err := rec.Replay()
	if err != nil || ps[3].String() != "1r2r1-/2r1-1-/1-1-2b b" {
		t.Errorf("replay: %v %v", ps, err)
	}
	rec.Moves = append(rec.Moves, "1:2")
	if _, err := rec.Replay(); err == nil || err.Error() != `move 4 "1:2": square 1:2 belongs to red` {
		t.Errorf("bad replay: %v", err)
	}
}

func TestAdapterHelpers(t *testing.T) {
	p := NewPosition(mustParse(t, "1-1-1-1-/3r4b2b1-/1-2r1-1-/1-1-1-2b r"))
	q, steps, err := PlayTraced(p, "2:1")
	if err != nil || len(steps) != 3 || q.String() != "2r2r1-1-/2r1r3r1-/2r3r1-1-/1-1-1-2b b" {
		t.Fatalf("PlayTraced: %v %d steps, %v", q, len(steps), err)
	}
	if _, _, err := PlayTraced(q, "1:1"); err == nil {
		t.Error("PlayTraced accepted a move on the opponent's square")
	}
	if !strings.HasPrefix(Show(q), "===\n    2r 2r 1- 1-\n") {
		t.Errorf("Show:\n%s", Show(q))
	}
	var wrong *core.WrongGameError
	if _, err := Concrete(nil); !errors.As(err, &wrong) || wrong.Want != ID {
		t.Errorf("Concrete(nil): %v", err)
	}
	if Show(nil) != "" {
		t.Error("Show(nil)")
	}
	if _, err := Config("newton"); err != nil {
		t.Error(err)
	}
}
