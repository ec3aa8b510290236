package ataxx

import (
	"embed"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
)

// The learned evaluation is an n-tuple network (as in strong Othello
// programs): the board is read through its 25 overlapping 3×3 windows, each
// window's nine cells (empty, the side to move's piece, the opponent's
// piece) index a table of weights, and the score is the sum of the 25
// weights plus a material and a tempo term. Windows that the board's eight
// symmetries map on one another share a table (six tables: corner, edge
// next to the corner, middle of the edge, and the three inner kinds), read
// in the cell order of the table's own window, so a board and its mirror
// images score the same. The weights change with the game's phase: five
// sets at 0, 12, 24, 36 and 48 pieces on the board, blended linearly in
// between. Weights are trained by tools/ataxxtrain and embedded.

const (
	// TupleWindows is the number of 3×3 windows on the board.
	TupleWindows = 25
	// TupleOrbits is the number of window kinds (tables) under symmetry.
	TupleOrbits = 6
	// TupleStates is the number of states of a window: 3⁹.
	TupleStates = 19683
	// TuplePhases is the number of phase weight sets.
	TuplePhases = 5
	// TuplePhaseStep is the number of pieces between two phase sets.
	TuplePhaseStep = 12
	// TupleWeightScale is the number of weight units in a hundredth of a
	// piece (the weights are stored as 16-bit integers).
	TupleWeightScale = 16
	// tupleTable is the number of weights of one phase.
	tupleTable = TupleOrbits * TupleStates
)

// tupleOrbit is the table of each window; tupleCells[w][m] is the state
// index, in the table's cell order, of the 9-bit set m of one side's cells
// of window w (bit 3·row + file, in the window's own order). A window's
// state is tupleCells[w][us] + 2·tupleCells[w][them].
var (
	tupleOrbit [TupleWindows]uint8
	// tupleBase[w] is where window w's table starts in a phase's weights.
	tupleBase  [TupleWindows]uint32
	tupleShift [TupleWindows]uint8
	tupleCells [TupleWindows][512]uint16
	// tupleStabilizer[o] are the cell permutations (as maps of the table's
	// 9 cells) of the symmetries that map table o's own window on itself:
	// its weights must not change under them.
	tupleStabilizer [TupleOrbits][][9]int
)

// symmetry maps (file, rank) by one of the 8 symmetries of the square.
func symmetry(g, f, r int) (int, int) {
	const m = Size - 1
	if g&4 != 0 {
		f, r = r, f
	}
	if g&1 != 0 {
		f = m - f
	}
	if g&2 != 0 {
		r = m - r
	}
	return f, r
}

// windowImage maps the k×k window (k ≤ 3) with lowest corner (wf, wr) by
// symmetry g: the image's lowest corner, and where each of the window's
// cells lands in the image (cell k·row + file; the first k² entries).
func windowImage(g, wf, wr, k int) (cf, cr int, perm [9]int) {
	f0, r0 := symmetry(g, wf, wr)
	f1, r1 := symmetry(g, wf+k-1, wr+k-1)
	cf, cr = min(f0, f1), min(r0, r1)
	for c := 0; c < k*k; c++ {
		f, r := symmetry(g, wf+c%k, wr+c/k)
		perm[c] = (r-cr)*k + (f - cf)
	}
	return cf, cr, perm
}

func init() {
	// The table's own window of each kind: its lowest corner has
	// rank ≤ file ≤ 2; every window is the image of exactly one of them.
	var own [][2]int
	table := map[[2]int]int{}
	for r := 0; r <= 2; r++ {
		for f := r; f <= 2; f++ {
			table[[2]int{f, r}] = len(own)
			own = append(own, [2]int{f, r})
		}
	}
	for w := 0; w < TupleWindows; w++ {
		wf, wr := w%5, w/5
		tupleShift[w] = uint8(wr*Size + wf)
		for g := 0; g < 8; g++ {
			cf, cr, perm := windowImage(g, wf, wr, 3)
			o, ok := table[[2]int{cf, cr}]
			if !ok {
				continue
			}
			tupleOrbit[w] = uint8(o)
			tupleBase[w] = uint32(o * TupleStates)
			for m := 0; m < 512; m++ {
				v := 0
				for c := 0; c < 9; c++ {
					if m&(1<<c) != 0 {
						v += pow3[perm[c]]
					}
				}
				tupleCells[w][m] = uint16(v)
			}
			break
		}
	}
	for o, at := range own {
		for g := 0; g < 8; g++ {
			if cf, cr, perm := windowImage(g, at[0], at[1], 3); cf == at[0] && cr == at[1] {
				tupleStabilizer[o] = append(tupleStabilizer[o], perm)
			}
		}
	}
}

