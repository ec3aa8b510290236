package chinesecheckers

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// TestEvalZeroSum: the two-player evaluation is zero-sum (the search
// needs it) in every style, over random game positions.
func TestEvalZeroSum(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		p, _ := Start(2, DefaultRules())
		rng := rand.New(rand.NewPCG(rapid.Uint64().Draw(rt, "seed"), 3))
		for range rapid.IntRange(0, 120).Draw(rt, "plies") {
			if p.over {
				break
			}
			ms := p.LegalMoves()
			p.Play(ms[rng.IntN(len(ms))])
		}
		for _, st := range []style{styleBalanced, styleRacer} {
			if a, b := eval(&p, 0, st), eval(&p, 1, st); a != -b {
				rt.Fatalf("style %d: %d for player 1, %d for player 2", st, a, b)
			}
		}
	})
}

// TestEvalBringsUpTheRear: of two steps that gain the same race distance,
// the evaluation prefers the one of the piece farther behind (a piece
// left at the back finishes the race alone, one step at a time), and the
// more so the farther behind it is.
func TestEvalBringsUpTheRear(t *testing.T) {
	// Player 1's pieces spread from its home to the middle; player 2's
	// packed in its target (out of the way).
	ones := []string{"b1", "e7", "f6", "g6", "h5", "i5", "j5", "k6", "l6", "m7"}
	twos := []string{"q1", "p1", "p2", "o1", "o2", "o3", "n1", "n2", "n3", "n4"}
	p := board(t, DefaultRules(), 0, ones, twos)
	score := func(m string) int {
		q := p
		play(t, &q, m)
		return eval(&q, 0, styleRacer)
	}
	rear, front := score("b1c2"), score("l6m6")
	if gr, gf := p.moveGain(mustMove(t, "b1c2")), p.moveGain(mustMove(t, "l6m6")); gr != gf {
		t.Fatalf("the test needs equal gains: %d and %d", gr, gf)
	}
	if rear <= front {
		t.Errorf("stepping the rear piece scores %d, the front piece %d", rear, front)
	}
	// Not only the rearmost: of two pieces ahead of it, the one farther
	// behind goes first.
	if gm, gf := p.moveGain(mustMove(t, "e7f7")), p.moveGain(mustMove(t, "l6m6")); gm != gf {
		t.Fatalf("the test needs equal gains: %d and %d", gm, gf)
	}
	if mid := score("e7f7"); mid <= front {
		t.Errorf("stepping a piece in row e scores %d, the front piece in row l %d", mid, front)
	}
}

func mustMove(t *testing.T, s string) Move {
	t.Helper()
	m, err := ParseMove(s)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestEvalMultiBringsUpTheRear: with 3, 4 or 6 players too, of two moves
// of the player to move that gain the same race distance, the evaluation
// prefers the one of the piece farther from its target.
func TestEvalMultiBringsUpTheRear(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		n := rapid.SampledFrom([]int{3, 4, 6}).Draw(rt, "players")
		p, _ := Start(n, DefaultRules())
		rng := rand.New(rand.NewPCG(rapid.Uint64().Draw(rt, "seed"), 5))
		for range rapid.IntRange(0, 30*n).Draw(rt, "plies") {
			if p.over {
				return
			}
			ms := p.LegalMoves()
			p.Play(ms[rng.IntN(len(ms))])
		}
		if p.over {
			return
		}
		pov := int(p.toMove)
		t := &tipDist[p.seats[pov].Opposite()]
		scoreAfter := func(m Move) int {
			q := p
			q.Play(m)
			return evalMulti(&q, pov, styleRacer)
		}
		ms := p.LegalMoves()
		for _, a := range ms {
			for _, b := range ms {
				if a.IsPass() || b.IsPass() || t[a.From] <= t[b.From] || p.moveGain(a) != p.moveGain(b) || p.moveGain(a) <= 0 {
					continue
				}
				if ra, rb := scoreAfter(a), scoreAfter(b); ra <= rb {
					rt.Fatalf("%d players, player %d: %v (from %d holes out) scores %d, %v (from %d) %d\n%s",
						n, pov+1, a, t[a.From], ra, b, t[b.From], rb, p.String())
				}
			}
		}
	})
}

