package main

import (
	"context"
	"fmt"
	"time"

	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/chinesecheckers"
)

// The Chinese Checkers commands besides the generic apply, perft,
// bestmove and engine: the solitaire solver and a board for people. perft
// uses the engine's own move generator.
func init() {
	addGameCommand("chinesecheckers", command{name: "solve", usage: "[--movetime MS] [--rules R]", summary: "solitaire: carry player 1's ten pieces from S to N in as few moves as found in the time (default 60 s); the moves one a line, then 'moves: N'", run: ccSolve})
	addGameCommand("chinesecheckers", command{name: "show", usage: "(--players P | --position POS) [--rules R]", summary: "print the star for people, with whose turn it is or the result", run: ccShow})
	fastPerft["chinesecheckers"] = func(pos core.Position, depth int) (uint64, error) {
		p, err := chinesecheckers.Concrete(pos)
		if err != nil {
			return 0, err
		}
		return uint64(chinesecheckers.Perft(p, depth)), nil
	}
}

func ccSolve(e *env, g core.Game, args []string) error {
	fs := newFlags("chinesecheckers solve")
	movetime := fs.Int("movetime", 60000, "milliseconds to search")
	rules := fs.String("rules", "default", "rule set")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if err := checkMoveTime(fs, "movetime", *movetime); err != nil {
		return err
	}
	if !validRules(g, *rules) {
		return errorf("unknown rules %q (one of %v)", *rules, g.RuleSets())
	}
	r, err := chinesecheckers.ParseRules(*rules)
	if err != nil {
		return usageError{err.Error()}
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Duration(*movetime)*time.Millisecond)
	defer cancel()
	plan := chinesecheckers.Solve(ctx, r)
	for _, m := range plan {
		fmt.Fprintln(e.stdout, m)
	}
	fmt.Fprintf(e.stdout, "moves: %d\n", len(plan))
	return nil
}

func ccShow(e *env, g core.Game, args []string) error {
	fs := newFlags("chinesecheckers show")
	pf := addPositionFlags(fs, g)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	pos, _, err := pf.load()
	if err != nil {
		return err
	}
	p, err := chinesecheckers.Concrete(pos)
	if err != nil {
		return err
	}
	fmt.Fprint(e.stdout, chinesecheckers.Show(&p))
	return nil
}
