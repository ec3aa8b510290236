// Command ccsaves writes the Chinese Checkers games the screenshots show:
// a two-player game and a six-player game in the middle, each with the
// human (player 1) to move, and for each the hole of the piece the
// screenshot selects (the one that reaches the most holes).
// The moves come from the engine at fixed depths and seeds, so every run
// writes the same games.
//
//	go run ./tools/screenshots/ccsaves -out DIR
package main

import (
	"context"
	"flag"
	"log"
	"os"
	"path/filepath"
	"time"

	"github.com/jumpers-game/jumpers/core"
	cc "github.com/jumpers-game/jumpers/core/chinesecheckers"
	"github.com/jumpers-game/jumpers/storage"
)

// play plays moves with the engine (levels[i] for player i; "" = depth 2)
// until n moves are played and player 1 is to move.
func play(players, n int, levels []string, seed int64) *core.History {
	g := cc.Game{}
	start, err := g.Start(core.Options{}.WithInt(core.OptPlayers, players))
	if err != nil {
		log.Fatal(err)
	}
	h := core.NewHistory(start, "")
	for i := 0; (i < n || h.Current().ToMove() != 0) && !h.Current().Result().Over; i++ {
		pos := h.Current()
		req := core.AIRequest{Depth: 2, Seed: seed + int64(i)}
		if l := levels[pos.ToMove()]; l != "" {
			req = core.AIRequest{Level: l, Seed: seed + int64(i)}
		}
		res, err := g.BestMove(context.Background(), pos, req)
		if err != nil {
			log.Fatal(err)
		}
		if err := h.Play(res.Move); err != nil {
			log.Fatal(err)
		}
	}
	return h
}

// tapHole is the piece of the player to move that reaches the most holes.
func tapHole(pos core.Position) string {
	p, err := cc.Concrete(pos)
	if err != nil {
		log.Fatal(err)
	}
	best, bestN := "", -1
	for _, h := range p.Pieces(p.ToMove()) {
		if n := len(p.Reach(h)); n > bestN {
			best, bestN = cc.HoleName(h), n
		}
	}
	return best
}

func main() {
	out := flag.String("out", "", "folder for the games and the holes to tap")
	flag.Parse()
	if *out == "" {
		log.Fatal("need -out")
	}
	you := storage.Seat{Kind: storage.Human}
	comp := func(level string) storage.Seat { return storage.Seat{Kind: storage.Computer, Level: level} }
	day := time.Date(2026, 11, 21, 18, 0, 0, 0, time.Local)
	for _, gm := range []struct {
		file    string
		players int
		moves   int
		levels  []string
		seats   []storage.Seat
	}{
		{"cc-2p", 2, 24, []string{"", ""}, []storage.Seat{you, comp(core.Average)}},
		{"cc-6p", 6, 42, []string{"", cc.Classic, "", cc.Classic, "", cc.Classic},
			[]storage.Seat{you, comp(cc.Classic), comp(core.Novice), comp(core.Average), comp(core.Strong), comp(core.Beginner)}},
	} {
		h := play(gm.players, gm.moves, gm.levels, 3)
		sv := storage.NewSave(h.Record(), h.Cursor(), gm.seats, day)
		sv.Name = "Chinese Checkers, " + map[int]string{2: "two", 6: "six"}[gm.players] + " players"
		sv.Seed = 42
		if err := storage.WriteFile(filepath.Join(*out, gm.file+".json"), sv); err != nil {
			log.Fatal(err)
		}
		tap := tapHole(h.Current())
		if err := os.WriteFile(filepath.Join(*out, gm.file+"-tap.txt"), []byte(tap), 0o644); err != nil {
			log.Fatal(err)
		}
		log.Printf("%s: %d moves, tap %s", gm.file, h.Cursor(), tap)
	}
}
