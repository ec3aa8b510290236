package main

import (
	"bytes"
	"context"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/arena"
	"github.com/jumpers-game/jumpers/core/chinesecheckers"
	"github.com/jumpers-game/jumpers/core/record"
)

func runTool(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	status := run(args, &out, &errb)
	return out.String(), errb.String(), status
}

// tableRows reads the rows of the markdown table by their side (A, B).
func tableRows(t *testing.T, out string) map[string][]string {
	t.Helper()
	rows := map[string][]string{}
	for _, line := range strings.Split(out, "\n") {
		if !strings.HasPrefix(line, "| A |") && !strings.HasPrefix(line, "| B |") {
			continue
		}
		var cells []string
		for _, c := range strings.Split(strings.Trim(line, "| "), " | ") {
			cells = append(cells, strings.TrimSpace(c))
		}
		rows[cells[0]] = cells
	}
	if len(rows) != 2 {
		t.Fatalf("no rows A and B in\n%s", out)
	}
	return rows
}

// The hand-made file's figures, counted by hand in its comments.
func TestHandMadeFigures(t *testing.T) {
	out, errs, status := runTool(t, "testdata/hand.pgn", "--ply", "2", "-markdown")
	if status != 0 {
		t.Fatalf("status %d: %s", status, errs)
	}
	rows := tableRows(t, out)
	want := map[string]string{
		"A": "A Alpha 2 +1 =1 -0 75.0% 1.5 0 0.00",
		"B": "B Beta 2 +0 =1 -1 25.0% 4 1 1.00",
	}
	for s, w := range want {
		if got := strings.Join(rows[s], " "); got != w {
			t.Errorf("row %s: %q, want %q", s, got, w)
		}
	}
	if !strings.Contains(out, "2 games, mean length 3.5 plies") || !strings.Contains(out, "at ply 2") {
		t.Errorf("the length or the ply is missing:\n%s", out)
	}
	// At ply 40 both games have ended: the pieces are counted at the end
	// (Beta keeps d2 at home in game 2), and the output says so.
	out, _, _ = runTool(t, "testdata/hand.pgn", "-markdown")
	if rows := tableRows(t, out); rows["A"][7] != "0.00" || rows["B"][7] != "0.50" || !strings.Contains(out, "2 games end before ply 40") {
		t.Errorf("at ply 40:\n%s", out)
	}
	// --player names A by its seat's name instead of the SeatA tag.
	out, _, _ = runTool(t, "--player", "Beta", "--ply", "2", "testdata/hand.pgn", "-markdown")
	if rows := tableRows(t, out); strings.Join(rows["A"][1:], " ") != "Beta 2 +0 =1 -1 25.0% 4 1 1.00" {
		t.Errorf("--player Beta:\n%s", out)
	}
}

func TestRefusals(t *testing.T) {
	hand, err := os.ReadFile("testdata/hand.pgn")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	noSeat := filepath.Join(dir, "noseat.pgn")
	if err := os.WriteFile(noSeat, []byte(strings.ReplaceAll(string(hand), "[SeatA", "[Seat")), 0o644); err != nil {
		t.Fatal(err)
	}
	three := filepath.Join(dir, "three.pgn")
	if err := os.WriteFile(three, []byte("[Game \"chinesecheckers\"]\n[Players \"3\"]\n\n*\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	checkRefusals(t, []refusal{
		{[]string{noSeat}, "give --player NAME"},
		{[]string{"testdata/hand.pgn", "--player", "Gamma"}, `no seat is named "Gamma"`},
		{[]string{three}, "not two-player Chinese Checkers"},
		{[]string{filepath.Join(dir, "missing.pgn")}, "missing.pgn"},
		{[]string{"testdata/hand.pgn", "--ply", "-1"}, "--ply -1"},
		{nil, "give one FILE"},
	})
}

