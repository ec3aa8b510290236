package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/arena"
	"github.com/jumpers-game/jumpers/core/engine"
)

// external is an engine run as a child process, as an arena player: one
// process per concurrent game slot, started afresh after a failure.
type external struct {
	ctx     context.Context
	command string
	setup   [][2]string // setoption name/value pairs, sent after every start
	limits  engine.Limits
	name    string // shown in reports; "" = the engine's own name
	client  *engine.Client
}

func (x *external) start() error {
	c, err := engine.Start(x.ctx, x.command)
	if err != nil {
		return err
	}
	var setup [][2]string
	for _, o := range x.setup {
		// Game options are sent only to an engine that announces them; the
		// position text sent before every move carries size and players.
		if gameOption(o[0]) && !c.Options[strings.ToLower(o[0])] {
			if strings.EqualFold(o[0], "Rules") && !strings.Contains(x.command, "--rules") {
				c.Close()
				return fmt.Errorf("engine %q has no Rules option: give the rules on its command line (... engine --rules %s)", x.command, o[1])
			}
			continue
		}
		setup = append(setup, o)
	}
	if err := c.Configure(setup); err != nil {
		c.Close()
		return err
	}
	x.client = c
	if x.name == "" {
		x.name = c.Name
	}
	return nil
}

func gameOption(name string) bool {
	switch strings.ToLower(name) {
	case "size", "players", "rules", "layout", "seed":
		return true
	}
	return false
}

func (x *external) Name() string   { return x.name }
func (x *external) NewGame() error { return x.client.NewGame() }
func (x *external) Move(ctx context.Context, pos core.Position, seed int64) (string, error) {
	return x.client.Search(pos.String(), nil, x.limits)
}
func (x *external) MoveAfter(_ context.Context, start core.Position, moves []string, _ core.Position, _ int64) (string, error) {
	return x.client.Search(start.String(), moves, x.limits)
}
func (x *external) MoveOnClock(_ context.Context, start core.Position, moves []string, pos core.Position, left []time.Duration, inc time.Duration) (string, time.Duration, error) {
	r, err := x.client.OnClock(start.String(), moves, [2]time.Duration{left[0], left[1]}, pos.ToMove(), inc)
	return r.Move, r.Elapsed, err
}
func (x *external) Restart() error {
	_ = x.client.Close()
	return x.start()
}
func (x *external) Close() error { return x.client.Close() }

// greedyName is the player that takes the most now (for games that have
// one: Ataxx): the yardstick of the weakest level.
const greedyName = "Greedy"

// greedyGame is a game with a greedy player.
type greedyGame interface {
	GreedyMove(pos core.Position, seed int64) (string, error)
}

type greedy struct{ g greedyGame }

func newGreedy(g core.Game, flag string) (arena.Player, error) {
	gg, ok := g.(greedyGame)
	if !ok {
		return nil, errorf("--%s %s: %s has no greedy player (Ataxx has)", flag, greedyName, g.ID())
	}
	return greedy{gg}, nil
}

