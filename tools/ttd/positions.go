package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"github.com/jumpers-game/jumpers/core"
	_ "github.com/jumpers-game/jumpers/core/ataxx" // the games register themselves
	_ "github.com/jumpers-game/jumpers/core/chinesecheckers"
	_ "github.com/jumpers-game/jumpers/core/cube"
)

// gameSpec is one benchmarked game: a registered game with its options,
// the depth the benchmark times, and how far into a game its positions go.
type gameSpec struct {
	Key   string // the -game name ("cube7")
	Title string // for people and the tables
	ID    string // the registered game
	Size  int    // board size, 0 = the default
	Rules string // rule set, "" = the default
	// Depth is the fixed depth whose time is measured: 1 thread takes
	// roughly 0.5 to 3 s on the build machine (see docs/benchmarks.md).
	Depth int
	// MaxPlies is the last ply a position may be taken at: positions
	// spread from the opening to MaxPlies, which Beginner-against-Beginner
	// games reach but rarely pass.
	MaxPlies int
}

// specs are the games of issue 11's time-to-depth measure, in order.
var specs = []gameSpec{
	{Key: "cube7", Title: "Jumping Cube 7×7", ID: "cube", Size: 7, Depth: 8, MaxPlies: 75},
	{Key: "cube10", Title: "Jumping Cube 10×10", ID: "cube", Size: 10, Depth: 6, MaxPlies: 160},
	{Key: "ataxx", Title: "Ataxx (standard)", ID: "ataxx", Depth: 15, MaxPlies: 70},
	{Key: "cc", Title: "Chinese Checkers 2p (closed)", ID: "chinesecheckers", Rules: "closed", Depth: 6, MaxPlies: 110},
}

// selectSpecs returns the specs named by the -game flag ("all" or one key).
func selectSpecs(name string) ([]gameSpec, error) {
	if name == "all" {
		return append([]gameSpec(nil), specs...), nil
	}
	var keys []string
	for _, s := range specs {
		if s.Key == name {
			return []gameSpec{s}, nil
		}
		keys = append(keys, s.Key)
	}
	return nil, fmt.Errorf("unknown game %q (one of all, %s)", name, strings.Join(keys, ", "))
}

// applyDepths overrides the specs' depths from the -depth flag: "" keeps
// them, "N" sets every game's, "cube7=9,ataxx=6" sets the named games'.
func applyDepths(list []gameSpec, flag string) error {
	if flag == "" {
		return nil
	}
	if n, err := strconv.Atoi(flag); err == nil {
		if n < 1 {
			return fmt.Errorf("depth %d: must be at least 1", n)
		}
		for i := range list {
			list[i].Depth = n
		}
		return nil
	}
	for _, part := range strings.Split(flag, ",") {
		key, val, ok := strings.Cut(strings.TrimSpace(part), "=")
		if !ok {
			return fmt.Errorf("depth %q: want N or GAME=N[,GAME=N...]", flag)
		}
		n, err := strconv.Atoi(val)
		if err != nil || n < 1 {
			return fmt.Errorf("depth %q: %q is not a depth of at least 1", flag, val)
		}
		if _, err := selectSpecs(key); err != nil || key == "all" {
			return fmt.Errorf("depth %q: unknown game %q", flag, key)
		}
		for i := range list {
			if list[i].Key == key {
				list[i].Depth = n
			}
		}
	}
	return nil
}

// game returns the registered game and the start position of s.
func (s gameSpec) game() (core.Game, core.Position, error) {
	g, err := core.Lookup(s.ID)
	if err != nil {
		return nil, nil, err
	}
	opts := core.DefaultOptions(g)
	if s.Size > 0 {
		opts = opts.WithInt(core.OptSize, s.Size)
	}
	if s.Rules != "" {
		opts = opts.With(core.OptRules, s.Rules)
	}
	// The positions are Beginner's moves, and checkSearched's request is a
	// Beginner one: both need its noise and its depth cap.
	if l, err := core.FindLevel(g.Levels(), core.Beginner); err != nil || l.Noise == 0 || l.MaxDepth == 0 {
		return nil, nil, fmt.Errorf("%s: the tool needs a Beginner level with noise and a depth cap (%+v, %v)", s.Key, l, err)
	}
	start, err := g.Start(opts)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", s.Key, err)
	}
	return g, start, nil
}

