package ataxx

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/search"
	"pgregory.net/rapid"
)

// NNSearchConfig evaluates boards without gaps with its net and boards
// with gaps with the hand-written evaluation (the nets never saw gaps),
// for the side the search asks about.
func TestNNSearchConfigEvaluates(t *testing.T) {
	n := mustNN(t, randomNNParams(11, 16, 2))
	w, err := StyleWeights("defensive")
	if err != nil {
		t.Fatal(err)
	}
	cfg := NNSearchConfig(n, w)
	rapid.Check(t, func(t *rapid.T) {
		p := gaplessPosition(t)
		if gaps := rapid.Bool().Draw(t, "gaps"); gaps {
			var err error
			rules := p.rules
			if p, err = ParseFEN(Layouts[rapid.SampledFrom([]string{"four-gaps", "cross", "edges"}).Draw(t, "layout")], rules); err != nil {
				t.Fatal(err)
			}
			playRandom(&p, rand.New(rand.NewPCG(rapid.Uint64().Draw(t, "seed2"), 3)), 60)
		}
		want := n.Evaluate(&p)
		if p.gaps != 0 {
			want = Evaluate(&p, w)
		}
		pov := rapid.IntRange(0, 1).Draw(t, "pov")
		if pov != p.ToMove() {
			want = -want
		}
		if got := cfg.Eval(&p, pov); got != want {
			t.Fatalf("%s seen by %d: %d, want %d", p.FEN(), pov, got, want)
		}
	})
}

// Without embedded hidden-layer nets, the default style plays exactly as
// the n-tuple net did (the same tree at a fixed depth), and no "linear"
// style is listed; with one, it is.
func TestNNDefaultFallsBackToTheLinearNet(t *testing.T) {
	embedded := nnNets != [numRules]*NN{}
	if got := slices.Contains(Styles, StyleLinear); got != embedded {
		t.Fatalf("styles %v with embedded hidden-layer nets %v", Styles, nnNets)
	}
	for r := Rules(0); r < numRules; r++ {
		if _, err := weightFiles.ReadFile(nnFileName(r)); err == nil && nnErr[r] != nil {
			t.Errorf("the embedded %s: %v", nnFileName(r), nnErr[r])
		}
	}
	if embedded {
		t.Skip("hidden-layer nets are embedded")
	}
	a := search.New[Position, Move, *Position](NNSearchConfig(nil, DefaultWeights), 4)
	b := search.New[Position, Move, *Position](NetSearchConfig(nil, DefaultWeights), 4)
	for _, fen := range searchBenchFENs[:3] {
		p, err := ParseFEN(fen, Standard)
		if err != nil {
			t.Fatal(err)
		}
		lim := search.Limits[Move]{Depth: 5, Fresh: true}
		x, y := a.Search(context.Background(), p, lim), b.Search(context.Background(), p, lim)
		if x.Nodes != y.Nodes || x.Move != y.Move || x.Score != y.Score {
			t.Errorf("%s: %d nodes, %v, %d; the n-tuple net %d nodes, %v, %d", fen, x.Nodes, x.Move, x.Score, y.Nodes, y.Move, y.Score)
		}
	}
}

// LoadEval takes a hidden-layer weights file and an n-tuple one, refuses
// anything else with the reason, and BestMove plays with what it loaded:
// the same search as NNSearchConfig with that net.
func TestLoadEval(t *testing.T) {
	data, err := EncodeNN(randomNNParams(13, 16, 2))
	if err != nil {
		t.Fatal(err)
	}
	e, err := Game{}.LoadEval(data)
	if err != nil {
		t.Fatal(err)
	}
	if got := e.String(); got != "hidden-layer net: 16 hidden units, 2 output sets, scale 300" {
		t.Errorf("described as %q", got)
	}
	linear, err := weightFiles.ReadFile("weights/standard.bin")
	if err != nil {
		t.Fatal(err)
	}
	if e, err := (Game{}).LoadEval(linear); err != nil || e.String() != "n-tuple net" {
		t.Errorf("the n-tuple net: %v, %v", e, err)
	}
	for name, bad := range map[string][]byte{"empty": nil, "text": []byte("hello"), "short n-tuple": linear[:100], "short hidden": data[:100]} {
		if e, err := (Game{}).LoadEval(bad); err == nil {
			t.Errorf("%s: loaded %v", name, e)
		}
	}
	p, err := ParseFEN(searchBenchFENs[1], Standard)
	if err != nil {
		t.Fatal(err)
	}
	_, got, err := BestMove(context.Background(), p, core.AIRequest{Depth: 5, Eval: e})
	if err != nil {
		t.Fatal(err)
	}
	s := search.New[Position, Move, *Position](NNSearchConfig(e.(*loadedEval).nn, DefaultWeights), 4)
	want := s.Search(context.Background(), p, search.Limits[Move]{Depth: 5, Fresh: true})
	if got.Move != want.Move.String() || got.Info.Score != want.Score {
		t.Errorf("with the loaded net %s %d; NNSearchConfig with it %v %d", got.Move, got.Info.Score, want.Move, want.Score)
	}
}

