package engine_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/engine"
)

// cheap wraps a game so that whatever go the fuzzer writes ends at once:
// depth 2 at most, a 1 MB table.
type cheap struct{ core.Game }

func (c cheap) BestMove(ctx context.Context, p core.Position, req core.AIRequest) (core.AIResult, error) {
	req.Depth, req.Nodes, req.Infinite, req.HashMB = 2, 0, false, 1
	req.MoveTime = min(req.MoveTime, 20*time.Millisecond)
	return c.Game.BestMove(ctx, p, req)
}

var fuzzGames = []string{"cube", "ataxx", "chinesecheckers"}

// FuzzEngineLines feeds any text to the protocol loop of each game: it
// never panics or hangs, answers every isready, writes only protocol
// lines, and never more bestmoves than gos.
func FuzzEngineLines(f *testing.F) {
	for _, seed := range []struct {
		game   uint8
		script string
	}{
		{0, "uai\nsetoption name Size value 5\nisready\nuainewgame\nposition startpos moves 3:3 1:1\ngo movetime 20\nisready\nposition fen 1-1-1-/1-1-1-/1-1-2r b\ngo depth 3\nstop\nquit\n"},
		{0, "uai\nsetoption name Hash value 8\nsetoption name Level value Strong\nsetoption name Style value Newton\nposition startpos\ngo wtime 1000 btime 1000 winc 10 binc 10\nposition startpos moves 1:1\ngo infinite\nisready\nstop\n"},
		{1, "uai\nsetoption name Threads value 1\nsetoption name Hash value 16\nsetoption name debug value false\nsetoption name ownbook value false\nisready\nuainewgame\nposition fen x5o/7/7/7/7/7/o5x x 0 1\ngo btime 3000 wtime 3000 binc 30 winc 30\nposition fen x5o/7/7/7/7/7/o5x x 0 1 moves a6\ngo movetime 100\nquit\n"},
		{1, "uci\nucinewgame\nposition startpos moves g2 a1a3 0000\ngo nodes 500\nposition fen x5o/7/2-1-2/7/2-1-2/7/o5x o 0 1\ngo depth 2\nd\nquit\n"},
		{2, "uai\nsetoption name Players value 2\nisready\nposition startpos moves c1e5\ngo movetime 20\nposition fen 2/22/222/2222/............./............/.........../........../........./........../.........../............/......1....../1111/.11/11/1 2 S,N\ngo movetime 50\nquit\n"},
		{2, "uai\nsetoption name Players value 3\nsetoption name Level value Classic\nposition startpos\ngo infinite\nstop\ngo wtime 0 btime 0\nquit\n"},
		{0, "bogus\nposition\nposition fen\ngo depth\ngo depth 0\nsetoption\nsetoption name\nsetoption name Size value x\n\r\n\t\nisready\n"},
	} {
		f.Add(seed.game, seed.script)
	}
	f.Fuzz(func(t *testing.T, which uint8, script string) {
		g, err := core.Lookup(fuzzGames[int(which)%len(fuzzGames)])
		if err != nil {
			t.Fatal(err)
		}
		var out safeBuffer
		done := make(chan error, 1)
		go func() { done <- engine.Run(context.Background(), cheap{g}, "", strings.NewReader(script), &out) }()
		select {
		case err := <-done:
			if err != nil {
				t.Fatal(err)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("the engine hangs on %q", script)
		}
		isready, gos := 0, 0
		for _, l := range strings.Split(script, "\n") {
			f := strings.Fields(l)
			if len(f) == 0 {
				continue
			}
			if f[0] == "quit" {
				break
			}
			switch f[0] {
			case "isready":
				isready++
			case "go":
				gos++
			}
		}
		readyok, bestmoves := 0, 0
		for _, l := range strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n") {
			switch first := strings.SplitN(l, " ", 2)[0]; first {
			case "readyok":
				readyok++
			case "bestmove":
				bestmoves++
				if _, err := engine.ParseBestMove(l); err != nil {
					t.Fatalf("%v in %q", err, out.String())
				}
			case "info":
				if strings.HasPrefix(l, "info string error: ") && len(l) > 500 {
					t.Fatalf("an error line of %d bytes", len(l))
				}
			case "id", "option", "uaiok", "":
			default:
				t.Fatalf("not a protocol line: %q", l)
			}
		}
		if readyok != isready || bestmoves > gos {
			t.Fatalf("%d isready, %d readyok, %d go, %d bestmove: %q", isready, readyok, gos, bestmoves, out.String())
		}
	})
}

type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }
func (discard) Close() error                { return nil }

// FuzzClient feeds any engine output to the harness side: it never panics
// or hangs, and a move it returns is one the engine wrote.
func FuzzClient(f *testing.F) {
	for _, seed := range []string{
		"id name Jumpers Jumping Cube\nid author the Jumpers developers\noption name Hash type spin default 16 min 1 max 4096\nuaiok\nreadyok\ninfo depth 1 score cp 12 nodes 25 nps 250000 time 0 pv 3:3\nbestmove 3:3\n",
		"id name Jumpers Ataxx\nuaiok\nreadyok\ninfo depth 5 score cp 100 nodes 4000 nps 1000000 time 4 pv f2 b6 f3\nbestmove f2 ponder b6\n",
		"id name Jumpers Chinese Checkers\nuaiok\ninfo string error: setoption: unknown option \"x\"\nreadyok\ninfo depth 3 score mate 2 nodes 10 nps 10 time 1000 pv c1e5\nbestmove c1e5\n",
		"uaiok\nreadyok\nbestmove\n",
		"uaiok\r\nreadyok\r\nbestmove 0000\r\n",
		"uaiok\nreadyok\nbestmove a1 b2 c3\n",
		"readyok\nuaiok\n",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, output string) {
		c, err := engine.NewClient(strings.NewReader(output), discard{}, "fuzz")
		if err != nil {
			return // no handshake: refused, as it should be
		}
		defer c.Close()
		r, err := c.Go("startpos", "movetime 10", time.Second)
		if err != nil {
			return
		}
		written := false
		for _, l := range strings.Split(output, "\n") {
			f := strings.Fields(l)
			written = written || (len(f) >= 2 && f[0] == "bestmove" && f[1] == r.Move)
		}
		if !written {
			t.Fatalf("move %q from %q", r.Move, output)
		}
		if r.Elapsed < 0 {
			t.Fatalf("elapsed %v", r.Elapsed)
		}
	})
}
