package main

import (
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/jumpers-game/jumpers/core/chinesecheckers"
)

func TestChineseCheckersContract(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"chinesecheckers", "perft", "--players", "2", "--depth", "1"}, "14\n"},
		{[]string{"chinesecheckers", "perft", "--players", "2", "--depth", "2"}, "196\n"},
		{[]string{"chinesecheckers", "perft", "--players", "2", "--depth", "3"}, "4760\n"},
		{[]string{"chinesecheckers", "perft", "--players", "6", "--depth", "2"}, "199\n"},
		{[]string{"chinesecheckers", "perft", "--players", "2", "--depth", "3", "--rules", "seed"}, "4760\n"},
		{[]string{"chinesecheckers", "apply", "--players", "2", "--moves", "d1e5,n1m6"},
			"2/22/222/.222/.....2......./............/.........../........../........./........../.........../............/....1......../.111/111/11/1 1 S,N\n"},
		{[]string{"chinesecheckers", "apply", "--position", "2/22/222/2222/............./............/.........../........../........./........../.........../............/............./1111/111/11/1 1 S,N", "--moves", ""},
			"2/22/222/2222/............./............/.........../........../........./........../.........../............/............./1111/111/11/1 1 S,N\n"},
	}
	for _, c := range cases {
		if got := ok(t, c.args...); got != c.want {
			t.Errorf("%v: got %q, want %q", c.args, got, c.want)
		}
	}
	for _, args := range [][]string{
		{"chinesecheckers", "apply", "--players", "2", "--moves", "d1e7"},
		{"chinesecheckers", "apply", "--players", "2", "--moves", "d1"},
		{"chinesecheckers", "apply", "--players", "5", "--moves", ""},
		{"chinesecheckers", "apply", "--position", "2/22 1 S,N", "--moves", ""},
		{"chinesecheckers", "perft", "--players", "2", "--depth", "2", "--rules", "wild"},
		{"chinesecheckers", "solve", "--movetime", "0"},
		{"chinesecheckers", "solve", "--rules", "wild"},
		{"chinesecheckers", "show"},
	} {
		refused(t, args...)
	}
	if e := refused(t, "chinesecheckers", "apply", "--players", "2", "--moves", "d1e5,d2e6"); !strings.Contains(e, `move 2 "d2e6"`) || !strings.Contains(e, "player 2") {
		t.Errorf("error line %q", e)
	}
}

func TestChineseCheckersSolve(t *testing.T) {
	out := ok(t, "chinesecheckers", "solve", "--movetime", "1500")
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	last := lines[len(lines)-1]
	if !strings.HasPrefix(last, "moves: ") || last != "moves: "+strconv.Itoa(len(lines)-1) {
		t.Fatalf("last line %q after %d moves", last, len(lines)-1)
	}
	p := chinesecheckers.SolitaireStart(chinesecheckers.DefaultRules())
	for _, l := range lines[:len(lines)-1] {
		m, err := chinesecheckers.ParseMove(l)
		if err != nil {
			t.Fatal(err)
		}
		if err := p.PlayChecked(m); err != nil {
			t.Fatalf("%s: %v", l, err)
		}
	}
	if over, _ := p.Over(); !over {
		t.Fatal("the solution does not finish")
	}
}

func TestChineseCheckersShowAndBestMove(t *testing.T) {
	out := ok(t, "chinesecheckers", "show", "--players", "2")
	if !strings.HasPrefix(out, "q              2\n") || !strings.Contains(out, "Player 1 (S) to move") {
		t.Errorf("show:\n%s", out)
	}
	mv := strings.TrimSpace(ok(t, "chinesecheckers", "bestmove", "--players", "3", "--depth", "2", "--seed", "1"))
	p, _ := chinesecheckers.Start(3, chinesecheckers.DefaultRules())
	m, err := chinesecheckers.ParseMove(mv)
	if err != nil || p.Check(m) != nil {
		t.Errorf("bestmove %q", mv)
	}
}

// The stall rule as the headless command shows it: a two-player shuffle
// ends at move 42; apply refuses a move after that, saying why; load and
// the engine report the end and its reason.
func TestChineseCheckersStallEnd(t *testing.T) {
	moves := []string{"d1e5", "n4m9"}
	cycle := []string{"e5d1", "m9n4", "d1e5", "n4m9"}
	for i := 0; len(moves) < 2+2*chinesecheckers.StallMoves; i++ {
		moves = append(moves, cycle[i%4])
	}
	reason := "stalled: no player came closer to its target in its last 20 moves; Player 1 and Player 2 have 119 holes to go each"
	list := strings.Join(moves, ",")
	e := refused(t, "chinesecheckers", "apply", "--players", "2", "--moves", list+",e5d1")
	if want := `error: move 43 "e5d1": the game is over (` + reason + ")"; e != want+"\n" {
		t.Errorf("error line %q\nwant %q", e, want)
	}
	save := filepath.Join(t.TempDir(), "g.json")
	ok(t, "chinesecheckers", "apply", "--players", "2", "--moves", list, "--save", save)
	if out := ok(t, "load", save); !strings.Contains(out, "moves: 42\nresult: draw\nreason: "+reason+"\nposition: ") || strings.Contains(out, "refused") {
		t.Errorf("load: %q", out)
	}
	// A save of the same shuffle from before the stall rule, played on to
	// the move limit, loads at the stall end with its refused moves named.
	out := ok(t, "load", "../../storage/testdata/old/cc-shuffle-to-limit.json")
	if want := "moves: 42\nresult: draw\nreason: " + reason + "\nposition: "; !strings.Contains(out, want) {
		t.Errorf("old save: %q", out)
	}
	if want := "\nrefused: move 43 \"e5d1\": the game is over (" + reason + ")\nrefused moves: 158 of rules version 1\n"; !strings.HasSuffix(out, want) {
		t.Errorf("old save: %q\nwant the end %q", out, want)
	}
	out, errs, status := cli(t, "uai\nposition startpos moves "+strings.Join(moves, " ")+"\ngo depth 1\nquit\n", "chinesecheckers", "engine")
	if status != 0 || errs != "" || !strings.HasSuffix(out, "info string game over ("+reason+")\nbestmove 0000\n") {
		t.Errorf("engine: status %d, stderr %q, out %q", status, errs, out)
	}
}
