package ataxx

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/search"

	"pgregory.net/rapid"
)

// bruteForce is the reference the solver is checked against: plain
// minimax over every legal move (Moves, passes included) to the end of the
// game, scored from Outcome alone, with a memo on the whole position
// (board, side, counters). It gives up (false) after budget positions.
type bruteForce struct {
	memo   map[Position]int
	budget int
}

func (b *bruteForce) value(p Position) (int, bool) {
	if v, ok := b.memo[p]; ok {
		return v, true
	}
	if len(b.memo) >= b.budget {
		return 0, false
	}
	var v int
	if over, margin := bruteMargin(p); over {
		v = margin
	} else {
		v = -MaxMargin - 1
		for _, m := range p.Moves(nil) {
			q := p
			q.Play(m)
			c, ok := b.value(q)
			if !ok {
				return 0, false
			}
			v = max(v, -c)
		}
	}
	b.memo[p] = v
	return v, true
}

// smallBoard draws a position on a few playable squares (the rest gaps):
// size squares, empties of them empty, the others black or white at
// random (either side may have none: a wiped-out side ends the game). With
// noJumps no two playable squares are a jump apart under the rules, so
// the game is clones and passes only and the brute force reaches the end
// whatever the counters; otherwise the squares grow as one cluster. The
// board comes from a drawn seed: rapid's own draws favour small numbers,
// and big boards matter here.
func smallBoard(t *rapid.T, rules Rules, minSize, maxSize, maxEmpties int, noJumps bool) Position {
	rng := rand.New(rand.NewPCG(rapid.Uint64().Draw(t, "seed"), 52))
	size := minSize + rng.IntN(maxSize-minSize+1)
	var playable uint64
	for _, sq := range rng.Perm(Squares) {
		if popcount(playable) == size {
			break
		}
		b := uint64(1) << uint(sq)
		if noJumps {
			fits := true
			for x := playable; x != 0; x &= x - 1 {
				fits = fits && jumpMasks[rules][lowest(x)]&b == 0
			}
			if !fits {
				continue
			}
		}
		playable |= b
		if !noJumps {
			// Grow a cluster: the next squares come from its border.
			for popcount(playable) < size {
				border := SquaresOf(dilate(playable) &^ playable)
				playable |= 1 << uint(border[rng.IntN(len(border))])
			}
			break
		}
	}
	var black, white uint64
	sqs := SquaresOf(playable)
	rng.Shuffle(len(sqs), func(i, j int) { sqs[i], sqs[j] = sqs[j], sqs[i] })
	empties := min(1+rng.IntN(maxEmpties), len(sqs))
	for _, sq := range sqs[empties:] {
		if rng.IntN(2) == 0 {
			black |= 1 << uint(sq)
		} else {
			white |= 1 << uint(sq)
		}
	}
	return PositionOf(black, white, allMask&^playable, rng.IntN(2), rules)
}

// checkSolve compares the solver's value and move on p with the brute
// force, with the full window and a drawn one. It skips positions the
// brute force cannot finish within its budget.
func checkSolve(t *rapid.T, e *Endgame, p Position) bool {
	bf := &bruteForce{memo: map[Position]int{}, budget: 200_000}
	want, ok := bf.value(p)
	if !ok {
		return false
	}
	got, best, ok := e.SolveExact(&p)
	if !ok {
		t.Fatalf("%s: the solve without limits gave up", p.FEN())
	}
	if got != want {
		t.Fatalf("%s (half %d, full %d): solver %d, brute force %d", p.FEN(), p.half, p.full, got, want)
	}
	if over, _ := p.Outcome(); over {
		if best != NoMove {
			t.Fatalf("%s: game over, but best move %v", p.FEN(), best)
		}
	} else {
		if err := p.Legal(best); err != nil {
			t.Fatalf("%s: best move %v: %v", p.FEN(), best, err)
		}
		q := p
		q.Play(best)
		if c, _ := bf.value(q); -c != want {
			t.Fatalf("%s: best move %v reaches %d, not %d", p.FEN(), best, -c, want)
		}
	}
	// A window: the value inside it is exact, outside it a bound on the
	// right side (fail-soft).
	alpha := rapid.IntRange(-MaxMargin-1, MaxMargin).Draw(t, "alpha")
	beta := rapid.IntRange(alpha+1, MaxMargin+1).Draw(t, "beta")
	if rapid.Bool().Draw(t, "fresh") {
		e.Clear()
	}
	v, _, _ := e.Solve(&p, alpha, beta)
	switch {
	case want <= alpha && (v > alpha || v < want):
		t.Fatalf("%s: window (%d, %d): %d, want an upper bound in [%d, %d]", p.FEN(), alpha, beta, v, want, alpha)
	case want >= beta && (v < beta || v > want):
		t.Fatalf("%s: window (%d, %d): %d, want a lower bound in [%d, %d]", p.FEN(), alpha, beta, v, beta, want)
	case want > alpha && want < beta && v != want:
		t.Fatalf("%s: window (%d, %d): %d, want %d", p.FEN(), alpha, beta, v, want)
	}
	return true
}

