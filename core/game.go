// Package core holds what the three games share: the game contract that the
// app, the CLI and storage speak (positions and moves as notation text), game
// records, history with undo/redo, and AI levels. It imports no Fyne, ever:
// the engines must run headless, in tests and in jumpers-cli.
//
// Each game lives in a subpackage (core/cube, core/ataxx,
// core/chinesecheckers) with a fast concrete position type that the generic
// search (core/search) works on, plus an adapter that implements Game and
// Position below. The adapter has one shape in every game: a value type
// GamePosition{P: concrete} implementing Position, and a function
// Concrete(Position) (concrete, error) that unwraps it (WrongGame when the
// position is of another game). Only the board widgets and the game's own
// CLI commands know the concrete types.
package core

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"
	"sync"
	"time"
)

// NoPlayer stands for "nobody": no winner (a draw), or no owner.
const NoPlayer = -1

// Result says whether a game is over and how it ended.
type Result struct {
	Over bool
	// Winner is the player index of the winner, NoPlayer for a draw or
	// while the game goes on. In a multi-player game it is the first player
	// to finish.
	Winner int
	// Places holds, for games of more than two players, the 1-based finishing
	// place of each player (0 = not placed yet). nil for two-player games.
	Places []int
	// Reason says why the game ended, for people ("board full", "50-move rule").
	Reason string
}

// Ongoing is the Result of a game that goes on.
var Ongoing = Result{Winner: NoPlayer}

// Position is an immutable game position seen through notation. It is a
// value: safe to share between goroutines (the AI keeps its own copy).
type Position interface {
	// Game is the ID of the game this position belongs to ("cube").
	Game() string
	// String is the position text of ../shared/CONTRACTS.md.
	String() string
	// Players is the number of players (2 to 6).
	Players() int
	// ToMove is the index of the player to move (0 = the first player).
	ToMove() int
	// Result tells whether the game is over.
	Result() Result
	// Moves lists the legal moves in notation; empty when the game is over.
	Moves() []string
	// Play returns the position after move, or an error that says why the
	// move is not legal here. The receiver is never changed.
	Play(move string) (Position, error)
	// Hash is a 64-bit Zobrist hash of the position.
	Hash() uint64
}

// Game is one game as the app, the CLI and storage see it.
type Game interface {
	// ID is the short name used on the command line and in saves ("cube").
	ID() string
	// Name is the name shown to people ("Jumping Cube").
	Name() string
	// RuleSets lists the rule set names; the first is the default.
	RuleSets() []string
	// OptionSpecs describes the options a new game of this game is made
	// from (Rules first), with their defaults and ranges.
	OptionSpecs() []OptionSpec
	// Start returns the start position for opts. A value out of its
	// option's range is refused with the range named, never replaced.
	Start(opts Options) (Position, error)
	// ParsePosition reads a position text under the named rule set.
	ParsePosition(text string, rules string) (Position, error)
	// PlayerName names player i for people ("Red").
	PlayerName(i int) string
	// RulesVersion is the version of the game's rules: 1 for the rules
	// the game first had, one more at each change that can refuse a move
	// the rules before accepted (a new way for a game to end). Saves
	// record it, so a game saved under older rules is replayed knowing it
	// (docs/save-format.md, "Rules versions").
	RulesVersion() int
	// RulesChange says, for people, what version v of the rules brought
	// ("the anti-stalling rule"); "" for version 1 and for versions the
	// game does not have.
	RulesChange(v int) string
	// Levels lists the AI levels, weakest first.
	Levels() []Level
	// Styles lists the AI styles; the first is the default.
	Styles() []string
	// BestMove runs the AI on pos. It returns when the request's budget is
	// spent, its depth is reached, or ctx is cancelled (then with the best
	// move found so far). On a finished game it returns ErrGameOver.
	BestMove(ctx context.Context, pos Position, req AIRequest) (AIResult, error)
}

// Picker is a Position of a game whose move starts by picking up a piece
// (Ataxx, Chinese Checkers): a board asks it before it selects one, so a
// refused pick says why as a refused move does.
type Picker interface {
	// WhyNotPick is nil when the player to move may pick up the piece on
	// square (in notation) to move it, else why not: the square is empty
	// or a gap, the piece is another player's, the piece has no move.
	WhyNotPick(square string) error
}

// EvalLoader is a Game whose AI can play with an evaluation read from a
// weights file at run time (the engine's EvalFile option): matches between
// evaluations before one is built in.
type EvalLoader interface {
	// LoadEval reads a weights file; the error says why it is not one the
	// game can play with.
	LoadEval(data []byte) (Eval, error)
}

// Eval is an evaluation a game loaded (EvalLoader.LoadEval), for
// AIRequest.Eval; String describes it for people ("hidden-layer net, 128
// hidden units").
type Eval interface{ String() string }

// FirstRules is the RulesVersion and RulesChange of a game whose rules
// never changed: version 1. A game embeds it until its rules change.
type FirstRules struct{}

// RulesVersion is 1.
func (FirstRules) RulesVersion() int { return 1 }

// RulesChange is "": version 1 brought the rules themselves.
func (FirstRules) RulesChange(int) string { return "" }

// ErrGameOver is the one "the game is over" error of every game: a move
// played after the end, or the AI asked for a move in a finished game.
// Games may wrap it; callers test it with errors.Is.
var ErrGameOver = errors.New("the game is over")

// WrongGameError is what a game's Concrete returns when handed a position
// of another game (or none).
type WrongGameError struct {
	Want string // the ID of the game that was asked
	Got  string // the ID of the position's game; "" for nil
}

