package chinesecheckers

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
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

// matchResult counts a's results against b over 2-player games.
type matchResult struct {
	a, b              player
	wins, draws, loss int
	unfinished        int
	plies             int
}

func (r matchResult) String() string {
	n := r.wins + r.draws + r.loss
	score := float64(r.wins) + float64(r.draws)/2
	return fmt.Sprintf("%-22s vs %-22s  +%d =%d -%d  (%.0f%%)  unfinished %d, avg %d plies", r.a, r.b, r.wins, r.draws, r.loss, 100*score/float64(max(n, 1)), r.unfinished, r.plies/max(n, 1))
}

// match plays pairs of games, each pair from a random opening (one random
// move per side) with the seats swapped, under rules.
func match(t testing.TB, a, b player, pairs int, rules Rules, seed uint64) matchResult {
	res := matchResult{a: a, b: b}
	rng := rand.New(rand.NewPCG(seed, 99))
	for g := 0; g < pairs; g++ {
		start, _ := Start(2, rules)
		for k := 0; k < 2; k++ {
			ms := start.LegalMoves()
			start.Play(ms[rng.IntN(len(ms))])
		}
		for swap := 0; swap < 2; swap++ {
			players := []player{a, b}
			aSeat := 0
			if swap == 1 {
				players = []player{b, a}
				aSeat = 1
			}
			p := playGame(t, start, players, int64(seed)*1000+int64(g*2+swap), 1000)
			res.plies += p.Ply()
			over, w := p.Over()
			switch {
			case !over:
				res.unfinished++
				res.draws++
			case w == aSeat:
				res.wins++
			case w < 0:
				res.draws++
			default:
				res.loss++
			}
		}
	}
	return res
}

// TestArena is the measurement behind docs/benchmarks-chinesecheckers.md.
// It takes minutes: run it with CC_ARENA=1 (CC_ARENA_PAIRS sets the number
// of game pairs per match).
func TestArena(t *testing.T) {
	if os.Getenv("CC_ARENA") == "" {
		t.Skip("set CC_ARENA=1 to run the arena")
	}
	pairs := 5
	fmt.Sscan(os.Getenv("CC_ARENA_PAIRS"), &pairs)
	which := os.Getenv("CC_ARENA")
	classic := player{level: Classic}
	var lines []string
	run := func(a, b player, rules Rules) {
		st := time.Now()
		r := match(t, a, b, pairs, rules, 1)
		line := fmt.Sprintf("%s  [%s, %v]", r, rules.Name(), time.Since(st).Round(time.Second))
		t.Log(line)
		lines = append(lines, line)
	}
	if strings.Contains(which, "classic") || which == "1" {
		for _, lv := range []string{core.Beginner, core.Novice, core.Average, core.Strong} {
			run(player{level: lv}, classic, DefaultRules())
		}
		run(player{level: core.Expert, moveTime: 500 * time.Millisecond}, classic, DefaultRules())
	}
	if strings.Contains(which, "levels") || which == "1" {
		run(player{level: core.Beginner}, player{level: core.Average}, DefaultRules())
		run(player{level: core.Expert, moveTime: 500 * time.Millisecond}, player{level: core.Strong}, DefaultRules())
	}
	if strings.Contains(which, "style") {
		run(player{level: core.Strong, style: "Balanced"}, player{level: core.Strong, style: "Racer"}, DefaultRules())
	}
	if strings.Contains(which, "multi") && !strings.Contains(which, "multiclassic") {
		for _, n := range []int{3, 4} {
			for _, pair := range [][2]player{
				{{level: core.Expert, moveTime: 100 * time.Millisecond, style: "BestReply"}, {level: core.Expert, moveTime: 100 * time.Millisecond, style: "Paranoid"}},
				{{level: core.Expert, moveTime: 100 * time.Millisecond, style: "Paranoid"}, {level: core.Expert, moveTime: 100 * time.Millisecond, style: "BestReply"}},
			} {
				st := time.Now()
				line := multiMatch(t, pair[0], pair[1], n, max(1, pairs/2), DefaultRules(), 2) + fmt.Sprintf("  [%v]", time.Since(st).Round(time.Second))
				t.Log(line)
				lines = append(lines, line)
			}
		}
	}
	if strings.Contains(which, "multiclassic") {
		for _, c := range []struct {
			n, openings int
			a           player
		}{
			{3, 4, player{level: core.Novice}}, {3, 4, player{level: core.Average, style: "BestReply"}}, {3, 4, player{level: core.Average, style: "Paranoid"}},
			{4, 2, player{level: core.Novice}}, {4, 2, player{level: core.Average}},
			{6, 2, player{level: core.Novice}}, {6, 2, player{level: core.Average}},
		} {
			line := multiMatch(t, c.a, classic, c.n, c.openings, DefaultRules(), 5)
			t.Log(line)
			lines = append(lines, line)
		}
		for _, lv := range []string{core.Average, core.Strong} {
			for _, pair := range [][2]string{{"BestReply", "Paranoid"}, {"Paranoid", "BestReply"}} {
				line := multiMatch(t, player{level: lv, style: pair[0]}, player{level: lv, style: pair[1]}, 3, 4, DefaultRules(), 5)
				t.Log(line)
				lines = append(lines, line)
			}
		}
	}
	if strings.Contains(which, "seed") {
		run(player{level: core.Average}, classic, SeedRules())
	}
	fmt.Println(strings.Join(lines, "\n"))
}

// multiMatch seats a alone against n-1 copies of b, a taking each seat in
// turn, from `openings` random openings; it reports a's average place
// (the fair share is (n+1)/2) and wins.
func multiMatch(t testing.TB, a, b player, n, openings int, rules Rules, seed uint64) string {
	rng := rand.New(rand.NewPCG(seed, 77))
	placeSum, games, wins, unfinished := 0, 0, 0, 0
	for o := 0; o < openings; o++ {
		start, _ := Start(n, rules)
		for k := 0; k < n; k++ {
			ms := start.LegalMoves()
			start.Play(ms[rng.IntN(len(ms))])
		}
		for seat := 0; seat < n; seat++ {
			players := make([]player, n)
			for i := range players {
				players[i] = b
			}
			players[seat] = a
			p := playGame(t, start, players, int64(seed)*1000+int64(o*n+seat), 3000)
			if over, _ := p.Over(); !over {
				unfinished++
			}
			pl := p.Places()[seat]
			placeSum += pl
			if pl == 1 {
				wins++
			}
			games++
		}
	}
	return fmt.Sprintf("%d players: %s alone vs %s: average place %.2f (fair %.1f), %d wins of %d, unfinished %d",
		n, a, b, float64(placeSum)/float64(games), float64(n+1)/2, wins, games, unfinished)
}
