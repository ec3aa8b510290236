package ccboard

import (
	"errors"
	"fmt"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/jumpers-game/jumpers/app"
	"github.com/jumpers-game/jumpers/core"
	cc "github.com/jumpers-game/jumpers/core/chinesecheckers"
	"github.com/jumpers-game/jumpers/ui/board"
	"github.com/jumpers-game/jumpers/ui/kit"
)

// UI is the game's UI, for the screens' registration.
func UI() *board.GameUI {
	return &board.GameUI{
		ID:       cc.ID,
		Tagline:  "Hop across the star, two to six players",
		Rules:    ccRules,
		NewBoard: newCCBoard,
		NewSetup: func(app.Settings) board.Setup { return newCCSetup() },
		Trace:    board.Tracer(ccTrace),
		Score:    ccScore,
		StepScore: func(s app.Step) []int {
			if st, ok := s.(ccStep); ok {
				return ccStepScore(st)
			}
			return nil
		},
		Preview: ccPreview,
		Art: func(pos core.Position, s func() app.Settings) fyne.CanvasObject {
			if p, ok := Concrete(pos); ok {
				return newCCPicture(p, s)
			}
			return ccPreview(s)
		},
		SeatName: SeatName,
		StepText: func(player string, step, steps int) string {
			return fmt.Sprintf("%s hops: %d of %d", player, step, steps)
		},
		ShortName: "Checkers",
		Diagrams:  &board.RuleFigures{After: "### Your move", Columns: 1, Make: ccDiagrams},
	}
}

// ccStep is one animation step of a move: the position before the move
// with the moving piece shown on Path[Index] instead of Path[0].
type ccStep struct {
	Before cc.Position
	Path   []int
	Index  int
}

func (ccStep) AnimationStep() {}

// ccTrace gives the hops of a move as animation steps, one per landing
// after the start (the last one is the history's position). The path is
// the engine's (cc.MovePath).
func ccTrace(pos core.Position, move string) ([]ccStep, error) {
	before, ok := Concrete(pos)
	if !ok {
		return nil, nil // not ours: no animation, the history decides
	}
	path, err := cc.MovePath(pos, move)
	if err != nil || len(path) < 2 {
		return nil, err
	}
	out := make([]ccStep, 0, len(path)-1)
	for k := 1; k < len(path); k++ {
		out = append(out, ccStep{Before: before, Path: path, Index: k})
	}
	return out, nil
}

// SeatName is the seat's home arm ("NW arm"); the player is named by
// app.PlayerName.
func SeatName(n, i int) string {
	if seats, err := cc.Seats(n); err == nil && i < len(seats) {
		return seats[i].String() + " arm"
	}
	return ""
}

// ccScore counts each player's pieces in its target arm.
func ccScore(pos core.Position) ([]int, string) {
	p, ok := Concrete(pos)
	if !ok {
		return nil, ""
	}
	return ccGoalCounts(p), "in goal"
}

func ccGoalCounts(p cc.Position) []int {
	counts := make([]int, p.Players())
	for i := range counts {
		for _, h := range p.Pieces(i) {
			if InGoal(p, i, h) {
				counts[i]++
			}
		}
	}
	return counts
}

// InGoal: hole h is in player i's target arm.
func InGoal(p cc.Position, i, h int) bool {
	a, ok := cc.ArmOf(h)
	return ok && a == p.Target(i)
}

// ccStepScore counts like ccScore on the board a hop shows: the position
// before the move, the mover's piece on its way.
func ccStepScore(s ccStep) []int {
	if len(s.Path) == 0 || s.Index >= len(s.Path) {
		return nil
	}
	counts, mover := ccGoalCounts(s.Before), s.Before.ToMove()
	if InGoal(s.Before, mover, s.Path[0]) {
		counts[mover]--
	}
	if InGoal(s.Before, mover, s.Path[s.Index]) {
		counts[mover]++
	}
	return counts
}

// ccPreview is the card art: the six-player start.
func ccPreview(s func() app.Settings) fyne.CanvasObject {
	p, err := cc.Start(6, cc.DefaultRules())
	if err != nil {
		return kit.ComingSoonArt()
	}
	return newCCPicture(p, s)
}

