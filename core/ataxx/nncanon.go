package ataxx

import "fmt"

// The canonical layout of the hidden-layer net's inputs (NNLayoutCanon):
// the board is first turned to the one of its eight images that sorts
// first, then each of the 36 windows has inputs of its own (Zataxx's
// 2,916 window inputs). A board and its images have the same canonical
// image, so they score the same by construction, as with the kinds
// layout; but a hidden unit can now watch one corner alone, where under
// the kinds layout each unit sums a pattern over all eight images of
// itself and cannot tell which corner holds it.

// NNLayout is how a hidden-layer net reads the board.
type NNLayout uint8

const (
	// NNLayoutKinds: windows the symmetries map on one another share
	// their inputs (nninputs.go); the weights file's version 1.
	NNLayoutKinds NNLayout = 1
	// NNLayoutCanon: the board in its canonical orientation, each window
	// with its own 81 inputs; version 2.
	NNLayoutCanon NNLayout = 2
	// NNLayoutRaw: the canonical layout's inputs read from the board as it
	// stands, not turned (Zataxx's way); version 3. A board and its images
	// score alike only as far as training taught the net (fitnn -augment),
	// but a move changes only the windows it touches, so the scores of a
	// position's children differ by what the moves did and not also by
	// which image each child's canonical one happened to be.
	NNLayoutRaw NNLayout = 3
)

const (
	nnCanonWindows = NNWindows * NNWindowStates
	// NNInputsCanon is the number of inputs of the canonical layout:
	// windows, empties, two gains.
	NNInputsCanon = nnCanonWindows + NNEmptyBuckets + 2*NNGainStates
	// NNMaxInputs is the most inputs of any layout.
	NNMaxInputs = NNInputsCanon
)

// Inputs is the number of inputs of the layout (0 for an unknown one).
func (l NNLayout) Inputs() int {
	switch l {
	case NNLayoutKinds:
		return NNInputs
	case NNLayoutCanon, NNLayoutRaw:
		return NNInputsCanon
	}
	return 0
}

func (l NNLayout) String() string {
	switch l {
	case NNLayoutKinds:
		return "kinds"
	case NNLayoutCanon:
		return "canon"
	case NNLayoutRaw:
		return "raw"
	}
	return "unknown"
}

// ParseNNLayout reads a layout's name.
func ParseNNLayout(s string) (NNLayout, bool) {
	for _, l := range []NNLayout{NNLayoutKinds, NNLayoutCanon, NNLayoutRaw} {
		if l.String() == s {
			return l, true
		}
	}
	return 0, false
}

var (
	// symRow[g-1][r][row] is the image under symmetry g of the 7-bit
	// row of rank r.
	symRow [7][Size][1 << Size]uint64
	// nnCanonInput[w][us | them<<4] is the canonical layout's input of
	// the 4-bit sets us and them of window w's cells.
	nnCanonInput [NNWindows][256]uint16
)

func init() {
	for g := 1; g < 8; g++ {
		for r := 0; r < Size; r++ {
			for row := 0; row < 1<<Size; row++ {
				var img uint64
				for f := 0; f < Size; f++ {
					if row&(1<<f) != 0 {
						cf, cr := symmetry(g, f, r)
						img |= 1 << uint(Square(cf, cr))
					}
				}
				symRow[g-1][r][row] = img
			}
		}
	}
	for w := 0; w < NNWindows; w++ {
		for m := range nnCanonInput[w] {
			u, t := m&15, m>>4
			if u&t != 0 {
				continue
			}
			st := 0
			for c := 0; c < 4; c++ {
				if u&(1<<c) != 0 {
					st += pow3[c]
				} else if t&(1<<c) != 0 {
					st += 2 * pow3[c]
				}
			}
			nnCanonInput[w][m] = uint16(w*NNWindowStates + st)
		}
	}
}

// mapSym is board b under symmetry g (1…7).
func mapSym(g int, b uint64) uint64 {
	t := &symRow[g-1]
	const row = 1<<Size - 1
	return t[0][b&row] | t[1][b>>Size&row] | t[2][b>>(2*Size)&row] |
		t[3][b>>(3*Size)&row] | t[4][b>>(4*Size)&row] | t[5][b>>(5*Size)&row] |
		t[6][b>>(6*Size)&row]
}

// canonical is the image of the board (us, them) that sorts first by its
// occupied squares, then by us: the same board for all eight images.
func canonical(us, them uint64) (uint64, uint64) {
	occ := us | them
	bestOcc, bestUs, best := occ, us, 0
	for g := 1; g < 8; g++ {
		o := mapSym(g, occ)
		if o > bestOcc {
			continue
		}
		u := mapSym(g, us)
		if o < bestOcc || u < bestUs {
			bestOcc, bestUs, best = o, u, g
		}
	}
	if best == 0 {
		return us, them
	}
	return bestUs, mapSym(best, them)
}

// nnFeaturesCanon writes the canonical layout's inputs of a gap-free
// board: one per window of its canonical image, then the counts.
func nnFeaturesCanon(us, them uint64, r Rules, dst *[NNActive]uint16) {
	cu, ct := canonical(us, them)
	nnWindowsOf(cu, ct, dst)
	nnCounts(us, them, r, nnCanonWindows, dst)
}

// nnFeaturesRaw writes the raw layout's inputs: the canonical layout's
// of the board as it stands.
func nnFeaturesRaw(us, them uint64, r Rules, dst *[NNActive]uint16) {
	nnWindowsOf(us, them, dst)
	nnCounts(us, them, r, nnCanonWindows, dst)
}

// nnWindowsOf writes one input per window of the board (cu, ct), each
// window with inputs of its own.
func nnWindowsOf(cu, ct uint64, dst *[NNActive]uint16) {
	for w := 0; w < NNWindows; w++ {
		s := nnShift[w]
		dst[w] = nnCanonInput[w][nnWindowCells(cu, s)|nnWindowCells(ct, s)<<4]
	}
}

// NNFeaturesOf writes the inputs of layout l (NNFeatures for the kinds
// layout).
func NNFeaturesOf(l NNLayout, us, them uint64, r Rules, dst *[NNActive]uint16) {
	switch l {
	case NNLayoutCanon:
		nnFeaturesCanon(us, them, r, dst)
	case NNLayoutRaw:
		nnFeaturesRaw(us, them, r, dst)
	default:
		NNFeatures(us, them, r, dst)
	}
}

// BoardImage is board b under symmetry g (0…7; 0 is the board itself).
func BoardImage(g int, b uint64) uint64 {
	if g == 0 {
		return b
	}
	return mapSym(g, b)
}

// NNRawFromCanon is p, a canonical-layout net, read as a raw-layout one:
// the same weights, the board no longer turned first. For training in
// the raw layout to start from. It keeps most of what p knows: on round
// 8's games its loss was 0.5775 against p's 0.5606 and a random net's
// 0.693 (the mean of p over the board's eight images, symmetric by
// construction, was 0.5933).
func NNRawFromCanon(p *NNParams) (*NNParams, error) {
	if p.layout() != NNLayoutCanon {
		return nil, fmt.Errorf("ataxx: a %s net, not a canonical one", p.layout())
	}
	if err := p.check(); err != nil {
		return nil, err
	}
	q := NewNNParamsOf(NNLayoutRaw, p.Hidden, p.Buckets, p.Scale)
	copy(q.W1, p.W1)
	copy(q.B1, p.B1)
	copy(q.W2, p.W2)
	copy(q.B2, p.B2)
	return q, nil
}
