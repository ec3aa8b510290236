package chinesecheckers

// The exact race: the shortest way for one player to fill its target with
// every other piece standing still, proven by iterative deepening (IDA*)
// instead of found by the beam (race.go), for the few moves a puzzle asks.
// Each move changes one hole of the player's, so the pieces still outside
// the target (or, under the anti-block rule, the target holes still empty)
// are a lower bound on the moves left: the bound that makes short races
// cheap to prove.

// FinishIn looks for the shortest plan, of at most n moves, by which the
// player to move of p fills its target, everything else standing still.
// found tells whether one exists (plan is then a shortest one); complete
// is false when maxNodes (0 = no limit) stopped the search before it could
// tell.
func FinishIn(p *Position, n int, maxNodes int64) (plan []Move, found, complete bool) {
	if p.over {
		return nil, false, true
	}
	r := newRaceProblem(p, int(p.toMove))
	var mine bitboard
	for _, h := range p.pieces[p.toMove] {
		mine.set(int(h))
	}
	e := exactRace{r: &r, maxNodes: maxNodes, failed: map[bitboard]int8{}}
	for depth := e.bound(mine); depth <= n; depth++ {
		e.path = e.path[:0]
		if e.search(mine, depth) {
			return append([]Move(nil), e.path...), true, true
		}
		if e.stopped {
			return nil, false, false
		}
	}
	return nil, false, true
}

type exactRace struct {
	r        *raceProblem
	nodes    int64
	maxNodes int64
	stopped  bool
	path     []Move
	// failed holds, per state, the most moves within which it is proven
	// not to finish.
	failed map[bitboard]int8
}

// bound is a lower bound on the moves that mine needs to finish.
func (e *exactRace) bound(mine bitboard) int {
	if e.r.antiBlock {
		return e.r.target.andNot(mine.or(e.r.others)).count()
	}
	return mine.andNot(e.r.target).count()
}

func (e *exactRace) search(mine bitboard, left int) bool {
	if e.r.done(mine) {
		return true
	}
	if left <= 0 || e.bound(mine) > left {
		return false
	}
	if f, ok := e.failed[mine]; ok && int(f) >= left {
		return false
	}
	e.nodes++
	if e.maxNodes > 0 && e.nodes > e.maxNodes {
		e.stopped = true
		return false
	}
	occ := mine.or(e.r.others)
	for w := 0; w < 2; w++ {
		x := mine[w]
		for x != 0 {
			h := w*64 + trailingZeros(x)
			x &= x - 1
			dests := reachFrom(occ, h, e.r.land, e.r.target, e.r.locked)
			for dw := 0; dw < 2; dw++ {
				y := dests[dw]
				for y != 0 {
					to := dw*64 + trailingZeros(y)
					y &= y - 1
					c := mine
					c.clr(h)
					c.set(to)
					e.path = append(e.path, Move{uint8(h), uint8(to)})
					if e.search(c, left-1) {
						return true
					}
					e.path = e.path[:len(e.path)-1]
					if e.stopped {
						return false
					}
				}
			}
		}
	}
	e.failed[mine] = int8(left)
	return false
}