// A file written as the arena writes it (Match.GameRecord, the one
// writer): the figures agree with the match's own summary and moves.
func TestArenaFile(t *testing.T) {
	a := arena.AI{Game: chinesecheckers.Game{}, Level: "Beginner", Depth: 1}
	b := arena.AI{Game: chinesecheckers.Game{}, Level: "Novice", Depth: 1}
	sum, games := arenaFile(t, 2, a, b, 4, 9, 3)
	plies := 0
	for _, gr := range sum.Games {
		plies += len(gr.Moves)
	}
	rep, err := measure(games, "", 40)
	if err != nil {
		t.Fatal(err)
	}
	A, B := rep.sides[0], rep.sides[1]
	if A.wins != sum.Wins || A.draws != sum.Draws || A.losses != sum.Losses || B.wins != sum.Losses || B.losses != sum.Wins {
		t.Fatalf("A +%d =%d -%d, B +%d -%d; the match: %+v", A.wins, A.draws, A.losses, B.wins, B.losses, sum)
	}
	if rep.games != 4 || rep.plies != plies {
		t.Fatalf("%d games of %d plies, the match %d of %d", rep.games, rep.plies, len(sum.Games), plies)
	}
	for s, sd := range rep.sides {
		if len(sd.emptied)+sd.never != 4 || sd.names[0] != []string{a.Name(), b.Name()}[s] {
			t.Fatalf("side %d: %+v", s, sd)
		}
		for _, p := range sd.emptied {
			if p < 19 { // ten moves of its own at the least
				t.Fatalf("side %d: home empty at ply %d", s, p)
			}
		}
	}
	// A's figures again, from the position texts: with two players the
	// homes are the four rows at either end of the text (S: a to d, last;
	// N: n to q, first).
	var emptied []int
	atHome := 0
	for k, gr := range sum.Games {
		positions, err := games[k].Record.Replay()
		if err != nil {
			t.Fatal(err)
		}
		digit := string(rune('1' + gr.ASeat))
		home := func(pos core.Position) int {
			rows := strings.Split(strings.Fields(pos.String())[0], "/")
			if gr.ASeat == 0 {
				rows = rows[13:]
			} else {
				rows = rows[:4]
			}
			return strings.Count(strings.Join(rows, ""), digit)
		}
		for i, pos := range positions {
			if home(pos) == 0 {
				emptied = append(emptied, i)
				break
			}
		}
		atHome += home(positions[min(40, len(positions)-1)])
	}
	t.Logf("A: home empty at %v, %d pieces at home at ply 40 in 4 games", A.emptied, A.atHome)
	if got, _ := median(A.emptied); len(emptied) != len(A.emptied) || got != must(median(emptied)) || atHome != A.atHome {
		t.Fatalf("A: home empty at %v, %d at home at ply 40; from the texts %v, %d", A.emptied, A.atHome, emptied, atHome)
	}
}

func must(v float64, _ bool) float64 { return v }

