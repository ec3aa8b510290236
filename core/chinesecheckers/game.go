package chinesecheckers

import (
	"context"
	"fmt"
	"strings"

	"github.com/jumpers-game/jumpers/core"
)

// ID is the game's ID in the registry, on the command line and in saves.
const ID = "chinesecheckers"

// Game is the core.Game adapter of Chinese Checkers.
type Game struct{}

func init() { core.Register(Game{}) }

// ID is "chinesecheckers".
func (Game) ID() string { return ID }

// Name is "Chinese Checkers".
func (Game) Name() string { return "Chinese Checkers" }

// RulesVersion is the version of the rules (core.Game.RulesVersion):
//
//  1. the rules until the stall rule came;
//  2. the stall rule (StallMoves, docs/chinesecheckers-rules.md,
//     "Stalling"): it ends, at a stall, a game that version 1 played on.
const RulesVersion = 2

// RulesVersion is the version of the rules (the constant RulesVersion).
func (Game) RulesVersion() int { return RulesVersion }

// RulesChange says what version v of the rules brought.
func (Game) RulesChange(v int) string {
	if v == 2 {
		return "the anti-stalling rule"
	}
	return ""
}

// allRuleSets is every profile name the adapter takes, the default first.
var allRuleSets = []string{"default", "seed", "closed", "locked", "closed+locked", "seed+closed", "seed+locked", "seed+closed+locked"}

// RuleSets lists the profiles: "default" first, then "seed", the options
// on the default base and the options on the seed base.
func (Game) RuleSets() []string { return append([]string(nil), allRuleSets...) }

// OptionSpecs: the rule profile and the number of players.
func (g Game) OptionSpecs() []core.OptionSpec {
	return []core.OptionSpec{
		core.RulesOption(g.RuleSets()),
		{Name: core.OptPlayers, Label: "Players", Kind: core.Choice, Default: "2", Choices: []string{"2", "3", "4", "6"}},
	}
}

// Start is the start position for opts.Players (2, 3, 4 or 6) under
// opts.Rules.
func (g Game) Start(opts core.Options) (core.Position, error) {
	if opts.Int(core.OptPlayers) == 1 {
		return nil, fmt.Errorf("1 player: Chinese Checkers is played by 2, 3, 4 or 6 (the solitaire is the solve command)")
	}
	opts, err := core.CheckOptions(g.OptionSpecs(), opts)
	if err != nil {
		return nil, err
	}
	rules, err := ParseRules(opts.Text(core.OptRules))
	if err != nil {
		return nil, err
	}
	p, err := Start(opts.Int(core.OptPlayers), rules)
	if err != nil {
		return nil, err
	}
	return GamePosition{P: p}, nil
}

// ParsePosition reads a position text under the named rules.
func (Game) ParsePosition(text string, rules string) (core.Position, error) {
	r, err := ParseRules(rules)
	if err != nil {
		return nil, err
	}
	p, err := Parse(text, r)
	if err != nil {
		return nil, err
	}
	return GamePosition{P: p}, nil
}

// PlayerName is "Player 1" .. "Player 6" (a player's seat depends on the
// number of players: see SeatName).
func (Game) PlayerName(i int) string { return fmt.Sprintf("Player %d", i+1) }

// SeatName names player i of p with its seat: "Player 1 (S)".
func SeatName(p *Position, i int) string {
	if i < 0 || i >= p.Players() {
		return fmt.Sprintf("Player %d", i+1)
	}
	return fmt.Sprintf("Player %d (%s)", i+1, p.Seat(i))
}

// Levels are Beginner, Classic (seed 003's AI, measured between Beginner
// and Novice), Novice, Average, Strong and Expert: weakest first.
func (Game) Levels() []core.Level { return append([]core.Level(nil), levels...) }

// Styles: "Balanced" (the default), "Racer" (race distance and
// stragglers only, no hop look-ahead), and with more than two players
// "Paranoid", "BestReply" and "MonteCarlo", which force that search.
func (Game) Styles() []string { return append([]string(nil), styleNames...) }

// BestMove runs the AI on pos.
func (Game) BestMove(ctx context.Context, pos core.Position, req core.AIRequest) (core.AIResult, error) {
	p, err := Concrete(pos)
	if err != nil {
		return core.AIResult{}, err
	}
	return BestMove(ctx, p, req)
}

