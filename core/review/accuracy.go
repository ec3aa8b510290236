package review

import "math"

// Accuracy as lichess computes it (lichess.org/page/accuracy), on our
// expected scores in place of its win percentages from centipawns:
//
//   - a move's accuracy is 103.1668·e^(−0.04354·d) − 3.1669 + 1 (at most
//     100, at least 0), d the mover's loss in percentage points of
//     expected score (the loss of its verdict: 0 for the engine's own
//     move), 100 when nothing was lost;
//   - a player's accuracy is the mean of two means of its moves'
//     accuracies: the harmonic mean (a few bad moves weigh much), and the
//     mean weighted by how much the game swung around each move (the
//     standard deviation of the expected score, in points, over a window
//     of positions of a tenth of the game, 2 to 8, clamped to 0.5..12):
//     an error where the game was calm is not excused by the chaos
//     elsewhere.
//
// Forced and unscored moves count for nothing; a player without a scored
// move has accuracy 100.

// MoveAccuracy is the accuracy (0..100) of a move that lost loss (0..1)
// in expected score.
func MoveAccuracy(loss float64) float64 {
	if loss <= 0 {
		return 100
	}
	d := 100 * loss
	raw := 103.1668100711649*math.Exp(-0.04354415386753951*d) - 3.166924740191411 + 1
	return min(100, max(0, raw))
}

// moveLoss is the loss a move's accuracy is computed from, and whether
// the move counts.
func moveLoss(m MoveReview) (float64, bool) {
	switch {
	case m.Index == 0 || !m.Known || m.Class == Forced || m.Class == Unscored:
		return 0, false
	case m.Class == Best:
		return 0, true
	}
	return m.Loss, true
}

// Accuracies is each player's accuracy (0..100) over the moves reviewed
// so far, in seat order.
func (a Analysis) Accuracies() []float64 {
	n := len(a.Moves)
	window := min(max(n/10, 2), 8)
	type scored struct{ acc, weight float64 }
	per := make([][]scored, a.Players)
	for k, m := range a.Moves {
		loss, ok := moveLoss(m)
		if !ok || m.Mover < 0 || m.Mover >= a.Players {
			continue
		}
		per[m.Mover] = append(per[m.Mover], scored{MoveAccuracy(loss), a.volatility(m.Mover, k, window)})
	}
	out := make([]float64, a.Players)
	for s, ms := range per {
		if len(ms) == 0 {
			out[s] = 100
			continue
		}
		var wsum, wacc, inv float64
		for _, m := range ms {
			wsum += m.weight
			wacc += m.weight * m.acc
			inv += 1 / max(1, m.acc)
		}
		out[s] = (wacc/wsum + float64(len(ms))/inv) / 2
	}
	return out
}

// volatility is the weight of move k+1 (from position k): the standard
// deviation of seat's expected score, in points, over the window of
// positions that ends at the position after it (lichess's windows: the
// first moves share the first window).
func (a Analysis) volatility(seat, k, window int) float64 {
	end := min(max(k+2, window), len(a.Standing))
	start := max(0, end-window)
	if end-start < 2 {
		return 0.5
	}
	var sum, sq float64
	for _, st := range a.Standing[start:end] {
		v := 100 * st[seat]
		sum += v
		sq += v * v
	}
	n := float64(end - start)
	mean := sum / n
	sd := math.Sqrt(max(0, sq/n-mean*mean))
	return min(12, max(0.5, sd))
}
