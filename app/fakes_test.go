package app

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/jumpers-game/jumpers/core"
)

// race is a tiny game for the state machine tests, independent of the
// real engines: players take turns adding 1 or 2 to a counter; whoever
// reaches the target wins. Position text: "count/target/toMove".
type race struct{ n, target, toMove, players int }

type raceGame struct{ core.FirstRules }

func init() { core.Register(raceGame{}) }

func (raceGame) ID() string              { return "testrace" }
func (raceGame) Name() string            { return "Race" }
func (raceGame) RuleSets() []string      { return []string{"standard"} }
func (raceGame) Styles() []string        { return []string{"plain"} }
func (raceGame) PlayerName(i int) string { return [...]string{"Red", "Blue"}[i] }
func (raceGame) OptionSpecs() []core.OptionSpec {
	return []core.OptionSpec{{Name: core.OptSize, Label: "Target", Kind: core.IntRange, Default: "10", Min: 1, Max: 1000}}
}
func (raceGame) Start(o core.Options) (core.Position, error) {
	t := o.Int(core.OptSize)
	if t == 0 {
		t = 10
	}
	return race{0, t, 0, o.Int(core.OptPlayers)}, nil
}
func (raceGame) ParsePosition(text, _ string) (core.Position, error) {
	f := strings.Split(text, "/")
	if len(f) != 3 && len(f) != 4 {
		return nil, fmt.Errorf("bad race %q", text)
	}
	var v [4]int
	for i := range f {
		x, err := strconv.Atoi(f[i])
		if err != nil {
			return nil, err
		}
		v[i] = x
	}
	return race{v[0], v[1], v[2], v[3]}, nil
}
func (raceGame) Levels() []core.Level {
	return []core.Level{{Name: core.Beginner, Budget: time.Second}, {Name: core.Expert, Budget: time.Second}}
}
func (raceGame) BestMove(ctx context.Context, pos core.Position, req core.AIRequest) (core.AIResult, error) {
	return core.AIResult{Move: "1"}, nil
}

func (p race) Game() string { return "testrace" }
func (p race) String() string {
	if p.players > 2 {
		return fmt.Sprintf("%d/%d/%d/%d", p.n, p.target, p.toMove, p.players)
	}
	return fmt.Sprintf("%d/%d/%d", p.n, p.target, p.toMove)
}

// Players: two unless the options asked for more (the multi-seat tests).
func (p race) Players() int { return max(p.players, 2) }
func (p race) ToMove() int  { return p.toMove }
func (p race) Hash() uint64 { return uint64(p.n<<1 | p.toMove) }
func (p race) Result() core.Result {
	if p.n >= p.target {
		return core.Result{Over: true, Winner: (p.toMove + p.Players() - 1) % p.Players()}
	}
	return core.Ongoing
}
func (p race) Moves() []string {
	if p.Result().Over {
		return nil
	}
	return []string{"1", "2"}
}
func (p race) Play(m string) (core.Position, error) {
	if p.Result().Over {
		return nil, core.ErrGameOver
	}
	switch m {
	case "1", "2":
		d, _ := strconv.Atoi(m)
		return race{p.n + d, p.target, (p.toMove + 1) % p.Players(), p.players}, nil
	}
	return nil, fmt.Errorf("%q is not 1 or 2", m)
}

// timers is a fake clock: After records the call; fire runs the oldest.
type timers struct {
	pending []*timer
}

type timer struct {
	d         time.Duration
	f         func()
	cancelled bool
}

func (ts *timers) after(d time.Duration, f func()) func() {
	t := &timer{d: d, f: f}
	ts.pending = append(ts.pending, t)
	return func() { t.cancelled = true }
}

// fire runs the oldest timer that was not cancelled; false if none.
func (ts *timers) fire() bool {
	for len(ts.pending) > 0 {
		t := ts.pending[0]
		ts.pending = ts.pending[1:]
		if !t.cancelled {
			t.f()
			return true
		}
	}
	return false
}