func (greedy) Name() string   { return greedyName }
func (greedy) NewGame() error { return nil }
func (x greedy) Move(_ context.Context, pos core.Position, seed int64) (string, error) {
	return x.g.GreedyMove(pos, seed)
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

// optionList is a repeatable Name=Value flag.
type optionList [][2]string

func (o *optionList) String() string { return fmt.Sprint(*o) }
func (o *optionList) Set(v string) error {
	name, value, ok := strings.Cut(v, "=")
	name = strings.TrimSpace(name)
	if !ok || name == "" || strings.ContainsAny(name, " \t") {
		return fmt.Errorf("%q is not Name=Value", v)
	}
	*o = append(*o, [2]string{name, strings.TrimSpace(value)})
	return nil
}

// sideFlags are one side's flags.
type sideFlags struct {
	level, cmd      *string
	opts            optionList
	movetime, depth *int
	nodes           *int64
	threads         *int
}

func arenaCommand(e *env, args []string) error {
	fs := newFlags("arena")
	gameID := fs.String("game", "cube", "game: cube, ataxx or chinesecheckers")
	optionFlags := addArenaOptionFlags(fs)
	var sides [2]sideFlags
	for i, n := range []string{"a", "b"} {
		s := &sides[i]
		s.level = fs.String(n, "", "player "+strings.ToUpper(n)+": LEVEL[/STYLE], or Greedy (Ataxx: the most material now)")
		s.cmd = fs.String(n+"-cmd", "", "player "+strings.ToUpper(n)+": an external engine command speaking the engine protocol")
		fs.Var(&s.opts, n+"-opt", "engine option Name=Value for "+strings.ToUpper(n)+"'s external engine (repeatable)")
		s.movetime = fs.Int(n+"-movetime", 0, "milliseconds per move for "+strings.ToUpper(n)+" only")
		s.depth = fs.Int(n+"-depth", 0, "depth per move for "+strings.ToUpper(n)+" only")
		s.nodes = fs.Int64(n+"-nodes", 0, "nodes per move for "+strings.ToUpper(n)+" only")
		s.threads = fs.Int(n+"-threads", 0, "search threads for "+strings.ToUpper(n)+" only (1 to the number of CPUs)")
	}
	games := fs.Int("games", 10, "number of games")
	movetime := fs.Int("movetime", 0, "milliseconds per move (default: each level's budget)")
	depth := fs.Int("depth", 0, "depth per move (default: each level's cap)")
	nodes := fs.Int64("nodes", 0, "nodes per move (default: no limit)")
	threads := fs.Int("threads", 0, "search threads of each side, 1 to the number of CPUs (default: one; an external engine keeps its own); with --concurrency, per game")
	seed := fs.Int64("seed", 0, "random seed (also draws a random: book; a book file is played in its order)")
	quiet := fs.Bool("quiet", false, "print only the summary")
	bookSpec := fs.String("book", "", "openings: random:PLIES (random openings from --seed) or a file, one opening a line")
	concurrency := fs.Int("concurrency", 1, "games played at once")
	sprtSpec := fs.String("sprt", "", "sequential test elo0,elo1[,alpha,beta]: stop when decided")
	every := fs.Int("progress", 10, "print a running total every N games (0 = never)")
	timeout := fs.Int("timeout", 0, "milliseconds an external engine may overrun its move before it loses (default 5000, 60000 without a move time)")
	maxPlies := fs.Int("max-plies", 0, "adjudicate a game as a draw after this many plies (default 2000)")
	tc := fs.String("tc", "", "time control BASE+INC in seconds (10+0.1): clock games between engines (--a-cmd and --b-cmd); a side out of time loses")
	recordPath := fs.String("record", "", "write every game to this new file as game records, in game-number order, each as it is done")
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
	if *concurrency < 1 || *concurrency > 256 {
		return errorf("--concurrency %d is out of range (1 to 256)", *concurrency)
	}
	if *every < 0 || *maxPlies < 0 || *timeout < 0 {
		return errorf("--progress, --max-plies and --timeout take a number of 0 or more")
	}
	for _, v := range []int{*movetime, *depth, *sides[0].movetime, *sides[1].movetime, *sides[0].depth, *sides[1].depth} {
		if v < 0 {
			return errorf("--movetime and --depth take a number of 0 or more, not %d", v)
		}
	}
	for _, v := range []int64{*nodes, *sides[0].nodes, *sides[1].nodes} {
		if v < 0 {
			return errorf("--nodes takes a number of 0 or more, not %d", v)
		}
	}
	for _, d := range []int{*depth, *sides[0].depth, *sides[1].depth} {
		if d > 64 {
			return errorf("--depth %d is out of range (1 to 64)", d)
		}
	}
	for _, t := range []struct {
		name string
		n    int
	}{{"threads", *threads}, {"a-threads", *sides[0].threads}, {"b-threads", *sides[1].threads}} {
		if flagWasSet(fs, t.name) {
			if err := checkThreads(t.name, t.n); err != nil {
				return err
			}
		}
	}
	opts, _, err := arenaOptions(fs, g, optionFlags)
	if err != nil {
		return err
	}
	if _, err := g.Start(opts); err != nil {
		return usageError{err.Error()}
	}
	var sprt *arena.SPRT
	if *sprtSpec != "" {
		s, err := arena.ParseSPRT(*sprtSpec)
		if err != nil {
			return usageError{"--sprt: " + err.Error()}
		}
		sprt = &s
	}
	var clock *arena.Clock
	if *tc != "" {
		c, err := arena.ParseClock(*tc)
		if err != nil {
			return usageError{"--tc: " + err.Error()}
		}
		if *sides[0].cmd == "" || *sides[1].cmd == "" {
			return usageError{"--tc plays engines on a clock: give --a-cmd and --b-cmd (\"jumpers-cli ataxx engine\" for ours)"}
		}
		for _, f := range []string{"movetime", "depth", "nodes", "a-movetime", "b-movetime", "a-depth", "b-depth", "a-nodes", "b-nodes"} {
			if flagWasSet(fs, f) {
				return usageError{"--tc and --" + f + " do not go together: the clock is the limit"}
			}
		}
		clock = &c
	}
	book, err := readBookFlag(g, opts, *bookSpec, *games, *seed)
	if err != nil {
		return err
	}

	var rec *matchRecord
	if *recordPath != "" {
		if rec, err = createMatchRecord(*recordPath); err != nil {
			return err
		}
		// Closed at the end whatever happens: the games still waiting for
		// an earlier one are written then.
		defer func() {
			if rec != nil {
				_ = rec.close()
			}
		}()
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	// A record that cannot be written stops the match.
	ctx, stopMatch := context.WithCancel(ctx)
	defer stopMatch()
	limits := func(s sideFlags) (mt time.Duration, d int, n int64) {
		mt = time.Duration(*movetime) * time.Millisecond
		if *s.movetime > 0 {
			mt = time.Duration(*s.movetime) * time.Millisecond
		}
		d, n = *depth, *nodes
		if *s.depth > 0 {
			d = *s.depth
		}
		if *s.nodes > 0 {
			n = *s.nodes
		}
		return mt, d, n
	}
	// threadsOf is side s's thread count; 0 when none was given.
	threadsOf := func(s sideFlags) int {
		if *s.threads > 0 {
			return *s.threads
		}
		return *threads
	}
	// makeSide builds side i for a game slot; external engines get their
	// own process per slot.
	makeSide := func(i, slot int) (arena.Player, error) {
		s := sides[i]
		flag := []string{"a", "b"}[i]
		mt, d, n := limits(s)
		switch {
		case *s.cmd != "" && *s.level != "":
			return nil, errorf("give --%s or --%s-cmd, not both", flag, flag)
		case *s.cmd != "":
			if mt == 0 && d == 0 && n == 0 {
				mt = time.Second
			}
			setup, err := engineSetup(g, opts, *s.cmd, s.opts, *seed+int64(slot)*1000+int64(i), threadsOf(s))
			if err != nil {
				return nil, err
			}
			x := &external{ctx: ctx, command: *s.cmd, setup: setup,
				limits: engine.Limits{MoveTime: mt, Depth: d, Nodes: n, Timeout: overrun(*timeout, mt)}}
			if err := x.start(); err != nil {
				return nil, err
			}
			return x, nil
		case len(s.opts) > 0:
			return nil, errorf("--%s-opt is for an external engine (--%s-cmd)", flag, flag)
		}
		if strings.EqualFold(*s.level, greedyName) {
			return newGreedy(g, flag)
		}
		ai, err := parseSide(g, flag, *s.level, mt)
		if err != nil {
			return nil, err
		}
		ai.Depth, ai.Nodes, ai.Threads = d, n, threadsOf(s)
		return ai, nil
	}
	pa, err := makeSide(0, 0)
	if err != nil {
		return err
	}
	defer closePlayer(pa)
	pb, err := makeSide(1, 0)
	if err != nil {
		return err
	}
	defer closePlayer(pb)
	nameA, nameB := pa.Name(), pb.Name()
	if nameA == nameB {
		// Two builds of one engine: tell them apart by their programs.
		nameA, nameB = nameA+" ("+program(*sides[0].cmd, "A")+")", nameB+" ("+program(*sides[1].cmd, "B")+")"
		if nameA == nameB {
			nameA, nameB = "A "+nameA, "B "+nameB
		}
		setName(pa, nameA)
		setName(pb, nameB)
	}
	m := arena.Match{Game: g, Options: opts, A: pa, B: pb, Games: *games, Seed: *seed,
		Book: book, Concurrency: *concurrency, SPRT: sprt, MaxPlies: *maxPlies, Clock: clock}
	if rec != nil {
		rec.match, rec.nameA, rec.nameB = m, nameA, nameB
	}
	if *sides[0].cmd != "" || *sides[1].cmd != "" {
		m.NewSlot = func(slot int) (arena.Player, arena.Player, error) {
			a, err := makeSide(0, slot)
			if err != nil {
				return nil, nil, err
			}
			b, err := makeSide(1, slot)
			if err != nil {
				closePlayer(a)
				return nil, nil, err
			}
			setName(a, nameA)
			setName(b, nameB)
			return a, b, nil
		}
	}
	// Progress goes to stderr so stdout stays the summary alone.
	m.Progress = func(i int, r arena.GameResult) {
		if rec != nil && !rec.add(r) {
			stopMatch()
		}
		if r.Forfeit != "" {
			fmt.Fprintf(e.stderr, "%s\n", r.Forfeit)
		}
		if !*quiet {
			fmt.Fprintf(e.stderr, "game %d: %s seat %d, %s after %d plies\n", i, nameA, r.ASeat+1, outcomeText(g, r.Result), r.Plies)
		}
	}
	if !*quiet && *every > 0 {
		m.Tally = func(done int, s arena.Summary) {
			if done%*every == 0 {
				fmt.Fprintln(e.stderr, s.Progress())
			}
		}
	}
	sum, err := m.Play(ctx)
	if rec != nil {
		recErr := rec.close()
		rec = nil
		if recErr != nil {
			fmt.Fprint(e.stderr, sum.Report(nameA, nameB))
			return fmt.Errorf("%v: the match stopped after %d games", recErr, len(sum.Games))
		}
	}
	if err != nil {
		if errors.Is(err, context.Canceled) && len(sum.Games) > 0 {
			// Interrupted: what was played is still worth seeing.
			fmt.Fprint(e.stderr, sum.Report(nameA, nameB))
			fmt.Fprintln(e.stderr, sum.Line())
			return fmt.Errorf("interrupted after %d games", len(sum.Games))
		}
		return err
	}
	fmt.Fprint(e.stdout, sum.Report(nameA, nameB))
	if sprt != nil || book != nil || *sides[0].cmd != "" || *concurrency > 1 {
		fmt.Fprintln(e.stdout, sum.Line())
	}
	return nil
}

// program names an engine command by its program's file name.
func program(command, fallback string) string {
	f := strings.Fields(command)
	if len(f) == 0 {
		return fallback
	}
	return filepath.Base(f[0])
}

// overrun is how long an external engine may take beyond its move time.
func overrun(ms int, movetime time.Duration) time.Duration {
	if ms == 0 {
		return 0 // the client's default
	}
	return movetime + time.Duration(ms)*time.Millisecond
}

func closePlayer(p arena.Player) {
	if x, ok := p.(*external); ok {
		_ = x.Close()
	}
}

func setName(p arena.Player, name string) {
	if x, ok := p.(*external); ok {
		x.name = name
	}
}

// engineSetup lists the options sent to an external engine: the game's
// options (only those it announces), a seed, the threads when given (0 =
// the engine's own default), then the side's own options, so that an
// --a-opt Threads=N given as well has the last word.
// An engine that cannot be told the rules must get them on its command line.
func engineSetup(g core.Game, opts core.Options, command string, own optionList, seed int64, threads int) ([][2]string, error) {
	var setup [][2]string
	// The game's options by name, as the engine protocol names them (Size,
	// Players, Layout, or a game's own), the rules last.
	for _, spec := range g.OptionSpecs() {
		if spec.Name != core.OptRules && opts.Has(spec.Name) {
			setup = append(setup, [2]string{spec.Name, opts.Text(spec.Name)})
		}
	}
	if opts.Text(core.OptRules) != "" && !strings.EqualFold(opts.Text(core.OptRules), g.RuleSets()[0]) {
		// The default rules need no telling: an engine that cannot be told
		// the rules plays them.
		setup = append(setup, [2]string{"Rules", opts.Text(core.OptRules)})
	}
	if seed < 0 {
		seed = -seed
	}
	setup = append(setup, [2]string{"Seed", strconv.FormatInt(seed%2147483648, 10)})
	if threads > 0 {
		setup = append(setup, [2]string{"Threads", strconv.Itoa(threads)})
	}
	return append(setup, own...), nil
}

// readBookFlag reads --book: "" (no book), random:PLIES or a file.
func readBookFlag(g core.Game, opts core.Options, spec string, games int, seed int64) ([]arena.Opening, error) {
	if spec == "" {
		return nil, nil
	}
	start, _ := g.Start(opts)
	if plies, ok := strings.CutPrefix(spec, "random:"); ok {
		n, err := strconv.Atoi(plies)
		if err != nil || n < 0 || n > 200 {
			return nil, errorf("--book %s: give random:PLIES with PLIES from 0 to 200", spec)
		}
		need := (games + start.Players() - 1) / start.Players()
		book, err := arena.RandomBook(g, opts, need, n, seed)
		if err != nil {
			return nil, errorf("--book %s: %v", spec, err)
		}
		return book, nil
	}
	f, err := os.Open(spec)
	if err != nil {
		return nil, errorf("--book: %v", err)
	}
	defer f.Close()
	book, err := arena.ReadBook(g, opts, f)
	if err != nil {
		return nil, errorf("--book %s: %v", spec, err)
	}
	return book, nil
}

func outcomeText(g core.Game, r core.Result) string {
	switch {
	case !r.Over:
		return "adjudicated a draw"
	case r.Reason == "forfeit" && r.Winner == core.NoPlayer:
		return "forfeit"
	case r.Winner == core.NoPlayer:
		return "draw"
	case r.Reason == "forfeit":
		return g.PlayerName(r.Winner) + " won by forfeit"
	}
	return g.PlayerName(r.Winner) + " won"
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
