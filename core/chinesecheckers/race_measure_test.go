package chinesecheckers

import (
	"context"
	"flag"
	"fmt"
	"os"
	"strconv"
	"testing"

	"github.com/jumpers-game/jumpers/core/record"
)

// Measurements on game records (`jumpers-cli arena --record FILE`), for
// the multi-player figures of docs/benchmarks-chinesecheckers.md. Seat A
// is each record's SeatA tag; "others" are the other seats together.
var (
	measureRecords = flag.String("records", "", "game records for TestRaceHeadroom and TestMoveGains (empty: skip them)")
	headroomFrom   = flag.Int("headroom.from", 20, "TestRaceHeadroom starts where a player first has at most this many holes to go")
)

// measuredGame is one record replayed: its positions and seat A.
type measuredGame struct {
	positions []Position
	seatA     int
}

func readMeasured(t *testing.T) []measuredGame {
	t.Helper()
	if *measureRecords == "" {
		t.Skip("a measurement: -records FILE")
	}
	data, err := os.ReadFile(*measureRecords)
	if err != nil {
		t.Fatal(err)
	}
	games, err := record.ReadAll(string(data))
	if err != nil {
		t.Fatal(err)
	}
	var out []measuredGame
	for _, g := range games {
		m := measuredGame{seatA: -1}
		for _, tag := range g.Tags {
			if tag.Name == "SeatA" {
				v, _ := strconv.Atoi(tag.Value)
				m.seatA = v - 1
			}
		}
		poss, err := g.Record.Replay()
		if err != nil {
			t.Fatal(err)
		}
		for _, pos := range poss {
			p, err := Concrete(pos)
			if err != nil {
				t.Fatal(err)
			}
			m.positions = append(m.positions, p)
		}
		out = append(out, m)
	}
	return out
}

// TestRaceHeadroom asks how far the endgame is from the race planner's:
// from the first position in which a player who got home had at most
// -headroom.from holes to go and was to move, the own moves it took, the
// planner's plan with every other piece standing still (they are ladders
// and fill target holes; in the game they move on), and the planner's plan
// with the player's pieces alone on the board.
//
//	go test ./core/chinesecheckers -run TestRaceHeadroom -v -records six.pgn -headroom.from 20
func TestRaceHeadroom(t *testing.T) {
	games := readMeasured(t)
	type side struct {
		n                   int
		took, frozen, alone float64
	}
	var sides [2]side
	for _, g := range games {
		n := g.positions[0].Players()
		own := make([]int, n)
		from := make([]int, n)
		frozen, alone := make([]int, n), make([]int, n)
		home := make([]int, n)
		for i := range from {
			from[i], home[i] = -1, -1
		}
		for k := range g.positions {
			p := &g.positions[k]
			for i := 0; i < n; i++ {
				if home[i] >= 0 {
					continue
				}
				if done, _ := p.Finished(i); done {
					home[i] = own[i]
					continue
				}
				if from[i] < 0 && p.ToMove() == i && p.ToGo(i) <= *headroomFrom {
					from[i] = own[i]
					mine := raceKeyOfPlayer(p, i).mine
					r := newRaceProblem(p, i)
					frozen[i] = len(r.beam(context.Background(), mine, 1024, 200))
					r.others = bitboard{}
					alone[i] = len(r.beam(context.Background(), mine, 1024, 200))
				}
			}
			if k < len(g.positions)-1 {
				own[p.ToMove()]++
			}
		}
		for i := 0; i < n; i++ {
			if home[i] < 0 || from[i] < 0 {
				continue
			}
			s := &sides[1]
			if i == g.seatA {
				s = &sides[0]
			}
			s.n++
			s.took += float64(home[i] - from[i])
			s.frozen += float64(frozen[i])
			s.alone += float64(alone[i])
		}
	}
	for k, name := range []string{"A", "others"} {
		s := sides[k]
		if s.n == 0 {
			continue
		}
		fmt.Printf("%s: %d player-games from %d to go: own moves taken %.2f, planner with the others standing %.2f, planner alone %.2f\n",
			name, s.n, *headroomFrom, s.took/float64(s.n), s.frozen/float64(s.n), s.alone/float64(s.n))
	}
}

// TestMoveGains compares the moves played with the race gains on offer:
// by phase (holes to go: 80 or more, 25 to 79, less than 25), the moves a
// side played, the share that gained nothing, the mean gain of the move
// played and the mean of the best gain one move could make.
//
//	go test ./core/chinesecheckers -run TestMoveGains -v -records six.pgn
func TestMoveGains(t *testing.T) {
	games := readMeasured(t)
	type acc struct{ n, idle, gain, best int }
	var a [2][3]acc
	for _, g := range games {
		for k := 0; k+1 < len(g.positions); k++ {
			p, q := &g.positions[k], &g.positions[k+1]
			pl := p.ToMove()
			if done, _ := p.Finished(pl); done {
				continue
			}
			togo := p.ToGo(pl)
			phase := 0
			if togo < 25 {
				phase = 2
			} else if togo < 80 {
				phase = 1
			}
			s := 1
			if pl == g.seatA {
				s = 0
			}
			x := &a[s][phase]
			x.n++
			gain := togo - q.ToGo(pl)
			if gain <= 0 {
				x.idle++
			}
			x.gain += gain
			x.best += p.bestGain(pl)
		}
	}
	for s, name := range []string{"A", "others"} {
		for phase, span := range []string{"80+", "25-79", "<25"} {
			x := a[s][phase]
			if x.n == 0 {
				continue
			}
			fmt.Printf("%s, %s to go: %d moves, %.1f%% gain nothing, gain %.2f, best on offer %.2f\n",
				name, span, x.n, 100*float64(x.idle)/float64(x.n), float64(x.gain)/float64(x.n), float64(x.best)/float64(x.n))
		}
	}
}
