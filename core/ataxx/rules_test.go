package ataxx

import (
	"errors"
	"strings"
	"testing"

	"github.com/jumpers-game/jumpers/core"
)

func mustFEN(t testing.TB, fen string, r Rules) Position {
	t.Helper()
	p, err := ParseFEN(fen, r)
	if err != nil {
		t.Fatalf("%s: %v", fen, err)
	}
	return p
}

// TestResults is libataxx's result table (tests/result.cpp) plus the
// reasons we give.
func TestResults(t *testing.T) {
	const (
		none  = -2
		draw  = -1
		black = Black
		white = White
	)
	cases := []struct {
		fen    string
		want   int
		reason string
	}{
		{"x5o/7/7/7/7/7/o5x x 0 1", none, ""},
		{"7/7/7/7/7/7/7 x 0 1", draw, "a side has no pieces"},
		{"7/7/7/7/7/7/7 o 0 1", draw, "a side has no pieces"},
		{"x6/7/7/7/7/7/7 x 0 1", black, "a side has no pieces"},
		{"x6/7/7/7/7/7/7 o 0 1", black, "a side has no pieces"},
		{"o6/7/7/7/7/7/7 x 0 1", white, "a side has no pieces"},
		{"o6/7/7/7/7/7/7 o 0 1", white, "a side has no pieces"},
		{"xxxxxxx/xxxxxxx/xxxxxxx/xxxxxxx/xxxxxxx/xxxxxxx/xxxxxxx x 0 1", black, "a side has no pieces"},
		{"ooooooo/ooooooo/ooooooo/oooxxxx/xxxxxxx/xxxxxxx/xxxxxxx x 0 1", black, "board full"},
		{"ooooooo/ooooooo/ooooooo/oooxxxx/xxxxxxx/xxxxxxx/xxxxxxx o 0 1", black, "board full"},
		{"ooooooo/ooooooo/ooooooo/ooooxxx/xxxxxxx/xxxxxxx/xxxxxxx x 0 1", white, "board full"},
		{"ooooooo/ooooooo/ooooooo/ooo-xxx/xxxxxxx/xxxxxxx/xxxxxxx o 0 1", draw, "board full"},
		{"x5o/7/7/7/7/7/o5x x 99 1", none, ""},
		{"x5o/7/7/7/7/7/o5x x 100 1", draw, "50-move rule"},
		{"x5o/7/7/7/7/7/o5x o 101 1", draw, "50-move rule"},
		{"xxo4/7/7/7/7/7/7 x 100 1", draw, "50-move rule"},
		{"oox4/7/7/7/7/7/7 o 100 1", draw, "50-move rule"},
		// Wins take priority over the 50-move rule.
		{"7/7/7/7/-------/-------/xxxxooo x 100 1", black, "no moves left"},
		{"7/7/7/7/-------/-------/xxxoooo o 100 1", white, "no moves left"},
		{"7/7/7/7/-------/-------/xxxxooo x 0 1", black, "no moves left"},
		{"7/7/7/7/-------/-------/xxx-ooo o 0 1", draw, "no moves left"},
	}
	for _, c := range cases {
		p := mustFEN(t, c.fen, Standard)
		over, winner, reason := p.Result()
		got := none
		if over {
			got = winner
		}
		if got != c.want || reason != c.reason {
			t.Errorf("%s: result %d %q, want %d %q", c.fen, got, reason, c.want, c.reason)
		}
		if n := len(p.Moves(nil)); over != (n == 0) {
			t.Errorf("%s: over %v with %d moves", c.fen, over, n)
		}
	}
}

