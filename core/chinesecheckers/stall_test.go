package chinesecheckers

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/jumpers-game/jumpers/core"
	"pgregory.net/rapid"
)

// playAll plays moves in notation, failing the test on an illegal one.
func playAll(t *testing.T, p *Position, moves ...string) {
	t.Helper()
	for _, mv := range moves {
		play(t, p, mv)
	}
}

// shuffle is n moves of a two-player shuffle: each player steps one piece
// back and forth between two holes (a and b for player 1, c and d for
// player 2), starting with the step back.
func shuffle(n int, a, b, c, d string) []string {
	cycle := []string{b + a, d + c, a + b, c + d}
	out := make([]string, n)
	for i := range out {
		out[i] = cycle[i%4]
	}
	return out
}

// Both players step one piece forward, then step it back and forth: the
// game ends by the stall rule exactly when the second of them has stalled
// StallMoves moves, under every profile (seed ones have no move limit), as
// a draw (same distance, same stall).
func TestStallShuffleEnds(t *testing.T) {
	for _, name := range allRuleSets {
		r, _ := ParseRules(name)
		p, _ := Start(2, r)
		playAll(t, &p, "d1e5", "n4m9")
		moves := shuffle(2*StallMoves, "d1", "e5", "n4", "m9")
		playAll(t, &p, moves[:len(moves)-1]...)
		if over, _ := p.Over(); over {
			t.Fatalf("%s: over after %d plies (%s)", name, p.Ply(), p.Reason())
		}
		if p.Stalled(0) != StallMoves || p.Stalled(1) != StallMoves-1 {
			t.Fatalf("%s: stalled %d, %d", name, p.Stalled(0), p.Stalled(1))
		}
		playAll(t, &p, moves[len(moves)-1])
		over, w := p.Over()
		if !over || w != -1 || p.Ply() != 2+2*StallMoves {
			t.Fatalf("%s: over %v winner %d after %d plies (%s)", name, over, w, p.Ply(), p.Reason())
		}
		want := "stalled: no player came closer to its target in its last 20 moves; Player 1 and Player 2 have 119 holes to go each"
		if p.Reason() != want {
			t.Errorf("%s: reason %q\nwant %q", name, p.Reason(), want)
		}
		if pl := p.Places(); pl[0] != 1 || pl[1] != 1 {
			t.Errorf("%s: places %v, want a shared first place", name, pl)
		}
		// The game is over: the next move of the shuffle is refused, saying
		// why (an older save may hold it).
		_, err := GamePosition{P: p}.Play("e5d1")
		if !errors.Is(err, core.ErrGameOver) || !strings.Contains(err.Error(), "stalled: ") {
			t.Errorf("%s: a move after the end: %v", name, err)
		}
	}
}

// A move that brings a player below its best distance resets its count: the
// shuffle then ends StallMoves of that player's moves later.
func TestStallProgressResets(t *testing.T) {
	p, _ := Start(2, SeedRules())
	playAll(t, &p, "d1e5", "n4m9")
	playAll(t, &p, shuffle(20, "d1", "e5", "n4", "m9")...) // 10 stalled moves each
	if p.Stalled(0) != 10 {
		t.Fatalf("stalled %d", p.Stalled(0))
	}
	before := p.ToGo(0)
	playAll(t, &p, "d2e6") // player 1's piece on e5: a new step forward
	if p.ToGo(0) >= before || p.Stalled(0) != 0 {
		t.Fatalf("to go %d (was %d), stalled %d", p.ToGo(0), before, p.Stalled(0))
	}
	// Player 1 shuffles e6 back and forth, player 2 goes on with its own.
	plies := p.Ply()
	for !p.over {
		var mv string
		switch {
		case p.ToMove() == 0 && p.Owner(mustHole("e6")) < 0:
			mv = "d2e6"
		case p.ToMove() == 0:
			mv = "e6d2"
		case p.Owner(mustHole("m9")) == 1:
			mv = "m9n4"
		default:
			mv = "n4m9"
		}
		play(t, &p, mv)
	}
	// Player 1 stalls StallMoves more moves; player 2 has long stalled.
	if got := p.Ply() - plies; got != 2*StallMoves || p.Stalled(0) != StallMoves {
		t.Errorf("ended %d plies after the progress, stalled %d, %d (%s)", got, p.Stalled(0), p.Stalled(1), p.Reason())
	}
	if !strings.HasPrefix(p.Reason(), "stalled: ") {
		t.Errorf("reason %q", p.Reason())
	}
}

