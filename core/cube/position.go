package cube

import (
	"github.com/jumpers-game/jumpers/core"
)

// GamePosition is a Board seen through notation: the core.Position of the
// app, the CLI and storage.
type GamePosition struct{ P Board }

var _ core.Position = GamePosition{}

// NewPosition wraps b as a core.Position.
func NewPosition(b Board) core.Position { return GamePosition{P: b} }

// Concrete returns the Board behind a Jumping Cube position.
func Concrete(pos core.Position) (Board, error) {
	if g, ok := pos.(GamePosition); ok {
		return g.P, nil
	}
	return Board{}, core.WrongGame(ID, pos)
}

func (p GamePosition) Game() string   { return ID }
func (p GamePosition) String() string { return p.P.String() }
func (p GamePosition) Players() int   { return 2 }
func (p GamePosition) ToMove() int    { return p.P.ToMove() }
func (p GamePosition) Hash() uint64   { return p.P.Hash() }

func (p GamePosition) Result() core.Result {
	over, w := p.P.Outcome()
	if !over {
		return core.Ongoing
	}
	return core.Result{Over: true, Winner: w, Reason: playerNames[w] + " owns every square"}
}

func (p GamePosition) Moves() []string {
	n := p.P.Size()
	ms := p.P.Moves(make([]Move, 0, p.P.NumMoves()))
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = FormatMove(n, m)
	}
	return out
}

func (p GamePosition) Play(move string) (core.Position, error) {
	if over, _ := p.P.Outcome(); over {
		return nil, core.ErrGameOver
	}
	m, err := ParseMove(p.P.Size(), move)
	if err != nil {
		return nil, err
	}
	if err := p.P.Legal(m); err != nil {
		return nil, err
	}
	b := p.P
	b.Play(m)
	return GamePosition{P: b}, nil
}

// PlayTraced plays move on pos like pos.Play and also returns the cascade
// steps for animation (see Board.PlayTraced).
func PlayTraced(pos core.Position, move string) (core.Position, []Step, error) {
	b, err := Concrete(pos)
	if err != nil {
		return nil, nil, err
	}
	if over, _ := b.Outcome(); over {
		return nil, nil, core.ErrGameOver
	}
	m, err := ParseMove(b.Size(), move)
	if err != nil {
		return nil, nil, err
	}
	if err := b.Legal(m); err != nil {
		return nil, nil, err
	}
	steps := b.PlayTraced(m)
	return GamePosition{P: b}, steps, nil
}

// Show is the board of pos for people (see Board.Show); "" if pos is not a
// Jumping Cube position.
func Show(pos core.Position) string {
	b, err := Concrete(pos)
	if err != nil {
		return ""
	}
	return b.Show()
}

// BoardSize is the board's side: the game review's expected-score scale
// depends on it (core/review).
func (p GamePosition) BoardSize() int { return p.P.Size() }
