// Package engine speaks the line-based engine protocol of Jumpers, shaped
// like UAI so that one harness (a tournament manager, our arena) drives all
// three games: uai, isready, uainewgame, setoption, position, go, stop,
// quit. Run is the engine side; Client (client.go) is the harness side.
//
// The search runs in its own goroutine so that "stop" and "isready" are
// answered while it thinks; "stop" returns the best move found so far at
// once. Every time limit is a limit on the whole reply as a tournament
// manager measures it (clock.go). A malformed line, an over-long line or a
// failing search answers "info string error: ..." and the engine keeps
// running.
package engine

import (
	"context"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/search"
)

// session is the state of one protocol conversation. Its fields are the
// loop goroutine's, except the ones under mu.
type session struct {
	ctx   context.Context
	game  core.Game
	rules string
	out   *lockedWriter

	opts     core.Options
	level    string
	style    string
	hashMB   int
	threads  int
	overhead time.Duration // "Move Overhead": the manager's own lag, taken off every limit
	seed     int64
	tuning   search.Tuning // the Search option; the zero Tuning = the game's settings
	eval     core.Eval     // the EvalFile option's evaluation; nil = the style's
	warmed   string        // the settings the last warm-up was made with

	// defaults are the options the session started with, the defaults the
	// uai listing names (the rule set given to Run, the game's others).
	defaults core.Options

	pos core.Position
	cur *run // the search of the last go until stopSearch

	mu   sync.Mutex
	last answerMemo // the last search's root and PV, for the next move's fallback
}

// answerMemo remembers a search's principal variation: when the position
// the next go asks about is the one that PV predicted, its next move is the
// best move known before any search.
type answerMemo struct {
	root core.Position
	pv   []string
}

type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) println(format string, args ...any) {
	l.mu.Lock()
	defer l.mu.Unlock()
	fmt.Fprintf(l.w, format+"\n", args...)
	if f, ok := l.w.(interface{ Flush() error }); ok {
		_ = f.Flush()
	}
}

// Run talks the protocol on in and out until "quit", the end of input, or
// ctx is cancelled. rules names the rule set ("" = the game's default).
//
// in is read by a goroutine of its own, so that each line is stamped with
// the time it arrived, even while the loop waits for a search to end. When
// Run returns before the end of in, that goroutine ends at the next line
// or the end of in, whichever comes first.
func Run(ctx context.Context, g core.Game, rules string, in io.Reader, out io.Writer) error {
	if rules == "" {
		rules = g.RuleSets()[0]
	}
	s := &session{ctx: ctx, game: g, rules: rules, out: &lockedWriter{w: out}, seed: time.Now().UnixNano(), threads: 1}
	s.opts = core.DefaultOptions(g)
	s.opts = s.opts.With(core.OptRules, rules)
	s.defaults = s.opts
	// Hash is the memory of all the engine's search tables together (the
	// process's budget: transposition and proof tables, idle or in use).
	defer search.SetMemoryBudget(int(search.MemoryBudget() >> 20))
	search.SetMemoryBudget(defaultHashMB)
	if err := s.setStart(); err != nil {
		return err
	}
	lines := make(chan line, 16)
	quit := make(chan struct{})
	defer close(quit)
	readErr := make(chan error, 1)
	go func() { readErr <- readLines(in, lines, quit) }()
	defer s.stopSearch()
	for {
		select {
		case <-ctx.Done():
			return nil
		case l, ok := <-lines:
			if !ok {
				// End of input: let a timed search finish its answer, as
				// a pipe closed after "go" still expects the bestmove;
				// nobody is left to stop an infinite one.
				s.endOfInput()
				if err := <-readErr; err != nil {
					return fmt.Errorf("reading commands: %w", err)
				}
				return nil
			}
			if l.tooLong > 0 {
				s.errorf("a line of %d bytes is longer than the limit of %d; ignored", l.tooLong, MaxLine)
				continue
			}
			if s.handleSafely(l) {
				return nil
			}
		}
	}
}

func (s *session) setStart() error {
	pos, err := s.game.Start(s.opts)
	if err != nil {
		return err
	}
	s.pos = pos
	return nil
}

