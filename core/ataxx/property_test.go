package ataxx

import (
	"math/rand/v2"
	"slices"
	"testing"

	"pgregory.net/rapid"
)

// randomPosition plays a random game prefix from a random layout.
func randomPosition(t *rapid.T) Position {
	rules := Rules(rapid.IntRange(0, 1).Draw(t, "rules"))
	names := LayoutNames()
	layout := names[rapid.IntRange(0, len(names)-1).Draw(t, "layout")]
	p, err := ParseFEN(Layouts[layout], rules)
	if err != nil {
		t.Fatal(err)
	}
	// The game itself comes from a drawn seed: rapid's own draws favour
	// small numbers, and games of every length matter here.
	playRandom(&p, rand.New(rand.NewPCG(rapid.Uint64().Draw(t, "seed"), 7)), 160)
	return p
}

// playRandom plays up to rng.IntN(most) random moves on p.
func playRandom(p *Position, rng *rand.Rand, most int) {
	for i, n := 0, rng.IntN(most); i < n; i++ {
		ms := p.Moves(nil)
		if len(ms) == 0 {
			break
		}
		p.Play(ms[rng.IntN(len(ms))])
	}
}

// TestPropertyPlay checks every move of random positions: piece counts,
// hash, counters, legality and conversions.
func TestPropertyPlay(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := randomPosition(t)
		ms := p.Moves(nil)
		if over, _ := p.Outcome(); over != (len(ms) == 0) {
			t.Fatalf("%s: over %v with %d moves", p.FEN(), over, len(ms))
		}
		if got := p.Perft(1); got != uint64(len(ms)) {
			t.Fatalf("%s: perft(1) %d, %d moves", p.FEN(), got, len(ms))
		}
		us, them := p.ToMove(), 1-p.ToMove()
		for _, m := range ms {
			if err := p.Legal(m); err != nil {
				t.Fatalf("%s: generated %v is illegal: %v", p.FEN(), m, err)
			}
			q := p
			q.Play(m)
			caps := popcount(p.Converted(m))
			dUs, dThem := q.Count(us)-p.Count(us), q.Count(them)-p.Count(them)
			total := q.Count(us) + q.Count(them) - p.Count(us) - p.Count(them)
			switch {
			case m == Pass:
				if dUs != 0 || dThem != 0 || caps != 0 {
					t.Fatalf("%s: pass changed the pieces", p.FEN())
				}
			case m.IsClone():
				if dUs != 1+caps || dThem != -caps || total != 1 || q.HalfMoves() != 0 {
					t.Fatalf("%s %v: clone %+d %+d caps %d", p.FEN(), m, dUs, dThem, caps)
				}
			default:
				if dUs != caps || dThem != -caps || total != 0 || q.HalfMoves() != p.HalfMoves()+1 {
					t.Fatalf("%s %v: jump %+d %+d caps %d", p.FEN(), m, dUs, dThem, caps)
				}
			}
			if q.Gaps() != p.Gaps() || q.ToMove() != them {
				t.Fatalf("%s %v: gaps or side changed", p.FEN(), m)
			}
			wantFull := p.FullMoves()
			if us == White {
				wantFull++
			}
			if q.FullMoves() != wantFull {
				t.Fatalf("%s %v: full-move number %d", p.FEN(), m, q.FullMoves())
			}
			if q.key != q.computeKey() {
				t.Fatalf("%s %v: incremental hash differs from scratch", p.FEN(), m)
			}
			r, err := ParseFEN(q.FEN(), q.Rules())
			if err != nil || r != q || r.Hash() != q.Hash() {
				t.Fatalf("%s: FEN round trip %v", q.FEN(), err)
			}
			if pm, err := p.PlayMove(m); err != nil || pm != q {
				t.Fatalf("%s %v: PlayMove %v", p.FEN(), m, err)
			}
		}
	})
}

// TestPropertyIllegal checks that moves not in the list are refused and
// change nothing.
func TestPropertyIllegal(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := randomPosition(t)
		legal := map[Move]bool{}
		for _, m := range p.Moves(nil) {
			legal[m] = true
		}
		for i := 0; i < 20; i++ {
			var m Move
			switch rapid.IntRange(0, 2).Draw(t, "kind") {
			case 0:
				m = Clone(rapid.IntRange(0, Squares-1).Draw(t, "to"))
			case 1:
				m = Jump(rapid.IntRange(0, Squares-1).Draw(t, "from"), rapid.IntRange(0, Squares-1).Draw(t, "to"))
			default:
				m = Pass
			}
			before := p
			q, err := p.PlayMove(m)
			if (err == nil) != legal[m] {
				t.Fatalf("%s: %v legal %v, error %v", p.FEN(), m, legal[m], err)
			}
			if p != before {
				t.Fatal("PlayMove changed its receiver")
			}
			if err != nil && q != p {
				t.Fatal("an illegal move changed the position")
			}
		}
	})
}

