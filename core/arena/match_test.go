package arena_test

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/arena"
	"github.com/jumpers-game/jumpers/core/coretest"
	"github.com/jumpers-game/jumpers/core/cube"
)

func TestBookPairsSwapColours(t *testing.T) {
	g := coretest.Takeaway{}
	book, err := arena.RandomBook(g, core.Options{}.WithInt(core.OptSize, 20), 3, 3, 42)
	if err != nil {
		t.Fatal(err)
	}
	m := arena.Match{Game: g, Options: core.Options{}.WithInt(core.OptSize, 20), A: perfect{}, B: naive{}, Games: 6, Book: book}
	sum, err := m.Play(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for i, gr := range sum.Games {
		if gr.Game != i || gr.Opening != i/2 || gr.ASeat != i%2 {
			t.Fatalf("game %d: opening %d, A in seat %d; want opening %d, seat %d", i, gr.Opening, gr.ASeat, i/2, i%2)
		}
	}
	if sum.Wins+sum.Losses+sum.Draws != 6 {
		t.Fatalf("%+v", sum)
	}
}

func TestRandomBookIsFixedBySeed(t *testing.T) {
	g := cube.Game{}
	opts := core.Options{}.WithInt(core.OptSize, 5)
	a, err := arena.RandomBook(g, opts, 8, 4, 7)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := arena.RandomBook(g, opts, 8, 4, 7)
	c, _ := arena.RandomBook(g, opts, 8, 4, 8)
	if !reflect.DeepEqual(a, b) {
		t.Fatalf("same seed, different books:\n%v\n%v", a, b)
	}
	if reflect.DeepEqual(a, c) {
		t.Fatal("seeds 7 and 8 gave the same book")
	}
	seen := map[string]bool{}
	for _, o := range a {
		if len(o.Moves) != 4 || seen[o.String()] {
			t.Fatalf("opening %v: want 4 plies, all different", o)
		}
		seen[o.String()] = true
	}
}

func TestReadBook(t *testing.T) {
	g := cube.Game{}
	opts := core.Options{}.WithInt(core.OptSize, 3)
	text := "# a comment\n\n1:1 3:3\n1-1-1-/1-1-1-/1-1-1- r moves 2:2\n2r1-1-/1-1-1-/1-1-1- b\n"
	book, err := arena.ReadBook(g, opts, strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	want := []arena.Opening{{Moves: []string{"1:1", "3:3"}}, {Position: "1-1-1-/1-1-1-/1-1-1- r", Moves: []string{"2:2"}}, {Position: "2r1-1-/1-1-1-/1-1-1- b"}}
	if !reflect.DeepEqual(book, want) {
		t.Fatalf("book %#v, want %#v", book, want)
	}
	for _, bad := range []string{"1:1 9:9\n", "nonsense r moves 1:1\n", "# only a comment\n"} {
		if _, err := arena.ReadBook(g, opts, strings.NewReader(bad)); err == nil {
			t.Errorf("book %q accepted", bad)
		}
	}
	if _, err := arena.ReadBook(g, opts, strings.NewReader("1:1\n1:1 1:1\n")); err == nil || !strings.Contains(err.Error(), "line 2") {
		t.Errorf("an illegal second line should name line 2: %v", err)
	}
}

// TestConcurrentMatchEqualsSequential plays the same match with one and
// with four games at once: deterministic players give the same games.
func TestConcurrentMatchEqualsSequential(t *testing.T) {
	g := cube.Game{}
	opts := core.Options{}.WithInt(core.OptSize, 4)
	book, err := arena.RandomBook(g, opts, 6, 2, 3)
	if err != nil {
		t.Fatal(err)
	}
	a := arena.AI{Game: g, Level: core.Average, Depth: 1}
	b := arena.AI{Game: g, Level: core.Beginner, Depth: 1}
	var progress atomic.Int32
	run := func(conc int) arena.Summary {
		m := arena.Match{Game: g, Options: opts, A: a, B: b, Games: 12, Book: book, Concurrency: conc, Seed: 5,
			Progress: func(int, arena.GameResult) { progress.Add(1) }}
		sum, err := m.Play(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		return sum
	}
	seq, par := run(1), run(4)
	if progress.Load() != 24 {
		t.Fatalf("progress called %d times, want 24", progress.Load())
	}
	if len(par.Games) != 12 {
		t.Fatalf("%d games", len(par.Games))
	}
	for i := range seq.Games {
		s, p := seq.Games[i], par.Games[i]
		if s.Score != p.Score || s.Plies != p.Plies || s.ASeat != p.ASeat || s.Opening != p.Opening {
			t.Fatalf("game %d: sequential %+v, concurrent %+v", i, s, p)
		}
	}
}

// TestSlotsGetTheirOwnPlayers: with NewSlot each concurrent game slot has
// its own players, and the match closes the ones it made.
func TestSlotsGetTheirOwnPlayers(t *testing.T) {
	var made, closed atomic.Int32
	newSlot := func(slot int) (arena.Player, arena.Player, error) {
		made.Add(2)
		return &owned{closed: &closed}, &owned{closed: &closed}, nil
	}
	m := arena.Match{Game: coretest.Takeaway{}, A: &owned{closed: &closed}, B: &owned{closed: &closed}, Games: 8, Concurrency: 3, NewSlot: newSlot}
	if _, err := m.Play(context.Background()); err != nil {
		t.Fatal(err)
	}
	if made.Load() != 4 || closed.Load() != 4 {
		t.Fatalf("made %d players for slots 1 and 2, closed %d", made.Load(), closed.Load())
	}
}

// owned is a player that must not be shared between games: it fails if
// two games use it at once.
type owned struct {
	busy   atomic.Bool
	closed *atomic.Int32
}

func (o *owned) Name() string   { return "owned" }
func (o *owned) NewGame() error { return nil }
func (o *owned) Move(_ context.Context, p core.Position, _ int64) (string, error) {
	if !o.busy.CompareAndSwap(false, true) {
		return "", errors.New("used by two games at once")
	}
	defer o.busy.Store(false)
	return "1", nil
}
func (o *owned) Close() error { o.closed.Add(1); return nil }

// crasher fails its first move of every game; after a restart it plays.
type crasher struct {
	restarts int
	failNext bool
}

func (c *crasher) Name() string   { return "crasher" }
func (c *crasher) NewGame() error { return nil }
func (c *crasher) Move(context.Context, core.Position, int64) (string, error) {
	if c.failNext {
		c.failNext = false
		return "", errors.New("engine exited")
	}
	return "1", nil
}
func (c *crasher) Restart() error { c.restarts++; return nil }

func TestCrashLosesAndRestarts(t *testing.T) {
	c := &crasher{failNext: true}
	m := arena.Match{Game: coretest.Takeaway{}, A: naive{}, B: c, Games: 2}
	sum, err := m.Play(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if c.restarts != 1 || sum.Forfeits != 1 || sum.Games[0].Score != 1 || !strings.Contains(sum.Games[0].Forfeit, "crasher (B) loses: ply 2: engine exited") {
		t.Fatalf("restarts %d, %+v", c.restarts, sum.Games[0])
	}
	if w := sum.Games[0].Result.Winner; w != sum.Games[0].ASeat {
		t.Fatalf("the forfeit should make A the winner, got winner %d", w)
	}
}

type unrestartable struct{ crasher }

func (u *unrestartable) Restart() error { return errors.New("no such file") }

func TestFailedRestartEndsTheMatch(t *testing.T) {
	m := arena.Match{Game: coretest.Takeaway{}, A: naive{}, B: &unrestartable{crasher{failNext: true}}, Games: 4}
	if _, err := m.Play(context.Background()); err == nil || !strings.Contains(err.Error(), "cannot restart") {
		t.Fatalf("want a restart error, got %v", err)
	}
}

func TestSPRTStopsEarly(t *testing.T) {
	// perfect beats naive from every opening: H1 (A at least 10 Elo
	// better) is accepted long before 1000 games.
	g := coretest.Takeaway{}
	book, err := arena.RandomBook(g, core.Options{}.WithInt(core.OptSize, 30), 10, 2, 1)
	if err != nil {
		t.Fatal(err)
	}
	m := arena.Match{Game: g, Options: core.Options{}.WithInt(core.OptSize, 30), A: perfect{}, B: naive{}, Games: 1000, Book: book, Concurrency: 2,
		SPRT: &arena.SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}}
	sum, err := m.Play(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if sum.Verdict != "H1" || !sum.Stopped || len(sum.Games) >= 1000 {
		t.Fatalf("verdict %q stopped %v after %d games (llr %.2f)", sum.Verdict, sum.Stopped, len(sum.Games), sum.LLR)
	}
	for _, want := range []string{"H1 accepted", "stopped early"} {
		if !strings.Contains(sum.Report("perfect", "naive"), want) {
			t.Fatalf("report lacks %q:\n%s", want, sum.Report("perfect", "naive"))
		}
	}
	if line := sum.Line(); !strings.HasPrefix(line, fmt.Sprintf("result games=%d wins=%d ", len(sum.Games), sum.Wins)) || !strings.Contains(line, " verdict=H1") {
		t.Fatalf("machine line %q", line)
	}
}

func TestCancelledMatchReturns(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	m := arena.Match{Game: cube.Game{}, Options: core.Options{}.WithInt(core.OptSize, 4), A: arena.AI{Game: cube.Game{}, Level: core.Beginner}, B: arena.AI{Game: cube.Game{}, Level: core.Beginner}, Games: 4, Concurrency: 2}
	if _, err := m.Play(ctx); !errors.Is(err, context.Canceled) {
		t.Fatalf("want context.Canceled, got %v", err)
	}
}
