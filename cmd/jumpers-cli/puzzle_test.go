package main

import (
	"strconv"
	"strings"
	"testing"

	"github.com/jumpers-game/jumpers/core/puzzle"
)

// The list is the contract's: seven tab-separated fields, the rules as
// --rules takes them, the position as bestmove takes it.
func TestPuzzleListFormat(t *testing.T) {
	all := strings.Split(strings.TrimSuffix(ok(t, "puzzle", "list"), "\n"), "\n")
	games := map[string]int{}
	for _, line := range all {
		f := strings.Split(line, "\t")
		if len(f) != 7 {
			t.Fatalf("%d fields: %q", len(f), line)
		}
		if _, err := strconv.Atoi(f[3]); err != nil {
			t.Fatalf("rating %q: %q", f[3], line)
		}
		games[f[1]]++
	}
	for _, g := range []string{"cube", "ataxx", "chinesecheckers"} {
		if games[g] == 0 {
			t.Fatalf("no %s puzzle listed", g)
		}
		one := strings.Split(strings.TrimSuffix(ok(t, "puzzle", "list", "--game", g), "\n"), "\n")
		if len(one) != games[g] {
			t.Fatalf("--game %s lists %d, the whole list has %d", g, len(one), games[g])
		}
		f := strings.Split(one[0], "\t")
		flag := "--position"
		if g == "ataxx" {
			flag = "--fen"
		}
		// The position is one bestmove takes, under the puzzle's rules.
		args := []string{g, "bestmove", flag, f[4], "--depth", "1"}
		if g != "cube" { // one rule set: cube bestmove has no --rules
			args = append(args, "--rules", f[2])
		}
		ok(t, args...)
	}
}

func firstPuzzle(t *testing.T, game string, moves int) []string {
	t.Helper()
	for _, line := range strings.Split(strings.TrimSuffix(ok(t, "puzzle", "list", "--game", game), "\n"), "\n") {
		f := strings.Split(line, "\t")
		if strings.Count(f[5], ",")+1 >= moves {
			return f
		}
	}
	t.Fatalf("no %s puzzle of %d moves", game, moves)
	return nil
}

func TestPuzzleCheck(t *testing.T) {
	f := firstPuzzle(t, "cube", 3)
	id, sol := f[0], strings.Split(f[5], ",")
	if got := ok(t, "puzzle", "check", id, strings.Join(sol, ",")); got != "correct\n" {
		t.Fatalf("the solution: %q", got)
	}
	if got := ok(t, "puzzle", "check", id, sol[0]); got != "continue\n" {
		t.Fatalf("the first move: %q", got)
	}
	if got := ok(t, "puzzle", "check", id, sol[0]+", "+sol[1]); got != "continue\n" {
		t.Fatalf("the first move and the reply: %q", got)
	}
	a := firstPuzzle(t, "ataxx", 1)
	if got := ok(t, "puzzle", "check", a[0], a[5]); got != "correct\n" {
		t.Fatalf("ataxx solution: %q", got)
	}
	p, err := puzzle.ByID(a[0])
	if err != nil {
		t.Fatal(err)
	}
	pos, err := puzzle.Start(p)
	if err != nil {
		t.Fatal(err)
	}
	wrong := pos.Moves()[0]
	if wrong == a[5] {
		wrong = pos.Moves()[1]
	}
	if got := ok(t, "puzzle", "check", a[0], wrong); got != "incorrect\n" {
		t.Fatalf("ataxx %s instead of %s: %q", wrong, a[5], got)
	}
}

func TestPuzzleBadInput(t *testing.T) {
	f := firstPuzzle(t, "cube", 3)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"puzzle"}, "list or check"},
		{[]string{"puzzle", "solve"}, "unknown command"},
		{[]string{"puzzle", "list", "--game", "chess"}, "unknown game"},
		{[]string{"puzzle", "list", "extra"}, "unexpected argument"},
		{[]string{"puzzle", "check", "no-such-id", "1:1"}, "unknown puzzle"},
		{[]string{"puzzle", "check", f[0]}, "give ID and MOVES"},
		{[]string{"puzzle", "check", f[0], ""}, "no moves"},
		{[]string{"puzzle", "check", f[0], "1:1,,2:2"}, "blank"},
		{[]string{"puzzle", "check", f[0], "banana"}, "move 1"},
		{[]string{"puzzle", "check", f[0], "99:99"}, "off the"},
		{[]string{"puzzle", "check", f[0], f[5] + "," + strings.Split(f[5], ",")[0]}, "after the end"},
		{[]string{"puzzle", "check", strings.Repeat("x", 5000), "1:1"}, "unknown puzzle"},
	} {
		line := refused(t, c.args...)
		if !strings.Contains(line, c.want) {
			t.Errorf("%v: %q does not say %q", c.args, line, c.want)
		}
	}
}
