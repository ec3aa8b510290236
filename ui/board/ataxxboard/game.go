package ataxxboard

import (
	"errors"
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/jumpers-game/jumpers/app"
	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/ataxx"
	"github.com/jumpers-game/jumpers/ui/board"
	"github.com/jumpers-game/jumpers/ui/kit"
)

// UI is the game's UI, for the screens' registration.
func UI() *board.GameUI {
	return &board.GameUI{
		ID:       ataxx.ID,
		Tagline:  "Clone and jump to convert your neighbours",
		Rules:    Rules,
		NewBoard: newAtaxxBoard,
		NewSetup: func(s app.Settings) board.Setup { return newAtaxxSetup(s) },
		Trace:    board.Tracer(ataxxTrace),
		Score: func(pos core.Position) ([]int, string) {
			p, err := ataxx.Concrete(pos)
			if err != nil {
				return nil, ""
			}
			return []int{p.Count(ataxx.Black), p.Count(ataxx.White)}, "pieces"
		},
		Counter: ataxxCounter,
		FullMove: func(pos core.Position) int {
			p, err := ataxx.Concrete(pos)
			if err != nil {
				return 0
			}
			return p.FullMoves()
		},
		StepText: func(player string, _, _ int) string { return player + "'s move: the pieces around flip" },
		Preview:  cardArt,
		Art: func(pos core.Position, s func() app.Settings) fyne.CanvasObject {
			p, err := ataxx.Concrete(pos)
			if err != nil {
				return cardArt(s)
			}
			return newAtaxxPreview(p, s)
		},
		ShortName: "Ataxx",
		Diagrams:  &board.RuleFigures{After: "### Conversions", Columns: 2, Make: ataxxDiagrams},
	}
}

// ataxxStep is one animation step of an Ataxx move (see ataxxTrace): the
// position after the move, with the pieces it converted.
type ataxxStep struct {
	After     ataxx.Position
	Move      ataxx.Move
	Converted uint64
}

func (ataxxStep) AnimationStep() {}

// ataxxTrace gives a move's animation: the position after the move with
// the converted pieces flipping, then the position itself. A move that
// converts nothing (or a pass) has no animation.
func ataxxTrace(pos core.Position, move string) ([]ataxxStep, error) {
	p, err := ataxx.Concrete(pos)
	if err != nil {
		return nil, err
	}
	m, err := p.ParseMove(move)
	if err != nil {
		return nil, err
	}
	conv := p.Converted(m)
	after, err := p.PlayMove(m)
	if err != nil {
		return nil, err
	}
	last := ataxxStep{After: after, Move: m}
	if conv == 0 {
		return []ataxxStep{last}, nil
	}
	return []ataxxStep{{After: after, Move: m, Converted: conv}, last}, nil
}

// ataxxCounter is the turn counter of the status line, the Continue card
// and the saved games list: the full-move number and the half-move clock
// toward the draw at 100 (standard), or the turn of the 100 (seed).
func ataxxCounter(pos core.Position, _ int) string {
	p, err := ataxx.Concrete(pos)
	if err != nil {
		return ""
	}
	if p.Rules() == ataxx.SeedRules {
		return fmt.Sprintf("Turn %d of %d", min(p.FullMoves(), ataxx.TurnLimit), ataxx.TurnLimit)
	}
	// The half-move clock counts the plies since the last clone; at 100
	// the game is drawn. Shown only once it runs, and said as what it is.
	if p.HalfMoves() == 0 {
		return fmt.Sprintf("Move %d", p.FullMoves())
	}
	return fmt.Sprintf("Move %d · %d/%d to a draw", p.FullMoves(), p.HalfMoves(), ataxx.HalfMoveLimit)
}

