// Command ccstats reads a file of two-player Chinese Checkers game records
// (what `jumpers-cli arena --record FILE` writes) and prints, for arena
// player A and player B separately, the race figures of issue 10: the
// median ply at which a player's home (its own start arm) holds none of its
// own pieces, the games in which that never happens, the mean number of its
// pieces still in its home at ply 40, its win share, and the mean game
// length. With --pace, for any number of players: the own moves A and
// the other seats took to get home from the first time they had at most
// T holes to go (--from T,T,...), and how often A got home first. With
// --fit, any number of players: what a piece costs in own moves still to
// play, by its distance to the target's tip (fit.go).
//
//	go run ./tools/ccstats match.pgn
//	go run ./tools/ccstats match.pgn -markdown          # the table of docs/benchmarks-chinesecheckers.md
//	go run ./tools/ccstats games.pgn --player Expert    # A = the seat named Expert
//	go run ./tools/ccstats six.pgn --pace --from 100,40,10
//	go run ./tools/ccstats games.pgn --fit
//
// Which seat A had comes from each record's SeatA tag (the arena's seat
// alternates), or with --player NAME from the seat whose tag names NAME.
// Every game is replayed through the rules (core/record, core/chinesecheckers).
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/jumpers-game/jumpers/core/record"
	"github.com/jumpers-game/jumpers/storage"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run is main without the process: it returns the exit status (2 for bad
// input, with one error line).
func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("ccstats", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: ccstats FILE [--player NAME] [--ply N | --pace [--from T,T,...] | --fit] [-markdown]")
		fs.PrintDefaults()
	}
	player := fs.String("player", "", "player A is the seat whose name tag is NAME (default: each record's SeatA tag)")
	atPly := fs.Int("ply", 40, "count the pieces still at home at this ply")
	markdown := fs.Bool("markdown", false, "print a markdown table")
	pace := fs.Bool("pace", false, "the race's pace, for any number of players: own moves to get home from each distance to go")
	fit := fs.Bool("fit", false, "for any number of players: fit the own moves a player still played to where its pieces stood")
	fromList := fs.String("from", "", "with --pace: the distances to go, comma-separated (default 100,60,40,20,10)")
	// FILE may come before the flags, as the usage writes it.
	var file string
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		file, args = args[0], args[1:]
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if file == "" && fs.NArg() > 0 {
		file = fs.Arg(0)
		if err := fs.Parse(fs.Args()[1:]); err != nil {
			return 2
		}
	}
	fail := func(err error) int {
		fmt.Fprintf(stderr, "error: %v\n", err)
		return 2
	}
	if file == "" || fs.NArg() > 0 {
		return fail(errors.New("give one FILE of game records"))
	}
	if *atPly < 0 {
		return fail(fmt.Errorf("--ply %d: give 0 or more", *atPly))
	}
	dist := defaultPaceFrom
	if *fromList != "" {
		if !*pace {
			return fail(errors.New("--from goes with --pace"))
		}
		var err error
		if dist, err = parseDistances(*fromList); err != nil {
			return fail(fmt.Errorf("--from %s: %v", *fromList, err))
		}
	}
	if *fit && (*pace || *player != "") {
		return fail(errors.New("--fit goes alone (it uses every seat)"))
	}
	data, err := storage.ReadLimited(file, record.MaxSize)
	if err != nil {
		return fail(err)
	}
	games, err := record.ReadAll(string(data))
	if err != nil {
		return fail(fmt.Errorf("%s: %v", file, err))
	}
	var rep interface {
		text() string
		markdown() string
	}
	switch {
	case *fit:
		rep, err = raceFit(games)
	case *pace:
		rep, err = measurePace(games, *player, dist)
	default:
		rep, err = measure(games, *player, *atPly)
	}
	if err != nil {
		return fail(fmt.Errorf("%s: %v", file, err))
	}
	if *markdown {
		fmt.Fprint(stdout, rep.markdown())
	} else {
		fmt.Fprint(stdout, rep.text())
	}
	return 0
}

// parseDistances reads "100,40,10": distances to go, 0 or more each, at
// most 20 of them.
func parseDistances(s string) ([]int, error) {
	parts := strings.Split(s, ",")
	if len(parts) > 20 {
		return nil, errors.New("give at most 20 distances")
	}
	out := make([]int, len(parts))
	for i, f := range parts {
		v, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || v < 0 {
			return nil, fmt.Errorf("%q is not a distance (a whole number, 0 or more)", f)
		}
		out[i] = v
	}
	return out, nil
}
