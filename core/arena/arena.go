// Package arena plays AI-vs-AI matches for any game and sums them up:
// wins, draws and losses, the Elo difference with its 95% interval, and for
// games of more than two players the places per seat. It is what
// `jumpers-cli arena` runs, and the benchmark figures come from it.
package arena

import (
	"context"
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/jumpers-game/jumpers/core"
)

// Player chooses moves.
type Player interface {
	Name() string
	NewGame() error
	Move(ctx context.Context, pos core.Position, seed int64) (string, error)
}

// AI is one of our own levels as a player.
type AI struct {
	Game     core.Game
	Level    string
	Style    string
	MoveTime time.Duration // 0 = the level's budget
}

func (a AI) Name() string {
	if a.Style != "" {
		return a.Level + "/" + a.Style
	}
	return a.Level
}

func (a AI) NewGame() error { return nil }

func (a AI) Move(ctx context.Context, pos core.Position, seed int64) (string, error) {
	res, err := a.Game.BestMove(ctx, pos, core.AIRequest{Level: a.Level, Style: a.Style, MoveTime: a.MoveTime, Seed: seed})
	return res.Move, err
}

// Match describes a match: player A against player B over Games games.
// With two players, colours alternate: A moves first in even games. With
// more, A takes seat (game mod players) and B fills the other seats.
type Match struct {
	Game    core.Game
	Options core.Options
	A, B    Player
	Games   int
	Seed    int64
	// MaxPlies adjudicates a game that runs this long as a draw (0 = 2000).
	MaxPlies int
	// Progress, if set, is called after each game.
	Progress func(game int, r GameResult)
}

// GameResult is one game from A's point of view.
type GameResult struct {
	ASeat  int
	Result core.Result
	Plies  int
	Score  float64 // 1 win, 0.5 draw, 0 loss for A (multi-player: by place)
}

// Summary is the outcome of a match.
type Summary struct {
	// Wins, Draws, Losses count A's wins, draws and losses; with more than
	// two players its first, middle and last places.
	Wins, Draws, Losses int
	Games               []GameResult
	Players             int
	// PlaceCount[seat][place-1] counts A's finishing places per seat.
	PlaceCount [][]int
}

// Play runs the match.
func (m Match) Play(ctx context.Context) (Summary, error) {
	start, err := m.Game.Start(m.Options)
	if err != nil {
		return Summary{}, err
	}
	n := start.Players()
	sum := Summary{Players: n, PlaceCount: make([][]int, n)}
	for i := range sum.PlaceCount {
		sum.PlaceCount[i] = make([]int, n)
	}
	maxPlies := m.MaxPlies
	if maxPlies == 0 {
		maxPlies = 2000
	}
	for g := 0; g < m.Games; g++ {
		aSeat := g % n
		if err := m.A.NewGame(); err != nil {
			return sum, err
		}
		if err := m.B.NewGame(); err != nil {
			return sum, err
		}
		pos := start
		plies := 0
		for !pos.Result().Over && plies < maxPlies {
			if ctx.Err() != nil {
				return sum, ctx.Err()
			}
			p := m.B
			if pos.ToMove() == aSeat {
				p = m.A
			}
			seed := m.Seed*7919 + int64(g)*1000003 + int64(plies)
			mv, err := p.Move(ctx, pos, seed)
			if err != nil {
				return sum, fmt.Errorf("game %d, ply %d, %s: %v", g+1, plies+1, p.Name(), err)
			}
			next, err := pos.Play(mv)
			if err != nil {
				return sum, fmt.Errorf("game %d, ply %d: %s played %q: %v", g+1, plies+1, p.Name(), mv, err)
			}
			pos = next
			plies++
		}
		res := pos.Result()
		gr := GameResult{ASeat: aSeat, Result: res, Plies: plies, Score: scoreFor(res, aSeat, n)}
		switch {
		case gr.Score == 1:
			sum.Wins++
		case gr.Score == 0:
			sum.Losses++
		default:
			sum.Draws++
		}
		if res.Places != nil && res.Places[aSeat] > 0 {
			sum.PlaceCount[aSeat][res.Places[aSeat]-1]++
		} else if n == 2 && res.Over && res.Winner != core.NoPlayer {
			place := 2
			if res.Winner == aSeat {
				place = 1
			}
			sum.PlaceCount[aSeat][place-1]++
		}
		sum.Games = append(sum.Games, gr)
		if m.Progress != nil {
			m.Progress(g+1, gr)
		}
	}
	return sum, nil
}