var pow3 = [10]int{1, 3, 9, 27, 81, 243, 729, 2187, 6561, 19683}

// windowCells is the 9-bit set of b's cells in the window at shift s
// (rows of 7 squares; a window's rows land on bits 0–2, 3–5, 6–8).
func windowCells(b uint64, s uint8) uint64 {
	x := b >> s
	return x&7 | x>>4&0x38 | x>>8&0x1c0
}

// TupleFeatures writes the table and state of each window of the board with
// the side to move's pieces us and the opponent's them: feature w is
// table·TupleStates + state.
func TupleFeatures(us, them uint64, dst *[TupleWindows]int32) {
	for w := 0; w < TupleWindows; w++ {
		s := tupleShift[w]
		st := int32(tupleCells[w][windowCells(us, s)]) + 2*int32(tupleCells[w][windowCells(them, s)])
		dst[w] = int32(tupleOrbit[w])*TupleStates + st
	}
}

// TuplePhase returns the two phase sets a board with n pieces blends and
// the weight of the second, in 1/TuplePhaseStep.
func TuplePhase(n int) (lo, hi, f int) {
	lo = min(n/TuplePhaseStep, TuplePhases-1)
	hi = min(lo+1, TuplePhases-1)
	return lo, hi, n - lo*TuplePhaseStep
}

// NetTerms are a net's terms besides the windows, for one phase, in
// hundredths of a piece: the value of a piece of material difference, of
// having the move, and of a piece of the side to move's (Threat) and the
// opponent's (Exposure) best gain in one move (Gains): the windows see
// shapes, not what one move can take.
type NetTerms struct {
	Material, Tempo, Threat, Exposure int32
}

// Net is a trained n-tuple evaluation for one rule set.
type Net struct {
	// weights[phase·TupleOrbits·TupleStates + table·TupleStates + state],
	// in 1/TupleWeightScale of a hundredth of a piece: one phase's tables
	// together. A search stays within a few pieces of its root, so it
	// reads two phases' tables (470 KB) and its cache lines hold only
	// states of those (phases side by side were 1.2 MB).
	weights []int16
	terms   [TuplePhases]NetTerms
}

// netMagic starts a weights file; the version follows.
const netMagic = "ATXN"

// NetSize is the length of a weights file.
const NetSize = 8 + TuplePhases*(16+TupleOrbits*TupleStates*2)

// EncodeNet writes a net's weights file: the magic, version 1, then per
// phase the terms (int32) and the tables (int16), little endian.
func EncodeNet(weights [TuplePhases][]int16, terms [TuplePhases]NetTerms) []byte {
	out := make([]byte, 0, NetSize)
	out = append(out, netMagic...)
	out = binary.LittleEndian.AppendUint32(out, 1)
	for ph := 0; ph < TuplePhases; ph++ {
		t := terms[ph]
		for _, v := range []int32{t.Material, t.Tempo, t.Threat, t.Exposure} {
			out = binary.LittleEndian.AppendUint32(out, uint32(v))
		}
		for _, v := range weights[ph] {
			out = binary.LittleEndian.AppendUint16(out, uint16(v))
		}
	}
	return out
}

// DecodeNet reads a weights file.
func DecodeNet(data []byte) (*Net, error) {
	if len(data) != NetSize || string(data[:4]) != netMagic {
		return nil, fmt.Errorf("ataxx: not an n-tuple weights file (%d bytes)", len(data))
	}
	if v := binary.LittleEndian.Uint32(data[4:]); v != 1 {
		return nil, fmt.Errorf("ataxx: weights file version %d, want 1", v)
	}
	n := &Net{weights: make([]int16, tupleTable*TuplePhases)}
	off := 8
	for ph := 0; ph < TuplePhases; ph++ {
		var v [4]int32
		for i := range v {
			v[i] = int32(binary.LittleEndian.Uint32(data[off:]))
			off += 4
		}
		n.terms[ph] = NetTerms{Material: v[0], Tempo: v[1], Threat: v[2], Exposure: v[3]}
		for i := 0; i < TupleOrbits*TupleStates; i++ {
			n.weights[ph*tupleTable+i] = int16(binary.LittleEndian.Uint16(data[off:]))
			off += 2
		}
	}
	return n, nil
}

