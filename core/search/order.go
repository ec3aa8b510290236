package search

// Move ordering: the ordering scale, scoring moves, picking them best
// first, and what cutoffs teach (killers, history).

import "slices"

// Move ordering works on one scale, so that what a game's Order says and
// what the search learns are weighed on purpose, not by accident:
//
//	the TT move                    OrderTT, always first
//	a game's Order score           clamped to [-OrderMax, OrderMax]
//	plus the first killer          OrderKiller1
//	or the second killer           OrderKiller2
//	plus the history score         in [0, OrderHistory]
//
// A game puts its scores on this scale to say where they stand: Ataxx's
// material gain of g pieces scores g<<16, so a gain of 16 or more comes
// before a killer; Jumping Cube and Chinese Checkers score in the
// thousands, so their orders break ties among moves the search has not
// learnt anything about.
const (
	OrderTT      = 1 << 30
	OrderMax     = 1 << 22
	OrderKiller1 = 1 << 20
	OrderKiller2 = 1 << 19
	OrderHistory = 1 << 20
	// historyCap bounds the raw history counters; they enter the order
	// divided by historyShift, so at most OrderHistory.
	historyCap   = OrderHistory << historyShift
	historyShift = 4
	// The gravity history (Pruning.HistoryGravity): Zataxx's figures.
	gravityLimit = 16384
	gravityBonus = 300
)

// sortRoot puts best first and orders the rest by score (stable insertion
// sort: root move lists are short).
func sortRoot[M comparable](moves []M, scores []int, best int) {
	moves[0], moves[best] = moves[best], moves[0]
	scores[0], scores[best] = scores[best], scores[0]
	for i := 2; i < len(moves); i++ {
		for j := i; j > 1 && scores[j] > scores[j-1]; j-- {
			moves[j], moves[j-1] = moves[j-1], moves[j]
			scores[j], scores[j-1] = scores[j-1], scores[j]
		}
	}
}

// orderMoves scores moves for ordering: TT move, then the game's static
// order plus killers and history. It does not sort them: nextMove picks
// them best first as the search goes, because most nodes are cut off after
// the first move or two and sorting all of them would be wasted.
func (s *Searcher[P, M, PP]) orderMoves(pos PP, ply int, moves []M, from int, ttMove M, hasTT bool) {
	n := len(moves)
	if cap(s.scores[ply]) < n {
		s.scores[ply] = append(make([]int32, 0, n*2), s.scores[ply][:from]...)
	}
	sc := s.scores[ply][:n]
	clear(sc[from:])
	if s.cfg.Order != nil {
		s.cfg.Order((*P)(pos), moves[from:], sc[from:])
	}
	for i := from; i < n; i++ {
		m := moves[i]
		if hasTT && m == ttMove {
			sc[i] = OrderTT
			continue
		}
		sc[i] = min(max(sc[i], -OrderMax), OrderMax)
		switch {
		case s.cfg.Prune.NoKillers:
		case s.hasKill[ply][0] && m == s.killers[ply][0]:
			sc[i] += OrderKiller1
		case s.hasKill[ply][1] && m == s.killers[ply][1]:
			sc[i] += OrderKiller2
		}
		switch {
		case s.history == nil:
		case s.cfg.Prune.HistoryGravity:
			sc[i] += s.history[s.historyKey(ply, m)]
		default:
			sc[i] += s.history[s.cfg.MoveKey(m)] >> historyShift
		}
	}
}

// lazyPicks is how many moves nextMove selects one by one before it sorts
// the rest in one go: a node that was not cut off by then will likely
// search them all.
const lazyPicks = 4

// nextMove brings the best of moves[i:] (by the scores of orderMoves) to
// position i. Ties keep the generation order. When the node will likely
// search few moves (with every move reducible, none past lateMoves unless
// all so far lose), picking them one by one costs less than sorting the
// rest; the order is the same either way.
func (s *Searcher[P, M, PP]) nextMove(ply int, moves []M, i, lateMoves int) {
	sc := s.scores[ply][:len(moves)]
	inOrder := len(moves)
	if s.cfg.ReduceAll {
		inOrder = min(inOrder, lateMoves)
	}
	if i < lazyPicks || inOrder <= 2*lazyPicks {
		best := i
		for j := i + 1; j < len(moves); j++ {
			if sc[j] > sc[best] {
				best = j
			}
		}
		if best != i {
			// Shift rather than swap, so equal moves stay in order.
			m, v := moves[best], sc[best]
			copy(moves[i+1:best+1], moves[i:best])
			copy(sc[i+1:best+1], sc[i:best])
			moves[i], sc[i] = m, v
		}
		return
	}
	if i == lazyPicks {
		s.sortRest(ply, moves, i)
	}
}

