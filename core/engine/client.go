package engine

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"time"

	"github.com/jumpers-game/jumpers/core"
)

// Client drives an external engine that speaks the protocol (ours, or an
// Ataxx UAI engine): the harness side, used by the arena's --b-cmd.
type Client struct {
	cmd   *exec.Cmd
	in    io.WriteCloser
	lines chan string
	done  chan struct{}
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
	c := &Client{cmd: cmd, in: in, lines: make(chan string, 256), done: make(chan struct{}), Name: command, Options: map[string]bool{}}
	go func() {
		defer close(c.done)
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 64*1024), 1<<20)
		for sc.Scan() {
			c.lines <- sc.Text()
		}
	}()
	if err := c.send("uai"); err != nil {
		c.Close()
		return nil, err
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
		c.Close()
		return nil, fmt.Errorf("engine %q: %v", command, err)
	}
	if err := c.Ready(); err != nil {
		c.Close()
		return nil, err
	}
	return c, nil
}

func (c *Client) send(line string) error {
	_, err := io.WriteString(c.in, line+"\n")
	if err != nil {
		return fmt.Errorf("engine %q stopped listening: %v", c.Name, err)
	}
	return nil
}

// waitFor reads lines until one starts with prefix, passing the others to
// seen. It returns the matching line.
func (c *Client) waitFor(prefix string, timeout time.Duration, seen func(string)) (string, error) {
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	for {
		select {
		case l := <-c.lines:
			if strings.HasPrefix(l, prefix) {
				return l, nil
			}
			if seen != nil {
				seen(l)
			}
		case <-c.done:
			// Drain what is left before giving up.
			select {
			case l := <-c.lines:
				if strings.HasPrefix(l, prefix) {
					return l, nil
				}
				continue
			default:
			}
			return "", errors.New("engine exited")
		case <-timer.C:
			return "", fmt.Errorf("no %q within %v", prefix, timeout)
		}
	}
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

// NewGame sends uainewgame.
func (c *Client) NewGame() error { return c.send("uainewgame") }

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
	line := "position fen " + start
	if len(moves) > 0 {
		line += " moves " + strings.Join(moves, " ")
	}
	if err := c.send(line); err != nil {
		return "", err
	}
	goLine := "go"
	if lim.MoveTime > 0 {
		goLine += fmt.Sprintf(" movetime %d", lim.MoveTime.Milliseconds())
	}
	if lim.Depth > 0 {
		goLine += fmt.Sprintf(" depth %d", lim.Depth)
	}
	if lim.Nodes > 0 {
		goLine += fmt.Sprintf(" nodes %d", lim.Nodes)
	}
	if goLine == "go" {
		goLine += " movetime 1000"
		lim.MoveTime = time.Second
	}
	timeout := lim.Timeout
	if timeout <= 0 {
		timeout = time.Minute
		if lim.MoveTime > 0 {
			timeout = lim.MoveTime + 5*time.Second
		}
	}
	if err := c.send(goLine); err != nil {
		return "", err
	}
	reply, err := c.waitFor("bestmove", timeout, nil)
	if err != nil {
		_ = c.send("stop")
		reply, err = c.waitFor("bestmove", 2*time.Second, nil)
		if err != nil {
			return "", fmt.Errorf("engine %q gave no move: %v", c.Name, err)
		}
	}
	f := strings.Fields(reply)
	if len(f) < 2 {
		return "", fmt.Errorf("engine %q: malformed %q", c.Name, reply)
	}
	return f[1], nil
}

// Close asks the engine to quit and waits briefly before killing it.
func (c *Client) Close() error {
	_ = c.send("quit")
	_ = c.in.Close()
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
