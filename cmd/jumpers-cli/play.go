package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/cube"
)

// textGame is the seed's text game: a board in the terminal, moves typed
// as "r c" or "r:c", and commands to set up who plays. Mistakes print why
// and the game goes on.
type textGame struct {
	e      *env
	game   core.Game
	size   int
	seed   int64
	hist   *core.History
	auto   [2]bool
	levels [2]string
	styles [2]string
	quit   bool
}

func playCommand(e *env, g core.Game, args []string) error {
	fs := newFlags("cube play")
	sizeSpec, _ := core.FindOption(g.OptionSpecs(), core.OptSize)
	size := fs.Int("size", cube.DefaultSize, fmt.Sprintf("board size (%d to %d)", sizeSpec.Min, sizeSpec.Max))
	seed := fs.Int64("seed", 0, "random seed (default: random)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	// A typed 0 is refused with the range, never read as "the default".
	if _, err := sizeSpec.Canonical(strconv.Itoa(*size)); err != nil {
		return usageError{err.Error()}
	}
	t := &textGame{e: e, game: g, size: *size, seed: *seed, auto: [2]bool{false, true}}
	if !flagWasSet(fs, "seed") {
		t.seed = time.Now().UnixNano()
	}
	t.levels = [2]string{core.Average, core.Average}
	t.styles = [2]string{g.Styles()[0], g.Styles()[0]}
	if err := t.newGame(); err != nil {
		return err
	}
	t.say("Jumping Cube: you are %s, the computer is %s (%s). Type 'help' for commands.", t.name(0), t.name(1), t.levels[1])
	t.show()
	t.computerMoves()
	in := bufio.NewScanner(e.stdin)
	for !t.quit {
		t.prompt()
		if !in.Scan() {
			break
		}
		t.command(strings.TrimSpace(in.Text()))
	}
	if err := in.Err(); err != nil {
		return errorf("input: %v", err) // a line over 64 KiB, or a read error
	}
	return nil
}

func (t *textGame) say(format string, args ...any) { fmt.Fprintf(t.e.stdout, format+"\n", args...) }

func (t *textGame) name(p int) string { return strings.ToLower(t.game.PlayerName(p)) }

func (t *textGame) prompt() {
	pos := t.hist.Current()
	if pos.Result().Over {
		fmt.Fprint(t.e.stdout, "> ")
		return
	}
	fmt.Fprintf(t.e.stdout, "%s> ", t.name(pos.ToMove()))
}

func (t *textGame) newGame() error {
	start, err := t.game.Start(core.Options{}.WithInt(core.OptSize, t.size))
	if err != nil {
		return err
	}
	t.hist = core.NewHistory(start, "")
	return nil
}

func (t *textGame) show() { fmt.Fprint(t.e.stdout, cube.Show(t.hist.Current())) }

// player reads "red"/"blue" (or 1/2).
func (t *textGame) player(word string) (int, error) {
	for p := 0; p < 2; p++ {
		if strings.EqualFold(word, t.name(p)) || word == strconv.Itoa(p+1) {
			return p, nil
		}
	}
	return 0, fmt.Errorf("no player %q (say %s or %s)", clip(word), t.name(0), t.name(1))
}

const playHelp = `moves:   r c  or  r:c      add a spot to row r, column c (1-based, row 1 at the top)
commands:
  new                start a new game (same size and players)
  size N             start a new game on an NxN board (2 to 15)
  auto red|blue      the computer plays that side
  manual red|blue    a person plays that side
  level red|blue L   that side's computer level (Beginner, Novice, Average, Strong, Expert)
  style red|blue S   that side's computer style (Kepler, Newton)
  seed N             seed the computer's random choices
  undo, redo         take back a move (against the computer: back to your turn) / play it again
  hint               the computer suggests a move for you
  dump               print the board
  help, quit`

func (t *textGame) command(line string) {
	f := strings.Fields(line)
	if len(f) == 0 {
		return
	}
	var err error
	switch strings.ToLower(f[0]) {
	case "quit", "exit", "q":
		t.quit = true
		return
	case "help", "?":
		t.say("%s", playHelp)
		return
	case "dump":
		t.show()
		return
	case "new":
		err = t.newGame()
		if err == nil {
			t.show()
		}
	case "size":
		err = t.setSize(f[1:])
	case "auto", "manual":
		err = t.setAuto(f[1:], strings.EqualFold(f[0], "auto"))
	case "level":
		err = t.setLevel(f[1:])
	case "style":
		err = t.setStyle(f[1:])
	case "seed":
		if len(f) != 2 {
			err = errors.New("seed needs one number")
		} else if t.seed, err = strconv.ParseInt(f[1], 10, 64); err != nil {
			err = fmt.Errorf("seed %q is not a number", clip(f[1]))
		}
	case "undo":
		err = t.undo()
	case "redo":
		err = t.redo()
	case "hint":
		err = t.hint()
	default:
		err = t.humanMove(f)
	}
	if err != nil {
		t.say("%v", err)
		return
	}
	t.computerMoves()
}

func (t *textGame) setSize(args []string) error {
	if len(args) != 1 {
		return errors.New("size needs one number")
	}
	n, err := strconv.Atoi(args[0])
	if err != nil || n < cube.MinSize || n > cube.MaxSize {
		return fmt.Errorf("size %q: give a number from %d to %d", clip(args[0]), cube.MinSize, cube.MaxSize)
	}
	t.size = n
	if err := t.newGame(); err != nil {
		return err
	}
	t.show()
	return nil
}

func (t *textGame) setAuto(args []string, auto bool) error {
	if len(args) != 1 {
		return errors.New("say which side: red or blue")
	}
	p, err := t.player(args[0])
	if err != nil {
		return err
	}
	t.auto[p] = auto
	return nil
}

func (t *textGame) setLevel(args []string) error {
	if len(args) != 2 {
		return errors.New("level needs a side and a level, e.g. 'level blue Expert'")
	}
	p, err := t.player(args[0])
	if err != nil {
		return err
	}
	l, err := core.FindLevel(t.game.Levels(), args[1])
	if err != nil {
		return clipIn(err, args[1])
	}
	t.levels[p] = l.Name
	return nil
}

func (t *textGame) setStyle(args []string) error {
	if len(args) != 2 {
		return errors.New("style needs a side and a style, e.g. 'style blue Newton'")
	}
	p, err := t.player(args[0])
	if err != nil {
		return err
	}
	for _, s := range t.game.Styles() {
		if strings.EqualFold(s, args[1]) {
			t.styles[p] = s
			return nil
		}
	}
	return fmt.Errorf("unknown style %q (one of %v)", clip(args[1]), t.game.Styles())
}

// humanMove reads "r c" or "r:c".
func (t *textGame) humanMove(f []string) error {
	move := strings.Join(f, ":")
	if len(f) > 2 || (len(f) == 2 && strings.Contains(move, "::")) {
		return fmt.Errorf("unknown command %q; type 'help'", clip(strings.Join(f, " ")))
	}
	pos := t.hist.Current()
	if pos.Result().Over {
		return errors.New("the game is over: 'new', 'undo' or 'quit'")
	}
	if t.auto[pos.ToMove()] {
		return fmt.Errorf("it is the computer's turn (%s); say 'manual %s' to play it yourself", t.name(pos.ToMove()), t.name(pos.ToMove()))
	}
	if _, err := cube.ParseMove(t.size, move); err != nil && len(f) == 1 && !strings.Contains(move, ":") {
		return fmt.Errorf("unknown command %q; type 'help'", clip(f[0]))
	}
	if err := t.hist.Play(move); err != nil {
		return fmt.Errorf("%s: %v", clip(move), clipIn(err, move))
	}
	t.afterMove(pos.ToMove(), move)
	return nil
}

func (t *textGame) afterMove(mover int, move string) {
	t.say("%s plays %s", t.name(mover), move)
	t.show()
	if r := t.hist.Current().Result(); r.Over {
		t.say("%s wins!", t.game.PlayerName(r.Winner))
	}
}

// undo goes back one move, and against the computer on to the previous
// turn of a person, so the computer does not at once replay its move.
func (t *textGame) undo() error {
	if !t.hist.Undo() {
		return errors.New("nothing to undo")
	}
	for t.auto[t.hist.Current().ToMove()] && !(t.auto[0] && t.auto[1]) && t.hist.CanUndo() {
		t.hist.Undo()
	}
	t.show()
	return nil
}

// redo is undo's mirror: it replays the computer's recorded answers too.
func (t *textGame) redo() error {
	if !t.hist.Redo() {
		return errors.New("nothing to redo")
	}
	for t.auto[t.hist.Current().ToMove()] && !(t.auto[0] && t.auto[1]) && t.hist.CanRedo() {
		t.hist.Redo()
	}
	t.show()
	return nil
}

func (t *textGame) hint() error {
	pos := t.hist.Current()
	if pos.Result().Over {
		return errors.New("the game is over")
	}
	p := pos.ToMove()
	res, err := t.game.BestMove(context.Background(), pos, capAI(core.AIRequest{Level: t.levels[p], Style: t.styles[p], Seed: t.seed}))
	if err != nil {
		return err
	}
	t.say("hint: %s", res.Move)
	return nil
}

// computerMoves lets the computer play while it is its turn.
func (t *textGame) computerMoves() {
	for {
		pos := t.hist.Current()
		if pos.Result().Over || !t.auto[pos.ToMove()] {
			return
		}
		p := pos.ToMove()
		t.seed++
		res, err := t.game.BestMove(context.Background(), pos, capAI(core.AIRequest{Level: t.levels[p], Style: t.styles[p], Seed: t.seed}))
		if err != nil {
			t.say("the computer cannot move: %v", err)
			t.auto[p] = false
			return
		}
		if err := t.hist.Play(res.Move); err != nil {
			t.say("the computer played an illegal move %s: %v", res.Move, err)
			t.auto[p] = false
			return
		}
		t.afterMove(p, res.Move)
	}
}
