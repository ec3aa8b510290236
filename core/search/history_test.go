package search

import (
	"context"
	"testing"

	"pgregory.net/rapid"
)

// Whatever cutoffs teach it, a gravity history entry stays within
// ±gravityLimit, a bonus never lowers it and a malus never raises it.
func TestGravityHistoryStaysInBounds(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		s := New[ttt, int](Config[ttt, int]{Eval: func(*ttt, int) int { return 0 }, MoveKey: func(m int) int { return m }, MoveKeys: 9,
			Prune: Pruning{HistoryGravity: true}}, 1)
		if len(s.history) != 18 {
			rt.Fatalf("%d history entries, want 9 moves for each of 2 sides", len(s.history))
		}
		steps := rapid.SliceOfN(rapid.IntRange(-12, 12), 1, 200).Draw(rt, "depths")
		for _, d := range steps {
			before := s.history[3]
			step := gravityStep(max(d, -d))
			if d < 0 {
				step = -step
			}
			s.pullHistory(3, step)
			after := s.history[3]
			switch {
			case after > gravityLimit || after < -gravityLimit:
				rt.Fatalf("entry %d beyond ±%d", after, gravityLimit)
			case step > 0 && after < before, step < 0 && after > before:
				rt.Fatalf("step %d moved %d to %d", step, before, after)
			}
		}
	})
	// Cutoffs at depth 9 in a row bring an entry near the limit and keep
	// it below, and as many failures bring it near the other.
	s := New[ttt, int](Config[ttt, int]{Eval: func(*ttt, int) int { return 0 }, MoveKey: func(m int) int { return m }, MoveKeys: 9,
		Prune: Pruning{HistoryGravity: true}}, 1)
	for _, sign := range []int32{1, -1} {
		for range 40 {
			s.pullHistory(0, sign*gravityStep(9))
			if h := s.history[0]; h > gravityLimit || h < -gravityLimit {
				t.Fatalf("entry %d beyond ±%d", h, gravityLimit)
			}
		}
		if h := sign * s.history[0]; h < gravityLimit*9/10 {
			t.Errorf("40 steps of %d left the entry at %d", sign*gravityStep(9), s.history[0])
		}
	}
	if gravityStep(2) != 600 || gravityStep(9) != 1500 {
		t.Errorf("steps %d at depth 2, %d at depth 9; want 600 and 1500", gravityStep(2), gravityStep(9))
	}
}

// The gravity history's entries are per side: a cutoff for one side does
// not order the other side's moves.
func TestGravityHistoryIsPerSide(t *testing.T) {
	s := New[ttt, int](Config[ttt, int]{Eval: func(*ttt, int) int { return 0 }, MoveKey: func(m int) int { return m }, MoveKeys: 9,
		Prune: Pruning{HistoryGravity: true, NoKillers: true}}, 1)
	s.stack[0] = ttt{}        // X to move
	s.stack[1] = ttt{turn: 1} // O to move
	s.rememberCutoff(0, 4, 3) // X's 4 cut at depth 3
	moves := []int{2, 4, 6}
	s.orderMoves(&s.stack[1], 1, moves, 0, 0, false)
	if sc := s.scores[1][:3]; sc[0] != 0 || sc[1] != 0 || sc[2] != 0 {
		t.Errorf("O's moves scored %v after X's cutoff, want nothing", sc)
	}
	s.orderMoves(&s.stack[0], 0, moves, 0, 0, false)
	if sc := s.scores[0][:3]; sc[1] != 900 || sc[0] != 0 {
		t.Errorf("X's moves scored %v, want 900 for 4 alone (and no killer)", sc)
	}
	s.lowerHistory(0, 3, []int{4})
	if h := s.history[s.historyKey(0, 4)]; h >= 900 {
		t.Errorf("a malus left the entry at %d", h)
	}
}

