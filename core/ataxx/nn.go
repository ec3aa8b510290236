package ataxx

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
)

// A hidden-layer evaluation: the inputs of NNFeatures (NNActive of
// NNInputs are on) feed a layer of hidden units through a squared clipped
// ReLU, and one of a few output sets, chosen by the number of empty
// squares, sums them. As floats (NNParams, what training holds):
//
//	a_j  = B1_j + Σ_{i on} W1[i·H + j]
//	o    = B2[b] + Σ_j clamp(a_j, 0, 1)² · W2[b·H + j],  b = empty·Buckets/50
//	eval = o · Scale hundredths of a piece for the side to move
//
// o is in logistic units: training fits sigmoid(o) to the chance of
// winning. The app runs the integer form (NN): W1 and B1 in 1/NNQA, W2 in
// 1/NNQB, B2 in 1/(NNQA²·NNQB), so a hidden unit is 0…NNQA and the output
// sums exactly in 64 bits (NNQA²·NNQB·2¹⁵·NNMaxHidden < 2⁴⁹).

const (
	// NNQA is the hidden layer's fixed-point unit: 1.0 is NNQA.
	NNQA = 255
	// NNQB is the output weights' fixed-point unit.
	NNQB = 256
	// NNWeightLimit bounds a quantised first-layer weight (a float weight
	// of about ±2, as bullet-trained nets clip them): with it the sum of
	// NNActive weights, each offset by NNWeightLimit+1, stays within 16
	// bits, so an evaluation can add four hidden units in one 64-bit add.
	NNWeightLimit = 511
	// NNMaxHidden and NNMaxBuckets bound a weights file's shape.
	NNMaxHidden  = 1024
	NNMaxBuckets = 8

	nnMagic  = "ATXH"
	nnHeader = 4 + 4*4 // magic, version, hidden, buckets, scale
	// nnOutUnit is the output's fixed-point unit.
	nnOutUnit = NNQA * NNQA * NNQB
)

// NNParams are a hidden-layer net's weights as floats.
type NNParams struct {
	// Layout is how the net reads the board (0 is NNLayoutKinds).
	Layout          NNLayout
	Hidden, Buckets int
	// Scale is the hundredths of a piece of one logistic unit of output.
	Scale float64
	W1    []float32 // NNInputs·Hidden, input-major
	B1    []float32 // Hidden
	W2    []float32 // Buckets·Hidden, bucket-major
	B2    []float32 // Buckets
}

// NewNNParams returns zero weights of the given shape, in the kinds layout.
func NewNNParams(hidden, buckets int, scale float64) *NNParams {
	return NewNNParamsOf(NNLayoutKinds, hidden, buckets, scale)
}

// NewNNParamsOf returns zero weights of the given layout and shape.
func NewNNParamsOf(l NNLayout, hidden, buckets int, scale float64) *NNParams {
	return &NNParams{
		Layout: l, Hidden: hidden, Buckets: buckets, Scale: scale,
		W1: make([]float32, l.Inputs()*hidden), B1: make([]float32, hidden),
		W2: make([]float32, buckets*hidden), B2: make([]float32, buckets),
	}
}

// NNBucket is the output set of a board with empty empty squares.
func NNBucket(empty, buckets int) int {
	return min(max(empty, 0)*buckets/(Squares+1), buckets-1)
}

// Output is the float net's output for the board with the side to move's
// pieces us and the opponent's them, in logistic units.
func (p *NNParams) Output(us, them uint64, r Rules) float64 {
	var in [NNActive]uint16
	NNFeaturesOf(p.layout(), us, them, r, &in)
	b := NNBucket(Squares-popcount(us|them), p.Buckets)
	o := float64(p.B2[b])
	for j := 0; j < p.Hidden; j++ {
		a := float64(p.B1[j])
		for _, i := range in {
			a += float64(p.W1[int(i)*p.Hidden+j])
		}
		h := min(max(a, 0), 1)
		o += h * h * float64(p.W2[b*p.Hidden+j])
	}
	return o
}

// layout is p's layout, the kinds layout when unset.
func (p *NNParams) layout() NNLayout {
	if p.Layout == 0 {
		return NNLayoutKinds
	}
	return p.Layout
}

