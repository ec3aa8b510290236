package cube

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/search"
)

// ID is the game's short name.
const ID = "cube"

// Style names.
const (
	Kepler = "Kepler"
	Newton = "Newton"
)

var playerNames = [2]string{"Red", "Blue"}

// Game is the core.Game of Jumping Cube.
type Game struct{ core.FirstRules }

var _ core.Game = Game{}

func init() { core.Register(Game{}) }

func (Game) ID() string         { return ID }
func (Game) Name() string       { return "Jumping Cube" }
func (Game) RuleSets() []string { return []string{"standard"} }
func (Game) Styles() []string   { return []string{Kepler, Newton} }

// PlayerName is "Red" for player 0 and "Blue" for player 1.
func (Game) PlayerName(i int) string {
	if i == 0 || i == 1 {
		return playerNames[i]
	}
	return fmt.Sprintf("player %d", i+1)
}

func checkRules(rules string) error {
	if rules == "" || strings.EqualFold(rules, "standard") {
		return nil
	}
	return fmt.Errorf("unknown rule set %q (Jumping Cube has only \"standard\")", rules)
}

// OptionSpecs: the rule set (only "standard") and the board size.
func (g Game) OptionSpecs() []core.OptionSpec {
	return []core.OptionSpec{
		core.RulesOption(g.RuleSets()),
		{Name: core.OptSize, Label: "Board size", Kind: core.IntRange, Default: strconv.Itoa(DefaultSize), Min: MinSize, Max: MaxSize},
	}
}

// Start returns the start position of opts.Size (MinSize to MaxSize).
func (g Game) Start(opts core.Options) (core.Position, error) {
	opts, err := core.CheckOptions(g.OptionSpecs(), opts)
	if err != nil {
		return nil, err
	}
	b, err := NewBoard(opts.Int(core.OptSize))
	if err != nil {
		return nil, err
	}
	return GamePosition{P: b}, nil
}

// ParsePosition reads a position text (see ParseBoard).
func (Game) ParsePosition(text, rules string) (core.Position, error) {
	if err := checkRules(rules); err != nil {
		return nil, err
	}
	b, err := ParseBoard(text)
	if err != nil {
		return nil, err
	}
	return GamePosition{P: b}, nil
}

// levels: each is a time budget, a depth cap and noise (in hundredths of a
// square). The weak levels stay sane because the search never adds noise to
// a won or lost position: a depth of 2 still sees an immediate win and an
// immediate loss.
var levels = []core.Level{
	{Name: core.Beginner, Budget: 200 * time.Millisecond, MaxDepth: 2, Noise: 400},
	{Name: core.Novice, Budget: 200 * time.Millisecond, MaxDepth: 2, Noise: 120},
	{Name: core.Average, Budget: 250 * time.Millisecond, MaxDepth: 4, Noise: 20},
	{Name: core.Strong, Budget: 500 * time.Millisecond},
	{Name: core.Expert, Budget: time.Second},
}

// Levels lists the AI levels, weakest first.
func (Game) Levels() []core.Level { return append([]core.Level(nil), levels...) }

// BestMove runs the AI on pos.
func (Game) BestMove(ctx context.Context, pos core.Position, req core.AIRequest) (core.AIResult, error) {
	b, err := Concrete(pos)
	if err != nil {
		return core.AIResult{}, err
	}
	if over, _ := b.Outcome(); over {
		return core.AIResult{}, core.ErrGameOver
	}
	level, err := core.LevelFor(levels, req.Level)
	if err != nil {
		return core.AIResult{}, err
	}
	style, err := findStyle(req.Style)
	if err != nil {
		return core.AIResult{}, err
	}
	n := b.Size()
	return searchers.BestMove(ctx, specFor(level, style, n), b, level, req, func(m Move) string { return FormatMove(n, m) })
}

func findStyle(name string) (int, error) {
	switch {
	case name == "" || strings.EqualFold(name, Kepler):
		return styleKepler, nil
	case strings.EqualFold(name, Newton):
		return styleNewton, nil
	}
	return 0, fmt.Errorf("unknown style %q (one of [%s %s])", name, Kepler, Newton)
}

const (
	styleKepler = iota
	styleNewton
	numStyles
)

// Config returns the search configuration of a style (Kepler or Newton),
// for callers that drive core/search themselves.
func Config(style string) (search.Config[Board, Move], error) {
	st, err := findStyle(style)
	if err != nil {
		return search.Config[Board, Move]{}, err
	}
	return configs[st], nil
}

