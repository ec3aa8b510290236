package main

import (
	"context"
	"flag"
	"fmt"
	"math"
	"os"
	"os/signal"
	"strings"
	"time"

	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/engine"
	"github.com/jumpers-game/jumpers/storage"
)

// Limits of the command line: a value past these is out of range. They
// keep every request bounded: a search has a time budget, a depth with a
// node cap, or a node cap; a perft visits at most perftMaxVisits positions.
const (
	maxPerftDepth  = 12
	maxSearchDepth = 64
	maxMoveTimeMS  = 24 * 60 * 60 * 1000 // a day
	maxNodes       = 10_000_000_000
)

// limits are the costs a command accepts; they are variables only so that
// the fuzz tests can make every command cheap.
var limits = struct {
	// perftMaxVisits bounds the positions a perft visits (those at depth
	// D-1, each counting its moves): about 10 minutes for cube here, half
	// a minute for Ataxx.
	perftMaxVisits uint64
	// depthNodes is the node cap of a search given a depth and no time:
	// about a minute here.
	depthNodes int64
	// aiNodes, when > 0, caps every AI request (tests only).
	aiNodes int64
}{perftMaxVisits: 3_000_000_000, depthNodes: 200_000_000}

// positionFlags are the flags that say which position a command starts
// from: one flag per option of the game that has something to choose
// (cube: --size; ataxx: --rules, --layout; chinese checkers: --rules,
// --players), and the position text (--position, or the game's own name
// for it in positionTextFlag: ataxx --fen).
type positionFlags struct {
	game     core.Game
	fs       *flag.FlagSet
	position string
	options  []optionFlag
}

// optionFlag is the command-line flag of one of the game's options.
type optionFlag struct {
	spec  core.OptionSpec
	value string
}

func (o *optionFlag) name() string { return strings.ToLower(o.spec.Name) }

// positionTextFlag names the position text flag of the games that do not
// call it --position (their command files register it).
var positionTextFlag = map[string]string{}

func addPositionFlags(fs *flag.FlagSet, g core.Game) *positionFlags {
	p := &positionFlags{game: g, fs: fs}
	for _, spec := range g.OptionSpecs() {
		if spec.Kind == core.Choice && len(spec.Choices) < 2 {
			continue // nothing to choose (cube's one rule set)
		}
		p.options = append(p.options, optionFlag{spec: spec})
	}
	for i := range p.options {
		o := &p.options[i]
		fs.StringVar(&o.value, o.name(), "", optionUsage(o.spec))
	}
	fs.StringVar(&p.position, p.textFlag(), "", "position text")
	return p
}

func optionUsage(s core.OptionSpec) string {
	if s.Kind == core.IntRange {
		return fmt.Sprintf("%s (%d to %d, default %s)", strings.ToLower(s.Label), s.Min, s.Max, s.Default)
	}
	return fmt.Sprintf("%s (one of %s, default %s)", strings.ToLower(s.Label), strings.Join(s.Choices, ", "), s.Default)
}

func (p *positionFlags) textFlag() string {
	if name, ok := positionTextFlag[p.game.ID()]; ok {
		return name
	}
	return "position"
}

// startFlags are the option flags that choose a start position (all but
// --rules, which also reads a position text).
func (p *positionFlags) startFlags() []*optionFlag {
	var out []*optionFlag
	for i := range p.options {
		if p.options[i].spec.Name != core.OptRules {
			out = append(out, &p.options[i])
		}
	}
	return out
}

// startRequired tells whether a start must be chosen: a game whose start
// has a number to choose (cube's size, the players of Chinese Checkers)
// asks for it or for a position text, as the contract's
// "(--size N | --position POS)".
func (p *positionFlags) startRequired() bool {
	for _, o := range p.startFlags() {
		if o.spec.Name == core.OptSize || o.spec.Name == core.OptPlayers {
			return true
		}
	}
	return false
}

// names names the start flags for messages ("--size or --position").
func (p *positionFlags) names() string {
	var names []string
	for _, o := range p.startFlags() {
		names = append(names, "--"+o.name())
	}
	return strings.Join(append(names, "--"+p.textFlag()), " or ")
}

// load returns the position the flags describe and the rule set.
func (p *positionFlags) load() (core.Position, string, error) {
	opts := core.DefaultOptions(p.game)
	chosen := false
	for i := range p.options {
		o := &p.options[i]
		if !flagWasSet(p.fs, o.name()) {
			continue
		}
		if err := o.spec.Set(&opts, o.value); err != nil {
			return nil, "", usageError{err.Error()}
		}
		chosen = chosen || o.spec.Name != core.OptRules
	}
	rules := opts.Text(core.OptRules)
	posSet := flagWasSet(p.fs, p.textFlag())
	switch {
	case chosen && posSet:
		return nil, "", errorf("give %s, not both", p.names())
	case posSet:
		pos, err := p.game.ParsePosition(p.position, rules)
		if err != nil {
			if strings.Contains(err.Error(), p.position) {
				return nil, "", errorf("position: %v", clipIn(err, p.position)) // the game's message quotes it already
			}
			return nil, "", errorf("position %q: %v", clip(p.position), err)
		}
		return pos, rules, nil
	case chosen || !p.startRequired():
		pos, err := p.game.Start(opts)
		if err != nil {
			return nil, "", usageError{err.Error()}
		}
		return pos, rules, nil
	}
	return nil, "", errorf("no position: give %s", p.names())
}

