package main

import (
	"fmt"

	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/cube"
)

func init() {
	addGameCommand("cube", command{name: "show", usage: "(--size N | --position POS)", summary: "print the board for people", run: cubeShow})
	addGameCommand("cube", command{name: "play", usage: "[--size N] [--seed N]", summary: "the text game in a terminal (type 'help' inside)", run: playCommand, streams: true})
	optionChecks["cube"] = func(n int) error {
		if n <= 0 {
			_, err := cube.NewBoard(n) // says "size 0 is out of range (2 to 15)"
			return err
		}
		return nil
	}
	fastPerft["cube"] = func(pos core.Position, depth int) (uint64, error) {
		b, ok := cube.BoardOf(pos)
		if !ok {
			return 0, errorf("not a Jumping Cube position")
		}
		return cube.Perft(b, depth), nil
	}
}

func cubeShow(e *env, g core.Game, args []string) error {
	fs := newFlags("cube show")
	pf := addPositionFlags(fs, g)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	pos, _, err := pf.load()
	if err != nil {
		return err
	}
	fmt.Fprint(e.stdout, cube.Show(pos))
	return nil
}
