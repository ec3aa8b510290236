package main

import (
	"context"

	"github.com/jumpers-game/jumpers/core/cube"
	"github.com/jumpers-game/jumpers/core/puzzle"
	"github.com/jumpers-game/jumpers/core/search"
)

// cubeSizes are the board sizes of the mined games, in turn.
var cubeSizes = []int{5, 6, 7}

// cubeMaxPlies is the longest win looked for: win in 4.
const cubeMaxPlies = puzzle.CubeMaxPlies

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
	p, ok := puzzle.CubeLine(context.Background(), cubeProver, b, proof, m.o.mineNodes)
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
