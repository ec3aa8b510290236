//go:build amd64 && !purego

package ataxx

import (
	"embed"

	"golang.org/x/sys/cpu"
)

// nnAVX2 says the first layer may be summed with AVX2 (nnavx2_amd64.s):
// sixteen 16-bit sums in one instruction where the SWAR form adds four.
// The phones' processors take the SWAR form; this is for the desktops
// and the machines engines are matched on.
var nnAVX2 = cpu.X86.HasAVX2

// avx2WeightFiles are the nets that pay only where the AVX2 form sums
// them: wider ones, which the phones' SWAR form would evaluate too slowly
// to gain (docs/benchmarks-ataxx.md, "Round 9"). Only amd64 builds carry
// them.
//
//go:embed weights-avx2
var avx2WeightFiles embed.FS

// avx2NNFile is rule set r's net for AVX2 processors, if there is one.
func avx2NNFile(r Rules) ([]byte, bool) {
	if !nnAVX2 {
		return nil, false
	}
	data, err := avx2WeightFiles.ReadFile(avx2NNFileName(r))
	return data, err == nil
}

// nnForwardAVX2 is the output layer's sum, before its bias, of the net
// with first-layer weights w1, the rows at the byte offsets offs summed
// for units (a multiple of 64) hidden units with biases b1, and output
// weights w2: the clipped ReLU of each unit's sum, squared, times its
// output weight, as nnUnit computes them. A row's weights are within
// ±NNWeightLimit, so NNActive of them sum exactly in 16 bits.
//
//go:noescape
func nnForwardAVX2(w1 *int16, offs *[NNActive]int, b1, w2 *int16, units int) int64

// The assembly's constants: NNActive rows a sum, NNQA the clipped ReLU's
// top.
const (
	_ = uint(NNActive-39) + uint(39-NNActive)
	_ = uint(NNQA-255) + uint(255-NNQA)
)