// scoreFor scores a game for seat: win 1, draw ½, loss 0. With more than
// two players a place scores linearly from 1 (first) to 0 (last).
func scoreFor(r core.Result, seat, players int) float64 {
	if !r.Over {
		return 0.5 // adjudicated
	}
	if players > 2 && r.Places != nil && r.Places[seat] > 0 {
		return float64(players-r.Places[seat]) / float64(players-1)
	}
	switch r.Winner {
	case core.NoPlayer:
		return 0.5
	case seat:
		return 1
	}
	return 0
}

// Score is A's mean score.
func (s Summary) Score() float64 {
	if len(s.Games) == 0 {
		return 0
	}
	t := 0.0
	for _, g := range s.Games {
		t += g.Score
	}
	return t / float64(len(s.Games))
}

// Elo returns the Elo difference A−B implied by the score and its 95%
// confidence interval (from the games' variance). Scores of 0 or 1 give
// infinite bounds.
func (s Summary) Elo() (elo, lo, hi float64) {
	n := float64(len(s.Games))
	if n == 0 {
		return 0, math.Inf(-1), math.Inf(1)
	}
	p := s.Score()
	v := 0.0
	for _, g := range s.Games {
		v += (g.Score - p) * (g.Score - p)
	}
	se := math.Sqrt(v/n) / math.Sqrt(n)
	return eloOf(p), eloOf(p - 1.96*se), eloOf(p + 1.96*se)
}

func eloOf(p float64) float64 {
	if p <= 0 {
		return math.Inf(-1)
	}
	if p >= 1 {
		return math.Inf(1)
	}
	return -400 * math.Log10(1/p-1)
}

// Report writes the summary for people.
func (s Summary) Report(a, b string) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "%s vs %s: %d games\n", a, b, len(s.Games))
	if s.Players > 2 {
		// With more players a game scores by place: first 1, last 0.
		fmt.Fprintf(&sb, "first places %d, middle places %d, last places %d (score %.1f%% for %s)\n", s.Wins, s.Draws, s.Losses, 100*s.Score(), a)
	} else {
		fmt.Fprintf(&sb, "wins %d, draws %d, losses %d (score %.1f%% for %s)\n", s.Wins, s.Draws, s.Losses, 100*s.Score(), a)
	}
	elo, lo, hi := s.Elo()
	fmt.Fprintf(&sb, "elo %s [%s, %s] (95%%)\n", fmtElo(elo), fmtElo(lo), fmtElo(hi))
	if s.Players > 2 {
		for seat, counts := range s.PlaceCount {
			parts := make([]string, len(counts))
			for i, c := range counts {
				parts[i] = fmt.Sprintf("%d", c)
			}
			score, games := 0.0, 0
			for _, g := range s.Games {
				if g.ASeat == seat {
					score += g.Score
					games++
				}
			}
			if games > 0 {
				score /= float64(games)
			}
			fmt.Fprintf(&sb, "%s in seat %d: %d games, places 1..%d = %s, score %.2f\n", a, seat+1, games, s.Players, strings.Join(parts, " "), score)
		}
	}
	return sb.String()
}

func fmtElo(e float64) string {
	switch {
	case math.IsInf(e, 1):
		return "+inf"
	case math.IsInf(e, -1):
		return "-inf"
	}
	return fmt.Sprintf("%+.0f", math.Round(e)+0) // +0 turns -0 into 0
}