func validRules(g core.Game, rules string) bool {
	for _, r := range g.RuleSets() {
		if r == rules {
			return true
		}
	}
	return false
}

func genericCommands() []command {
	return []command{
		{name: "uai", usage: "[--rules R]", summary: "the engine protocol with Ataxx names (UAI), for tournament managers", run: engineCommand, streams: true, only: "ataxx"},
		{name: "apply", usage: "POSITION --moves \"m1,m2,...\" [--save FILE]", summary: "play the moves and print the resulting position", run: applyCommand},
		{name: "perft", usage: "POSITION --depth D", summary: "count the move sequences of length D", run: perftCommand},
		{name: "bestmove", usage: "POSITION [--movetime MS] [--depth D] [--nodes N] [--level L] [--style S] [--seed N] [--threads N]", summary: "print the AI's move", run: bestmoveCommand},
		{name: "engine", usage: "", summary: "the line-based engine protocol (uai, isready, position, go, stop, quit)", run: engineCommand, streams: true},
	}
}

func applyCommand(e *env, g core.Game, args []string) error {
	fs := newFlags(g.ID() + " apply")
	pf := addPositionFlags(fs, g)
	moves := fs.String("moves", "", "comma-separated moves")
	save := fs.String("save", "", "write the game as a saved-game file")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	start, rules, err := pf.load()
	if err != nil {
		return err
	}
	h := core.NewHistory(start, rules)
	for i, m := range splitList(*moves) {
		if err := h.Play(m); err != nil {
			return &core.ReplayError{Index: i + 1, Move: clip(m), Err: clipIn(err, m)}
		}
	}
	if *save != "" {
		if err := storage.WriteFile(*save, storage.NewSave(h.Record(), h.Cursor(), nil, time.Now())); err != nil {
			return err
		}
	}
	fmt.Fprintln(e.stdout, h.Current().String())
	return nil
}

// fastPerft holds, per game ID, a fast move counter on the game's own
// position type; games without one are counted through core.Position.
var fastPerft = map[string]func(pos core.Position, depth int) (uint64, error){}

func perftCommand(e *env, g core.Game, args []string) error {
	fs := newFlags(g.ID() + " perft")
	pf := addPositionFlags(fs, g)
	depth := fs.Int("depth", -1, "number of plies")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *depth < 0 || *depth > maxPerftDepth {
		return errorf("--depth %d is out of range (0 to %d)", *depth, maxPerftDepth)
	}
	pos, _, err := pf.load()
	if err != nil {
		return err
	}
	perft, ok := fastPerft[g.ID()]
	if !ok {
		perft = func(pos core.Position, depth int) (uint64, error) { return slowPerft(pos, depth), nil }
	}
	n, err := boundedPerft(pos, *depth, perft)
	if err != nil {
		return err
	}
	fmt.Fprintln(e.stdout, n)
	return nil
}

// boundedPerft counts to depth, but first refuses a depth whose count would
// visit more than limits.perftMaxVisits positions. A perft of depth D
// visits the positions at depth D-1; it counts the shallow depths for real
// and extrapolates with the last branching factor, refusing as soon as the
// extrapolation passes the limit (so an absurd request is refused at once).
// A growing branching factor, as in Ataxx, makes the estimate low by a
// small factor at most.
func boundedPerft(pos core.Position, depth int, perft func(core.Position, int) (uint64, error)) (uint64, error) {
	prev, cur := uint64(1), uint64(1) // counts at depths d-1 and d
	for d := 0; d < depth-1; d++ {
		branching := float64(cur) / float64(prev)
		if d == 0 {
			branching = 1
		}
		est := float64(cur) * math.Pow(branching, float64(depth-1-d))
		if est > float64(limits.perftMaxVisits) {
			return 0, errorf("--depth %d is out of range for this position: it would visit about %.1e positions (at most %.0e; lower --depth)", depth, est, float64(limits.perftMaxVisits))
		}
		n, err := perft(pos, d+1)
		if err != nil {
			return 0, err
		}
		prev, cur = cur, n
		if cur == 0 {
			return 0, nil
		}
	}
	if est := float64(cur); depth > 1 && est > float64(limits.perftMaxVisits) {
		return 0, errorf("--depth %d is out of range for this position: it would visit about %.1e positions (at most %.0e; lower --depth)", depth, est, float64(limits.perftMaxVisits))
	}
	return perft(pos, depth)
}

// slowPerft counts through core.Position: correct for every game, slow.
func slowPerft(pos core.Position, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	var n uint64
	for _, m := range pos.Moves() {
		next, err := pos.Play(m)
		if err != nil {
			continue
		}
		n += slowPerft(next, depth-1)
	}
	return n
}

// aiFlags are the flags that shape an AI request.
type aiFlags struct {
	movetime, depth int
	nodes           int64
	level, style    string
	seed            int64
	threads         int
}

