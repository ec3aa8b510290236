package main

import (
	"strings"
	"testing"
)

// The option flags come from the games' option specs: a value out of range
// is refused with the range named, never replaced by the default.
func TestOptionFlagsRefuseOutOfRange(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"cube", "apply", "--size", "0", "--moves", "1:1"}, "error: size 0 is out of range (2 to 15)\n"},
		{[]string{"cube", "perft", "--size", "16", "--depth", "1"}, "error: size 16 is out of range (2 to 15)\n"},
		{[]string{"chinesecheckers", "apply", "--players", "0", "--moves", ""}, "error: players 0 is out of range (one of 2, 3, 4, 6)\n"},
		{[]string{"ataxx", "perft", "--layout", "nope", "--depth", "1"}, "error: unknown layout \"nope\""},
		{[]string{"ataxx", "apply", "--layout", "cross", "--fen", "x5o/7/7/7/7/7/o5x x 0 1", "--moves", ""}, "error: give --layout or --fen, not both\n"},
		{[]string{"arena", "--game", "ataxx", "--size", "4", "--a", "Beginner", "--b", "Beginner"}, "error: --size: Ataxx has no such option\n"},
		{[]string{"arena", "--game", "chinesecheckers", "--players", "5", "--a", "Beginner", "--b", "Beginner"}, "error: players 5 is out of range (one of 2, 3, 4, 6)\n"},
	} {
		if e := refused(t, c.args...); !strings.HasPrefix(e, c.want) {
			t.Errorf("%v: %q, want %q", c.args, e, c.want)
		}
	}
}

func TestOptionFlagsChooseTheStart(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"ataxx", "apply", "--layout", "cross", "--moves", "f2"}, "x5o/7/3-3/2---2/3-3/5x1/o5x o 0 1\n"},
		{[]string{"ataxx", "apply", "--moves", "f2"}, "x5o/7/7/7/7/5x1/o5x o 0 1\n"},
		{[]string{"chinesecheckers", "perft", "--players", "6", "--rules", "SEED", "--depth", "1"}, "14\n"},
	} {
		if got := ok(t, c.args...); got != c.want {
			t.Errorf("%v: %q, want %q", c.args, got, c.want)
		}
	}
}
