package chinesecheckers

import (
	"context"
	"slices"
	"sync"
)

// The race planner: a single-agent search that carries one player's pieces
// into its target in as few moves as it can find, everything else on the
// board standing still. It serves the solitaire solver and the AI's endgame
// (once the players no longer interact, each one's race is a solitaire).
//
// It is a beam search: level by level (moves played), every state of the
// beam is expanded, states seen at an earlier level are dropped, and the
// best `width` children by a race heuristic form the next level. Wider
// beams find shorter plans; planRace widens the beam while time is left.

// raceProblem is one player's race: where its pieces may land and what
// finishes it.
type raceProblem struct {
	others    bitboard // the pieces that stand still
	land      bitboard
	target    bitboard
	locked    bool
	antiBlock bool
	dist      *[NumHoles]int8 // distance to the target tip
}

func newRaceProblem(p *Position, pl int) raceProblem {
	var mine bitboard
	for _, h := range p.pieces[pl] {
		mine.set(int(h))
	}
	t := p.seats[pl].Opposite()
	return raceProblem{
		others:    p.occ.andNot(mine),
		land:      p.landMask(pl),
		target:    armMask[t],
		locked:    p.rules.Locked,
		antiBlock: p.rules.AntiBlock,
		dist:      &tipDist[t],
	}
}

func (r *raceProblem) done(mine bitboard) bool {
	if r.antiBlock {
		return mine.or(r.others).and(r.target) == r.target && !mine.and(r.target).empty()
	}
	return mine.and(r.target) == mine
}

// score ranks beam states, lower is better: mostly the race distance (the
// sum of the pieces' distances to the target tip), plus a penalty for the
// rearmost piece, which finishes the race alone when it falls behind (the
// weights were tuned on the solitaire: they find 27 moves at width 16384).
func (r *raceProblem) score(mine bitboard) int32 {
	sum, back := 0, 0
	for w := 0; w < 2; w++ {
		x := mine[w]
		for x != 0 {
			i := trailingZeros(x)
			x &= x - 1
			d := int(r.dist[w*64+i])
			sum += d
			back = max(back, d)
		}
	}
	return int32(3*sum + 2*back)
}

type beamNode struct {
	mine   bitboard
	parent int32
	move   Move
}

// beamChild is a candidate of the next level, kept small: there are about
// width × 100 of them per level.
type beamChild struct {
	parent int32
	move   Move
	score  int32
}

