package main

import (
	"math/rand/v2"
	"testing"
)

// The assembly's sums and steps are the Go loops' (float additions in the
// same order, so exactly), for the widths it takes and those it leaves to
// Go, with rows named twice.
func TestRowsMatchTheGoLoops(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, h := range []int{8, 60, 64, 128, 192, 256} {
		const inputs = 300
		w1 := make([]float32, inputs*h)
		for i := range w1 {
			w1[i] = rng.Float32()*2 - 1
		}
		b1, d := make([]float32, h), make([]float32, h)
		for j := range h {
			b1[j], d[j] = rng.Float32(), rng.Float32()-0.5
		}
		feat := make([]uint16, 39)
		for k := range feat {
			feat[k] = uint16(rng.IntN(inputs))
		}
		feat[7] = feat[3] // a row twice

		got := make([]float32, h)
		sumRows(got, b1, w1, feat, h)
		want := make([]float32, h)
		copy(want, b1)
		for _, i := range feat {
			addTo(want, w1[int(i)*h:int(i)*h+h])
		}
		for j := range h {
			if got[j] != want[j] {
				t.Fatalf("h %d: sum of unit %d is %v, want %v", h, j, got[j], want[j])
			}
		}

		stepped := append([]float32(nil), w1...)
		scatterAdd(stepped, feat, d, h)
		for _, i := range feat {
			addTo(w1[int(i)*h:int(i)*h+h], d)
		}
		for k := range w1 {
			if stepped[k] != w1[k] {
				t.Fatalf("h %d: weight %d is %v after the step, want %v", h, k, stepped[k], w1[k])
			}
		}
	}
}

func TestRowsRefuseAnInputWithoutARow(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Fatal("an input past the rows was summed")
		}
	}()
	h := 64
	w1 := make([]float32, 10*h)
	acc, b1 := make([]float32, h), make([]float32, h)
	sumRows(acc, b1, w1, []uint16{3, 10}, h)
}

// The output and its gradient agree with the assembly exactly, for units
// below, inside and above the clamp.
func TestOutputAndBackMatchTheGoLoops(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, h := range []int{8, 64, 128, 256} {
		acc, w2, gw2, dacc := make([]float32, h), make([]float32, h), make([]float32, h), make([]float32, h)
		for j := range h {
			acc[j] = rng.Float32()*3 - 1 // a third each below 0, in [0, 1] and above 1
			w2[j] = rng.Float32()*2 - 1
			gw2[j] = rng.Float32()
		}
		acc[0], acc[1] = 0, 1
		d := rng.Float32() - 0.5

		var lanes [8]float32
		for j, a := range acc {
			x := min(max(a, 0), 1)
			lanes[j%8] += float32(x*x) * w2[j]
		}
		var want float32
		for _, l := range lanes {
			want += l
		}
		if got := outputOf(acc, w2); got != want {
			t.Fatalf("h %d: output %v, want %v", h, got, want)
		}

		wantG := append([]float32(nil), gw2...)
		wantD := make([]float32, h)
		for j, a := range acc {
			switch {
			case a <= 0:
			case a >= 1:
				wantG[j] += d
			default:
				wantG[j] += float32(d*a) * a
				wantD[j] = float32(float32(d*2)*a) * w2[j]
			}
		}
		back(acc, w2, gw2, dacc, d)
		for j := range h {
			if gw2[j] != wantG[j] || dacc[j] != wantD[j] {
				t.Fatalf("h %d, unit %d (sum %v): gradients %v, %v, want %v, %v", h, j, acc[j], gw2[j], dacc[j], wantG[j], wantD[j])
			}
		}
	}
}