// TestEndgameClonesAndPasses checks the solver against the brute force on
// boards where no jump exists: every game fills what it can reach by
// clones, with passes where a side cannot reach an empty square, wiped-out
// sides, and counters anywhere (the standard rules' half-move draw, which
// passes bring on, and the seed rules' last turns).
func TestEndgameClonesAndPasses(t *testing.T) {
	e := NewEndgame()
	rapid.Check(t, func(t *rapid.T) {
		rules := Rules(rapid.IntRange(0, 1).Draw(t, "rules"))
		p := smallBoard(t, rules, 2, 24, 8, true)
		if rules == Standard {
			p.half = uint32(rapid.IntRange(0, HalfMoveLimit-1).Draw(t, "half"))
		} else {
			p.full = uint32(rapid.IntRange(1, TurnLimit).Draw(t, "full"))
		}
		checkSolve(t, e, p)
	})
}

// TestEndgameJumps checks the solver against the brute force on small
// clusters of squares where jumps are everywhere, near the end of the
// game-length counter (the brute force's tree is finite only there):
// under the seed rules within the last turns, under the standard rules
// within the last half-moves of the clock.
func TestEndgameJumps(t *testing.T) {
	e := NewEndgame()
	checked := 0
	rapid.Check(t, func(t *rapid.T) {
		rules := Rules(rapid.IntRange(0, 1).Draw(t, "rules"))
		var p Position
		if rules == SeedRules {
			p = smallBoard(t, rules, 3, 14, 8, false)
			p.full = uint32(rapid.IntRange(TurnLimit-3, TurnLimit).Draw(t, "full"))
		} else {
			// A clone resets the clock, so the jumps after it are bounded
			// by nothing but the clock's full 100 plies: few empty squares
			// on few squares, or the brute force gives up.
			p = smallBoard(t, rules, 3, 9, 3, false)
			p.half = uint32(rapid.IntRange(HalfMoveLimit-8, HalfMoveLimit-1).Draw(t, "half"))
		}
		if checkSolve(t, e, p) {
			checked++
		}
	})
	if checked == 0 {
		t.Fatal("the brute force finished no position")
	}
	t.Logf("%d positions checked", checked)
}

// TestEndgameFound checks positions on which the property tests caught
// deliberately broken solvers (the half-move draw scored by pieces, a
// side without a move scored as if the game were over, a lower bound kept
// as exact), so that every run checks them.
func TestEndgameFound(t *testing.T) {
	cases := []struct {
		fen   string
		rules Rules
	}{
		{"o2----/--xox--/-xxo---/-------/-------/-------/------- o 98 1", Standard},
		{"-------/-------/-------/-------/x------/o------/2ooo-- x 98 1", Standard},
		{"x1---oo/o1---1x/-------/-------/-x1--o1/-x1--1o/------- o 0 1", Standard},
		{"-------/x------/1o--oo-/-------/-------/-2--1o/-2--2 x 0 1", Standard},
		{"-------/-1-----/x1-----/-x-----/1-1----/1x1----/ox1---- o 0 97", SeedRules},
	}
	e := NewEndgame()
	for _, c := range cases {
		p, err := ParseFEN(c.fen, c.rules)
		if err != nil {
			t.Fatal(err)
		}
		bf := &bruteForce{memo: map[Position]int{}, budget: 1 << 20}
		want, ok := bf.value(p)
		if !ok {
			t.Fatalf("%s: the brute force gave up", c.fen)
		}
		for _, w := range [][2]int{{-MaxMargin - 1, MaxMargin + 1}, {-1, 1}, {want - 1, want}, {want, want + 1}} {
			got, _, ok := e.Solve(&p, w[0], w[1])
			exact := want > w[0] && want < w[1]
			if !ok || exact && got != want || want <= w[0] && (got > w[0] || got < want) || want >= w[1] && (got < w[1] || got > want) {
				t.Errorf("%s window (%d, %d): %d, want %d", c.fen, w[0], w[1], got, want)
			}
		}
	}
}

// fillForce is the brute force of the fill (Endgame.Fill): the moves of
// Moves less the jumps to a square a clone of the side reaches, the jumps
// that convert nothing, and every jump once a line has played jumps of
// them; all moves when that leaves none.
type fillForce struct {
	memo   map[fillState]int
	budget int
}

type fillState struct {
	p     Position
	jumps int
}

func (b *fillForce) value(p Position, jumps int) (int, bool) {
	st := fillState{p, jumps}
	if v, ok := b.memo[st]; ok {
		return v, true
	}
	if len(b.memo) >= b.budget {
		return 0, false
	}
	var v int
	if over, margin := bruteMargin(p); over {
		v = margin
	} else {
		all := p.Moves(nil)
		cloned := map[int]bool{}
		for _, m := range all {
			if m.IsClone() {
				cloned[m.To()] = true
			}
		}
		var moves []Move
		for _, m := range all {
			if m.IsClone() || m.IsJump() && jumps != 0 && !cloned[m.To()] && p.Converted(m) != 0 {
				moves = append(moves, m)
			}
		}
		if len(moves) == 0 {
			moves = all
		}
		v = -MaxMargin - 1
		for _, m := range moves {
			q := p
			q.Play(m)
			left := jumps
			if m.IsJump() {
				left--
			}
			c, ok := b.value(q, left)
			if !ok {
				return 0, false
			}
			v = max(v, -c)
		}
	}
	b.memo[st] = v
	return v, true
}

