// Command jumpers-cli is the headless face of the Jumpers engines: the
// commands and text formats of the project's contract (see README.md), for
// tests, benchmarks, tournament managers and other engines. It needs no cgo.
//
// Every command answers on stdout with exit status 0, or writes one line
// "error: ..." on stderr with exit status 2 and nothing on stdout. A panic
// is caught and reported the same way: no stack trace reaches the user.
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"unicode/utf8"

	"github.com/jumpers-game/jumpers/core"
	_ "github.com/jumpers-game/jumpers/core/ataxx"
	_ "github.com/jumpers-game/jumpers/core/chinesecheckers"
	_ "github.com/jumpers-game/jumpers/core/cube"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// env is what a command may read and write.
type env struct {
	stdin  io.Reader
	stdout io.Writer
	stderr io.Writer
}

// command is one subcommand of a game (or of the whole tool when game is "").
type command struct {
	name    string
	usage   string // the arguments, for help
	summary string
	run     func(e *env, g core.Game, args []string) error
	// streams marks commands that talk on stdout while they run (engine,
	// play): their output is not buffered, so errors after the start may
	// follow partial output.
	streams bool
	// only limits a generic command to one game.
	only string
}

// gameCommands holds, per game ID, the commands in the order of help.
// The generic ones are added for every registered game by allCommands; game
// files add their own (cube show, ataxx seed-move) with addGameCommand.
var gameCommands = map[string][]command{}

func addGameCommand(game string, c command) {
	gameCommands[game] = append(gameCommands[game], c)
}

// commandsFor lists a game's commands: its own first (they may replace a
// generic one of the same name), then the generic ones.
func commandsFor(g core.Game) []command {
	own := gameCommands[g.ID()]
	out := append([]command(nil), own...)
	for _, c := range genericCommands() {
		if (c.only == "" || c.only == g.ID()) && findCommand(own, c.name) == nil {
			out = append(out, c)
		}
	}
	return out
}

func findCommand(cs []command, name string) *command {
	for i := range cs {
		if cs[i].name == name {
			return &cs[i]
		}
	}
	return nil
}

// usageError is bad input on the command line.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

func errorf(format string, args ...any) error { return usageError{fmt.Sprintf(format, args...)} }

// run is main without the process: it returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) (status int) {
	e := &env{stdin: stdin, stdout: stdout, stderr: stderr}
	var out bytes.Buffer
	buffered := true
	defer func() {
		if r := recover(); r != nil {
			// The contract allows no stack trace, whatever the input.
			fmt.Fprintf(stderr, "error: %s\n", errorLine(fmt.Sprintf("internal error: %v", r)))
			status = 2
		}
	}()
	err := dispatch(e, args, &out, &buffered)
	if err != nil {
		fmt.Fprintf(stderr, "error: %s\n", errorLine(err.Error()))
		return 2
	}
	if buffered {
		if _, err := stdout.Write(out.Bytes()); err != nil {
			return 1
		}
	}
	return 0
}

// Error lines are for people: one line, valid UTF-8, and short even when
// the input they quote is not (a move list can be 256 KiB).
const (
	maxErrorLine = 400 // bytes of the whole message
	maxQuoted    = 40  // runes of one piece of input quoted in it
)

// errorLine makes msg one printable line of at most maxErrorLine bytes,
// cut at a character boundary.
func errorLine(msg string) string {
	msg = strings.ToValidUTF8(msg, "\uFFFD")
	msg = strings.Map(func(r rune) rune {
		if r < ' ' || r == 0x7f {
			return ' '
		}
		return r
	}, msg)
	return core.Clip(msg, maxErrorLine)
}

// clip shortens a piece of input before it is quoted in an error.
func clip(s string) string {
	if utf8.RuneCountInString(s) <= maxQuoted {
		return s
	}
	r := []rune(s)
	return string(r[:maxQuoted]) + "…"
}

// clipIn shortens input wherever err's message quotes it whole.
func clipIn(err error, input string) error {
	if short := clip(input); short != input && input != "" {
		return errors.New(strings.ReplaceAll(err.Error(), input, short))
	}
	return err
}

