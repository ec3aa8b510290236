package puzzle

import (
	"fmt"

	"github.com/jumpers-game/jumpers/core"
	_ "github.com/jumpers-game/jumpers/core/ataxx" // the games a puzzle may be of
	"github.com/jumpers-game/jumpers/core/chinesecheckers"
	_ "github.com/jumpers-game/jumpers/core/cube"
)

// Verdict is the judgement of an answer.
type Verdict int

const (
	// Continue: every move so far is right and there is more to find.
	Continue Verdict = iota
	// Correct: the puzzle is solved.
	Correct
	// Incorrect: the last move given is not the answer.
	Incorrect
)

func (v Verdict) String() string {
	switch v {
	case Continue:
		return "continue"
	case Correct:
		return "correct"
	case Incorrect:
		return "incorrect"
	}
	return fmt.Sprintf("Verdict(%d)", int(v))
}

// finishNodes bounds the proof that a race still finishes in time after
// a move other than the line's (a few milliseconds on the puzzles'
// short races; the generator proved the line's with the same search).
const finishNodes = 2_000_000

// Start is the puzzle's position.
func Start(p Puzzle) (core.Position, error) {
	g, err := core.Lookup(p.Game)
	if err != nil {
		return nil, fmt.Errorf("puzzle %s: %v", p.ID, err)
	}
	pos, err := g.ParsePosition(p.Position, p.Rules)
	if err != nil {
		return nil, fmt.Errorf("puzzle %s: %v", p.ID, err)
	}
	return pos, nil
}

// Check judges moves, the player's answer so far from the puzzle's start:
// the solver's moves and the replies between them, as in the solution.
//
// A solver's move is right when it is the solution's move (the same
// position after it, whatever its notation), or when it wins the game at
// once. A race puzzle (one player alone, "fill your target in N") takes
// any move after which the target still fills within the moves left, as
// the exact race search proves: its line is one shortest finish among
// others that differ after the first move (the generator proves the first
// move needed). Elsewhere the generator proved every solver's move of the
// line the only one that works, so no other is right.
//
// A reply must be the solution's (the app plays it): another one, a move
// that is not legal, or moves past the end are errors, as is malformed
// text; the verdict is only for the solver's moves.
func Check(p Puzzle, moves []string) (Verdict, error) {
	pos, err := Start(p)
	if err != nil {
		return Incorrect, err
	}
	if len(moves) == 0 {
		return Incorrect, fmt.Errorf("puzzle %s: no moves to check", p.ID)
	}
	solver := pos.ToMove()
	race := pos.Players() == 1
	onLine := true // a race may leave the line and still be right
	// done is a verdict on move i, which must be the last one given.
	done := func(i int, v Verdict) (Verdict, error) {
		if i < len(moves)-1 {
			return Incorrect, fmt.Errorf("puzzle %s: move %d %q comes after the end of the puzzle (its verdict came at move %d)", p.ID, i+2, clip(moves[i+1]), i+1)
		}
		return v, nil
	}
	for i, m := range moves {
		if pos.Result().Over {
			return Incorrect, fmt.Errorf("puzzle %s: move %d %q comes after the end of the game", p.ID, i+1, clip(m))
		}
		if !race && i >= len(p.Solution) {
			return Incorrect, fmt.Errorf("puzzle %s: move %d %q comes after the end of the solution (%d moves)", p.ID, i+1, clip(m), len(p.Solution))
		}
		next, err := pos.Play(m)
		if err != nil {
			return Incorrect, fmt.Errorf("puzzle %s: move %d %q: %v", p.ID, i+1, clip(m), err)
		}
		var want core.Position
		if onLine && i < len(p.Solution) {
			want, err = pos.Play(p.Solution[i])
			if err != nil {
				return Incorrect, fmt.Errorf("puzzle %s: its solution's move %d %q: %v", p.ID, i+1, p.Solution[i], err)
			}
		}
		same := want != nil && want.String() == next.String()
		switch {
		case race:
			if r := next.Result(); r.Over && r.Winner == solver {
				return done(i, Correct)
			}
			left := len(p.Solution) - i - 1
			if !same {
				ok, err := finishesIn(next, left)
				if err != nil {
					return Incorrect, fmt.Errorf("puzzle %s: %v", p.ID, err)
				}
				if !ok {
					return done(i, Incorrect)
				}
			}
			if left <= 0 {
				return done(i, Incorrect)
			}
		case i%2 == 1: // a reply
			if !same {
				return Incorrect, fmt.Errorf("puzzle %s: move %d %q is a reply, and the puzzle's reply is %s", p.ID, i+1, clip(m), p.Solution[i])
			}
		default:
			if r := next.Result(); r.Over && r.Winner == solver {
				return done(i, Correct)
			}
			if !same {
				return done(i, Incorrect)
			}
			if i == len(p.Solution)-1 {
				return done(i, Correct)
			}
		}
		pos, onLine = next, same
	}
	return Continue, nil
}

// finishesIn tells whether the race at pos fills its target within n
// moves.
func finishesIn(pos core.Position, n int) (bool, error) {
	cp, err := chinesecheckers.Concrete(pos)
	if err != nil {
		return false, err
	}
	_, found, complete := chinesecheckers.FinishIn(&cp, n, finishNodes)
	if !complete {
		return false, fmt.Errorf("the race after this move is too long to judge")
	}
	return found, nil
}
