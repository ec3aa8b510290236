package main

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jumpers-game/jumpers/core/ataxx"
	"pgregory.net/rapid"
)

// zataxxNet is a Zataxx net file of hidden units with random weights,
// and its weights as Zataxx's evaluation reads them.
type zataxxNet struct {
	w1        [][]int16 // [input][unit]
	b1, w2    []int16
	bias      int16
	hidden    int
	fileBytes []byte
}

func randomZataxxNet(rng *rand.Rand, hidden int) zataxxNet {
	n := zataxxNet{hidden: hidden, b1: make([]int16, hidden), w2: make([]int16, hidden)}
	r := func(lim int) int16 { return int16(rng.IntN(2*lim+1) - lim) }
	var out []byte
	put := func(v int16) { out = binary.LittleEndian.AppendUint16(out, uint16(v)) }
	n.w1 = make([][]int16, 2916)
	for i := range n.w1 {
		n.w1[i] = make([]int16, hidden)
		for j := range n.w1[i] {
			n.w1[i][j] = r(120)
			put(n.w1[i][j])
		}
	}
	for j := range hidden {
		n.b1[j] = r(200)
		put(n.b1[j])
	}
	for j := range hidden {
		n.w2[j] = r(150)
		put(n.w2[j])
	}
	n.bias = r(3000)
	put(n.bias)
	n.fileBytes = out
	return n
}

// eval is Zataxx's evaluate (src/nn.rs) written again from its source:
// each 2×2 window's state counts the side to move's cells once and the
// opponent's twice, in powers of three in the order a1, b1, a2, b2 of the
// window; the division by QA and the scaling truncate toward zero.
func (n zataxxNet) eval(us, them uint64) int {
	acc := make([]int32, n.hidden)
	for j := range acc {
		acc[j] = int32(n.b1[j])
	}
	powers := [4]int{1, 3, 9, 27}
	const mask = 0b0001_1000_0011
	for i := range 6 {
		for j := range 6 {
			idx := 81 * (6*i + j)
			off := 7*i + j
			for side, b := range []uint64{us, them} {
				for x := (b >> off) & mask; x != 0; x &= x - 1 {
					sq := bits.TrailingZeros64(x)
					if sq > 6 {
						sq -= 5
					}
					idx += (side + 1) * powers[sq]
				}
			}
			for k := range acc {
				acc[k] += int32(n.w1[idx][k])
			}
		}
	}
	var sum int32
	for k, x := range acc {
		h := min(max(x, 0), zataxxQA)
		sum += h * h * int32(n.w2[k])
	}
	return int((sum/zataxxQA + int32(n.bias)) * zataxxScale / (zataxxQA * zataxxQB))
}

// A Zataxx net converted at scale 400 scores every board as Zataxx's own
// evaluation does, to within the rounding of its integer divisions.
func TestForeignZataxxNetScoresAsZataxx(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	zn := randomZataxxNet(rng, 8)
	dir := t.TempDir()
	src, dst := filepath.Join(dir, "net.bin"), filepath.Join(dir, "ours.bin")
	if err := os.WriteFile(src, zn.fileBytes, 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"foreign", "-scale", "400", "-out", dst, src}, &stdout, &stderr); code != 0 {
		t.Fatalf("foreign: %d, %s", code, stderr.String())
	}
	data, err := os.ReadFile(dst)
	if err != nil {
		t.Fatal(err)
	}
	net, err := ataxx.DecodeNN(data)
	if err != nil {
		t.Fatal(err)
	}
	spread := map[int]bool{}
	rapid.Check(t, func(t *rapid.T) {
		var us, them uint64
		for sq := range ataxx.Squares {
			switch rapid.IntRange(0, 2).Draw(t, "cell") {
			case 1:
				us |= 1 << sq
			case 2:
				them |= 1 << sq
			}
		}
		want := zn.eval(us, them)
		got := net.EvaluateBoard(us, them, ataxx.Standard)
		if d := got - want; d < -1 || d > 1 {
			t.Fatalf("ours %d, Zataxx's %d", got, want)
		}
		spread[want/20] = true
	})
	if len(spread) < 4 {
		t.Fatalf("the random net scores nearly every board alike (%d bands): the test says little", len(spread))
	}
	// The same file again is refused: a conversion never overwrites.
	if code := run([]string{"foreign", "-out", dst, src}, &stdout, &stderr); code == 0 {
		t.Fatal("foreign overwrote its output")
	}
}

func TestForeignRefusesWhatIsNotAZataxxNet(t *testing.T) {
	dir := t.TempDir()
	rng := rand.New(rand.NewPCG(7, 8))
	big := randomZataxxNet(rng, 4)
	bad := int16(-600)
	binary.LittleEndian.PutUint16(big.fileBytes[2*17:], uint16(bad)) // beyond our first layer's bound
	for name, data := range map[string][]byte{
		"short":  make([]byte, 1000),
		"odd":    append(randomZataxxNet(rng, 4).fileBytes, 0),
		"3units": make([]byte, 2*((2916+2)*3+1)),
		"big":    big.fileBytes,
	} {
		src := filepath.Join(dir, name)
		if err := os.WriteFile(src, data, 0o644); err != nil {
			t.Fatal(err)
		}
		var stdout, stderr bytes.Buffer
		out := filepath.Join(dir, name+".out")
		if code := run([]string{"foreign", "-out", out, src}, &stdout, &stderr); code == 0 || !strings.Contains(stderr.String(), name) {
			t.Errorf("%s: exit %d, %q", name, code, stderr.String())
		}
		if _, err := os.Stat(out); err == nil {
			t.Errorf("%s: wrote %s", name, out)
		}
	}
}
