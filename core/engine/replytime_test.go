package engine_test

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jumpers-game/jumpers/core"
	_ "github.com/jumpers-game/jumpers/core/ataxx"
	_ "github.com/jumpers-game/jumpers/core/chinesecheckers"
	_ "github.com/jumpers-game/jumpers/core/cube"
	"github.com/jumpers-game/jumpers/core/engine"
)

// The reply-time check, longer or against the real binary:
//
//	go build -o /tmp/jumpers-cli ./cmd/jumpers-cli
//	go test ./core/engine -run TestRepliesWithinLimit -v -replies 1000 -engine "/tmp/jumpers-cli %s engine"
var (
	replies   = flag.Int("replies", 0, "go movetime requests per game at 20 ms and at 100 ms in TestRepliesWithinLimit (0: 100 and 40)")
	engineCmd = flag.String("engine", "", "time this command instead of the engine run in the test; %s stands for the game")
)

// startEngine runs the game's engine in the test (or the -engine command)
// and returns a client to it.
func startEngine(t *testing.T, game string) *engine.Client {
	t.Helper()
	if *engineCmd != "" {
		c, err := engine.Start(context.Background(), fmt.Sprintf(*engineCmd, game))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		return c
	}
	g, err := core.Lookup(game)
	if err != nil {
		t.Fatal(err)
	}
	toEngine, engineIn := io.Pipe()
	fromEngine, engineOut := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- engine.Run(context.Background(), g, "", toEngine, engineOut)
		engineOut.Close()
	}()
	c, err := engine.NewClient(fromEngine, engineIn, game)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		c.Close()
		if err := <-done; err != nil {
			t.Error(err)
		}
	})
	return c
}

// skipTiming skips the timing checks where timing means nothing: under the
// race detector (several times slower than what managers run) and in
// short mode.
func skipTiming(t *testing.T) {
	t.Helper()
	if testing.Short() || raceEnabled {
		t.Skip("reply times are checked in a normal, full test run")
	}
}

// probe measures how late the machine wakes a sleeping goroutine: when it
// is overloaded, the scheduler, not the engine, decides when a reply is
// read, and a late reply then says nothing about the engine.
type probe struct {
	mu     sync.Mutex
	worst  time.Duration // since the last take
	delays []time.Duration
	stop   chan struct{}
	done   chan struct{}
}

func startProbe(t *testing.T) *probe {
	p := &probe{stop: make(chan struct{}), done: make(chan struct{})}
	go func() {
		defer close(p.done)
		for {
			select {
			case <-p.stop:
				return
			default:
			}
			start := time.Now()
			time.Sleep(time.Millisecond)
			late := time.Since(start) - time.Millisecond
			p.mu.Lock()
			p.worst = max(p.worst, late)
			p.delays = append(p.delays, late)
			p.mu.Unlock()
		}
	}()
	t.Cleanup(func() { close(p.stop); <-p.done })
	return p
}

// take returns the worst wake-up delay since the last take.
func (p *probe) take() time.Duration {
	p.mu.Lock()
	defer p.mu.Unlock()
	w := p.worst
	p.worst = 0
	return w
}

// summary describes the machine's wake-up delays so far.
func (p *probe) summary() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.delays) == 0 {
		return "no wake-ups"
	}
	return "the machine woke a 1 ms sleep late by: " + replyTimes(p.delays).count("sleeps")
}

// busyMachine is a wake-up delay that eats the margin a reply keeps.
const busyMachine = time.Millisecond