func addAIFlags(fs *flag.FlagSet) *aiFlags {
	a := &aiFlags{}
	fs.IntVar(&a.movetime, "movetime", 0, "milliseconds to think (default: the level's budget)")
	fs.IntVar(&a.depth, "depth", 0, "search depth (default: the level's)")
	fs.Int64Var(&a.nodes, "nodes", 0, "stop after about this many nodes")
	fs.StringVar(&a.level, "level", "", "AI level (default: the strongest)")
	fs.StringVar(&a.style, "style", "", "AI style")
	fs.Int64Var(&a.seed, "seed", 0, "random seed (default: random)")
	fs.IntVar(&a.threads, "threads", 1, threadsUsage)
	return a
}

func (a *aiFlags) request(fs *flag.FlagSet, g core.Game) (core.AIRequest, error) {
	if err := checkMoveTime(fs, "movetime", a.movetime); err != nil {
		return core.AIRequest{}, err
	}
	if a.depth < 0 || a.depth > maxSearchDepth || (flagWasSet(fs, "depth") && a.depth == 0) {
		return core.AIRequest{}, errorf("--depth %d is out of range (1 to %d)", a.depth, maxSearchDepth)
	}
	if a.nodes < 0 || a.nodes > maxNodes || (flagWasSet(fs, "nodes") && a.nodes == 0) {
		return core.AIRequest{}, errorf("--nodes %d is out of range (1 to %d)", a.nodes, int64(maxNodes))
	}
	if err := checkThreads("threads", a.threads); err != nil {
		return core.AIRequest{}, err
	}
	if a.level != "" {
		if _, err := core.FindLevel(g.Levels(), a.level); err != nil {
			return core.AIRequest{}, usageError{err.Error()}
		}
	}
	if a.style != "" && !contains(g.Styles(), a.style) {
		return core.AIRequest{}, errorf("unknown style %q (one of %v)", a.style, g.Styles())
	}
	seed := a.seed
	if !flagWasSet(fs, "seed") {
		seed = time.Now().UnixNano()
	}
	req := core.AIRequest{Level: a.level, Style: a.style, MoveTime: time.Duration(a.movetime) * time.Millisecond, Depth: a.depth, Nodes: a.nodes, Seed: seed, Threads: a.threads}
	if req.Depth > 0 && req.MoveTime == 0 && req.Nodes == 0 {
		// A depth alone would search "whatever it costs": --depth 64 is
		// years. The node cap keeps it bounded and reproducible.
		req.Nodes = limits.depthNodes
	}
	return capAI(req), nil
}

// capAI applies the tests' node cap, if any.
func capAI(req core.AIRequest) core.AIRequest {
	if limits.aiNodes > 0 && (req.Nodes == 0 || req.Nodes > limits.aiNodes) {
		req.Nodes = limits.aiNodes
		req.HashMB = 1 // a fixed-depth search clears its table: keep it small
		if req.MoveTime == 0 && req.Depth == 0 {
			req.Depth = maxSearchDepth // a level's own cap and budget give way to the nodes
		}
	}
	return req
}

// threadsUsage explains --threads wherever it is taken.
const threadsUsage = "search threads, 1 to the number of CPUs; used by timed searches of the strong levels (depth- and node-limited searches use one)"

// checkThreads refuses a thread count outside 1 to the CPUs, as the
// engine's Threads option does.
func checkThreads(name string, n int) error {
	if n < 1 || n > core.MaxThreads() {
		return errorf("--%s %d is out of range (1 to %d, the number of CPUs)", name, n, core.MaxThreads())
	}
	return nil
}

// checkMoveTime refuses a time in ms outside 1 ms to a day (0 means the
// default when the flag was not given).
func checkMoveTime(fs *flag.FlagSet, name string, ms int) error {
	if ms < 0 || ms > maxMoveTimeMS || (flagWasSet(fs, name) && ms == 0) {
		return errorf("--%s %d is out of range (1 to %d ms)", name, ms, maxMoveTimeMS)
	}
	return nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func bestmoveCommand(e *env, g core.Game, args []string) error {
	fs := newFlags(g.ID() + " bestmove")
	pf := addPositionFlags(fs, g)
	af := addAIFlags(fs)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	pos, _, err := pf.load()
	if err != nil {
		return err
	}
	req, err := af.request(fs, g)
	if err != nil {
		return err
	}
	if pos.Result().Over {
		return errorf("the game is over: no move to find")
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	res, err := g.BestMove(ctx, pos, req)
	if err != nil {
		return err
	}
	fmt.Fprintln(e.stdout, res.Move)
	return nil
}

func engineCommand(e *env, g core.Game, args []string) error {
	fs := newFlags(g.ID() + " engine")
	rules := ""
	if len(g.RuleSets()) > 1 {
		fs.StringVar(&rules, "rules", g.RuleSets()[0], "rule set")
	}
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if rules != "" && !validRules(g, rules) {
		return errorf("unknown rules %q (one of %v)", rules, g.RuleSets())
	}
	return engine.Run(context.Background(), g, rules, e.stdin, e.stdout)
}
