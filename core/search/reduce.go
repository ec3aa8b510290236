package search

// Late move reductions: how many plies shallower a late move is searched.

import "math"

// lmrMoves bounds the move numbers of the reduction table; later moves
// are reduced as the last.
const lmrMoves = 256

// lmrTable is the grown late move reduction of the i-th move (from 0) at
// each depth: ReductionBase + ln(depth)·ln(i+1)/ReductionDivisor, rounded
// down, at least one ply.
func lmrTable(pr Pruning) *[MaxPly + 1][lmrMoves]uint8 {
	if pr.ReductionDivisor <= 0 {
		return nil
	}
	t := new([MaxPly + 1][lmrMoves]uint8)
	for d := 1; d <= MaxPly; d++ {
		for i := range lmrMoves {
			r := pr.ReductionBase + math.Log(float64(d))*math.Log(float64(i+1))/pr.ReductionDivisor
			t[d][i] = uint8(min(max(1, int(r)), MaxPly))
		}
	}
	return t
}

// reduceFrom is the first move (from 0) that late move reductions reduce.
func (s *Searcher[P, M, PP]) reduceFrom() int {
	if s.cfg.Prune.ReductionFrom == 0 {
		return 4
	}
	return s.cfg.Prune.ReductionFrom
}

// lateReduction is how many plies shallower the i-th move m of a node at
// depth is searched (with a null window; a move that then beats alpha is
// searched again to full depth): a ply, or the grown reduction of the
// table, one less in PV nodes, leaving at least one ply.
func (s *Searcher[P, M, PP]) lateReduction(pos PP, m M, depth, i int, pvNode bool) int {
	if depth < 3 || !s.reducible(pos, m) {
		return 0
	}
	reduction := 1
	if s.lmrTable != nil {
		reduction = int(s.lmrTable[min(depth, MaxPly)][min(i, lmrMoves-1)])
	}
	if pvNode {
		reduction--
	}
	return max(min(reduction, depth-2), 0)
}

// reducible tells whether late move reductions and pruning may apply to m.
func (s *Searcher[P, M, PP]) reducible(pos PP, m M) bool {
	return s.cfg.ReduceAll || s.cfg.Reduce != nil && s.cfg.Reduce((*P)(pos), m)
}