// A history of a whole step's worth reduces a ply less; a bad one a ply
// more; without the setting nothing changes.
func TestHistoryReduction(t *testing.T) {
	s := New[ttt, int](Config[ttt, int]{Eval: func(*ttt, int) int { return 0 }, MoveKey: func(m int) int { return m }, MoveKeys: 9,
		Prune: Pruning{HistoryGravity: true, HistoryReduction: 12288}}, 1)
	for _, tc := range []struct {
		h    int32
		want int
	}{{0, 0}, {6000, 0}, {6144, 1}, {16384, 1}, {-6000, 0}, {-6144, -1}, {-16384, -1}} {
		s.history[5] = tc.h
		if got := s.historyReduction(0, 5); got != tc.want {
			t.Errorf("history %d: %d plies less, want %d", tc.h, got, tc.want)
		}
	}
	s.cfg.Prune.HistoryReduction = 0
	if got := s.historyReduction(0, 5); got != 0 {
		t.Errorf("without HistoryReduction %d plies less", got)
	}
}

// A search of the same game starts from an eighth of the history, or
// from all of it with HistoryKeep; a new game's search from none.
func TestHistoryBetweenSearches(t *testing.T) {
	for _, keep := range []bool{false, true} {
		s := New[ttt, int](Config[ttt, int]{Eval: func(*ttt, int) int { return 0 }, MoveKey: func(m int) int { return m }, MoveKeys: 9,
			Prune: Pruning{HistoryGravity: true, HistoryKeep: keep}}, 1)
		s.history[3], s.history[12] = 8000, -4000
		s.begin(context.Background(), ttt{}, Limits[int]{Depth: 1})
		want := [2]int32{1000, -500}
		if keep {
			want = [2]int32{8000, -4000}
		}
		if got := [2]int32{s.history[3], s.history[12]}; got != want {
			t.Errorf("HistoryKeep %v: the next search starts from %v, want %v", keep, got, want)
		}
		s.begin(context.Background(), ttt{}, Limits[int]{Depth: 1, Fresh: true})
		if s.history[3] != 0 || s.history[12] != 0 {
			t.Errorf("HistoryKeep %v: a new game starts from %d and %d, want none", keep, s.history[3], s.history[12])
		}
	}
}

// The order the gravity history gives (and no killers) changes which
// moves are searched first, never the value of a full-width search.
func TestGravityHistorySearchMatchesBruteForce(t *testing.T) {
	cfg := tttConfig()
	cfg.Prune = Pruning{HistoryGravity: true, NoKillers: true}
	s := New[ttt, int](cfg, 1)
	rapid.Check(t, func(rt *rapid.T) {
		g := randomTTT(rt)
		if len(g.Moves(nil)) == 0 {
			return
		}
		res := s.Search(context.Background(), g, Limits[int]{Depth: 9, Seed: rapid.Int64().Draw(rt, "seed")})
		if want := brute(g, 0); res.Score != want {
			rt.Fatalf("score %d, brute force %d (position %v)", res.Score, want, g)
		}
	})
}

// Windows that grow by another factor and start at another depth keep a
// fixed-depth search's value. Shrinking the depth after a fail high mixes
// depths (the table keeps the deeper bounds), so there the search must
// still complete every iteration with a leaf's score.
func TestAspirationSettingsKeepTheValue(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		root := walk{b: rapid.IntRange(2, 4).Draw(rt, "branching"), salt: rapid.Uint64().Draw(rt, "salt")}
		depth := rapid.IntRange(4, 6).Draw(rt, "depth")
		pr := Pruning{AspirationFrom: rapid.IntRange(1, 5).Draw(rt, "from"), AspirationGrowth: rapid.Float64Range(1.1, 3).Draw(rt, "growth")}
		pr.AspirationShrink = rapid.Bool().Draw(rt, "shrink")
		cfg := Config[walk, int]{Eval: walkEval, Aspiration: rapid.IntRange(1, 400).Draw(rt, "window"), Prune: pr}
		var depths []int
		res := New[walk, int](cfg, 1).Search(context.Background(), root, Limits[int]{Depth: depth, Info: func(i Info[int]) { depths = append(depths, i.Depth) }})
		if len(depths) != depth || res.Depth != depth {
			rt.Fatalf("iterations %v, result at depth %d; want 1 to %d", depths, res.Depth, depth)
		}
		if pr.AspirationShrink {
			if res.Score < -1000 || res.Score > 1000 {
				rt.Fatalf("score %d is no leaf's", res.Score)
			}
			return
		}
		if want := walkMinimax(root, depth); res.Score != want {
			rt.Fatalf("aspiration search scores %d, minimax %d", res.Score, want)
		}
	})
}
