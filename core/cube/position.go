package cube

import (
	"github.com/jumpers-game/jumpers/core"
)

// position is a Board seen through notation: the core.Position of the
// app, the CLI and storage.
type position struct{ b Board }

var _ core.Position = position{}

// NewPosition wraps b as a core.Position.
func NewPosition(b Board) core.Position { return position{b} }

// BoardOf returns the Board behind a position of this package.
func BoardOf(p core.Position) (Board, bool) {
	switch q := p.(type) {
	case position:
		return q.b, true
	case *position:
		if q != nil {
			return q.b, true
		}
	}
	return Board{}, false
}

func (p position) Game() string   { return ID }
func (p position) String() string { return p.b.String() }
func (p position) Players() int   { return 2 }
func (p position) ToMove() int    { return p.b.ToMove() }
func (p position) Hash() uint64   { return p.b.Hash() }

func (p position) Result() core.Result {
	over, w := p.b.Outcome()
	if !over {
		return core.Ongoing
	}
	return core.Result{Over: true, Winner: w, Reason: playerNames[w] + " owns every square"}
}

func (p position) Moves() []string {
	n := p.b.Size()
	ms := p.b.Moves(make([]Move, 0, p.b.NumMoves()))
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = FormatMove(n, m)
	}
	return out
}

func (p position) Play(move string) (core.Position, error) {
	if over, _ := p.b.Outcome(); over {
		return nil, core.ErrGameOver
	}
	m, err := ParseMove(p.b.Size(), move)
	if err != nil {
		return nil, err
	}
	if err := p.b.Legal(m); err != nil {
		return nil, err
	}
	b := p.b
	b.Play(m)
	return position{b}, nil
}

// PlayTraced plays move on pos like pos.Play and also returns the cascade
// steps for animation (see Board.PlayTraced).
func PlayTraced(pos core.Position, move string) (core.Position, []Step, error) {
	b, ok := BoardOf(pos)
	if !ok {
		return nil, nil, errNotCube
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
	return position{b}, steps, nil
}

// Show is the board of pos for people (see Board.Show); "" if pos is not a
// Jumping Cube position.
func Show(pos core.Position) string {
	b, ok := BoardOf(pos)
	if !ok {
		return ""
	}
	return b.Show()
}
