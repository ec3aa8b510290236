package engine

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"sync"
	"time"

	"github.com/jumpers-game/jumpers/core"
)

// Client drives an engine that speaks the protocol (ours, or an Ataxx UAI
// engine): the harness side, used by the arena's --b-cmd and by the tests
// that time our replies.
type Client struct {
	cmd   *exec.Cmd // nil for a client on pipes (NewClient)
	in    io.WriteCloser
	lines chan line // closed when the engine's output ends
	quit  chan struct{}
	once  sync.Once
	Name  string
	// Options holds the option names the engine announced in its
	// handshake, lower-cased, so a harness sends only what it understands.
	Options map[string]bool
}

// Start runs command (through sh -c) and waits for its handshake.
func Start(ctx context.Context, command string) (*Client, error) {
	cmd := exec.CommandContext(ctx, "sh", "-c", command)
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("cannot start engine %q: %v", command, err)
	}
	c := newClient(out, in, command)
	c.cmd = cmd
	if err := c.handshake(); err != nil {
		c.Close()
		return nil, err
	}
	return c, nil
}

// NewClient talks to an engine whose output is r and input w (an engine
// run in the same process, as the tests do) and waits for its handshake.
// Close closes w.
func NewClient(r io.Reader, w io.WriteCloser, name string) (*Client, error) {
	c := newClient(r, w, name)
	if err := c.handshake(); err != nil {
		c.Close()
		return nil, err
	}
	return c, nil
}

func newClient(r io.Reader, w io.WriteCloser, name string) *Client {
	c := &Client{in: w, lines: make(chan line, 256), quit: make(chan struct{}), Name: name, Options: map[string]bool{}}
	go func() { _ = readLines(r, c.lines, c.quit) }()
	return c
}

func (c *Client) handshake() error {
	command := c.Name
	if err := c.send("uai"); err != nil {
		return err
	}
	if _, err := c.waitFor("uaiok", 10*time.Second, func(l string) {
		if name, ok := strings.CutPrefix(l, "id name "); ok {
			c.Name = name
		}
		if rest, ok := strings.CutPrefix(l, "option name "); ok {
			if f := strings.Fields(rest); len(f) > 0 {
				c.Options[strings.ToLower(f[0])] = true
			}
		}
	}); err != nil {
		return fmt.Errorf("engine %q: %v", command, err)
	}
	return c.Ready()
}

func (c *Client) send(line string) error {
	_, err := io.WriteString(c.in, line+"\n")
	if err != nil {
		return fmt.Errorf("engine %q stopped listening: %v", c.Name, err)
	}
	return nil
}

// waitFor reads lines until one whose first word is keyword, passing the
// others to seen. It returns the matching line and when it arrived.
func (c *Client) waitFor(keyword string, timeout time.Duration, seen func(string)) (line, error) {
	return c.waitSince(time.Time{}, keyword, timeout, seen)
}

// waitSince is waitFor for a line that arrived at or after since: one
// from before answers an earlier question (a late bestmove after a stop).
func (c *Client) waitSince(since time.Time, keyword string, timeout time.Duration, seen func(string)) (line, error) {
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	for {
		select {
		case l, ok := <-c.lines:
			if !ok {
				return line{}, errors.New("engine exited")
			}
			if firstWord(l.text) == keyword && !l.at.Before(since) {
				return l, nil
			}
			if seen != nil {
				seen(l.text)
			}
		case <-timer.C:
			return line{}, fmt.Errorf("no %q within %v", keyword, timeout)
		}
	}
}

func firstWord(s string) string {
	s = strings.TrimLeft(s, " \t")
	if i := strings.IndexAny(s, " \t"); i >= 0 {
		return s[:i]
	}
	return strings.TrimRight(s, "\r")
}

// SetOption sends a setoption line.
func (c *Client) SetOption(name, value string) error {
	return c.send("setoption name " + name + " value " + value)
}

// Configure sends setoption for each name/value pair, then isready, and
// returns the engine's complaints ("info string error: ...") as one error.
func (c *Client) Configure(opts [][2]string) error {
	for _, o := range opts {
		if err := c.SetOption(o[0], o[1]); err != nil {
			return err
		}
	}
	if err := c.send("isready"); err != nil {
		return err
	}
	var complaints []string
	_, err := c.waitFor("readyok", 10*time.Second, func(l string) {
		if msg, ok := strings.CutPrefix(l, "info string error: "); ok {
			complaints = append(complaints, msg)
		}
	})
	if err != nil {
		return fmt.Errorf("engine %q: %v", c.Name, err)
	}
	if len(complaints) > 0 {
		return fmt.Errorf("engine %q: %s", c.Name, strings.Join(complaints, "; "))
	}
	return nil
}

// Ready sends isready and waits for readyok.
func (c *Client) Ready() error {
	if err := c.send("isready"); err != nil {
		return err
	}
	_, err := c.waitFor("readyok", 10*time.Second, nil)
	return err
}

