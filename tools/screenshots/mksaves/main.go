// Command mksaves writes the saved games the screenshots show: a store
// with a few saved games (one of them damaged) and an autosave, plus two
// loose files for JUMPERS_OPEN: a game in the middle, a finished one and
// a computer-against-computer game with the Expert to move; and finished
// games against the Expert level of every game, for the review (expert.go).
// The moves come from the engine at fixed depths and seeds, so every run
// writes the same games.
//
//	go run ./tools/screenshots/mksaves -store DIR -out DIR
package main

import (
	"context"
	"flag"
	"log"
	"os"
	"path/filepath"
	"time"

	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/ataxx"
	"github.com/jumpers-game/jumpers/core/cube"
	"github.com/jumpers-game/jumpers/storage"
)

// play plays moves with the engine at the given depths (one per player)
// until n moves are played or the game ends.
func play(size, n int, depth [2]int, seed int64) *core.History {
	g := cube.Game{}
	start, err := g.Start(core.Options{}.WithInt(core.OptSize, size))
	if err != nil {
		log.Fatal(err)
	}
	h := core.NewHistory(start, "")
	for i := 0; i < n && !h.Current().Result().Over; i++ {
		pos := h.Current()
		res, err := g.BestMove(context.Background(), pos, core.AIRequest{Depth: depth[pos.ToMove()], Seed: seed + int64(i)})
		if err != nil {
			log.Fatal(err)
		}
		if err := h.Play(res.Move); err != nil {
			log.Fatal(err)
		}
	}
	return h
}

// playAtaxx plays n moves of Ataxx from a layout under rules with the
// engine at a fixed depth.
func playAtaxx(rules, layout string, n, depth int, seed int64) *core.History {
	g := ataxx.Game{}
	start, err := g.Start(core.Options{}.With(core.OptRules, rules).With(core.OptLayout, layout))
	if err != nil {
		log.Fatal(err)
	}
	h := core.NewHistory(start, rules)
	for i := 0; i < n && !h.Current().Result().Over; i++ {
		res, err := g.BestMove(context.Background(), h.Current(), core.AIRequest{Depth: depth, Seed: seed + int64(i)})
		if err != nil {
			log.Fatal(err)
		}
		if err := h.Play(res.Move); err != nil {
			log.Fatal(err)
		}
	}
	return h
}

// ataxxTap is the piece of the side to move with the most targets, at
// least one clone and one jump among them: the one the screenshot selects.
func ataxxTap(pos core.Position) string {
	p, err := ataxx.Concrete(pos)
	if err != nil {
		log.Fatal(err)
	}
	best, bestN := "", -1
	for _, sq := range ataxx.SquaresOf(p.Pieces(p.ToMove())) {
		c, j := p.Targets(sq)
		if c == 0 || j == 0 {
			continue
		}
		if n := len(ataxx.SquaresOf(c)) + len(ataxx.SquaresOf(j)); n > bestN {
			best, bestN = ataxx.SquareName(sq), n
		}
	}
	return best
}

// cascadeGame is a 5×5 game played by the engine until Red, to move,
// has a cascade of four to eight waves that takes Blue squares and does
// not end the game, with the move that takes the most: a sequence that
// fits in a few pictures.
func cascadeGame() (*core.History, string) {
	g := cube.Game{}
	for seed := int64(1); seed < 100; seed++ {
		h := play(5, 0, [2]int{2, 2}, seed)
		for ply := 0; ply < 60 && !h.Current().Result().Over; ply++ {
			pos := h.Current()
			best, most := "", 0
			for _, m := range pos.Moves() {
				after, steps, err := cube.PlayTraced(pos, m)
				if err != nil || len(steps) < 5 || len(steps) > 9 || after.Result().Over {
					continue
				}
				a, _ := cube.Concrete(after)
				b, _ := cube.Concrete(pos)
				if taken := b.Count(cube.Blue) - a.Count(cube.Blue); taken > most {
					best, most = m, taken
				}
			}
			if most >= 4 && pos.ToMove() == int(cube.Red) {
				return h, best
			}
			res, err := g.BestMove(context.Background(), pos, core.AIRequest{Depth: 1, Seed: seed + int64(ply)})
			if err != nil {
				log.Fatal(err)
			}
			if err := h.Play(res.Move); err != nil {
				log.Fatal(err)
			}
		}
	}
	log.Fatal("no 5×5 game with a long cascade")
	return nil, ""
}

func save(h *core.History, name string, seats []storage.Seat, created time.Time) storage.Save {
	sv := storage.NewSave(h.Record(), h.Cursor(), seats, created)
	sv.Name = name
	sv.Seed = 42
	return sv
}

// statsJSON is a season of games against the computer (app.Stats' file).
const statsJSON = `{"version": 1, "streak": 2, "best": 4, "rows": [
 {"game": "cube", "level": "Novice", "board": "5×5", "played": 6, "won": 5, "lost": 1, "drawn": 0},
 {"game": "cube", "level": "Expert", "board": "7×7", "played": 4, "won": 1, "lost": 3, "drawn": 0},
 {"game": "ataxx", "level": "Strong", "board": "standard layout", "played": 3, "won": 1, "lost": 1, "drawn": 1},
 {"game": "chinesecheckers", "level": "Average", "board": "3 players", "played": 2, "won": 1, "lost": 1, "drawn": 0}]}
`

