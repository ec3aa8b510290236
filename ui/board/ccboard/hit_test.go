package ccboard

import (
	"testing"

	"fyne.io/fyne/v2"

	cc "github.com/jumpers-game/jumpers/core/chinesecheckers"
)

func TestCCHitTest(t *testing.T) {
	g := GeomFor(fyne.NewSize(300, 346))
	for h := 0; h < cc.NumHoles; h++ {
		x, y := g.XY(h)
		// a finger a third of a spacing off still finds the hole
		if got := hit(g, fyne.NewPos(x+g.U*0.3, y-g.U*0.1), nil); got != h {
			t.Fatalf("hole %s: hit %s", cc.HoleName(h), cc.HoleName(got))
		}
	}
	if hit(g, fyne.NewPos(1, 1), nil) != -1 {
		t.Fatal("a corner beside the star is a hole")
	}
	// Between a target and another hole, the target wins.
	a, b := 60, 61
	xa, ya := g.XY(a)
	xb, yb := g.XY(b)
	mid := fyne.NewPos((xa+xb)/2+(xb-xa)*0.08, (ya+yb)/2)
	if got := hit(g, mid, []int{a}); got != a {
		t.Fatalf("hit %s, want the target %s", cc.HoleName(got), cc.HoleName(a))
	}
}

// A finger near a hole finds it, up to a finger's reach beyond the
// drawn circle, even on a small star; beyond the reach it finds nothing.
func TestCCHitRadius(t *testing.T) {
	g := GeomFor(fyne.NewSize(200, 231)) // holes about 15 dp apart
	if g.U > 16 {
		t.Fatalf("holes %.1f apart, want a small star", g.U)
	}
	tip, _ := cc.ParseHole("a1")
	x, y := g.XY(tip)
	// below the bottom tip no other hole is near
	if got := hit(g, fyne.NewPos(x, y+fingerR-2), nil); got != tip {
		t.Fatalf("%d dp below a1: hit %s", fingerR-2, cc.HoleName(got))
	}
	if got := hit(g, fyne.NewPos(x, y+fingerR+3), nil); got != -1 {
		t.Fatalf("%d dp below a1: hit %s, want nothing", fingerR+3, cc.HoleName(got))
	}
	// a candidate wins over an empty hole slightly nearer
	e5, _ := cc.ParseHole("e5")
	e6, _ := cc.ParseHole("e6")
	x5, y5 := g.XY(e5)
	x6, _ := g.XY(e6)
	p := fyne.NewPos(x5+(x6-x5)*0.6, y5)
	if got := hit(g, p, []int{e5}); got != e5 {
		t.Fatalf("hit %s, want the candidate e5", cc.HoleName(got))
	}
	if got := hit(g, p, nil); got != e6 {
		t.Fatalf("hit %s, want the nearer e6 when neither is a candidate", cc.HoleName(got))
	}
}
