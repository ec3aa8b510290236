package ataxx

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"github.com/jumpers-game/jumpers/core"
)

// The seed's start board and the board after its example move (the
// top-left piece replicates one step right), verbatim.
const (
	seedStart = `1:0:0:0:0:0:2:
0:0:0:0:0:0:0:
0:0:0:0:0:0:0:
0:0:0:0:0:0:0:
0:0:0:0:0:0:0:
0:0:0:0:0:0:0:
2:0:0:0:0:0:1:
`
	seedAfter = `1:1:0:0:0:0:2:
0:0:0:0:0:0:0:
0:0:0:0:0:0:0:
0:0:0:0:0:0:0:
0:0:0:0:0:0:0:
0:0:0:0:0:0:0:
2:0:0:0:0:0:1:
`
)

func TestSeedExample(t *testing.T) {
	p, err := ReadSeedBoard(strings.NewReader(seedStart))
	if err != nil {
		t.Fatal(err)
	}
	if p.FEN() != StartFEN || p.Rules() != SeedRules {
		t.Fatalf("seed start read as %s (%v)", p.FEN(), p.Rules())
	}
	if got := SeedBoardText(&p); got != seedStart {
		t.Errorf("board written as\n%s", got)
	}
	m, err := p.ParseMove("b7")
	if err != nil {
		t.Fatal(err)
	}
	if got := SeedMoveText(&p, m); got != "0:0:1:0:" {
		t.Errorf("the seed's example move written as %s", got)
	}
	p.Play(m)
	if got := SeedBoardText(&p); got != seedAfter {
		t.Errorf("board after the example move\n%s", got)
	}
	// A jump: g1 (column 6, row 6) to e3 (column 4, row 4).
	q := New(SeedRules)
	if got := SeedMoveText(&q, Jump(6, Square(4, 2))); got != "6:6:4:4:" {
		t.Errorf("g1e3 written as %s", got)
	}
	if got := SeedMoveText(&q, Pass); got != "pass" {
		t.Errorf("pass written as %s", got)
	}
}

// checkSeedOutput parses the program's output and replays it on the input.
func checkSeedOutput(t *testing.T, input, output string) {
	t.Helper()
	lines := strings.Split(strings.TrimSuffix(output, "\n"), "\n")
	if len(lines) != 8 {
		t.Fatalf("output has %d lines:\n%s", len(lines), output)
	}
	p, err := ReadSeedBoard(strings.NewReader(input))
	if err != nil {
		t.Fatal(err)
	}
	want := p
	if lines[0] != "pass" {
		var x1, y1, x2, y2 int
		if n, _ := fmtSscanSeed(lines[0], &x1, &y1, &x2, &y2); n != 4 {
			t.Fatalf("move line %q", lines[0])
		}
		from, to := Square(x1, 6-y1), Square(x2, 6-y2)
		var m Move
		if neighbours[from]&(1<<uint(to)) != 0 {
			m = Clone(to)
			if p.At(from) != BlackPiece {
				t.Fatalf("clone from %s, not a black piece", SquareName(from))
			}
		} else {
			m = Jump(from, to)
		}
		if over, _ := p.Outcome(); over {
			// White is wiped out: any clone or jump of Black will do.
			found := false
			for _, r := range p.rawMoves(nil) {
				found = found || r == m
			}
			if !found {
				t.Fatalf("move %s is no move", lines[0])
			}
			want.Play(m)
		} else if want, err = p.PlayMove(m); err != nil {
			t.Fatalf("move %s: %v", lines[0], err)
		}
	} else if !p.MustPass() {
		if over, _ := p.Outcome(); !over {
			t.Fatal("passed with a legal move")
		}
	}
	if got := strings.Join(lines[1:], "\n") + "\n"; got != SeedBoardText(&want) {
		t.Fatalf("board after %s:\n%s\nwant\n%s", lines[0], got, SeedBoardText(&want))
	}
}

func fmtSscanSeed(s string, v ...*int) (int, error) {
	parts := strings.Split(strings.TrimSuffix(s, ":"), ":")
	n := 0
	for i, p := range parts {
		if i >= len(v) || len(p) != 1 || p[0] < '0' || p[0] > '6' {
			return n, nil
		}
		*v[i] = int(p[0] - '0')
		n++
	}
	return n, nil
}

