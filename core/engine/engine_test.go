package engine_test

import (
	"bytes"
	"context"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/coretest"
	"github.com/jumpers-game/jumpers/core/engine"
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
