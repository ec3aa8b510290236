//go:build !amd64 || purego

package ataxx

// Without amd64's AVX2 the first layer is always summed in SWAR form.
const nnAVX2 = false

// avx2NNFile: without AVX2 no rule set has a net of its own for it.
func avx2NNFile(Rules) ([]byte, bool) { return nil, false }

func nnForwardAVX2(w1 *int16, offs *[NNActive]int, b1, w2 *int16, units int) int64 {
	panic("ataxx: no AVX2 here")
}
