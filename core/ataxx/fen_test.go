package ataxx

import (
	"strings"
	"testing"
)

func TestFENRoundTrip(t *testing.T) {
	fens := []string{
		StartFEN,
		"x5o/7/2-1-2/7/2-1-2/7/o5x o 17 42",
		"7/7/7/7/7/7/7 x 0 1",
		"-------/-------/-------/-------/-------/-------/------- o 0 1",
		"xoxoxox/o1oxoxo/xoxoxox/ox1-1xo/xoxoxox/oxoxo1o/xoxoxox o 3 17",
		"7/7/7/7/-------/-------/x5o x 0 1",
	}
	for _, r := range []Rules{Standard, SeedRules} {
		for _, fen := range append(fens, LayoutNames()...) {
			if l, ok := Layouts[fen]; ok {
				fen = l
			}
			p := mustFEN(t, fen, r)
			if got := p.FEN(); got != fen {
				t.Errorf("%s came back as %s", fen, got)
			}
			if p.String() != fen {
				t.Errorf("String() = %s", p.String())
			}
			if p.Rules() != r {
				t.Errorf("rules %v", p.Rules())
			}
		}
	}
	// Non-canonical forms are read and written canonically.
	p := mustFEN(t, "x32o/7/7/7/7/7/o5x x", Standard)
	if p.FEN() != StartFEN {
		t.Errorf("non-canonical FEN read as %s", p.FEN())
	}
	if p := mustFEN(t, "startpos", SeedRules); p.FEN() != StartFEN {
		t.Errorf("startpos read as %s", p.FEN())
	}
	if p.ToMove() != Black || p.Count(Black) != 2 || p.Count(White) != 2 || p.At(Square(0, 6)) != BlackPiece || p.At(Square(0, 0)) != WhitePiece {
		t.Error("start position pieces")
	}
}

func TestFENRejects(t *testing.T) {
	bad := map[string]string{
		"":                                  "want the board",
		"x5o/7/7/7/7/7/o5x":                 "want the board",
		"x5o/7/7/7/7/7/o5x x 0":             "want the board",
		"x5o/7/7/7/7/7/o5x x 0 1 extra":     "want the board",
		"x5o/7/7/7/7/7 x 0 1":               "6 ranks",
		"x5o/7/7/7/7/7/7/o5x x 0 1":         "8 ranks",
		"x5o/7/7/7/7/7/o5y x 0 1":           "bad character \"y\"",
		"x5o/7/7/7/7/7/o5X x 0 1":           "bad character \"X\"",
		"x5o/7/7/8/7/7/o5x x 0 1":           "bad character \"8\"",
		"x5o/7/7/0/7/7/o5x x 0 1":           "bad character \"0\"",
		"x5o/7/7/7/7/7/o5xé x 0 1":          "bad character",
		"x6o/7/7/7/7/7/o5x x 0 1":           "rank 7 is too long",
		"x5o/7/7/7/7/7/o5xx x 0 1":          "rank 1 is too long",
		"x5o/7/7/6/7/7/o5x x 0 1":           "rank 4 has 6 squares",
		"x5o/7/7//7/7/o5x x 0 1":            "rank 4 has 0 squares",
		"x5o/7/7/7/7/7/o5x b 0 1":           "side to move \"b\"",
		"x5o/7/7/7/7/7/o5x xo 0 1":          "side to move",
		"x5o/7/7/7/7/7/o5x x -1 1":          "half-move clock",
		"x5o/7/7/7/7/7/o5x x a 1":           "half-move clock",
		"x5o/7/7/7/7/7/o5x x +1 1":          "half-move clock",
		"x5o/7/7/7/7/7/o5x x 99999999999 1": "half-move clock",
		"x5o/7/7/7/7/7/o5x x 0 0":           "full-move number",
		"x5o/7/7/7/7/7/o5x x 0 -3":          "full-move number",
		"x5o/7/7/7/7/7/o5x x 0 1.5":         "full-move number",
	}
	for fen, want := range bad {
		_, err := ParseFEN(fen, Standard)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want %q", fen, err, want)
		}
	}
	if _, err := ParseFEN(StartFEN, Rules(7)); err == nil {
		t.Error("unknown rules accepted")
	}
}

