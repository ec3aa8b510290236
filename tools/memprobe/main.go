// Command memprobe measures the memory the app's searches leave behind: it
// plays a scripted session through the games' public API as the app asks
// for moves (core.Game.BestMove: the computer's move with the settings'
// threads, then a hint with one thread, the app's requests) for every
// game, board size class, level and style, and prints the process's
// resident memory after it, once Go has collected its garbage and returned
// the free pages to the system (runtime.GC, debug.FreeOSMemory; VmRSS of
// /proc/self/status), with the peak (VmHWM) and what the search tables hold.
//
//	go run ./tools/memprobe                  # the mixed session of docs/benchmarks.md
//	go run ./tools/memprobe -level Expert -threads 4
//	go run ./tools/memprobe -movetime 100ms  # shorter searches (the tables fill less)
//
// With -engine GAME it measures the engine instead: it starts
// "CLI GAME engine" (-cli, default jumpers-cli on the PATH), sets Hash
// (-hash, default 16), plays two moves from the start of every size (or
// layout, or player count) at every level and style through the engine
// protocol, each at the level's own budget, and prints the engine
// process's VmRSS (and VmHWM) from /proc/PID/status:
//
//	go build -o /tmp/jumpers-cli ./cmd/jumpers-cli
//	go run ./tools/memprobe -engine cube -cli /tmp/jumpers-cli
//
// It reads /proc: Linux (and Android) only.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"github.com/jumpers-game/jumpers/core"
	_ "github.com/jumpers-game/jumpers/core/ataxx"
	_ "github.com/jumpers-game/jumpers/core/chinesecheckers"
	_ "github.com/jumpers-game/jumpers/core/cube"
	"github.com/jumpers-game/jumpers/core/search"
)

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			os.Exit(0)
		}
		fmt.Fprintln(os.Stderr, "memprobe:", err)
		os.Exit(1)
	}
}

// sizeClasses are the options of each game the session plays: every board
// size class (the cube's small boards take their own tables) and player
// count.
var sizeClasses = map[string][]core.Options{
	"cube":            {size(5), size(7), size(10), size(15)},
	"ataxx":           {core.Options{}.With(core.OptLayout, "standard")},
	"chinesecheckers": {players(2), players(3), players(4), players(6)},
}

func size(n int) core.Options    { return core.Options{}.WithInt(core.OptSize, n) }
func players(n int) core.Options { return core.Options{}.WithInt(core.OptPlayers, n) }

func run(args []string, out io.Writer) error {
	fl := flag.NewFlagSet("memprobe", flag.ContinueOnError)
	level := fl.String("level", "", "play only this level (default: every level)")
	threads := fl.Int("threads", 4, "threads of the computer's moves (the app's settings; hints take one)")
	movetime := fl.Duration("movetime", 0, "time of each search (default: the level's own budget)")
	games := fl.String("games", "cube,ataxx,chinesecheckers", "games to play, comma-separated")
	budget := fl.Int("budget", 0, "memory budget of the search tables in MB (default: the app's)")
	verbose := fl.Bool("v", false, "print the memory after each game and option")
	engineGame := fl.String("engine", "", "measure the engine of this game instead (see -cli, -hash)")
	cli := fl.String("cli", "jumpers-cli", "the jumpers-cli binary whose engine -engine runs")
	hash := fl.Int("hash", 16, "the engine's Hash option (MB)")
	if err := fl.Parse(args); err != nil {
		return err
	}
	if *engineGame != "" {
		return sweepEngine(out, *cli, *engineGame, *hash, *verbose)
	}
	if *budget > 0 {
		search.SetMemoryBudget(*budget)
	}
	start := time.Now()
	searches := 0
	for _, id := range strings.Split(*games, ",") {
		g, err := core.Lookup(id)
		if err != nil {
			return err
		}
		for _, o := range sizeClasses[id] {
			opts := core.DefaultOptions(g)
			for _, name := range o.Names() {
				opts = opts.With(name, o.Text(name))
			}
			n, err := session(g, opts, *level, *threads, *movetime)
			if err != nil {
				return fmt.Errorf("%s %+v: %w", id, opts, err)
			}
			searches += n
			if *verbose {
				fmt.Fprintf(out, "%s %s: %s\n", id, optionText(opts), memory())
			}
		}
	}
	fmt.Fprintf(out, "%d searches in %s\n", searches, time.Since(start).Round(time.Second))
	fmt.Fprintf(out, "after the session: %s\n", memory())
	search.ReleaseIdle()
	fmt.Fprintf(out, "after ReleaseIdle (the app in the background): %s\n", memory())
	return nil
}

// session plays, from the start position of opts, for every level (or the
// one named) and style: the computer's move at that level and style, then
// a hint at the same level and style for the next player, as the app asks
// for them. A finished game starts again.
func session(g core.Game, opts core.Options, onlyLevel string, threads int, movetime time.Duration) (int, error) {
	start, err := g.Start(opts)
	if err != nil {
		return 0, err
	}
	pos := start
	n := 0
	for _, lv := range g.Levels() {
		if onlyLevel != "" && !strings.EqualFold(lv.Name, onlyLevel) {
			continue
		}
		for _, style := range g.Styles() {
			for _, hint := range []bool{false, true} {
				if pos.Result().Over {
					pos = start
				}
				req := core.AIRequest{Level: lv.Name, Style: style, Seed: int64(n), MoveTime: movetime, Threads: threads}
				if hint {
					req.Threads = 1
				}
				budget := lv.Budget
				if movetime > 0 {
					budget = movetime
				}
				if budget <= 0 {
					budget = time.Second
				}
				ctx, cancel := context.WithTimeout(context.Background(), budget+time.Second)
				res, err := g.BestMove(ctx, pos, req)
				cancel()
				if err != nil {
					return n, fmt.Errorf("%s/%s: %w", lv.Name, style, err)
				}
				n++
				if !hint {
					if pos, err = pos.Play(res.Move); err != nil {
						return n, err
					}
				}
			}
		}
	}
	return n, nil
}

func optionText(o core.Options) string {
	switch {
	case o.Int(core.OptSize) > 0:
		return "size " + o.Text(core.OptSize)
	case o.Int(core.OptPlayers) > 0:
		return o.Text(core.OptPlayers) + " players"
	}
	return "layout " + o.Text(core.OptLayout)
}

// memory is the process's resident memory once the garbage is collected
// and the free pages returned, its peak, and the search tables' share.
func memory() string {
	runtime.GC()
	debug.FreeOSMemory()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return fmt.Sprintf("VmRSS %.1f MB, VmHWM %.1f MB, search tables %.1f MB (budget %d MB), Go heap in use %.1f MB",
		status("VmRSS"), status("VmHWM"), float64(search.TableMemory())/(1<<20), search.MemoryBudget()>>20, float64(ms.HeapInuse)/(1<<20))
}

// status reads a field of /proc/self/status, in MB (-1 if absent).
func status(field string) float64 { return procStatus(os.Getpid(), field) }

// procStatus reads a field of /proc/PID/status, in MB (-1 if absent).
func procStatus(pid int, field string) float64 {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		return -1
	}
	for _, l := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(l, field+":"); ok {
			f := strings.Fields(rest)
			if kb, err := strconv.ParseFloat(f[0], 64); err == nil {
				return kb / 1024
			}
		}
	}
	return -1
}