// TestPassing is libataxx's must-pass table (tests/passing.cpp).
func TestPassing(t *testing.T) {
	cases := map[string]bool{
		"x5o/7/7/7/7/7/o5x x 0 1":                           false,
		"x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1":                   false,
		"7/7/7/7/4ooo/4ooo/4oox x 0 1":                      true,
		"7/7/7/7/4ooo/4ooo/4oox o 0 1":                      false,
		"7/7/7/7/4xxx/4xxx/4xxo x 0 1":                      false,
		"7/7/7/7/4xxx/4xxx/4xxo o 0 1":                      true,
		"xxxxxxx/-------/-------/7/7/-------/ooooooo x 0 1": true,
		"xxxxxxx/-------/-------/7/7/-------/ooooooo o 0 1": false,
		"ooooooo/-------/-------/7/7/-------/xxxxxxx x 0 1": false,
		"ooooooo/-------/-------/7/7/-------/xxxxxxx o 0 1": true,
	}
	for fen, want := range cases {
		p := mustFEN(t, fen, Standard)
		if got := p.MustPass(); got != want {
			t.Errorf("%s: MustPass %v, want %v", fen, got, want)
		}
		ms := p.Moves(nil)
		if want && (len(ms) != 1 || ms[0] != Pass) {
			t.Errorf("%s: moves %v, want just the pass", fen, ms)
		}
		if err := p.Legal(Pass); (err == nil) != want {
			t.Errorf("%s: Legal(pass) = %v", fen, err)
		}
	}
}

// TestCounters is libataxx's counter sequence (tests/counters.cpp): the
// half-move clock is reset by clones only, the full-move number grows
// after White's move or pass.
func TestCounters(t *testing.T) {
	p := New(Standard)
	steps := []struct {
		move       string
		half, full int
	}{
		{"g2", 0, 1}, {"a2", 0, 2}, {"g3", 0, 2}, {"a2a4", 1, 3},
		{"a7a5", 2, 3}, {"a1b3", 3, 4}, {"b4", 0, 4}, {"f6", 0, 5},
	}
	for _, s := range steps {
		var err error
		if p, err = p.Apply(s.move); err != nil {
			t.Fatal(err)
		}
		if p.HalfMoves() != s.half || p.FullMoves() != s.full {
			t.Fatalf("after %s: %d %d, want %d %d", s.move, p.HalfMoves(), p.FullMoves(), s.half, s.full)
		}
	}
	p = mustFEN(t, "7/7/7/7/4ooo/4ooo/4oox x 0 1", Standard)
	seq := []struct {
		move       string
		half, full int
	}{
		{"0000", 1, 1}, {"d1", 0, 2}, {"0000", 1, 2}, {"d1b1", 2, 3}, {"0000", 3, 3}, {"a1", 0, 4},
	}
	for _, s := range seq {
		var err error
		if p, err = p.Apply(s.move); err != nil {
			t.Fatal(err)
		}
		if p.HalfMoves() != s.half || p.FullMoves() != s.full {
			t.Fatalf("after %s: %d %d, want %d %d", s.move, p.HalfMoves(), p.FullMoves(), s.half, s.full)
		}
	}
}

func TestHalfMoveDraw(t *testing.T) {
	// 99 plies without a clone: one more jump draws, a clone does not.
	p := mustFEN(t, "x5o/7/7/7/7/7/o5x x 99 1", Standard)
	q, err := p.Apply("a7c7")
	if err != nil {
		t.Fatal(err)
	}
	if over, winner, reason := q.Result(); !over || winner != -1 || reason != "50-move rule" {
		t.Errorf("after a jump at 99: %v %d %q", over, winner, reason)
	}
	if len(q.Moves(nil)) != 0 {
		t.Error("moves after the draw")
	}
	if _, err := q.Apply("f7"); !errors.Is(err, core.ErrGameOver) {
		t.Errorf("move after the draw: %v", err)
	}
	q, _ = p.Apply("b7")
	if over, _ := q.Outcome(); over {
		t.Error("a clone at 99 ended the game")
	}
	// Under the seed rules the clock ends nothing.
	s := mustFEN(t, "x5o/7/7/7/7/7/o5x x 150 1", SeedRules)
	if over, _ := s.Outcome(); over {
		t.Error("seed rules: the half-move clock ended the game")
	}
}

