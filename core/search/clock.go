package search

import "time"

// The clock of a search: when the next iteration may start, when the time
// is up, and when a settled best move lets a timed search stop early.

// settling remembers the last three iterations' moves and scores.
type settling[M comparable] struct {
	depth [3]int
	move  [3]M
	score [3]int
}

// add records an iteration and tells whether the search has settled: the
// same move three iterations in a row, and a score within swing of the
// one two iterations back.
func (st *settling[M]) add(depth int, move M, score, swing int) bool {
	st.depth = [3]int{st.depth[1], st.depth[2], depth}
	st.move = [3]M{st.move[1], st.move[2], move}
	st.score = [3]int{st.score[1], st.score[2], score}
	return st.depth[0] > 0 && st.depth[0]+2 == depth &&
		st.move[0] == move && st.move[1] == move && abs(score-st.score[0]) <= swing
}

// instability counts the changes of the best move over the last two
// iterations: a search whose answer keeps changing has not found it yet.
type instability[M comparable] struct {
	last    M
	started bool
	changed [2]bool
}

// add records an iteration's best move and returns how many of the last
// two iterations changed it.
func (u *instability[M]) add(move M) int {
	u.changed = [2]bool{u.changed[1], u.started && move != u.last}
	u.last, u.started = move, true
	n := 0
	for _, c := range u.changed {
		if c {
			n++
		}
	}
	return n
}

// target is the soft time target after changes of the best move in the
// last two iterations: half of Soft more for each, up to Stretch.
func (l Limits[M]) target(changes int) time.Duration {
	if l.Stretch <= l.Soft {
		return l.Soft
	}
	return min(l.Soft+time.Duration(changes)*l.Soft/2, l.Stretch)
}

// nextIteration predicts how long the next iteration takes from the last
// two: it grows by their ratio, at least 1.5 and at most 4 times (a
// conservative guess: an iteration that might finish is started).
func nextIteration(last, prev time.Duration) time.Duration {
	growth := 2.0
	if prev > 100*time.Microsecond {
		growth = min(max(float64(last)/float64(prev), 1.5), 4)
	}
	return time.Duration(float64(last) * growth)
}

func (s *Searcher[P, M, PP]) timeUp() bool {
	return s.stopNow() || s.clockUp()
}

// stopNow is checked at every node: a Stop or the node limit ends the
// search at that very node, so node-limited searches are exact.
func (s *Searcher[P, M, PP]) stopNow() bool {
	return s.stop.Load() || s.maxNodes > 0 && s.nodes >= s.maxNodes
}

// clockUp reads the clock, which costs more: the search asks every 256
// nodes (on a 15×15 cube board a node costs up to 3 µs), and not before
// the first iteration is complete, so a deadline never leaves a move that
// was not searched at all.
func (s *Searcher[P, M, PP]) clockUp() bool {
	if !s.deadline.IsZero() && !time.Now().Before(s.deadline) {
		return true
	}
	return s.ctx.Err() != nil
}