// ccProfileHelp explains each rule profile in a line.
var ccProfileHelp = map[string]string{
	"default":            "Our rules: a full goal with one of your pieces in it finishes, and after 100 moves each the players left are ranked by how far they still have to go.",
	"seed":               "The original rules: all ten of your own pieces must reach the goal; no move limit.",
	"closed":             "As default, but no piece may enter the arms of other players (the 81-hole board for two).",
	"locked":             "As default, but a piece that reaches its goal stays there.",
	"closed+locked":      "As default, with closed side arms and pieces locked in their goal.",
	"seed+closed":        "The original rules, with the other players' arms closed.",
	"seed+locked":        "The original rules, with pieces locked in their goal.",
	"seed+closed+locked": "The original rules, with closed arms and pieces locked in their goal.",
}

var _ board.Setup = (*Setup)(nil)

// Setup is the number of players and the rule profile.
type Setup struct {
	players   int
	rules     string
	count     *widget.RadioGroup
	Profile   *kit.DropDown
	about     *widget.Label
	obj       fyne.CanvasObject
	onPlayers []func()
}

func newCCSetup() *Setup {
	g := cc.Game{}
	players, _ := board.GameOption(g, core.OptPlayers)
	rules, _ := board.GameOption(g, core.OptRules)
	s := &Setup{}
	s.players, _ = strconv.Atoi(players.Default)
	s.count = board.OptionRadio(players, nil, func(v string) {
		n, err := strconv.Atoi(v)
		if err != nil || n == s.players {
			return
		}
		s.players = n
		for _, f := range s.onPlayers {
			f()
		}
	})
	s.about = kit.Help("")
	s.Profile = board.OptionSelect(rules, nil, func(v string) {
		s.rules = v
		text := ccProfileHelp[v]
		if text == "" {
			text = "The profile " + v + "."
		}
		s.about.SetText(text)
	})
	s.obj = container.NewVBox(
		widget.NewLabel(players.Label),
		kit.MinHeight(s.count, kit.TouchSize),
		container.NewBorder(nil, nil, widget.NewLabel(rules.Label), nil, kit.MinHeight(s.Profile, kit.TouchSize)),
		s.about,
	)
	return s
}

// SetPlayers chooses the number of players (as a tap on the radio does).
func (s *Setup) SetPlayers(n int) { s.count.SetSelected(strconv.Itoa(n)) }

func (s *Setup) Object() fyne.CanvasObject { return s.obj }
func (s *Setup) Options() core.Options {
	return core.Options{}.WithInt(core.OptPlayers, s.players).With(core.OptRules, s.rules)
}
func (s *Setup) Players() int              { return s.players }
func (s *Setup) OnPlayersChanged(f func()) { s.onPlayers = append(s.onPlayers, f) }

