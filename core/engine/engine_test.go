package engine_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/coretest"
	"github.com/jumpers-game/jumpers/core/engine"
	"go.uber.org/goleak"
)

// slowGame thinks until its context ends, then answers its first move: it
// shows whether "stop" and deadlines reach the search.
type slowGame struct{ coretest.Takeaway }

func (slowGame) BestMove(ctx context.Context, p core.Position, req core.AIRequest) (core.AIResult, error) {
	if req.Info != nil {
		req.Info(core.SearchInfo{Depth: 1, Score: 12, Nodes: 100, Elapsed: time.Millisecond, PV: []string{p.Moves()[0]}})
	}
	if req.MoveTime > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, req.MoveTime)
		defer cancel()
	}
	<-ctx.Done()
	return core.AIResult{Move: p.Moves()[len(p.Moves())-1]}, nil
}

func talk(t *testing.T, g core.Game, script string) []string {
	t.Helper()
	var out bytes.Buffer
	done := make(chan error)
	go func() { done <- engine.Run(context.Background(), g, "", strings.NewReader(script), &out) }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("engine did not finish")
	}
	return strings.Split(strings.TrimSpace(out.String()), "\n")
}

func has(lines []string, prefix string) bool {
	for _, l := range lines {
		if strings.HasPrefix(l, prefix) {
			return true
		}
	}
	return false
}

func TestHandshakeAndMove(t *testing.T) {
	lines := talk(t, coretest.Takeaway{}, "uai\nisready\nuainewgame\nposition fen 5 0 moves 1\ngo depth 3\nquit\n")
	for _, want := range []string{"id name ", "id author ", "uaiok", "readyok", "bestmove "} {
		if !has(lines, want) {
			t.Fatalf("no %q in %q", want, lines)
		}
	}
}

func TestMalformedLinesKeepRunning(t *testing.T) {
	script := strings.Join([]string{
		"bogus",
		"position fen nonsense",
		"position startpos moves 9",
		"go depth x",
		"go wibble 3",
		"setoption name Hash value lots",
		"setoption name Level value Grandmaster",
		"isready",
		"quit",
	}, "\n")
	lines := talk(t, coretest.Takeaway{}, script)
	errs := 0
	for _, l := range lines {
		if strings.HasPrefix(l, "info string error: ") {
			errs++
		}
	}
	if errs != 7 || lines[len(lines)-1] != "readyok" {
		t.Fatalf("want 7 error lines then readyok, got %q", lines)
	}
}

func TestStopAnswersAtOnce(t *testing.T) {
	pr, pw := io.Pipe()
	var out safeBuffer
	done := make(chan error)
	go func() { done <- engine.Run(context.Background(), slowGame{}, "", pr, &out) }()
	io.WriteString(pw, "position fen 7 0\ngo infinite\n")
	time.Sleep(50 * time.Millisecond)
	if strings.Contains(out.String(), "bestmove") {
		t.Fatal("infinite search answered before stop")
	}
	io.WriteString(pw, "isready\n")
	waitFor(t, &out, "readyok") // answered while thinking
	start := time.Now()
	io.WriteString(pw, "stop\n")
	waitFor(t, &out, "bestmove 2")
	if time.Since(start) > time.Second {
		t.Fatal("stop took too long")
	}
	if !strings.Contains(out.String(), "info depth 1 score cp 12 nodes 100") {
		t.Fatalf("no info line: %q", out.String())
	}
	io.WriteString(pw, "quit\n")
	pw.Close()
	<-done
}

func TestClockGivesMoveTime(t *testing.T) {
	// btime is the first player's clock; 3 s left and no increment must
	// answer well inside a second.
	start := time.Now()
	lines := talk(t, slowGame{}, "position fen 7 0\ngo wtime 100000 btime 3000\n")
	if !has(lines, "bestmove") || time.Since(start) > 2*time.Second {
		t.Fatalf("clock not honoured: %v %q", time.Since(start), lines)
	}
}

