package ataxx

import (
	"context"
	"fmt"
	"sort"

	"github.com/jumpers-game/jumpers/core"
)

// ID is the game's ID on the command line and in saves.
const ID = "ataxx"

func init() { core.Register(Game{}) }

// Layouts are the named start layouts: the standard start and well-known
// gap layouts (x at a7 and g1, o at g7 and a1 in all of them). A layout is
// a FEN with Black to move.
var Layouts = map[string]string{
	"standard": StartFEN,
	// Four gaps two squares diagonally from the centre: c3, e3, c5, e5
	// (a libataxx test layout).
	"four-gaps": "x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1",
	// The four gaps and the centre (a libataxx test layout).
	"five-gaps": "x5o/7/2-1-2/3-3/2-1-2/7/o5x x 0 1",
	// The four squares next to the centre: d3, c4, e4, d5 (a libataxx test
	// layout).
	"diamond": "x5o/7/3-3/2-1-2/3-3/7/o5x x 0 1",
	// The diamond and the centre: a plus sign.
	"cross": "x5o/7/3-3/2---2/3-3/7/o5x x 0 1",
	// The nine centre squares c3 to e5.
	"block": "x5o/7/2---2/2---2/2---2/7/o5x x 0 1",
	// Three gaps across the middle rank, open at both ends.
	"wall": "x5o/7/7/2---2/7/7/o5x x 0 1",
	// The middle of each edge: d1, a4, g4, d7.
	"edges": "x2-2o/7/7/-5-/7/7/o2-2x x 0 1",
}

// LayoutNames lists the layout names, "standard" first, then sorted.
func LayoutNames() []string {
	names := make([]string, 0, len(Layouts))
	for n := range Layouts {
		if n != "standard" {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	return append([]string{"standard"}, names...)
}

// Game is the Ataxx game as the app, the CLI and storage see it.
type Game struct{ core.FirstRules }

var _ core.Game = Game{}

func (Game) ID() string           { return ID }
func (Game) Name() string         { return "Ataxx" }
func (Game) RuleSets() []string   { return append([]string(nil), RuleSetNames...) }
func (Game) Levels() []core.Level { return append([]core.Level(nil), Levels...) }
func (Game) Styles() []string     { return append([]string(nil), Styles...) }

// PlayerName names the sides: Black (x) moves first, White (o).
func (Game) PlayerName(i int) string {
	switch i {
	case Black:
		return "Black"
	case White:
		return "White"
	}
	return fmt.Sprintf("player %d", i+1)
}

// OptionSpecs: the rule set and the start layout.
func (g Game) OptionSpecs() []core.OptionSpec {
	return []core.OptionSpec{
		core.RulesOption(g.RuleSets()),
		{Name: core.OptLayout, Label: "Start", Kind: core.Choice, Default: "standard", Choices: LayoutNames()},
	}
}

// Start returns the start position of opts.Layout ("" = standard) under
// opts.Rules ("" = standard).
func (g Game) Start(opts core.Options) (core.Position, error) {
	opts, err := core.CheckOptions(g.OptionSpecs(), opts)
	if err != nil {
		return nil, err
	}
	rules, err := ParseRules(opts.Text(core.OptRules))
	if err != nil {
		return nil, err
	}
	p, err := ParseFEN(Layouts[opts.Text(core.OptLayout)], rules)
	if err != nil {
		return nil, err
	}
	return GamePosition{P: p}, nil
}

// ParsePosition reads a FEN under the named rule set.
func (Game) ParsePosition(text string, rules string) (core.Position, error) {
	r, err := ParseRules(rules)
	if err != nil {
		return nil, err
	}
	p, err := ParseFEN(text, r)
	if err != nil {
		return nil, err
	}
	return GamePosition{P: p}, nil
}

// BestMove runs the AI (see the package-level BestMove).
func (Game) BestMove(ctx context.Context, pos core.Position, req core.AIRequest) (core.AIResult, error) {
	p, err := Concrete(pos)
	if err != nil {
		return core.AIResult{}, err
	}
	_, res, err := BestMove(ctx, p, req)
	return res, err
}

// GamePosition is an Ataxx position seen through notation: the
// core.Position of the app, the CLI and storage.
type GamePosition struct{ P Position }

var (
	_ core.Position = GamePosition{}
	_ core.Picker   = GamePosition{}
)

// Concrete returns the Ataxx position behind a core.Position.
func Concrete(pos core.Position) (Position, error) {
	if g, ok := pos.(GamePosition); ok {
		return g.P, nil
	}
	return Position{}, core.WrongGame(ID, pos)
}

func (g GamePosition) Game() string   { return ID }
func (g GamePosition) String() string { return g.P.FEN() }
func (g GamePosition) Players() int   { return 2 }
func (g GamePosition) ToMove() int    { return g.P.ToMove() }
func (g GamePosition) Hash() uint64   { return g.P.Hash() }

// Result tells whether the game is over, the winner and why.
func (g GamePosition) Result() core.Result {
	over, winner, reason := g.P.Result()
	if !over {
		return core.Ongoing
	}
	return core.Result{Over: true, Winner: winner, Reason: reason}
}

// Moves lists the legal moves in notation.
func (g GamePosition) Moves() []string {
	moves := g.P.Moves(nil)
	out := make([]string, len(moves))
	for i, m := range moves {
		out[i] = m.String()
	}
	return out
}

// WhyNotPick says why the player to move cannot pick up the piece on
// square (core.Picker).
func (g GamePosition) WhyNotPick(square string) error {
	sq, err := ParseSquare(square)
	if err != nil {
		return err
	}
	return g.P.whyNotPick(sq)
}

// Play returns the position after move, or why it is not legal.
func (g GamePosition) Play(move string) (core.Position, error) {
	// The caller names the move (core.ReplayError, the app's messages), so
	// the error is the reason alone.
	m, err := g.P.parseMove(move)
	if err != nil {
		return nil, err
	}
	g.P.Play(m)
	return g, nil
}
