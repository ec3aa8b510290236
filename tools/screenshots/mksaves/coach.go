package main

import (
	"log"
	"path/filepath"
	"time"

	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/ataxx"
	cc "github.com/jumpers-game/jumpers/core/chinesecheckers"
	"github.com/jumpers-game/jumpers/core/cube"
	"github.com/jumpers-game/jumpers/storage"
)

// coachSaves writes coach-<game>.json: the coach's positions of its tests
// (app/coach_test.go), a coached human to move against a Beginner, for
// JUMPERS_OPEN and JUMPERS_TAP to reach the coach's warning
// (tools/screenshots/shoot-coach.sh).
func coachSaves(outDir string, created time.Time) {
	for _, c := range []struct {
		name string
		g    core.Game
		text string
	}{
		{"coach-ataxx.json", ataxx.Game{}, "5oo/6o/7/3o3/xxx4/xxx4/xxx4 x 0 1"},
		{"coach-cube.json", cube.Game{}, "2r3r3r3r2r/3r4r4r4r3r/3b1-1-1-1-/1-1-1-1-1b/1-1-1-1-2b r"},
		{"coach-cc.json", cc.Game{}, "./../.../.2../....2.2.2..../...12......./....2....../...21.1.../....12.../........../..1..21..../...1..2...../.......11..../..../.../.1/. 1 S,N"},
	} {
		rules := c.g.RuleSets()[0]
		pos, err := c.g.ParsePosition(c.text, rules)
		if err != nil {
			log.Fatal(err)
		}
		h := core.NewHistory(pos, rules)
		seats := []storage.Seat{{Kind: storage.Human, Coach: true}, {Kind: storage.Computer, Level: core.Beginner}}
		sv := save(h, "Coached game", seats, created)
		if err := storage.WriteFile(filepath.Join(outDir, c.name), sv); err != nil {
			log.Fatal(err)
		}
	}
}
