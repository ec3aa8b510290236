package cube

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jumpers-game/jumpers/core/search"
)

// A small AI-vs-AI harness for tuning and for the figures in
// docs/benchmarks-cube.md. The CLI's arena does the same generically.
//
//	go test ./core/cube -run TestMatch -match -match.size 7 -match.games 10 \
//	    -match.a Expert/Kepler -match.b Strong/Kepler
var (
	matchFlag    = flag.Bool("match", false, "run TestMatch")
	matchSize    = flag.Int("match.size", 7, "board size")
	matchGames   = flag.Int("match.games", 10, "games (even: each opening with both colours)")
	matchA       = flag.String("match.a", "Expert/Kepler", "player A: level/style or dN/style for a fixed depth")
	matchB       = flag.String("match.b", "Strong/Kepler", "player B")
	matchOpen    = flag.Int("match.open", 2, "random opening plies")
	matchSeed    = flag.Int64("match.seed", 1, "seed")
	matchPar     = flag.Int("match.par", 1, "games in parallel")
	matchVerbose = flag.Bool("match.v", false, "print every game")
	matchWA      = flag.String("match.wa", "", "weight overrides for A: name=v,...")
	matchWB      = flag.String("match.wb", "", "weight overrides for B")
)

// testWeights are styles for tuning only.
var testWeights = map[string]weights{
	"Material": {square: 100},
	"Spots":    {square: 100, spot: 15},
	"Sim":      {square: 100, spot: 15, class: [3]int{0, 0, 10}, threat: 50, neutral: 30, sim: 3, reply: 90},
}

func overrideWeights(w *weights, spec string) error {
	if spec == "" {
		return nil
	}
	fields := map[string]*int{
		"square": &w.square, "spot": &w.spot, "inner": &w.class[0], "edge": &w.class[1], "corner": &w.class[2],
		"tempo": &w.tempo, "neutral": &w.neutral, "threat": &w.threat, "won": &w.won, "lost": &w.lost,
		"safe": &w.safe, "loaded": &w.loaded, "sim": &w.sim, "reply": &w.reply,
	}
	for _, kv := range strings.Split(spec, ",") {
		var k string
		var v int
		i := strings.IndexByte(kv, '=')
		if i < 0 {
			return fmt.Errorf("bad weight %q", kv)
		}
		k = kv[:i]
		if _, err := fmt.Sscan(kv[i+1:], &v); err != nil {
			return err
		}
		switch k {
		case "fut", "futd", "lmp", "lmpd", "rdiv":
		case "race":
			w.race = v != 0
		default:
			p, ok := fields[k]
			if !ok {
				return fmt.Errorf("unknown weight %q", k)
			}
			*p = v
		}
	}
	return nil
}

// player is one side of a match: a search configuration and its limits.
type player struct {
	name  string
	cfg   search.Config[Board, Move]
	depth int
	time  time.Duration
	noise int
	nodes int64
}

func parsePlayer(spec, override string) (player, error) {
	var lvl, style string
	for i := 0; i < len(spec); i++ {
		if spec[i] == '/' {
			lvl, style = spec[:i], spec[i+1:]
		}
	}
	if style == "" {
		lvl = spec
	}
	var w weights
	switch style {
	case Kepler, "":
		w = keplerWeights
	case Newton:
		w = newtonWeights
	default:
		var ok bool
		if w, ok = testWeights[style]; !ok {
			return player{}, fmt.Errorf("unknown style %q", style)
		}
	}
	noReduce := strings.Contains(override, "noreduce")
	noOrder := strings.Contains(override, "noorder")
	ov := strings.NewReplacer("noreduce", "", "noorder", "").Replace(override)
	ov = strings.Trim(strings.ReplaceAll(ov, ",,", ","), ",")
	if err := overrideWeights(&w, ov); err != nil {
		return player{}, err
	}
	p := player{name: spec, cfg: makeConfig(&w)}
	if noReduce {
		p.cfg.Reduce = nil
	}
	if noOrder {
		p.cfg.Order = nil
	}
	for _, kv := range strings.Split(override, ",") {
		var v int
		if i := strings.IndexByte(kv, '='); i > 0 {
			fmt.Sscan(kv[i+1:], &v)
			switch kv[:i] {
			case "fut":
				p.cfg.Prune.FutilityMargin = v
			case "futd":
				p.cfg.Prune.FutilityDepth = v
			case "lmp":
				p.cfg.Prune.LateMoves = v
			case "lmpd":
				p.cfg.Prune.LateMoveDepth = v
			case "rdiv":
				p.cfg.Prune.ReductionDivisor = float64(v) / 10
			}
		}
	}
	if override != "" {
		p.name += "[" + override + "]"
	}
	var d int
	if _, err := fmt.Sscanf(lvl, "d%d", &d); err == nil {
		p.depth = d
		return p, nil
	}
	if _, err := fmt.Sscanf(lvl, "n%d", &d); err == nil {
		p.nodes = int64(d)
		return p, nil
	}
	if _, err := fmt.Sscanf(lvl, "t%d", &d); err == nil {
		p.time = time.Duration(d) * time.Millisecond
		return p, nil
	}
	for _, l := range levels {
		if l.Name == lvl {
			p.depth, p.time, p.noise = l.MaxDepth, l.Budget, l.Noise
			return p, nil
		}
	}
	return player{}, fmt.Errorf("unknown level %q", lvl)
}

