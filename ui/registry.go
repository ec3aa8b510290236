package ui

import (
	"fyne.io/fyne/v2"

	"github.com/jumpers-game/jumpers/app"
	"github.com/jumpers-game/jumpers/core"
)

// GameUI is everything the app needs to show one game: a board widget, a
// setup panel, the animation tracer and some words. The screens (home, new
// game, game, load, rules) are shared by all games; adding a game to the
// app means registering one GameUI, not writing a second app.
type GameUI struct {
	ID string // core game ID
	// Tagline is the one-line description on the home card.
	Tagline string
	// Rules is the "how to play" text, in Markdown.
	Rules string
	// NewBoard makes the board widget of a game on screen. onTap receives
	// a move in the game's notation; the widget decides nothing about
	// rules.
	NewBoard func(c *app.Controller, s func() app.Settings, onTap func(move string)) Board
	// NewSetup makes the game's own part of the new game screen; nil: the
	// widgets of the game's option specs (specSetup).
	NewSetup func(s app.Settings) Setup
	// Trace gives the animation steps of a move (nil: no animation):
	// tracer(f), f giving the steps in the type the board reads back
	// (see shownStep).
	Trace app.Tracer
	// Score counts what each player holds (squares, pieces) for the status
	// line, with its unit ("squares"); nil when the game has no such count.
	Score func(pos core.Position) (counts []int, unit string)
	// StepScore counts like Score on an animation step (the board shown
	// during a move: a wave of a cascade, a hop); nil, or counts of another
	// length: Score of the position after the move.
	StepScore func(step app.Step) []int
	// Preview draws the card art of the home screen, in the colours of
	// the settings s returns.
	Preview func(s func() app.Settings) fyne.CanvasObject
	// Counter is the turn counter at the end of the score line; nil:
	// "Move N", N the number of moves played.
	Counter func(pos core.Position, played int) string

	// The fields below are optional; nil keeps the shared behaviour.

	// Art draws a small picture of pos (the Continue card) in the colours
	// of the settings s returns; nil: the preview.
	Art func(pos core.Position, s func() app.Settings) fyne.CanvasObject
	// SeatName says where seat i of a game of n players sits, for the
	// new game screen ("NW arm"), after the player's name; nil: nothing.
	SeatName func(n, i int) string
	// StepText is the status line while a move is animated: step of
	// steps of the move by player; nil: the cube's "chain reaction".
	StepText func(player string, step, steps int) string
	// TurnNote is added to the status line when a human is to move (for
	// example a reminder of a special rule); "" adds nothing.
	TurnNote func(pos core.Position) string
	// FullMove is the full-move number of pos (the number of the round
	// its first player opens) in a game whose players count full moves
	// (Ataxx, as its PGN tools do): the move list and the review number
	// its moves by it ("8. f3 g4"); nil: each move has its own number.
	FullMove func(pos core.Position) int
}

// Board is a game's board widget.
type Board interface {
	fyne.Widget
	// Update re-reads the controller and redraws what changed.
	Update()
}

// Setup is the game's part of the new game screen: its options.
type Setup interface {
	Object() fyne.CanvasObject
	Options() core.Options
	// Players is the number of seats for the current options.
	Players() int
}

// PlayersNotifier is a Setup whose number of players can change (Chinese
// Checkers: 2, 3, 4 or 6): the new game screen registers f and rebuilds
// its seat rows when it is called.
type PlayersNotifier interface {
	OnPlayersChanged(f func())
}

// gameUIs in home screen order; games registered in core but not here are
// shown as "coming soon".
var gameUIs = map[string]*GameUI{}

func registerGameUI(g *GameUI) { gameUIs[g.ID] = g }

// lookupGameUI returns the UI of a game that can be played in the app.
func lookupGameUI(id string) (*GameUI, core.Game, bool) {
	gu, ok := gameUIs[id]
	if !ok {
		return nil, nil, false
	}
	g, err := core.Lookup(id)
	if err != nil {
		return nil, nil, false
	}
	return gu, g, true
}

// homeGames are the cards of the home screen, in order, with the words for
// games that are not in the app yet.
var homeGames = []struct {
	ID, Name, Tagline string
}{
	{"cube", "Jumping Cube", "Add spots, overload squares, take the board"},
	{"ataxx", "Ataxx", "Clone and jump to convert your neighbours"},
	{"chinesecheckers", "Chinese Checkers", "Hop across the star, two to six players"},
}
