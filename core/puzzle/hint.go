package puzzle

import (
	"github.com/jumpers-game/jumpers/core/ataxx"
	"github.com/jumpers-game/jumpers/core/chinesecheckers"
)

// Hint is what the app marks when the player asks for a hint on the
// solver's move move (a move of the solution, in notation): the piece to
// move (piece true: its square, to be picked up as a finger would), or,
// when the move moves no piece of the board (a cube square, an Ataxx
// clone, which grows from any neighbour), the square it is played on
// (piece false, square the move itself).
func Hint(p Puzzle, move string) (square string, piece bool) {
	switch p.Game {
	case ataxx.ID:
		if m, err := ataxx.ParseMove(move); err == nil && m.IsJump() {
			return ataxx.SquareName(m.From()), true
		}
	case chinesecheckers.ID:
		if m, err := chinesecheckers.ParseMove(move); err == nil && !m.IsPass() {
			return chinesecheckers.HoleName(int(m.From)), true
		}
	}
	return move, false
}
