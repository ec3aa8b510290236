package chinesecheckers

// The level "Classic": seed 003's rule-based AI, rule for rule, on the
// seed's own 25×17 matrix. The seed's computer sits at the top of that
// matrix (rows 0..3) and races down to rows 13..16; here each player's
// board is turned so that its home arm is at matrix row 0 (the player's
// home tip at (12, 0)), and the seed's rules run unchanged in that frame:
//
//  1. One piece left outside the target: move it one edge (a step or a
//     single hop) along a shortest path to the last empty target hole.
//  2. An "S move" (the rearmost of four pieces in an S shape hops twice,
//     four rows straight forward), scanning from the front of the board.
//  3. The left outer piece of the home base still on its hole (9,3): step
//     it to (10,4); 4. likewise the right one, (15,3) to (14,4).
//  5. The farthest hop chain forward (or sideways towards the centre
//     column), scanning pieces from the rear.
//  6. Fallback steps, pieces from the rear: forward and towards the centre
//     (or forward from the centre column), else sideways towards the
//     centre, else forward.
//
// Where the seed's code could not be followed literally we chose:
//   - pieces have no identity here, so "the left outer piece is in its
//     original place" reads "a piece of ours stands on (9,3)";
//   - the seed's shortest path walks through occupied holes (its graph
//     always has the step edges) and could move onto a piece; our path only
//     lands on empty holes, and rule 1 is skipped if no such path exists;
//   - Java's HashSet order of the fallback's candidate holes is replaced by
//     matrix order (row, then column);
//   - when no rule fires the seed does nothing (its turn hangs); we play
//     the move with the largest race gain, or pass.
//
// Every move is checked against the rules of the position (closed arms,
// goal locking), so Classic never plays an illegal move.

var (
	// seedHole[a][i][j] is the hole at seed matrix row i, column j for a
	// player seated in arm a, -1 off the board.
	seedHole [6][17][25]int8
	// seedRC[a][h] is the seed matrix (row, column) of hole h.
	seedRC [6][NumHoles][2]int8
)

func init() {
	for a := 0; a < 6; a++ {
		for i := range seedHole[a] {
			for j := range seedHole[a][i] {
				seedHole[a][i][j] = -1
			}
		}
		for h := 0; h < NumHoles; h++ {
			r := h
			for k := 0; k < (6-a)%6; k++ {
				r = int(rot60[r])
			}
			i, j := int(holeRow[r]), int(holeDX[r])
			seedHole[a][i][j] = int8(h)
			seedRC[a][h] = [2]int8{int8(i), int8(j)}
		}
	}
}