// candidate is a benchmark position: Pos, reached after Plies plies.
type candidate struct {
	Index int // the candidate's number in the game's stream
	Plies int
	Pos   core.Position
}

// randomPlies is how many plies of each game are random legal moves
// before Beginner plays: the openings spread more than noise alone does.
const randomPlies = 2

// maxAttempts bounds the games tried for one candidate before it is taken
// at fewer plies: a game that ends before its ply count is replayed with
// other seeds.
const maxAttempts = 8

// targetPlies is the ply count of candidate k out of n: the candidates
// spread evenly from the opening (ply 2) to maxPlies, so every run covers
// the opening, the middle game and the late game. Candidates past n (the
// replacements of skipped ones) go round again, shifted by half a step.
func targetPlies(k, n, maxPlies int) int {
	if n < 1 {
		n = 1
	}
	lo := randomPlies
	if maxPlies <= lo {
		return maxPlies
	}
	round, i := k/n, k%n
	f := (float64(i) + 0.5*float64(round%2)) / float64(n)
	return lo + int(f*float64(maxPlies-lo))
}

// nontrivial tells whether pos is worth timing: the game goes on and the
// side to move has a choice.
func nontrivial(pos core.Position) bool {
	return !pos.Result().Over && len(pos.Moves()) > 1
}

// makeCandidate plays candidate k of n of a game from start: a few random
// legal moves, then the Beginner level (noisy, depth-limited: the same
// move for the same seed whatever ran before), all seeded from seed and k,
// so a seed gives the same positions on every run. A game that ends before
// the ply count is replayed with the next seed; after maxAttempts the
// candidate is the last nontrivial position seen.
func makeCandidate(ctx context.Context, g core.Game, start core.Position, seed int64, k, n, maxPlies int) (candidate, error) {
	plies := targetPlies(k, n, maxPlies)
	var fallback *candidate
	for attempt := range maxAttempts {
		rng := rand.New(rand.NewPCG(uint64(seed), uint64(k)<<8|uint64(attempt)))
		pos := start
		ok := true
		for ply := 0; ply < plies; ply++ {
			if pos.Result().Over {
				ok = false
				break
			}
			var move string
			if ply < randomPlies {
				moves := pos.Moves()
				move = moves[rng.IntN(len(moves))]
			} else {
				res, err := g.BestMove(ctx, pos, beginnerMove(rng.Int64()))
				if err != nil {
					return candidate{}, fmt.Errorf("candidate %d ply %d: %w", k, ply, err)
				}
				move = res.Move
			}
			next, err := pos.Play(move)
			if err != nil {
				return candidate{}, fmt.Errorf("candidate %d ply %d: the AI's move %q: %w", k, ply, move, err)
			}
			pos = next
			if nontrivial(pos) {
				fallback = &candidate{Index: k, Plies: ply + 1, Pos: pos}
			}
		}
		if ok && nontrivial(pos) {
			return candidate{Index: k, Plies: plies, Pos: pos}, nil
		}
	}
	if fallback == nil {
		return candidate{}, fmt.Errorf("candidate %d: no position with a choice in %d games", k, maxAttempts)
	}
	return *fallback, nil
}

// beginnerMove is the request of a Beginner move that no clock decides:
// the level's depth cap ends the search, and the far move time keeps the
// deadline out of the way, also of Chinese Checkers' race planner (which
// a level's own budget would stop after 100 ms on a busy machine, and
// then another move would be played).
func beginnerMove(seed int64) core.AIRequest {
	return core.AIRequest{Level: core.Beginner, MoveTime: time.Hour, Seed: seed}
}
