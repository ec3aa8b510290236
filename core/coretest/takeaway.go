// Package coretest holds a tiny game for testing the game-independent
// parts (history, storage, protocol) without depending on a real engine.
// Importing it registers the game "takeaway".
package coretest

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"github.com/jumpers-game/jumpers/core"
)

// Takeaway is a tiny game for testing the game-independent parts: a pile
// of counters, players take 1 or 2, whoever takes the last wins.
// Position text: "<left> <player>".
type Takeaway struct{ core.FirstRules }

type pile struct{ left, turn int }

func (Takeaway) ID() string           { return "takeaway" }
func (Takeaway) Name() string         { return "Take-away" }
func (Takeaway) RuleSets() []string   { return []string{"standard"} }
func (Takeaway) Styles() []string     { return []string{"plain"} }
func (Takeaway) Levels() []core.Level { return []core.Level{{Name: core.Expert}} }
func (Takeaway) PlayerName(i int) string {
	return "P" + strconv.Itoa(i+1)
}

// OptionSpecs: the pile's size is the Size option.
func (g Takeaway) OptionSpecs() []core.OptionSpec {
	return []core.OptionSpec{
		core.RulesOption(g.RuleSets()),
		{Name: core.OptSize, Label: "Counters", Kind: core.IntRange, Default: "10", Min: 1, Max: 1000},
	}
}

func (g Takeaway) Start(o core.Options) (core.Position, error) {
	o, err := core.CheckOptions(g.OptionSpecs(), o)
	if err != nil {
		return nil, err
	}
	return pile{left: o.Int(core.OptSize)}, nil
}
func (Takeaway) ParsePosition(text, _ string) (core.Position, error) {
	var p pile
	if _, err := fmt.Sscanf(text, "%d %d", &p.left, &p.turn); err != nil {
		return nil, err
	}
	if p.left < 0 || p.turn < 0 || p.turn > 1 {
		return nil, errors.New("out of range")
	}
	return p, nil
}
func (Takeaway) BestMove(ctx context.Context, p core.Position, _ core.AIRequest) (core.AIResult, error) {
	return core.AIResult{Move: p.Moves()[0]}, nil
}

func (p pile) Game() string   { return "takeaway" }
func (p pile) String() string { return fmt.Sprintf("%d %d", p.left, p.turn) }
func (p pile) Players() int   { return 2 }
func (p pile) ToMove() int    { return p.turn }
func (p pile) Hash() uint64   { return uint64(p.left*2 + p.turn) }
func (p pile) Result() core.Result {
	if p.left == 0 {
		return core.Result{Over: true, Winner: 1 - p.turn, Reason: "pile empty"}
	}
	return core.Ongoing
}
func (p pile) Moves() []string {
	var out []string
	for k := 1; k <= 2 && k <= p.left; k++ {
		out = append(out, strconv.Itoa(k))
	}
	return out
}
func (p pile) Play(m string) (core.Position, error) {
	if p.left == 0 {
		return nil, core.ErrGameOver
	}
	k, err := strconv.Atoi(m)
	if err != nil || k < 1 || k > 2 {
		return nil, fmt.Errorf("take 1 or 2, not %q", m)
	}
	if k > p.left {
		return nil, fmt.Errorf("only %d left", p.left)
	}
	return pile{left: p.left - k, turn: 1 - p.turn}, nil
}

func init() { core.Register(Takeaway{}) }
