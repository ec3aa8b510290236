package search

// Leaf scores: terminal positions, the evaluation with its noise and
// its cache, and the quiescence search's stand-pat.

import "github.com/jumpers-game/jumpers/core"

// evalEntry is one evaluation: the position's key and its score.
type evalEntry struct {
	key   uint64
	score int32
}

// terminal scores a finished game from the side to move's point of view.
func (s *Searcher[P, M, PP]) terminal(pos PP, winner, ply int) int {
	if winner < 0 {
		return 0
	}
	if s.team(winner) == s.team(pos.ToMove()) {
		return Win - ply
	}
	return -Win + ply
}

// evaluate is the static score from the side to move's point of view.
func (s *Searcher[P, M, PP]) evaluate(pos PP) int {
	var v int
	if s.players <= 2 {
		v = s.cachedEval(pos, pos.ToMove())
	} else {
		v = s.cachedEval(pos, s.root)
		if s.team(pos.ToMove()) != s.rootTeam {
			v = -v
		}
	}
	return v + s.noiseAt(pos)
}

// standPat is a two-player quiescence node's static score, as evaluate
// gives it, and with Config.EvalTactical its tactical moves too when the
// score had to be computed (listed tells).
func (s *Searcher[P, M, PP]) standPat(pos PP, ply int) (score int, moves []M, listed bool) {
	if s.cfg.EvalTactical == nil {
		return s.evaluate(pos), nil, false
	}
	pov := pos.ToMove()
	e, key := s.evalSlot(pos, pov)
	if e != nil && e.key == key {
		return int(e.score) + s.noiseAt(pos), nil, false
	}
	v, moves := s.cfg.EvalTactical((*P)(pos), pov, s.moveBuf[ply][:0])
	s.moveBuf[ply] = moves
	if e != nil {
		e.key, e.score = key, int32(v)
	}
	return v + s.noiseAt(pos), moves, true
}

// noiseAt is the noise added to the static score of pos: a pure function
// of position and seed, from the root team's point of view, so
// transpositions agree.
func (s *Searcher[P, M, PP]) noiseAt(pos PP) int {
	if s.noise <= 0 {
		return 0
	}
	r := core.Mix64(pos.Hash() ^ s.noiseSeed)
	n := int(r%uint64(2*s.noise+1)) - s.noise
	if s.team(pos.ToMove()) != s.rootTeam {
		n = -n
	}
	return n
}

// cachedEval is Config.Eval through the evaluation cache, if any.
func (s *Searcher[P, M, PP]) cachedEval(pos PP, pov int) int {
	e, key := s.evalSlot(pos, pov)
	if e == nil {
		return s.cfg.Eval((*P)(pos), pov)
	}
	if e.key == key {
		return int(e.score)
	}
	v := s.cfg.Eval((*P)(pos), pov)
	e.key, e.score = key, int32(v)
	return v
}

// evalSlot is the evaluation cache's entry for pos seen by pov and the key
// it holds when it has pos's score; nil without a cache.
func (s *Searcher[P, M, PP]) evalSlot(pos PP, pov int) (*evalEntry, uint64) {
	if s.cfg.EvalCache <= 0 {
		return nil, 0
	}
	if s.evalCache == nil {
		n := 1
		for n < s.cfg.EvalCache {
			n *= 2
		}
		s.evalCache = make([]evalEntry, n)
	}
	key := pos.Hash() ^ core.Mix64(uint64(pov)+0xe7a1)
	return &s.evalCache[key&uint64(len(s.evalCache)-1)], key
}
