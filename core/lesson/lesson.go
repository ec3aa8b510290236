// Package lesson holds the "Learn to play" lessons as data (issue 53): for
// each game a few short steps, each a position where the player makes the
// move being taught, and the checker that judges a move by the game's own
// rules. It imports no Fyne: the guided board (ui) shows a step, passes the
// player's move to Checker.Try and says what it answers; the progress a
// player makes is kept by the app (app.LessonProgress).
package lesson

import (
	"errors"
	"fmt"
	"strings"

	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/ataxx"
	cc "github.com/jumpers-game/jumpers/core/chinesecheckers"
	"github.com/jumpers-game/jumpers/core/cube"
)

// Lesson is one game's lesson: its steps in order.
type Lesson struct {
	// ID names the lesson in the progress file; never change a shipped one.
	ID    string
	Game  string // the core.Game ID
	Title string
	Steps []Step
}

// Accept says which legal moves complete a step.
type Accept int

const (
	// Listed: one of Step.Moves (compared by the position they lead to, so
	// "2 2" is "2:2" and the Ataxx clone "g1f2" is "f2").
	Listed Accept = iota
	// AnyMove: every legal move.
	AnyMove
	// Closer: a move that brings the mover closer to its goal than it has
	// been in the step (Chinese Checkers: a move the stall rule does not
	// count as stalled).
	Closer
)

// Step is one thing taught, by doing: a position, a sentence, the move.
type Step struct {
	// ID names the step in the progress file; never change a shipped one.
	ID string
	// Rules is the rule set the position is read and played under.
	Rules string
	// Position is the game's position text (the CLI's and the saves').
	Position string
	// Say is the one sentence shown before the move.
	Say string
	// Highlight lists the squares to mark, in the game's notation: cube
	// "r:c", Ataxx "b6", Chinese Checkers holes "e5".
	Highlight []string
	Accept    Accept
	// Moves are the moves taught when Accept is Listed, in notation.
	Moves []string
	// Nudge is said for a legal move that is not the one taught.
	Nudge string
	// Done is said after the move: what happened.
	Done string
	// Reply, if set, is the opponent's scripted answer, played after Done;
	// ReplySay says what it did.
	Reply    string
	ReplySay string
}

// Verdict is what Try says of a move.
type Verdict struct {
	// Done: the move completes the step.
	Done bool
	// Legal: the rules allow the move (a nudge when not Done).
	Legal bool
	// Message is for the player: the step's Done sentence, its nudge, or
	// the rules' reason a move is refused. Never empty.
	Message string
	// Err is the rules' refusal of an illegal move. It may hold a
	// core.PlayerError: an app that names players its own way shows
	// core.RenamePlayers(Err, names) rather than Message.
	Err error
	// After is the position after the move, when Done.
	After core.Position
	// Reply is the scripted answer ("" none), AfterReply the position
	// after it, ReplySay what to say of it.
	Reply      string
	AfterReply core.Position
	ReplySay   string
}

// Checker judges moves in one step's position.
type Checker struct {
	game core.Game
	step Step
	pos  core.Position
	// taught holds the positions the Listed moves lead to.
	taught map[string]bool
}

// NewChecker reads step's position for game. It refuses a step whose
// position does not parse or whose taught moves are not legal there.
func NewChecker(game string, step Step) (*Checker, error) {
	g, err := core.Lookup(game)
	if err != nil {
		return nil, err
	}
	pos, err := g.ParsePosition(step.Position, step.Rules)
	if err != nil {
		return nil, fmt.Errorf("step %q: position: %w", step.ID, err)
	}
	c := &Checker{game: g, step: step, pos: pos, taught: map[string]bool{}}
	switch step.Accept {
	case Listed:
		if len(step.Moves) == 0 {
			return nil, fmt.Errorf("step %q teaches no move", step.ID)
		}
		for _, m := range step.Moves {
			after, err := pos.Play(m)
			if err != nil {
				return nil, fmt.Errorf("step %q: move %q: %w", step.ID, m, err)
			}
			c.taught[after.String()] = true
		}
	case AnyMove:
	case Closer:
		if game != cc.ID {
			return nil, fmt.Errorf("step %q: only Chinese Checkers measures getting closer", step.ID)
		}
	default:
		return nil, fmt.Errorf("step %q: unknown kind of step %d", step.ID, step.Accept)
	}
	return c, nil
}

// Start is the checker of step i.
func (l Lesson) Start(i int) (*Checker, error) {
	if i < 0 || i >= len(l.Steps) {
		return nil, fmt.Errorf("lesson %q has no step %d (it has %d)", l.ID, i+1, len(l.Steps))
	}
	return NewChecker(l.Game, l.Steps[i])
}

// Position is the step's position.
func (c *Checker) Position() core.Position { return c.pos }

// Step is the step being checked.
func (c *Checker) Step() Step { return c.step }

// Try judges move: done (with what happened and the scripted reply), a
// legal move that is not the one taught (the nudge), or an illegal one
// (the rules' reason). Every answer has a message; Try changes nothing.
func (c *Checker) Try(move string) Verdict {
	move = strings.TrimSpace(move)
	if move == "" {
		return Verdict{Message: "No move given.", Err: errors.New("no move given")}
	}
	after, err := c.pos.Play(move)
	if err != nil {
		return Verdict{Message: sentence(core.RenamePlayers(err, c.game.PlayerName)), Err: err}
	}
	if !c.accepts(after) {
		return Verdict{Legal: true, Message: c.step.Nudge}
	}
	v := Verdict{Done: true, Legal: true, Message: c.step.Done, After: after}
	if c.step.Reply != "" {
		reply, err := after.Play(c.step.Reply)
		if err != nil {
			// Validate refuses such a step; say so rather than stop.
			v.ReplySay = fmt.Sprintf("(The scripted reply %s is not legal here: %v.)", c.step.Reply, err)
			return v
		}
		v.Reply, v.AfterReply, v.ReplySay = c.step.Reply, reply, c.step.ReplySay
	}
	return v
}

