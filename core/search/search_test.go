package search

import (
	"context"
	"github.com/jumpers-game/jumpers/core"
	"testing"
	"time"

	"pgregory.net/rapid"
)

// ttt is tic-tac-toe: small enough to solve exactly by brute force, so the
// search's scores can be checked move for move.
type ttt struct {
	cell [9]int8 // 0 empty, 1 X, 2 O
	turn int8    // 0 X, 1 O
}

var lines = [8][3]int{{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6}, {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}}

func (t *ttt) ToMove() int { return int(t.turn) }

func (t *ttt) winner() int {
	for _, l := range lines {
		if c := t.cell[l[0]]; c != 0 && c == t.cell[l[1]] && c == t.cell[l[2]] {
			return int(c - 1)
		}
	}
	return -1
}

func (t *ttt) full() bool {
	for _, c := range t.cell {
		if c == 0 {
			return false
		}
	}
	return true
}

func (t *ttt) Outcome() (bool, int) {
	if w := t.winner(); w >= 0 {
		return true, w
	}
	return t.full(), -1
}

func (t *ttt) Moves(dst []int) []int {
	if over, _ := t.Outcome(); over {
		return dst
	}
	for i, c := range t.cell {
		if c == 0 {
			dst = append(dst, i)
		}
	}
	return dst
}

func (t *ttt) Play(m int) {
	t.cell[m] = t.turn + 1
	t.turn ^= 1
}

func (t *ttt) Hash() uint64 {
	h := uint64(t.turn) + 1
	for i, c := range t.cell {
		h = h*3 + uint64(c)
		_ = i
	}
	return core.Mix64(h)
}

// brute is plain negamax with the same mate-distance scoring.
func brute(t ttt, ply int) int {
	if over, w := t.Outcome(); over {
		switch {
		case w < 0:
			return 0
		case w == t.ToMove():
			return Win - ply
		default:
			return -Win + ply
		}
	}
	best := -Win - 1
	for _, m := range t.Moves(nil) {
		c := t
		c.Play(m)
		best = max(best, -brute(c, ply+1))
	}
	return best
}

func tttConfig() Config[ttt, int] {
	return Config[ttt, int]{
		Eval:     func(*ttt, int) int { return 0 },
		MoveKey:  func(m int) int { return m },
		MoveKeys: 9,
	}
}

func randomTTT(t *rapid.T) ttt {
	var g ttt
	n := rapid.IntRange(0, 6).Draw(t, "plies")
	for i := 0; i < n; i++ {
		moves := g.Moves(nil)
		if len(moves) == 0 {
			break
		}
		g.Play(moves[rapid.IntRange(0, len(moves)-1).Draw(t, "move")])
	}
	return g
}

func TestSearchMatchesBruteForce(t *testing.T) {
	s := New[ttt, int](tttConfig(), 1)
	rapid.Check(t, func(rt *rapid.T) {
		g := randomTTT(rt)
		want := brute(g, 0)
		res := s.Search(context.Background(), g, Limits[int]{Depth: 9, Seed: rapid.Int64().Draw(rt, "seed")})
		if len(g.Moves(nil)) == 0 {
			if res.OK {
				rt.Fatalf("a finished game has no move, got %v", res.Move)
			}
			return
		}
		if res.Score != want {
			rt.Fatalf("score %d, brute force %d (position %v)", res.Score, want, g)
		}
		// The chosen move must achieve the score.
		c := g
		c.Play(res.Move)
		if got := -brute(c, 1); got != want {
			rt.Fatalf("move %d scores %d, best is %d", res.Move, got, want)
		}
	})
}

func TestStartIsADraw(t *testing.T) {
	s := New[ttt, int](tttConfig(), 1)
	res := s.Search(context.Background(), ttt{}, Limits[int]{Depth: 9})
	if res.Score != 0 || res.Depth != 9 {
		t.Fatalf("tic-tac-toe is a draw: got score %d at depth %d", res.Score, res.Depth)
	}
}

func TestPrefersFastestWin(t *testing.T) {
	// X to move can win at once on 2 (row 0,1,2) or later.
	g := ttt{cell: [9]int8{1, 1, 0, 2, 2, 0, 0, 0, 0}}
	s := New[ttt, int](tttConfig(), 1)
	res := s.Search(context.Background(), g, Limits[int]{Depth: 9})
	if res.Move != 2 || MateIn(res.Score) != 1 {
		t.Fatalf("want the win in one on 2, got move %d score %d (mate %d)", res.Move, res.Score, MateIn(res.Score))
	}
}

func TestSeedReproducible(t *testing.T) {
	s1 := New[ttt, int](tttConfig(), 1)
	s2 := New[ttt, int](tttConfig(), 1)
	for seed := int64(0); seed < 20; seed++ {
		a := s1.Search(context.Background(), ttt{}, Limits[int]{Depth: 2, Seed: seed, Noise: 5})
		b := s2.Search(context.Background(), ttt{}, Limits[int]{Depth: 2, Seed: seed, Noise: 5})
		if a.Move != b.Move {
			t.Fatalf("seed %d: moves %d and %d differ", seed, a.Move, b.Move)
		}
	}
}