func TestSeedMoveProgram(t *testing.T) {
	boards := []string{
		seedStart,
		// A big capture: the black piece can jump into the white ring.
		"0:0:0:0:0:0:0:\n0:0:2:2:2:0:0:\n0:0:2:0:2:0:0:\n0:0:2:2:2:0:0:\n0:1:0:0:0:0:0:\n0:0:0:0:0:0:0:\n0:0:0:0:0:0:0:\n",
		// Black is shut in and must pass.
		"0:0:0:0:0:0:0:\n0:0:0:0:0:0:0:\n0:0:0:0:0:0:0:\n0:0:0:2:2:2:2:\n0:0:0:2:2:2:2:\n0:0:0:2:2:2:2:\n0:0:0:2:2:2:1:\n",
		// Without the trailing colons and with Windows line ends.
		"1:0:0:0:0:0:2\r\n0:0:0:0:0:0:0\r\n0:0:0:0:0:0:0\r\n0:0:0:0:0:0:0\r\n0:0:0:0:0:0:0\r\n0:0:0:0:0:0:0\r\n2:0:0:0:0:0:1\r\n",
		// White has no pieces left: the game is over but Black still moves.
		"1:0:0:0:0:0:0:\n0:0:0:0:0:0:0:\n0:0:0:0:0:0:0:\n0:0:0:0:0:0:0:\n0:0:0:0:0:0:0:\n0:0:0:0:0:0:0:\n0:0:0:0:0:0:0:\n",
	}
	for i, b := range boards {
		var out bytes.Buffer
		if err := SeedMove(strings.NewReader(b), &out, 3, 0, 1); err != nil {
			t.Fatalf("board %d: %v", i, err)
		}
		checkSeedOutput(t, b, out.String())
		if i == 1 && !strings.HasPrefix(out.String(), "1:4:3:2:\n") {
			t.Errorf("missed the capture of eight:\n%s", out.String())
		}
		if i == 2 && !strings.HasPrefix(out.String(), "pass\n") {
			t.Errorf("did not pass:\n%s", out.String())
		}
		if i == 4 && strings.HasPrefix(out.String(), "pass\n") {
			t.Errorf("passed with moves left:\n%s", out.String())
		}
	}
	// A time budget works too.
	var out bytes.Buffer
	start := time.Now()
	if err := SeedMove(strings.NewReader(seedStart), &out, 0, 50*time.Millisecond, 1); err != nil {
		t.Fatal(err)
	}
	if el := time.Since(start); el > 2*time.Second {
		t.Errorf("50 ms took %v", el)
	}
	checkSeedOutput(t, seedStart, out.String())
	// The same seed and depth give the same answer.
	var a, b bytes.Buffer
	SeedMove(strings.NewReader(seedStart), &a, 3, 0, 42)
	SeedMove(strings.NewReader(seedStart), &b, 3, 0, 42)
	if a.String() != b.String() {
		t.Errorf("seed 42 gave\n%s\nand\n%s", a.String(), b.String())
	}
}

func TestSeedMoveBadInput(t *testing.T) {
	bad := map[string]string{
		"":                                    "line 1: the board ends after 0 rows",
		"1:0:0:0:0:0:2:\n":                    "line 2: the board ends after 1 rows",
		"1:0:0:0:0:0:2:\n0:0:0:0:0:0:\n":      "line 2: 6 cells",
		"1:0:0:0:0:0:2:\n0:0:3:0:0:0:0:\n":    "line 2: cell 3 is \"3\"",
		"1:0:0:0:0:0:2:\nx:0:0:0:0:0:0:\n":    "line 2: cell 1 is \"x\"",
		"1:0:0:0:0:0:2:0:\n":                  "line 1: 8 cells",
		strings.Repeat("0:0:0:0:0:0:0:\n", 8): "line 8: the board has only 7 rows",
	}
	for in, want := range bad {
		var out bytes.Buffer
		err := SeedMove(strings.NewReader(in), &out, 1, 0, 1)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want %q", in, err, want)
		}
		if out.Len() != 0 {
			t.Errorf("%q: wrote %q", in, out.String())
		}
	}
}

