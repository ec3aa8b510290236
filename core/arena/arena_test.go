package arena_test

import (
	"context"
	"math"
	"strings"
	"testing"

	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/arena"
	"github.com/jumpers-game/jumpers/core/coretest"
)

// perfect plays take-away perfectly: leave a multiple of three.
type perfect struct{}

func (perfect) Name() string   { return "perfect" }
func (perfect) NewGame() error { return nil }
func (perfect) Move(_ context.Context, p core.Position, _ int64) (string, error) {
	left := int(p.Hash()) / 2 // the toy game hashes to 2*left+turn
	if left%3 == 2 {
		return "2", nil
	}
	return "1", nil
}

// naive always takes one.
type naive struct{}

func (naive) Name() string   { return "naive" }
func (naive) NewGame() error { return nil }
func (naive) Move(context.Context, core.Position, int64) (string, error) {
	return "1", nil
}

func TestMatchAlternatesAndScores(t *testing.T) {
	// From 10 the first player wins with perfect play; naive cannot spoil
	// that, and perfect also wins as second player against naive (naive
	// leaves 9, 7... perfect answers to multiples of three).
	m := arena.Match{Game: coretest.Takeaway{}, Options: core.Options{}.WithInt(core.OptSize, 10), A: perfect{}, B: naive{}, Games: 4}
	sum, err := m.Play(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if sum.Wins != 4 || sum.Losses != 0 {
		t.Fatalf("perfect vs naive: %+v", sum)
	}
	seats := map[int]int{}
	for _, g := range sum.Games {
		seats[g.ASeat]++
	}
	if seats[0] != 2 || seats[1] != 2 {
		t.Fatalf("colours not alternated: %v", seats)
	}
	if elo, _, _ := sum.Elo(); !math.IsInf(elo, 1) {
		t.Fatalf("a clean sweep is +inf Elo, got %v", elo)
	}
	if !strings.Contains(sum.Report("perfect", "naive"), "wins 4, draws 0, losses 0") {
		t.Fatal(sum.Report("perfect", "naive"))
	}
}

func TestEloInterval(t *testing.T) {
	s := arena.Summary{}
	for i := 0; i < 100; i++ {
		score := 0.0
		if i < 64 {
			score = 1
		}
		s.Games = append(s.Games, arena.GameResult{Score: score})
	}
	elo, lo, hi := s.Elo()
	// 64% is +100 Elo; 100 games give roughly ±70.
	if math.Abs(elo-100) > 1 || lo > 40 || lo < 20 || hi < 160 || hi > 190 {
		t.Fatalf("elo %.0f [%.0f, %.0f]", elo, lo, hi)
	}
}

func TestIllegalMoveLosesTheGame(t *testing.T) {
	// bad takes two from a pile of one: A loses whichever seat it has, and
	// the report says why.
	m := arena.Match{Game: coretest.Takeaway{}, Options: core.Options{}.WithInt(core.OptSize, 1), A: bad{}, B: naive{}, Games: 2}
	sum, err := m.Play(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	// In game 2 naive moves first and takes the last counter: a plain win
	// for B; in game 1 bad forfeits.
	if sum.Losses != 2 || sum.Forfeits != 1 {
		t.Fatalf("%+v", sum)
	}
	if f := sum.Games[0].Forfeit; !strings.Contains(f, "bad (A) loses") || !strings.Contains(f, `illegal move "2"`) {
		t.Fatalf("forfeit message %q", f)
	}
	if !strings.Contains(sum.Report("bad", "naive"), "forfeits 1") {
		t.Fatal(sum.Report("bad", "naive"))
	}
}

type bad struct{}

func (bad) Name() string   { return "bad" }
func (bad) NewGame() error { return nil }
func (bad) Move(context.Context, core.Position, int64) (string, error) {
	return "2", nil
}

func TestMultiPlayerReportBySeat(t *testing.T) {
	s := arena.Summary{Players: 3, Wins: 1, Losses: 1, PlaceCount: [][]int{{1, 0, 0}, {0, 0, 1}, {0, 0, 0}},
		Games: []arena.GameResult{{ASeat: 0, Score: 1}, {ASeat: 1, Score: 0}}}
	r := s.Report("A", "B")
	for _, want := range []string{"first places 1, middle places 0, last places 1", "A in seat 1: 1 games, places 1..3 = 1 0 0, score 1.00", "A in seat 2: 1 games, places 1..3 = 0 0 1, score 0.00", "average place of A 2.00 over 2 placed games (fair 2.0)"} {
		if !strings.Contains(r, want) {
			t.Errorf("report lacks %q:\n%s", want, r)
		}
	}
}