func (e *WrongGameError) Error() string {
	if e.Got == "" {
		return fmt.Sprintf("not a %s position (no position)", e.Want)
	}
	return fmt.Sprintf("not a %s position (a %s one)", e.Want, e.Got)
}

// WrongGame is the error of a game's Concrete for pos, a position that is
// not of the game want.
func WrongGame(want string, pos Position) error {
	e := &WrongGameError{Want: want}
	if pos != nil {
		e.Got = pos.Game()
	}
	return e
}

// Level is a named AI strength: a time budget, a depth cap and, for the weak
// levels, deliberate noise added to the evaluation.
type Level struct {
	Name     string
	Budget   time.Duration
	MaxDepth int
	// Noise is the amplitude of the random term added to leaf evaluations,
	// in the game's evaluation units. 0 = none.
	Noise int
}

// Standard level names, shared by all games (as KJumpingCube's).
const (
	Beginner = "Beginner"
	Novice   = "Novice"
	Average  = "Average"
	Strong   = "Strong"
	Expert   = "Expert"
)

// FindLevel returns the level named name (case-insensitive) from levels.
func FindLevel(levels []Level, name string) (Level, error) {
	for _, l := range levels {
		if strings.EqualFold(l.Name, name) {
			return l, nil
		}
	}
	names := make([]string, len(levels))
	for i, l := range levels {
		names[i] = l.Name
	}
	return Level{}, fmt.Errorf("unknown level %q (one of %v)", name, names)
}

// AIRequest says how the AI should think. Zero fields take the level's value.
// It holds what every game's AI answers, whatever search it runs; knobs
// of the shared search engine alone (the app's helper-thread priority, a
// forgotten table, experimental settings) are not a game's and travel in
// the context (search.WithThreadStart, WithFresh, WithTuning).
type AIRequest struct {
	Level    string        // level name; "" = the strongest
	Style    string        // style name; "" = the game's default
	MoveTime time.Duration // overrides the level's budget when > 0
	// SoftTime > 0, with MoveTime, is a clock game's plan: the search
	// aims at SoftTime (stops sooner once its answer has settled, goes on
	// while its best move keeps changing) and never passes MoveTime.
	SoftTime time.Duration
	Depth    int   // overrides the level's depth cap when > 0
	Nodes    int64 // stop after about this many nodes when > 0
	// Infinite searches until ctx is cancelled (the engine protocol's
	// "go infinite"); budget and depth cap are ignored.
	Infinite bool
	Seed     int64 // seeds tie-breaks and noise
	HashMB   int   // transposition table size; 0 = a default fitted to phones
	// Threads is how many threads a timed, noise-free search may use (the
	// strong levels, movetime, clock and infinite searches); 0 or 1 = one.
	// Reproducible requests (depth- or node-limited, or with noise) always
	// search with one thread, so their result never depends on timing.
	Threads int
	// Eval, when set, is what the AI evaluates with instead of its style's
	// own evaluation: one the game's LoadEval returned (EvalLoader).
	Eval Eval
	// Info, when set, is called after every completed iteration, from the
	// search goroutine.
	Info func(SearchInfo)
}

// SearchInfo describes one completed iteration of the search.
type SearchInfo struct {
	Depth   int
	Score   int // from the point of view of the side to move at the root
	Mate    int // > 0: a forced win in Mate plies; < 0: a forced loss; 0: none known
	Nodes   int64
	Elapsed time.Duration
	PV      []string
}

// NPS is nodes per second.
func (i SearchInfo) NPS() int64 {
	if i.Elapsed <= 0 {
		return 0
	}
	return int64(float64(i.Nodes) / i.Elapsed.Seconds())
}

// AIResult is the AI's answer.
type AIResult struct {
	Move string
	Info SearchInfo
	// Failure, if set, is a search thread that failed (a panic,
	// recovered): Move is still legal, from the threads that did not
	// fail. Callers report it (the app's log, the engine's error line).
	Failure error
}

var (
	registryMu sync.RWMutex
	registry   = map[string]Game{}
)

// Register makes a game known by its ID. Game packages call it from init.
func Register(g Game) {
	registryMu.Lock()
	defer registryMu.Unlock()
	registry[g.ID()] = g
}

// Lookup returns the game with the given ID.
func Lookup(id string) (Game, error) {
	registryMu.RLock()
	defer registryMu.RUnlock()
	if g, ok := registry[id]; ok {
		return g, nil
	}
	return nil, fmt.Errorf("unknown game %q (one of %v)", id, gameIDs())
}

// Games lists the registered games in a stable order (cube, ataxx, chinese
// checkers as they register; sorted by ID otherwise).
func Games() []Game {
	registryMu.RLock()
	defer registryMu.RUnlock()
	out := make([]Game, 0, len(registry))
	for _, id := range gameIDs() {
		out = append(out, registry[id])
	}
	return out
}

var gameOrder = map[string]int{"cube": 0, "ataxx": 1, "chinesecheckers": 2}

func gameIDs() []string {
	ids := make([]string, 0, len(registry))
	for id := range registry {
		ids = append(ids, id)
	}
	sort.Slice(ids, func(i, j int) bool {
		oi, iok := gameOrder[ids[i]]
		oj, jok := gameOrder[ids[j]]
		if iok && jok {
			return oi < oj
		}
		if iok != jok {
			return iok
		}
		return ids[i] < ids[j]
	})
	return ids
}
