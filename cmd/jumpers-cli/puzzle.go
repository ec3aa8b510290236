package main

import (
	"fmt"

	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/puzzle"
)

// puzzleCommand is "puzzle list" and "puzzle check": the shipped puzzles
// (core/puzzle, CONTRACTS.md "Puzzles").
func puzzleCommand(e *env, args []string) error {
	if len(args) == 0 {
		return errorf("puzzle: list or check? try 'jumpers-cli help'")
	}
	switch args[0] {
	case "list":
		return puzzleList(e, args[1:])
	case "check":
		return puzzleCheck(e, args[1:])
	}
	return errorf("puzzle: unknown command %q (list or check)", clip(args[0]))
}

// puzzleList prints the shipped puzzles, one a line, tab-separated.
func puzzleList(e *env, args []string) error {
	fs := newFlags("puzzle list")
	game := fs.String("game", "", "only the puzzles of this game")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	var ps []puzzle.Puzzle
	var err error
	if flagWasSet(fs, "game") {
		g, lerr := core.Lookup(*game)
		if lerr != nil {
			return errorf("puzzle list: %v", lerr)
		}
		ps, err = puzzle.OfGame(g.ID())
	} else {
		ps, err = puzzle.All()
	}
	if err != nil {
		return errorf("puzzle list: %v", err)
	}
	for _, p := range ps {
		fmt.Fprintln(e.stdout, p.String())
	}
	return nil
}

// puzzleCheck judges an answer: correct, incorrect or continue.
func puzzleCheck(e *env, args []string) error {
	if len(args) != 2 {
		return errorf("puzzle check: give ID and MOVES (comma-separated), like 'puzzle check cube-0001 2:3,1:1,2:2'")
	}
	p, err := puzzle.ByID(args[0])
	if err != nil {
		return errorf("puzzle check: %v", err)
	}
	moves, err := puzzle.SplitMoves(args[1])
	if err != nil {
		return errorf("puzzle check: MOVES %q: %v", clip(args[1]), err)
	}
	v, err := puzzle.Check(p, moves)
	if err != nil {
		return errorf("puzzle check: %v", err)
	}
	fmt.Fprintln(e.stdout, v)
	return nil
}