func mustHole(name string) int {
	h, _ := parseHolePrefix(name)
	return h
}

// Equal distances at the end go against the player who stalled longer:
// player 2 hops ahead at once and then only moves sideways, player 1 gets
// as far two moves later; both then move sideways.
func TestStallTieGoesAgainstLongerStaller(t *testing.T) {
	p, _ := Start(2, DefaultRules())
	playAll(t, &p, "d1e5", "o1m5", "e5e6", "m5m4", "d2e7")
	if p.ToGo(0) != p.ToGo(1) || p.Stalled(0) != 0 || p.Stalled(1) != 1 {
		t.Fatalf("to go %d, %d; stalled %d, %d", p.ToGo(0), p.ToGo(1), p.Stalled(0), p.Stalled(1))
	}
	for i := 0; !p.over; i++ {
		playAll(t, &p, [...]string{"m4m5", "e6e5", "m5m4", "e5e6"}[i%4])
	}
	over, w := p.Over()
	if !over || w != 0 || p.Stalled(1) <= p.Stalled(0) || p.ToGo(0) != p.ToGo(1) {
		t.Fatalf("over %v winner %d, stalled %d, %d, to go %d, %d", over, w, p.Stalled(0), p.Stalled(1), p.ToGo(0), p.ToGo(1))
	}
	if pl := p.Places(); pl[0] != 1 || pl[1] != 2 {
		t.Errorf("places %v", pl)
	}
	want := "stalled: no player came closer to its target in its last 20 moves; Player 1 has 118 holes to go, Player 2 has 118 and stalled longer"
	if p.Reason() != want {
		t.Errorf("reason %q\nwant %q", p.Reason(), want)
	}
	g := GamePosition{P: p}
	named := g.ReasonAs(func(i int) string { return []string{"Orange", "Sky blue"}[i] })
	if named != strings.NewReplacer("Player 1", "Orange", "Player 2", "Sky blue").Replace(want) {
		t.Errorf("named %q", named)
	}
	if r, ok := core.ReasonAs(g, Game{}.PlayerName); !ok || r != g.Result().Reason {
		t.Errorf("core.ReasonAs %q %v, Result %q", r, ok, g.Result().Reason)
	}
}

// Three players shuffling end as two do.
func TestStallThreePlayers(t *testing.T) {
	p, _ := Start(3, SeedRules())
	var hops [3][2]Move
	for pl := 0; pl < 3; pl++ {
		// Each player's first step forward, and back.
		for _, m := range p.LegalMoves() {
			q := p
			q.Play(m)
			if q.ToGo(pl) == p.ToGo(pl)-1 {
				hops[pl] = [2]Move{m, {m.To, m.From}}
				break
			}
		}
		p.Play(hops[pl][0])
	}
	for i := 0; !p.over; i++ {
		m := hops[p.ToMove()][(i/3+1)%2]
		if err := p.PlayChecked(m); err != nil {
			t.Fatalf("ply %d: %v: %v", p.Ply(), m, err)
		}
	}
	if p.Ply() != 3+3*StallMoves || !strings.HasPrefix(p.Reason(), "stalled: ") {
		t.Errorf("over after %d plies: %s", p.Ply(), p.Reason())
	}
}