func main() {
	storeDir := flag.String("store", "", "the app's storage root")
	outDir := flag.String("out", "", "folder for mid.json and won.json")
	flag.Parse()
	if *storeDir == "" || *outDir == "" {
		log.Fatal("need -store and -out")
	}
	st, err := storage.Open(*storeDir)
	if err != nil {
		log.Fatal(err)
	}
	you := storage.Seat{Kind: storage.Human}
	avg := storage.Seat{Kind: storage.Computer, Level: core.Average, Style: cube.Kepler}
	exp := storage.Seat{Kind: storage.Computer, Level: core.Expert, Style: cube.Newton}
	day := time.Date(2026, 11, 20, 19, 30, 0, 0, time.Local)

	mid := play(6, 18, [2]int{2, 3}, 7)
	midSave := save(mid, "Evening game", []storage.Seat{you, avg}, day)
	big := play(9, 40, [2]int{2, 2}, 11) // the Expert (Red) to move
	bigSave := save(big, "Computer vs computer", []storage.Seat{exp, avg}, day.Add(-48*time.Hour))
	var won *core.History
	for seed := int64(1); ; seed++ {
		won = play(5, 200, [2]int{3, 1}, seed)
		if r := won.Current().Result(); r.Over && r.Winner == 0 {
			break
		}
	}
	wonSave := save(won, "Won on 5×5", []storage.Seat{you, {Kind: storage.Computer, Level: core.Novice}}, day.Add(-24*time.Hour))

	// Written with WriteFile rather than Store.Put, which stamps "now":
	// the list should show different dates.
	for i, s := range []struct {
		id string
		sv storage.Save
	}{{"evening", midSave}, {"won5", wonSave}, {"cvc", bigSave}} {
		s.sv.Updated = day.Add(time.Duration(-i) * 26 * time.Hour).UTC()
		if err := storage.WriteFile(filepath.Join(*storeDir, "saves", s.id+".json"), s.sv); err != nil {
			log.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(*storeDir, "saves", "notes.json"), []byte("{\"format\": \"jumpers-save\", \"version\": 1, \"game\": \"cube\", \"moves\": [\"1:1\""), 0o644); err != nil {
		log.Fatal(err)
	}
	// The Statistics screen's tallies: the file app.Stats keeps.
	if err := os.WriteFile(filepath.Join(*storeDir, "stats.json"), []byte(statsJSON), 0o644); err != nil {
		log.Fatal(err)
	}
	if err := st.Autosave(midSave); err != nil {
		log.Fatal(err)
	}
	if err := storage.WriteFile(filepath.Join(*outDir, "mid.json"), midSave); err != nil {
		log.Fatal(err)
	}
	if err := storage.WriteFile(filepath.Join(*outDir, "won.json"), wonSave); err != nil {
		log.Fatal(err)
	}
	if err := storage.WriteFile(filepath.Join(*outDir, "cvc.json"), bigSave); err != nil {
		log.Fatal(err)
	}
	coachSaves(*outDir, day)
	// Ataxx: a game in the middle (Black, a human, to move) and a seed
	// rules game on the "cross" gap layout.
	axMid := playAtaxx("standard", "standard", 14, 2, 5)
	axGaps := playAtaxx("seed", "cross", 10, 2, 9)
	axSeats := []storage.Seat{you, {Kind: storage.Computer, Level: core.Strong, Style: "balanced"}}
	for _, f := range []struct {
		name string
		h    *core.History
		sv   storage.Save
	}{
		{"ataxx-mid.json", axMid, save(axMid, "Ataxx after dinner", axSeats, day)},
		{"ataxx-gaps.json", axGaps, save(axGaps, "Ataxx on the cross", axSeats, day)},
	} {
		if err := storage.WriteFile(filepath.Join(*outDir, f.name), f.sv); err != nil {
			log.Fatal(err)
		}
	}
	// The Ataxx game is in progress in the store too: home's list shows
	// more than one game.
	axStored := save(axMid, "Ataxx after dinner", axSeats, day.Add(-2*time.Hour))
	axStored.Updated = axStored.Created.UTC()
	if err := storage.WriteFile(filepath.Join(*storeDir, "saves", "ataxx-mid.json"), axStored); err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(*outDir, "ataxx-tap.txt"), []byte(ataxxTap(axMid.Current())), 0o644); err != nil {
		log.Fatal(err)
	}
	// Jumping Cube, two people on a 5×5 board, Red to move with a long
	// cascade in hand: the Blink rapidly sequence (shoot-blink.sh).
	casc, tap := cascadeGame()
	both := []storage.Seat{{Kind: storage.Human, HintLevel: core.Expert}, {Kind: storage.Human, HintLevel: core.Novice}}
	if err := storage.WriteFile(filepath.Join(*outDir, "cascade.json"), save(casc, "Cascade on 5×5", both, day)); err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(*outDir, "cascade-tap.txt"), []byte(tap), 0o644); err != nil {
		log.Fatal(err)
	}
	writeMissedWin(*storeDir, day)
	writeExpertGames(*storeDir, *outDir, day)
	log.Printf("ataxx: mid %s, gaps %s", axMid.Current(), axGaps.Current())
	log.Printf("mid %d moves, cvc %d moves, won %d moves", mid.Cursor(), big.Cursor(), won.Cursor())
}
