package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"sort"
	"strings"
	"time"

	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/arena"
	"github.com/jumpers-game/jumpers/core/engine"
)

// external is an engine run as a child process, as an arena player.
type external struct {
	client   *engine.Client
	movetime time.Duration
}

func (x *external) Name() string   { return x.client.Name }
func (x *external) NewGame() error { return x.client.NewGame() }
func (x *external) Move(_ context.Context, pos core.Position, _ int64) (string, error) {
	return x.client.BestMove(pos, x.movetime)
}

// parseSide reads LEVEL[/STYLE].
func parseSide(g core.Game, flag, spec string, movetime time.Duration) (arena.AI, error) {
	level, style, _ := strings.Cut(spec, "/")
	if level == "" {
		return arena.AI{}, errorf("--%s: give a level (one of %v)", flag, levelNames(g))
	}
	l, err := core.FindLevel(g.Levels(), level)
	if err != nil {
		return arena.AI{}, errorf("--%s: %v", flag, err)
	}
	if style != "" {
		found := false
		for _, s := range g.Styles() {
			if strings.EqualFold(s, style) {
				style, found = s, true
			}
		}
		if !found {
			return arena.AI{}, errorf("--%s: unknown style %q (one of %v)", flag, style, g.Styles())
		}
	}
	return arena.AI{Game: g, Level: l.Name, Style: style, MoveTime: movetime}, nil
}

func levelNames(g core.Game) []string {
	var out []string
	for _, l := range g.Levels() {
		out = append(out, l.Name)
	}
	return out
}

func arenaCommand(e *env, args []string) error {
	fs := newFlags("arena")
	gameID := fs.String("game", "cube", "game: cube, ataxx or chinesecheckers")
	optionFlags := addArenaOptionFlags(fs)
	a := fs.String("a", "", "player A: LEVEL[/STYLE]")
	b := fs.String("b", "", "player B: LEVEL[/STYLE]")
	bCmd := fs.String("b-cmd", "", "player B: an external engine command speaking the engine protocol")
	games := fs.Int("games", 10, "number of games")
	movetime := fs.Int("movetime", 0, "milliseconds per move (default: each level's budget)")
	aMovetime := fs.Int("a-movetime", 0, "milliseconds per move for A only")
	bMovetime := fs.Int("b-movetime", 0, "milliseconds per move for B only")
	seed := fs.Int64("seed", 0, "random seed")
	quiet := fs.Bool("quiet", false, "print only the summary")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	g, err := core.Lookup(*gameID)
	if err != nil {
		return usageError{err.Error()}
	}
	if *games < 1 || *games > 100000 {
		return errorf("--games %d is out of range (1 to 100000)", *games)
	}
	for _, mt := range []int{*movetime, *aMovetime, *bMovetime} {
		if mt < 0 {
			return errorf("--movetime %d is out of range", mt)
		}
	}
	pick := func(own int) time.Duration {
		if own > 0 {
			return time.Duration(own) * time.Millisecond
		}
		return time.Duration(*movetime) * time.Millisecond
	}
	opts, given, err := arenaOptions(fs, g, optionFlags)
	if err != nil {
		return err
	}
	if _, err := g.Start(opts); err != nil {
		return usageError{err.Error()}
	}
	pa, err := parseSide(g, "a", *a, pick(*aMovetime))
	if err != nil {
		return err
	}
	var pb arena.Player
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	switch {
	case *bCmd != "" && *b != "":
		return errorf("give --b or --b-cmd, not both")
	case *bCmd != "":
		c, err := engine.Start(ctx, *bCmd)
		if err != nil {
			return err
		}
		defer c.Close()
		for _, spec := range given {
			_ = c.SetOption(spec.Name, spec.Value(opts))
		}
		mt := pick(*bMovetime)
		if mt == 0 {
			mt = time.Second
		}
		pb = &external{client: c, movetime: mt}
	default:
		side, err := parseSide(g, "b", *b, pick(*bMovetime))
		if err != nil {
			return err
		}
		pb = side
	}
	m := arena.Match{Game: g, Options: opts, A: pa, B: pb, Games: *games, Seed: *seed}
	if !*quiet {
		// Progress goes to stderr so stdout stays the summary alone.
		m.Progress = func(i int, r arena.GameResult) {
			fmt.Fprintf(e.stderr, "game %d: %s seat %d, %s after %d plies\n", i, pa.Name(), r.ASeat+1, outcomeText(g, r.Result), r.Plies)
		}
	}
	sum, err := m.Play(ctx)
	if err != nil {
		return err
	}
	fmt.Fprint(e.stdout, sum.Report(pa.Name(), pb.Name()))
	return nil
}

// addArenaOptionFlags adds a flag for every option of any game (--size,
// --players, --rules, --layout): the game is only known once the flags
// are read.
func addArenaOptionFlags(fs *flag.FlagSet) map[string]*string {
	flags := map[string]*string{}
	for _, g := range core.Games() {
		for _, spec := range g.OptionSpecs() {
			name := strings.ToLower(spec.Name)
			if flags[name] == nil {
				flags[name] = fs.String(name, "", strings.ToLower(spec.Label))
			}
		}
	}
	return flags
}

// arenaOptions are the game's options with the flags given, and the specs
// of the options given (an external engine is told those).
func arenaOptions(fs *flag.FlagSet, g core.Game, flags map[string]*string) (core.Options, []core.OptionSpec, error) {
	opts := core.DefaultOptions(g)
	var given []core.OptionSpec
	names := make([]string, 0, len(flags))
	for name := range flags {
		names = append(names, name)
	}
	sort.Strings(names) // one message for the same bad flags
	for _, name := range names {
		value := flags[name]
		if !flagWasSet(fs, name) {
			continue
		}
		spec, ok := core.FindOption(g.OptionSpecs(), name)
		if !ok {
			return opts, nil, errorf("--%s: %s has no such option", name, g.Name())
		}
		if err := spec.Set(&opts, *value); err != nil {
			return opts, nil, usageError{err.Error()}
		}
		given = append(given, spec)
	}
	return opts, given, nil
}

func outcomeText(g core.Game, r core.Result) string {
	switch {
	case !r.Over:
		return "adjudicated a draw"
	case r.Winner == core.NoPlayer:
		return "draw"
	}
	return g.PlayerName(r.Winner) + " won"
}
