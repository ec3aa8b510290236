package main

import (
	"fmt"
	"strings"

	"github.com/jumpers-game/jumpers/core/chinesecheckers"
	"github.com/jumpers-game/jumpers/core/record"
)

// The pace of a race, for any number of players: how many of its own
// moves a player took to get home from the first time it had at most T
// holes to go (its race distance, chinesecheckers.Position.ToGo), for A
// against every other seat together. With more than two players a first
// place is won by a move or two of the race, so these tell where A gains
// or loses its moves: in the opening (large T) or in the endgame (small).

// defaultPaceFrom is the distances to go the pace table starts from.
var defaultPaceFrom = []int{100, 60, 40, 20, 10}

// paceSide sums one side's own moves to get home, from each distance.
type paceSide struct {
	seats, home int   // player-games, and those that got home
	moves, from []int // per distance: the moves summed, the player-games counted
}

type paceReport struct {
	games, firsts int // firsts: games in which A got home first
	players       map[int]int
	dist          []int
	sides         [2]paceSide // A, the others
}

// measurePace replays every game and counts, for each player who got
// home, its own moves (passes included) from the position in which it
// first had at most T to go to the one in which it was home.
func measurePace(games []record.Game, player string, dist []int) (paceReport, error) {
	rep := paceReport{players: map[int]int{}, dist: dist}
	for s := range rep.sides {
		rep.sides[s].moves = make([]int, len(dist))
		rep.sides[s].from = make([]int, len(dist))
	}
	for k, g := range games {
		where := fmt.Sprintf("game %d (line %d)", k+1, g.Line)
		if g.Record.Game != chinesecheckers.ID {
			return rep, fmt.Errorf("%s: a game of %s, not Chinese Checkers", where, g.Record.Game)
		}
		n := g.Final.Players()
		seatA, err := seatOfA(g, player, n)
		if err != nil {
			return rep, fmt.Errorf("%s: %v", where, err)
		}
		positions, err := g.Record.Replay()
		if err != nil {
			return rep, fmt.Errorf("%s: %v", where, err)
		}
		rep.games++
		rep.players[n]++
		// own[i]: player i's moves so far; reached[i][d]: own moves when it
		// first had at most dist[d] to go (-1: not yet); homeAt[i]: own
		// moves when it got home (-1: never).
		own := make([]int, n)
		reached := make([][]int, n)
		homeAt := make([]int, n)
		homePly := make([]int, n)
		for i := range reached {
			reached[i] = make([]int, len(dist))
			for d := range reached[i] {
				reached[i][d] = -1
			}
			homeAt[i], homePly[i] = -1, -1
		}
		for ply, pos := range positions {
			p, err := chinesecheckers.Concrete(pos)
			if err != nil {
				return rep, fmt.Errorf("%s: %v", where, err)
			}
			for i := 0; i < n; i++ {
				if homeAt[i] >= 0 {
					continue
				}
				if done, _ := p.Finished(i); done {
					homeAt[i], homePly[i] = own[i], ply
					continue
				}
				for d, T := range dist {
					if reached[i][d] < 0 && p.ToGo(i) <= T {
						reached[i][d] = own[i]
					}
				}
			}
			if ply < len(positions)-1 {
				own[p.ToMove()]++
			}
		}
		first := -1
		for i := 0; i < n; i++ {
			if homePly[i] >= 0 && (first < 0 || homePly[i] < homePly[first]) {
				first = i
			}
		}
		if first >= 0 && first == seatA {
			rep.firsts++
		}
		for i := 0; i < n; i++ {
			sd := &rep.sides[0]
			if i != seatA {
				sd = &rep.sides[1]
			}
			sd.seats++
			if homeAt[i] < 0 {
				continue
			}
			sd.home++
			for d := range dist {
				if reached[i][d] >= 0 {
					sd.moves[d] += homeAt[i] - reached[i][d]
					sd.from[d]++
				}
			}
		}
	}
	if rep.games == 0 {
		return rep, fmt.Errorf("no game")
	}
	return rep, nil
}

// mean is the average moves from distance d, "-" with none counted.
func (sd paceSide) mean(d int) string {
	if sd.from[d] == 0 {
		return "-"
	}
	return fmt.Sprintf("%.2f", float64(sd.moves[d])/float64(sd.from[d]))
}

func (r paceReport) cells() [][]string {
	head := []string{"side", "got home", "first home"}
	for _, T := range r.dist {
		head = append(head, fmt.Sprintf("moves from %d to go", T))
	}
	rows := [][]string{head}
	for s, sd := range r.sides {
		row := []string{[]string{"A", "others"}[s], fmt.Sprintf("%d of %d", sd.home, sd.seats)}
		if s == 0 {
			row = append(row, fmt.Sprintf("%d of %d", r.firsts, r.games))
		} else {
			row = append(row, "")
		}
		for d := range r.dist {
			row = append(row, sd.mean(d))
		}
		rows = append(rows, row)
	}
	diff := []string{"A − others", "", ""}
	for d := range r.dist {
		a, o := r.sides[0], r.sides[1]
		if a.from[d] == 0 || o.from[d] == 0 {
			diff = append(diff, "-")
			continue
		}
		diff = append(diff, fmt.Sprintf("%+.2f", float64(a.moves[d])/float64(a.from[d])-float64(o.moves[d])/float64(o.from[d])))
	}
	return append(rows, diff)
}

func (r paceReport) footer() string {
	var counts []string
	for n := 2; n <= chinesecheckers.MaxPlayers; n++ {
		if c := r.players[n]; c > 0 {
			counts = append(counts, fmt.Sprintf("%d of %d players", c, n))
		}
	}
	return fmt.Sprintf("%d games (%s). Moves: a player's own moves, passes included, from the first position with at most that many holes to go until it is home; means over the player-games that got home.\n",
		r.games, strings.Join(counts, ", "))
}

func (r paceReport) text() string     { return tableText(r.cells(), r.footer()) }
func (r paceReport) markdown() string { return tableMarkdown(r.cells(), r.footer()) }
