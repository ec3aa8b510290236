package main

import (
	"context"
	"fmt"
	"os"

	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/record"
)

// mineRecords mines the games of record files (jumpers-cli arena
// --record, record export, or any PGN-style file of ours): at every
// position of each game of the miner's game, the puzzle that position
// holds if any (puzzle.Verifier.FromGame, the rules the shipped set keeps
// and the app's puzzles from the player's games use), the engine's move
// there as the answer it checks. Positions already in the output file
// are skipped, so a run can be repeated on the same files.
func mineRecords(m *miner, files []string) error {
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			return err
		}
		games, err := record.ReadAll(string(data))
		if err != nil {
			return fmt.Errorf("%s: %w", file, err)
		}
		kept := 0
		for gi, rg := range games {
			if rg.Record.Game != m.o.game {
				continue
			}
			positions, err := rg.Record.Replay()
			if err != nil {
				return fmt.Errorf("%s game %d: %w", file, gi+1, err)
			}
			for _, pos := range positions {
				if len(m.seen) >= m.o.max {
					return nil
				}
				if pos.Result().Over || m.seen[pos.String()] {
					continue
				}
				ok, err := m.fromPosition(pos, rg.Record.Rules)
				if err != nil {
					return err
				}
				if ok {
					kept++
				}
			}
		}
		fmt.Fprintf(m.log, "%s: %d games, %d puzzles kept\n", file, len(games), kept)
	}
	return nil
}

// fromPosition keeps the puzzle pos holds, if any, with the engine's
// move there as the answer to check.
func (m *miner) fromPosition(pos core.Position, rules string) (bool, error) {
	g, err := core.Lookup(pos.Game())
	if err != nil {
		return false, err
	}
	res, err := g.BestMove(context.Background(), pos, core.AIRequest{Nodes: m.o.nodes, Seed: m.o.seed})
	if err != nil {
		return false, err
	}
	if rules == "" {
		rules = g.RuleSets()[0]
	}
	p, ok, err := m.v.FromGame(context.Background(), pos, rules, res.Move)
	if err != nil || !ok {
		return false, err
	}
	return m.keep(p), nil
}