// maxErrorLine keeps an error about a huge line (a position of a megabyte
// quoted back) to a line people and managers can read.
const maxErrorLine = 400

var oneLine = strings.NewReplacer("\r\n", " ", "\n", " ", "\r", " ")

func (s *session) errorf(format string, args ...any) {
	// One line: a panic's message may hold line breaks.
	msg := oneLine.Replace(fmt.Sprintf(format, args...))
	if len(msg) > maxErrorLine {
		msg = strings.ToValidUTF8(msg[:maxErrorLine-3], "") + "..."
	}
	s.out.println("info string error: %s", msg)
}

// handleSafely runs one line; a panic in a game's parser or rules becomes
// an error line and the engine carries on.
func (s *session) handleSafely(l line) (quit bool) {
	defer func() {
		if p := recover(); p != nil {
			s.errorf("internal error on %q: %v", abbreviate(l.text), p)
			quit = false
		}
	}()
	return s.handle(l)
}

func abbreviate(text string) string { return core.Clip(text, 80) }

// handle runs one command line; it returns true for quit.
func (s *session) handle(l line) bool {
	fields := strings.Fields(l.text)
	if len(fields) == 0 {
		return false
	}
	switch fields[0] {
	case "uai", "uci":
		s.out.println("id name Jumpers %s", s.game.Name())
		s.out.println("id author the Jumpers developers")
		s.out.println("option name Hash type spin default %d min 1 max %d", defaultHashMB, maxHashMB)
		s.out.println("option name Threads type spin default 1 min 1 max %d", core.MaxThreads())
		s.out.println("option name Move Overhead type spin default 0 min 0 max %d", maxOverheadMS)
		levels := make([]string, 0)
		for _, l := range s.game.Levels() {
			levels = append(levels, "var "+l.Name)
		}
		s.out.println("option name Level type combo default %s %s", s.game.Levels()[len(s.game.Levels())-1].Name, strings.Join(levels, " "))
		s.out.println("option name Style type combo default %s var %s", s.game.Styles()[0], strings.Join(s.game.Styles(), " var "))
		for _, spec := range s.game.OptionSpecs() {
			s.out.println("%s", optionLine(spec, s.defaults))
		}
		s.out.println("option name Seed type spin default 0 min 0 max 2147483647")
		s.out.println("option name Search type string default <empty>")
		if _, ok := s.game.(core.EvalLoader); ok {
			s.out.println("option name EvalFile type string default <empty>")
		}
		s.out.println("uaiok")
	case "isready":
		if s.cur == nil {
			s.warm()
		}
		s.out.println("readyok")
	case "uainewgame", "ucinewgame":
		s.stopSearch()
		if err := s.setStart(); err != nil {
			s.errorf("%v", err)
		}
		s.mu.Lock()
		s.last = answerMemo{}
		s.mu.Unlock()
	case "setoption":
		s.setOption(fields[1:])
	case "position":
		s.stopSearch()
		s.position(fields[1:])
	case "go":
		s.goCommand(fields[1:], l.at)
	case "stop":
		s.stopSearch()
	case "quit":
		s.stopSearch()
		return true
	case "debug":
		// UCI's "debug on|off": we have no debug output to switch.
	case "d", "show":
		s.out.println("info string position %s", s.pos.String())
	default:
		s.errorf("unknown command %q", fields[0])
	}
	return false
}

const (
	defaultHashMB = 16 // the uai listing's default
	maxHashMB     = 4096
	maxOverheadMS = 5000
)

// ignoredOptions are options tournament managers set for every engine that
// mean nothing to ours; they are accepted quietly, as UCI engines do.
var ignoredOptions = map[string]bool{
	"debug": true, "ownbook": true, "ponder": true, "multipv": true, "clear hash": true,
	"uci_analysemode": true, "uci_showcurrline": true, "uci_showrefutations": true,
	"uci_limitstrength": true, "uci_elo": true, "uci_opponent": true, "uci_engineabout": true,
	"uai_analysemode": true, "uai_opponent": true, "uai_engineabout": true,
}