// beam runs one beam search of the given width and returns the plan, or
// nil when none was found within maxDepth moves or ctx ended.
func (r *raceProblem) beam(ctx context.Context, mine bitboard, width, maxDepth int) []Move {
	if r.done(mine) {
		return []Move{}
	}
	levels := [][]beamNode{{{mine: mine, parent: -1}}}
	// seen holds the states kept in some level: a state met again later is
	// no better than when it was first kept.
	seen := map[bitboard]struct{}{mine: {}}
	var children []beamChild
	var hist, order []int32
	for depth := 1; depth <= maxDepth; depth++ {
		if ctx.Err() != nil {
			return nil
		}
		cur := levels[len(levels)-1]
		children = children[:0]
		for ni := range cur {
			nd := &cur[ni]
			occ := nd.mine.or(r.others)
			for w := 0; w < 2; w++ {
				x := nd.mine[w]
				for x != 0 {
					h := w*64 + trailingZeros(x)
					x &= x - 1
					dests := reachFrom(occ, h, r.land, r.target, r.locked)
					dests.each(func(to int) {
						c := nd.mine
						c.clr(h)
						c.set(to)
						if _, ok := seen[c]; ok {
							return
						}
						m := Move{uint8(h), uint8(to)}
						if r.done(c) {
							levels = append(levels, []beamNode{{mine: c, parent: int32(ni), move: m}})
							children = append(children, beamChild{}) // mark found
							return
						}
						children = append(children, beamChild{parent: int32(ni), move: m, score: r.score(c)})
					})
					if len(levels) > depth {
						return reconstruct(levels)
					}
				}
			}
		}
		if len(children) == 0 {
			return nil
		}
		// Keep the best `width` children: a counting pass finds the score
		// threshold (scores are small integers), then the kept ones are
		// deduplicated (two parents may make the same child).
		maxScore := int32(0)
		for i := range children {
			maxScore = max(maxScore, children[i].score)
		}
		hist = append(hist[:0], make([]int32, maxScore+1)...)
		for i := range children {
			hist[children[i].score]++
		}
		limit := int32(width + width/2)
		threshold, acc := maxScore, int32(0)
		for sc := int32(0); sc <= maxScore; sc++ {
			acc += hist[sc]
			if acc >= limit {
				threshold = sc
				break
			}
		}
		// Counting sort of the indices up to the threshold, in generation
		// order within a score (deterministic).
		offs := make([]int32, threshold+2)
		for sc := int32(0); sc <= threshold; sc++ {
			offs[sc+1] = offs[sc] + hist[sc]
		}
		order = order[:0]
		order = append(order, make([]int32, offs[threshold+1])...)
		for i := range children {
			if sc := children[i].score; sc <= threshold {
				order[offs[sc]] = int32(i)
				offs[sc]++
			}
		}
		next := make([]beamNode, 0, width)
		for _, i := range order {
			ch := &children[i]
			c := cur[ch.parent].mine
			c.clr(int(ch.move.From))
			c.set(int(ch.move.To))
			if _, ok := seen[c]; ok {
				continue
			}
			seen[c] = struct{}{}
			next = append(next, beamNode{mine: c, parent: ch.parent, move: ch.move})
			if len(next) == width {
				break
			}
		}
		levels = append(levels, next)
	}
	return nil
}

func reconstruct(levels [][]beamNode) []Move {
	var plan []Move
	idx := int32(0)
	for l := len(levels) - 1; l > 0; l-- {
		nd := levels[l][idx]
		plan = append(plan, nd.move)
		idx = nd.parent
	}
	slices.Reverse(plan)
	return plan
}

// planRace finds a short plan for the player to move of p, everything else
// standing still, widening the beam until ctx ends, the width reaches
// maxWidth, or the plan reaches stopAt moves. The first (narrow) beam always
// runs to the end, so a plan is found whenever one exists within the depth
// limit, however little time is given.
func planRace(ctx context.Context, p *Position, minWidth, maxWidth, stopAt int) []Move {
	plan, _ := planRaceFrom(ctx, p, minWidth, maxWidth, stopAt, true)
	return plan
}

// planRaceFrom is planRace; when guaranteed is false even the first beam
// stops with ctx. It also returns the widest beam that ran to its end.
func planRaceFrom(ctx context.Context, p *Position, minWidth, maxWidth, stopAt int, guaranteed bool) ([]Move, int) {
	pl := int(p.toMove)
	r := newRaceProblem(p, pl)
	var mine bitboard
	for _, h := range p.pieces[pl] {
		mine.set(int(h))
	}
	var best []Move
	widest := 0
	const maxDepth = 200
	for w := minWidth; w <= maxWidth; w *= 2 {
		c := ctx
		if best == nil && guaranteed {
			c = context.Background()
		}
		depth := maxDepth
		if !guaranteed && stopAt > 0 {
			depth = stopAt // only a plan of at most stopAt moves is wanted
		}
		if best != nil {
			depth = len(best) - 1
		}
		plan := r.beam(c, mine, w, depth)
		if c.Err() == nil {
			widest = w
		}
		if plan != nil && (best == nil || len(plan) < len(best)) {
			best = plan
		}
		if ctx.Err() != nil || (best != nil && len(best) <= stopAt) {
			break
		}
	}
	return best, widest
}

