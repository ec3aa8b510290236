package coretest

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/jumpers-game/jumpers/core"
)

// SeedContract checks the seed contract of g's AI: the same position,
// level, style and seed give the same move whatever ran before in the
// process. Every level and style is asked on every position, first in
// order, then again in reverse order with timed searches of the strongest
// level and noisy searches of other seeds in between. Levels search to
// their own depth cap, or to depth when they have none (a time budget
// would make the answer depend on the machine).
func SeedContract(t *testing.T, g core.Game, positions []core.Position, depth int) {
	t.Helper()
	type ask struct {
		index int // of the position: two rule sets may print the same text
		pos   core.Position
		level core.Level
		style string
		seed  int64
	}
	var asks []ask
	for i, p := range positions {
		for _, l := range g.Levels() {
			for _, st := range g.Styles() {
				for _, seed := range []int64{1, 42} {
					asks = append(asks, ask{i, p, l, st, seed})
				}
			}
		}
	}
	move := func(a ask) string {
		d := a.level.MaxDepth
		if d == 0 {
			d = depth
		}
		res, err := g.BestMove(context.Background(), a.pos, core.AIRequest{Level: a.level.Name, Style: a.style, Seed: a.seed, Depth: d})
		if err != nil {
			t.Fatalf("%s %s/%s seed %d: %v", a.pos, a.level.Name, a.style, a.seed, err)
		}
		return res.Move
	}
	key := func(a ask) string { return fmt.Sprintf("%d|%s|%s|%d", a.index, a.level.Name, a.style, a.seed) }
	want := map[string]string{}
	for _, a := range asks {
		want[key(a)] = move(a)
	}
	levels := g.Levels()
	for i := len(asks) - 1; i >= 0; i-- {
		a := asks[i]
		// Disturb whatever the AI keeps between searches.
		_, _ = g.BestMove(context.Background(), a.pos, core.AIRequest{Style: a.style, MoveTime: 5 * time.Millisecond, Seed: a.seed + 1})
		_, _ = g.BestMove(context.Background(), a.pos, core.AIRequest{Level: levels[0].Name, Style: a.style, Seed: a.seed + 2, Depth: 1})
		if got := move(a); got != want[key(a)] {
			t.Errorf("%s %s/%s seed %d: %s after other searches, %s before", a.pos, a.level.Name, a.style, a.seed, got, want[key(a)])
		}
	}
}

// Line is a position given as options and the moves played from their
// start.
type Line struct {
	Options core.Options
	Moves   []string
}

// Positions plays each line of g and returns the positions reached.
func Positions(t *testing.T, g core.Game, lines ...Line) []core.Position {
	t.Helper()
	var out []core.Position
	for _, l := range lines {
		p, err := g.Start(l.Options)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range l.Moves {
			if p, err = p.Play(m); err != nil {
				t.Fatalf("%v: %v", l, err)
			}
		}
		out = append(out, p)
	}
	return out
}
