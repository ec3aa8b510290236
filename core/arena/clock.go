package arena

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/jumpers-game/jumpers/core"
)

// Clock is a match's time control, as tournament managers keep it (the
// Ataxx community's cuteataxx plays 10 s + 0.1 s): each side starts with
// Base and gains Inc after each of its moves; a reply is charged in whole
// milliseconds, and a side whose reply takes longer than the time it has
// left loses the game (it flagged).
type Clock struct {
	Base, Inc time.Duration
}

// ParseClock reads a time control "BASE+INC" in seconds ("10+0.1"), to
// the millisecond (the engine protocol's unit), at most a day.
func ParseClock(s string) (Clock, error) {
	base, inc, ok := strings.Cut(s, "+")
	if !ok {
		inc = "0"
	}
	var c Clock
	for _, f := range []struct {
		text string
		into *time.Duration
	}{{base, &c.Base}, {inc, &c.Inc}} {
		secs, err := strconv.ParseFloat(strings.TrimSpace(f.text), 64)
		if err != nil || !(secs >= 0 && secs <= 86400) {
			return Clock{}, fmt.Errorf("time control %q: want seconds BASE+INC, like 10+0.1", s)
		}
		*f.into = time.Duration(math.Round(secs*1000)) * time.Millisecond
	}
	if c.Base <= 0 {
		return Clock{}, fmt.Errorf("time control %q: the base time must be more than 0", s)
	}
	return c, nil
}

func (c Clock) String() string {
	return fmt.Sprintf("%g+%g", c.Base.Seconds(), c.Inc.Seconds())
}

// ClockPlayer is a Player that plays on a clock: it is told each seat's
// time left and the increment, and answers its move with the time the
// reply took as a manager charges it.
type ClockPlayer interface {
	Player
	MoveOnClock(ctx context.Context, start core.Position, moves []string, pos core.Position, left []time.Duration, inc time.Duration) (move string, took time.Duration, err error)
}

// ClockUse is how one side used its clock in a game.
type ClockUse struct {
	Moves int
	Spent time.Duration
	// MostShare is the largest share of the time it had left that one of
	// its moves took.
	MostShare float64
}

func (u *ClockUse) add(took, left time.Duration) {
	u.Moves++
	u.Spent += took
	if left > 0 {
		u.MostShare = max(u.MostShare, float64(took)/float64(left))
	} else {
		u.MostShare = max(u.MostShare, 1)
	}
}

// clockReport sums how both sides used their clocks over a match's games:
// "" for a match without a clock.
func clockReport(games []GameResult, a, b string) string {
	var sb strings.Builder
	for _, side := range []struct {
		name string
		use  func(GameResult) ClockUse
	}{{a, func(g GameResult) ClockUse { return g.ClockA }}, {b, func(g GameResult) ClockUse { return g.ClockB }}} {
		var moves, played int
		var spent time.Duration
		most := 0.0
		for _, g := range games {
			u := side.use(g)
			if u.Moves == 0 {
				continue
			}
			played++
			moves += u.Moves
			spent += u.Spent
			most = max(most, u.MostShare)
		}
		if moves == 0 {
			continue
		}
		fmt.Fprintf(&sb, "clock %s: %.1f s a game, %d ms a move on average, at most %.1f%% of the time left on one move\n",
			side.name, spent.Seconds()/float64(played), (spent / time.Duration(moves)).Milliseconds(), 100*most)
	}
	return sb.String()
}
