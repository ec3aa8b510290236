package review

import (
	"math"
	"testing"

	"pgregory.net/rapid"

	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/ataxx"
	cc "github.com/jumpers-game/jumpers/core/chinesecheckers"
	"github.com/jumpers-game/jumpers/core/cube"
)

func TestClassifyThresholds(t *testing.T) {
	for _, tc := range []struct {
		loss         float64
		played, best string
		want         Class
	}{
		{0.5, "a", "a", Best},
		{0.5, "a", "", Best},
		{0.049, "a", "b", Good},
		{InaccuracyLoss, "a", "b", Inaccuracy},
		{MistakeLoss, "a", "b", Mistake},
		{0.149, "a", "b", Mistake},
		{BlunderLoss, "a", "b", Blunder},
		{1, "a", "b", Blunder},
	} {
		if got := Classify(tc.loss, tc.played, tc.best); got != tc.want {
			t.Errorf("Classify(%v, %s, %s) = %v, want %v", tc.loss, tc.played, tc.best, got, tc.want)
		}
	}
	// The contract's words, in order.
	var words []string
	for c := Unscored; c <= Blunder; c++ {
		words = append(words, c.String())
	}
	if got := fmtList(words); got != "unscored forced best good inaccuracy mistake blunder" {
		t.Fatalf("verdict words %q", got)
	}
	if Inaccuracy.Marked() || !Mistake.Marked() || !Blunder.Marked() || Forced.Marked() {
		t.Fatal("marked verdicts")
	}
}

func fmtList(ws []string) string {
	s := ""
	for i, w := range ws {
		if i > 0 {
			s += " "
		}
		s += w
	}
	return s
}

