package ataxx

// Zobrist keys, drawn once from a fixed seed so hashes are the same in every
// run (tests and saved TT dumps can compare them).
var (
	zobrist      [2][Squares]uint64
	flipKey      [Squares]uint64 // zobrist[Black][sq] ^ zobrist[White][sq]: a conversion
	gapKey       [Squares]uint64
	sideKey      uint64
	seedRulesKey uint64
	counterKeys  [49]uint64
)

func init() {
	x := uint64(0x41544158584a554d) // "ATAXXJUM"
	next := func() uint64 {
		// splitmix64
		x += 0x9e3779b97f4a7c15
		z := x
		z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
		z = (z ^ z>>27) * 0x94d049bb133111eb
		return z ^ z>>31
	}
	for s := 0; s < 2; s++ {
		for sq := range zobrist[s] {
			zobrist[s][sq] = next()
		}
	}
	for sq := range flipKey {
		flipKey[sq] = zobrist[Black][sq] ^ zobrist[White][sq]
		gapKey[sq] = next()
	}
	sideKey = next()
	seedRulesKey = next()
	for i := range counterKeys {
		counterKeys[i] = next()
	}
}

// computeKey is the Zobrist key of p from scratch: pieces, gaps, side.
func (p *Position) computeKey() uint64 {
	var k uint64
	for s := 0; s < 2; s++ {
		for b := p.pieces[s]; b != 0; b &= b - 1 {
			k ^= zobrist[s][lowest(b)]
		}
	}
	for b := p.gaps; b != 0; b &= b - 1 {
		k ^= gapKey[lowest(b)]
	}
	if p.turn == White {
		k ^= sideKey
	}
	return k
}