func TestGameOverAnswersNullMove(t *testing.T) {
	lines := talk(t, coretest.Takeaway{}, "position fen 0 1\ngo depth 1\nquit\n")
	if lines[len(lines)-1] != "bestmove 0000" {
		t.Fatalf("finished game: %q", lines)
	}
}

func TestInfoLineMate(t *testing.T) {
	l := engine.InfoLine(core.SearchInfo{Depth: 4, Score: 999997, Mate: 3, Nodes: 10, Elapsed: time.Second, PV: []string{"a", "b"}})
	if l != "info depth 4 score mate 2 nodes 10 nps 10 time 1000 pv a b" {
		t.Fatalf("got %q", l)
	}
}

type safeBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *safeBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *safeBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

func waitFor(t *testing.T, b *safeBuffer, s string) {
	t.Helper()
	deadline := time.Now().Add(3 * time.Second)
	for time.Now().Before(deadline) {
		if strings.Contains(b.String(), s) {
			return
		}
		time.Sleep(5 * time.Millisecond)
	}
	t.Fatalf("no %q in %q", s, b.String())
}

func TestMain(m *testing.M) {
	// Every test ends with no goroutine of the engine or the client left:
	// searches, watchdogs and line readers all end with their session.
	goleak.VerifyTestMain(m)
}

func count(lines []string, prefix string) int {
	n := 0
	for _, l := range lines {
		if strings.HasPrefix(l, prefix) {
			n++
		}
	}
	return n
}

func TestOverlongLineIsRefusedAndTheEngineGoesOn(t *testing.T) {
	// MaxLine bytes is still a line; one byte more is refused whole.
	longest := "position fen 5 0" + strings.Repeat(" ", engine.MaxLine-len("position fen 5 0"))
	script := "position fen " + strings.Repeat("x", 2<<20) + "\nisready\n" +
		longest + "\ngo depth 1\nstop\n" +
		longest + " \r\nisready\nquit\n"
	lines := talk(t, coretest.Takeaway{}, script)
	want := []string{
		fmt.Sprintf("info string error: a line of %d bytes is longer than the limit of %d; ignored", 2<<20+len("position fen \n"), engine.MaxLine),
		"readyok",
		"bestmove 1",
		fmt.Sprintf("info string error: a line of %d bytes is longer than the limit of %d; ignored", engine.MaxLine+3, engine.MaxLine),
		"readyok",
	}
	if !slices.Equal(lines, want) {
		t.Fatalf("got %q,\nwant %q", lines, want)
	}
}

// panicGame's search and parser panic, as a bug would.
type panicGame struct{ coretest.Takeaway }

func (panicGame) BestMove(context.Context, core.Position, core.AIRequest) (core.AIResult, error) {
	panic("index out of range")
}

func (panicGame) ParsePosition(text, rules string) (core.Position, error) {
	if text == "13 0" {
		panic("bad table")
	}
	return coretest.Takeaway{}.ParsePosition(text, rules)
}

func TestPanicsBecomeErrorLinesAndALegalMove(t *testing.T) {
	lines := talk(t, panicGame{}, "position fen 7 0\ngo movetime 50\nstop\nisready\nposition fen 13 0\nisready\nposition fen 5 1\ngo depth 3\nstop\nisready\nquit\n")
	want := []string{
		"info string error: the search failed: index out of range",
		"bestmove 1",
		"readyok",
		`info string error: internal error on "position fen 13 0": bad table`,
		"readyok",
		"info string error: the search failed: index out of range",
		"bestmove 1",
		"readyok",
	}
	if !slices.Equal(lines, want) {
		t.Fatalf("got %q,\nwant %q", lines, want)
	}
}

