package ataxx

import (
	"bytes"
	"context"
	"math/rand/v2"
	"testing"

	"github.com/jumpers-game/jumpers/core/search"
	"pgregory.net/rapid"
)

// mapBoard applies symmetry g to every square of b.
func mapBoard(g int, b uint64) uint64 {
	var out uint64
	for ; b != 0; b &= b - 1 {
		sq := lowest(b)
		f, r := symmetry(g, File(sq), Rank(sq))
		out |= 1 << uint(Square(f, r))
	}
	return out
}

// randomNet is a net with random weights, made symmetric or not.
func randomNet(seed uint64, symmetric bool) *Net {
	rng := rand.New(rand.NewPCG(seed, 1))
	var weights [TuplePhases][]int16
	var terms [TuplePhases]NetTerms
	for ph := range weights {
		w := make([]float64, TupleOrbits*TupleStates)
		for i := range w {
			w[i] = rng.Float64()*200 - 100
		}
		if symmetric {
			SymmetrizeTuples(w)
		}
		weights[ph] = QuantizeTuples(w)
		terms[ph] = NetTerms{Material: int32(rng.IntN(200)), Tempo: int32(rng.IntN(100)), Threat: int32(rng.IntN(100)), Exposure: -int32(rng.IntN(100))}
	}
	n, err := DecodeNet(EncodeNet(weights, terms))
	if err != nil {
		panic(err)
	}
	return n
}

// checkSymmetric fails unless n scores p, its 7 mirror images and the
// board with the colours and the side to move swapped alike.
func checkSymmetric(t interface {
	Fatalf(string, ...any)
}, n *Net, p Position) {
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

// gapless plays a random game from the standard start.
func gaplessPosition(t *rapid.T) Position {
	p := New(Rules(rapid.IntRange(0, 1).Draw(t, "rules")))
	playRandom(&p, rand.New(rand.NewPCG(rapid.Uint64().Draw(t, "seed"), 3)), 120)
	return p
}

// TestNetSymmetric: the embedded nets, and any net whose weights went
// through SymmetrizeTuples, score a board like its mirror images and like
// the board with the sides swapped.
func TestNetSymmetric(t *testing.T) {
	random := randomNet(7, true)
	rapid.Check(t, func(t *rapid.T) {
		p := gaplessPosition(t)
		checkSymmetric(t, random, p)
		n, err := NetFor(p.rules)
		if err != nil {
			t.Fatalf("%v", err)
		}
		checkSymmetric(t, n, p)
	})
}

// TestNetSymmetryNeedsSymmetrize: without SymmetrizeTuples some board
// scores differently from a mirror image (so the test above can fail: the
// windows that a symmetry maps on themselves need it).
func TestNetSymmetryNeedsSymmetrize(t *testing.T) {
	n := randomNet(7, false)
	p := New(Standard)
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 30; i++ {
		ms := p.Moves(nil)
		if len(ms) == 0 {
			break
		}
		p.Play(ms[rng.IntN(len(ms))])
	}
	want := n.Evaluate(&p)
	for g := 1; g < 8; g++ {
		q := PositionOf(mapBoard(g, p.pieces[Black]), mapBoard(g, p.pieces[White]), 0, p.ToMove(), p.rules)
		if n.Evaluate(&q) != want {
			return
		}
	}
	t.Fatalf("%s: every mirror image scores %d with unsymmetrized weights", p.FEN(), want)
}

// TestEmbeddedNetsLoad: both rule sets have a net, and it judges the
// obvious: a side far ahead in material is ahead.
func TestEmbeddedNetsLoad(t *testing.T) {
	for r := Rules(0); r < numRules; r++ {
		n, err := NetFor(r)
		if err != nil {
			t.Fatal(err)
		}
		p, err := ParseFEN("xxxxxxx/xxxxxxx/xxxxxxx/7/7/7/oo5 x 0 20", r)
		if err != nil {
			t.Fatal(err)
		}
		if v := n.Evaluate(&p); v < 500 {
			t.Errorf("%s rules: 21 pieces against 2 scores %d for the 21", r, v)
		}
		p, _ = ParseFEN("xxxxxxx/xxxxxxx/xxxxxxx/7/7/7/oo5 o 0 20", r)
		if v := n.Evaluate(&p); v > -500 {
			t.Errorf("%s rules: 2 pieces against 21 score %d for the 2", r, v)
		}
	}
}

// TestDecodeNetRefusesBadFiles: a short, long or foreign file is refused.
func TestDecodeNetRefusesBadFiles(t *testing.T) {
	good := EncodeNet([TuplePhases][]int16{
		make([]int16, TupleOrbits*TupleStates), make([]int16, TupleOrbits*TupleStates),
		make([]int16, TupleOrbits*TupleStates), make([]int16, TupleOrbits*TupleStates),
		make([]int16, TupleOrbits*TupleStates),
	}, [TuplePhases]NetTerms{})
	if _, err := DecodeNet(good); err != nil {
		t.Fatal(err)
	}
	bad := [][]byte{nil, good[:len(good)-1], append(append([]byte(nil), good...), 0), append([]byte("ATXM"), good[4:]...)}
	v2 := append([]byte(nil), good...)
	v2[4] = 2
	bad = append(bad, v2)
	for i, b := range bad {
		if _, err := DecodeNet(b); err == nil {
			t.Errorf("file %d (%d bytes) accepted", i, len(b))
		}
	}
}

// TestTupleFeaturesMatchEvaluate: the trainer's features and the net's
// own reading of the board agree (a net whose only non-zero weight is one
// feature's scores the board by how often that feature occurs).
func TestTupleFeaturesMatchEvaluate(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := gaplessPosition(t)
		us, them := p.pieces[p.turn], p.pieces[p.turn^1]
		var feat [TupleWindows]int32
		TupleFeatures(us, them, &feat)
		k := feat[rapid.IntRange(0, TupleWindows-1).Draw(t, "window")]
		count := 0
		for _, x := range feat {
			if x == k {
				count++
			}
		}
		var weights [TuplePhases][]int16
		for ph := range weights {
			weights[ph] = make([]int16, TupleOrbits*TupleStates)
			weights[ph][k] = 100 * TupleWeightScale
		}
		n, err := DecodeNet(EncodeNet(weights, [TuplePhases]NetTerms{}))
		if err != nil {
			t.Fatal(err)
		}
		if got := n.Evaluate(&p); got != 100*count {
			t.Fatalf("%s: feature %d occurs %d times, the net scores %d", p.FEN(), k, count, got)
		}
	})
}

