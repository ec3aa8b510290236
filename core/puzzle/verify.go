package puzzle

import (
	"context"
	"fmt"

	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/ataxx"
	"github.com/jumpers-game/jumpers/core/chinesecheckers"
	"github.com/jumpers-game/jumpers/core/cube"
	"github.com/jumpers-game/jumpers/core/search"
)

// What a puzzle promises, and how hard Verify works to prove it
// (docs/puzzles.md):
//
//   - Jumping Cube, "win-in-N": the solver wins in exactly N moves (2N-1
//     plies) whatever the defender does, the prover says; at each of the
//     solver's moves but the last, the line's is the only one that wins
//     within the plies left plus CubeMargin more; each reply lets no
//     faster win through. The last move may be any that wins at once (a
//     win in 1 has only one).
//   - Ataxx, one move: searched to AtaxxDepth plies and to one ply less
//     (so that neither side has the last word in both), the line's move
//     scores at least AtaxxMargin (hundredths of a piece) above every
//     other move, and the engine searching the position to
//     AtaxxConfirmDepth plays it; each search starts from an empty table,
//     so the verdict does not depend on the puzzles verified before.
//   - Chinese Checkers, one player alone, "fill-in-N": the shortest way to
//     fill the target is N moves (the exact race search), and every first
//     move but the line's needs more.
const (
	MinMoves    = 3 // legal moves at the start: fewer is no question
	CubeMargin  = 2
	CubeNodes   = 4_000_000 // per proof
	AtaxxDepth  = 6
	AtaxxMargin = 300
	// AtaxxConfirmDepth is the deeper search that must play the answer
	// too (at depth 8, 9 of 330 answers proven at depths 5 and 6 were not;
	// at depth 10, 5 of the next 330).
	AtaxxConfirmDepth = 10
	RaceNodes         = 4_000_000 // per race proof
	proverTableMB     = 16
)

// Verifier checks puzzles against the engines. It keeps its prover's
// table between puzzles; not safe for concurrent use.
type Verifier struct {
	prover *search.Prover[cube.Board, cube.Move, *cube.Board]
	// Nodes is the search effort the last Verify spent (proof nodes, race
	// nodes, or searched moves' nodes): the generator's measure of
	// difficulty.
	Nodes int64
}

// NewVerifier makes a verifier.
func NewVerifier() *Verifier { return &Verifier{} }

// Verify checks that p's position parses, its line is legal and Check
// takes it, and that its answer is the only one as promised above. The
// error says what failed.
func (v *Verifier) Verify(ctx context.Context, p Puzzle) error {
	v.Nodes = 0
	if _, err := Parse(p.String()); err != nil {
		return err
	}
	pos, err := Start(p)
	if err != nil {
		return err
	}
	if pos.Result().Over {
		return fmt.Errorf("puzzle %s: the game is already over", p.ID)
	}
	if n := len(pos.Moves()); n < MinMoves {
		return fmt.Errorf("puzzle %s: %d legal moves, a puzzle has at least %d", p.ID, n, MinMoves)
	}
	if pos.Players() > 1 && len(p.Solution)%2 == 0 {
		// The solver has the last word: a line that ends on a reply
		// leaves the player nothing to find after it.
		return fmt.Errorf("puzzle %s: the solution ends on a reply (%d moves)", p.ID, len(p.Solution))
	}
	if verdict, err := Check(p, p.Solution); err != nil || verdict != Correct {
		return fmt.Errorf("puzzle %s: its own solution is judged %v (%v)", p.ID, verdict, err)
	}
	switch p.Game {
	case cube.ID:
		return v.verifyCube(ctx, p, pos)
	case ataxx.ID:
		return v.verifyAtaxx(ctx, p, pos)
	case chinesecheckers.ID:
		return v.verifyRace(p, pos)
	}
	return fmt.Errorf("puzzle %s: no puzzles of game %q", p.ID, p.Game)
}

func winTheme(n int) string { return fmt.Sprintf("win-in-%d", n) }

// FillTheme names a race puzzle of n moves.
func FillTheme(n int) string { return fmt.Sprintf("fill-in-%d", n) }

