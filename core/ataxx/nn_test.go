package ataxx

import (
	"bytes"
	"math"
	"math/rand/v2"
	"os"
	"testing"

	"pgregory.net/rapid"
)

// randomNNParams are weights in the ranges training gives: first-layer
// weights small enough that hidden units are neither always off nor
// always clipped.
func randomNNParams(seed uint64, hidden, buckets int) *NNParams {
	return randomNNParamsOf(NNLayoutKinds, seed, hidden, buckets)
}

func randomNNParamsOf(l NNLayout, seed uint64, hidden, buckets int) *NNParams {
	rng := rand.New(rand.NewPCG(seed, 2))
	p := NewNNParamsOf(l, hidden, buckets, 300)
	for i := range p.W1 {
		p.W1[i] = float32(rng.NormFloat64() * 0.15)
	}
	for i := range p.B1 {
		p.B1[i] = float32(rng.Float64())
	}
	for i := range p.W2 {
		p.W2[i] = float32(rng.NormFloat64() * 0.3)
	}
	for i := range p.B2 {
		p.B2[i] = float32(rng.NormFloat64() * 0.1)
	}
	return p
}

func mustNN(t testing.TB, p *NNParams) *NN {
	data, err := EncodeNN(p)
	if err != nil {
		t.Fatal(err)
	}
	n, err := DecodeNN(data)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// The integer net scores like the float net it was quantised from, within
// a few hundredths of a piece, and scores a board like its mirror images
// and like the board with the colours and the side to move swapped.
func TestNNQuantisedAgreesAndIsSymmetric(t *testing.T) {
	params := randomNNParams(5, 32, 3)
	n := mustNN(t, params)
	worst := 0.0
	rapid.Check(t, func(t *rapid.T) {
		p := gaplessPosition(t)
		us, them := p.pieces[p.turn], p.pieces[p.turn^1]
		got := n.Evaluate(&p)
		want := params.Output(us, them, p.rules) * params.Scale
		// Quantisation: each of 40 first-layer weights and biases off by
		// up to 1/510 (0.007 in a hidden unit's sum, one standard
		// deviation), each output weight by 1/512: about 4 hundredths of a
		// piece a standard deviation with these weights; the largest of
		// 3,000 boards was 12.
		if d := math.Abs(float64(got) - want); d > 16 {
			t.Fatalf("%s: integer net %d, float net %.1f", p.FEN(), got, want)
		} else {
			worst = max(worst, d)
		}
		checkNNSymmetric(t, n, p)
	})
	t.Logf("largest difference: %.2f hundredths of a piece", worst)
}

func checkNNSymmetric(t interface{ Fatalf(string, ...any) }, n *NN, p Position) {
	want := n.Evaluate(&p)
	for g := 1; g < 8; g++ {
		q := PositionOf(mapBoard(g, p.pieces[Black]), mapBoard(g, p.pieces[White]), 0, p.ToMove(), p.rules)
		if got := n.Evaluate(&q); got != want {
			t.Fatalf("%s: symmetry %d scores %d, the board %d", p.FEN(), g, got, want)
		}
	}
	q := PositionOf(p.pieces[White], p.pieces[Black], 0, 1-p.ToMove(), p.rules)
	if got := n.Evaluate(&q); got != want {
		t.Fatalf("%s: colours swapped score %d, the board %d", p.FEN(), got, want)
	}
}

// A file survives encoding: decode then encode gives the same bytes, and
// the output set follows the empty squares.
func TestNNFileRoundTrip(t *testing.T) {
	params := randomNNParams(9, 16, 4)
	data, err := EncodeNN(params)
	if err != nil {
		t.Fatal(err)
	}
	if len(data) != NNFileSize(16, 4) {
		t.Fatalf("%d bytes, want %d", len(data), NNFileSize(16, 4))
	}
	n, err := DecodeNN(data)
	if err != nil {
		t.Fatal(err)
	}
	if again := n.encode(); !bytes.Equal(again, data) {
		t.Fatal("decode then encode changed the file")
	}
	// The float weights read back from a file are the file's: encoded
	// again, the same bytes, for this net and the shipped ones.
	avx2, err := os.ReadFile(avx2NNFileName(Standard))
	if err != nil {
		t.Fatal(err)
	}
	for name, file := range map[string][]byte{"random net": data, "standard-nn.bin": embeddedNN(t, Standard), "seed-nn.bin": embeddedNN(t, SeedRules), "AVX2 standard-nn.bin": avx2} {
		n, err := DecodeNN(file)
		if err != nil {
			t.Fatal(name, err)
		}
		if !bytes.Equal(n.encode(), file) {
			t.Fatalf("%s: read back, another file", name)
		}
		// A two-phase file's nets each (the AVX2 processors' net).
		for part := n; part != nil; part, _ = part.Endgame() {
			if again, err := EncodeNN(part.Params()); err != nil || !bytes.Equal(again, part.encodeOne()) {
				t.Fatalf("%s: its weights as floats encode to another file (%v)", name, err)
			}
		}
	}
	for empty, want := range map[int]int{0: 0, 12: 0, 13: 1, 25: 2, 37: 2, 38: 3, 49: 3} {
		if got := NNBucket(empty, 4); got != want {
			t.Errorf("%d empty squares: output set %d, want %d", empty, got, want)
		}
	}
}

func TestDecodeNNRefusesBadFiles(t *testing.T) {
	good, err := EncodeNN(randomNNParams(1, 8, 1))
	if err != nil {
		t.Fatal(err)
	}
	bad := map[string][]byte{
		"empty":                          nil,
		"linear net":                     append([]byte("ATXN"), good[4:]...),
		"short":                          good[:len(good)-1],
		"long":                           append(bytes.Clone(good), 0),
		"version 3":                      with(good, 4, 3),
		"canonical layout, kinds length": with(good, 4, 2),
		"3 hidden":                       with(good, 8, 3),
		"no output set":                  with(good, 12, 0),
		"zero scale":                     with(good, 16, 0),
		"weight too wide":                with16(good, nnHeader, 600),
	}
	for name, data := range bad {
		if n, err := DecodeNN(data); err == nil {
			t.Errorf("%s: decoded to %v", name, n)
		}
	}
	if _, err := EncodeNN(NewNNParams(6, 1, 300)); err == nil {
		t.Error("encoded 6 hidden units (not a multiple of 4)")
	}
}

func with(data []byte, at int, v uint32) []byte {
	out := bytes.Clone(data)
	out[at], out[at+1], out[at+2], out[at+3] = byte(v), byte(v>>8), byte(v>>16), byte(v>>24)
	return out
}

func with16(data []byte, at int, v int16) []byte {
	out := bytes.Clone(data)
	out[at], out[at+1] = byte(v), byte(uint16(v)>>8)
	return out
}

func FuzzDecodeNN(f *testing.F) {
	good, err := EncodeNN(randomNNParams(1, 4, 2))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(good)
	f.Add(good[:nnHeader])
	f.Fuzz(func(t *testing.T, data []byte) {
		n, err := DecodeNN(data)
		if err != nil {
			return
		}
		if !bytes.Equal(n.encode(), data) {
			t.Fatal("a file that decodes does not encode back to itself")
		}
		for _, fen := range searchBenchFENs[:3] {
			p, err := ParseFEN(fen, Standard)
			if err != nil {
				t.Fatal(err)
			}
			if got, want := n.Evaluate(&p), n.EvaluateBoard(p.pieces[p.turn], p.pieces[p.turn^1], p.rules); got != want {
				t.Fatalf("%s: fast %d, plain %d", fen, got, want)
			}
		}
	})
}

func BenchmarkNNEvaluate(b *testing.B) {
	ps := benchPositions()
	for _, l := range []NNLayout{NNLayoutKinds, NNLayoutCanon, NNLayoutRaw} {
		for _, h := range []int{64, 128, 256} {
			n := mustNN(b, randomNNParamsOf(l, 3, h, 4))
			name := map[int]string{64: "64", 128: "128", 256: "256"}[h]
			if l != NNLayoutKinds {
				name = l.String() + "/" + name
			}
			b.Run(name, func(b *testing.B) {
				s := 0
				for i := 0; i < b.N; i++ {
					s += n.Evaluate(&ps[i%len(ps)])
				}
				sink = s
			})
		}
	}
}

func BenchmarkNNForms(b *testing.B) {
	ps := benchPositions()
	for _, h := range []int{64, 128, 256} {
		n := mustNN(b, randomNNParams(3, h, 4))
		name := map[int]string{64: "64", 128: "128", 256: "256"}[h]
		b.Run("plain/"+name, func(b *testing.B) {
			s := 0
			defer cpuTimer(b)()
			for i := 0; i < b.N; i++ {
				p := &ps[i%len(ps)]
				s += n.EvaluateBoard(p.pieces[p.turn], p.pieces[p.turn^1], p.rules)
			}
			sink = s
		})
		// The fast forms on inputs already read (the features below).
		form := func(eval func(in *[NNActive]uint16, b int) int) func(b *testing.B) {
			return func(b *testing.B) {
				in := make([][NNActive]uint16, len(ps))
				sets := make([]int, len(ps))
				for k := range ps {
					p := &ps[k]
					NNFeatures(p.pieces[p.turn], p.pieces[p.turn^1], p.rules, &in[k])
					sets[k] = NNBucket(Squares-popcount(p.pieces[0]|p.pieces[1]), n.buckets)
				}
				s := 0
				defer cpuTimer(b)()
				for i := 0; i < b.N; i++ {
					s += eval(&in[i%len(ps)], sets[i%len(ps)])
				}
				sink = s
			}
		}
		b.Run("swar/"+name, form(n.evaluateSWAR))
		if nnAVX2 {
			b.Run("avx2/"+name, form(n.evaluateAVX2))
		}
	}
	// The inputs: the kinds layout's, and the raw layout's, which the
	// built-in AVX2 net reads.
	for _, f := range []struct {
		name     string
		features func(us, them uint64, r Rules, dst *[NNActive]uint16)
	}{{"features", NNFeatures}, {"features-raw", nnFeaturesRaw}} {
		b.Run(f.name, func(b *testing.B) {
			var in [NNActive]uint16
			s := 0
			defer cpuTimer(b)()
			for i := 0; i < b.N; i++ {
				p := &ps[i%len(ps)]
				f.features(p.pieces[p.turn], p.pieces[p.turn^1], p.rules, &in)
				s += int(in[0])
			}
			sink = s
		})
	}
	b.Run("gains", func(b *testing.B) {
		s := 0
		defer cpuTimer(b)()
		for i := 0; i < b.N; i++ {
			p := &ps[i%len(ps)]
			t, e := Gains(p.pieces[p.turn], p.pieces[p.turn^1], 0, p.rules)
			s += t + e
		}
		sink = s
	})
}

// randomIntNN is a net drawn straight in integers, up to the limits a
// weights file allows: first-layer weights up to ±NNWeightLimit (where the
// SWAR lanes are fullest), biases and output weights up to 16 bits, and
// with some draws all weights of a unit at one extreme.
func randomIntNN(t *rapid.T) *NN {
	hidden := 4 * rapid.IntRange(1, 80).Draw(t, "quads")
	if rapid.Bool().Draw(t, "blocks of 64") { // AVX2's shapes
		hidden = 64 * rapid.IntRange(1, 5).Draw(t, "blocks")
	}
	buckets := rapid.IntRange(1, NNMaxBuckets).Draw(t, "buckets")
	rng := rand.New(rand.NewPCG(rapid.Uint64().Draw(t, "seed"), 7))
	wide := rapid.IntRange(1, NNWeightLimit).Draw(t, "first-layer range")
	extreme := rapid.IntRange(0, 2).Draw(t, "extreme") // 0 none, 1 all +, 2 all −
	layout := rapid.SampledFrom([]NNLayout{NNLayoutKinds, NNLayoutCanon, NNLayoutRaw}).Draw(t, "layout")
	n := &NN{layout: layout, inputs: layout.Inputs(), hidden: hidden, buckets: buckets, scale: int64(rapid.IntRange(1, 100000).Draw(t, "scale"))}
	n.w1 = make([]int16, n.inputs*hidden)
	for i := range n.w1 {
		switch extreme {
		case 1:
			n.w1[i] = NNWeightLimit
		case 2:
			n.w1[i] = -NNWeightLimit
		default:
			n.w1[i] = int16(rng.IntN(2*wide+1) - wide)
		}
	}
	n.b1 = make([]int16, hidden)
	for i := range n.b1 {
		if rng.IntN(4) == 0 {
			n.b1[i] = int16(rng.IntN(1<<16) - 1<<15)
		} else {
			n.b1[i] = int16(rng.IntN(2*NNQA+1) - NNQA/2)
		}
	}
	n.w2 = make([]int16, buckets*hidden)
	for i := range n.w2 {
		n.w2[i] = int16(rng.IntN(1<<16) - 1<<15)
	}
	n.b2 = make([]int32, buckets)
	for i := range n.b2 {
		n.b2[i] = int32(rng.Uint32())
	}
	decoded, err := DecodeNN(n.encode())
	if err != nil {
		t.Fatal(err)
	}
	return decoded
}

// The search's forms of the net (SWAR, blocks of units; AVX2 on amd64)
// score every board exactly as the plain reference, for nets of many shapes and weights up
// to the limits of the file format, under both rule sets.
func TestNNFastAgreesWithPlain(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := randomIntNN(t)
		for range 8 {
			p := gaplessPosition(t)
			us, them := p.pieces[p.turn], p.pieces[p.turn^1]
			want := n.EvaluateBoard(us, them, p.rules)
			if got := n.Evaluate(&p); got != want {
				t.Fatalf("%d hidden, %d sets, %s: fast %d, plain %d", n.hidden, n.buckets, p.FEN(), got, want)
			}
			// Both fast forms, whichever Evaluate took.
			var in [NNActive]uint16
			NNFeaturesOf(n.layout, us, them, p.rules, &in)
			b := NNBucket(Squares-popcount(us|them), n.buckets)
			if got := n.evaluateSWAR(&in, b); got != want {
				t.Fatalf("%d hidden, %d sets, %s: SWAR %d, plain %d", n.hidden, n.buckets, p.FEN(), got, want)
			}
			if nnAVX2 && n.hidden%64 == 0 {
				if got := n.evaluateAVX2(&in, b); got != want {
					t.Fatalf("%d hidden, %d sets, %s: AVX2 %d, plain %d", n.hidden, n.buckets, p.FEN(), got, want)
				}
			}
		}
	})
}

