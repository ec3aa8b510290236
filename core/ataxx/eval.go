package ataxx

// Weights are the evaluation's terms, in hundredths of a piece. An Ataxx
// position is mostly its material, but material swings by many pieces in
// one move, so a static count at the leaves of a search with no quiescence
// stage is off by whatever the side to move can grab next. The other terms
// correct for that and for the structure that decides the next captures.
type Weights struct {
	// Piece is the value of one piece (the unit the rest is measured in).
	Piece int
	// Threat scales the side to move's best immediate gain (in pieces,
	// clone +1, each conversion +2): it will move next, so most of it is
	// as good as made.
	Threat int
	// Exposure scales the opponent's best immediate gain: what the side to
	// move must answer (or trade against) next.
	Exposure int
	// Safe is the value of a piece with no empty neighbour: it cannot be
	// converted until a neighbour jumps away.
	Safe int
	// Mobility is the value of one empty square a side can clone to.
	Mobility int
	// Hole is the penalty for an empty square surrounded by at least
	// HoleMin of a side's pieces that the opponent can jump into: the
	// weakness that loses many pieces at once.
	Hole    int
	HoleMin int
	// Tempo is the bonus of having the move.
	Tempo int
	// Guarded is the value of a piece with empty neighbours none of which
	// the opponent can reach: it cannot be converted next move.
	Guarded int
	// Edge is the value of a piece on the edge of the board: fewer
	// neighbours, fewer ways to be converted.
	Edge int
}

// DefaultWeights are the weights of the "balanced" style, tuned by
// self-play matches (80 games at 10 000 nodes a move per change, see
// docs/benchmarks-ataxx.md): safe pieces 8 → 40 scored 57%, edge pieces
// 0 → 15 65% and 15 → 30 57%; Threat 40 or 80 and Exposure 0 or 30 each
// lost (37–43%) against the values below; Mobility, Hole and Guarded made
// no measurable difference (Guarded is left at 0).
var DefaultWeights = Weights{
	Piece:    100,
	Threat:   60,
	Exposure: 15,
	Safe:     40,
	Mobility: 3,
	Hole:     12,
	HoleMin:  4,
	Tempo:    20,
	Edge:     25,
}

// edgeMask is the squares on the edge of the board.
const edgeMask = fileA | fileG | 0x7f | 0x7f<<42

// neighbourCount returns, bit-sliced, how many pieces of x stand next to
// each square: bit sq of c[i] is bit i of that count (0..8). The 8 shifted
// boards are summed by a carry-save adder tree, about 40 operations for
// the whole board.
func neighbourCount(x uint64) (c [4]uint64) {
	e := (x << 1) & notFileA
	w := (x >> 1) & notFileG
	n0, n1 := (x<<7)&allMask, x>>7
	n2, n3 := (e<<7)&allMask, e>>7
	n4, n5 := (w<<7)&allMask, w>>7
	// Weight 1: three full adders and a half adder.
	s1, c1 := fullAdd(e, w, n0)
	s2, c2 := fullAdd(n1, n2, n3)
	s3, c3 := n4^n5, n4&n5
	b0, k := fullAdd(s1, s2, s3)
	// Weight 2: c1, c2, c3, k.
	t, d1 := fullAdd(c1, c2, c3)
	b1, d2 := t^k, t&k
	// Weight 4: d1, d2.
	return [4]uint64{b0, b1, d1 ^ d2, d1 & d2}
}

func fullAdd(a, b, c uint64) (sum, carry uint64) {
	x := a ^ b
	return x ^ c, a&b | c&x
}

// maxCount is the largest count of c among the squares in mask (0 when
// mask is empty): the top bit plane first, narrowing the candidates. No
// branches: which planes are set is data the predictor cannot learn, and
// the search calls this four times a leaf.
func maxCount(c *[4]uint64, mask uint64) int {
	v := uint64(0)
	for i := 3; i >= 0; i-- {
		t := mask & c[i]
		set := (t | -t) >> 63 // 1 when some candidate has this bit
		keep := -set
		mask = t&keep | mask&^keep
		v |= set << i
	}
	return int(v)
}

// atLeast is the set of squares whose count in c is at least k (1..8).
func atLeast(c *[4]uint64, k int) uint64 {
	// count >= k  <=>  not (count < k); compare bit planes from the top.
	var gt, eq uint64 = c[3], ^c[3]
	for i := 2; i >= 0; i-- {
		if k&(1<<i) != 0 {
			eq &= c[i]
		} else {
			gt |= eq & c[i]
			eq &^= c[i]
		}
	}
	if k >= 8 {
		return c[3]
	}
	return (gt | eq) & allMask
}

// bestGain is the most a side with pieces us can gain in one move against
// them, in pieces of material difference: a clone adds one piece, each
// conversion swings two.
func bestGain(us uint64, themCount *[4]uint64, empty uint64, rules Rules) int {
	clones := dilate(us) & empty
	jumps := reach(us, rules) & empty &^ clones
	g := 0
	if clones != 0 {
		g = 1 + 2*maxCount(themCount, clones)
	}
	return max(g, 2*maxCount(themCount, jumps))
}

// evaluate scores p for the side to move with weights w.
func evaluate(p *Position, w *Weights) int {
	us, them := p.pieces[p.turn], p.pieces[p.turn^1]
	empty := p.Empty()
	nUs, nThem := popcount(us), popcount(them)
	score := w.Piece*(nUs-nThem) + w.Tempo

	cUs := neighbourCount(us)
	cThem := neighbourCount(them)
	score += w.Threat * bestGain(us, &cThem, empty, p.rules)
	score -= w.Exposure * bestGain(them, &cUs, empty, p.rules)

	// Pieces with no empty neighbour.
	open := dilate(empty)
	score += w.Safe * (popcount(us&^open) - popcount(them&^open))

	score += w.Mobility * (popcount(dilate(us)&empty) - popcount(dilate(them)&empty))

	if w.Guarded != 0 {
		// Pieces next to empty squares, none of them in the opponent's reach.
		gUs := us & open &^ dilate(empty&reach(them, p.rules))
		gThem := them & open &^ dilate(empty&reach(us, p.rules))
		score += w.Guarded * (popcount(gUs) - popcount(gThem))
	}
	if w.Edge != 0 {
		score += w.Edge * (popcount(us&edgeMask) - popcount(them&edgeMask))
	}

	if w.Hole != 0 {
		holesUs := atLeast(&cUs, w.HoleMin) & empty & reach(them, p.rules)
		holesThem := atLeast(&cThem, w.HoleMin) & empty & reach(us, p.rules)
		score -= w.Hole * (popcount(holesUs) - popcount(holesThem))
	}
	return score
}

// Evaluate scores p for the side to move with the hand-written evaluation
// and weights w, in hundredths of a piece.
func Evaluate(p *Position, w Weights) int { return evaluate(p, &w) }

// Gains are the most the side to move (threat) and the opponent (exposure)
// can gain in one move on the board with the side to move's pieces us,
// the opponent's them and the gaps, in pieces of material difference.
func Gains(us, them, gaps uint64, rules Rules) (threat, exposure int) {
	empty := allMask &^ (us | them | gaps)
	cUs, cThem := neighbourCount(us), neighbourCount(them)
	return bestGain(us, &cThem, empty, rules), bestGain(them, &cUs, empty, rules)
}
