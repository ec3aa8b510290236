package ataxx

// The inputs of the hidden-layer evaluation (nn.go). The board is read
// through its 36 overlapping 2×2 windows, as Zataxx reads it: each window's
// four cells (empty, the side to move's, the opponent's) are one of 81
// states, and each window turns on one input. Windows that the board's
// eight symmetries map on one another share their inputs (six kinds), a
// window's state is read in the cell order of its kind's own window, and
// states that a symmetry mapping that window on itself exchanges are one
// input: so a board and its seven images turn on exactly the same inputs
// and score the same by construction, with no averaging in training.
// Three counts the windows cannot see come as inputs too: the number of
// empty squares (in buckets of four; the phase of the game) and the most
// each side can gain in one move (Gains).

const (
	// NNWindows is the number of 2×2 windows on the board.
	NNWindows = 36
	// NNWindowKinds is the number of window kinds under symmetry.
	NNWindowKinds = 6
	// NNWindowStates is the number of states of a 2×2 window: 3⁴.
	NNWindowStates = 81
	// NNEmptyBuckets is the number of buckets of empty squares (four a
	// bucket, 0–49 empty squares).
	NNEmptyBuckets = 13
	// NNGainStates is the number of values of a side's best gain in one
	// move that are told apart (0…17: a clone that converts eight pieces
	// gains 17 in material difference).
	NNGainStates = 18

	nnEmptyBase = NNWindowKinds * NNWindowStates

	// NNInputs is the number of inputs: windows, empties, two gains.
	NNInputs = nnEmptyBase + NNEmptyBuckets + 2*NNGainStates
	// NNActive is the number of inputs a position turns on.
	NNActive = NNWindows + 3
)

var (
	// nnShift[w] is the square of window w's lowest corner.
	nnShift [NNWindows]uint8
	// nnCells[w][m] is the state, in the cell order of w's kind's own
	// window, of the 4-bit set m of one side's cells of w (bit 2·row +
	// file); a window's state is nnCells[w][us] + 2·nnCells[w][them].
	nnCells [NNWindows][16]uint8
	// nnInput[w][state] is the input a state of window w turns on: its
	// kind's, with the states its kind's stabilizer exchanges merged.
	nnInput [NNWindows][NNWindowStates]uint16
	// nnWindowInput[w][us | them<<4] is nnInput[w] of the state of the
	// 4-bit sets us and them of w's cells: one look-up a window.
	nnWindowInput [NNWindows][256]uint16
)

func init() {
	const last = Size - 2 // the highest corner of a 2×2 window
	image := func(g, wf, wr int) (cf, cr int, perm [4]int) {
		cf, cr, p9 := windowImage(g, wf, wr, 2)
		copy(perm[:], p9[:4])
		return cf, cr, perm
	}
	// A kind's own window has its lowest corner at rank ≤ file ≤ 2.
	kind := map[[2]int]int{}
	var own [][2]int
	for r := 0; r <= last/2; r++ {
		for f := r; f <= last/2; f++ {
			kind[[2]int{f, r}] = len(own)
			own = append(own, [2]int{f, r})
		}
	}
	permute := func(st int, perm [4]int) int {
		v := 0
		for c := 0; c < 4; c++ {
			v += (st / pow3[c] % 3) * pow3[perm[c]]
		}
		return v
	}
	// canon[k][st] is the smallest state the stabilizer of kind k's own
	// window maps st to.
	var canon [NNWindowKinds][NNWindowStates]int
	for k, at := range own {
		for st := 0; st < NNWindowStates; st++ {
			canon[k][st] = st
			for g := 0; g < 8; g++ {
				if cf, cr, perm := image(g, at[0], at[1]); cf == at[0] && cr == at[1] {
					canon[k][st] = min(canon[k][st], permute(st, perm))
				}
			}
		}
	}
	for w := 0; w < NNWindows; w++ {
		wf, wr := w%(last+1), w/(last+1)
		nnShift[w] = uint8(wr*Size + wf)
		for g := 0; g < 8; g++ {
			cf, cr, perm := image(g, wf, wr)
			k, ok := kind[[2]int{cf, cr}]
			if !ok {
				continue
			}
			for m := 0; m < 16; m++ {
				v := 0
				for c := 0; c < 4; c++ {
					if m&(1<<c) != 0 {
						v += pow3[perm[c]]
					}
				}
				nnCells[w][m] = uint8(v)
			}
			for st := 0; st < NNWindowStates; st++ {
				nnInput[w][st] = uint16(k*NNWindowStates + canon[k][st])
			}
			for m := range nnWindowInput[w] {
				if u, t := m&15, m>>4; u&t == 0 {
					nnWindowInput[w][m] = nnInput[w][nnCells[w][u]+2*nnCells[w][t]]
				}
			}
			break
		}
	}
}

// nnWindowCells is the 4-bit set of b's cells in the window at square s.
func nnWindowCells(b uint64, s uint8) uint64 {
	x := b >> s
	return x&3 | x>>(Size-2)&0xc
}

// NNFeatures writes the inputs a gap-free board turns on, with the side to
// move's pieces us and the opponent's them, under the rules r: one per
// window, then the empty squares' bucket and the two gains.
func NNFeatures(us, them uint64, r Rules, dst *[NNActive]uint16) {
	for w := 0; w < NNWindows; w++ {
		s := nnShift[w]
		dst[w] = nnWindowInput[w][nnWindowCells(us, s)|nnWindowCells(them, s)<<4]
	}
	nnCounts(us, them, r, nnEmptyBase, dst)
}

// nnCounts writes the three count inputs after the windows' (the empty
// squares' bucket and the two gains), numbered from base. The counts are
// the board's own: a symmetry does not change them.
func nnCounts(us, them uint64, r Rules, base int, dst *[NNActive]uint16) {
	empty := Squares - popcount(us|them)
	threat, exposure := Gains(us, them, 0, r)
	dst[NNWindows] = uint16(base + min(empty/4, NNEmptyBuckets-1))
	dst[NNWindows+1] = uint16(base + NNEmptyBuckets + min(threat, NNGainStates-1))
	dst[NNWindows+2] = uint16(base + NNEmptyBuckets + NNGainStates + min(exposure, NNGainStates-1))
}