// timed runs ask (one go) and checks that its reply came within limitMS
// as a manager counts. It returns the reply and whether it was late. A late
// reply fails the test only when the engine is to blame: the machine showed
// no stall (busy is the probe's worst wake-up delay during the reply, and
// just after: a stall that ends with the reply shows in the probe's next
// wake-up) and the same request is late again twice. A busy machine delays
// one reply; an engine fault repeats.
func timed(t *testing.T, p *probe, limitMS int64, ask func() engine.Reply, format string, args ...any) (engine.Reply, bool) {
	t.Helper()
	p.take()
	first := ask()
	if managerMS(first.Elapsed) <= limitMS {
		return first, false
	}
	stalled := func() time.Duration {
		busy := p.take()
		time.Sleep(3 * time.Millisecond)
		return max(busy, p.take())
	}
	what := fmt.Sprintf(format, args...)
	for try := range 3 {
		if try > 0 {
			p.take()
			if r := ask(); managerMS(r.Elapsed) <= limitMS {
				t.Logf("not judged (in time, %v, when asked again): %s in %v", r.Elapsed, what, first.Elapsed)
				return first, true
			}
		}
		if overloaded() {
			// Twice the runnable work the cores take (a test run keeps
			// about one job a core): the scheduler can starve the engine's
			// process while this one's probe still wakes on time.
			t.Logf("not judged (load %s on %d cores): %s in %v", loadAverage(), runtime.NumCPU(), what, first.Elapsed)
			return first, true
		}
		if busy := stalled(); busy >= busyMachine {
			t.Logf("not judged (the machine delayed a 1 ms sleep by %v, load %s): %s in %v", busy, loadAverage(), what, first.Elapsed)
			return first, true
		}
	}
	t.Errorf("%s in %v, and late again twice when asked again", what, first.Elapsed)
	return first, true
}

