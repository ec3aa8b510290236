package search

import (
	"context"
	"testing"

	"github.com/jumpers-game/jumpers/core"
	"pgregory.net/rapid"
)

// tour is a game without an end on a small random graph: two players
// take turns moving one shared token along the edges, so positions repeat
// all the time. Each (node, player to move) has a static score.
type tour struct {
	g      *tourGraph
	node   int8
	turn   int8
	recent [6]int16 // earlier (node, turn) keys, latest first; -1 = none
	plies  int16    // moves played since the start
}

type tourGraph struct {
	next [][]int8
	eval [][2]int // score of a node for the player to move
}

func (w *tour) key() int16           { return int16(w.node)*2 + int16(w.turn) }
func (w *tour) ToMove() int          { return int(w.turn) }
func (w *tour) Outcome() (bool, int) { return false, -1 }
func (w *tour) Moves(dst []int8) []int8 {
	return append(dst, w.g.next[w.node]...)
}

func (w *tour) Play(m int8) {
	copy(w.recent[1:], w.recent[:len(w.recent)-1])
	w.recent[0] = w.key()
	w.node, w.turn = m, 1-w.turn
	w.plies++
}

func (w *tour) repeated() bool {
	for _, k := range w.recent {
		if k == w.key() {
			return true
		}
	}
	return false
}

// Hash includes the recent positions: with it the table cannot carry a
// draw by repetition into another history. It includes the move count
// too: a cycle can bring back the same recent positions at another ply,
// and an entry searched deeper there would give a better score than the
// depth-limited brute force. So the search must match it exactly.
func (w *tour) Hash() uint64 {
	h := uint64(w.plies)<<16 | uint64(w.key())
	for _, k := range w.recent {
		h = h*131 + uint64(k+1)
	}
	return core.Mix64(h)
}

// bruteTour is depth-limited negamax; with rep, a repetition below the
// root scores as a draw.
func bruteTour(w tour, depth, ply int, rep bool) int {
	if rep && ply > 0 && w.repeated() {
		return 0
	}
	if depth == 0 {
		return w.g.eval[w.node][w.turn]
	}
	best := -Win - 1
	for _, m := range w.Moves(nil) {
		c := w
		c.Play(m)
		best = max(best, -bruteTour(c, depth-1, ply+1, rep))
	}
	return best
}

func randomTour(t *rapid.T) tour {
	n := rapid.IntRange(2, 5).Draw(t, "nodes")
	g := &tourGraph{next: make([][]int8, n), eval: make([][2]int, n)}
	for i := range n {
		k := rapid.IntRange(1, 3).Draw(t, "edges")
		for range k {
			g.next[i] = append(g.next[i], int8(rapid.IntRange(0, n-1).Draw(t, "to")))
		}
		g.eval[i] = [2]int{rapid.IntRange(-50, 50).Draw(t, "e0"), rapid.IntRange(-50, 50).Draw(t, "e1")}
	}
	w := tour{g: g}
	for i := range w.recent {
		w.recent[i] = -1
	}
	// A history before the root: the root's children may repeat it.
	for range rapid.IntRange(0, 6).Draw(t, "history") {
		w.Play(w.g.next[w.node][rapid.IntRange(0, len(w.g.next[w.node])-1).Draw(t, "move")])
	}
	return w
}

// TestRepetitionIsADraw: with Config.Repeated the search scores a
// repetition below the root as a draw, exactly as a brute force does;
// without it, the same search sees no repetition at all.
func TestRepetitionIsADraw(t *testing.T) {
	cfg := func(rep bool) Config[tour, int8] {
		c := Config[tour, int8]{Eval: func(w *tour, pov int) int {
			v := w.g.eval[w.node][w.turn]
			if pov != int(w.turn) {
				v = -v
			}
			return v
		}}
		if rep {
			c.Repeated = (*tour).repeated
		}
		return c
	}
	with, without := New[tour, int8](cfg(true), 1), New[tour, int8](cfg(false), 1)
	rapid.Check(t, func(rt *rapid.T) {
		w := randomTour(rt)
		depth := rapid.IntRange(1, 7).Draw(rt, "depth")
		res := with.Search(context.Background(), w, Limits[int8]{Depth: depth, Fresh: true})
		if want := bruteTour(w, depth, 0, true); res.Score != want {
			rt.Fatalf("depth %d: score %d, brute force %d", depth, res.Score, want)
		}
		c := w
		c.Play(res.Move)
		if got := -bruteTour(c, depth-1, 1, true); got != res.Score {
			rt.Fatalf("move %d scores %d, the search said %d", res.Move, got, res.Score)
		}
		// Without the hook a repetition is just another position.
		plain := without.Search(context.Background(), w, Limits[int8]{Depth: depth, Fresh: true})
		if want := bruteTour(w, depth, 0, false); plain.Score != want {
			rt.Fatalf("without Repeated: score %d, brute force %d", plain.Score, want)
		}
	})
}