// NewGame sends uainewgame, then isready, and waits for readyok, as a
// tournament manager does: an engine may clear its tables on uainewgame
// (Autaxx clears 128 MB), which must not be charged to its first move.
func (c *Client) NewGame() error {
	if err := c.send("uainewgame"); err != nil {
		return err
	}
	if err := c.Ready(); err != nil {
		return fmt.Errorf("engine %q after uainewgame: %v", c.Name, err)
	}
	return nil
}

// BestMove sends the position as text and asks for a move within movetime.
func (c *Client) BestMove(pos core.Position, movetime time.Duration) (string, error) {
	return c.Search(pos.String(), nil, Limits{MoveTime: movetime})
}

// Limits bound one search of an external engine: "go movetime N",
// "go depth N", "go nodes N" (the fields set, together). Timeout is how long
// to wait for its bestmove before sending "stop" (0 = the move time plus
// five seconds, or a minute without a move time).
type Limits struct {
	MoveTime time.Duration
	Depth    int
	Nodes    int64
	Timeout  time.Duration
}

// Search sends "position fen START moves ..." and "go" with the limits and
// returns the engine's move. An engine that does not answer within the
// timeout is sent "stop" and given two more seconds.
func (c *Client) Search(start string, moves []string, lim Limits) (string, error) {
	position := "fen " + start
	if len(moves) > 0 {
		position += " moves " + strings.Join(moves, " ")
	}
	var args []string
	if lim.MoveTime > 0 {
		args = append(args, fmt.Sprintf("movetime %d", lim.MoveTime.Milliseconds()))
	}
	if lim.Depth > 0 {
		args = append(args, fmt.Sprintf("depth %d", lim.Depth))
	}
	if lim.Nodes > 0 {
		args = append(args, fmt.Sprintf("nodes %d", lim.Nodes))
	}
	if len(args) == 0 {
		args = append(args, "movetime 1000")
		lim.MoveTime = time.Second
	}
	timeout := lim.Timeout
	if timeout <= 0 {
		timeout = time.Minute
		if lim.MoveTime > 0 {
			timeout = lim.MoveTime + 5*time.Second
		}
	}
	r, err := c.Go(position, strings.Join(args, " "), timeout)
	return r.Move, err
}

// OnClock sends "position fen START moves ..." and a clock go: btime is
// the first player's time left and wtime the second's, as the engine
// protocol (and Ataxx's UAI) has it, with the increment for both. It
// waits for the bestmove up to the mover's time left and five seconds
// more (a manager would have flagged it long before).
func (c *Client) OnClock(start string, moves []string, left [2]time.Duration, mover int, inc time.Duration) (Reply, error) {
	position := "fen " + start
	if len(moves) > 0 {
		position += " moves " + strings.Join(moves, " ")
	}
	args := fmt.Sprintf("wtime %d btime %d winc %d binc %d", left[1].Milliseconds(), left[0].Milliseconds(), inc.Milliseconds(), inc.Milliseconds())
	return c.Go(position, args, left[mover]+5*time.Second)
}

// Reply is an engine's answer to a go and how long it took, from writing
// the go line to reading the bestmove line: the time a tournament manager
// charges.
type Reply struct {
	Move    string
	Elapsed time.Duration
	Info    []string // the lines before the bestmove
}

// Go sends "position POSITION" and "go ARGS", then waits up to wait for the
// bestmove; past wait it sends stop and waits two seconds more.
func (c *Client) Go(position, args string, wait time.Duration) (Reply, error) {
	if err := c.send("position " + position); err != nil {
		return Reply{}, err
	}
	var r Reply
	seen := func(l string) { r.Info = append(r.Info, l) }
	sent := time.Now()
	if err := c.send("go " + args); err != nil {
		return Reply{}, err
	}
	l, err := c.waitSince(sent, "bestmove", wait, seen)
	if err != nil {
		_ = c.send("stop")
		l, err = c.waitSince(sent, "bestmove", 2*time.Second, seen)
		if err != nil {
			return Reply{}, fmt.Errorf("engine %q gave no move: %v", c.Name, err)
		}
	}
	r.Elapsed = l.at.Sub(sent)
	r.Move, err = ParseBestMove(l.text)
	if err != nil {
		return Reply{}, fmt.Errorf("engine %q: %v", c.Name, err)
	}
	return r, nil
}

// ParseBestMove reads "bestmove MOVE [ponder MOVE]" and returns MOVE.
func ParseBestMove(text string) (string, error) {
	f := strings.Fields(text)
	if len(f) < 2 || f[0] != "bestmove" || (len(f) != 2 && (len(f) != 4 || f[2] != "ponder")) {
		return "", fmt.Errorf("malformed %q", abbreviate(text))
	}
	return f[1], nil
}

// Close asks the engine to quit and waits briefly before killing it.
func (c *Client) Close() error {
	_ = c.send("quit")
	_ = c.in.Close()
	defer c.once.Do(func() { close(c.quit) })
	if c.cmd == nil {
		return nil
	}
	wait := make(chan error, 1)
	go func() { wait <- c.cmd.Wait() }()
	select {
	case err := <-wait:
		return err
	case <-time.After(2 * time.Second):
		_ = c.cmd.Process.Kill()
		return <-wait
	}
}