func embeddedNN(t *testing.T, r Rules) []byte {
	t.Helper()
	data, err := weightFiles.ReadFile(nnFileName(r))
	if err != nil {
		t.Skipf("no embedded %s net: %v", r, err)
	}
	return data
}

// The shipped nets score a board and its seven images alike: exactly
// when the net turns the board to its canonical image first, within a
// stated margin when it reads the board as it stands and learnt the
// symmetries from training on every image (fitnn -all-images). The
// boards are those of games between two players who take the most
// pieces two times in three and a random move otherwise. Colours
// swapped with the side to move score the same under every layout.
// Every file is read from disk, so each processor checks them all.
func TestShippedNNsScoreImagesAlike(t *testing.T) {
	for _, c := range []struct {
		file string
		r    Rules
	}{{nnFileName(Standard), Standard}, {nnFileName(SeedRules), SeedRules}, {avx2NNFileName(Standard), Standard}} {
		data, err := os.ReadFile(c.file)
		if err != nil {
			t.Fatal(err)
		}
		n, err := DecodeNN(data)
		if err != nil {
			t.Fatal(c.file, err)
		}
		r := c.r
		rng := rand.New(rand.NewPCG(uint64(r), 11))
		var sum, count float64
		var far int // image scores more than a piece apart
		for game := 0; game < 60; game++ {
			p := New(r)
			for ply := 0; ply < 200; ply++ {
				if over, _ := p.Outcome(); over {
					break
				}
				moves := p.Moves(nil)
				us, them := p.pieces[p.turn], p.pieces[p.turn^1]
				want := n.EvaluateBoard(us, them, r)
				swapped := PositionOf(p.pieces[White], p.pieces[Black], p.gaps, 1-p.ToMove(), r)
				if got := n.Evaluate(&swapped); got != n.Evaluate(&p) {
					t.Fatalf("%s, %s: colours swapped score %d, the board %d", c.file, p.FEN(), got, n.Evaluate(&p))
				}
				for g := 1; g < 8; g++ {
					d := n.EvaluateBoard(mapBoard(g, us), mapBoard(g, them), r) - want
					if n.layout != NNLayoutRaw && d != 0 {
						t.Fatalf("%s, %s: image %d scores %+d off the board", c.file, p.FEN(), g, d)
					}
					sum += math.Abs(float64(d))
					count++
					if d > 100 || d < -100 {
						far++
					}
				}
				move := moves[rng.IntN(len(moves))]
				if rng.IntN(3) > 0 {
					most := -1
					for _, m := range moves {
						if k := popcount(p.Converted(m)); k > most {
							most, move = k, m
						}
					}
				}
				p.Play(move)
			}
		}
		mean, farShare := sum/count, float64(far)/count
		t.Logf("%s (%s): %.0f images, mean difference %.1f hundredths of a piece, %.1f%% more than a piece", c.file, n, count, mean, 100*farShare)
		// Round 9's raw net (weights-avx2/): 25.2 and 4.4% on these boards.
		if mean > 40 || farShare > 0.10 {
			t.Errorf("%s: images score %.1f hundredths of a piece apart on average, %.1f%% more than a piece", c.file, mean, 100*farShare)
		}
	}
}

// NNFor gives the AVX2 processors' net where the AVX2 form sums it, and
// the one every processor has elsewhere.
func TestNNForPicksTheNetOfTheProcessor(t *testing.T) {
	n, err := NNFor(Standard)
	if err != nil {
		t.Fatal(err)
	}
	want := nnFileName(Standard)
	if nnAVX2 {
		want = avx2NNFileName(Standard)
	}
	data, err := os.ReadFile(want)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(n.encode(), data) {
		t.Fatalf("AVX2 form %v: the standard rules' net is not %s", nnAVX2, want)
	}
	seed, err := NNFor(SeedRules)
	if err != nil {
		t.Fatal(err)
	}
	if data, err := os.ReadFile(nnFileName(SeedRules)); err != nil || !bytes.Equal(seed.encode(), data) {
		t.Fatalf("the seed rules' net is not %s (%v)", nnFileName(SeedRules), err)
	}
}
