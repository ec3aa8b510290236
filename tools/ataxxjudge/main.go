// Command ataxxjudge has an engine judge the moves of recorded Ataxx games
// (what `jumpers-cli arena --record FILE` writes): for each position of
// the chosen phase, the judge searches it (its best move and score) and,
// where the move played was another, the position after the move played;
// the drop is what the move played lost by the judge's measure. It prints,
// by band of empty squares and for each player (A, the arena's first
// engine, and B), how many moves were judged, the share that were not the
// judge's choice, the mean drop and the share of drops of 100 or more.
//
// Judged move by move, a few thousand positions tell where in the game an
// engine loses to a stronger one far more finely than as many games' results
// do ("Where our moves lose" in docs/benchmarks-ataxx.md). The judge judges
// its own moves too, so B's figures, when B is the judge, are a floor, not
// a fair comparison.
//
//	go run ./tools/ataxxjudge -judge /tmp/engines/zataxx-bin -nodes 1000000 \
//	    -empties 12-31 -lost -games 40 -workers 2 zat100.rec
//
// Each search starts from a new game (uainewgame), so a judge that is
// deterministic at a node count gives the same figures on every run.
// Positions the judge scores beyond -decided (a won or lost game) are left
// out; -v prints every judged position.
//
// With -play the record's positions become a test suite: a candidate
// engine chooses its move in each (under -play-go, with -play-opt
// options) and the judge judges that move instead of the one played, so
// two settings of one engine are compared on the same positions. -cache
// keeps the judge's answers between runs (play.go).
//
//	go run ./tools/ataxxjudge -judge /tmp/engines/zataxx-bin -empties 12-30 \
//	    -games 60 -player A -workers 2 -play "jumpers-cli ataxx uai" \
//	    -play-go "nodes 150000" -cache judge.cache -v zat100.rec
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"math/bits"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/jumpers-game/jumpers/core/ataxx"
	"github.com/jumpers-game/jumpers/core/engine"
	"github.com/jumpers-game/jumpers/core/record"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// options are the command's flags.