func (v *Verifier) verifyCube(ctx context.Context, p Puzzle, pos core.Position) error {
	if !p.HasTheme(winTheme(p.SolverMoves())) {
		return fmt.Errorf("puzzle %s: a cube puzzle of %d moves has the theme %s", p.ID, p.SolverMoves(), winTheme(p.SolverMoves()))
	}
	if v.prover == nil {
		v.prover = cube.NewProver(proverTableMB)
	}
	pr := v.prover
	b, err := cube.Concrete(pos)
	if err != nil {
		return err
	}
	n := b.Size()
	for i, text := range p.Solution {
		left := len(p.Solution) - i
		m, err := cube.ParseMove(n, text)
		if err != nil {
			return fmt.Errorf("puzzle %s: move %d: %v", p.ID, i+1, err)
		}
		if i%2 == 0 {
			proof := pr.Prove(ctx, b, left, CubeNodes)
			v.Nodes += proof.Nodes
			if !proof.Won || proof.Plies != left {
				return fmt.Errorf("puzzle %s: move %d: the prover finds no win in exactly %d plies (won %v in %d, searched %d)", p.ID, i+1, left, proof.Won, proof.Plies, proof.Searched)
			}
			c := b
			c.Play(m)
			if over, winner := c.Outcome(); over {
				if winner != b.ToMove() {
					return fmt.Errorf("puzzle %s: move %d %s loses", p.ID, i+1, text)
				}
			} else if lost, complete := pr.Lost(ctx, c, left-1, CubeNodes); !lost || !complete {
				return fmt.Errorf("puzzle %s: move %d %s is not proven to win in %d plies", p.ID, i+1, text, left)
			}
			if left == 1 && i == 0 {
				// A win in one: Check takes any move that wins at once,
				// so there must be only one.
				wins := 0
				for _, alt := range b.Moves(nil) {
					c := b
					c.Play(alt)
					if over, _ := c.Outcome(); over {
						wins++
					}
				}
				if wins != 1 {
					return fmt.Errorf("puzzle %s: %d moves win at once", p.ID, wins)
				}
			}
			if left > 1 {
				for _, alt := range b.Moves(nil) {
					if alt == m {
						continue
					}
					c := b
					c.Play(alt)
					if over, _ := c.Outcome(); over {
						return fmt.Errorf("puzzle %s: move %d: %s wins at once too", p.ID, i+1, cube.FormatMove(n, alt))
					}
					lost, complete := pr.Lost(ctx, c, left-1+CubeMargin, CubeNodes)
					if !complete {
						return fmt.Errorf("puzzle %s: move %d: could not refute %s within the node limit", p.ID, i+1, cube.FormatMove(n, alt))
					}
					if lost {
						return fmt.Errorf("puzzle %s: move %d: %s wins too (within %d plies)", p.ID, i+1, cube.FormatMove(n, alt), left+CubeMargin)
					}
				}
			}
		} else {
			c := b
			c.Play(m)
			proof := pr.Prove(ctx, c, left-1, CubeNodes)
			if !proof.Won || proof.Plies != left-1 {
				return fmt.Errorf("puzzle %s: move %d: after the reply %s the win is not exactly %d plies", p.ID, i+1, text, left-1)
			}
		}
		b.Play(m)
	}
	return nil
}

// AtaxxScores scores every move of pos by a search of depth plies with
// the n-tuple net (hundredths of a piece for the side to move), the moves
// in pos.Moves order, and returns the nodes searched.
func AtaxxScores(ctx context.Context, pos core.Position, depth int) (moves []string, scores []int, nodes int64, err error) {
	g, _ := core.Lookup(ataxx.ID)
	me := pos.ToMove()
	for _, m := range pos.Moves() {
		child, err := pos.Play(m)
		if err != nil {
			return nil, nil, 0, err
		}
		var s int
		if r := child.Result(); r.Over {
			switch r.Winner {
			case me:
				s = search.Win
			case core.NoPlayer:
				s = 0
			default:
				s = -search.Win
			}
		} else if depth <= 1 {
			cp, _ := ataxx.Concrete(child)
			w, _ := ataxx.StyleWeights("")
			s = -ataxx.Evaluate(&cp, w)
		} else {
			// The n-tuple net's scale, which AtaxxMargin was set on: the
			// hidden-layer net's scores squeeze leads (one seed-rules test
			// puzzle led by 200 with it, 300 needed).
			res, err := g.BestMove(search.WithFresh(ctx), child, core.AIRequest{Depth: depth - 1, Seed: 1, Style: ataxx.StyleLinear})
			if err != nil {
				return nil, nil, 0, err
			}
			s = -res.Info.Score
			nodes += res.Info.Nodes
		}
		moves = append(moves, m)
		scores = append(scores, s)
	}
	return moves, scores, nodes, nil
}

