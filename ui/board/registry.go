package board

import (
	"image/color"
	"slices"

	"fyne.io/fyne/v2"

	"github.com/jumpers-game/jumpers/app"
	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/ui/kit"
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
	// ShortName names the game on the Rules screen's page buttons (three
	// fit side by side on a 360 dp phone); "": the game's name.
	ShortName string
	// Diagrams are the pictures of the game's Rules page; nil: none.
	Diagrams *RuleFigures
	// Neutral is the colour of an unowned square in the shades sh under
	// Settings s: the Settings screen shows it beside the neutral colour
	// choice; nil: the game has no neutral squares.
	Neutral func(sh kit.Shades, s app.Settings) color.NRGBA
	// NewBoard makes the board widget of a game on screen. onTap receives
	// a move in the game's notation; the widget decides nothing about
	// rules.
	NewBoard func(c *app.Controller, s func() app.Settings, onTap func(move string)) Board
	// NewSetup makes the game's own part of the new game screen; nil: the
	// widgets of the game's option specs (specSetup).
	NewSetup func(s app.Settings) Setup
	// Trace gives the animation steps of a move (nil: no animation):
	// Tracer(f), f giving the steps in the type the board reads back
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

// Board is a game's board widget: every ability the screens use, checked
// by the compiler for each game (var _ Board = ...). A board embeds Base,
// which gives each ability a default, and overrides only what it changes.
type Board interface {
	fyne.Widget
	fyne.Tappable
	fyne.SecondaryTappable
	// Update re-reads the controller and redraws what changed.
	Update()
	// Shared is the part every board has in common (Base): its controller,
	// the hook the coordinate frame follows.
	Shared() *Base
	// TapSquare taps a square by name ("e4"), as a finger would.
	TapSquare(name string)
	// Aspect is the board's width over its height (1: square; the Chinese
	// Checkers star is taller than wide).
	Aspect() float32
	// Fit is the board's box inside maxW×maxH: by default the largest
	// rectangle of its Aspect (the star turns in a wide box).
	Fit(maxW, maxH float32) (w, h float32)
	// CellSide is the side of one square at the board's present size, for
	// the magnifier; ok is false for a board without equal square cells,
	// which is never magnified.
	CellSide() (side float32, ok bool)
	// CoordLabels are the coordinate labels for the board at size sz, in
	// its own coordinates (in the margins); none by default.
	CoordLabels(sz fyne.Size) []CoordLabel
	// CoordMargins are the space the labels need beside the board.
	CoordMargins() (left, top, right, bottom float32)
	// SquareBox is where the square (hole) called name is drawn at the
	// board's present size: its centre and half its side, for marks a
	// screen lays over the board (the lessons ring the squares to tap);
	// ok is false for a name the board does not have.
	SquareBox(name string) (centre fyne.Position, radius float32, ok bool)
}

// Setup is the game's part of the new game screen: its options.
type Setup interface {
	Object() fyne.CanvasObject
	Options() core.Options
	// Players is the number of seats for the current options.
	Players() int
	// SetOptions shows the options o (the new game screen opened from a
	// game starts from that game's options).
	SetOptions(o core.Options)
	// OnPlayersChanged registers f, called when the number of players
	// changes (Chinese Checkers: 2, 3, 4 or 6): the new game screen then
	// rebuilds its seat rows. A setup whose count never changes keeps the
	// default, which never calls f.
	OnPlayersChanged(f func())
}

// SetupBase gives a Setup the defaults of its optional abilities.
type SetupBase struct{}

// SetOptions ignores the options: a setup without choices to show.
func (SetupBase) SetOptions(core.Options) {}

// OnPlayersChanged never calls f: the number of players is fixed.
func (SetupBase) OnPlayersChanged(func()) {}

// registered are the games the app can show, in the home screen's order
// (the order of registration); byID finds them.
var (
	registered []*GameUI
	byID       = map[string]*GameUI{}
)

// Register adds a game's UI; a game registered again replaces its UI in
// place. The screens' one registration file calls it for every game.
func Register(g *GameUI) {
	if old, ok := byID[g.ID]; ok {
		registered[slices.Index(registered, old)] = g
	} else {
		registered = append(registered, g)
	}
	byID[g.ID] = g
}

// Registered are the games' UIs in the home screen's order.
func Registered() []*GameUI { return slices.Clone(registered) }

// Get is the UI of game id, nil when none is registered.
func Get(id string) *GameUI { return byID[id] }

// Lookup returns the UI of a game that can be played in the app.
func Lookup(id string) (*GameUI, core.Game, bool) {
	gu, ok := byID[id]
	if !ok {
		return nil, nil, false
	}
	g, err := core.Lookup(id)
	if err != nil {
		return nil, nil, false
	}
	return gu, g, true
}

// RuleDiagram is a small read-only board in a position made through the
// game's engine, with what it shows.
type RuleDiagram struct {
	Board   fyne.CanvasObject
	Caption string
}

// RuleFigures are a game's diagrams: shown after the rules section named
// After, Columns to a row.
type RuleFigures struct {
	After   string
	Columns int
	Make    func(s func() app.Settings) ([]RuleDiagram, error)
}

// DiagramSize is the smallest side of a diagram board: two fit side by
// side on a 360 dp phone.
const DiagramSize = 150