// TestCentreOffset: the centre term's table is the same from every arm
// (turned with the board), zero in the home and target arms and on the
// axis between them, and largest out in the side arms.
func TestCentreOffset(t *testing.T) {
	for a := range 6 {
		for h := range NumHoles {
			if got, want := centreOffset[(a+1)%6][rot60[h]], centreOffset[a][h]; got != want {
				t.Fatalf("arm %v hole %s: %d, but %d from arm %v at %s", Arm(a), HoleName(h), want, got, Arm((a+1)%6), HoleName(int(rot60[h])))
			}
		}
	}
	off := func(name string) int8 {
		h, err := ParseHole(name)
		if err != nil {
			t.Fatal(err)
		}
		return centreOffset[S][h]
	}
	for _, name := range []string{"a1", "d2", "i5", "n2", "q1", "e7", "m7"} {
		if o := off(name); o != 0 {
			t.Errorf("%s, on S's way to N or in those arms, has offset %d", name, o)
		}
	}
	// Row i: every hole is 8 from N's tip; the offset grows outwards.
	for k := 1; k < 5; k++ {
		in, out := off(fmt.Sprintf("i%d", k+1)), off(fmt.Sprintf("i%d", k))
		if in >= out {
			t.Errorf("i%d has offset %d, the outer i%d %d", k+1, in, k, out)
		}
	}
	if side, flank := off("e1"), off("i1"); side <= flank {
		t.Errorf("the side arm's e1 has offset %d, row i's edge %d", side, flank)
	}
}

// TestEvalPrefersTheCentre: of two places of a piece equally far from its
// target, the Balanced evaluation prefers the one on the axis from home
// to target (hop ladders run along it) to one out on the flank.
func TestEvalPrefersTheCentre(t *testing.T) {
	home := []string{"a1", "b1", "b2", "c1", "c2", "c3", "d1", "d2", "d3"}
	twos := []string{"q1", "p1", "p2", "o1", "o2", "o3", "n1", "n2", "n3", "n4"}
	score := func(lone string) int {
		p := board(t, DefaultRules(), 0, append(slices.Clone(home), lone), twos)
		return eval(&p, 0, styleBalanced)
	}
	centre, flank := score("i5"), score("i1")
	if centre <= flank {
		t.Errorf("a piece at i5 scores %d, at i1 (as far from the target) %d", centre, flank)
	}
}

// TestEvalMultiPrefersTheCentre: with three and four players too, of two
// places for a piece as far from its target, both the search's evaluation
// and the Monte-Carlo reward prefer the one on the axis to the one on the
// flank; with six (where the term measured no gain) they are alike.
func TestEvalMultiPrefersTheCentre(t *testing.T) {
	for _, tc := range []struct {
		n       int
		prefers bool
	}{{3, true}, {4, true}, {6, false}} {
		n := tc.n
		start, _ := Start(n, DefaultRules())
		withPiece := func(from, to string) Position {
			t.Helper()
			f, err := ParseHole(from)
			if err != nil {
				t.Fatal(err)
			}
			g, err := ParseHole(to)
			if err != nil {
				t.Fatal(err)
			}
			fields := strings.Fields(start.String())
			rows := strings.Split(fields[0], "/")
			at := func(h int) (int, int) { return 16 - HoleRow(h), HolePlace(h) - 1 }
			r, c := at(f)
			rows[r] = rows[r][:c] + "." + rows[r][c+1:]
			r, c = at(g)
			rows[r] = rows[r][:c] + "1" + rows[r][c+1:]
			fields[0] = strings.Join(rows, "/")
			p, err := Parse(strings.Join(fields, " "), start.rules)
			if err != nil {
				t.Fatal(err)
			}
			p.SetSearchRoot()
			return p
		}
		centre, flank := withPiece("d4", "i5"), withPiece("d4", "i1")
		for _, mover := range []int{0, 1} { // player 1 on its move, and not
			c, f := centre, flank
			c.toMove, f.toMove = uint8(mover), uint8(mover)
			ec, ef := evalMulti(&c, 0, styleBalanced), evalMulti(&f, 0, styleBalanced)
			if tc.prefers && ec <= ef || !tc.prefers && ec != ef {
				t.Errorf("%d players, player %d to move: player 1's piece at i5 scores %d, at i1 (as far from the target) %d", n, mover+1, ec, ef)
			}
		}
		var tr mctsTree
		var rc, rf [MaxPlayers]float32
		tr.reward(&centre, &rc)
		tr.reward(&flank, &rf)
		if tc.prefers && rc[0] <= rf[0] || !tc.prefers && rc[0] != rf[0] {
			t.Errorf("%d players: Monte-Carlo reward of player 1 %v with its piece at i5, %v at i1", n, rc[0], rf[0])
		}
	}
}