// TestNetBlendsPhases: the net scores a board as the weights file says,
// each of the two phase sets around its piece count summed over the
// windows' features with its terms, blended linearly (however Evaluate
// lays the weights out in memory).
func TestNetBlendsPhases(t *testing.T) {
	n := randomNet(11, false)
	rapid.Check(t, func(t *rapid.T) {
		p := gaplessPosition(t)
		us, them := p.pieces[p.turn], p.pieces[p.turn^1]
		var feat [TupleWindows]int32
		TupleFeatures(us, them, &feat)
		threat, exposure := Gains(us, them, p.gaps, p.rules)
		d := int32(popcount(us) - popcount(them))
		phaseSum := func(ph int) int32 {
			var s int32
			for _, k := range feat {
				s += int32(n.weights[ph*tupleTable+int(k)])
			}
			tm := n.terms[ph]
			return s + (tm.Material*d+tm.Tempo+tm.Threat*int32(threat)+tm.Exposure*int32(exposure))*TupleWeightScale
		}
		lo, hi, f := TuplePhase(popcount(us | them))
		want := int((phaseSum(lo)*int32(TuplePhaseStep-f) + phaseSum(hi)*int32(f)) / (TuplePhaseStep * TupleWeightScale))
		if got := n.Evaluate(&p); got != want {
			t.Fatalf("%s: the net scores %d, its weights file %d", p.FEN(), got, want)
		}
	})
}

func BenchmarkNetEvaluate(b *testing.B) {
	n, err := NetFor(Standard)
	if err != nil {
		b.Fatal(err)
	}
	ps := benchPositions()
	b.ResetTimer()
	s := 0
	for i := 0; i < b.N; i++ {
		s += n.Evaluate(&ps[i%len(ps)])
	}
	sink = s
}

func BenchmarkHandEvaluate(b *testing.B) {
	ps := benchPositions()
	b.ResetTimer()
	s := 0
	for i := 0; i < b.N; i++ {
		s += evaluate(&ps[i%len(ps)], &DefaultWeights)
	}
	sink = s
}

var sink int