func (p *NNParams) check() error {
	switch {
	case p.layout().Inputs() == 0:
		return fmt.Errorf("ataxx: unknown input layout %d", p.Layout)
	case p.Hidden < 4 || p.Hidden > NNMaxHidden || p.Hidden%4 != 0:
		return fmt.Errorf("ataxx: %d hidden units (a multiple of 4 up to %d)", p.Hidden, NNMaxHidden)
	case p.Buckets < 1 || p.Buckets > NNMaxBuckets:
		return fmt.Errorf("ataxx: %d output sets (1 to %d)", p.Buckets, NNMaxBuckets)
	case !(p.Scale >= 1 && p.Scale <= 1e5):
		return fmt.Errorf("ataxx: scale %v (1 to 100000 hundredths of a piece)", p.Scale)
	case len(p.W1) != p.layout().Inputs()*p.Hidden || len(p.B1) != p.Hidden || len(p.W2) != p.Buckets*p.Hidden || len(p.B2) != p.Buckets:
		return errors.New("ataxx: the weights do not have the net's shape")
	}
	return nil
}

func quantize(x float32, unit float64, lim int) int64 {
	v := math.Round(float64(x) * unit)
	return int64(min(max(v, float64(-lim)), float64(lim)))
}

// EncodeNN quantises p to a weights file: "ATXH", version (the layout:
// 1 kinds, 2 canonical), hidden units,
// output sets, scale (all uint32/int32), then W1, B1, W2 as int16 and B2
// as int32, little endian. First-layer weights beyond ±NNWeightLimit/NNQA
// are clipped (training keeps them inside).
func EncodeNN(p *NNParams) ([]byte, error) {
	if err := p.check(); err != nil {
		return nil, err
	}
	out := make([]byte, 0, nnFileSize(p.layout(), p.Hidden, p.Buckets))
	out = append(out, nnMagic...)
	for _, v := range []uint32{uint32(p.layout()), uint32(p.Hidden), uint32(p.Buckets), uint32(math.Round(p.Scale))} {
		out = binary.LittleEndian.AppendUint32(out, v)
	}
	for _, w := range p.W1 {
		out = binary.LittleEndian.AppendUint16(out, uint16(quantize(w, NNQA, NNWeightLimit)))
	}
	for _, w := range p.B1 {
		out = binary.LittleEndian.AppendUint16(out, uint16(quantize(w, NNQA, math.MaxInt16)))
	}
	for _, w := range p.W2 {
		out = binary.LittleEndian.AppendUint16(out, uint16(quantize(w, NNQB, math.MaxInt16)))
	}
	for _, w := range p.B2 {
		out = binary.LittleEndian.AppendUint32(out, uint32(quantize(w, nnOutUnit, math.MaxInt32)))
	}
	return out, nil
}

// NNFileSize is the length of a weights file of the given shape, in the
// kinds layout.
func NNFileSize(hidden, buckets int) int { return nnFileSize(NNLayoutKinds, hidden, buckets) }

func nnFileSize(l NNLayout, hidden, buckets int) int {
	return nnHeader + 2*(l.Inputs()*hidden+hidden+buckets*hidden) + 4*buckets
}

// NN is a quantised hidden-layer net, as the search runs it.
type NN struct {
	layout          NNLayout
	inputs          int // layout.Inputs()
	hidden, buckets int
	scale           int64
	w1              []int16 // inputs·hidden
	b1              []int16
	w2              []int16 // buckets·hidden
	b2              []int32

	// The first layer as the search runs it (nnfast.go).
	w1x  []uint64 // inputs·hidden/4: four offset weights a word
	bias []int32  // b1 less the lane offsets

	// endgame, when set, scores the boards of at most endgameMax empty
	// squares in this net's place (nnphases.go).
	endgame    *NN
	endgameMax int
}

