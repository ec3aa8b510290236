package main

import (
	"math/rand/v2"
	"testing"

	"github.com/jumpers-game/jumpers/core/ataxx"
)

// benchSet is n random positions' inputs (a board of random cells).
func benchSet(n, buckets int) *nnSet {
	rng := rand.New(rand.NewPCG(1, 2))
	s := &nnSet{}
	var in [ataxx.NNActive]uint16
	for range n {
		var us, them uint64
		for sq := range ataxx.Squares {
			switch rng.IntN(3) {
			case 1:
				us |= 1 << sq
			case 2:
				them |= 1 << sq
			}
		}
		ataxx.NNFeatures(us, them, ataxx.Standard, &in)
		s.feat = append(s.feat, in[:]...)
		s.bucket = append(s.bucket, uint8(rng.IntN(buckets)))
		s.target = append(s.target, float32(rng.Float64()))
	}
	return s
}

// The cost of one position's forward and backward pass (one goroutine).
func BenchmarkNNGradAdd(b *testing.B) {
	for _, h := range []int{64, 128, 256} {
		b.Run(map[int]string{64: "h64", 128: "h128", 256: "h256"}[h], func(b *testing.B) {
			s := benchSet(1024, 4)
			p := initNN(ataxx.NNLayoutKinds, h, 4, 300, 1)
			g := newNNGrad(ataxx.NNInputs, h, 4)
			for i := 0; b.Loop(); i++ {
				g.add(p, s, i%1024, 0, 0)
			}
		})
	}
}