// Solve is the solitaire: player 1's ten pieces alone on the board (start
// arm S) carried into arm N under rules, in as few moves as the solver
// finds before ctx ends. It widens a beam search while time is left and
// stops early at 27 moves, the proven optimum (Bell 2009). The plan
// replays through the rules from SolitaireStart.
func Solve(ctx context.Context, rules Rules) []Move {
	p := SolitaireStart(rules)
	return planRace(ctx, &p, 64, 1<<22, 27)
}

// SolitaireStart is the solitaire's start: player 1 alone, seated in S.
func SolitaireStart(rules Rules) Position {
	p, _ := NewPosition([]Arm{S}, rules)
	return p
}

// The race cache keeps the rest of the AI's last plans, so a race already
// planned is followed move by move instead of replanned (a replan might be
// longer: the beam is not exact).
var raceCache = struct {
	sync.Mutex
	plans map[raceKey]cachedPlan
}{plans: map[raceKey]cachedPlan{}}

// cachedPlan is the rest of a plan and the widest beam already tried for
// it (a replan only tries wider ones).
type cachedPlan struct {
	moves []Move
	width int
}

// raceKey names a race by the racer's pieces, seat and rules, and by the
// widest beam its level may use (a weak level never follows a strong
// level's plan); the others' pieces are not part of it (they have left the
// race), and a cached move is checked for legality before it is played.
type raceKey struct {
	mine     bitboard
	seat     Arm
	rules    Rules
	maxWidth int
}

// raceMoveWidth plays the race of the player to move: the cached plan's
// next move if the board is where the plan left it, else a fresh plan with
// beams up to maxWidth wide while ctx lasts (kept only if shorter than the
// cached one).
func raceMoveWidth(ctx context.Context, p *Position, maxWidth int) (Move, int, bool) {
	key := raceKeyOfPlayer(p, int(p.toMove))
	key.maxWidth = maxWidth
	raceCache.Lock()
	cached, ok := raceCache.plans[key]
	raceCache.Unlock()
	if ok && (len(cached.moves) == 0 || p.Check(cached.moves[0]) != nil) {
		ok = false
	}
	var plan []Move
	width := 0
	if ok {
		// Only a wider beam than before can find a shorter plan, and it
		// must beat the cached one to be taken.
		plan, width = cached.moves, cached.width
		if 2*width <= maxWidth && len(plan) > 1 {
			better, w := planRaceFrom(ctx, p, 2*width, maxWidth, len(plan)-1, false)
			width = max(width, w)
			if better != nil && len(better) < len(plan) {
				plan = better
			}
		}
	} else {
		plan, width = planRaceFrom(ctx, p, min(32, maxWidth), maxWidth, 0, true)
	}
	if len(plan) == 0 {
		return Move{}, 0, false
	}
	// Remember the rest of the plan under the position it leads to.
	next := *p
	raceCache.Lock()
	if len(raceCache.plans) > 4096 {
		clear(raceCache.plans)
	}
	delete(raceCache.plans, key)
	if len(plan) > 1 {
		next.playSolo(plan[0])
		nextKey := raceKeyOfPlayer(&next, int(p.toMove))
		nextKey.maxWidth = maxWidth
		raceCache.plans[nextKey] = cachedPlan{plan[1:], width}
	}
	raceCache.Unlock()
	return plan[0], len(plan), true
}

// playSolo moves a piece of the player to move without passing the turn.
func (p *Position) playSolo(m Move) {
	pl := int(p.toMove)
	from, to := int(m.From), int(m.To)
	p.owner[from], p.owner[to] = 0, uint8(pl+1)
	p.occ.clr(from)
	p.occ.set(to)
	for k := range p.pieces[pl] {
		if p.pieces[pl][k] == m.From {
			p.pieces[pl][k] = m.To
			break
		}
	}
}

func raceKeyOfPlayer(p *Position, pl int) raceKey {
	var mine bitboard
	for _, h := range p.pieces[pl] {
		mine.set(int(h))
	}
	return raceKey{mine: mine, seat: p.seats[pl], rules: p.rules}
}
