package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
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
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{noSeat}, "give --player NAME"},
		{[]string{"testdata/hand.pgn", "--player", "Gamma"}, `no seat is named "Gamma"`},
		{[]string{three}, "not two-player Chinese Checkers"},
		{[]string{filepath.Join(dir, "missing.pgn")}, "missing.pgn"},
		{[]string{"testdata/hand.pgn", "--ply", "-1"}, "--ply -1"},
		{nil, "give one FILE"},
	} {
		out, errs, status := runTool(t, c.args...)
		if status != 2 || out != "" || !strings.HasPrefix(errs, "error: ") || !strings.Contains(errs, c.want) {
			t.Errorf("%v: status %d, stdout %q, stderr %q; want an error with %q", c.args, status, out, errs, c.want)
		}
	}
}

// A file written as the arena writes it (Match.GameRecord, the one
// writer): the figures agree with the match's own summary and moves.
func TestArenaFile(t *testing.T) {
	g := chinesecheckers.Game{}
	opts := core.Options{Players: 2, Rules: "default"}
	book, err := arena.RandomBook(g, opts, 2, 2, 9)
	if err != nil {
		t.Fatal(err)
	}
	a := arena.AI{Game: g, Level: "Beginner", Depth: 1}
	b := arena.AI{Game: g, Level: "Novice", Depth: 1}
	m := arena.Match{Game: g, Options: opts, A: a, B: b, Games: 4, Book: book, Seed: 3}
	sum, err := m.Play(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var text strings.Builder
	plies := 0
	for _, gr := range sum.Games {
		rec, info := m.GameRecord(gr, a.Name(), b.Name(), time.Now())
		if err := record.Write(&text, rec, info); err != nil {
			t.Fatal(err)
		}
		text.WriteString("\n")
		plies += len(gr.Moves)
	}
	games, err := record.ReadAll(text.String())
	if err != nil {
		t.Fatal(err)
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
