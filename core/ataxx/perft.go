package ataxx

// Perft counts the legal move sequences of length depth from p (a forced
// pass is a move; a finished game has none; perft(0) = 1). It is the rules'
// acceptance test and a speed benchmark, so it is written for speed: moves
// are played straight from the bitboards without a move list or hash update,
// and the last ply is counted in bulk (clones = destinations next to our
// pieces, jumps = jump targets per piece or per empty square, whichever set
// is smaller).
func (p *Position) Perft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	return perft(p.pieces[p.turn], p.pieces[p.turn^1], p.gaps, p.half, p.full, p.turn, p.rules, depth)
}

// perft works on loose bitboards from the mover's side (us, them), so they
// stay in registers and swapping sides is free.
func perft(us, them, gaps uint64, half, full uint32, turn uint8, rules Rules, depth int) uint64 {
	if us == 0 || them == 0 || limitReached(half, full, rules) {
		return 0
	}
	empty := allMask &^ (us | them | gaps)
	jm := &jumpMasks[rules]
	if depth == 1 {
		return countMoves(us, them, empty, jm, rules)
	}
	nextFull := full + uint32(turn)
	var total uint64
	moved := false
	for b := dilate(us) & empty; b != 0; b &= b - 1 {
		to := lowest(b)
		capt := neighbours[to] & them
		total += perft(them^capt, us|capt|1<<uint(to), gaps, 0, nextFull, turn^1, rules, depth-1)
		moved = true
	}
	for f := us; f != 0; f &= f - 1 {
		from := lowest(f)
		for t := jm[from] & empty; t != 0; t &= t - 1 {
			to := lowest(t)
			capt := neighbours[to] & them
			total += perft(them^capt, us^capt^(1<<uint(to)|1<<uint(from)), gaps, half+1, nextFull, turn^1, rules, depth-1)
			moved = true
		}
	}
	if moved {
		return total
	}
	if reach(them, rules)&empty == 0 {
		return 0 // neither side can move: the game is over
	}
	return perft(them, us, gaps, half+1, nextFull, turn^1, rules, depth-1)
}

func limitReached(half, full uint32, rules Rules) bool {
	if rules == SeedRules {
		return full > TurnLimit
	}
	return half >= HalfMoveLimit
}

// countMoves is the number of legal moves of a position that is not over
// by pieces or counters: 0 when neither side can move, 1 for a forced pass.
func countMoves(us, them, empty uint64, jm *[Squares]uint64, rules Rules) uint64 {
	n := popcount(dilate(us) & empty)
	if popcount(us) <= popcount(empty) {
		for f := us; f != 0; f &= f - 1 {
			n += popcount(jm[lowest(f)] & empty)
		}
	} else {
		// A jump target mask is symmetric: sq reaches t iff t reaches sq.
		for t := empty; t != 0; t &= t - 1 {
			n += popcount(jm[lowest(t)] & us)
		}
	}
	if n > 0 {
		return uint64(n)
	}
	if reach(them, rules)&empty == 0 {
		return 0
	}
	return 1
}
