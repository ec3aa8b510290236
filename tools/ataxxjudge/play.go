package main

// The suite mode: instead of judging the moves a game record holds, a
// candidate engine (-play) chooses its own move in each of the record's
// positions and the judge judges those. Two builds or settings of one
// engine then meet the same positions, and their mean drops compare far
// more finely than their match scores do (a few hundred positions instead
// of hundreds of games). The judge's searches are kept in a cache file
// (-cache): a second candidate pays only for the moves the first did not
// play.

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync"

	"github.com/jumpers-game/jumpers/core/engine"
)

// optionList is a repeatable NAME=VALUE flag.
type optionList [][2]string

func (l *optionList) String() string {
	parts := make([]string, len(*l))
	for i, o := range *l {
		parts[i] = o[0] + "=" + o[1]
	}
	return strings.Join(parts, ",")
}

func (l *optionList) Set(s string) error {
	name, value, ok := strings.Cut(s, "=")
	if !ok || strings.TrimSpace(name) == "" {
		return fmt.Errorf("%q is not NAME=VALUE", s)
	}
	*l = append(*l, [2]string{strings.TrimSpace(name), value})
	return nil
}

// chooser gives a candidate engine's move in a position.
type chooser func(fen string) (string, error)

// uaiChooser asks an engine for its move under goArgs ("movetime 100",
// "nodes 150000"), each position from a new game, as the judge does.
func uaiChooser(c *engine.Client, goArgs string) chooser {
	return func(fen string) (string, error) {
		if err := c.NewGame(); err != nil {
			return "", err
		}
		r, err := c.Go("fen "+fen, goArgs, judgeWait)
		return r.Move, err
	}
}

// playAll has the choosers (one goroutine each) replace the move played in
// every position by their own.
func playAll(moves []playedMove, choosers []chooser) error {
	return inParallel(len(moves), len(choosers), func(w, i int) error {
		m, err := choosers[w](moves[i].fen)
		if err != nil {
			return fmt.Errorf("%s: %v", moves[i].fen, err)
		}
		moves[i].played = m
		return nil
	})
}

// startChoosers starts workers candidate engines, configured with opts.
func startChoosers(command string, opts [][2]string, goArgs string, workers int) ([]chooser, func(), error) {
	var clients []*engine.Client
	closeAll := func() {
		for _, c := range clients {
			c.Close()
		}
	}
	out := make([]chooser, workers)
	for i := range out {
		c, err := engine.Start(context.Background(), command)
		if err != nil {
			closeAll()
			return nil, nil, err
		}
		clients = append(clients, c)
		if len(opts) > 0 {
			if err := c.Configure(opts); err != nil {
				closeAll()
				return nil, nil, err
			}
		}
		out[i] = uaiChooser(c, goArgs)
	}
	return out, closeAll, nil
}

// judgeCache keeps a judge's answers by position in a file, one line a
// search: the position (fen and moves), the best move and the score, tab
// separated. A judge searching to a node count answers the same every
// time, so a kept answer is as good as a new one.
type judgeCache struct {
	mu      sync.Mutex
	answers map[string]cachedAnswer
	file    *os.File
}

type cachedAnswer struct {
	best  string
	score int
}

// openJudgeCache reads path (if it exists) and appends new answers to it.
func openJudgeCache(path string) (*judgeCache, error) {
	jc := &judgeCache{answers: map[string]cachedAnswer{}}
	if data, err := os.ReadFile(path); err == nil {
		sc := bufio.NewScanner(strings.NewReader(string(data)))
		for n := 1; sc.Scan(); n++ {
			f := strings.Split(sc.Text(), "\t")
			if len(f) != 3 {
				return nil, fmt.Errorf("%s:%d: not position, move and score", path, n)
			}
			score, err := strconv.Atoi(f[2])
			if err != nil {
				return nil, fmt.Errorf("%s:%d: score %q", path, n, f[2])
			}
			jc.answers[f[0]] = cachedAnswer{f[1], score}
		}
	} else if !errors.Is(err, os.ErrNotExist) {
		return nil, err
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return nil, err
	}
	jc.file = f
	return jc, nil
}

// wrap is j with the cache in front of it.
func (jc *judgeCache) wrap(j judge) judge {
	return func(fen string, moves []string) (string, int, error) {
		key := fen
		if len(moves) > 0 {
			key += " moves " + strings.Join(moves, " ")
		}
		jc.mu.Lock()
		a, ok := jc.answers[key]
		jc.mu.Unlock()
		if ok {
			return a.best, a.score, nil
		}
		best, score, err := j(fen, moves)
		if err != nil {
			return best, score, err
		}
		jc.mu.Lock()
		defer jc.mu.Unlock()
		jc.answers[key] = cachedAnswer{best, score}
		_, err = fmt.Fprintf(jc.file, "%s\t%s\t%d\n", key, best, score)
		return best, score, err
	}
}

func (jc *judgeCache) Close() error { return jc.file.Close() }