// Perft counts move sequences (the CLI's fast perft).
func (Game) Perft(pos core.Position, depth int) (uint64, error) {
	p, err := Concrete(pos)
	if err != nil {
		return 0, err
	}
	if depth < 0 {
		return 0, fmt.Errorf("negative depth %d", depth)
	}
	return uint64(Perft(p, depth)), nil
}

// GamePosition is the core.Position of Chinese Checkers: the concrete
// Position seen through notation. It is never changed after it is made.
type GamePosition struct{ P Position }

var (
	_ core.Position = GamePosition{}
	_ core.Picker   = GamePosition{}
)

// Concrete returns the concrete position behind a Chinese Checkers
// position.
func Concrete(pos core.Position) (Position, error) {
	if g, ok := pos.(GamePosition); ok {
		return g.P, nil
	}
	return Position{}, core.WrongGame(ID, pos)
}

func (g GamePosition) Game() string   { return ID }
func (g GamePosition) String() string { return g.P.String() }
func (g GamePosition) Players() int   { return g.P.Players() }
func (g GamePosition) ToMove() int    { return g.P.ToMove() }
func (g GamePosition) Hash() uint64   { return g.P.BoardHash() }

// Result tells whether the game is over; Places is set for more than two
// players.
func (g GamePosition) Result() core.Result {
	over, winner := g.P.Over()
	r := core.Ongoing // while the game goes on Winner stays NoPlayer
	if over {
		r = core.Result{Over: true, Winner: winner, Reason: g.P.Reason()}
		if winner < 0 {
			r.Winner = core.NoPlayer
		}
	}
	if g.P.n > 2 {
		r.Places = g.P.Places() // who has finished, even while the game goes on
	}
	return r
}

// WhyNotPick says why the player to move cannot pick up the piece on
// hole (core.Picker).
func (g GamePosition) WhyNotPick(hole string) error {
	h, err := ParseHole(hole)
	if err != nil {
		return err
	}
	return g.P.WhyNotPick(h)
}

// ReasonAs is the reason of Result with player i named name(i)
// (core.ReasonNamer: the app names players by their colours).
func (g GamePosition) ReasonAs(name func(int) string) string { return g.P.ReasonAs(name) }

// Moves lists the legal moves in notation.
func (g GamePosition) Moves() []string {
	ms := g.P.LegalMoves()
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = m.String()
	}
	return out
}

// Play returns the position after move, or why it is not legal.
func (g GamePosition) Play(move string) (core.Position, error) {
	if g.P.over {
		// Say why: a saved game of an older version may go on past an end
		// the rules of today put earlier (the stall rule).
		return nil, fmt.Errorf("%w (%s)", core.ErrGameOver, g.P.Reason())
	}
	m, err := ParseMove(move)
	if err != nil {
		return nil, err
	}
	if err := g.P.PlayChecked(m); err != nil { // g is a copy: the receiver's position stays
		return nil, err
	}
	return g, nil
}

// MovePath is the path of move on pos, for drawing: the holes from the
// start to the end of the move (see Position.Path).
func MovePath(pos core.Position, move string) ([]int, error) {
	p, err := Concrete(pos)
	if err != nil {
		return nil, err
	}
	m, err := ParseMove(move)
	if err != nil {
		return nil, err
	}
	if err := p.Check(m); err != nil {
		return nil, err
	}
	return p.Path(m), nil
}

// Show draws p for people: the star row by row from q down to a, each hole
// at its place ('.' empty, the player's digit), then who is to move or the
// result.
func Show(p *Position) string {
	var b strings.Builder
	for row := 16; row >= 0; row-- {
		line := []byte(strings.Repeat(" ", 25))
		for h := rowStart[row]; h < rowStart[row+1]; h++ {
			c := byte('.')
			if o := p.owner[h]; o != 0 {
				c = '0' + o
			}
			line[holeDX[h]] = c
		}
		fmt.Fprintf(&b, "%c  %s\n", 'a'+row, strings.TrimRight(string(line), " "))
	}
	if over, w := p.Over(); over {
		switch {
		case p.n > 2:
			fmt.Fprintf(&b, "game over (%s): places %v\n", p.Reason(), p.Places())
		case w >= 0:
			fmt.Fprintf(&b, "game over (%s): %s wins\n", p.Reason(), SeatName(p, w))
		default:
			fmt.Fprintf(&b, "game over (%s): a draw\n", p.Reason())
		}
	} else {
		fmt.Fprintf(&b, "%s to move\n", SeatName(p, p.ToMove()))
	}
	return b.String()
}
