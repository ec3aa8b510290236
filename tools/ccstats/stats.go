package main

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/jumpers-game/jumpers/core/chinesecheckers"
	"github.com/jumpers-game/jumpers/core/record"
)

// side is what one arena player did over the games.
type side struct {
	names []string // the names it played under, in order of appearance
	// wins, draws, losses count its results; undecided games ("*": not
	// over, not adjudicated) count in none and not in the win share.
	wins, draws, losses, undecided int
	// emptied holds the ply at which its home held none of its own pieces
	// for the first time, per game where that happened; never counts the
	// others.
	emptied []int
	never   int
	// atHome sums the pieces in its home at ply atPly (at the last ply in
	// a shorter game).
	atHome int
}

// report is the figures of a file.
type report struct {
	sides   [2]side // A, B
	games   int
	plies   int // moves of all games
	atPly   int
	shorter int // games that end before atPly
}

// homeCount is the number of player i's pieces in its own start arm.
func homeCount(p *chinesecheckers.Position, i int) int {
	n := 0
	for _, h := range p.Pieces(i) {
		if a, ok := chinesecheckers.ArmOf(h); ok && a == p.Seat(i) {
			n++
		}
	}
	return n
}

// measure replays every game. A is the seat its SeatA tag names, or the
// seat whose name is player when given.
func measure(games []record.Game, player string, atPly int) (report, error) {
	rep := report{atPly: atPly}
	for k, g := range games {
		where := fmt.Sprintf("game %d (line %d)", k+1, g.Line)
		if g.Record.Game != chinesecheckers.ID || g.Final.Players() != 2 {
			return rep, fmt.Errorf("%s: a game of %s for %d players, not two-player Chinese Checkers", where, g.Record.Game, g.Final.Players())
		}
		seatA, err := seatOfA(g, player, 2)
		if err != nil {
			return rep, fmt.Errorf("%s: %v", where, err)
		}
		positions, err := g.Record.Replay()
		if err != nil {
			return rep, fmt.Errorf("%s: %v", where, err)
		}
		concrete := make([]chinesecheckers.Position, len(positions))
		for i, pos := range positions {
			if concrete[i], err = chinesecheckers.Concrete(pos); err != nil {
				return rep, fmt.Errorf("%s: %v", where, err)
			}
		}
		last := len(concrete) - 1
		at := min(atPly, last)
		if last < atPly {
			rep.shorter++
		}
		rep.games++
		rep.plies += last
		for s := range rep.sides {
			seat := seatA
			if s == 1 {
				seat = 1 - seatA
			}
			sd := &rep.sides[s]
			if name := g.Names[seat]; name != "" && !contains(sd.names, name) {
				sd.names = append(sd.names, name)
			}
			switch g.Result {
			case record.Draw:
				sd.draws++
			case record.Unknown:
				sd.undecided++
			case winnerToken(seat):
				sd.wins++
			default:
				sd.losses++
			}
			ply := -1
			for i := range concrete {
				if homeCount(&concrete[i], seat) == 0 {
					ply = i
					break
				}
			}
			if ply < 0 {
				sd.never++
			} else {
				sd.emptied = append(sd.emptied, ply)
			}
			sd.atHome += homeCount(&concrete[at], seat)
		}
	}
	if rep.games == 0 {
		return rep, fmt.Errorf("no game")
	}
	return rep, nil
}

// seatOfA is A's seat (0-based) in game g of n players: the seat named
// player, or the one its SeatA tag gives.
func seatOfA(g record.Game, player string, n int) (int, error) {
	if player != "" {
		seat := -1
		for i, n := range g.Names {
			if n == player {
				if seat >= 0 {
					return 0, fmt.Errorf("both seats are named %q", player)
				}
				seat = i
			}
		}
		if seat < 0 {
			return 0, fmt.Errorf("no seat is named %q (seats: %q)", player, g.Names)
		}
		return seat, nil
	}
	for _, t := range g.Tags {
		if t.Name == "SeatA" {
			v, err := strconv.Atoi(t.Value)
			if err != nil || v < 1 || v > n {
				return 0, fmt.Errorf("line %d: SeatA %q is not a seat from 1 to %d", t.Line, t.Value, n)
			}
			return v - 1, nil
		}
	}
	return 0, fmt.Errorf("no SeatA tag (not written by jumpers-cli arena --record): give --player NAME")
}

func winnerToken(seat int) string {
	if seat == 0 {
		return record.FirstWon
	}
	return record.SecondWon
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// median of the plies; ok is false when there are none.
func median(v []int) (float64, bool) {
	if len(v) == 0 {
		return 0, false
	}
	s := append([]int(nil), v...)
	sort.Ints(s)
	n := len(s)
	if n%2 == 1 {
		return float64(s[n/2]), true
	}
	return float64(s[n/2-1]+s[n/2]) / 2, true
}

// row is one side's figures as text.
func (r report) row(s int) []string {
	sd := r.sides[s]
	name := strings.Join(sd.names, ", ")
	if name == "" {
		name = "?"
	}
	share := "-"
	if decided := sd.wins + sd.draws + sd.losses; decided > 0 {
		share = fmt.Sprintf("%.1f%%", 100*(float64(sd.wins)+float64(sd.draws)/2)/float64(decided))
	}
	med := "-"
	if m, ok := median(sd.emptied); ok {
		med = strconv.FormatFloat(m, 'f', -1, 64)
	}
	return []string{
		[]string{"A", "B"}[s],
		name,
		strconv.Itoa(sd.wins + sd.draws + sd.losses + sd.undecided),
		fmt.Sprintf("+%d =%d -%d", sd.wins, sd.draws, sd.losses),
		share,
		med,
		strconv.Itoa(sd.never),
		fmt.Sprintf("%.2f", float64(sd.atHome)/float64(r.games)),
	}
}

func (r report) header() []string {
	return []string{"side", "player", "games", "results", "win share", "home empty: median ply",
		"home never emptied", fmt.Sprintf("pieces at home at ply %d: mean", r.atPly)}
}

// footer gives the mean game length and what the figures count.
func (r report) footer() string {
	s := fmt.Sprintf("%d games, mean length %.1f plies (plies from each record's start, its opening included).\n",
		r.games, float64(r.plies)/float64(r.games))
	if r.shorter > 0 {
		s += fmt.Sprintf("%d games end before ply %d: their pieces at home are counted at their end.\n", r.shorter, r.atPly)
	}
	if u := r.sides[0].undecided; u > 0 {
		s += fmt.Sprintf("%d games have no result (*) and are left out of the win share.\n", u)
	}
	return s
}

func (r report) text() string {
	var b strings.Builder
	w := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	fmt.Fprintln(w, strings.Join(r.header(), "\t"))
	for s := range r.sides {
		fmt.Fprintln(w, strings.Join(r.row(s), "\t"))
	}
	_ = w.Flush()
	return b.String() + r.footer()
}

func (r report) markdown() string {
	var b strings.Builder
	head := r.header()
	for i := range head {
		head[i] = strings.ToUpper(head[i][:1]) + head[i][1:]
	}
	b.WriteString("| " + strings.Join(head, " | ") + " |\n")
	b.WriteString("|" + strings.Repeat(" --- |", len(head)) + "\n")
	for s := range r.sides {
		cells := r.row(s)
		for i, c := range cells {
			cells[i] = strings.ReplaceAll(c, "|", `\|`)
		}
		b.WriteString("| " + strings.Join(cells, " | ") + " |\n")
	}
	return b.String() + "\n" + r.footer()
}