// The hand-made three-player file's pace, counted by hand in its comments.
func TestPaceHandMade(t *testing.T) {
	out, errs, status := runTool(t, "testdata/pace3.pgn", "--pace", "--from", "100,1,0", "-markdown")
	if status != 0 {
		t.Fatalf("status %d: %s", status, errs)
	}
	for _, want := range []string{
		"| A | 2 of 2 | 1 of 2 | 1.00 | 1.00 | - |",
		"| others | 2 of 4 |  | 2.00 | 2.00 | - |",
		"| A − others |  |  | -1.00 | -1.00 | - |",
		"2 games (2 of 3 players)",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
	// --player names A by its seat's name: Beta is seat 2 in game 1 (home
	// after 3 moves, not first) and seat 1 in game 2 (home after 1, first).
	out, _, _ = runTool(t, "testdata/pace3.pgn", "--pace", "--player", "Beta", "--from", "1", "-markdown")
	if !strings.Contains(out, "| A | 2 of 2 | 1 of 2 | 2.00 |") || !strings.Contains(out, "| others | 2 of 4 |  | 1.00 |") {
		t.Errorf("--player Beta:\n%s", out)
	}
}

func TestPaceRefusals(t *testing.T) {
	pace, err := os.ReadFile("testdata/pace3.pgn")
	if err != nil {
		t.Fatal(err)
	}
	seat9 := filepath.Join(t.TempDir(), "seat9.pgn")
	if err := os.WriteFile(seat9, []byte(strings.Replace(string(pace), `[SeatA "1"]`, `[SeatA "9"]`, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	checkRefusals(t, []refusal{
		{[]string{"testdata/pace3.pgn", "--from", "10"}, "--from goes with --pace"},
		{[]string{"testdata/pace3.pgn", "--pace", "--from", "10,x"}, `"x" is not a distance`},
		{[]string{"testdata/pace3.pgn", "--pace", "--from", "-1"}, `"-1" is not a distance`},
		{[]string{"testdata/pace3.pgn", "--pace", "--from", strings.Repeat("1,", 20) + "1"}, "at most 20"},
		{[]string{seat9, "--pace"}, `SeatA "9" is not a seat from 1 to 3`},
		{[]string{"testdata/pace3.pgn"}, "not two-player Chinese Checkers"},
	})
}

// A three-player file written as the arena writes it: A got home first
// exactly in the games where the arena placed it first and it got home.
func TestPaceArenaFile(t *testing.T) {
	a := arena.AI{Game: chinesecheckers.Game{}, Level: "Novice", Depth: 2}
	b := arena.AI{Game: chinesecheckers.Game{}, Level: "Novice", Depth: 1}
	sum, games := arenaFile(t, 3, a, b, 3, 5, 4)
	firsts := 0
	for k, gr := range sum.Games {
		final, err := chinesecheckers.Concrete(games[k].Final)
		if err != nil {
			t.Fatal(err)
		}
		if home, _ := final.Finished(gr.ASeat); home && gr.Result.Places[gr.ASeat] == 1 {
			firsts++
		}
	}
	rep, err := measurePace(games, "", []int{1000, 20, 0})
	if err != nil {
		t.Fatal(err)
	}
	A, O := rep.sides[0], rep.sides[1]
	t.Logf("A first home in %d of 3; A %+v; others %+v", rep.firsts, A, O)
	if rep.games != 3 || A.seats != 3 || O.seats != 6 || rep.firsts != firsts {
		t.Fatalf("%d games, seats %d and %d, A first home in %d; the match: first in %d", rep.games, A.seats, O.seats, rep.firsts, firsts)
	}
	for s, sd := range rep.sides {
		// From any distance (1000) every player who got home is counted,
		// from 0 nobody, and nobody gets home in fewer than 10 moves.
		if sd.from[0] != sd.home || sd.from[2] != 0 || (sd.home > 0 && sd.moves[0] < 10*sd.home) || sd.moves[1] > sd.moves[0] {
			t.Fatalf("side %d: %+v", s, sd)
		}
	}
}

// parseDistances never panics, and what it accepts it reads back alike
// from its own text.
func FuzzParseDistances(f *testing.F) {
	for _, s := range []string{"100,60,40,20,10", "0", "", ",", "1, 2", "-1", "99999999999999999999"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, err := parseDistances(s)
		if err != nil {
			return
		}
		if len(d) == 0 || len(d) > 20 {
			t.Fatalf("%q: %v", s, d)
		}
		parts := make([]string, len(d))
		for i, v := range d {
			if v < 0 {
				t.Fatalf("%q: %v", s, d)
			}
			parts[i] = strconv.Itoa(v)
		}
		again, err := parseDistances(strings.Join(parts, ","))
		if err != nil || !slices.Equal(again, d) {
			t.Fatalf("%q: %v, read back %v, %v", s, d, again, err)
		}
	})
}

// arenaFile plays a match of Chinese Checkers for the given players, from
// a random book of 2-ply openings (bookSeed), writes its games as the
// arena writes them (Match.GameRecord, the one writer) and reads them back.
func arenaFile(t *testing.T, players int, a, b arena.AI, games int, bookSeed, seed int64) (arena.Summary, []record.Game) {
	t.Helper()
	g := chinesecheckers.Game{}
	opts := core.Options{}.WithInt(core.OptPlayers, players).With(core.OptRules, "default")
	book, err := arena.RandomBook(g, opts, players, players, bookSeed)
	if err != nil {
		t.Fatal(err)
	}
	m := arena.Match{Game: g, Options: opts, A: a, B: b, Games: games, Book: book, Seed: seed}
	sum, err := m.Play(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var text strings.Builder
	for _, gr := range sum.Games {
		rec, info := m.GameRecord(gr, a.Name(), b.Name(), time.Now())
		if err := record.Write(&text, rec, info); err != nil {
			t.Fatal(err)
		}
		text.WriteString("\n")
	}
	read, err := record.ReadAll(text.String())
	if err != nil {
		t.Fatal(err)
	}
	return sum, read
}

type refusal struct {
	args []string
	want string // in the one error line
}

// checkRefusals runs each case: exit status 2, nothing on stdout, and one
// error line naming the problem.
func checkRefusals(t *testing.T, cases []refusal) {
	t.Helper()
	for _, c := range cases {
		out, errs, status := runTool(t, c.args...)
		if status != 2 || out != "" || !strings.HasPrefix(errs, "error: ") || !strings.Contains(errs, c.want) {
			t.Errorf("%v: status %d, stdout %q, stderr %q; want an error with %q", c.args, status, out, errs, c.want)
		}
	}
}

// The fit finds tables it was given: positions made up with known piece
// and rearmost-piece costs are fitted back to those costs.
func TestFitRecoversTables(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var piece, back [fitMaxDist + 1]float64
	for d := range piece {
		piece[d] = float64(d)*0.2 + math.Sin(float64(d)) // anything but a line
		if d >= fitBackMin {
			back[d] = math.Sqrt(float64(d))
		}
	}
	var samples []fitSample
	for range 2000 {
		var s fitSample
		// Every rearmost distance, some within 4 holes (B is 0 there: else
		// f and B are known only up to f+k, B-10k).
		farthest := rng.IntN(fitMaxDist + 1)
		for k := range 10 {
			d := farthest
			if k > 0 {
				d = rng.IntN(farthest + 1)
			}
			s.perDist[d]++
			s.back = max(s.back, d)
			s.moves += piece[d]
		}
		s.moves += back[s.back]
		samples = append(samples, s)
	}
	w, rmse := leastSquares(samples, (*fitSample).features)
	if rmse > 1e-6 {
		t.Errorf("rmse %g for an exact model", rmse)
	}
	for d := 0; d <= fitMaxDist; d++ {
		if math.Abs(w[d]-piece[d]) > 1e-6 {
			t.Errorf("f(%d) = %g, want %g", d, w[d], piece[d])
		}
		if d >= fitBackMin && math.Abs(w[fitMaxDist+1+d-fitBackMin]-back[d]) > 1e-6 {
			t.Errorf("B(%d) = %g, want %g", d, w[fitMaxDist+1+d-fitBackMin], back[d])
		}
	}
}

// The hand-made file has six positions of players who got home: in game
// 1 player 1's one move and player 2's three, in game 2 player 1's and
// player 3's one each (player 3 of game 1 and player 2 of game 2 never
// get home and are left out).
func TestFitHandMade(t *testing.T) {
	out, errs, status := runTool(t, "testdata/pace3.pgn", "--fit")
	if status != 0 {
		t.Fatalf("status %d: %s", status, errs)
	}
	if !strings.Contains(out, "6 positions of players who got home, from 2 games") {
		t.Errorf("output:\n%s", out)
	}
	checkRefusals(t, []refusal{
		{[]string{"testdata/pace3.pgn", "--fit", "--pace"}, "--fit goes alone"},
		{[]string{"testdata/pace3.pgn", "--fit", "--player", "Beta"}, "--fit goes alone"},
	})
}

// On real games the tables fit at least as well as the straight line in
// race distance, which they contain (f(d) = a/10 + c·d).
func TestFitArenaFile(t *testing.T) {
	a := arena.AI{Game: chinesecheckers.Game{}, Level: "Novice", Depth: 2}
	b := arena.AI{Game: chinesecheckers.Game{}, Level: "Novice", Depth: 1}
	_, games := arenaFile(t, 3, a, b, 2, 5, 4)
	rep, err := raceFit(games)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d samples, rmse %.3f, line %.3f", rep.samples, rep.rmse, rep.lineRMSE)
	if rep.samples < 50 || rep.rmse > rep.lineRMSE+1e-9 || rep.lineRMSE <= 0 {
		t.Fatalf("%d samples, rmse %.3f against the line's %.3f", rep.samples, rep.rmse, rep.lineRMSE)
	}
	total := 0
	for _, c := range rep.counts {
		total += c
	}
	if total != rep.samples {
		t.Fatalf("counts by rearmost piece sum to %d, not %d", total, rep.samples)
	}
}
