package cube

import (
	"slices"
	"testing"

	"pgregory.net/rapid"
)

// Random games on random sizes: spots are conserved (N² plus one per
// move), the owner counts and the hash kept incrementally match a
// recount, only a won position holds overfull squares or has no moves, and
// the position text round-trips.
func TestPropertyRandomGames(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		n := rapid.IntRange(MinSize, MaxSize).Draw(rt, "n")
		b, _ := NewBoard(n)
		limit := rapid.IntRange(0, 4*n*(n-1)).Draw(rt, "moves")
		g := &geo[n]
		for played := 0; played < limit; played++ {
			ms := b.Moves(nil)
			if len(ms) != b.NumMoves() {
				rt.Fatalf("Moves %d, NumMoves %d", len(ms), b.NumMoves())
			}
			over, _ := b.Outcome()
			if over != (len(ms) == 0) {
				rt.Fatalf("over=%v with %d moves in %s", over, len(ms), b)
			}
			if over {
				break
			}
			m := ms[rapid.IntRange(0, len(ms)-1).Draw(rt, "move")]
			mover := b.ToMove()
			b.Play(m)
			checkInvariants(rt, &b)
			if got := b.TotalSpots(); got != n*n+played+1 {
				rt.Fatalf("%d spots after %d moves", got, played+1)
			}
			if b.ToMove() == mover {
				rt.Fatalf("the turn did not pass")
			}
			if b.Owner(m) != mover {
				rt.Fatalf("played square not the mover's")
			}
			won, w := b.Outcome()
			if won && w != mover {
				rt.Fatalf("%d won on %d's move", w, mover)
			}
			for s := 0; s < n*n; s++ {
				if !won && b.spots[s] > g.deg[s] {
					rt.Fatalf("square %d overfull in a settled position %s", s, b)
				}
			}
			if again, err := ParseBoard(b.String()); err != nil || again != b {
				rt.Fatalf("text round trip of %s: %v", b, err)
			}
		}
	})
}

// evalTactical, the one scan the quiescence search asks for, agrees with
// the evaluation and the tactical moves asked apart, for both styles.
func TestEvalTacticalAgrees(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		b := randomGame(rt, rapid.IntRange(MinSize, MaxSize).Draw(rt, "n"))
		for _, w := range []*weights{&keplerWeights, &newtonWeights} {
			v, moves := evalTactical(&b, w, nil)
			if want := evaluate(&b, w); v != want {
				rt.Fatalf("%s: evalTactical scores %d, evaluate %d", b.String(), v, want)
			}
			if want := tactical(&b, nil); !slices.Equal(moves, want) {
				rt.Fatalf("%s: evalTactical lists %v, tactical %v", b.String(), moves, want)
			}
		}
	})
}

// randomGame is an n x n board after up to 3n² random moves from the
// start (fewer if the game ends).
func randomGame(rt *rapid.T, n int) Board {
	b, _ := NewBoard(n)
	limit := rapid.IntRange(0, 3*n*n).Draw(rt, "moves")
	for i := 0; i < limit; i++ {
		ms := b.Moves(nil)
		if len(ms) == 0 {
			break
		}
		b.Play(ms[rapid.IntRange(0, len(ms)-1).Draw(rt, "move")])
	}
	return b
}