// benchPositions are 64 middle-game positions of random games.
func benchPositions() []Position {
	rng := rand.New(rand.NewPCG(5, 5))
	var out []Position
	for len(out) < 64 {
		p := New(Standard)
		for i, n := 0, 20+rng.IntN(40); i < n; i++ {
			ms := p.Moves(nil)
			if len(ms) == 0 {
				break
			}
			p.Play(ms[rng.IntN(len(ms))])
		}
		if over, _ := p.Outcome(); !over {
			out = append(out, p)
		}
	}
	return out
}

// FuzzDecodeNet: any bytes are a net or an error, never a crash, and a net
// that loads encodes back to the same bytes.
func FuzzDecodeNet(f *testing.F) {
	good := EncodeNet([TuplePhases][]int16{
		make([]int16, TupleOrbits*TupleStates), make([]int16, TupleOrbits*TupleStates),
		make([]int16, TupleOrbits*TupleStates), make([]int16, TupleOrbits*TupleStates),
		make([]int16, TupleOrbits*TupleStates),
	}, [TuplePhases]NetTerms{{Material: 100}})
	f.Add(good)
	f.Add([]byte("ATXN"))
	f.Fuzz(func(t *testing.T, data []byte) {
		n, err := DecodeNet(data)
		if err != nil {
			return
		}
		if !bytes.Equal(n.encode(), data) {
			t.Fatal("a loaded net encodes to other bytes")
		}
	})
}

// searchBenchFENs are the start and five middle games (docs/benchmarks-ataxx.md).
var searchBenchFENs = []string{
	StartFEN,
	"x2xx1x/2x2x1/1x5/5o1/o3o2/1o2oo1/2o4 x 0 8",
	"x6/4xoo/3xxoo/3o1xx/2o4/7/7 x 1 11",
	"7/7/4oox/1xxooo1/1ooxxx1/1oo4/x6 x 1 14",
	"2o4/3o2o/4oxx/1o2xxo/2o2x1/xo1o3/xx5 x 1 17",
	"x6/1x5/1oo1xx1/1oo1xx1/1xx1oo1/1oo2o1/1oo4 x 1 20",
}

// TestEvalCacheSameTree: the search with Ataxx's evaluation cache visits
// the same tree as without it (the same nodes, move and score at a fixed
// depth), with the three evaluations and both rule sets: the cache only
// saves time.
func TestEvalCacheSameTree(t *testing.T) {
	hidden := mustNN(t, randomNNParams(17, 32, 4))
	for _, rules := range []Rules{Standard, SeedRules} {
		for _, style := range []string{"net", "classic", "hidden"} {
			cfg := SearchConfig(DefaultWeights)
			switch style {
			case "net":
				cfg = NetSearchConfig(nil, DefaultWeights)
			case "hidden":
				cfg = NNSearchConfig(hidden, DefaultWeights)
			}
			if cfg.EvalCache == 0 {
				t.Fatal("no evaluation cache to test")
			}
			plain := cfg
			plain.EvalCache = 0
			cached := search.New[Position, Move, *Position](cfg, 4)
			uncached := search.New[Position, Move, *Position](plain, 4)
			for _, fen := range searchBenchFENs {
				p, err := ParseFEN(fen, rules)
				if err != nil {
					t.Fatal(err)
				}
				lim := search.Limits[Move]{Depth: 6, Fresh: true}
				a := cached.Search(context.Background(), p, lim)
				b := uncached.Search(context.Background(), p, lim)
				if a.Nodes != b.Nodes || a.Move != b.Move || a.Score != b.Score {
					t.Errorf("%v %s %s: with the cache %d nodes, %v, %d; without %d nodes, %v, %d", rules, style, fen, a.Nodes, a.Move, a.Score, b.Nodes, b.Move, b.Score)
				}
			}
		}
	}
}

// BenchmarkSearch searches each position for 200,000 nodes with the
// learned evaluation (net) and the hand-written one (classic).
func BenchmarkSearch(b *testing.B) {
	for _, style := range []string{"net", "classic"} {
		b.Run(style, func(b *testing.B) {
			cfg := SearchConfig(DefaultWeights)
			if style == "net" {
				cfg = NetSearchConfig(nil, DefaultWeights)
			}
			s := search.New[Position, Move, *Position](cfg, 16)
			var nodes int64
			for i := 0; i < b.N; i++ {
				for _, fen := range searchBenchFENs {
					p, err := ParseFEN(fen, Standard)
					if err != nil {
						b.Fatal(err)
					}
					res := s.Search(context.Background(), p, search.Limits[Move]{Nodes: 200_000, Fresh: true})
					nodes += res.Nodes
				}
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}