// accepts tells whether after, the position a legal move led to,
// completes the step.
func (c *Checker) accepts(after core.Position) bool {
	switch c.step.Accept {
	case AnyMove:
		return true
	case Closer:
		p, err := cc.Concrete(after)
		// The position was parsed: every stall count started at 0, and
		// the mover's stays 0 only when its move beat its best distance.
		return err == nil && p.Stalled(c.pos.ToMove()) == 0
	}
	return c.taught[after.String()]
}

// Accepted lists the legal moves that complete the step, in the game's
// order of moves (the guided board may mark their targets).
func (c *Checker) Accepted() []string {
	var out []string
	for _, m := range c.pos.Moves() {
		if after, err := c.pos.Play(m); err == nil && c.accepts(after) {
			out = append(out, m)
		}
	}
	return out
}

// sentence is s with a capital letter (unless it starts with a square's
// name) and a full stop: the rules' reasons are written to follow a move
// ("square 3:3 belongs to Blue").
func sentence(s string) string {
	if s == "" {
		return s
	}
	// "square 3:3 ..." takes a capital; "e5 is empty" keeps the hole's name.
	if first, _, _ := strings.Cut(s, " "); !strings.ContainsAny(first, "0123456789") {
		s = strings.ToUpper(s[:1]) + s[1:]
	}
	if !strings.HasSuffix(s, ".") {
		s += "."
	}
	return s
}

// Validate checks a lesson as the app needs it: a known game, steps with
// unique IDs and their sentences, positions that parse and go on, squares
// that exist, taught moves that are legal, a nudge wherever a legal move
// can miss, and a reply that is legal after every move the step accepts.
func Validate(l Lesson) error {
	if l.ID == "" || l.Title == "" {
		return fmt.Errorf("lesson %q: an ID and a title are needed", l.ID)
	}
	if len(l.Steps) == 0 {
		return fmt.Errorf("lesson %q has no steps", l.ID)
	}
	seen := map[string]bool{}
	for i, s := range l.Steps {
		if s.ID == "" || seen[s.ID] {
			return fmt.Errorf("lesson %q step %d: missing or repeated ID %q", l.ID, i+1, s.ID)
		}
		seen[s.ID] = true
		if err := validateStep(l.Game, s); err != nil {
			return fmt.Errorf("lesson %q: %w", l.ID, err)
		}
	}
	return nil
}

func validateStep(game string, s Step) error {
	c, err := NewChecker(game, s)
	if err != nil {
		return err
	}
	if s.Say == "" || s.Done == "" {
		return fmt.Errorf("step %q: a sentence before and one after are needed", s.ID)
	}
	if c.pos.Result().Over {
		return fmt.Errorf("step %q: the game is over in its position", s.ID)
	}
	for _, sq := range s.Highlight {
		if err := checkSquare(c.pos, sq); err != nil {
			return fmt.Errorf("step %q: highlight %q: %w", s.ID, sq, err)
		}
	}
	accepted := c.Accepted()
	if len(accepted) == 0 {
		return fmt.Errorf("step %q: no legal move completes it", s.ID)
	}
	if s.Accept != AnyMove && s.Nudge == "" {
		return fmt.Errorf("step %q: a nudge is needed for the legal moves it does not teach", s.ID)
	}
	if (s.Reply == "") != (s.ReplySay == "") {
		return fmt.Errorf("step %q: a reply and what to say of it go together", s.ID)
	}
	if s.Reply != "" {
		for _, m := range accepted {
			after, _ := c.pos.Play(m)
			if _, err := after.Play(s.Reply); err != nil {
				return fmt.Errorf("step %q: reply %q after %q: %w", s.ID, s.Reply, m, err)
			}
		}
	}
	return nil
}

// checkSquare tells whether sq names a square of pos in its game's
// notation, written as the game writes it.
func checkSquare(pos core.Position, sq string) error {
	var canonical string
	switch pos.Game() {
	case cube.ID:
		b, err := cube.Concrete(pos)
		if err != nil {
			return err
		}
		m, err := cube.ParseMove(b.Size(), sq)
		if err != nil {
			return err
		}
		canonical = cube.FormatMove(b.Size(), m)
	case ataxx.ID:
		s, err := ataxx.ParseSquare(sq)
		if err != nil {
			return err
		}
		canonical = ataxx.SquareName(s)
	case cc.ID:
		h, err := cc.ParseHole(sq)
		if err != nil {
			return err
		}
		canonical = cc.HoleName(h)
	default:
		return fmt.Errorf("no squares known for game %q", pos.Game())
	}
	if canonical != sq {
		return fmt.Errorf("write it %q", canonical)
	}
	return nil
}

// All lists the lessons, in the games' order (a copy: callers may keep it).
func All() []Lesson {
	out := make([]Lesson, len(lessons))
	for i, l := range lessons {
		l.Steps = append([]Step(nil), l.Steps...)
		out[i] = l
	}
	return out
}

// For is the lesson of a game.
func For(game string) (Lesson, bool) {
	for _, l := range All() {
		if l.Game == game {
			return l, true
		}
	}
	return Lesson{}, false
}