func TestInfiniteAnswersOnlyAtStop(t *testing.T) {
	// Takeaway answers at once, as a search that proves the result does:
	// the bestmove still waits for stop.
	pr, pw := io.Pipe()
	var out safeBuffer
	done := make(chan error)
	go func() { done <- engine.Run(context.Background(), coretest.Takeaway{}, "", pr, &out) }()
	io.WriteString(pw, "position fen 7 0\ngo infinite\n")
	time.Sleep(100 * time.Millisecond)
	io.WriteString(pw, "isready\n")
	waitFor(t, &out, "readyok")
	if strings.Contains(out.String(), "bestmove") {
		t.Fatalf("infinite search answered before stop: %q", out.String())
	}
	io.WriteString(pw, "stop\n")
	waitFor(t, &out, "bestmove 1")
	io.WriteString(pw, "stop\nquit\n")
	pw.Close()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(out.String(), "bestmove"); n != 1 {
		t.Fatalf("%d bestmoves for one go: %q", n, out.String())
	}
}

func TestEndOfInputStopsAnInfiniteSearch(t *testing.T) {
	lines := talk(t, slowGame{}, "position fen 7 0\ngo infinite\n")
	if lines[len(lines)-1] != "bestmove 2" {
		t.Fatalf("got %q", lines)
	}
}

func TestOrganiserOptions(t *testing.T) {
	script := strings.Join([]string{
		"uai",
		"setoption name Threads value 1",
		fmt.Sprintf("setoption name Threads value %d", runtime.NumCPU()),
		"setoption name Hash value 64",
		"setoption name debug value false",
		"setoption name OwnBook value false",
		"setoption name Ponder value false",
		"setoption name Clear Hash",
		"setoption name Move Overhead value 10",
		"setoption name UCI_Opponent value none 2800 computer Stockfish",
		"setoption name Threads value 0",
		fmt.Sprintf("setoption name Threads value %d", runtime.NumCPU()+1),
		"setoption name Move Overhead value -1",
		"setoption name Bogus value 1",
		"debug on",
		"isready",
	}, "\n")
	lines := talk(t, coretest.Takeaway{}, script)
	if !has(lines, "option name Threads type spin default 1 min 1 max ") || !has(lines, "option name Move Overhead type spin ") {
		t.Fatalf("Threads and Move Overhead not offered: %q", lines)
	}
	errs := lines[slices.Index(lines, "uaiok")+1:]
	want := []string{
		`info string error: setoption Threads: "0" is not a number of threads (1 to ` + fmt.Sprint(runtime.NumCPU()) + ")",
		fmt.Sprintf(`info string error: setoption Threads: "%d" is not a number of threads (1 to %d)`, runtime.NumCPU()+1, runtime.NumCPU()),
		`info string error: setoption Move Overhead: "-1" is not a time in ms (0 to 5000)`,
		`info string error: setoption: unknown option "Bogus"`,
		"readyok",
	}
	if !slices.Equal(errs, want) {
		t.Fatalf("got %q,\nwant %q", errs, want)
	}
}

// stuckGame's search finishes an iteration, then ignores its deadline and
// its context for a long while, as a search stuck in a long node would.
type stuckGame struct{ coretest.Takeaway }

func (stuckGame) BestMove(_ context.Context, p core.Position, req core.AIRequest) (core.AIResult, error) {
	moves := p.Moves()
	req.Info(core.SearchInfo{Depth: 1, PV: []string{moves[len(moves)-1]}})
	time.Sleep(300 * time.Millisecond)
	return core.AIResult{Move: moves[0]}, nil
}

func TestWatchdogAnswersForAStuckSearch(t *testing.T) {
	// The answer is the deepest iteration's move, written by the watchdog
	// while the search is stuck; exactly one bestmove per go.
	lines := talk(t, stuckGame{}, "position fen 7 0\ngo movetime 30\nisready\ngo movetime 30\nquit\n")
	if count(lines, "bestmove") != 2 || !has(lines, "readyok") || lines[slices.IndexFunc(lines, func(l string) bool { return strings.HasPrefix(l, "bestmove") })] != "bestmove 2" {
		t.Fatalf("got %q", lines)
	}
}