// setOption reads "name NAME value V"; a name may have spaces ("Move
// Overhead"), a button ("Clear Hash") has no value.
func (s *session) setOption(f []string) {
	if len(f) < 2 || f[0] != "name" {
		s.errorf("setoption: expected 'setoption name NAME value V'")
		return
	}
	end := len(f)
	for i := 2; i < len(f); i++ {
		if f[i] == "value" {
			end = i
			break
		}
	}
	name := strings.Join(f[1:end], " ")
	value := ""
	if end < len(f) {
		value = strings.Join(f[end+1:], " ")
	}
	key := strings.ToLower(name)
	if ignoredOptions[key] {
		return
	}
	switch key {
	case "hash":
		n, err := strconv.Atoi(value)
		if err != nil || n < 1 || n > maxHashMB {
			s.errorf("setoption Hash: %q is not a size in MB (1 to %d)", value, maxHashMB)
			return
		}
		s.hashMB = n
		search.SetMemoryBudget(n)
	case "threads":
		// Every go asks for this many; the search uses them only where its
		// result may depend on timing (timed, noise-free searches).
		n, err := strconv.Atoi(value)
		if err != nil || n < 1 || n > core.MaxThreads() {
			s.errorf("setoption Threads: %q is not a number of threads (1 to %d)", value, core.MaxThreads())
			return
		}
		s.threads = n
	case "move overhead":
		n, err := strconv.Atoi(value)
		if err != nil || n < 0 || n > maxOverheadMS {
			s.errorf("setoption Move Overhead: %q is not a time in ms (0 to %d)", value, maxOverheadMS)
			return
		}
		s.overhead = time.Duration(n) * time.Millisecond
	case "level":
		if _, err := core.FindLevel(s.game.Levels(), value); err != nil {
			s.errorf("setoption Level: %v", err)
			return
		}
		s.level = value
	case "style":
		for _, st := range s.game.Styles() {
			if strings.EqualFold(st, value) {
				s.style = st
				return
			}
		}
		s.errorf("setoption Style: unknown style %q", value)
	case "seed":
		n, err := strconv.ParseInt(value, 10, 64)
		if err != nil {
			s.errorf("setoption Seed: %q is not a number", value)
			return
		}
		s.seed = n
	case "search":
		// Experiments only: other selective-search settings for this
		// engine (search.ParseTuning); "<empty>" restores the game's.
		if value == "<empty>" {
			value = ""
		}
		t, err := search.ParseTuning(value)
		if err != nil {
			s.errorf("setoption Search: %v", err)
			return
		}
		s.tuning = t
	case "evalfile":
		s.setEvalFile(value)
	default:
		s.setGameOption(name, value)
	}
}

// maxEvalFile bounds the EvalFile option's file (the largest nets are a
// few megabytes), so a wrong path cannot read the machine away.
const maxEvalFile = 64 << 20

// setEvalFile plays with the evaluation in the weights file at path from
// the next search on ("<empty>": the style's own again). A file that is
// not one the game can play with is refused with the reason, and the
// evaluation stays as it was.
func (s *session) setEvalFile(path string) {
	loader, ok := s.game.(core.EvalLoader)
	if !ok {
		s.errorf("setoption: unknown option %q", "EvalFile")
		return
	}
	if path == "" || path == "<empty>" {
		s.eval = nil
		return
	}
	data, err := readLimited(path, maxEvalFile)
	if err != nil {
		s.errorf("setoption EvalFile: %v", err)
		return
	}
	e, err := loader.LoadEval(data)
	if err != nil {
		s.errorf("setoption EvalFile: %s: %v", path, err)
		return
	}
	s.eval = e
	s.out.println("info string EvalFile %s: %s", path, e)
}

// readLimited reads the file at path, refusing one longer than limit.
func readLimited(path string, limit int64) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > limit {
		return nil, fmt.Errorf("%s: longer than %d MB", path, limit>>20)
	}
	return data, nil
}