// TestEndgameFill checks the fill solve against its brute force on small
// clusters of squares with jumps everywhere, counters anywhere and up to
// two jumps a line.
func TestEndgameFill(t *testing.T) {
	e := NewEndgame()
	e.Fill = true
	checked := 0
	rapid.Check(t, func(t *rapid.T) {
		rules := Rules(rapid.IntRange(0, 1).Draw(t, "rules"))
		p := smallBoard(t, rules, 3, 16, 7, false)
		if rules == Standard {
			p.half = uint32(rapid.IntRange(0, HalfMoveLimit-1).Draw(t, "half"))
		} else {
			p.full = uint32(rapid.IntRange(1, TurnLimit).Draw(t, "full"))
		}
		e.Jumps = rapid.IntRange(0, 2).Draw(t, "jumps")
		bf := &fillForce{memo: map[fillState]int{}, budget: 200_000}
		want, ok := bf.value(p, e.Jumps)
		if !ok {
			return
		}
		checked++
		got, best, ok := e.SolveExact(&p)
		if !ok || got != want {
			t.Fatalf("%s (half %d, full %d, %d jumps): solver %d (%v), brute force %d", p.FEN(), p.half, p.full, e.Jumps, got, ok, want)
		}
		if over, _ := p.Outcome(); !over {
			q := p
			q.Play(best)
			left := e.Jumps
			if best.IsJump() {
				left--
			}
			if c, _ := bf.value(q, left); -c != want {
				t.Fatalf("%s: best move %v reaches %d, not %d", p.FEN(), best, -c, want)
			}
		}
		alpha := rapid.IntRange(-3, 2).Draw(t, "alpha")
		if v, _, _ := e.Solve(&p, alpha, alpha+1); (v > alpha) != (want > alpha) {
			t.Fatalf("%s: null window (%d, %d): %d, value %d", p.FEN(), alpha, alpha+1, v, want)
		}
	})
	if checked == 0 {
		t.Fatal("the brute force finished no position")
	}
}

// TestSearchSolves checks the search's use of the solver: on positions
// of engine games with one or two empty squares, the search's score is
// the best exact value of the root's moves, as a solved score.
func TestSearchSolves(t *testing.T) {
	e := NewEndgame()
	e.SetLimits(100_000, nil)
	// No cap on a solve short of the solver's own: a failed one would
	// leave the node to the search.
	tuning, err := search.ParseTuning("exact-nodes=1000000,exact-limit=2")
	if err != nil {
		t.Fatal(err)
	}
	ctx := search.WithTuning(context.Background(), tuning)
	generate, least := reachPositions, 5
	if testing.Short() {
		// Fewer engine games: the race run plays them ten times slower.
		generate = func() map[int][]Position { return engineGamePositions(3) }
		least = 2
	}
	byEmpties := generate()
	n := 0
	for empties := 1; empties <= 2; empties++ {
	positions:
		for _, p := range byEmpties[empties] {
			// The search's score of each move: a game it ends is a win
			// (loss) in one ply, the others the solver's value.
			want := -search.Win
			for _, m := range p.Moves(nil) {
				q := p
				q.Play(m)
				if over, winner := q.Outcome(); over {
					switch winner {
					case p.ToMove():
						want = max(want, search.Win-1)
					case -1:
						want = max(want, 0)
					default:
						want = max(want, -search.Win+1)
					}
					continue
				}
				// From an empty table and far within the search's cap,
				// so that the search's own solve finishes too.
				e.Clear()
				v, _, ok := e.SolveExact(&q)
				if !ok {
					continue positions // beyond the solver's reach
				}
				want = max(want, -SolvedScore(v))
			}
			_, res, err := BestMove(ctx, p, core.AIRequest{Nodes: 50_000_000, Depth: 12})
			if err != nil {
				t.Fatal(err)
			}
			if res.Info.Score != want {
				t.Errorf("%s: search score %d, want %d", p.FEN(), res.Info.Score, want)
			}
			n++
		}
	}
	if n < least {
		t.Fatalf("%d positions solved", n)
	}
}

// bruteMargin is the brute forces' own scoring of a finished game, for
// the side to move: 0 for a draw, else the piece difference signed by
// who won (written apart from the solver's, which it checks).
func bruteMargin(p Position) (over bool, margin int) {
	over, winner := p.Outcome()
	if !over {
		return false, 0
	}
	diff := p.Count(Black) - p.Count(White)
	switch {
	case winner < 0:
		return true, 0
	case winner == p.ToMove():
		return true, max(diff, -diff)
	}
	return true, -max(diff, -diff)
}