// encode writes n as EncodeNet does.
func (n *Net) encode() []byte {
	var weights [TuplePhases][]int16
	for ph := range weights {
		weights[ph] = make([]int16, TupleOrbits*TupleStates)
		for i := range weights[ph] {
			weights[ph][i] = n.weights[ph*tupleTable+i]
		}
	}
	return EncodeNet(weights, n.terms)
}

// Evaluate scores p for the side to move, in hundredths of a piece.
func (n *Net) Evaluate(p *Position) int {
	us, them := p.pieces[p.turn], p.pieces[p.turn^1]
	lo, hi, f := TuplePhase(popcount(us | them))
	wl := n.weights[lo*tupleTable : (lo+1)*tupleTable]
	wh := n.weights[hi*tupleTable : (hi+1)*tupleTable]
	var sl, sh int32
	for w := 0; w < TupleWindows; w++ {
		s := tupleShift[w]
		i := int(tupleBase[w]) + int(tupleCells[w][windowCells(us, s)&511]) + 2*int(tupleCells[w][windowCells(them, s)&511])
		sl += int32(wl[i])
		sh += int32(wh[i])
	}
	d := int32(popcount(us) - popcount(them))
	threat, exposure := Gains(us, them, p.gaps, p.rules)
	tl, th := &n.terms[lo], &n.terms[hi]
	sl += (tl.Material*d + tl.Tempo + tl.Threat*int32(threat) + tl.Exposure*int32(exposure)) * TupleWeightScale
	sh += (th.Material*d + th.Tempo + th.Threat*int32(threat) + th.Exposure*int32(exposure)) * TupleWeightScale
	v := (sl*int32(TuplePhaseStep-f) + sh*int32(f)) / (TuplePhaseStep * TupleWeightScale)
	return int(v)
}

// SymmetrizeTuples makes weights of one phase (TupleOrbits·TupleStates,
// indexed as TupleFeatures) unchanged by the symmetries that map a table's
// window on itself, by averaging each state with its images; without it a
// board and its mirror image could score differently.
func SymmetrizeTuples(w []float64) {
	for o := 0; o < TupleOrbits; o++ {
		perms := tupleStabilizer[o]
		t := w[o*TupleStates : (o+1)*TupleStates]
		done := make([]bool, TupleStates)
		for st := 0; st < TupleStates; st++ {
			if done[st] {
				continue
			}
			var images []int
			for _, perm := range perms {
				img := permuteState(st, perm)
				dup := false
				for _, x := range images {
					dup = dup || x == img
				}
				if !dup {
					images = append(images, img)
				}
			}
			sum := 0.0
			for _, x := range images {
				sum += t[x]
			}
			for _, x := range images {
				t[x] = sum / float64(len(images))
				done[x] = true
			}
		}
	}
}

// permuteState moves cell c of a window state to cell perm[c].
func permuteState(st int, perm [9]int) int {
	v := 0
	for c := 0; c < 9; c++ {
		v += (st / pow3[c] % 3) * pow3[perm[c]]
	}
	return v
}

//go:embed weights
var weightFiles embed.FS

// nets are the embedded nets by rule set (nil when a file is missing or
// unreadable: the hand-written evaluation is used instead).
var nets [numRules]*Net

// netErr is why a net did not load (for the tests and the docs).
var netErr [numRules]error

func init() {
	for r := Rules(0); r < numRules; r++ {
		data, err := weightFiles.ReadFile("weights/" + r.String() + ".bin")
		if err != nil {
			netErr[r] = err
			continue
		}
		nets[r], netErr[r] = DecodeNet(data)
	}
}

// NetFor returns the embedded net of rule set r, or an error saying why
// there is none.
func NetFor(r Rules) (*Net, error) {
	if r >= numRules {
		return nil, errors.New("ataxx: unknown rule set")
	}
	if nets[r] == nil {
		return nil, fmt.Errorf("ataxx: no net for the %s rules: %v", r, netErr[r])
	}
	return nets[r], nil
}

// QuantizeTuples converts trained weights (hundredths of a piece) to the
// stored units, clamped to 16 bits.
func QuantizeTuples(w []float64) []int16 {
	out := make([]int16, len(w))
	for i, v := range w {
		out[i] = int16(max(-32767, min(32767, math.Round(v*TupleWeightScale))))
	}
	return out
}
