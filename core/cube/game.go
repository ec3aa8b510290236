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
type Game struct{}

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
	b, err := NewBoard(opts.Size)
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
	spec := specs[style]
	if level.Name != core.Expert {
		spec = plainSpecs[style]
	}
	return searchers.BestMove(ctx, spec, b, level, req, func(m Move) string { return FormatMove(n, m) })
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

// specs name the configurations for the searcher pool. A board of any
// size uses the same configuration (the board carries its size).
var specs = [numStyles]search.Spec[Board, Move]{
	styleKepler: {Key: Kepler, Config: func() search.Config[Board, Move] { return configs[styleKepler] }, Proof: &proofConfig, ProofShare: proofShareAt, QuietShare: quietShare, QuietSwing: quietSwing},
	styleNewton: {Key: Newton, Config: func() search.Config[Board, Move] { return configs[styleNewton] }, Proof: &proofConfig, ProofShare: proofShareAt, QuietShare: quietShare, QuietSwing: quietSwing},
}

// plainSpecs are the levels below Expert: the same evaluation and time
// use, without the quiescence search and the endgame solver. Seeing
// through chain reactions is what makes Expert a step above Strong (twice
// the time alone was worth about a draw); the weaker levels keep the
// search they always had.
var plainSpecs = [numStyles]search.Spec[Board, Move]{
	styleKepler: {Key: Kepler + "/plain", Config: func() search.Config[Board, Move] { return plain(configs[styleKepler]) }, QuietShare: quietShare, QuietSwing: quietSwing},
	styleNewton: {Key: Newton + "/plain", Config: func() search.Config[Board, Move] { return plain(configs[styleNewton]) }, QuietShare: quietShare, QuietSwing: quietSwing},
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