// cardArt is the home card: a game a few moves in.
func cardArt(s func() app.Settings) fyne.CanvasObject {
	p, err := ataxx.ParseFEN("xxxoo2/xxoooo1/xxxo3/1xx-oo1/2x1oo1/o1xxx1x/oo2xxx x 0 1", ataxx.Standard)
	if err != nil {
		p = ataxx.New(ataxx.Standard)
	}
	return newAtaxxPreview(p, s)
}

// RuleLabels are the rule sets as the new game screen names them.
var RuleLabels = []struct{ Name, Label, help string }{
	{"standard", "Standard", "As the Ataxx engines play: jumps to any square two away; 50 moves each without a clone is a draw."},
	{"seed", "Seed 002", "Jumps of exactly two squares (straight or diagonal) or three (straight); the game ends after 100 turns."},
}

// LayoutLabel names a start layout for people: "four-gaps" → "Four gaps".
func LayoutLabel(name string) string {
	if name == "standard" {
		return "Standard (no gaps)"
	}
	s := strings.ReplaceAll(name, "-", " ")
	return strings.ToUpper(s[:1]) + s[1:]
}

// Setup is the rule set and the start layout, with a picture of the

var _ board.Setup = (*Setup)(nil)

// layout.
type Setup struct {
	board.SetupBase
	rules, layout string
	ruleHelp      *widget.Label
	preview       *Board
	RulesRadio    *widget.RadioGroup
	LayoutSelect  *kit.DropDown
	obj           fyne.CanvasObject
}

func newAtaxxSetup(s app.Settings) *Setup {
	g := ataxx.Game{}
	rules, _ := board.GameOption(g, core.OptRules)
	layout, _ := board.GameOption(g, core.OptLayout)
	st := &Setup{rules: rules.Default, layout: layout.Default}
	st.preview = newAtaxxPreview(ataxx.New(ataxx.Standard), func() app.Settings { return s })
	st.ruleHelp = kit.Help("")
	st.RulesRadio = board.OptionRadio(rules, ataxxRuleLabel, func(name string) {
		st.rules = name
		st.ruleHelp.SetText(ataxxRuleHelp(name))
		st.showLayout()
	})
	st.LayoutSelect = board.OptionSelect(layout, LayoutLabel, func(name string) {
		st.layout = name
		st.showLayout()
	})
	pic := container.NewCenter(kit.MinSized(st.preview, 132, 132))
	st.obj = container.NewVBox(
		widget.NewLabel(rules.Label),
		kit.MinHeight(st.RulesRadio, kit.TouchSize),
		st.ruleHelp,
		container.NewBorder(nil, nil, widget.NewLabel(layout.Label), nil, kit.MinHeight(st.LayoutSelect, kit.TouchSize)),
		pic,
	)
	return st
}

// ataxxRuleLabel names a rule set for people ("Seed 002").
func ataxxRuleLabel(name string) string {
	for _, r := range RuleLabels {
		if r.Name == name {
			return r.Label
		}
	}
	return name
}

// ataxxRuleHelp is the line under the rule sets.
func ataxxRuleHelp(name string) string {
	for _, r := range RuleLabels {
		if r.Name == name {
			return r.help
		}
	}
	return ""
}

// showLayout draws the chosen layout's start position.
func (s *Setup) showLayout() {
	if s.preview == nil {
		return
	}
	if p, err := (ataxx.Game{}).Start(s.Options()); err == nil {
		if c, err := ataxx.Concrete(p); err == nil {
			s.preview.show(c)
		}
	}
}

func (s *Setup) Object() fyne.CanvasObject { return s.obj }
func (s *Setup) Options() core.Options {
	return core.Options{}.With(core.OptRules, s.rules).With(core.OptLayout, s.layout)
}
func (s *Setup) Players() int { return 2 }

