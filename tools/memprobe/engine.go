package main

import (
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"time"

	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/engine"
)

// sweeps are the option values the engine sweep goes through: every
// size, layout and player count.
func sweeps(g core.Game) (name string, values []string) {
	for _, spec := range g.OptionSpecs() {
		switch spec.Name {
		case core.OptSize:
			for n := spec.Min; n <= spec.Max; n++ {
				values = append(values, strconv.Itoa(n))
			}
			return spec.Name, values
		case core.OptLayout, core.OptPlayers:
			return spec.Name, spec.Choices
		}
	}
	return "", []string{""}
}

// sweepEngine runs the engine of game and measures it after a sweep of
// every size × level × style (sweeps), two moves each.
func sweepEngine(out io.Writer, cli, game string, hash int, verbose bool) error {
	g, err := core.Lookup(game)
	if err != nil {
		return err
	}
	cmd := exec.Command(cli, game, "engine")
	in, err := cmd.StdinPipe()
	if err != nil {
		return err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		return err
	}
	c, err := engine.NewClient(stdout, in, cli+" "+game+" engine")
	if err != nil {
		_ = cmd.Process.Kill()
		return err
	}
	defer func() {
		_ = c.Close()
		_ = cmd.Wait()
	}()
	pid := cmd.Process.Pid
	if err := c.Configure([][2]string{{"Hash", strconv.Itoa(hash)}}); err != nil {
		return err
	}
	start := time.Now()
	option, values := sweeps(g)
	searches := 0
	for _, v := range values {
		for _, lv := range g.Levels() {
			for _, style := range g.Styles() {
				opts := [][2]string{{"Level", lv.Name}, {"Style", style}}
				if option != "" {
					opts = append(opts, [2]string{option, v})
				}
				if err := c.Configure(opts); err != nil {
					return err
				}
				if err := c.NewGame(); err != nil {
					return err
				}
				var moves []string
				for range 2 {
					pos := "startpos"
					if len(moves) > 0 {
						pos += " moves " + strings.Join(moves, " ")
					}
					r, err := c.Go(pos, "", lv.Budget+5*time.Second)
					if err != nil {
						return fmt.Errorf("%s %s, %s/%s: %w", option, v, lv.Name, style, err)
					}
					searches++
					if r.Move == "none" || r.Move == "(none)" {
						break
					}
					moves = append(moves, r.Move)
				}
			}
		}
		if verbose {
			fmt.Fprintf(out, "%s %s: VmRSS %.1f MB, VmHWM %.1f MB\n", option, v, procStatus(pid, "VmRSS"), procStatus(pid, "VmHWM"))
		}
	}
	fmt.Fprintf(out, "%s engine, Hash %d: %d searches in %s; VmRSS %.1f MB, VmHWM %.1f MB\n",
		game, hash, searches, time.Since(start).Round(time.Second), procStatus(pid, "VmRSS"), procStatus(pid, "VmHWM"))
	return nil
}
