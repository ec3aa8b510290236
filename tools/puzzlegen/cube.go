package main

import (
	"context"
	"fmt"

	"github.com/jumpers-game/jumpers/core/cube"
	"github.com/jumpers-game/jumpers/core/puzzle"
	"github.com/jumpers-game/jumpers/core/search"
)

// cubeSizes are the board sizes of the mined games, in turn.
var cubeSizes = []int{5, 6, 7}

// cubeMaxPlies is the longest win looked for: win in 4.
const cubeMaxPlies = 7

var cubeProver *search.Prover[cube.Board, cube.Move, *cube.Board]

// mineCube plays game gi and keeps the forced wins of 1 to 4 moves whose
// every solver's move is the only one that wins.
func mineCube(m *miner, gi int) error {
	if cubeProver == nil {
		cubeProver = cube.NewProver(32)
	}
	b, err := cube.NewBoard(cubeSizes[gi%len(cubeSizes)])
	if err != nil {
		return err
	}
	pos := randomOpening(cube.NewPosition(b), 4, gameRNG(m.o, gi))
	last := -100
	for ply := 0; !pos.Result().Over; ply++ {
		b, _ := cube.Concrete(pos)
		if ply-last > 1 && filled(&b)*3 >= b.Squares() {
			if mineCubeAt(m, b) {
				last = ply
			} else if filled(&b)*2 >= b.Squares() {
				// The positions a mistake of the side to move would
				// leave: the opponent's chances.
				for _, mv := range b.Moves(nil) {
					c := b
					c.Play(mv)
					if over, _ := c.Outcome(); !over && mineCubeAt(m, c) {
						last = ply
						break
					}
				}
			}
		}
		mv, err := engineMove(pos, gi, ply, m.o)
		if err != nil {
			return err
		}
		if pos, err = pos.Play(mv); err != nil {
			return err
		}
	}
	return nil
}

// mineCubeAt keeps the puzzle of b if it has one.
func mineCubeAt(m *miner, b cube.Board) bool {
	proof := cubeProver.Prove(context.Background(), b, cubeMaxPlies, m.o.mineNodes)
	if !proof.Won {
		return false
	}
	p, ok := cubeLine(b, proof, m.o.mineNodes)
	return ok && m.keep(p)
}

// filled counts the squares one spot from exploding.
func filled(b *cube.Board) int {
	n := 0
	for s := 0; s < b.Squares(); s++ {
		if b.Spots(cube.Move(s)) >= b.Neighbours(cube.Move(s)) {
			n++
		}
	}
	return n
}

// cubeLine makes the puzzle of a proven win: the solver's fastest wins and,
// between them, the defender's reply that holds out longest (of those, the
// one whose refutation took the prover most work).
func cubeLine(b cube.Board, proof search.Proof[cube.Move], nodes int64) (puzzle.Puzzle, bool) {
	ctx := context.Background()
	n := b.Size()
	var line []string
	cur := b
	left := proof.Plies
	mv := proof.Move
	for left > 0 {
		if left != proof.Plies {
			p := cubeProver.Prove(ctx, cur, left, nodes)
			if !p.Won || p.Plies != left {
				return puzzle.Puzzle{}, false
			}
			mv = p.Move
		}
		line = append(line, cube.FormatMove(n, mv))
		cur.Play(mv)
		left--
		if left == 0 {
			break
		}
		if over, _ := cur.Outcome(); over {
			return puzzle.Puzzle{}, false
		}
		var reply cube.Move
		bestPlies, bestNodes := -1, int64(-1)
		for _, r := range cur.Moves(nil) {
			c := cur
			c.Play(r)
			if over, _ := c.Outcome(); over {
				return puzzle.Puzzle{}, false // the defender wins: no forced win after all
			}
			p := cubeProver.Prove(ctx, c, left-1, nodes)
			if !p.Won {
				return puzzle.Puzzle{}, false
			}
			if p.Plies > bestPlies || p.Plies == bestPlies && p.Nodes > bestNodes {
				reply, bestPlies, bestNodes = r, p.Plies, p.Nodes
			}
		}
		if bestPlies != left-1 {
			return puzzle.Puzzle{}, false
		}
		line = append(line, cube.FormatMove(n, reply))
		cur.Play(reply)
		left--
	}
	k := (proof.Plies + 1) / 2
	themes := []string{fmt.Sprintf("win-in-%d", k), fmt.Sprintf("board-%dx%d", n, n)}
	return puzzle.Puzzle{
		Game: cube.ID, Rules: "standard", Position: b.String(), Solution: line, Themes: themes,
		Rating: puzzle.MinRating, // rated once verified
	}, true
}