type options struct {
	judge    string
	nodes    int64
	lo, hi   int // empty squares
	lost     bool
	games    int
	workers  int
	decided  int
	bigDrop  int
	verbose  bool
	bandSize int
	player   string
	play     string
	playOpts optionList
	playGo   string
	cache    string
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("ataxxjudge", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var o options
	fs.StringVar(&o.judge, "judge", "", "the judging engine's command (an Ataxx UAI engine)")
	fs.Int64Var(&o.nodes, "nodes", 1_000_000, "the judge's nodes a search")
	empties := fs.String("empties", "12-31", "judge the positions with this many empty squares, LO-HI")
	fs.BoolVar(&o.lost, "lost", false, "only the games A lost")
	fs.IntVar(&o.games, "games", 0, "judge at most this many games (after -lost; 0: all)")
	fs.IntVar(&o.workers, "workers", 1, "judges searching at once")
	fs.IntVar(&o.decided, "decided", 2000, "leave out positions the judge scores beyond this (either side)")
	fs.IntVar(&o.bigDrop, "big", 100, "a drop of at least this is counted as big")
	fs.IntVar(&o.bandSize, "band", 4, "empty squares a row of the table")
	fs.BoolVar(&o.verbose, "v", false, "print every judged position")
	fs.StringVar(&o.player, "player", "", "only the positions where this player (A or B) moved")
	fs.StringVar(&o.play, "play", "", "a candidate engine's command: it chooses the moves judged, in the record's positions")
	fs.Var(&o.playOpts, "play-opt", "an option NAME=VALUE for the -play engine (repeatable)")
	fs.StringVar(&o.playGo, "play-go", "movetime 100", "the -play engine's go arguments")
	fs.StringVar(&o.cache, "cache", "", "keep the judge's answers in this file and reuse them")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	var err error
	o.lo, o.hi, err = parseRange(*empties)
	switch {
	case err != nil:
	case o.judge == "":
		err = errors.New("-judge is required")
	case fs.NArg() == 0:
		err = errors.New("give one or more record files")
	case o.nodes <= 0 || o.workers <= 0 || o.bandSize <= 0 || o.games < 0:
		err = errors.New("-nodes, -workers and -band must be positive, -games not negative")
	case o.player != "" && o.player != "A" && o.player != "B":
		err = fmt.Errorf("-player %q is not A or B", o.player)
	}
	if err != nil {
		fmt.Fprintln(stderr, "ataxxjudge:", err)
		return 2
	}
	var moves []playedMove
	games := 0
	for _, path := range fs.Args() {
		data, err := os.ReadFile(path)
		if err == nil {
			var recs []record.Game
			if recs, err = record.ReadAll(string(data)); err == nil {
				moves, err = selectMoves(moves, recs, o, &games)
			}
		}
		if err != nil {
			fmt.Fprintf(stderr, "ataxxjudge: %s: %v\n", path, err)
			return 1
		}
	}
	if o.player != "" {
		kept := moves[:0]
		for _, m := range moves {
			if m.player == o.player {
				kept = append(kept, m)
			}
		}
		moves = kept
	}
	if o.play != "" {
		choosers, closeAll, err := startChoosers(o.play, o.playOpts, o.playGo, o.workers)
		if err == nil {
			err = playAll(moves, choosers)
			closeAll()
		}
		if err != nil {
			fmt.Fprintln(stderr, "ataxxjudge: -play:", err)
			return 1
		}
	}
	var cache *judgeCache
	if o.cache != "" {
		if cache, err = openJudgeCache(o.cache); err != nil {
			fmt.Fprintln(stderr, "ataxxjudge:", err)
			return 1
		}
		defer cache.Close()
	}
	judges := make([]judge, o.workers)
	for i := range judges {
		c, err := engine.Start(context.Background(), o.judge)
		if err != nil {
			fmt.Fprintln(stderr, "ataxxjudge:", err)
			return 1
		}
		defer c.Close()
		judges[i] = uaiJudge(c, o.nodes)
		if cache != nil {
			judges[i] = cache.wrap(judges[i])
		}
	}
	verdicts, err := judgeAll(moves, judges)
	if err != nil {
		fmt.Fprintln(stderr, "ataxxjudge:", err)
		return 1
	}
	if o.verbose {
		for _, v := range verdicts {
			fmt.Fprintf(stdout, "game %d\t%d empty\t%s\t%s\tplayed %s\tbest %s\t%d\t%d\n",
				v.game, v.empties, v.player, v.fen, v.played, v.best, v.before, v.after)
		}
	}
	report(stdout, verdicts, o)
	return 0
}

// parseRange reads "LO-HI" (or one number).
func parseRange(s string) (lo, hi int, err error) {
	a, b, ok := strings.Cut(s, "-")
	if !ok {
		b = a
	}
	lo, err1 := strconv.Atoi(strings.TrimSpace(a))
	hi, err2 := strconv.Atoi(strings.TrimSpace(b))
	if err1 != nil || err2 != nil || lo < 0 || hi < lo || hi > ataxx.Squares {
		return 0, 0, fmt.Errorf("-empties %q is not LO-HI with 0 <= LO <= HI <= %d", s, ataxx.Squares)
	}
	return lo, hi, nil
}

// playedMove is a position of a recorded game and the move played there.
type playedMove struct {
	game    int // 1-based over the selected games
	player  string
	empties int
	fen     string
	played  string
}

// selectMoves appends the moves of recs that o selects (passes are not
// choices and are left out), replaying each game through the rules; games
// counts the games selected so far, over every file.
func selectMoves(dst []playedMove, recs []record.Game, o options, games *int) ([]playedMove, error) {
	for _, g := range recs {
		if o.games > 0 && *games >= o.games {
			break
		}
		seat, err := seatOfA(g)
		if err != nil {
			return nil, fmt.Errorf("game at line %d: %v", g.Line, err)
		}
		lostByA := g.Result == []string{"0-1", "1-0"}[seat]
		if o.lost && !lostByA {
			continue
		}
		rules, err := ataxx.ParseRules(g.Record.Rules)
		if err != nil {
			return nil, fmt.Errorf("game at line %d: %v", g.Line, err)
		}
		pos, err := ataxx.ParseFEN(g.Record.Start, rules)
		if err != nil {
			return nil, fmt.Errorf("game at line %d: %v", g.Line, err)
		}
		*games++
		for i, text := range g.Record.Moves {
			m, err := ataxx.ParseMove(text)
			if err != nil {
				return nil, fmt.Errorf("game at line %d, move %d %q: %v", g.Line, i+1, text, err)
			}
			empties := bits.OnesCount64(pos.Empty())
			if m != ataxx.Pass && empties >= o.lo && empties <= o.hi {
				player := "B"
				if pos.ToMove() == seat {
					player = "A"
				}
				dst = append(dst, playedMove{game: *games, player: player, empties: empties, fen: pos.FEN(), played: m.String()})
			}
			if pos, err = pos.PlayMove(m); err != nil {
				return nil, fmt.Errorf("game at line %d, move %d %q: %v", g.Line, i+1, text, err)
			}
		}
	}
	return dst, nil
}

// seatOfA is the index (0: x, who moves first) of A's seat: the record's
// SeatA tag, as the arena writes it.
func seatOfA(g record.Game) (int, error) {
	for _, t := range g.Tags {
		if t.Name == "SeatA" {
			switch t.Value {
			case "1":
				return 0, nil
			case "2":
				return 1, nil
			}
			return 0, fmt.Errorf("SeatA %q is not 1 or 2", t.Value)
		}
	}
	return 0, errors.New("no SeatA tag: not an arena record")
}

// judge searches the position fen after moves and returns its best move
// and its score for the side to move there.
type judge func(fen string, moves []string) (best string, score int, err error)

// uaiJudge is a judge that asks an engine for nodes nodes a search, each
// from a new game.
func uaiJudge(c *engine.Client, nodes int64) judge {
	return func(fen string, moves []string) (string, int, error) {
		if err := c.NewGame(); err != nil {
			return "", 0, err
		}
		position := "fen " + fen
		if len(moves) > 0 {
			position += " moves " + strings.Join(moves, " ")
		}
		r, err := c.Go(position, fmt.Sprintf("nodes %d", nodes), judgeWait)
		if err != nil {
			return "", 0, err
		}
		score, ok := lastScore(r.Info)
		if !ok {
			return "", 0, fmt.Errorf("engine %q gave no score for %s", c.Name, position)
		}
		return r.Move, score, nil
	}
}

// judgeWait is how long a judge's search may take before it is stopped:
// minutes are far more than the node counts worth judging with need.
const judgeWait = 5 * time.Minute

// lastScore is the score of the last info line that has one: "score cp N"
// (ours) or "score N" (Zataxx). A mate score has no number of this kind.
func lastScore(info []string) (int, bool) {
	for i := len(info) - 1; i >= 0; i-- {
		f := strings.Fields(info[i])
		for k := 0; k+1 < len(f); k++ {
			if f[k] != "score" {
				continue
			}
			v := f[k+1]
			if v == "cp" && k+2 < len(f) {
				v = f[k+2]
			}
			if n, err := strconv.Atoi(v); err == nil {
				return n, true
			}
		}
	}
	return 0, false
}

// verdict is the judge's word on one played move.
type verdict struct {
	playedMove
	best          string
	before, after int // the judge's score of the position, and of the move played, for the mover
}

func (v verdict) drop() int { return v.before - v.after }

// judgeAll has the judges (one goroutine each) judge every move, in order.
func judgeAll(moves []playedMove, judges []judge) ([]verdict, error) {
	out := make([]verdict, len(moves))
	err := inParallel(len(moves), len(judges), func(w, i int) error {
		v, err := judgeOne(moves[i], judges[w])
		if err != nil {
			return fmt.Errorf("game %d, %s: %v", moves[i].game, moves[i].fen, err)
		}
		out[i] = v
		return nil
	})
	return out, err
}

// inParallel calls do(w, i) for every i below n, each on one of workers
// goroutines (w numbers the goroutine), and returns the first error; no
// new call starts after one.
func inParallel(n, workers int, do func(w, i int) error) error {
	var (
		wg    sync.WaitGroup
		mu    sync.Mutex
		next  int
		first error
	)
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				mu.Lock()
				i := next
				next++
				stop := i >= n || first != nil
				mu.Unlock()
				if stop {
					return
				}
				if err := do(w, i); err != nil {
					mu.Lock()
					if first == nil {
						first = err
					}
					mu.Unlock()
				}
			}
		}()
	}
	wg.Wait()
	return first
}