func start(t *testing.T, g core.Game, opts core.Options) core.Position {
	t.Helper()
	p, err := g.Start(opts.With(core.OptRules, g.RuleSets()[0]))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// A cube's scale is its size's, or the nearest size fitted; Chinese
// Checkers' its player count's; a game the table does not know the
// default.
func TestScaleByGameAndSize(t *testing.T) {
	for size := cube.MinSize; size <= cube.MaxSize; size++ {
		pos := start(t, cube.Game{}, core.Options{}.WithInt(core.OptSize, size))
		s := Scale(pos)
		if want := perSide["cube"] * float64(size); s != want {
			t.Errorf("cube %d: scale %v, fitted %v", size, s, want)
		}
		if s == DefaultScale {
			t.Errorf("cube %d: the default scale", size)
		}
	}
	// Every player count has a fit of its own: a lead of ten holes
	// decides less among six players than between two.
	for _, n := range []int{2, 3, 4, 6} {
		pos := start(t, cc.Game{}, core.Options{}.WithInt(core.OptPlayers, n))
		want, ok := fittedScales[scaleKey{"chinesecheckers", n}]
		if !ok {
			t.Errorf("chinese checkers %d players: no scale fitted", n)
		}
		if Scale(pos) != want {
			t.Errorf("chinese checkers %d players: scale %v, fitted %v", n, Scale(pos), want)
		}
	}
	if pos := start(t, ataxx.Game{}, core.Options{}); Scale(pos) != fittedScales[scaleKey{"ataxx", 0}] {
		t.Errorf("ataxx: scale %v", Scale(pos))
	}
	pos := start(t, cube.Game{}, core.Options{}.WithInt(core.OptSize, 6))
	if e, ok := Expected(pos, core.SearchInfo{Score: 0, Nodes: 5}); !ok || e != 0.5 {
		t.Fatalf("even: %v %v", e, ok)
	}
	if e, ok := Expected(pos, core.SearchInfo{Score: int(Scale(pos)), Nodes: 5}); !ok || math.Abs(e-1/(1+math.Exp(-1))) > 1e-12 {
		t.Fatalf("one scale: %v", e)
	}
	if e, _ := Expected(pos, core.SearchInfo{Mate: -3, Nodes: 5}); e != 0 {
		t.Fatalf("lost: %v", e)
	}
	if _, ok := Expected(pos, core.SearchInfo{Score: 50}); ok {
		t.Fatal("a score without a search counted")
	}
}

// A move's accuracy is 100 for nothing lost, falls as the loss grows,
// and stays within 0..100 (lichess's curve: about 81 at 5 points, 52 at
// 15, 0 from about 80).
func TestMoveAccuracy(t *testing.T) {
	if MoveAccuracy(0) != 100 || MoveAccuracy(-0.1) != 100 || MoveAccuracy(1) != 0 {
		t.Fatalf("ends: %v %v", MoveAccuracy(0), MoveAccuracy(1))
	}
	for _, tc := range []struct{ loss, want float64 }{{0.05, 80.8}, {0.15, 51.5}, {0.30, 25.8}} {
		if got := MoveAccuracy(tc.loss); math.Abs(got-tc.want) > 0.1 {
			t.Errorf("MoveAccuracy(%v) = %.2f, want %.1f", tc.loss, got, tc.want)
		}
	}
	rapid.Check(t, func(t *rapid.T) {
		a := rapid.Float64Range(0, 1).Draw(t, "a")
		b := rapid.Float64Range(0, 1).Draw(t, "b")
		if a > b {
			a, b = b, a
		}
		x, y := MoveAccuracy(a), MoveAccuracy(b)
		if x < y || x < 0 || x > 100 || y < 0 || y > 100 {
			t.Fatalf("MoveAccuracy(%v) = %v, MoveAccuracy(%v) = %v", a, x, b, y)
		}
	})
}

// analysisOf is a two-player review whose moves lost losses in turn
// (seat 0 first); the standings follow the losses.
func analysisOf(losses []float64) Analysis {
	a := Analysis{Players: 2}
	v := 0.5
	a.Standing = append(a.Standing, []float64{v, 1 - v})
	for k, l := range losses {
		mover := k % 2
		c := Best
		if l > 0 {
			c = Classify(l, "a", "b")
		}
		before := a.Standing[k][mover]
		after := max(0, before-l)
		st := []float64{after, 1 - after}
		if mover == 1 {
			st = []float64{1 - after, after}
		}
		a.Standing = append(a.Standing, st)
		a.Moves = append(a.Moves, MoveReview{Index: k + 1, Mover: mover, Known: true, Class: c, Before: before, After: after, Loss: l})
	}
	return a
}

// A player who lost nothing is 100 accurate; one blunder among good
// moves costs more than its share (the harmonic mean); forced and
// unscored moves count for nothing.
func TestAccuracies(t *testing.T) {
	clean := analysisOf(make([]float64, 20))
	if acc := clean.Accuracies(); acc[0] != 100 || acc[1] != 100 {
		t.Fatalf("clean game: %v", acc)
	}
	losses := make([]float64, 20)
	losses[4] = 0.3 // seat 0's third move
	a := analysisOf(losses)
	acc := a.Accuracies()
	if acc[1] != 100 || acc[0] >= 100-(100-MoveAccuracy(0.3))/10 || acc[0] <= MoveAccuracy(0.3) {
		t.Fatalf("one blunder in ten moves: %v (the move alone %.1f)", acc, MoveAccuracy(0.3))
	}
	a.Moves[4].Class, a.Moves[4].Known = Forced, true
	if acc := a.Accuracies(); acc[0] != 100 {
		t.Fatalf("a forced move counted: %v", acc)
	}
	a.Moves[4].Class, a.Moves[4].Known = Unscored, false
	if acc := a.Accuracies(); acc[0] != 100 {
		t.Fatalf("an unscored move counted: %v", acc)
	}
	if acc := (Analysis{Players: 3}).Accuracies(); len(acc) != 3 || acc[2] != 100 {
		t.Fatalf("no moves: %v", acc)
	}
	rapid.Check(t, func(t *rapid.T) {
		ls := rapid.SliceOfN(rapid.Float64Range(0, 0.5), 1, 80).Draw(t, "losses")
		acc := analysisOf(ls).Accuracies()
		for s, v := range acc {
			if v < 0 || v > 100 || math.IsNaN(v) {
				t.Fatalf("seat %d: %v", s, v)
			}
		}
	})
}

// Where the game never swings every move weighs alike (the weight's
// floor), so a player's accuracy is the mean of the plain mean and the
// harmonic mean of its moves' accuracies, lichess's blend.
func TestAccuracyBlendsTheMeans(t *testing.T) {
	losses := []float64{0, 0.3, 0.02, 0.01, 0.08, 0, 0.5, 0}
	a := Analysis{Players: 2}
	for range len(losses) + 1 {
		a.Standing = append(a.Standing, []float64{0.5, 0.5})
	}
	var sum, inv float64
	n := 0
	for k, l := range losses {
		a.Moves = append(a.Moves, MoveReview{Index: k + 1, Mover: k % 2, Known: true, Class: Good, Loss: l, Best: "b", Played: "a"})
		if k%2 == 0 {
			acc := MoveAccuracy(l)
			sum += acc
			inv += 1 / max(1, acc)
			n++
		}
	}
	want := (sum/float64(n) + float64(n)/inv) / 2
	if got := a.Accuracies()[0]; math.Abs(got-want) > 1e-9 {
		t.Fatalf("accuracy %.4f, want %.4f (mean %.4f, harmonic %.4f)", got, want, sum/float64(n), float64(n)/inv)
	}
}

// placedPos is a position of n players, some of them placed.
type placedPos struct {
	core.Position
	places []int
}

func (p placedPos) Game() string        { return "chinesecheckers" }
func (p placedPos) Players() int        { return len(p.places) }
func (p placedPos) ToMove() int         { return len(p.places) - 1 }
func (p placedPos) Result() core.Result { return core.Result{Winner: core.NoPlayer, Places: p.places} }

// With more than two players the search scores the race for the next
// place: once k of n have finished, the side to move's expected score
// is at most the next place's, (n−k−1)/(n−1), the score ResultStanding
// gives that place at the end.
func TestExpectedIsAShareOfTheNextPlace(t *testing.T) {
	for _, tc := range []struct {
		places []int
		open   float64
	}{
		{[]int{0, 0, 0, 0}, 1},
		{[]int{1, 0, 0, 0}, 2.0 / 3},
		{[]int{2, 1, 0, 0}, 1.0 / 3},
		{[]int{0, 1, 0, 0, 0, 0}, 4.0 / 5},
	} {
		pos := placedPos{places: tc.places}
		if got := OpenShare(pos); math.Abs(got-tc.open) > 1e-12 {
			t.Errorf("%v: open share %v, want %v", tc.places, got, tc.open)
		}
		if e, ok := Expected(pos, core.SearchInfo{Mate: 3, Nodes: 5}); !ok || math.Abs(e-tc.open) > 1e-12 {
			t.Errorf("%v: a sure next place is %v, want %v", tc.places, e, tc.open)
		}
		if e, _ := Expected(pos, core.SearchInfo{Score: 0, Nodes: 5}); math.Abs(e-tc.open/2) > 1e-12 {
			t.Errorf("%v: an even race for the next place is %v, want %v", tc.places, e, tc.open/2)
		}
		// The next place won is what the end scores it.
		n := len(tc.places)
		placed := 0
		for _, p := range tc.places {
			if p > 0 {
				placed++
			}
		}
		end := make([]int, n)
		copy(end, tc.places)
		end[n-1] = placed + 1
		if got := ResultStanding(core.Result{Over: true, Places: end}, n)[n-1]; math.Abs(got-tc.open) > 1e-12 {
			t.Errorf("%v: the next place scores %v at the end, the open share is %v", tc.places, got, tc.open)
		}
	}
	two := start(t, cc.Game{}, core.Options{}.WithInt(core.OptPlayers, 2))
	if OpenShare(two) != 1 {
		t.Fatal("two players: the open share is not 1")
	}
}