func TestGameAdapter(t *testing.T) {
	g, err := core.Lookup("ataxx")
	if err != nil {
		t.Fatal(err)
	}
	if g.ID() != "ataxx" || g.Name() != "Ataxx" || g.PlayerName(0) != "Black" || g.PlayerName(1) != "White" {
		t.Error("names")
	}
	if rs := g.RuleSets(); len(rs) != 2 || rs[0] != "standard" || rs[1] != "seed" {
		t.Errorf("rule sets %v", rs)
	}
	if ls := g.Levels(); len(ls) != 5 || ls[0].Name != core.Beginner || ls[4].Name != core.Expert || ls[4].Budget != time.Second || ls[4].MaxDepth != 0 {
		t.Errorf("levels %v", ls)
	}
	for _, name := range LayoutNames() {
		for _, rules := range []string{"", "standard", "seed"} {
			pos, err := g.Start(core.Options{}.With(core.OptRules, rules).With(core.OptLayout, name))
			if err != nil {
				t.Fatalf("%s %s: %v", name, rules, err)
			}
			if pos.Game() != "ataxx" || pos.Players() != 2 || pos.ToMove() != 0 || pos.Result().Over || len(pos.Moves()) == 0 {
				t.Errorf("%s: bad start %s", name, pos)
			}
			p, _ := Concrete(pos)
			if p.Count(Black) != 2 || p.Count(White) != 2 || p.At(Square(0, 6)) != BlackPiece || p.At(Square(6, 0)) != BlackPiece {
				t.Errorf("layout %s: %s", name, pos)
			}
			// Layouts are symmetric: rotating by 180 degrees swaps the sides.
			for sq := 0; sq < Squares; sq++ {
				if (p.At(sq) == Gap) != (p.At(Squares-1-sq) == Gap) {
					t.Errorf("layout %s is not symmetric", name)
					break
				}
			}
		}
	}
	if _, err := g.Start(core.Options{}.With(core.OptLayout, "nope")); err == nil {
		t.Error("unknown layout accepted")
	}
	if _, err := g.Start(core.Options{}.With(core.OptRules, "nope")); err == nil {
		t.Error("unknown rules accepted")
	}
	pos, err := g.ParsePosition("x5o/7/7/7/7/7/o5x o 3 9", "seed")
	if err != nil || pos.String() != "x5o/7/7/7/7/7/o5x o 3 9" || pos.ToMove() != 1 {
		t.Fatalf("ParsePosition: %v %v", pos, err)
	}
	if _, err := g.ParsePosition("x5o/7/7/7/7/7/o5x", "standard"); err == nil {
		t.Error("bad FEN accepted")
	}
	next, err := pos.Play("f7")
	if err != nil || next.String() != "x4oo/7/7/7/7/7/o5x x 0 10" {
		t.Fatalf("Play: %v %v", next, err)
	}
	if pos.String() != "x5o/7/7/7/7/7/o5x o 3 9" {
		t.Error("Play changed the receiver")
	}
	if _, err := pos.Play("a7a5"); err == nil {
		t.Error("illegal move accepted")
	}
	if next.Hash() == pos.Hash() {
		t.Error("hash did not change")
	}
	over, _ := g.ParsePosition("x6/7/7/7/7/7/7 o 0 1", "")
	if r := over.Result(); !r.Over || r.Winner != 0 || r.Reason == "" || len(over.Moves()) != 0 {
		t.Errorf("finished game: %+v", r)
	}
	if _, err := g.BestMove(context.Background(), over, core.AIRequest{Depth: 1}); err == nil {
		t.Error("a best move in a finished game")
	}
	// A record replays through the registry.
	rec := core.Record{Game: "ataxx", Rules: "seed", Start: StartFEN, Moves: []string{"b7", "a1d1", "0000"}}
	if _, err := rec.Replay(); err == nil || !strings.Contains(err.Error(), "move 3") {
		t.Errorf("replay: %v", err)
	}
	rec.Moves = rec.Moves[:2]
	ps, err := rec.Replay()
	if err != nil || len(ps) != 3 || ps[2].String() != "xx4o/7/7/7/7/7/3o2x x 1 2" {
		t.Errorf("replay: %v %v", ps, err)
	}
	if _, err := Concrete(nil); err == nil {
		t.Error("Concrete(nil)")
	}
}
