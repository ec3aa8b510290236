package engine_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/coretest"
)

// requestLog is a game that notes the request of every go (the warm-up
// searches of isready set no Info and are left out).
type requestLog struct {
	coretest.Takeaway
	mu   *sync.Mutex
	reqs *[]core.AIRequest
}

func newRequestLog() requestLog {
	return requestLog{mu: &sync.Mutex{}, reqs: &[]core.AIRequest{}}
}

func (g requestLog) BestMove(ctx context.Context, p core.Position, req core.AIRequest) (core.AIResult, error) {
	if req.Info != nil {
		g.mu.Lock()
		*g.reqs = append(*g.reqs, req)
		g.mu.Unlock()
	}
	return g.Takeaway.BestMove(ctx, p, req)
}

func (g requestLog) threads() []int {
	g.mu.Lock()
	defer g.mu.Unlock()
	var out []int
	for _, r := range *g.reqs {
		out = append(out, r.Threads)
	}
	return out
}

// TestThreadsReachEveryGo: the Threads option is offered with the CPU
// count as its maximum, one thread by default, and the value set goes
// with every kind of go; a value out of range is refused with the range
// named and leaves the last good one in force.
func TestThreadsReachEveryGo(t *testing.T) {
	most := core.MaxThreads()
	g := newRequestLog()
	script := strings.Join([]string{
		"uai",
		"position fen 9 0",
		"go depth 2",
		fmt.Sprintf("setoption name Threads value %d", most),
		"go movetime 20",
		"setoption name Threads value 0",
		fmt.Sprintf("setoption name Threads value %d", most+1),
		"setoption name Threads value two",
		"setoption name Threads",
		"go depth 2",
		"go infinite",
		"stop",
		"setoption name threads value 1",
		"go nodes 100",
		"quit",
	}, "\n") + "\n"
	lines := talk(t, g, script)
	if want := fmt.Sprintf("option name Threads type spin default 1 min 1 max %d", most); !slices.Contains(lines, want) {
		t.Fatalf("no %q in %q", want, lines)
	}
	var errs []string
	for _, l := range lines {
		if strings.HasPrefix(l, "info string error:") {
			errs = append(errs, l)
		}
	}
	refused := func(v string) string {
		return fmt.Sprintf("info string error: setoption Threads: %q is not a number of threads (1 to %d)", v, most)
	}
	if want := []string{refused("0"), refused(fmt.Sprint(most + 1)), refused("two"), refused("")}; !slices.Equal(errs, want) {
		t.Fatalf("errors %q,\nwant %q", errs, want)
	}
	if got, want := g.threads(), []int{1, most, most, most, 1}; !slices.Equal(got, want) {
		t.Fatalf("threads of each go %v, want %v", got, want)
	}
}