// Margin is the lead of the best of scores over the next: the index of the
// best and its lead (0 with fewer than two moves).
func Margin(scores []int) (best, lead int) {
	if len(scores) < 2 {
		return 0, 0
	}
	second := -1
	for i, s := range scores {
		if s > scores[best] {
			best = i
		}
	}
	for i, s := range scores {
		if i != best && (second < 0 || s > scores[second]) {
			second = i
		}
	}
	return best, scores[best] - scores[second]
}

func (v *Verifier) verifyAtaxx(ctx context.Context, p Puzzle, pos core.Position) error {
	if len(p.Solution) != 1 {
		return fmt.Errorf("puzzle %s: an Ataxx puzzle is one move, not %d", p.ID, len(p.Solution))
	}
	want, _ := pos.Play(p.Solution[0])
	for _, depth := range []int{AtaxxDepth - 1, AtaxxDepth} {
		moves, scores, nodes, err := AtaxxScores(ctx, pos, depth)
		v.Nodes += nodes
		if err != nil {
			return fmt.Errorf("puzzle %s: %v", p.ID, err)
		}
		if len(moves) < 2 {
			return fmt.Errorf("puzzle %s: only one legal move", p.ID)
		}
		best, lead := Margin(scores)
		got, _ := pos.Play(moves[best])
		if got.String() != want.String() {
			return fmt.Errorf("puzzle %s: at depth %d the best move is %s, not %s", p.ID, depth, moves[best], p.Solution[0])
		}
		if lead < AtaxxMargin {
			return fmt.Errorf("puzzle %s: at depth %d %s leads the next move by %d, less than %d", p.ID, depth, moves[best], lead, AtaxxMargin)
		}
	}
	// And a deeper search from the position itself plays it.
	g, _ := core.Lookup(ataxx.ID)
	res, err := g.BestMove(search.WithFresh(ctx), pos, core.AIRequest{Depth: AtaxxConfirmDepth, Seed: 1})
	if err != nil {
		return fmt.Errorf("puzzle %s: %v", p.ID, err)
	}
	v.Nodes += res.Info.Nodes
	if got, err := pos.Play(res.Move); err != nil || got.String() != want.String() {
		return fmt.Errorf("puzzle %s: at depth %d the engine plays %s, not %s", p.ID, AtaxxConfirmDepth, res.Move, p.Solution[0])
	}
	return nil
}

func (v *Verifier) verifyRace(p Puzzle, pos core.Position) error {
	n := len(p.Solution)
	if pos.Players() != 1 || !p.HasTheme(FillTheme(n)) {
		return fmt.Errorf("puzzle %s: a Chinese Checkers puzzle is one player alone with the theme %s", p.ID, FillTheme(n))
	}
	cp, err := chinesecheckers.Concrete(pos)
	if err != nil {
		return err
	}
	plan, found, complete := chinesecheckers.FinishIn(&cp, n, RaceNodes)
	if !complete || !found || len(plan) != n {
		return fmt.Errorf("puzzle %s: the shortest finish is not %d moves (found %v, complete %v, %d moves)", p.ID, n, found, complete, len(plan))
	}
	first, _ := pos.Play(p.Solution[0])
	for _, m := range pos.Moves() {
		child, err := pos.Play(m)
		if err != nil {
			return err
		}
		if child.String() == first.String() {
			continue
		}
		cc, _ := chinesecheckers.Concrete(child)
		_, found, complete := chinesecheckers.FinishIn(&cc, n-1, RaceNodes)
		if !complete {
			return fmt.Errorf("puzzle %s: could not refute %s within the node limit", p.ID, m)
		}
		if found {
			return fmt.Errorf("puzzle %s: %s also finishes in %d", p.ID, m, n)
		}
	}
	return nil
}
