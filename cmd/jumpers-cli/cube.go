package main

import (
	"fmt"

	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/cube"
)

func init() {
	addGameCommand("cube", command{name: "show", usage: "(--size N | --position POS)", summary: "print the board for people", run: cubeShow})
	addGameCommand("cube", command{name: "play", usage: "[--size N] [--seed N]", summary: "the text game in a terminal (type 'help' inside)", run: playCommand, streams: true})
	fastPerft["cube"] = func(pos core.Position, depth int) (uint64, error) {
		b, err := cube.Concrete(pos)
		if err != nil {
			return 0, err
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