// DecodeNN reads a weights file written by EncodeNN or EncodeNNPhases.
func DecodeNN(data []byte) (*NN, error) {
	if len(data) >= 4 && string(data[:4]) == nnPhasesMagic {
		return decodeNNPhases(data)
	}
	if len(data) < nnHeader || string(data[:4]) != nnMagic {
		return nil, errors.New("ataxx: not a hidden-layer weights file")
	}
	u := func(i int) uint32 { return binary.LittleEndian.Uint32(data[4+4*i:]) }
	layout := NNLayout(u(0))
	if u(0) > 255 || layout.Inputs() == 0 {
		return nil, fmt.Errorf("ataxx: hidden-layer weights file version %d, want %d, %d or %d", u(0), NNLayoutKinds, NNLayoutCanon, NNLayoutRaw)
	}
	h, b, scale := u(1), u(2), u(3)
	if h < 4 || h > NNMaxHidden || h%4 != 0 || b < 1 || b > NNMaxBuckets || scale < 1 || scale > 1e5 {
		return nil, fmt.Errorf("ataxx: hidden-layer weights file of %d hidden units, %d output sets, scale %d", h, b, scale)
	}
	n := &NN{layout: layout, inputs: layout.Inputs(), hidden: int(h), buckets: int(b), scale: int64(scale)}
	if want := nnFileSize(layout, n.hidden, n.buckets); len(data) != want {
		return nil, fmt.Errorf("ataxx: hidden-layer weights file of %d bytes, want %d", len(data), want)
	}
	off := nnHeader
	read16 := func(k int) []int16 {
		s := make([]int16, k)
		for i := range s {
			s[i] = int16(binary.LittleEndian.Uint16(data[off:]))
			off += 2
		}
		return s
	}
	n.w1 = read16(n.inputs * n.hidden)
	for _, w := range n.w1 {
		if w < -NNWeightLimit || w > NNWeightLimit {
			return nil, fmt.Errorf("ataxx: first-layer weight %d beyond ±%d", w, NNWeightLimit)
		}
	}
	n.b1 = read16(n.hidden)
	n.w2 = read16(n.buckets * n.hidden)
	n.b2 = make([]int32, n.buckets)
	for i := range n.b2 {
		n.b2[i] = int32(binary.LittleEndian.Uint32(data[off:]))
		off += 4
	}
	n.prepare()
	return n, nil
}

// Hidden is the number of hidden units.
func (n *NN) Hidden() int { return n.hidden }

// Evaluate scores p, a board without gaps, for the side to move in
// hundredths of a piece.
func (n *NN) Evaluate(p *Position) int {
	return n.evaluateFast(p.pieces[p.turn], p.pieces[p.turn^1], p.rules)
}

// EvaluateBoard scores the board with the side to move's pieces us and
// the opponent's them. It is the plain form of the integer net: the
// reference that faster forms must agree with exactly.
func (n *NN) EvaluateBoard(us, them uint64, r Rules) int {
	n = n.phaseOf(us, them)
	var in [NNActive]uint16
	NNFeaturesOf(n.layout, us, them, r, &in)
	var acc [NNMaxHidden]int32
	a := acc[:n.hidden]
	for j := range a {
		a[j] = int32(n.b1[j])
	}
	for _, i := range in {
		w := n.w1[int(i)*n.hidden : int(i+1)*n.hidden]
		for j := range a {
			a[j] += int32(w[j])
		}
	}
	b := NNBucket(Squares-popcount(us|them), n.buckets)
	w2 := n.w2[b*n.hidden : (b+1)*n.hidden]
	out := int64(n.b2[b])
	for j, x := range a {
		h := int64(min(max(x, 0), NNQA))
		out += h * h * int64(w2[j])
	}
	return n.score(out)
}

// score turns the output sum into hundredths of a piece: rounded to the
// nearest, halves away from zero, as the float net's score would be.
func (n *NN) score(out int64) int {
	v := out * n.scale
	if v < 0 {
		return int((v - nnOutUnit/2) / nnOutUnit)
	}
	return int((v + nnOutUnit/2) / nnOutUnit)
}

// encode writes n back as EncodeNN or EncodeNNPhases wrote it.
func (n *NN) encode() []byte {
	if n.endgame != nil {
		return joinPhases(n.encodeOne(), n.endgame.encode(), n.endgameMax)
	}
	return n.encodeOne()
}