// dispatch finds the command. Buffered commands write into out, so a
// failure half-way leaves stdout empty as the contract wants.
func dispatch(e *env, args []string, out *bytes.Buffer, buffered *bool) error {
	if len(args) == 0 {
		return errorf("no command; try 'jumpers-cli help'")
	}
	realOut := e.stdout
	e.stdout = out
	switch args[0] {
	case "help", "-h", "--help", "-help":
		return help(e, args[1:])
	case "load":
		return loadCommand(e, args[1:])
	case "arena":
		return arenaCommand(e, args[1:])
	case "record":
		return recordCommand(e, args[1:])
	case "puzzle":
		return puzzleCommand(e, args[1:])
	case "review":
		return reviewCommand(e, args[1:])
	}
	g, err := core.Lookup(args[0])
	if err != nil {
		return usageError{err.Error() + "; try 'jumpers-cli help'"}
	}
	if len(args) < 2 {
		return errorf("%s: no command; try 'jumpers-cli help %s'", g.ID(), g.ID())
	}
	c := findCommand(commandsFor(g), args[1])
	if c == nil {
		return errorf("%s: unknown command %q; try 'jumpers-cli help %s'", g.ID(), args[1], g.ID())
	}
	if c.streams {
		*buffered = false
		e.stdout = realOut
	}
	return c.run(e, g, args[2:])
}

func help(e *env, args []string) error {
	w := e.stdout
	games := core.Games()
	if len(args) > 0 {
		g, err := core.Lookup(args[0])
		if err != nil {
			return usageError{err.Error()}
		}
		games = []core.Game{g}
	} else {
		fmt.Fprintln(w, "jumpers-cli: the Jumpers engines without the app.")
		fmt.Fprintln(w, "")
		fmt.Fprintln(w, "usage: jumpers-cli GAME COMMAND [flags]    (GAME: "+strings.Join(gameIDs(), ", ")+")")
		fmt.Fprintln(w, "       jumpers-cli load FILE               print a saved game")
		fmt.Fprintln(w, "       jumpers-cli arena --game GAME ...   engine-vs-engine matches (book, parallel games, SPRT)")
		fmt.Fprintln(w, "       jumpers-cli record export FILE      print a saved game's record (PGN-style)")
		fmt.Fprintln(w, "       jumpers-cli record import FILE [--game N] [--save OUT]   replay game N of a record (- = stdin)")
		fmt.Fprintln(w, "       jumpers-cli puzzle list [--game GAME]   the shipped puzzles, tab-separated")
		fmt.Fprintln(w, "       jumpers-cli puzzle check ID MOVES   judge an answer: correct, incorrect or continue")
		fmt.Fprintln(w, "       jumpers-cli review FILE [--nodes N] [--game N]   the app's game review of a saved game or record")
		fmt.Fprintln(w, "       jumpers-cli help [GAME]")
	}
	for _, g := range games {
		fmt.Fprintf(w, "\n%s (%s):\n", g.ID(), g.Name())
		for _, c := range commandsFor(g) {
			fmt.Fprintf(w, "  %s %s %s\n      %s\n", g.ID(), c.name, c.usage, c.summary)
		}
		names := make([]string, 0)
		for _, l := range g.Levels() {
			names = append(names, l.Name)
		}
		fmt.Fprintf(w, "  levels: %s; styles: %s; rules: %s\n", strings.Join(names, ", "), strings.Join(g.Styles(), ", "), strings.Join(g.RuleSets(), ", "))
	}
	return nil
}

func gameIDs() []string {
	var ids []string
	for _, g := range core.Games() {
		ids = append(ids, g.ID())
	}
	return ids
}

// newFlags makes a flag set that reports errors instead of exiting and
// prints nothing itself (the one error line is ours to write).
func newFlags(name string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	return fs
}

// parseFlags parses args and refuses stray arguments.
func parseFlags(fs *flag.FlagSet, args []string) error {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return errorf("%s: see 'jumpers-cli help'", fs.Name())
		}
		return errorf("%s: %v", fs.Name(), err)
	}
	if fs.NArg() > 0 {
		return errorf("%s: unexpected argument %q", fs.Name(), fs.Arg(0))
	}
	return nil
}

// splitList splits a comma list, dropping blanks around items.
func splitList(s string) []string {
	var out []string
	for _, part := range strings.Split(s, ",") {
		if p := strings.TrimSpace(part); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// flagWasSet tells whether a flag was given on the command line.
func flagWasSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) {
		if f.Name == name {
			set = true
		}
	})
	return set
}
