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