// encodeOne writes n itself, without its endgame net, as EncodeNN would.
func (n *NN) encodeOne() []byte {
	out := make([]byte, 0, nnFileSize(n.layout, n.hidden, n.buckets))
	out = append(out, nnMagic...)
	for _, v := range []uint32{uint32(n.layout), uint32(n.hidden), uint32(n.buckets), uint32(n.scale)} {
		out = binary.LittleEndian.AppendUint32(out, v)
	}
	for _, s := range [][]int16{n.w1, n.b1, n.w2} {
		for _, w := range s {
			out = binary.LittleEndian.AppendUint16(out, uint16(w))
		}
	}
	for _, w := range n.b2 {
		out = binary.LittleEndian.AppendUint32(out, uint32(w))
	}
	return out
}

// Params returns the net's weights as floats (of a two-phase net, the
// middle game's), the values the file stores
// to float32's precision (EncodeNN(n.Params()) writes the shipped nets'
// files again, byte for byte). Training starts from them to carry a net
// on to new data (ataxxtrain fitnn -init).
func (n *NN) Params() *NNParams {
	p := NewNNParamsOf(n.layout, n.hidden, n.buckets, float64(n.scale))
	for i, w := range n.w1 {
		p.W1[i] = float32(float64(w) / NNQA)
	}
	for i, w := range n.b1 {
		p.B1[i] = float32(float64(w) / NNQA)
	}
	for i, w := range n.w2 {
		p.W2[i] = float32(float64(w) / NNQB)
	}
	for i, w := range n.b2 {
		p.B2[i] = float32(float64(w) / nnOutUnit)
	}
	return p
}

// String describes the net for people (the engine's EvalFile answer).
func (n *NN) String() string {
	sets := "output sets"
	if n.buckets == 1 {
		sets = "output set"
	}
	layout := ""
	switch n.layout {
	case NNLayoutCanon:
		layout = ", canonical windows"
	case NNLayoutRaw:
		layout = ", windows as they stand"
	}
	s := fmt.Sprintf("hidden-layer net: %d hidden units, %d %s, scale %d%s", n.hidden, n.buckets, sets, n.scale, layout)
	if n.endgame != nil {
		s += fmt.Sprintf("; up to %d empty squares a %s", n.endgameMax, n.endgame)
	}
	return s
}

// nnNets are the embedded hidden-layer nets by rule set
// (weights/standard-nn.bin, seed-nn.bin, or weights-avx2/'s where the
// processor has the AVX2 form): the default style's evaluation
// where there is one; nil when the file is missing or unreadable (then the
// n-tuple net plays).
var nnNets [numRules]*NN

// nnErr is why a hidden-layer net did not load.
var nnErr [numRules]error

func init() {
	embedded := false
	for r := Rules(0); r < numRules; r++ {
		data, ok := avx2NNFile(r)
		if !ok {
			var err error
			if data, err = weightFiles.ReadFile(nnFileName(r)); err != nil {
				nnErr[r] = err
				continue
			}
		}
		nnNets[r], nnErr[r] = DecodeNN(data)
		embedded = embedded || nnNets[r] != nil
	}
	if embedded {
		// The n-tuple net stays a style of its own once the default is
		// a hidden-layer net.
		Styles = append(Styles, StyleLinear)
	}
}

// nnFileName is the embedded hidden-layer net's file of rule set r.
func nnFileName(r Rules) string { return "weights/" + r.String() + "-nn.bin" }

// avx2NNFileName is the file of rule set r's net for processors with the
// AVX2 form (weights-avx2/, embedded in amd64 builds only), which takes
// the place of nnFileName's there.
func avx2NNFileName(r Rules) string { return "weights-avx2/" + r.String() + "-nn.bin" }

// NNFor returns the embedded hidden-layer net of rule set r, or an error
// saying why there is none.
func NNFor(r Rules) (*NN, error) {
	if r >= numRules {
		return nil, errors.New("ataxx: unknown rule set")
	}
	if nnNets[r] == nil {
		return nil, fmt.Errorf("ataxx: no hidden-layer net for the %s rules: %v", r, nnErr[r])
	}
	return nnNets[r], nil
}
