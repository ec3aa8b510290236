package ataxx

// The hidden-layer net as the search runs it: the same sums as
// NN.EvaluateBoard, four hidden units in one 64-bit add (SWAR), in plain Go
// (no assembly, so the same code runs on the phones' arm64 and 32-bit arm;
// amd64 with AVX2 takes nnavx2_amd64.s instead).
//
// Each first-layer weight is stored offset by nnLaneOffset, so it is 1…1023
// and the sum of NNActive of them stays below 2¹⁶: four 16-bit lanes of a
// uint64 never carry into one another. The offsets (NNActive·nnLaneOffset)
// come off once per unit, with the unit's bias, before the clipped ReLU.
//
// The units go in blocks of nnBlock: a block's eight words of sums stay in
// registers while the rows of the inputs that are on are added in, then
// its units go through the output layer. A last block of fewer units (a
// net of 4·k units) is summed word by word.
//
// An incremental first layer (updating the sums move by move, as chess
// nets do) does not pay here: a move changes 8.1 of the 36 windows on
// average (random games), 9.2 inputs with the counts, but the inputs are
// the side to move's view, so a child's are its parent's with the colours
// swapped. It would keep both views' sums, 2 × 9.2 inputs removed and
// added: 37 rows, against 39 for a fresh sum, and the search would carry
// them with the position.

const (
	// nnLaneOffset makes every stored first-layer weight positive.
	nnLaneOffset = NNWeightLimit + 1
	// nnBlock is the number of hidden units summed together: eight
	// words, what amd64's registers hold beside the loop's own.
	nnBlock      = 32
	nnBlockWords = nnBlock / 4
)

// The sums of NNActive offset weights fit in a lane.
const _ = uint16(NNActive * (NNWeightLimit + nnLaneOffset))

// prepare builds the SWAR form of the first layer from w1 and b1.
func (n *NN) prepare() {
	words := n.hidden / 4
	n.w1x = make([]uint64, n.inputs*words)
	for i := 0; i < n.inputs; i++ {
		for k := 0; k < words; k++ {
			var x uint64
			for lane := 0; lane < 4; lane++ {
				w := int(n.w1[i*n.hidden+4*k+lane]) + nnLaneOffset
				x |= uint64(w) << (16 * lane)
			}
			n.w1x[i*words+k] = x
		}
	}
	n.bias = make([]int32, n.hidden)
	for j, b := range n.b1 {
		n.bias[j] = int32(b) - NNActive*nnLaneOffset
	}
}

// evaluateFast is EvaluateBoard through the SWAR first layer, or AVX2's
// where there is one: the same score, exactly (TestNNFastAgreesWithPlain).
func (n *NN) evaluateFast(us, them uint64, r Rules) int {
	n = n.phaseOf(us, them)
	var in [NNActive]uint16
	NNFeaturesOf(n.layout, us, them, r, &in)
	b := NNBucket(Squares-popcount(us|them), n.buckets)
	if nnAVX2 && n.hidden%64 == 0 {
		return n.evaluateAVX2(&in, b)
	}
	return n.evaluateSWAR(&in, b)
}

// evaluateSWAR is the score of the inputs in (output set b) through the
// SWAR first layer.
func (n *NN) evaluateSWAR(in *[NNActive]uint16, b int) int {
	words := n.hidden / 4
	// The rows of the inputs that are on, as offsets into w1x.
	var rows [NNActive]int
	for k, i := range in {
		rows[k] = int(i) * words
	}
	w2 := n.w2[b*n.hidden : (b+1)*n.hidden]
	out := int64(n.b2[b])
	k := 0
	// Blocks of 32 units: eight words, summed in registers over the rows.
	for ; k+nnBlockWords <= words; k += nnBlockWords {
		var a0, a1, a2, a3, a4, a5, a6, a7 uint64
		for _, row := range rows[:] {
			w := (*[nnBlockWords]uint64)(n.w1x[row+k:])
			a0 += w[0]
			a1 += w[1]
			a2 += w[2]
			a3 += w[3]
			a4 += w[4]
			a5 += w[5]
			a6 += w[6]
			a7 += w[7]
		}
		bias := (*[nnBlock]int32)(n.bias[4*k:])
		w2b := (*[nnBlock]int16)(w2[4*k:])
		for q, x := range [nnBlockWords]uint64{a0, a1, a2, a3, a4, a5, a6, a7} {
			j := 4 * q
			out += nnUnit(x, bias[j], w2b[j]) + nnUnit(x>>16, bias[j+1], w2b[j+1]) +
				nnUnit(x>>32, bias[j+2], w2b[j+2]) + nnUnit(x>>48, bias[j+3], w2b[j+3])
		}
	}
	// The last units of a net whose size is not a multiple of 32.
	for ; k < words; k++ {
		var a uint64
		for _, row := range rows[:] {
			a += n.w1x[row+k]
		}
		out += nnWord(a, n.bias[4*k:4*k+4], w2[4*k:4*k+4])
	}
	return n.score(out)
}

// nnWord is the part of the output of the four units of a word of sums x.
func nnWord(x uint64, bias []int32, w2 []int16) int64 {
	bias, w2 = bias[:4], w2[:4]
	return nnUnit(x, bias[0], w2[0]) + nnUnit(x>>16, bias[1], w2[1]) +
		nnUnit(x>>32, bias[2], w2[2]) + nnUnit(x>>48, bias[3], w2[3])
}

// nnUnit is one hidden unit's part of the output: the low lane of x is its
// offset sum, bias its bias less the offsets. The product is exact in 32
// bits (255²·2¹⁵ < 2³¹), which 32-bit arm multiplies in one instruction.
func nnUnit(x uint64, bias int32, w2 int16) int64 {
	h := min(max(int32(x&0xffff)+bias, 0), NNQA)
	return int64(h * h * int32(w2))
}

// evaluateAVX2 is evaluateFast with the first layer summed by AVX2 (amd64
// only): the same score, exactly (TestNNFastAgreesWithPlain).
func (n *NN) evaluateAVX2(in *[NNActive]uint16, b int) int {
	var offs [NNActive]int
	for k, i := range in {
		offs[k] = 2 * int(i) * n.hidden // bytes
	}
	out := int64(n.b2[b]) + nnForwardAVX2(&n.w1[0], &offs, &n.b1[0], &n.w2[b*n.hidden], n.hidden)
	return n.score(out)
}