func TestMoveNotation(t *testing.T) {
	good := map[string]Move{
		"f2":   Clone(Square(5, 1)),
		"a1":   Clone(0),
		"g7":   Clone(48),
		"g1e3": Jump(6, Square(4, 2)),
		"a7d7": Jump(42, 45),
		"0000": Pass,
		"a1b2": Clone(Square(1, 1)), // a clone with its source
	}
	for s, want := range good {
		m, err := ParseMove(s)
		if err != nil || m != want {
			t.Errorf("%s: %v %v, want %v", s, m, err, want)
		}
		if s != "a1b2" && m.String() != s {
			t.Errorf("%s written as %s", s, m)
		}
	}
	m := Jump(6, 20)
	if !m.IsJump() || m.IsClone() || m.IsPass() || m.From() != 6 || m.To() != 20 {
		t.Error("jump accessors")
	}
	c := Clone(20)
	if c.IsJump() || !c.IsClone() || c.From() != 20 || c.To() != 20 {
		t.Error("clone accessors")
	}
	if NoMove.String() != "(none)" || Pass.String() != "0000" {
		t.Error("special moves")
	}
	bad := []string{"", "a", "a0", "a8", "h1", "A1", "f2f2", "0000x", "000", "a1a", "a1h1", "z9z9", "00000", " f2", "f2 "}
	for _, s := range bad {
		if m, err := ParseMove(s); err == nil {
			t.Errorf("%q parsed as %v", s, m)
		}
	}
	// Every key is distinct and in range.
	seen := map[int]Move{}
	for to := 0; to < Squares; to++ {
		ms := []Move{Clone(to)}
		for from := 0; from < Squares; from++ {
			if from != to {
				ms = append(ms, Jump(from, to))
			}
		}
		for _, m := range ms {
			k := m.key()
			if k < 0 || k >= moveKeys {
				t.Fatalf("%v: key %d", m, k)
			}
			if o, dup := seen[k]; dup {
				t.Fatalf("%v and %v share key %d", m, o, k)
			}
			seen[k] = m
		}
	}
	if k := Pass.key(); k != moveKeys-1 {
		t.Errorf("pass key %d", k)
	}
}

func FuzzParseFEN(f *testing.F) {
	for _, s := range []string{StartFEN, "x5o/7/2-1-2/7/2-1-2/7/o5x o 17 42", "7/7/7/7/7/7/7 x", "startpos", "x5o/7/7/7/7/7/o5x x 0 0", "////// x 0 1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, r := range []Rules{Standard, SeedRules} {
			p, err := ParseFEN(s, r)
			if err != nil {
				continue
			}
			q, err := ParseFEN(p.FEN(), r)
			if err != nil || q != p {
				t.Fatalf("%q: written as %q, read back %v", s, p.FEN(), err)
			}
			// Whatever was read must be playable.
			p.Outcome()
			for _, m := range p.Moves(nil) {
				c := p
				c.Play(m)
			}
			p.Perft(2)
		}
	})
}

func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"f2", "g1e3", "0000", "a1b2", "h9", "", "a1a1"} {
		f.Add(s)
	}
	start := New(Standard)
	f.Fuzz(func(t *testing.T, s string) {
		m, err := ParseMove(s)
		if err == nil {
			back, err := ParseMove(m.String())
			if err != nil || back != m {
				t.Fatalf("%q -> %v -> %v %v", s, m, back, err)
			}
		}
		p := start
		if m, err := p.ParseMove(s); err == nil {
			if err := p.Legal(m); err != nil {
				t.Fatalf("%q parsed but not legal: %v", s, err)
			}
		}
		p.Converted(m)
		p.Legal(m)
	})
}