const Rules = `## Ataxx

Two players, **Black** and **White**, share a 7×7 board. Each starts with
two pieces in opposite corners. Black moves first. Some start layouts block
a few squares (drawn dark with a cross): nothing can land on them.

### Your move

Tap one of your pieces, then tap where it goes:

- **Clone** (a filled dot): to one of the 8 squares around the piece. The
  piece stays where it is and a new one appears, so you gain a piece.
- **Jump** (a ring): to a square two away. The piece leaves its square, so
  you gain nothing by the move itself.

Tap elsewhere to drop the selection.

### Conversions

The piece that arrives turns every enemy piece on the 8 squares around it
into your colour. One move can swing many pieces at once. The converted
pieces flip on the board; press **Stop** to skip to the end.

### Passing

If you have no move at all, you pass; the app does it for you and says so.

### The end

The game ends when a player has no pieces left, or when no piece can
reach an empty square any more (a full board, for example). Then whoever
has more pieces wins; equal is a draw.

### Two rule sets

**Standard** is the game as the Ataxx engines play it: a jump may land on
any square of the ring two away (16 squares), blocked squares stop only the
landing, never the way. If 50 moves go by for each player without a clone
(the clock in the status line counts half-moves to 100), the game is a draw.

**Seed 002** changes the jumps: exactly two squares straight or diagonally,
or exactly three squares straight, 12 targets in all. There is no 50-move
rule; instead the game ends after 100 turns (a turn is a move by each
player, a pass counts as a move), and more pieces wins. The status line
shows the turn.

### The board

Black's pieces are round with a ring, White's are square with a square
mark, so colour is never the only cue. The last move is outlined (its start
with a thinner frame); a hint marks the piece to move and where it goes.

### Tips

- Clone when you can: a jump leaves a hole behind that your opponent may
  jump into.
- Count before you move: the best move is often the one that converts the
  most pieces while leaving no hole next to many of yours.
- Keep your pieces together and fill the holes in your own group; a single
  empty square surrounded by your pieces is an invitation.
- Edges and corners have fewer neighbours, so pieces there are harder to
  convert.
`

func (s *Setup) SetOptions(o core.Options) {
	if o.Text(core.OptRules) != "" {
		s.RulesRadio.SetSelected(ataxxRuleLabel(o.Text(core.OptRules)))
	}
	if o.Text(core.OptLayout) != "" {
		s.LayoutSelect.SetSelected(LayoutLabel(o.Text(core.OptLayout)))
	}
}

// ataxxDiagrams: where a piece may go, a clone and a jump that converts.
func ataxxDiagrams(s func() app.Settings) ([]board.RuleDiagram, error) {
	start, err := ataxx.ParseFEN("x5o/7/7/3o3/7/7/o5x x 0 1", ataxx.Standard)
	if err != nil {
		return nil, err
	}
	from, _ := ataxx.ParseSquare("g1")
	pick := newAtaxxPreview(start, s)
	pick.View.Sel = from
	pick.View.Clones, pick.View.Jumps = start.Targets(from)
	if pick.View.Clones == 0 || pick.View.Jumps == 0 {
		return nil, errors.New("no targets from g1")
	}
	after := func(move string) (*Board, error) {
		m, err := ataxx.ParseMove(move)
		if err != nil {
			return nil, err
		}
		p, err := start.PlayMove(m)
		if err != nil {
			return nil, err
		}
		b := newAtaxxPreview(p, s)
		b.View.Last = m
		return b, nil
	}
	clone, err := after("f2")
	if err != nil {
		return nil, err
	}
	jump, err := after("g1e3")
	if err != nil {
		return nil, err
	}
	return []board.RuleDiagram{
		{Board: kit.MinSized(pick, board.DiagramSize, board.DiagramSize), Caption: "The piece on g1: clones to the dots, jumps to the rings"},
		{Board: kit.MinSized(clone, board.DiagramSize, board.DiagramSize), Caption: "Clone f2: g1 stays, a new piece on f2"},
		{Board: kit.MinSized(jump, board.DiagramSize, board.DiagramSize), Caption: "Jump g1e3: g1 is left empty; d4 beside e3 is converted"},
	}, nil
}