// goer asks c for a move in position under args.
func goer(t *testing.T, c *engine.Client, position func() string, args string) func() engine.Reply {
	return func() engine.Reply {
		r, err := c.Go(position(), args, 5*time.Second)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
}

// managerMS is a reply time as tournament managers count it: whole
// milliseconds, truncated.
func managerMS(d time.Duration) int64 { return d.Milliseconds() }

type replyTimes []time.Duration

func (r replyTimes) summary() string { return r.count("replies") }

func (r replyTimes) count(noun string) string {
	s := slices.Clone(r)
	slices.Sort(s)
	q := func(f float64) float64 { return float64(s[int(f*float64(len(s)-1))].Microseconds()) / 1000 }
	return fmt.Sprintf("%d %s: median %.2f ms, p90 %.2f ms, p99 %.2f ms, max %.2f ms", len(s), noun, q(0.5), q(0.9), q(0.99), q(1))
}

// game drives one game's engine through whole games, restarting at the end.
type game struct {
	id    string
	start core.Position
	pos   core.Position
	plies int
}

func newGame(t *testing.T, id string) *game {
	g, err := core.Lookup(id)
	if err != nil {
		t.Fatal(err)
	}
	start, err := g.Start(core.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return &game{id: id, start: start, pos: start}
}

func (g *game) fen() string { return "fen " + g.pos.String() }

// play applies the engine's move; false when the game is over (it then
// starts again).
func (g *game) play(t *testing.T, move string) bool {
	t.Helper()
	next, err := g.pos.Play(move)
	if err != nil {
		t.Fatalf("%s: the engine played %q in %s: %v", g.id, move, g.pos, err)
	}
	g.pos, g.plies = next, g.plies+1
	if g.pos.Result().Over || g.plies >= 200 {
		g.pos, g.plies = g.start, 0
		return false
	}
	return true
}

// TestRepliesWithinLimit: from "go movetime N" to "bestmove", as a
// manager measures it, never more than N whole milliseconds.
func TestRepliesWithinLimit(t *testing.T) {
	skipTiming(t)
	for _, id := range []string{"cube", "ataxx", "chinesecheckers"} {
		t.Run(id, func(t *testing.T) {
			c := startEngine(t, id)
			g := newGame(t, id)
			busy := startProbe(t)
			limits := []struct{ ms, n int }{{20, 100}, {100, 40}}
			if *replies > 0 {
				limits[0].n, limits[1].n = *replies, *replies
			}
			for _, lim := range limits {
				var times replyTimes
				ask := goer(t, c, g.fen, fmt.Sprintf("movetime %d", lim.ms))
				for range lim.n {
					r, _ := timed(t, busy, int64(lim.ms), ask, "movetime %d answered (%s)", lim.ms, g.pos)
					times = append(times, r.Elapsed)
					if !g.play(t, r.Move) {
						if err := c.NewGame(); err != nil {
							t.Fatal(err)
						}
					}
				}
				late := 0
				for _, d := range times {
					if managerMS(d) > int64(lim.ms) {
						late++
					}
				}
				t.Logf("%s movetime %d: %s, %d over %d ms (load %s)", id, lim.ms, times.summary(), late, lim.ms, loadAverage())
			}
			t.Logf("load %s; %s", loadAverage(), busy.summary())
		})
	}
}

// TestFirstMoveInTime: the first move of a fresh engine (a fresh process
// with -engine) is in time too: what needs warming is warmed before
// readyok.
func TestFirstMoveInTime(t *testing.T) {
	skipTiming(t)
	n := 10
	if *replies > 0 {
		n = max(*replies/20, n)
	}
	for _, id := range []string{"cube", "ataxx", "chinesecheckers"} {
		t.Run(id, func(t *testing.T) {
			g := newGame(t, id)
			busy := startProbe(t)
			var times replyTimes
			fresh := func() engine.Reply {
				c := startEngine(t, id)
				defer c.Close()
				return goer(t, c, func() string { return "startpos" }, "movetime 20")()
			}
			for range n {
				r, _ := timed(t, busy, 20, fresh, "a fresh engine's first movetime 20 answered")
				times = append(times, r.Elapsed)
				if _, err := g.start.Play(r.Move); err != nil {
					t.Fatalf("first move %q: %v", r.Move, err)
				}
			}
			t.Logf("%s first moves at movetime 20: %s", id, times.summary())
		})
	}
}

// TestClockGamesNeverFlag plays each game against itself on a clock with
// a small increment, as a manager keeps it, and checks no move takes more
// than a tenth of the time left (so no side runs out); then asks for
// moves with 3 ms left and no increment.
func TestClockGamesNeverFlag(t *testing.T) {
	skipTiming(t)
	for _, id := range []string{"cube", "ataxx", "chinesecheckers"} {
		t.Run(id, func(t *testing.T) {
			c := startEngine(t, id)
			g := newGame(t, id)
			busy := startProbe(t)
			for _, tc := range []struct{ clock, inc int64 }{{1000, 10}, {200, 5}} {
				clocks := [2]int64{tc.clock, tc.clock}
				for {
					me := g.pos.ToMove() % 2
					// btime is the first player's clock.
					args := fmt.Sprintf("wtime %d btime %d winc %d binc %d", clocks[1], clocks[0], tc.inc, tc.inc)
					tenth := max(clocks[me]/10, 2) // the plan: a tenth, at least 2 ms for depth 1
					r, late := timed(t, busy, tenth, goer(t, c, g.fen, args), "%s: more than a tenth of the %d ms left", args, clocks[me])
					if late {
						break
					}
					clocks[me] += tc.inc - managerMS(r.Elapsed)
					if !g.play(t, r.Move) {
						break
					}
				}
				if err := c.NewGame(); err != nil {
					t.Fatal(err)
				}
			}
			// Little time and no increment: answer at once, never a flag.
			var times replyTimes
			ask := goer(t, c, g.fen, "wtime 3 btime 3")
			for i := range 30 {
				r, _ := timed(t, busy, 3, ask, "3 ms left: answered (%s, move %d)", g.pos, i)
				times = append(times, r.Elapsed)
				g.play(t, r.Move)
			}
			t.Logf("%s with 3 ms left: %s", id, times.summary())
		})
	}
}

// overloaded tells whether the last minute's load average exceeds twice
// the number of cores (false where the system does not say).
func overloaded() bool {
	f := loadFields()
	if len(f) < 3 {
		return false
	}
	load, err := strconv.ParseFloat(f[0], 64)
	return err == nil && load > float64(2*runtime.NumCPU())
}

func loadAverage() string {
	f := loadFields()
	if len(f) < 3 {
		return "unknown on " + runtime.GOOS
	}
	return strings.Join(f[:3], " ")
}

// loadFields are the fields of /proc/loadavg (nil where there is none).
func loadFields() []string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return nil
	}
	return strings.Fields(string(b))
}
