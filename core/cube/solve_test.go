package cube

import (
	"context"
	"testing"

	"pgregory.net/rapid"
)

// naiveWin is the definition, searched without a table or any shortcut:
// the side to move wins within d plies.
func naiveWin(b *Board, d int) bool {
	if d <= 0 {
		return false
	}
	for _, m := range b.Moves(nil) {
		c := *b
		c.Play(m)
		if over, _ := c.Outcome(); over {
			return true
		}
		if d >= 3 && naiveLose(&c, d-1) {
			return true
		}
	}
	return false
}

// naiveLose: every move of the side to move leaves a win within d-1.
func naiveLose(b *Board, d int) bool {
	for _, m := range b.Moves(nil) {
		c := *b
		c.Play(m)
		if over, _ := c.Outcome(); over || !naiveWin(&c, d-1) {
			return false
		}
	}
	return true
}

// The prover agrees with the definition on random late positions of small
// boards, and the win it returns is a win of exactly that length.
func TestProverMatchesDefinition(t *testing.T) {
	pr := NewProver(1)
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(2, 4).Draw(t, "n")
		b, _ := NewBoard(n)
		plies := rapid.IntRange(0, 6*n*n).Draw(t, "plies")
		for i := 0; i < plies; i++ {
			ms := b.Moves(nil)
			if len(ms) == 0 {
				break
			}
			b.Play(ms[rapid.IntRange(0, len(ms)-1).Draw(t, "move")])
		}
		if over, _ := b.Outcome(); over {
			return
		}
		maxPlies := 5
		if n == 4 {
			maxPlies = 3
		}
		res := pr.Prove(context.Background(), b, maxPlies, 0)
		want := 0
		for d := 1; d <= maxPlies; d += 2 {
			if naiveWin(&b, d) {
				want = d
				break
			}
		}
		if got := map[bool]int{true: res.Plies, false: 0}[res.Won]; got != want {
			t.Fatalf("%s: prover says win in %d, the definition %d", b.String(), got, want)
		}
		if res.Won {
			c := b
			c.Play(res.Move)
			over, _ := c.Outcome()
			if res.Plies == 1 && !over || res.Plies > 1 && !naiveLose(&c, res.Plies-1) {
				t.Fatalf("%s: move %s does not win in %d", b.String(), FormatMove(n, res.Move), res.Plies)
			}
		} else if res.Searched != maxPlies {
			t.Fatalf("searched %d of %d plies", res.Searched, maxPlies)
		}
	})
}

// winsAtOnce agrees with playing the move, for every legal move, in the
// last positions of random games of every size (many full squares, long
// chain reactions, and wins at once among them).
func TestWinsAtOnceMatchesPlay(t *testing.T) {
	wins := 0
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(MinSize, 10).Draw(t, "n")
		b, _ := NewBoard(n)
		var history []Board
		for len(history) < 200*n*n {
			ms := b.Moves(nil)
			if len(ms) == 0 {
				break
			}
			history = append(history, b)
			b.Play(ms[rapid.IntRange(0, len(ms)-1).Draw(t, "move")])
		}
		if over, _ := b.Outcome(); !over {
			t.Skip("the random game did not end")
		}
		b = history[len(history)-1-rapid.IntRange(0, min(5, len(history)-1)).Draw(t, "back")]
		for _, m := range b.Moves(nil) {
			c := b
			c.Play(m)
			over, w := c.Outcome()
			want := over && w == b.ToMove()
			if want {
				wins++
			}
			if winsAtOnce(&b, m) != want {
				t.Fatalf("%s: winsAtOnce(%s) = %v, playing it: %v", b.String(), FormatMove(n, m), !want, want)
			}
		}
	})
	if wins == 0 {
		t.Fatal("no win at once was tried")
	}
}

// Taking the last neutral square wins without any chain reaction; random
// games seldom end that way.
func TestWinsAtOnceByTheLastSquare(t *testing.T) {
	for _, tc := range []struct {
		pos  string
		want bool
	}{
		{"1r1r/1r1- r", true},
		{"1r1-/1r1- r", false},
		{"1b1b/1-1b b", true},
	} {
		b := mustParse(t, tc.pos)
		for _, m := range b.Moves(nil) {
			if b.Owner(m) == b.ToMove() {
				continue
			}
			if got := winsAtOnce(&b, m); got != tc.want {
				t.Errorf("%s: winsAtOnce(%s) = %v", tc.pos, FormatMove(2, m), got)
			}
		}
	}
}

// The solver takes nothing of the budget before half the squares are
// full, and its share from there.
func TestProofShareGrowsWithFullSquares(t *testing.T) {
	for _, tc := range []struct {
		pos  string
		want float64
	}{
		{"1-1-1-/1-1-1-/1-1-1- r", 0},          // none full
		{"2r3r2b/3b1-1-/1-1-1- r", 0},          // 4 of 9
		{"2r3r2b/3b1-1-/2r1-1- r", proofShare}, // 5 of 9
		{"2r3r2b/3b4r3b/2b3r2r r", proofShare}, // all
		{"2r2r/1-1- b", proofShare},            // 2 of 4, a half
	} {
		b := mustParse(t, tc.pos)
		if got := proofShareAt(&b); got != tc.want {
			t.Errorf("%s: share %v, want %v", tc.pos, got, tc.want)
		}
	}
}
