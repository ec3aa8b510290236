package chinesecheckers

import (
	"context"
	"errors"
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

// allRuleSets is every profile name the adapter takes, the default first.
var allRuleSets = []string{"default", "seed", "closed", "locked", "closed+locked", "seed+closed", "seed+locked", "seed+closed+locked"}

// RuleSets lists the profiles: "default" first, then "seed", the options
// on the default base and the options on the seed base.
func (Game) RuleSets() []string { return append([]string(nil), allRuleSets...) }

// Start is the start position for opts.Players (2, 3, 4 or 6; 0 = 2) under
// opts.Rules.
func (Game) Start(opts core.Options) (core.Position, error) {
	rules, err := ParseRules(opts.Rules)
	if err != nil {
		return nil, err
	}
	n := opts.Players
	if n == 0 {
		n = 2
	}
	if n == 1 {
		return nil, fmt.Errorf("1 player: Chinese Checkers is played by 2, 3, 4 or 6 (the solitaire is the solve command)")
	}
	p, err := Start(n, rules)
	if err != nil {
		return nil, err
	}
	return &GamePosition{p}, nil
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
	return &GamePosition{p}, nil
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

// Styles: "Balanced" (the default) and "Racer" (race distance and
// stragglers only, no hop look-ahead).
func (Game) Styles() []string { return append([]string(nil), styleNames...) }

// BestMove runs the AI on pos.
func (Game) BestMove(ctx context.Context, pos core.Position, req core.AIRequest) (core.AIResult, error) {
	gp, ok := pos.(*GamePosition)
	if !ok {
		return core.AIResult{}, fmt.Errorf("not a Chinese Checkers position")
	}
	return BestMove(ctx, gp.Position, req)
}

// Perft counts move sequences (the CLI's fast perft).
func (Game) Perft(pos core.Position, depth int) (uint64, error) {
	gp, ok := pos.(*GamePosition)
	if !ok {
		return 0, fmt.Errorf("not a Chinese Checkers position")
	}
	if depth < 0 {
		return 0, fmt.Errorf("negative depth %d", depth)
	}
	return uint64(Perft(gp.Position, depth)), nil
}

// GamePosition is the core.Position of Chinese Checkers: the concrete
// Position (embedded, for the board widget: Owner, Reach, Path, Seat...)
// seen through notation. It is never changed after it is made.
type GamePosition struct {
	Position
}

// Game is "chinesecheckers".
func (*GamePosition) Game() string { return ID }

// Result tells whether the game is over; Places is set for more than two
// players.
func (g *GamePosition) Result() core.Result {
	over, winner := g.Position.Over()
	if !over {
		// While the game goes on Winner stays NoPlayer; Places already
		// shows who has finished.
		r := core.Ongoing
		if g.n > 2 {
			r.Places = g.Places()
		}
		return r
	}
	r := core.Result{Over: true, Winner: winner, Reason: g.Reason()}
	if winner < 0 {
		r.Winner = core.NoPlayer
	}
	if g.n > 2 {
		r.Places = g.Places()
	}
	return r
}

// Moves lists the legal moves in notation.
func (g *GamePosition) Moves() []string {
	ms := g.LegalMoves()
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = m.String()
	}
	return out
}

// Play returns the position after move, or why it is not legal.
func (g *GamePosition) Play(move string) (core.Position, error) {
	if g.over {
		return nil, core.ErrGameOver
	}
	m, err := ParseMove(move)
	if err != nil {
		return nil, err
	}
	next := *g
	if err := next.Position.PlayChecked(m); err != nil {
		return nil, err
	}
	return &next, nil
}

// MovePath is the path of a move in notation, for drawing: the holes from
// the start to the end of the move (see Position.Path).
func (g *GamePosition) MovePath(move string) ([]int, error) {
	m, err := ParseMove(move)
	if err != nil {
		return nil, err
	}
	if err := g.Check(m); err != nil {
		return nil, err
	}
	return g.Path(m), nil
}

// Concrete returns the concrete position behind a core.Position of this
// game.
func Concrete(pos core.Position) (Position, error) {
	if gp, ok := pos.(*GamePosition); ok {
		return gp.Position, nil
	}
	return Position{}, errors.New("not a Chinese Checkers position")
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