func TestSeedsVaryTieBreaks(t *testing.T) {
	seen := map[int]bool{}
	for seed := int64(0); seed < 40; seed++ {
		s := New[ttt, int](tttConfig(), 1)
		// At depth 1 every opening move scores 0: the seed picks.
		seen[s.Search(context.Background(), ttt{}, Limits[int]{Depth: 1, Seed: seed}).Move] = true
	}
	if len(seen) < 3 {
		t.Fatalf("40 seeds chose only %d distinct equal moves", len(seen))
	}
}

func TestInfoPerIteration(t *testing.T) {
	s := New[ttt, int](tttConfig(), 1)
	var depths []int
	s.Search(context.Background(), ttt{}, Limits[int]{Depth: 5, Info: func(i Info[int]) {
		depths = append(depths, i.Depth)
		if len(i.PV) == 0 {
			t.Errorf("depth %d: empty principal variation", i.Depth)
		}
	}})
	if len(depths) != 5 || depths[0] != 1 || depths[4] != 5 {
		t.Fatalf("iterations %v, want 1..5", depths)
	}
}

// endless is a game that never ends, so only the clock stops the search.
type endless struct {
	n    uint64
	turn int
}

func (e *endless) ToMove() int               { return e.turn }
func (e *endless) Moves(dst []uint8) []uint8 { return append(dst, 0, 1, 2) }
func (e *endless) Play(m uint8)              { e.n = e.n*3 + uint64(m) + 1; e.turn ^= 1 }
func (e *endless) Hash() uint64              { return core.Mix64(e.n*2 + uint64(e.turn)) }
func (e *endless) Outcome() (bool, int)      { return false, -1 }

func endlessConfig() Config[endless, uint8] {
	return Config[endless, uint8]{Eval: func(e *endless, pov int) int {
		v := int(core.Mix64(e.n)%200) - 100
		if pov != e.turn {
			v = -v
		}
		return v
	}}
}

func TestDeadlineStopsSearch(t *testing.T) {
	s := New[endless, uint8](endlessConfig(), 4)
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	start := time.Now()
	res := s.Search(ctx, endless{}, Limits[uint8]{})
	if !res.OK || res.Depth < 1 {
		t.Fatalf("no move after the deadline: %+v", res)
	}
	if el := time.Since(start); el > 2*time.Second {
		t.Fatalf("deadline of 50ms overrun: %v", el)
	}
}

func TestStopReturnsBestSoFar(t *testing.T) {
	s := New[endless, uint8](endlessConfig(), 4)
	done := make(chan Result[uint8])
	go func() { done <- s.Search(context.Background(), endless{}, Limits[uint8]{}) }()
	time.Sleep(30 * time.Millisecond)
	s.Stop()
	select {
	case res := <-done:
		if !res.OK {
			t.Fatal("stopped search gave no move")
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Stop did not stop the search")
	}
}

func TestNodeLimit(t *testing.T) {
	s := New[endless, uint8](endlessConfig(), 4)
	res := s.Search(context.Background(), endless{}, Limits[uint8]{Nodes: 5000})
	if res.Nodes > 5000+2048 {
		t.Fatalf("node limit 5000, searched %d", res.Nodes)
	}
}

// race3 is a three-player take-away game: players take 1 to 3 counters in
// turn, whoever takes the last wins. It checks the paranoid search against
// a brute-force paranoid minimax.
type race3 struct {
	left int
	turn int
	won  int // -1 while going on
}

func (r *race3) ToMove() int { return r.turn }
func (r *race3) Moves(dst []int) []int {
	if r.won >= 0 {
		return dst
	}
	for k := 1; k <= 3 && k <= r.left; k++ {
		dst = append(dst, k)
	}
	return dst
}
func (r *race3) Play(k int) {
	r.left -= k
	if r.left == 0 {
		r.won = r.turn
	}
	r.turn = (r.turn + 1) % 3
}
func (r *race3) Hash() uint64         { return core.Mix64(uint64(r.left*16+r.turn*4) + uint64(r.won+1)) }
func (r *race3) Outcome() (bool, int) { return r.won >= 0, r.won }

func paranoidBrute(r race3, root, ply int) int {
	if r.won >= 0 {
		if r.won == root {
			return Win - ply
		}
		return -Win + ply
	}
	best := -Win - 1
	if r.turn != root {
		best = Win + 1
	}
	for _, m := range r.Moves(nil) {
		c := r
		c.Play(m)
		v := paranoidBrute(c, root, ply+1)
		if r.turn == root {
			best = max(best, v)
		} else {
			best = min(best, v)
		}
	}
	return best
}

func TestParanoidMatchesBruteForce(t *testing.T) {
	cfg := Config[race3, int]{Players: 3, Eval: func(*race3, int) int { return 0 }}
	for left := 1; left <= 14; left++ {
		for turn := 0; turn < 3; turn++ {
			r := race3{left: left, turn: turn, won: -1}
			s := New[race3, int](cfg, 1)
			res := s.Search(context.Background(), r, Limits[int]{Depth: 20})
			if want := paranoidBrute(r, turn, 0); res.Score != want {
				t.Fatalf("left %d turn %d: score %d, brute force %d", left, turn, res.Score, want)
			}
		}
	}
}

func BenchmarkTicTacToeFull(b *testing.B) {
	s := New[ttt, int](tttConfig(), 1)
	for i := 0; i < b.N; i++ {
		s.Clear()
		s.Search(context.Background(), ttt{}, Limits[int]{Depth: 9})
	}
}