func judgeOne(m playedMove, j judge) (verdict, error) {
	best, before, err := j(m.fen, nil)
	if err != nil {
		return verdict{}, err
	}
	v := verdict{playedMove: m, best: best, before: before, after: before}
	if best != m.played {
		_, reply, err := j(m.fen, []string{m.played})
		if err != nil {
			return verdict{}, err
		}
		v.after = -reply
	}
	return v, nil
}

// band is one row of the table for one player.
type band struct {
	moves, other, big int
	drop              int
}

// report prints the table: a row per band of empty squares, most first.
func report(w io.Writer, verdicts []verdict, o options) {
	rows := map[[2]int]*band{} // (band's low end, player 0 A 1 B)
	var all [2]meanOf
	left := 0
	for _, v := range verdicts {
		if abs(v.before) > o.decided {
			left++
			continue
		}
		low := o.lo + (v.empties-o.lo)/o.bandSize*o.bandSize
		p := 0
		if v.player == "B" {
			p = 1
		}
		b := rows[[2]int{low, p}]
		if b == nil {
			b = &band{}
			rows[[2]int{low, p}] = b
		}
		b.moves++
		b.drop += v.drop()
		all[p].add(float64(v.drop()))
		if v.played != v.best {
			b.other++
		}
		if v.drop() >= o.bigDrop {
			b.big++
		}
	}
	fmt.Fprintf(w, "%d moves judged, %d left out as decided (|score| > %d)\n\n", len(verdicts)-left, left, o.decided)
	fmt.Fprintf(w, "| empty squares | A: moves | not the judge's | mean drop | drops >= %d | B: moves | not the judge's | mean drop | drops >= %d |\n", o.bigDrop, o.bigDrop)
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|---|---|")
	for low := o.lo + (o.hi-o.lo)/o.bandSize*o.bandSize; low >= o.lo; low -= o.bandSize {
		high := min(low+o.bandSize-1, o.hi)
		fmt.Fprintf(w, "| %d–%d |", low, high)
		for p := range 2 {
			b := rows[[2]int{low, p}]
			if b == nil || b.moves == 0 {
				fmt.Fprint(w, " 0 | | | |")
				continue
			}
			n := float64(b.moves)
			fmt.Fprintf(w, " %d | %.0f%% | %.1f | %.1f%% |", b.moves, 100*float64(b.other)/n, float64(b.drop)/n, 100*float64(b.big)/n)
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintln(w)
	for p, name := range []string{"A", "B"} {
		if all[p].n > 0 {
			mean, half := all[p].interval()
			fmt.Fprintf(w, "%s: %d moves, mean drop %.1f ± %.1f (95%%)\n", name, all[p].n, mean, half)
		}
	}
}

// meanOf gathers a sample for its mean and the half-width of its 95%
// interval.
type meanOf struct {
	n          int
	sum, sumSq float64
}

func (m *meanOf) add(x float64) { m.n++; m.sum += x; m.sumSq += x * x }

func (m meanOf) interval() (mean, half float64) {
	mean = m.sum / float64(m.n)
	if m.n < 2 {
		return mean, math.Inf(1)
	}
	variance := (m.sumSq - float64(m.n)*mean*mean) / float64(m.n-1)
	return mean, 1.96 * math.Sqrt(max(variance, 0)/float64(m.n))
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