func TestEndings(t *testing.T) {
	// Filling the board ends the game.
	p := mustFEN(t, "xxxxxxx/ooooooo/xxxxxxx/ooooooo/xxxxxxx/ooooooo/xxxxxx1 x 0 1", Standard)
	q, err := p.Apply("g1")
	if err != nil {
		t.Fatal(err)
	}
	if over, winner, reason := q.Result(); !over || winner != Black || reason != "board full" {
		t.Errorf("full board: %v %d %q (%s)", over, winner, reason, q.FEN())
	}
	// Wiping out the last enemy piece ends the game.
	p = mustFEN(t, "7/7/7/3o3/7/7/x6 x 0 1", Standard)
	if _, err := p.Apply("b2"); err != nil {
		t.Fatal(err)
	}
	p = mustFEN(t, "7/7/7/3o3/7/1x5/7 x 0 1", Standard)
	q, _ = p.Apply("c3")
	if over, winner, reason := q.Result(); !over || winner != Black || reason != "a side has no pieces" {
		t.Errorf("wiped out: %v %d %q (%s)", over, winner, reason, q.FEN())
	}
	// Both sides blocked with empty squares left.
	p = mustFEN(t, "7/7/7/7/-------/-------/xx1-oo- x 0 1", Standard)
	q, _ = p.Apply("c1")
	if over, winner, reason := q.Result(); !over || winner != Black || reason != "no moves left" {
		t.Errorf("blocked: %v %d %q (%s)", over, winner, reason, q.FEN())
	}
}

// TestSeedTurnLimit checks the decisions on what the seed leaves open.
func TestSeedTurnLimit(t *testing.T) {
	// Turn 100 is being played: White's move ends the game after it.
	p := mustFEN(t, "x5o/7/7/7/7/7/o5x o 0 100", SeedRules)
	if over, _ := p.Outcome(); over {
		t.Fatal("over during turn 100")
	}
	q, _ := p.Apply("f7")
	if over, winner, reason := q.Result(); !over || winner != White || reason != "100 turns played" {
		t.Errorf("after turn 100: %v %d %q", over, winner, reason)
	}
	// A pass counts toward the limit like a move.
	p = mustFEN(t, "7/7/7/3xxxx/3xxxx/3xxxx/3xxxo o 0 100", SeedRules)
	if !p.MustPass() {
		t.Fatal("White should have to pass")
	}
	q, _ = p.Apply("0000")
	if over, winner, _ := q.Result(); !over || winner != Black {
		t.Errorf("a pass did not count toward the limit: %v %d", over, winner)
	}
	// Equal pieces at the limit is a draw.
	p = mustFEN(t, "x5o/7/7/7/7/7/o5x x 0 101", SeedRules)
	if over, winner, _ := p.Result(); !over || winner != -1 {
		t.Errorf("equal at the limit: %v %d", over, winner)
	}
	// From the start the game lasts at most 200 plies.
	g := New(SeedRules)
	plies := 0
	for {
		ms := g.Moves(nil)
		if len(ms) == 0 {
			break
		}
		// Jumps back and forth never fill the board.
		m := ms[len(ms)-1]
		g.Play(m)
		plies++
	}
	if plies > 200 {
		t.Errorf("seed game lasted %d plies", plies)
	}
	// The standard rules know no turn limit.
	s := mustFEN(t, "x5o/7/7/7/7/7/o5x x 0 500", Standard)
	if over, _ := s.Outcome(); over {
		t.Error("standard rules: a turn limit")
	}
}

