package main

import (
	"context"
	"log"
	"path/filepath"
	"time"

	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/puzzle"
	"github.com/jumpers-game/jumpers/storage"
)

// writeMissedWin writes the finished game the "from your games" puzzle
// pictures come from: started where the shipped puzzle cube-0001 starts
// (a win in 2 for the player to move, the human), whose first move misses
// it; then the Expert and the human's one-ply glances play to the end.
// Its review marks that first move, and the Puzzles screen makes it a
// puzzle again.
func writeMissedWin(storeDir string, day time.Time) {
	pz, err := puzzle.ByID("cube-0001")
	if err != nil {
		log.Fatal(err)
	}
	start, err := puzzle.Start(pz)
	if err != nil {
		log.Fatal(err)
	}
	g, _ := core.Lookup(pz.Game)
	h := core.NewHistory(start, pz.Rules)
	human := start.ToMove()
	answer, _ := start.Play(pz.Solution[0])
	for ply := 0; !h.Current().Result().Over; ply++ {
		if ply == maxPlies {
			log.Fatal("missed-win: no end")
		}
		pos := h.Current()
		var mv string
		if ply == 0 {
			for _, m := range pos.Moves() {
				if next, _ := pos.Play(m); next.String() != answer.String() {
					mv = m
					break
				}
			}
		} else {
			req := core.AIRequest{Level: core.Expert, MoveTime: time.Hour, Nodes: levelNodes, Seed: int64(ply)}
			if pos.ToMove() == human {
				req = core.AIRequest{Depth: 1, Seed: int64(ply)}
			}
			res, err := g.BestMove(context.Background(), pos, req)
			if err != nil {
				log.Fatal(err)
			}
			mv = res.Move
		}
		if err := h.Play(mv); err != nil {
			log.Fatal(err)
		}
	}
	seats := make([]storage.Seat, start.Players())
	for i := range seats {
		seats[i] = storage.Seat{Kind: storage.Computer, Level: core.Expert}
	}
	seats[human] = storage.Seat{Kind: storage.Human}
	sv := save(h, "A win missed", seats, day.Add(-5*time.Hour))
	sv.Updated = sv.Created.UTC()
	if err := storage.WriteFile(filepath.Join(storeDir, "saves", "20261120-143000-missed.json"), sv); err != nil {
		log.Fatal(err)
	}
}
