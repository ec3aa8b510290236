// Package engine speaks the line-based engine protocol of Jumpers, shaped
// like UAI so that one harness (a tournament manager, our arena) drives all
// three games: uai, isready, uainewgame, setoption, position, go, stop,
// quit. Run is the engine side; Client (client.go) is the harness side.
//
// The search runs in its own goroutine so that "stop" and "isready" are
// answered while it thinks; "stop" returns the best move found so far at
// once. A malformed line answers "info string error: ..." and the engine
// keeps running.
package engine

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/jumpers-game/jumpers/core"
)

// session is the state of one protocol conversation.
type session struct {
	ctx   context.Context
	game  core.Game
	rules string
	out   *lockedWriter

	opts   core.Options
	level  string
	style  string
	hashMB int
	seed   int64

	// defaults are the options the session started with, the defaults the
	// uai listing names (the rule set given to Run, the game's others).
	defaults core.Options

	pos core.Position

	search   sync.WaitGroup
	cancel   context.CancelFunc
	searchMu sync.Mutex
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
func Run(ctx context.Context, g core.Game, rules string, in io.Reader, out io.Writer) error {
	if rules == "" {
		rules = g.RuleSets()[0]
	}
	s := &session{ctx: ctx, game: g, rules: rules, out: &lockedWriter{w: out}, seed: time.Now().UnixNano()}
	s.opts = core.DefaultOptions(g)
	s.opts.Rules = rules
	s.defaults = s.opts
	if err := s.setStart(); err != nil {
		return err
	}
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	defer s.stopSearch()
	for sc.Scan() {
		if ctx.Err() != nil {
			return nil
		}
		if quit := s.handle(strings.TrimSpace(sc.Text())); quit {
			return nil
		}
	}
	// End of input: let a running search finish its answer, as a pipe
	// closed after "go" still expects the bestmove.
	s.search.Wait()
	return nil
}

func (s *session) setStart() error {
	pos, err := s.game.Start(s.opts)
	if err != nil {
		return err
	}
	s.pos = pos
	return nil
}

func (s *session) errorf(format string, args ...any) {
	s.out.println("info string error: "+format, args...)
}

// handle runs one command line; it returns true for quit.
func (s *session) handle(line string) bool {
	fields := strings.Fields(line)
	if len(fields) == 0 {
		return false
	}
	switch fields[0] {
	case "uai", "uci":
		s.out.println("id name Jumpers %s", s.game.Name())
		s.out.println("id author the Jumpers developers")
		s.out.println("option name Hash type spin default 16 min 1 max 4096")
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
		s.out.println("uaiok")
	case "isready":
		s.out.println("readyok")
	case "uainewgame", "ucinewgame":
		s.stopSearch()
		if err := s.setStart(); err != nil {
			s.errorf("%v", err)
		}
	case "setoption":
		s.setOption(fields[1:])
	case "position":
		s.stopSearch()
		s.position(fields[1:])
	case "go":
		s.goCommand(fields[1:])
	case "stop":
		s.stopSearch()
	case "quit":
		s.stopSearch()
		return true
	case "d", "show":
		s.out.println("info string position %s", s.pos.String())
	default:
		s.errorf("unknown command %q", fields[0])
	}
	return false
}

// setOption reads "name NAME value V" (names may not contain spaces here).
func (s *session) setOption(f []string) {
	if len(f) < 2 || f[0] != "name" {
		s.errorf("setoption: expected 'setoption name NAME value V'")
		return
	}
	name := f[1]
	value := ""
	if len(f) >= 4 && f[2] == "value" {
		value = strings.Join(f[3:], " ")
	} else if len(f) != 2 {
		s.errorf("setoption: expected 'value' after the name")
		return
	}
	switch strings.ToLower(name) {
	case "hash":
		n, err := strconv.Atoi(value)
		if err != nil || n < 1 || n > 4096 {
			s.errorf("setoption Hash: %q is not a size in MB (1 to 4096)", value)
			return
		}
		s.hashMB = n
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
	default:
		s.setGameOption(name, value)
	}
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
		s.rules = opts.Rules
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
			err = fmt.Errorf("position %q: %w", text, err)
		}
	default:
		s.errorf("position: expected startpos or fen, not %q", f[0])
		return
	}
	if err != nil {
		s.errorf("%v", err)
		return
	}
	if len(rest) > 0 {
		if rest[0] != "moves" {
			s.errorf("position: expected 'moves', not %q", rest[0])
			return
		}
		for i, m := range rest[1:] {
			next, err := pos.Play(m)
			if err != nil {
				s.errorf("position: move %d %q: %v", i+1, m, err)
				return
			}
			pos = next
		}
	}
	s.pos = pos
}

// goCommand starts a search in its own goroutine.
func (s *session) goCommand(f []string) {
	s.stopSearch()
	req := core.AIRequest{Level: s.level, Style: s.style, HashMB: s.hashMB, Seed: s.seed}
	var clock, inc, movesToGo int64 = -1, 0, 0
	me := s.pos.ToMove()
	for i := 0; i < len(f); i++ {
		key := f[i]
		if key == "infinite" {
			req.Infinite = true
			continue
		}
		if i+1 >= len(f) {
			s.errorf("go: %s needs a number", key)
			return
		}
		n, err := strconv.ParseInt(f[i+1], 10, 64)
		if err != nil || n < 0 {
			s.errorf("go: %s %q is not a number", key, f[i+1])
			return
		}
		i++
		switch key {
		case "movetime":
			req.MoveTime = time.Duration(n) * time.Millisecond
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
			s.errorf("go: unknown parameter %q", key)
			return
		}
	}
	if clock >= 0 && req.MoveTime == 0 {
		req.MoveTime = allocate(clock, inc, movesToGo)
	}
	pos := s.pos
	if pos.Result().Over {
		s.out.println("bestmove 0000")
		return
	}
	ctx, cancel := context.WithCancel(s.ctx)
	s.searchMu.Lock()
	s.cancel = cancel
	s.searchMu.Unlock()
	req.Info = func(info core.SearchInfo) {
		s.out.println("%s", InfoLine(info))
	}
	s.search.Add(1)
	go func() {
		defer s.search.Done()
		defer cancel()
		res, err := s.game.BestMove(ctx, pos, req)
		if err != nil || res.Move == "" {
			moves := pos.Moves()
			if len(moves) == 0 {
				s.out.println("bestmove 0000")
				return
			}
			res.Move = moves[0]
		}
		s.out.println("bestmove %s", res.Move)
	}()
}

// allocate turns a clock into a move time: a share of what is left plus
// most of the increment, with a safety margin for the pipe and the GUI.
func allocate(clock, inc, movesToGo int64) time.Duration {
	if movesToGo <= 0 {
		movesToGo = 30
	}
	ms := clock/movesToGo + inc*3/4
	if limit := clock / 3; ms > limit {
		ms = limit
	}
	ms -= 30
	if ms < 5 {
		ms = 5
	}
	return time.Duration(ms) * time.Millisecond
}

// stopSearch cancels a running search and waits for its bestmove line.
func (s *session) stopSearch() {
	s.searchMu.Lock()
	cancel := s.cancel
	s.cancel = nil
	s.searchMu.Unlock()
	if cancel != nil {
		cancel()
	}
	s.search.Wait()
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
