package engine_test

import (
	"bufio"
	"io"
	"slices"
	"sync"
	"testing"

	"github.com/jumpers-game/jumpers/core/engine"
)

// scriptedEngine is the engine side of a client on pipes: it notes every
// line it reads and answers the handshake and isready, as Autaxx does.
type scriptedEngine struct {
	mu   sync.Mutex
	seen []string
}

func (e *scriptedEngine) serve(r io.Reader, w io.WriteCloser) {
	defer w.Close()
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		l := sc.Text()
		e.mu.Lock()
		e.seen = append(e.seen, l)
		e.mu.Unlock()
		switch l {
		case "uai":
			io.WriteString(w, "id name Scripted\nuaiok\n")
		case "isready":
			io.WriteString(w, "readyok\n")
		case "quit":
			return
		}
	}
}

func (e *scriptedEngine) lines() []string {
	e.mu.Lock()
	defer e.mu.Unlock()
	return slices.Clone(e.seen)
}

// A manager asks isready after uainewgame and waits for readyok before the
// first move (cuteataxx does): an engine that clears its tables on
// uainewgame must not have that charged to its first reply.
func TestNewGameWaitsForReadyok(t *testing.T) {
	toEngine, fromClient := io.Pipe()
	toClient, fromEngine := io.Pipe()
	e := &scriptedEngine{}
	go e.serve(toEngine, fromEngine)
	c, err := engine.NewClient(toClient, fromClient, "scripted")
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if err := c.NewGame(); err != nil {
		t.Fatal(err)
	}
	// NewGame has returned, so the readyok it waited for was written after
	// the engine read everything before it.
	seen := e.lines()
	i := slices.Index(seen, "uainewgame")
	if i < 0 || !slices.Contains(seen[i+1:], "isready") {
		t.Fatalf("engine read %q: want uainewgame then isready before NewGame returns", seen)
	}
}
