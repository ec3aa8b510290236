package engine_test

import (
	"context"
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/coretest"
	"github.com/jumpers-game/jumpers/core/engine"
	"github.com/jumpers-game/jumpers/core/search"
)

// faultyGame is a real game whose searches for a go (the ones with Info)
// have an injected panic in one thread, as a bug in the rules would.
type faultyGame struct {
	core.Game
	thread int
}

func (g faultyGame) BestMove(ctx context.Context, p core.Position, req core.AIRequest) (core.AIResult, error) {
	if req.Info != nil {
		ctx = search.InjectPanic(ctx, g.thread, 0)
	}
	return g.Game.BestMove(ctx, p, req)
}

// A panic in a helper thread of a search of two threads becomes one error
// line, and the main thread's move is the answer; a panic in the main
// thread too, and the answer is the helper's move or, when it had none
// yet, the engine's fallback: a legal move either way.
func TestSearchThreadPanicBecomesAnErrorLine(t *testing.T) {
	if core.MaxThreads() < 2 {
		t.Skip("one CPU: Threads 2 is not offered")
	}
	cube, err := core.Lookup("cube")
	if err != nil {
		t.Fatal(err)
	}
	start, err := cube.Start(core.DefaultOptions(cube))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		thread int
		want   string
	}{
		{1, "info string error: the search failed in part: search thread 1 failed: injected fault after 0 nodes"},
		{0, "info string error: the search failed"},
	} {
		pr, pw := io.Pipe()
		var out safeBuffer
		done := make(chan error)
		go func() { done <- engine.Run(context.Background(), faultyGame{cube, c.thread}, "", pr, &out) }()
		io.WriteString(pw, "setoption name Threads value 2\nposition startpos\ngo movetime 200\n")
		waitFor(t, &out, "bestmove ")
		io.WriteString(pw, "quit\n")
		pw.Close()
		if err := <-done; err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSpace(out.String()), "\n")
		var errorLines []string
		var move string
		for _, l := range lines {
			if strings.HasPrefix(l, "info string error: ") {
				errorLines = append(errorLines, l)
			}
			if m, ok := strings.CutPrefix(l, "bestmove "); ok {
				move = m
			}
		}
		if len(errorLines) != 1 || !strings.HasPrefix(errorLines[0], c.want) {
			t.Fatalf("thread %d: error lines %q, want one %q", c.thread, errorLines, c.want)
		}
		if c.thread == 0 && !strings.Contains(errorLines[0], "search thread 0 failed: injected fault") {
			t.Fatalf("thread 0: the error line does not say which thread failed: %q", errorLines[0])
		}
		if _, err := start.Play(move); err != nil {
			t.Fatalf("thread %d: bestmove %q is not legal: %v (%q)", c.thread, move, err, lines)
		}
	}
}

// multiLinePanicGame's search panics with a message of several lines.
type multiLinePanicGame struct{ coretest.Takeaway }

func (multiLinePanicGame) BestMove(context.Context, core.Position, core.AIRequest) (core.AIResult, error) {
	panic("first line\nsecond line\r\nthird")
}

// An error line stays one line whatever the panic's message holds: a
// manager reads the protocol line by line.
func TestErrorLineIsOneLine(t *testing.T) {
	lines := talk(t, multiLinePanicGame{}, "position fen 7 0\ngo depth 2\nstop\nisready\nquit\n")
	want := []string{"info string error: the search failed: first line second line third", "bestmove 1", "readyok"}
	if !slices.Equal(lines, want) {
		t.Fatalf("got %q,\nwant %q", lines, want)
	}
}