// ClassicMove is seed 003's move for the player to move of p.
func ClassicMove(p *Position) Move {
	if p.over {
		return PassMove
	}
	pl := int(p.toMove)
	a := p.seats[pl]
	cell := func(i, j int) int {
		if i < 0 || i > 16 || j < 0 || j > 24 {
			return -1
		}
		return int(seedHole[a][i][j])
	}
	own := func(i, j int) bool {
		h := cell(i, j)
		return h >= 0 && int(p.owner[h]) == pl+1
	}
	legal := func(from, to int) bool {
		return from >= 0 && to >= 0 && int(p.owner[from]) == pl+1 && p.reach(pl, from).has(to)
	}
	target := armMask[a.Opposite()]

	// 1. The last piece outside the target.
	inside := 0
	var outside int = -1
	for _, h := range p.pieces[pl] {
		if target.has(int(h)) {
			inside++
		} else {
			outside = int(h)
		}
	}
	if inside == PiecesPerPlayer-1 {
		dest := -1
		for i := 13; i < 17; i++ {
			for j := 9 + (i - 13); j < 16-(i-13); j += 2 {
				if h := cell(i, j); h >= 0 && p.owner[h] == 0 {
					dest = h
				}
			}
		}
		if dest >= 0 {
			if next := p.firstStepTowards(pl, outside, dest); next >= 0 && legal(outside, next) {
				return Move{uint8(outside), uint8(next)}
			}
		}
	}

	// 2. The S move, scanning from the front (the seed scans its matrix
	// from the last row up).
	for i := 16; i >= 0; i-- {
		for j := 24; j >= 0; j-- {
			h := cell(i, j)
			if h < 0 || int(p.owner[h]) != pl+1 {
				continue
			}
			reach := p.reach(pl, h)
			tgt := func(i, j int) bool {
				c := cell(i, j)
				return c >= 0 && reach.has(c)
			}
			if i+4 < 17 && cell(i+4, j) >= 0 && j-1 > 0 && j+1 < 25 &&
				own(i+2, j) && tgt(i+4, j) &&
				((own(i+1, j+1) && own(i+3, j+1) && tgt(i+2, j+2)) ||
					(own(i+1, j-1) && own(i+3, j-1) && tgt(i+2, j-2))) {
				return Move{uint8(h), uint8(cell(i+4, j))}
			}
		}
	}

	// 3, 4. The outer pieces' opening steps.
	if from, to := cell(3, 9), cell(4, 10); own(3, 9) && p.owner[to] == 0 && legal(from, to) {
		return Move{uint8(from), uint8(to)}
	}
	if from, to := cell(3, 15), cell(4, 14); own(3, 15) && p.owner[to] == 0 && legal(from, to) {
		return Move{uint8(from), uint8(to)}
	}

	// 5. The farthest jump.
	centreDist := func(j int) int { return abs(j - 12) }
	bestFrom, bestTo := -1, -1
	bi, bj := 0, 0
	for i := 0; i < 17; i++ {
		for j := 0; j < 25; j++ {
			h := cell(i, j)
			if h < 0 || int(p.owner[h]) != pl+1 {
				continue
			}
			jumps := p.reach(pl, h)
			for _, n := range step[h] {
				if n >= 0 {
					jumps.clr(int(n))
				}
			}
			for hh := i; hh < 17; hh++ {
				for g := 0; g < 25; g++ {
					c := cell(hh, g)
					if c < 0 || !jumps.has(c) {
						continue
					}
					advances := i < hh || (i == hh && centreDist(j) > centreDist(g))
					if !advances {
						continue
					}
					if bestFrom < 0 || bi < hh || (bi == hh && centreDist(bj) > centreDist(g)) {
						bestFrom, bestTo, bi, bj = h, c, hh, g
					}
				}
			}
		}
	}
	if bestFrom >= 0 {
		return Move{uint8(bestFrom), uint8(bestTo)}
	}

	// 6. Fallback steps, from the rearmost piece.
	for i := 0; i < 17; i++ {
		for j := 0; j < 25; j++ {
			h := cell(i, j)
			if h < 0 || int(p.owner[h]) != pl+1 {
				continue
			}
			reach := p.reach(pl, h)
			var pts [][3]int // row, column, hole in matrix order
			for ii := 0; ii < 17; ii++ {
				for jj := 0; jj < 25; jj++ {
					if c := cell(ii, jj); c >= 0 && reach.has(c) {
						pts = append(pts, [3]int{ii, jj, c})
					}
				}
			}
			for _, q := range pts {
				if q[0] > i && (centreDist(j) > centreDist(q[1]) || centreDist(j) == 0) {
					return Move{uint8(h), uint8(q[2])}
				}
			}
			for _, q := range pts {
				if q[0] == i && centreDist(j) > centreDist(q[1]) {
					return Move{uint8(h), uint8(q[2])}
				}
			}
			for _, q := range pts {
				if q[0] > i {
					return Move{uint8(h), uint8(q[2])}
				}
			}
		}
	}

	// The seed stops here; we play the best race gain rather than hang.
	moves := p.genMoves(nil)
	best := moves[0]
	for _, m := range moves[1:] {
		if p.moveGain(m) > p.moveGain(best) {
			best = m
		}
	}
	return best
}

// firstStepTowards is the first hole of a shortest path from `from` to
// `to` whose edges are single steps or single hops onto empty holes, or -1.
func (p *Position) firstStepTowards(pl, from, to int) int {
	var prev [NumHoles]int16
	for i := range prev {
		prev[i] = -1
	}
	prev[from] = int16(from)
	queue := []int{from}
	for len(queue) > 0 && prev[to] < 0 {
		c := queue[0]
		queue = queue[1:]
		for d := 0; d < 6; d++ {
			n := int(step[c][d])
			if n < 0 {
				continue
			}
			if p.owner[n] == 0 && prev[n] < 0 {
				prev[n] = int16(c)
				queue = append(queue, n)
			}
			if j := int(jump[c][d]); j >= 0 && p.owner[n] != 0 && n != from && p.owner[j] == 0 && prev[j] < 0 {
				prev[j] = int16(c)
				queue = append(queue, j)
			}
		}
	}
	if prev[to] < 0 {
		return -1
	}
	c := to
	for int(prev[c]) != from {
		c = int(prev[c])
	}
	return c
}
