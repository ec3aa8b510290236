package chinesecheckers

// Perft counts the move sequences of length depth from p: every legal
// move, the pass included when it is the only one; a finished game has no
// moves. It uses the real end of the game (not the search's view).
func Perft(p Position, depth int) int64 {
	if depth <= 0 {
		return 1
	}
	p.base = 255 // only the real end of the game stops a line
	var buf [64][]Move
	return perft(&p, depth, buf[:])
}

func perft(p *Position, depth int, buf [][]Move) int64 {
	if p.over {
		return 0
	}
	if depth == 1 {
		return int64(p.countMoves())
	}
	moves := p.genMoves(buf[0][:0])
	buf[0] = moves
	var n int64
	for _, m := range moves {
		c := *p
		c.Play(m)
		n += perft(&c, depth-1, buf[1:])
	}
	return n
}

// countMoves is len(genMoves()) without making the moves: the sizes of the
// pieces' destination sets (1 for the pass when they are all empty).
func (p *Position) countMoves() int {
	pl := int(p.toMove)
	land := p.landMask(pl)
	target := armMask[p.seats[pl].Opposite()]
	n := 0
	for _, h := range p.pieces[pl] {
		n += reachFrom(p.occ, int(h), land, target, p.rules.Locked).count()
	}
	if n == 0 {
		return 1
	}
	return n
}