// setGameOption sets one of the game's own options (its OptionSpecs):
// "position startpos" and "uainewgame" start from them, and Rules also
// reads the positions of "position fen".
func (s *session) setGameOption(name, value string) {
	spec, ok := core.FindOption(s.game.OptionSpecs(), name)
	if !ok {
		s.errorf("setoption: unknown option %q", name)
		return
	}
	opts := s.opts
	if err := spec.Set(&opts, value); err != nil {
		s.errorf("setoption %s: %v", spec.Name, err)
		return
	}
	if _, err := s.game.Start(opts); err != nil {
		s.errorf("setoption %s: %v", spec.Name, err)
		return
	}
	s.opts = opts
	if spec.Name == core.OptRules {
		s.rules = opts.Text(core.OptRules)
	}
}

// optionLine describes a game option as the protocol's "option" line, its
// default the value the session starts from.
func optionLine(spec core.OptionSpec, opts core.Options) string {
	if spec.Kind == core.IntRange {
		return fmt.Sprintf("option name %s type spin default %s min %d max %d", spec.Name, spec.Value(opts), spec.Min, spec.Max)
	}
	return fmt.Sprintf("option name %s type combo default %s var %s", spec.Name, spec.Value(opts), strings.Join(spec.Choices, " var "))
}

// warm runs two tiny searches before the first readyok (and after the
// settings change), so that the first timed move does not pay for
// allocating and first touching the transposition table: the searches
// ask for the whole table in memory (search.WithResident), which a tiny
// search alone does not touch. Without it the first moves of a fresh
// engine spent up to 100 ms of their time on page faults.
func (s *session) warm() {
	key := fmt.Sprintf("%s|%s|%d|%+v|%s|%p", s.level, s.style, s.hashMB, s.opts, s.tuning.String(), s.eval)
	if key == s.warmed {
		return
	}
	s.warmed = key
	pos, err := s.game.Start(s.opts)
	if err != nil || pos.Result().Over {
		return
	}
	ctx, cancel := context.WithTimeout(search.WithResident(search.WithTuning(s.ctx, s.tuning)), 300*time.Millisecond)
	defer cancel()
	defer func() { _ = recover() }() // a failing search shows at the first go
	for range 2 {
		_, _ = s.game.BestMove(ctx, pos, core.AIRequest{Level: s.level, Style: s.style, HashMB: s.hashMB, Seed: s.seed, Depth: 2, Eval: s.eval})
	}
}

// position reads "startpos [moves ...]" or "fen TEXT... [moves ...]".
func (s *session) position(f []string) {
	if len(f) == 0 {
		s.errorf("position: expected startpos or fen")
		return
	}
	var pos core.Position
	var err error
	rest := f[1:]
	switch f[0] {
	case "startpos":
		pos, err = s.game.Start(s.opts)
	case "fen":
		end := len(rest)
		for i, w := range rest {
			if w == "moves" {
				end = i
				break
			}
		}
		text := strings.Join(rest[:end], " ")
		rest = rest[end:]
		pos, err = s.game.ParsePosition(text, s.rules)
		if err != nil {
			err = fmt.Errorf("position %q: %w", abbreviate(text), err)
		}
	default:
		s.errorf("position: expected startpos or fen, not %q", abbreviate(f[0]))
		return
	}
	if err != nil {
		s.errorf("%v", err)
		return
	}
	if len(rest) > 0 {
		if rest[0] != "moves" {
			s.errorf("position: expected 'moves', not %q", abbreviate(rest[0]))
			return
		}
		for i, m := range rest[1:] {
			next, err := pos.Play(m)
			if err != nil {
				s.errorf("position: move %d %q: %v", i+1, abbreviate(m), err)
				return
			}
			pos = next
		}
	}
	s.pos = pos
}