// playGame plays one game from b and returns the winner and the number of
// moves played.
func playGame(b Board, red, blue player, seed int64) (int, int) {
	ps := [2]player{red, blue}
	ss := [2]*search.Searcher[Board, Move, *Board]{
		search.New[Board, Move, *Board](red.cfg, 16),
		search.New[Board, Move, *Board](blue.cfg, 16),
	}
	moves := 0
	for {
		if over, w := b.Outcome(); over {
			return w, moves
		}
		p := ps[b.ToMove()]
		ctx, cancel := context.Background(), context.CancelFunc(func() {})
		if p.time > 0 {
			ctx, cancel = context.WithTimeout(ctx, p.time)
		}
		res := ss[b.ToMove()].Search(ctx, b, search.Limits[Move]{Depth: p.depth, Noise: p.noise, Nodes: p.nodes, Seed: seed + int64(moves)})
		cancel()
		b.Play(res.Move)
		moves++
	}
}

type matchResult struct {
	winsA, winsB, moves int
}

// runMatch plays games from random openings, each opening twice with the
// colours swapped.
func runMatch(n int, a, b player, games, openPlies int, seed int64, par int, log func(string)) matchResult {
	var mu sync.Mutex
	var res matchResult
	var wg sync.WaitGroup
	sem := make(chan struct{}, max(par, 1))
	for g := 0; g < games; g++ {
		wg.Add(1)
		sem <- struct{}{}
		go func(g int) {
			defer wg.Done()
			defer func() { <-sem }()
			rng := rand.New(rand.NewPCG(uint64(seed), uint64(g/2)))
			start, _ := NewBoard(n)
			for i := 0; i < openPlies; i++ {
				ms := start.Moves(nil)
				start.Play(ms[rng.IntN(len(ms))])
			}
			red, blue := a, b
			if g%2 == 1 {
				red, blue = b, a
			}
			w, moves := playGame(start, red, blue, seed*1000+int64(g))
			mu.Lock()
			defer mu.Unlock()
			res.moves += moves
			if (w == Red) == (g%2 == 0) {
				res.winsA++
			} else {
				res.winsB++
			}
			if log != nil {
				log(fmt.Sprintf("game %d: %s (red) vs %s (blue): %s wins in %d moves", g+1, red.name, blue.name, playerNames[w], moves))
			}
		}(g)
	}
	wg.Wait()
	return res
}

func TestMatch(t *testing.T) {
	if !*matchFlag {
		t.Skip("run with -match")
	}
	a, err := parsePlayer(*matchA, *matchWA)
	if err != nil {
		t.Fatal(err)
	}
	b, err := parsePlayer(*matchB, *matchWB)
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	var log func(string)
	if *matchVerbose {
		log = func(s string) { fmt.Println(s) }
	}
	r := runMatch(*matchSize, a, b, *matchGames, *matchOpen, *matchSeed, *matchPar, log)
	fmt.Printf("%dx%d, %d games, %d random opening plies: %s %d, %s %d (avg %d moves, %s)\n",
		*matchSize, *matchSize, *matchGames, *matchOpen, a.name, r.winsA, b.name, r.winsB,
		r.moves/max(*matchGames, 1), time.Since(start).Round(time.Second))
}
