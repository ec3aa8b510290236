package chinesecheckers

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/jumpers-game/jumpers/core"
)

// player is one side of a match: a level with an optional move time
// override (0 = the level's budget) and search algorithm.
type player struct {
	level    string
	moveTime time.Duration
	depth    int
	style    string
}

func (p player) String() string {
	s := p.level
	if p.moveTime > 0 {
		s += fmt.Sprintf("@%v", p.moveTime)
	}
	if p.depth > 0 {
		s += fmt.Sprintf("/d%d", p.depth)
	}
	if p.style != "" {
		s += "/" + p.style
	}
	return s
}

// playGame plays one game from start (after the opening moves) with
// players[i] seated as player i, and returns the final position.
func playGame(t testing.TB, start Position, players []player, seed int64, maxPly int) Position {
	p := start
	for ply := 0; ply < maxPly && !p.over; ply++ {
		pl := players[p.ToMove()]
		res, err := BestMove(context.Background(), p, core.AIRequest{Level: pl.level, Style: pl.style, Seed: seed + int64(ply), MoveTime: pl.moveTime, Depth: pl.depth})
		if err != nil {
			t.Fatal(err)
		}
		m, err := ParseMove(res.Move)
		if err != nil {
			t.Fatal(err)
		}
		if err := p.PlayChecked(m); err != nil {
			t.Fatalf("ply %d %s: %v\n%s", ply, res.Move, err, p.String())
		}
	}
	return p
}