func TestSeedJumps(t *testing.T) {
	p := mustFEN(t, "7/7/7/3x3/7/7/o6 x 0 1", SeedRules)
	var got []string
	for _, m := range p.Moves(nil) {
		got = append(got, m.String())
	}
	want := "c3 d3 e3 c4 e4 c5 d5 e5 d4b2 d4d2 d4f2 d4a4 d4b4 d4f4 d4g4 d4b6 d4d6 d4f6 d4d1 d4d7"
	// Order: clones, then jumps by destination.
	if strings.Join(sortedMoves(got), " ") != strings.Join(sortedMoves(strings.Fields(want)), " ") {
		t.Errorf("seed moves from d4: %v", got)
	}
	for _, bad := range []string{"d4c2", "d4b3", "d4a1", "d4a7"} {
		if _, err := p.ParseMove(bad); err == nil {
			t.Errorf("%s legal under the seed rules", bad)
		}
	}
	std := mustFEN(t, "7/7/7/3x3/7/7/o6 x 0 1", Standard)
	if n := len(std.Moves(nil)); n != 8+16 {
		t.Errorf("standard moves from d4: %d", n)
	}
}

func sortedMoves(s []string) []string {
	out := append([]string(nil), s...)
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && out[j] < out[j-1]; j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}

func TestIllegalMoves(t *testing.T) {
	p := mustFEN(t, "x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1", Standard)
	cases := map[string]string{
		"g7":   "g7 is not empty",
		"d4":   "no x piece next to d4",
		"c5":   "c5 is a gap",
		"a7d7": "d7 is not a jump from a7",
		"b1d1": "no x piece on b1",
		"a1b1": "no x piece on a1",
		"g7e7": "no x piece on g7",
		"0000": "x may pass only when it has no move",
		"h1":   "not a square",
		"a1a1": "the piece does not move",
		"a":    "want a square",
	}
	for move, want := range cases {
		_, err := p.ParseMove(move)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", move, err, want)
		}
		if _, err := p.Apply("b7", "f7", move); err == nil || !strings.HasPrefix(err.Error(), "move 3 \""+move+"\": ") {
			t.Errorf("Apply b7,f7,%s: %v", move, err)
		}
	}
	// A clone written with its source.
	if m, err := p.ParseMove("a7b6"); err != nil || m != Clone(Square(1, 5)) {
		t.Errorf("a7b6 = %v, %v", m, err)
	}
}

func TestMoveBetween(t *testing.T) {
	p := New(Standard)
	a7, b6, c5, g7 := Square(0, 6), Square(1, 5), Square(2, 4), Square(6, 6)
	if m, err := p.MoveBetween(a7, b6); err != nil || m != Clone(b6) {
		t.Errorf("a7-b6: %v %v", m, err)
	}
	if m, err := p.MoveBetween(a7, c5); err != nil || m != Jump(a7, c5) {
		t.Errorf("a7-c5: %v %v", m, err)
	}
	for _, c := range [][2]int{{g7, Square(5, 6)}, {a7, Square(3, 6)}, {a7, a7}, {-1, 3}, {a7, 49}, {b6, c5}} {
		if m, err := p.MoveBetween(c[0], c[1]); err == nil {
			t.Errorf("%v accepted as %v", c, m)
		}
	}
	if got := SquaresOf(p.Pieces(Black)); len(got) != 2 || got[0] != 6 || got[1] != 42 {
		t.Errorf("SquaresOf: %v", got)
	}
	clones, jumps := p.Targets(a7)
	if popcount(clones) != 3 || popcount(jumps) != 5 {
		t.Errorf("targets of a7: %v %v", SquaresOf(clones), SquaresOf(jumps))
	}
	if c, j := p.Targets(g7); c != 0 || j != 0 {
		t.Error("targets of an enemy piece")
	}
	q := mustFEN(t, "x5o/1o5/7/7/7/7/o5x x 0 1", Standard)
	if got := SquaresOf(q.Converted(Clone(Square(0, 5)))); len(got) != 1 || got[0] != Square(1, 5) {
		t.Errorf("converted: %v", got)
	}
}
