package chinesecheckers

import (
	"context"
	"flag"
	"testing"

	"github.com/jumpers-game/jumpers/core"
)

var (
	stallGames = flag.Int("stall.games", 0, "AI games per setup in TestStallMeasure (0: skip it)")
	stallLevel = flag.String("stall.level", core.Novice, "level of every seat in TestStallMeasure")
	stallOff   = flag.Bool("stall.off", false, "TestStallMeasure without the stall rule (it still counts)")
)

// TestStallMeasure gives the figures behind StallMoves
// (docs/chinesecheckers-rules.md, "Stalling"): AI self-play in several
// profiles and player counts, and per setup how the games ended and the
// longest stretch in which no player still in progressed, in games that
// went on to finish. With -stall.off the rule is lifted (the counts go on)
// and each game that finished after such a stretch of StallMoves says
// whether the ranking the rule would have given agrees with the finish.
//
//	go test ./core/chinesecheckers -run TestStallMeasure -v -stall.games 30 -stall.level Beginner -stall.off
func TestStallMeasure(t *testing.T) {
	if *stallGames <= 0 {
		t.Skip("a measurement: -stall.games N")
	}
	if *stallOff {
		stallLimit = 250 // below the counts' saturation: never reached in these games
		defer func() { stallLimit = StallMoves }()
	}
	setups := []struct {
		players int
		rules   string
	}{{2, "default"}, {2, "closed"}, {2, "seed"}, {2, "closed+locked"}, {3, "default"}, {4, "default"}, {6, "default"}}
	for _, s := range setups {
		r, _ := ParseRules(s.rules)
		var stalled, limit, longest, early, agree int
		for g := 0; g < *stallGames; g++ {
			p, _ := Start(s.players, r)
			run, snap := 0, []int(nil)
			for !p.over && p.Ply() < 2000 {
				res, err := BestMove(context.Background(), p, core.AIRequest{Level: *stallLevel, Seed: int64(7*g + 1)})
				if err != nil {
					t.Fatal(err)
				}
				m, _ := ParseMove(res.Move)
				if err := p.PlayChecked(m); err != nil {
					t.Fatalf("%s: %v", res.Move, err)
				}
				if p.activeCount() < 2 {
					break // one player left, placed last: no stretch of the game
				}
				least := 255
				for i := 0; i < s.players; i++ {
					if p.finished>>uint(i)&1 == 0 {
						least = min(least, p.Stalled(i))
					}
				}
				run = max(run, least)
				if least >= StallMoves && snap == nil {
					q := p // the ranking the rule would give here
					q.over, q.reason = true, reasonStalled
					q.rankRest()
					snap = q.Places()
				}
			}
			switch {
			case p.reason == reasonStalled:
				stalled++
				if run < stallLimit {
					t.Errorf("ended stalled after a stretch of %d", run)
				}
			case p.reason == reasonLimit || !p.over:
				limit++
			default:
				longest = max(longest, run)
				if snap != nil {
					early++
					ok := true
					for i := range snap {
						for j := range snap {
							if snap[i] < snap[j] && p.place[i] > p.place[j] {
								ok = false
							}
						}
					}
					if ok {
						agree++
					}
				}
			}
		}
		t.Logf("%d players %s %s: %d games, %d stalled, %d at the move limit; longest stretch without progress in finished games %d; %d finished after %d, %d of them in the order the rule would have ranked",
			s.players, s.rules, *stallLevel, *stallGames, stalled, limit, longest, early, StallMoves, agree)
	}
}