// The search's hash tells positions apart that differ only in the stall
// rule's counts or bests once a stall end is near; before that it leaves
// them out, so that transpositions share the table. The board hash (the
// position text) never holds them.
func TestHashCountsStalls(t *testing.T) {
	p, _ := Start(2, DefaultRules())
	playAll(t, &p, "d1e5", "n4m9")
	// Reached by play: the same board and ply, other counts.
	a, b := p, p
	playAll(t, &a, "e5e6", "m9m8", "e6e5", "m8m9") // sideways and back: stalls
	playAll(t, &b, "d2e6", "n3m8", "e6d2", "m8n3") // forward (progress) and back
	if a.BoardHash() != b.BoardHash() || a.Ply() != b.Ply() || a.stall == b.stall || a.best == b.best {
		t.Fatal("not the same board and ply with other counts")
	}
	if a.Hash() != b.Hash() {
		t.Fatal("far from a stall end the counts must not split the search's table")
	}
	// Shuffle on until every player has stalled StallMoves-stallHorizon
	// moves: from there the counts and bests are in the hash.
	cycle := []string{"e5d1", "m9n4", "d1e5", "n4m9"}
	for i := 0; !p.stallNear(); i++ {
		h := p.Hash()
		q := p
		j := 0
		if p.stall[1] > p.stall[0] {
			j = 1
		}
		q.stall[j]++ // the player who stalled more: the least count, and so nearness, stay
		if q.Hash() != h {
			t.Fatalf("ply %d: the counts split the table before the end is near", p.Ply())
		}
		play(t, &p, cycle[i%4])
	}
	if p.Stalled(1) != StallMoves-stallHorizon || p.over {
		t.Fatalf("near after %d plies, stalled %d", p.Ply(), p.Stalled(1))
	}
	q := p
	q.stall[0]++
	if q.BoardHash() != p.BoardHash() || q.Hash() == p.Hash() {
		t.Fatal("near a stall end a count must change the search hash and only it")
	}
	q = p
	q.best[0]--
	if q.BoardHash() != p.BoardHash() || q.Hash() == p.Hash() {
		t.Fatal("near a stall end a best distance must change the search hash and only it")
	}
	// Near the move limit (its ties go against the longer staller) too.
	q, r := b, b
	q.ply, r.ply = uint16((DefaultMoveLimit-stallHorizon)*2), uint16((DefaultMoveLimit-stallHorizon)*2)
	r.stall[0]++
	if q.Hash() == r.Hash() {
		t.Fatal("near the move limit the counts must be in the search hash")
	}
}

// stallBound is the most plies a game of p's players can last under the
// stall rule: between two events (a player goes below its best, or
// finishes) at most players×StallMoves plies pass, since after that many
// every player still in has stalled StallMoves moves in a row; a player
// goes below its best at most as many times as its distance at the start,
// and finishes once.
func stallBound(p *Position) int {
	events := 1 + p.Players()
	for i := 0; i < p.Players(); i++ {
		events += p.ToGo(i)
	}
	bound := events * p.Players() * StallMoves
	if l := p.Rules().MoveLimit; l > 0 {
		bound = min(bound, l*p.Players())
	}
	return bound
}

// Random legal games under every profile end within stallBound, and Play
// never panics; a game ended by the stall rule had every player still in
// stalled StallMoves moves, and its places are a ranking.
func TestStallBoundProperty(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		n := rapid.SampledFrom([]int{2, 3, 4, 6}).Draw(rt, "players")
		r, _ := ParseRules(rapid.SampledFrom(allRuleSets).Draw(rt, "rules"))
		p, _ := Start(n, r)
		bound := stallBound(&p)
		rng := rand.New(rand.NewPCG(rapid.Uint64().Draw(rt, "seed"), 2))
		greedy := rapid.Bool().Draw(rt, "greedy") // biased to progress, or uniform
		for !p.over {
			if p.Ply() > bound {
				rt.Fatalf("%d players, %s: %d plies, past the bound %d", n, r.Name(), p.Ply(), bound)
			}
			ms := p.LegalMoves()
			m := ms[rng.IntN(len(ms))]
			if greedy {
				m = biasedMove(&p, ms, rng)
			}
			p.Play(m)
		}
		if p.reason == reasonStalled {
			for i := 0; i < n; i++ {
				if f, _ := p.Finished(i); !f && p.Stalled(i) < StallMoves {
					rt.Fatalf("ended stalled with player %d stalled %d", i+1, p.Stalled(i))
				}
			}
		}
		for i, pl := range p.Places() {
			if pl < 1 || pl > n {
				rt.Fatalf("player %d has place %d: %v", i+1, pl, p.Places())
			}
		}
		if p.Reason() == "" {
			rt.Fatal("over without a reason")
		}
	})
}
