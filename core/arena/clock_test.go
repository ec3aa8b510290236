package arena_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/arena"
	"github.com/jumpers-game/jumpers/core/coretest"
)

// timedNaive takes one and says each reply took took; it records the
// clocks it was shown.
type timedNaive struct {
	name  string
	took  time.Duration
	shown [][]time.Duration
}

func (p *timedNaive) Name() string   { return p.name }
func (p *timedNaive) NewGame() error { return nil }
func (p *timedNaive) Move(context.Context, core.Position, int64) (string, error) {
	return "1", nil
}
func (p *timedNaive) MoveOnClock(_ context.Context, _ core.Position, _ []string, _ core.Position, left []time.Duration, _ time.Duration) (string, time.Duration, error) {
	p.shown = append(p.shown, append([]time.Duration(nil), left...))
	return "1", p.took, nil
}

// A clock game charges each reply in whole milliseconds, adds the
// increment, shows both clocks to the mover, and a side whose reply takes
// longer than the time it has left loses.
func TestClockGames(t *testing.T) {
	ms := time.Millisecond
	a := &timedNaive{name: "a", took: 30*ms + 700*time.Microsecond}
	b := &timedNaive{name: "b", took: 10 * ms}
	clock := arena.Clock{Base: 100 * ms, Inc: 5 * ms}
	m := arena.Match{Game: coretest.Takeaway{}, Options: core.Options{}.WithInt(core.OptSize, 10), A: a, B: b, Games: 1, Clock: &clock}
	s, err := m.Play(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	// A moves first with 100 ms; it is charged 30 ms a move and gains 5:
	// 100, 75, 50, 25, then 0 left < 30: flagged at its fourth reply.
	g := s.Games[0]
	if g.Forfeit == "" || !strings.Contains(g.Forfeit, "flagged") || g.Score != 0 {
		t.Fatalf("A should flag: %+v", g)
	}
	var mine []time.Duration
	for _, l := range a.shown {
		mine = append(mine, l[0])
	}
	want := []time.Duration{100 * ms, 75 * ms, 50 * ms, 25 * ms}
	if len(mine) != len(want) {
		t.Fatalf("A was shown %v, want its clock %v", a.shown, want)
	}
	for i := range want {
		if mine[i] != want[i] {
			t.Fatalf("A's clock %v, want %v", mine, want)
		}
	}
	if got := b.shown[0]; got[0] != 75*ms || got[1] != 100*ms {
		t.Fatalf("B first saw the clocks %v, want [75ms 100ms]", got)
	}
	if g.ClockA.Moves != 4 || g.ClockA.MostShare < 1.19 || g.ClockB.Moves != 3 || g.ClockB.Spent != 30*ms {
		t.Fatalf("clock use A %+v, B %+v", g.ClockA, g.ClockB)
	}
	if r := s.Report("a", "b"); !strings.Contains(r, "clock b: 0.0 s a game, 10 ms a move on average, at most 11.1% of the time left on one move") {
		t.Fatalf("report:\n%s", r)
	}

	// A player without a clock cannot play a clock game.
	m.A = naive{}
	if _, err := m.Play(context.Background()); err == nil || !strings.Contains(err.Error(), "cannot play on a clock") {
		t.Fatalf("a clockless player: %v", err)
	}
}

func TestParseClock(t *testing.T) {
	for text, want := range map[string]arena.Clock{
		"10+0.1": {10 * time.Second, 100 * time.Millisecond},
		"1+0.01": {time.Second, 10 * time.Millisecond},
		"60":     {time.Minute, 0},
	} {
		got, err := arena.ParseClock(text)
		if err != nil || got != want {
			t.Errorf("%q: %+v %v, want %+v", text, got, err, want)
		}
	}
	for _, bad := range []string{"", "+1", "0+1", "-1+0", "1+-1", "ten", "1+x", "1s+0"} {
		if c, err := arena.ParseClock(bad); err == nil {
			t.Errorf("%q read as %+v", bad, c)
		}
	}
}

func FuzzParseClock(f *testing.F) {
	for _, s := range []string{"10+0.1", "1+0.01", "60", "0+1", "1e3+1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := arena.ParseClock(s)
		if err != nil {
			return
		}
		if c.Base <= 0 || c.Inc < 0 {
			t.Fatalf("%q read as %+v", s, c)
		}
		if again, err := arena.ParseClock(c.String()); err != nil || again != c {
			t.Fatalf("%q: %+v prints as %q, read back as %+v %v", s, c, c.String(), again, err)
		}
	})
}