// addWeakMoves appends to moves, the candidates of a staged node that were
// all searched, the node's weak moves (less the table's move, already in
// moves when ttFirst), scored and in order from the first of them on.
func (s *Searcher[P, M, PP]) addWeakMoves(pos PP, ply int, moves []M, ttMove M, ttFirst bool) []M {
	from := len(moves)
	all := pos.Moves(moves)
	moves = all[:from]
	for _, m := range all[from:] {
		if s.cfg.Weak((*P)(pos), m) && !(ttFirst && m == ttMove) {
			moves = append(moves, m)
		}
	}
	s.moveBuf[ply] = moves
	s.orderMoves(pos, ply, moves, from, ttMove, false)
	// Up to lazyPicks nextMove picks them itself.
	if from > lazyPicks {
		s.sortRest(ply, moves, from)
	}
	return moves
}

// sortRest sorts moves[i:] by the scores of orderMoves, then by position.
func (s *Searcher[P, M, PP]) sortRest(ply int, moves []M, i int) {
	sc := s.scores[ply][:len(moves)]
	rest := len(moves) - i
	if cap(s.sortKeys) < rest {
		s.sortKeys = make([]uint64, rest, rest*2)
		s.sortMoves = make([]M, rest, rest*2)
	}
	keys, tmp := s.sortKeys[:rest], s.sortMoves[:rest]
	for j := range keys {
		// Higher scores first: invert the biased score.
		keys[j] = uint64(^(uint32(sc[i+j])^0x80000000))<<32 | uint64(j)
	}
	slices.Sort(keys)
	copy(tmp, moves[i:])
	for j, k := range keys {
		idx := int(uint32(k))
		moves[i+j] = tmp[idx]
		// The score goes with its move: a later pick reads them.
		sc[i+j] = int32(^uint32(k>>32) ^ 0x80000000)
	}
}

func (s *Searcher[P, M, PP]) rememberCutoff(ply int, m M, depth int) {
	if !(s.hasKill[ply][0] && s.killers[ply][0] == m) {
		s.killers[ply][1], s.hasKill[ply][1] = s.killers[ply][0], s.hasKill[ply][0]
		s.killers[ply][0], s.hasKill[ply][0] = m, true
	}
	switch {
	case s.history == nil:
	case s.cfg.Prune.HistoryGravity:
		s.pullHistory(s.historyKey(ply, m), gravityStep(depth))
	default:
		k := s.cfg.MoveKey(m)
		s.history[k] = min(s.history[k]+int32(depth*depth), historyCap)
	}
}

// lowerHistory lowers the history of the moves tried before a cutoff at
// ply (Pruning.HistoryMalus, HistoryGravity).
func (s *Searcher[P, M, PP]) lowerHistory(ply, depth int, tried []M) {
	if s.history == nil {
		return
	}
	for _, t := range tried {
		if s.cfg.Prune.HistoryGravity {
			s.pullHistory(s.historyKey(ply, t), -gravityStep(depth))
			continue
		}
		k := s.cfg.MoveKey(t)
		s.history[k] = max(s.history[k]-int32(depth*depth), -historyCap)
	}
}

// historyKey is the gravity history's entry for m at ply: one table per
// side to move, for what is good for one side is not for the other.
func (s *Searcher[P, M, PP]) historyKey(ply int, m M) int {
	return s.cfg.MoveKey(m) + PP(&s.stack[ply]).ToMove()*s.cfg.MoveKeys
}

// gravityStep is a cutoff's change to the gravity history at depth.
func gravityStep(depth int) int32 { return int32(min(depth, 5) * gravityBonus) }

// pullHistory moves the gravity history entry k by step (either sign):
// the nearer the entry already is to the limit on that side, the less,
// so it never passes ±gravityLimit.
func (s *Searcher[P, M, PP]) pullHistory(k int, step int32) {
	h := s.history[k]
	if step < 0 {
		h = -h
	}
	s.history[k] += step - step*h/gravityLimit
}

// historyReduction is how many plies less than the table says a late
// move m at ply is reduced for its gravity history (negative: more).
func (s *Searcher[P, M, PP]) historyReduction(ply int, m M) int {
	per := s.cfg.Prune.HistoryReduction
	if per <= 0 || s.history == nil || !s.cfg.Prune.HistoryGravity {
		return 0
	}
	h := int(s.history[s.historyKey(ply, m)])
	if h >= 0 {
		return (2*h + per) / (2 * per)
	}
	return -((-2*h + per) / (2 * per))
}
