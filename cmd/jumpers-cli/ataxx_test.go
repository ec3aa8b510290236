package main

import (
	"strings"
	"testing"
)

const ataxxSeedStart = "1:0:0:0:0:0:2:\n0:0:0:0:0:0:0:\n0:0:0:0:0:0:0:\n0:0:0:0:0:0:0:\n0:0:0:0:0:0:0:\n0:0:0:0:0:0:0:\n2:0:0:0:0:0:1:\n"

func TestAtaxxContractExamples(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"ataxx", "perft", "--depth", "1"}, "16\n"},
		{[]string{"ataxx", "perft", "--fen", "x5o/7/7/7/7/7/o5x x 0 1", "--depth", "4"}, "155888\n"},
		{[]string{"ataxx", "perft", "--fen", "x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1", "--depth", "3"}, "4184\n"},
		{[]string{"ataxx", "perft", "--fen", "7/7/7/7/-------/-------/x5o x 0 1", "--depth", "6"}, "174\n"},
		{[]string{"ataxx", "perft", "--fen", "x5o/7/7/7/7/7/o5x x 100 1", "--depth", "2"}, "0\n"},
		{[]string{"ataxx", "perft", "--rules", "seed", "--depth", "3"}, "5360\n"},
		{[]string{"ataxx", "apply", "--fen", "x5o/7/7/7/7/7/o5x x 0 1", "--moves", "f2,a1c3,g2"}, "x5o/7/7/7/2o4/5xx/6x o 0 2\n"},
		{[]string{"ataxx", "apply", "--fen", "7/7/7/7/4ooo/4ooo/4oox x 0 1", "--moves", "0000,d1"}, "7/7/7/7/4ooo/4ooo/3ooox x 0 2\n"},
		{[]string{"ataxx", "apply", "--rules", "seed", "--moves", "a7d7"}, "3x2o/7/7/7/7/7/o5x o 1 1\n"},
	}
	for _, c := range cases {
		if got := ok(t, c.args...); got != c.want {
			t.Errorf("%v: got %q, want %q", c.args, got, c.want)
		}
	}
	show := ok(t, "ataxx", "show", "--layout", "four-gaps")
	if !strings.Contains(show, "5 . . - . - . .") || !strings.Contains(show, "fen: x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1") {
		t.Errorf("show:\n%s", show)
	}
	if show := ok(t, "ataxx", "show", "--fen", "x6/7/7/7/7/7/7 o 0 1"); !strings.Contains(show, "result: Black wins") {
		t.Errorf("show of a finished game:\n%s", show)
	}
}

func TestAtaxxRefusals(t *testing.T) {
	for _, args := range [][]string{
		{"ataxx", "perft", "--fen", "x5o/7/7/7/7/7 x 0 1", "--depth", "1"},
		{"ataxx", "perft", "--depth", "-1"},
		{"ataxx", "perft", "--rules", "nope", "--depth", "1"},
		{"ataxx", "apply", "--moves", "f2,f2"},
		{"ataxx", "apply", "--moves", "a7a4"},
		{"ataxx", "apply", "--fen", "x6/7/7/7/7/7/7 o 0 1", "--moves", "a1"},
		{"ataxx", "bestmove", "--fen", "x6/7/7/7/7/7/7 o 0 1"},
		{"ataxx", "bestmove", "--level", "Grandmaster"},
		{"ataxx", "show", "--layout", "nope"},
		{"ataxx", "show", "--layout", "cross", "--fen", "x5o/7/7/7/7/7/o5x x 0 1"},
		{"ataxx", "seed-move", "--depth", "2", "--movetime", "10"},
		{"ataxx", "seed-move", "--depth", "0"},
		{"ataxx", "seed-move", "--movetime", "-5"},
		{"ataxx", "seed-move", "--bogus"},
	} {
		refused(t, args...)
	}
	line := refused(t, "ataxx", "apply", "--moves", "f2,a1c3,a7a4")
	if line != "error: move 3 \"a7a4\": a4 is not a jump from a7 under the standard rules\n" {
		t.Errorf("apply refusal: %q", line)
	}
}

func TestAtaxxSeedMove(t *testing.T) {
	out, errs, status := cli(t, ataxxSeedStart, "ataxx", "seed-move", "--depth", "3", "--seed", "1")
	if status != 0 {
		t.Fatalf("status %d: %s", status, errs)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 8 || len(lines[0]) != 8 || strings.Count(lines[0], ":") != 4 {
		t.Fatalf("output:\n%s", out)
	}
	for _, l := range lines[1:] {
		if len(l) != 14 {
			t.Fatalf("board line %q", l)
		}
	}
	// Same seed, same answer.
	again, _, _ := cli(t, ataxxSeedStart, "ataxx", "seed-move", "--depth", "3", "--seed", "1")
	if again != out {
		t.Errorf("seeded seed-move differs:\n%s\n%s", out, again)
	}
	// With a time budget.
	if out, errs, status := cli(t, ataxxSeedStart, "ataxx", "seed-move", "--movetime", "50"); status != 0 || len(strings.Split(out, "\n")) != 9 {
		t.Errorf("movetime: status %d, %q %q", status, out, errs)
	}
	// Shut in: pass and the same board.
	shut := "0:0:0:0:0:0:0:\n0:0:0:0:0:0:0:\n0:0:0:0:0:0:0:\n0:0:0:2:2:2:2:\n0:0:0:2:2:2:2:\n0:0:0:2:2:2:2:\n0:0:0:2:2:2:1:\n"
	if out, _, _ := cli(t, shut, "ataxx", "seed-move", "--depth", "2"); out != "pass\n"+shut {
		t.Errorf("pass: %q", out)
	}
	// Bad boards: exit 2, nothing on stdout, the line named.
	for in, want := range map[string]string{
		"1:0:0:0:0:0:2:\n0:0:0:0:9:0:0:\n": "line 2",
		"":                                 "line 1",
		strings.Repeat("0:0:0:0:0:0:0:\n", 6) + "0:0:0:0:0:0:\n": "line 7",
	} {
		out, errs, status := cli(t, in, "ataxx", "seed-move", "--depth", "1")
		if status != 2 || out != "" || !strings.HasPrefix(errs, "error: board: "+want) || strings.Count(errs, "\n") != 1 {
			t.Errorf("%q: status %d, stdout %q, stderr %q", in, status, out, errs)
		}
	}
}