// goCommand starts a search in its own goroutine. at is when the line
// arrived: every time limit counts from there.
func (s *session) goCommand(f []string, at time.Time) {
	s.stopSearch()
	req := core.AIRequest{Level: s.level, Style: s.style, HashMB: s.hashMB, Seed: s.seed, Threads: s.threads, Eval: s.eval}
	var clock, inc, movesToGo, movetime int64 = -1, 0, 0, -1
	me := s.pos.ToMove()
	for i := 0; i < len(f); i++ {
		key := f[i]
		if key == "infinite" {
			req.Infinite = true
			continue
		}
		if i+1 >= len(f) {
			s.errorf("go: %s needs a number", abbreviate(key))
			return
		}
		n, err := strconv.ParseInt(f[i+1], 10, 64)
		if err != nil || n < 0 {
			s.errorf("go: %s %q is not a number", abbreviate(key), abbreviate(f[i+1]))
			return
		}
		i++
		switch key {
		case "movetime":
			movetime = n
		case "depth":
			if n < 1 || n > 64 {
				s.errorf("go: depth %d is out of range (1 to 64)", n)
				return
			}
			req.Depth = int(n)
		case "nodes":
			req.Nodes = n
		// The first player ("x" in Ataxx, Red in cube) uses btime: in Ataxx
		// UAI, as tournament managers drive it, x is "black".
		case "btime":
			if me == 0 {
				clock = n
			}
		case "wtime":
			if me != 0 {
				clock = n
			}
		case "binc":
			if me == 0 {
				inc = n
			}
		case "winc":
			if me != 0 {
				inc = n
			}
		case "movestogo":
			movesToGo = n
		default:
			s.errorf("go: unknown parameter %q", abbreviate(key))
			return
		}
	}
	pos := s.pos
	if r := pos.Result(); r.Over {
		if r.Reason != "" {
			s.out.println("info string game over (%s)", r.Reason) // why, for people reading the log
		}
		s.out.println("bestmove 0000")
		return
	}
	lim, timed := s.limitOf(req, movetime, clock, inc, movesToGo)
	var p plan
	if timed && !req.Infinite {
		p = planReply(lim, s.overhead)
		if p.quick {
			req.Depth = 1
		}
		req.MoveTime = max(p.searchFor, time.Microsecond)
		req.SoftTime = p.soft
		if movetime < 0 && clock < 0 {
			// The level's own budget: leave the request as the level has
			// it (depth-capped levels stay reproducible); the deadline
			// below is enough.
			req.MoveTime = 0
		}
	}
	var ctx context.Context
	var cancel context.CancelFunc
	// The Search option is the shared search's, not the game's: it goes
	// with the context (search.WithTuning), past the core.Game interface.
	base := search.WithTuning(s.ctx, s.tuning)
	if timed && !req.Infinite {
		ctx, cancel = context.WithDeadline(base, at.Add(p.searchFor))
	} else {
		ctx, cancel = context.WithCancel(base)
	}
	s.mu.Lock()
	memo := s.last
	s.mu.Unlock()
	r := &run{
		cancel: cancel, release: make(chan struct{}), done: make(chan struct{}),
		infinite: req.Infinite, out: s.out,
		fallback: func() string { return fallbackMove(pos, memo) },
	}
	s.cur = r
	req.Info = func(info core.SearchInfo) { r.info(info) }
	var watchdog *time.Timer
	if timed && !req.Infinite {
		// Whatever the search is doing at replyBy, the answer goes out:
		// the best move of the deepest iteration so far.
		watchdog = time.AfterFunc(time.Until(at.Add(p.replyBy)), func() {
			if r.answer("") {
				cancel()
			}
		})
	}
	go func() {
		defer close(r.done)
		defer cancel()
		if watchdog != nil {
			defer watchdog.Stop()
		}
		move := s.search(ctx, pos, req, r)
		if r.infinite {
			// The protocol answers an infinite search only at stop, even
			// when the search has proven the result and ended early.
			select {
			case <-r.release:
			case <-s.ctx.Done():
			}
		}
		r.answer(move)
	}()
}

// search runs the game's AI; a panic or an error becomes an error line and
// an empty move (the run then answers the best move known).
func (s *session) search(ctx context.Context, pos core.Position, req core.AIRequest, r *run) (move string) {
	defer func() {
		if p := recover(); p != nil {
			s.errorf("the search failed: %v", p)
			move = ""
		}
	}()
	res, err := s.game.BestMove(ctx, pos, req)
	if err != nil {
		s.errorf("the search failed: %v", err)
		return ""
	}
	if res.Failure != nil {
		// The threads that did not fail answered: their move stands.
		s.errorf("the search failed in part: %v", res.Failure)
	}
	s.mu.Lock()
	s.last = answerMemo{root: pos, pv: res.Info.PV}
	s.mu.Unlock()
	return res.Move
}