// BenchmarkSearchNN searches the benchmark positions for 100,000 nodes
// each with the n-tuple net and hidden-layer nets of 64, 128 and 256 units
// (random weights of training's ranges, or the file in $ATAXX_NN_BENCH
// for the size it has), with evaluation caches of several sizes: nodes/s,
// evaluations computed a node (the rest came from the cache).
func BenchmarkSearchNN(b *testing.B) {
	type evaluator struct {
		name string
		cfg  func(w Weights) search.Config[Position, Move]
	}
	evals := []evaluator{{"linear", func(w Weights) search.Config[Position, Move] { return NetSearchConfig(nil, w) }}}
	for _, h := range []int{64, 128, 256} {
		n := mustNN(b, randomNNParams(3, h, 4))
		evals = append(evals, evaluator{fmt.Sprintf("h%d", h), func(w Weights) search.Config[Position, Move] { return NNSearchConfig(n, w) }},
			// The plain form in the same search, for comparison.
			evaluator{fmt.Sprintf("h%d-plain", h), func(w Weights) search.Config[Position, Move] {
				cfg := NNSearchConfig(n, w)
				cfg.Eval = func(p *Position, pov int) int {
					v := n.EvaluateBoard(p.pieces[p.turn], p.pieces[p.turn^1], p.rules)
					if pov != int(p.turn) {
						v = -v
					}
					return v
				}
				return cfg
			}})
	}
	if path := os.Getenv("ATAXX_NN_BENCH"); path != "" {
		data, err := os.ReadFile(path)
		if err != nil {
			b.Fatal(err)
		}
		n, err := DecodeNN(data)
		if err != nil {
			b.Fatal(err)
		}
		evals = append(evals, evaluator{fmt.Sprintf("trained-h%d", n.Hidden()), func(w Weights) search.Config[Position, Move] { return NNSearchConfig(n, w) }})
	}
	for _, e := range evals {
		for _, cache := range []int{0, 1 << 10, 1 << 12, 1 << 14, 1 << 16} {
			if strings.HasSuffix(e.name, "-plain") && cache != nnEvalCache {
				continue
			}
			b.Run(fmt.Sprintf("%s/cache=%d", e.name, cache), func(b *testing.B) {
				cfg := e.cfg(DefaultWeights)
				cfg.EvalCache = cache
				eval := cfg.Eval
				var computed int64
				cfg.Eval = func(p *Position, pov int) int {
					computed++
					return eval(p, pov)
				}
				s := search.New[Position, Move, *Position](cfg, 16)
				var nodes int64
				runtime.LockOSThread()
				defer runtime.UnlockOSThread()
				cpu0, cpuOK := threadCPU()
				for i := 0; i < b.N; i++ {
					for _, fen := range searchBenchFENs {
						p, err := ParseFEN(fen, Standard)
						if err != nil {
							b.Fatal(err)
						}
						nodes += s.Search(context.Background(), p, search.Limits[Move]{Nodes: 100_000, Fresh: true}).Nodes
					}
				}
				b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
				if cpu1, ok := threadCPU(); ok && cpuOK {
					b.ReportMetric(float64(nodes)/(cpu1-cpu0).Seconds(), "nodes/cpu-s")
				}
				b.ReportMetric(float64(computed)/float64(nodes), "evals/node")
				b.ReportMetric(0, "ns/op")
			})
		}
	}
}

// Both rule sets have a hidden-layer net built in; the levels that blur
// their evaluation play as with the n-tuple net (their noise is set in its
// scale), and the levels without noise play with the hidden-layer net.
func TestNoisyLevelsKeepTheLinearNet(t *testing.T) {
	for _, rules := range []Rules{Standard, SeedRules} {
		if nnNets[rules] == nil {
			t.Fatalf("no hidden-layer net built in for the %s rules: %v", rules, nnErr[rules])
		}
		noisyLevelsKeepTheLinearNet(t, rules)
	}
}

func noisyLevelsKeepTheLinearNet(t *testing.T, rules Rules) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(5, 5))
	strongDiffers := false
	for i := 0; i < 12; i++ {
		p := New(rules)
		playRandom(&p, rng, 10+rng.IntN(40))
		if over, _ := p.Outcome(); over {
			continue
		}
		for _, level := range []string{core.Beginner, core.Novice, core.Average} {
			seed := int64(i)
			def, rd, err1 := BestMove(ctx, p, core.AIRequest{Level: level, Seed: seed, Depth: 1})
			lin, rl, err2 := BestMove(ctx, p, core.AIRequest{Level: level, Style: StyleLinear, Seed: seed, Depth: 1})
			if err1 != nil || err2 != nil {
				t.Fatal(err1, err2)
			}
			if def != lin || rd.Info.Score != rl.Info.Score {
				t.Fatalf("%s, %s: default %v (%d), linear %v (%d)", p.FEN(), level, def, rd.Info.Score, lin, rl.Info.Score)
			}
		}
		_, rd, err1 := BestMove(ctx, p, core.AIRequest{Level: core.Strong, Depth: 1})
		_, rl, err2 := BestMove(ctx, p, core.AIRequest{Level: core.Strong, Style: StyleLinear, Depth: 1})
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		strongDiffers = strongDiffers || rd.Info.Score != rl.Info.Score
	}
	if !strongDiffers {
		t.Fatalf("%s rules: Strong scored every position as the n-tuple net does: it does not play with the hidden-layer net", rules)
	}
}
