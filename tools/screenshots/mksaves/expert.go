package main

import (
	"context"
	"fmt"
	"log"
	"math"
	"path/filepath"
	"time"

	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/ataxx"
	cc "github.com/jumpers-game/jumpers/core/chinesecheckers"
	"github.com/jumpers-game/jumpers/core/cube"
	"github.com/jumpers-game/jumpers/storage"
)

// levelNodes stops every search of these games at a node count instead of
// the level's time on the clock, so that every run plays the same moves:
// the Expert level (no depth cap, no noise) searches about what it
// searches in its second on a phone; the weaker levels stop at their
// depth caps long before.
const levelNodes = 150_000

// maxPlies ends a game that would not finish (it never does at these
// levels: a safety net, not a rule).
const maxPlies = 600

// playOut plays a whole game from opts, player i at levels[i] in
// styles[i] with seed+ply, and fails unless it finishes. At the ply
// spoil (when > 0) the side to move throws a move away instead (see
// worstMove): some games between the Expert and a weaker level have no
// single move bad enough for the review to call it a mistake, and the
// pictures need one.
func playOut(g core.Game, opts core.Options, levels, styles []string, seed int64, spoil int) *core.History {
	start, err := g.Start(opts)
	if err != nil {
		log.Fatal(err)
	}
	h := core.NewHistory(start, opts.Text(core.OptRules))
	for ply := 0; !h.Current().Result().Over; ply++ {
		if ply == maxPlies {
			log.Fatalf("%s %v: no end after %d plies", g.ID(), levels, ply)
		}
		pos := h.Current()
		if spoil > 0 && ply == spoil {
			if err := h.Play(worstMove(g, pos)); err != nil {
				log.Fatal(err)
			}
			continue
		}
		res, err := g.BestMove(context.Background(), pos, core.AIRequest{
			Level: levels[pos.ToMove()], Style: styles[pos.ToMove()], MoveTime: time.Hour, Nodes: levelNodes, Seed: seed + int64(ply)})
		if err != nil {
			log.Fatal(err)
		}
		if err := h.Play(res.Move); err != nil {
			log.Fatal(err)
		}
	}
	return h
}

// worstMove is the legal move of a two-player position after which the
// opponent's short search scores best: a plain blunder.
func worstMove(g core.Game, pos core.Position) string {
	worst, best := "", math.MinInt
	for _, m := range pos.Moves() {
		next, err := pos.Play(m)
		if err != nil {
			log.Fatal(err)
		}
		if next.Result().Over {
			continue
		}
		res, err := g.BestMove(context.Background(), next, core.AIRequest{Depth: 2, Seed: 1})
		if err != nil {
			log.Fatal(err)
		}
		if res.Info.Score > best {
			worst, best = m, res.Info.Score
		}
	}
	if worst == "" {
		return pos.Moves()[0]
	}
	return worst
}

// writeExpertGames writes the finished games against the Expert level
// that the review screenshots analyse: expert-cube.json (6×6),
// expert-ataxx.json, expert-cc.json (two players) and expert-cc6.json
// (six players, the Expert first); the first two also into the store's
// saves (finished games stay in Saved games, to be reviewed).
func writeExpertGames(storeDir, outDir string, day time.Time) {
	comp := func(level, style string) storage.Seat {
		return storage.Seat{Kind: storage.Computer, Level: level, Style: style}
	}
	n := 0
	for _, gm := range []struct {
		file, name string
		g          core.Game
		opts       core.Options
		levels     []string
		styles     []string
		spoil      int // the weaker side's thrown-away move (0: none)
	}{
		{"expert-cube", "Expert on 6×6", cube.Game{}, core.Options{}.WithInt(core.OptSize, 6),
			[]string{core.Average, core.Expert}, []string{cube.Kepler, cube.Newton}, 0},
		{"expert-ataxx", "Expert at Ataxx", ataxx.Game{}, core.Options{}.With(core.OptRules, "standard").With(core.OptLayout, "standard"),
			[]string{core.Novice, core.Expert}, []string{"balanced", "balanced"}, 10},
		{"expert-cc", "Expert at Checkers", cc.Game{}, core.Options{}.WithInt(core.OptPlayers, 2),
			[]string{core.Novice, core.Expert}, []string{"", ""}, 6},
		{"expert-cc6", "Expert and five", cc.Game{}, core.Options{}.WithInt(core.OptPlayers, 6),
			[]string{core.Expert, core.Novice, core.Beginner, cc.Classic, core.Novice, core.Beginner}, make([]string, 6), 0},
	} {
		n++
		started := time.Now()
		h := playOut(gm.g, gm.opts, gm.levels, gm.styles, 1, gm.spoil)
		seats := make([]storage.Seat, len(gm.levels))
		for i, l := range gm.levels {
			seats[i] = comp(l, gm.styles[i])
		}
		sv := save(h, gm.name, seats, day.Add(time.Duration(-n)*3*time.Hour))
		sv.Updated = sv.Created.UTC()
		if err := storage.WriteFile(filepath.Join(outDir, gm.file+".json"), sv); err != nil {
			log.Fatal(err)
		}
		if n <= 2 {
			if err := storage.WriteFile(filepath.Join(storeDir, "saves", gm.file+".json"), sv); err != nil {
				log.Fatal(err)
			}
		}
		log.Printf("%s: %d moves, %s (%.1f s)", gm.file, h.Cursor(), describe(h.Current().Result()), time.Since(started).Seconds())
	}
}

func describe(r core.Result) string {
	if len(r.Places) > 0 {
		return fmt.Sprintf("places %v, %s", r.Places, r.Reason)
	}
	if r.Winner == core.NoPlayer {
		return "a draw, " + r.Reason
	}
	return fmt.Sprintf("player %d won, %s", r.Winner+1, r.Reason)
}