// A move whose search has settled (the same move three iterations in a
// row, the score within half a square of two iterations back) stops at
// half the level's budget: a phone answers quiet moves sooner.
const (
	quietShare = 0.5
	quietSwing = 50
)

// quiescencePlies bounds the explosions played out below a leaf.
const quiescencePlies = 4

var configs = [numStyles]search.Config[Board, Move]{
	styleKepler: makeConfig(&keplerWeights),
	styleNewton: makeConfig(&newtonWeights),
}

// specs name the configurations for the searcher pool, by search (the
// full one or the plain one below), board size (a small board or not)
// and style. The board carries its size; only the tables differ with it.
var specs [2][2][numStyles]search.Spec[Board, Move]

// Which specs: the plain search of the levels below Expert, and small
// boards.
const (
	fullSearch = iota
	plainSearch
)

func init() {
	for p := range specs {
		for small := range specs[p] {
			for st := range specs[p][small] {
				specs[p][small][st] = makeSpec(p == plainSearch, small == 1, st)
			}
		}
	}
}

// makeSpec builds one spec.
//
// The levels below Expert have the same evaluation and time use,
// without the quiescence search and the endgame solver (plainOnly). Seeing
// through chain reactions is what makes Expert a step above Strong (twice
// the time alone was worth about a draw); the weaker levels keep the
// search they always had.
//
// A small board's search visits few positions: a 16 MB table spread over
// them and the evaluation cache cost a cache (and TLB) miss at nearly
// every probe, while an evaluation on one word of sets is cheaper than a
// miss. With a 4 MB table and no evaluation cache, 5x5 searches about
// 1.5 times the nodes a second (docs/benchmarks-cube.md).
func makeSpec(plainOnly, small bool, style int) search.Spec[Board, Move] {
	key := [numStyles]string{Kepler, Newton}[style]
	if plainOnly {
		key += "/plain"
	}
	if small {
		key += "/small"
	}
	sp := search.Spec[Board, Move]{
		Key: key,
		Config: func() search.Config[Board, Move] {
			cfg := configs[style]
			if plainOnly {
				cfg = plain(cfg)
			}
			if small {
				cfg.EvalCache = 0
			}
			return cfg
		},
		QuietShare: quietShare,
		QuietSwing: quietSwing,
	}
	if !plainOnly {
		sp.Proof, sp.ProofShare = &proofConfig, proofShareAt
	}
	if small {
		sp.HashMB = smallHashMB
	}
	return sp
}

// smallBoard is the largest board that takes the small board's tables;
// smallHashMB is its table size.
const (
	smallBoard  = 6
	smallHashMB = 4
)

// specFor is the spec of a style at a level on an n x n board.
func specFor(level core.Level, style, n int) search.Spec[Board, Move] {
	p, small := fullSearch, 0
	if level.Name != core.Expert {
		p = plainSearch
	}
	if n <= smallBoard {
		small = 1
	}
	return specs[p][small][style]
}

// plain is cfg without its quiescence search.
func plain(cfg search.Config[Board, Move]) search.Config[Board, Move] {
	cfg.Tactical, cfg.EvalTactical, cfg.QuiescenceDepth = nil, nil, 0
	return cfg
}

var searchers search.Pool[Board, Move, *Board]

func makeConfig(w *weights) search.Config[Board, Move] {
	return search.Config[Board, Move]{
		Players: 2,
		Eval: func(b *Board, pov int) int {
			v := evaluate(b, w)
			if pov != int(b.side) {
				v = -v
			}
			return v
		},
		Order:    order,
		MoveKey:  func(m Move) int { return int(m) },
		MoveKeys: MaxSquares,
		Reduce:   quiet,
		// No leaf is scored in the middle of a chain reaction: the side
		// to move's explosions are played out first.
		Tactical:        tactical,
		QuiescenceDepth: quiescencePlies,
		EvalTactical: func(b *Board, pov int, dst []Move) (int, []Move) {
			v, dst := evalTactical(b, w, dst)
			if pov != int(b.side) {
				v = -v
			}
			return v, dst
		},
		// An evaluation costs a microsecond on 10x10; iterative deepening
		// visits most leaves again.
		EvalCache: 1 << 16,
	}
}