// TestPropertyTargets checks the board widget's targets against the moves.
func TestPropertyTargets(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := randomPosition(t)
		var clones, jumps uint64
		for _, m := range p.Moves(nil) {
			switch {
			case m.IsClone():
				clones |= 1 << uint(m.To())
			case m.IsJump():
				_, j := p.Targets(m.From())
				if j&(1<<uint(m.To())) == 0 {
					t.Fatalf("%s: %v not among the targets of %s", p.FEN(), m, SquareName(m.From()))
				}
				jumps++
			}
		}
		var gotClones uint64
		var gotJumps uint64
		for sq := 0; sq < Squares; sq++ {
			c, j := p.Targets(sq)
			gotClones |= c
			gotJumps += uint64(popcount(j))
		}
		if gotClones != clones || gotJumps != jumps {
			t.Fatalf("%s: targets %x/%d, moves %x/%d", p.FEN(), gotClones, gotJumps, clones, jumps)
		}
	})
}

// playable, the search's check of a table move before it is played, says
// yes exactly to the legal clones and jumps of a game that goes on.
func TestPropertyPlayable(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := randomPosition(t)
		if over, _ := p.Outcome(); over {
			return
		}
		legal := map[Move]bool{}
		for _, m := range p.Moves(nil) {
			legal[m] = m != Pass
			if m != Pass && !playable(&p, m) {
				t.Fatalf("%s: legal %v is not playable", p.FEN(), m)
			}
		}
		for i := 0; i < 40; i++ {
			m := Clone(rapid.IntRange(0, Squares-1).Draw(t, "to"))
			if rapid.Bool().Draw(t, "jump") {
				m = Jump(rapid.IntRange(0, Squares-1).Draw(t, "from"), rapid.IntRange(0, Squares-1).Draw(t, "to"))
			}
			if playable(&p, m) != legal[m] {
				t.Fatalf("%s: %v playable %v, legal %v", p.FEN(), m, playable(&p, m), legal[m])
			}
		}
	})
}

// The null move passes the turn (and changes the hash) while the board is
// open, and not once it is fuller than the limit or the game is near its
// length limit.
func TestPropertyNullMove(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := randomPosition(t)
		if over, _ := p.Outcome(); over {
			return
		}
		fill := rapid.Float64Range(0, 1).Draw(t, "fill")
		q := p
		passed := nullMove(fill)(&q)
		squares := Squares - popcount(p.gaps)
		taken := popcount(p.pieces[Black] | p.pieces[White])
		nearEnd := p.half >= HalfMoveLimit-20
		if p.rules == SeedRules {
			nearEnd = p.full >= TurnLimit-10
		}
		want := !nearEnd && float64(taken) <= fill*float64(squares)
		switch {
		case passed != want:
			t.Fatalf("%s at fill %.2f: passed %v, want %v", p.FEN(), fill, passed, want)
		case !passed && q != p:
			t.Fatal("a refused null move changed the position")
		case passed && (q.ToMove() == p.ToMove() || q.Hash() == p.Hash() || q.pieces != p.pieces):
			t.Fatalf("%s: the null move did not pass the turn alone", p.FEN())
		}
	})
}

// TestWeakMovesAreTheJumpsThatConvertNothing checks the search's first
// stage: the weak moves are exactly the jumps that convert nothing, at
// every stage of the game, and Candidates generates every other move.
func TestWeakMovesAreTheJumpsThatConvertNothing(t *testing.T) {
	rng := rand.New(rand.NewPCG(52, 20))
	open, fill := 0, 0
	for game := 0; game < 200 && (open == 0 || fill == 0 || game < 20); game++ {
		p := New(Standard)
		for ply := 0; ply < 200; ply++ {
			all := p.Moves(nil)
			if len(all) == 0 {
				break
			}
			empties := popcount(p.Empty())
			var strong []Move
			for _, m := range all {
				want := m.IsJump() && neighbours[m.To()]&p.pieces[p.turn^1] == 0
				if weakMove(&p, m) != want {
					t.Fatalf("%s (%d empty): %v weak %v, want %v", p.FEN(), empties, m, !want, want)
				}
				switch {
				case !want:
					strong = append(strong, m)
				case empties > 20:
					open++
				default:
					fill++
				}
			}
			if got := p.Candidates(nil); !slices.Equal(inOrder(got), inOrder(strong)) {
				t.Fatalf("%s (%d empty): candidates %v, want the moves that are not weak %v", p.FEN(), empties, got, strong)
			}
			p.Play(all[rng.IntN(len(all))])
		}
	}
	if open == 0 || fill == 0 {
		t.Fatalf("jumps that convert nothing seen: %d on an open board, %d in the fill; want both", open, fill)
	}
}

func inOrder(moves []Move) []Move {
	out := slices.Clone(moves)
	slices.Sort(out)
	return out
}

// TestPropertyCandidates checks the search's first stage: the candidates
// are exactly the legal moves that are not weak, so that together with the
// weak ones they are every move, each once.
func TestPropertyCandidates(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := randomPosition(t)
		all := p.Moves(nil)
		cands := p.Candidates(nil)
		seen := map[Move]bool{}
		for _, m := range cands {
			if seen[m] {
				t.Fatalf("%s: candidate %v twice", p.FEN(), m)
			}
			seen[m] = true
			if weakMove(&p, m) {
				t.Fatalf("%s: candidate %v is weak", p.FEN(), m)
			}
		}
		for _, m := range all {
			if weakMove(&p, m) == seen[m] {
				t.Fatalf("%s: move %v weak %v, candidate %v", p.FEN(), m, weakMove(&p, m), seen[m])
			}
			delete(seen, m)
		}
		if len(seen) != 0 {
			t.Fatalf("%s: candidates %v are not legal moves", p.FEN(), seen)
		}
	})
}
