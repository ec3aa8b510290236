package main

import (
	"fmt"
	"time"

	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/ataxx"
)

// The Ataxx commands besides the generic apply, perft, bestmove, uai and
// engine: the seed's board program and a board for people. perft uses the
// engine's bitboard counter.
func init() {
	addGameCommand("ataxx", command{name: "seed-move", usage: "[--depth D | --movetime MS] [--seed N]", summary: "seed 002's program: a board on stdin (7 lines like 1:0:0:0:0:0:2:), Black's move and the board after it on stdout", run: ataxxSeedMove})
	addGameCommand("ataxx", command{name: "show", usage: "[--fen FEN] [--layout L] [--rules R]", summary: "print the board for people, with the piece counts and the result", run: ataxxShow})
	positionTextFlag["ataxx"] = "fen"
	fastPerft["ataxx"] = func(pos core.Position, depth int) (uint64, error) {
		p, err := ataxx.Concrete(pos)
		if err != nil {
			return 0, err
		}
		return p.Perft(depth), nil
	}
}

func ataxxSeedMove(e *env, g core.Game, args []string) error {
	fs := newFlags("ataxx seed-move")
	depth := fs.Int("depth", 0, "search depth (default: think for the Expert level's time)")
	movetime := fs.Int("movetime", 0, "milliseconds to think")
	seed := fs.Int64("seed", 0, "random seed (default: random)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if flagWasSet(fs, "depth") && flagWasSet(fs, "movetime") {
		return errorf("ataxx seed-move: give --depth or --movetime, not both")
	}
	if *depth < 0 || *depth > maxSearchDepth || (flagWasSet(fs, "depth") && *depth == 0) {
		return errorf("--depth %d is out of range (1 to %d)", *depth, maxSearchDepth)
	}
	if err := checkMoveTime(fs, "movetime", *movetime); err != nil {
		return err
	}
	if !flagWasSet(fs, "seed") {
		*seed = time.Now().UnixNano()
	}
	req := core.AIRequest{Depth: *depth, MoveTime: time.Duration(*movetime) * time.Millisecond, Seed: *seed}
	if req.Depth > 0 {
		req.Nodes = limits.depthNodes // as bestmove: a depth alone is bounded by nodes
	}
	if err := ataxx.SeedMoveRequest(e.stdin, e.stdout, capAI(req)); err != nil {
		return usageError{"board: " + err.Error()}
	}
	return nil
}

func ataxxShow(e *env, g core.Game, args []string) error {
	fs := newFlags("ataxx show")
	pf := addPositionFlags(fs, g) // --fen, --layout, --rules
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	pos, _, err := pf.load()
	if err != nil {
		return err
	}
	p, err := ataxx.Concrete(pos)
	if err != nil {
		return err
	}
	fmt.Fprint(e.stdout, p.Board())
	fmt.Fprintf(e.stdout, "fen: %s\n", p.FEN())
	fmt.Fprintf(e.stdout, "x: %d  o: %d  to move: %s\n", p.Count(ataxx.Black), p.Count(ataxx.White), "xo"[p.ToMove():p.ToMove()+1])
	if r := pos.Result(); r.Over {
		winner := "draw"
		if r.Winner >= 0 {
			winner = g.PlayerName(r.Winner) + " wins"
		}
		fmt.Fprintf(e.stdout, "result: %s (%s)\n", winner, r.Reason)
	}
	return nil
}