// limitOf is the time the reply may take as the manager measures it, and
// whether there is one: movetime, a share of the clock, or the level's
// budget when the go names no limit.
func (s *session) limitOf(req core.AIRequest, movetime, clock, inc, movesToGo int64) (limit, bool) {
	ms := time.Millisecond
	switch {
	case movetime >= 0:
		return limit{use: time.Duration(movetime) * ms, hard: time.Duration(movetime) * ms}, true
	case clock >= 0:
		return clockLimit(clock, inc, movesToGo), true
	case req.Depth > 0 || req.Nodes > 0 || req.Infinite:
		return limit{}, false
	}
	lv, err := core.FindLevel(s.game.Levels(), s.level)
	if err != nil {
		levels := s.game.Levels()
		lv = levels[len(levels)-1]
	}
	if lv.Budget <= 0 {
		return limit{}, false
	}
	return limit{use: lv.Budget, hard: lv.Budget}, true
}

// endOfInput ends the conversation: a timed search still answers, an
// infinite one is stopped (nobody is left to send stop).
func (s *session) endOfInput() {
	if s.cur != nil && !s.cur.infinite {
		<-s.cur.done
	}
	s.stopSearch()
}

// stopSearch cancels a running search and waits for its bestmove line.
func (s *session) stopSearch() {
	r := s.cur
	if r == nil {
		return
	}
	s.cur = nil
	r.cancel()
	close(r.release)
	<-r.done
}

// run is one search started by go: it writes the search's info lines and
// exactly one bestmove, from the search, the watchdog or stop, whichever
// comes first.
type run struct {
	cancel   context.CancelFunc
	release  chan struct{} // closed by stop: an infinite search may answer
	done     chan struct{} // closed when the search goroutine has ended
	infinite bool
	out      *lockedWriter
	fallback func() string

	mu       sync.Mutex
	answered bool
	best     string // the first move of the deepest completed iteration
}

func (r *run) info(i core.SearchInfo) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.answered {
		return // nothing may follow the bestmove
	}
	if len(i.PV) > 0 {
		r.best = i.PV[0]
	}
	r.out.println("%s", InfoLine(i))
}

// answer writes the bestmove once: move, or the best known when it is "".
// It reports whether this call wrote it.
func (r *run) answer(move string) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.answered {
		return false
	}
	r.answered = true
	if move == "" {
		move = r.best
	}
	if move == "" {
		move = r.fallback()
	}
	r.out.println("bestmove %s", move)
	return true
}

// fallbackMove is the move to answer when the search gave none in time:
// the move the last search's PV predicted for this position, else the
// first legal move.
func fallbackMove(pos core.Position, memo answerMemo) (move string) {
	defer func() {
		if recover() != nil {
			move = "0000"
		}
	}()
	if m := predicted(pos, memo); m != "" {
		return m
	}
	if moves := pos.Moves(); len(moves) > 0 {
		return moves[0]
	}
	return "0000"
}

// predicted replays the last PV through one round of moves (every player
// once) and returns its next move when that reaches pos.
func predicted(pos core.Position, memo answerMemo) string {
	n := pos.Players()
	if memo.root == nil || len(memo.pv) <= n {
		return ""
	}
	p := memo.root
	for _, m := range memo.pv[:n] {
		next, err := p.Play(m)
		if err != nil {
			return ""
		}
		p = next
	}
	if p.Hash() != pos.Hash() || p.String() != pos.String() {
		return ""
	}
	if _, err := pos.Play(memo.pv[n]); err != nil {
		return ""
	}
	return memo.pv[n]
}

// InfoLine formats an iteration as the protocol's info line.
func InfoLine(i core.SearchInfo) string {
	score := fmt.Sprintf("cp %d", i.Score)
	if i.Mate != 0 {
		moves := (abs(i.Mate) + 1) / 2
		if i.Mate < 0 {
			moves = -moves
		}
		score = fmt.Sprintf("mate %d", moves)
	}
	line := fmt.Sprintf("info depth %d score %s nodes %d nps %d time %d", i.Depth, score, i.Nodes, i.NPS(), i.Elapsed.Milliseconds())
	if len(i.PV) > 0 {
		line += " pv " + strings.Join(i.PV, " ")
	}
	return line
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
