package kit

import (
	"image/color"
	"math"
	"testing"
)

// TestDeltaE2000 checks the formula on pairs of Sharma, Wu and Dalal's
// published test data, and the sRGB conversion on black and white.
func TestDeltaE2000(t *testing.T) {
	for _, c := range []struct {
		a, b [3]float64
		want float64
	}{
		{[3]float64{50, 2.6772, -79.7751}, [3]float64{50, 0, -82.7485}, 2.0425},
		{[3]float64{50, 0, 0}, [3]float64{50, -1, 2}, 2.3669},
		{[3]float64{50, 2.5, 0}, [3]float64{73, 25, -18}, 27.1492},
		{[3]float64{60.2574, -34.0099, 36.2677}, [3]float64{60.4626, -34.1751, 39.4387}, 1.2644},
		{[3]float64{2.0776, 0.0795, -1.135}, [3]float64{0.9033, -0.0636, -0.5514}, 0.9082},
	} {
		if d := deltaE2000Lab(c.a, c.b); math.Abs(d-c.want) > 1e-4 {
			t.Errorf("%v to %v: %.4f, want %.4f", c.a, c.b, d, c.want)
		}
	}
	black, white := color.NRGBA{0, 0, 0, 255}, color.NRGBA{255, 255, 255, 255}
	if d := DeltaE2000(black, white); math.Abs(d-100) > 0.01 {
		t.Errorf("black to white %.3f, want 100", d)
	}
	if d := DeltaE2000(OkabeIto["Blue"], OkabeIto["Blue"]); d != 0 {
		t.Errorf("a colour to itself %.3f", d)
	}
	a, b := OkabeIto["Orange"], OkabeIto["Yellow"]
	if d1, d2 := DeltaE2000(a, b), DeltaE2000(b, a); math.Abs(d1-d2) > 1e-9 {
		t.Errorf("not symmetric: %.4f %.4f", d1, d2)
	}
}