const ccRules = `## Chinese Checkers

The board is a six-pointed star of 121 holes. Each player starts with ten
pieces filling one point of the star, their home, and races to move all of
them into the point straight across, their goal. Two, three, four or six
can play; with two, you start at the bottom and race to the top (on a
phone on its side, from the left to the right).

### Your move

On your turn you move one of your pieces, in one of two ways:

- a step to a neighbouring empty hole, or
- one or more hops: jump over a neighbouring piece (anyone's, yours
  included) into the empty hole right behind it. After a hop you may hop
  again, in any direction, as often as you can, and stop wherever you like.

You cannot mix a step with hops, and nothing is ever captured: the pieces
you hop over stay where they are. A long chain of hops is how you cross
the board fast.

### In the app

Tap one of your pieces: it gets a ring, and every hole it can reach is
marked with a small ring in your colour. Tap a marked hole to move there;
tap the piece again, or anywhere else, to let it go. A tap counts for the
nearest hole within a finger's width; when two holes are about as near,
a magnified view opens to pick one. The piece travels hop by hop; the path
of the last move stays drawn until the next move. Hint rings the piece and
the hole the computer suggests.

With three players or more, every move made since your last turn stays
drawn as a faint path in its player's colour, the older ones fainter; the
button in the star's corner ("5 moves") plays them again, hop by hop. While
computers think, the seat row marks the one thinking and says which of
the run it is ("Computer 3 of 5"). In landscape the star is turned a
quarter, player 1's home on the left, so its holes are larger. Settings, Show
coordinates writes the row letters beside each row: e5 is the fifth hole
from the left of row e.

Each player has a colour and a shape: round, square, triangle, diamond,
hexagon and star, so colour is never the only cue. The seat row, above
the board upright and beside it on its side, shows the seats in turn
order, with a bar under the player to move and how many pieces each has
in its goal.

### Finishing

With two players the first to finish wins. With more, the game goes on
after the first finishes, to decide the other places: finished players are
skipped, their pieces stay on the board, and the app announces each place.
If nobody can move any more, the players left are ranked by how far they
still have to go.

### Rule profiles

- default: our recommendation. You finish when your goal is full and at
  least one piece in it is yours, so a player who leaves pieces in your
  goal cannot stop you. After 100 moves each, the players who have not
  finished are ranked by the distance they still have to go, so stalling
  never pays.
- seed: the original rules of this game's first version. All ten of your
  own pieces must be in the goal, and there is no move limit.
- closed: as default, but a piece may never land in an arm that is neither
  its home nor its goal, not even in the middle of a chain. For two players
  this is the 81-hole board of most books and research.
- locked: as default, but a piece that reaches its goal never leaves it.
  This shortens the endgame.
- closed+locked, and seed with either option: the options combined.

### Tips

- Build ladders: a line of pieces with gaps lets your back pieces hop far.
- Do not leave stragglers at home; the last piece costs the most moves.
- Hop over your opponents' pieces too: they make ladders for you.
- Watch the computer: Computer for every seat, and Stop/Go to pause.
`

func (s *Setup) SetOptions(o core.Options) {
	if o.Int(core.OptPlayers) > 0 {
		s.SetPlayers(o.Int(core.OptPlayers))
	}
	if o.Text(core.OptRules) != "" {
		s.Profile.SetSelected(o.Text(core.OptRules))
	}
}

// ccDiagrams: a chain of hops, found by the engine from the two-player
// start.
func ccDiagrams(s func() app.Settings) ([]board.RuleDiagram, error) {
	p, path, move, err := ccChainExample()
	if err != nil {
		return nil, err
	}
	next, err := p.Play(move)
	if err != nil {
		return nil, err
	}
	after, ok := Concrete(next)
	if !ok {
		return nil, errors.New("not a Chinese Checkers position")
	}
	b := newCCPicture(after, s)
	b.View.Path = path
	hops := len(path) - 1
	caption := "A chain of " + spell(hops) + " hops, " + cc.HoleName(path[0]) + " to " + cc.HoleName(path[hops]) + ": each over one piece into the empty hole behind it"
	// centred at its own size: upright (a wider box would turn the star)
	return []board.RuleDiagram{{Board: container.NewCenter(kit.MinSized(b, 2*board.DiagramSize, 2*board.DiagramSize/b.Aspect())), Caption: caption}}, nil
}

// ccChainExample plays from the two-player start, each side taking its
// longest move, until player 1 has a chain of at least two hops.
func ccChainExample() (core.Position, []int, string, error) {
	var p core.Position
	p, err := cc.Game{}.Start(core.Options{}.WithInt(core.OptPlayers, 2))
	if err != nil {
		return nil, nil, "", err
	}
	for ply := 0; ply < 60; ply++ {
		best, bestPath := "", []int(nil)
		for _, m := range p.Moves() {
			if path, err := cc.MovePath(p, m); err == nil && len(path) > len(bestPath) {
				best, bestPath = m, path
			}
		}
		if best == "" {
			break
		}
		if len(bestPath) >= 3 && p.ToMove() == 0 {
			return p, bestPath, best, nil
		}
		if p, err = p.Play(best); err != nil {
			return nil, nil, "", err
		}
	}
	return nil, nil, "", errors.New("no chain of hops found")
}

// spell writes small numbers as words.
func spell(n int) string {
	words := []string{"zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"}
	if n >= 0 && n < len(words) {
		return words[n]
	}
	return strconv.Itoa(n)
}
