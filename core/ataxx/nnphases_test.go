package ataxx

import (
	"bytes"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// A two-phase file scores each board with the net of its phase, the
// search's fast form and the plain form alike, and its parts come back
// as they were written.
func TestNNPhasesScoreEachBoardByItsPhase(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		mid, end := randomIntNN(t), randomIntNN(t)
		endgameMax := rapid.IntRange(0, Squares-1).Draw(t, "endgame max")
		n, data := decodedPhases(t, mid, end, endgameMax)
		gotEnd, gotMax := n.Endgame()
		if gotEnd == nil || gotMax != endgameMax || !bytes.Equal(n.encodeOne(), mid.encode()) || !bytes.Equal(gotEnd.encode(), end.encode()) {
			t.Fatalf("read back: endgame up to %d (%v), parts equal %v %v", gotMax, gotEnd != nil,
				bytes.Equal(n.encodeOne(), mid.encode()), gotEnd != nil && bytes.Equal(gotEnd.encode(), end.encode()))
		}
		if !bytes.Equal(n.encode(), data) {
			t.Fatal("the two-phase net is not written back as it was read")
		}
		for range 8 {
			p := gaplessPosition(t)
			us, them := p.pieces[p.turn], p.pieces[p.turn^1]
			want := mid.EvaluateBoard(us, them, p.rules)
			if Squares-popcount(us|them) <= endgameMax {
				want = end.EvaluateBoard(us, them, p.rules)
			}
			if got := n.EvaluateBoard(us, them, p.rules); got != want {
				t.Fatalf("%s (%d empty, endgame up to %d): plain %d, its phase's net %d", p.FEN(), Squares-popcount(us|them), endgameMax, got, want)
			}
			if got := n.Evaluate(&p); got != want {
				t.Fatalf("%s (%d empty, endgame up to %d): fast %d, its phase's net %d", p.FEN(), Squares-popcount(us|them), endgameMax, got, want)
			}
		}
	})
}

// A file whose endgame is a file of phases itself scores each board with
// the net of its phase of three, and is written back as it was read.
func TestNNPhasesNested(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		mid, end, fill := randomIntNN(t), randomIntNN(t), randomIntNN(t)
		fillMax := rapid.IntRange(0, Squares-2).Draw(t, "fill max")
		endMax := rapid.IntRange(fillMax+1, Squares-1).Draw(t, "endgame max")
		inner, innerData := decodedPhases(t, end, fill, fillMax)
		data, err := EncodeNNPhases(mid.encode(), innerData, endMax)
		if err != nil {
			t.Fatal(err)
		}
		n, err := DecodeNN(data)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(n.encode(), data) {
			t.Fatal("the three-phase net is not written back as it was read")
		}
		if got, gotMax := n.Endgame(); got == nil || gotMax != endMax || !bytes.Equal(got.encode(), inner.encode()) {
			t.Fatalf("its endgame: up to %d, want %d and the inner file", gotMax, endMax)
		}
		for range 8 {
			p := gaplessPosition(t)
			us, them := p.pieces[p.turn], p.pieces[p.turn^1]
			empty := Squares - popcount(us|them)
			want := mid.EvaluateBoard(us, them, p.rules)
			switch {
			case empty <= fillMax:
				want = fill.EvaluateBoard(us, them, p.rules)
			case empty <= endMax:
				want = end.EvaluateBoard(us, them, p.rules)
			}
			if got := n.EvaluateBoard(us, them, p.rules); got != want {
				t.Fatalf("%s (%d empty, phases to %d and %d): plain %d, its phase's net %d", p.FEN(), empty, endMax, fillMax, got, want)
			}
			if got := n.Evaluate(&p); got != want {
				t.Fatalf("%s (%d empty, phases to %d and %d): fast %d, its phase's net %d", p.FEN(), empty, endMax, fillMax, got, want)
			}
		}
	})
}

// SplitNNPhases gives back the parts a file of phases was joined from,
// byte for byte, the endgame's own phases included; it refuses files that
// are not good files of phases.
func TestSplitNNPhasesUndoesTheJoin(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		mid, end := randomIntNN(t).encode(), randomIntNN(t).encode()
		endgameMax := rapid.IntRange(1, Squares-1).Draw(t, "endgame max")
		if rapid.Bool().Draw(t, "three phases") {
			fillMax := rapid.IntRange(0, endgameMax-1).Draw(t, "fill max")
			inner, err := EncodeNNPhases(end, randomIntNN(t).encode(), fillMax)
			if err != nil {
				t.Fatal(err)
			}
			end = inner
		}
		data, err := EncodeNNPhases(mid, end, endgameMax)
		if err != nil {
			t.Fatal(err)
		}
		gotMid, gotEnd, gotMax, err := SplitNNPhases(data)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(gotMid, mid) || !bytes.Equal(gotEnd, end) || gotMax != endgameMax {
			t.Fatalf("split: middle equal %v, endgame equal %v, up to %d (want %d)", bytes.Equal(gotMid, mid), bytes.Equal(gotEnd, end), gotMax, endgameMax)
		}
		// The parts are copies' equals, not windows a caller's append
		// could write through into the endgame's bytes.
		if cap(gotMid) != len(gotMid) {
			t.Fatalf("the middle part has room to grow into the endgame's: cap %d, len %d", cap(gotMid), len(gotMid))
		}
	})
	a, err := EncodeNN(randomNNParams(1, 8, 1))
	if err != nil {
		t.Fatal(err)
	}
	good, err := EncodeNNPhases(a, a, 12)
	if err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string][]byte{
		"a plain net":       a,
		"nothing":           nil,
		"a cut file":        good[:len(good)-1],
		"a bad bound":       with(good, 4, Squares),
		"a middle too long": with(good, 8, uint32(len(good))),
	} {
		if _, _, _, err := SplitNNPhases(data); err == nil {
			t.Errorf("%s: split", name)
		}
	}
}

// decodedPhases writes mid and end as one two-phase file and reads it back.
func decodedPhases(t interface {
	Helper()
	Fatal(...any)
}, mid, end *NN, endgameMax int) (*NN, []byte) {
	t.Helper()
	data, err := EncodeNNPhases(mid.encode(), end.encode(), endgameMax)
	if err != nil {
		t.Fatal(err)
	}
	n, err := DecodeNN(data)
	if err != nil {
		t.Fatal(err)
	}
	return n, data
}

// The phase is the board's own: a board one square short of the endgame
// takes the middle net, the endgame's first board the endgame net.
func TestNNPhasesBoundary(t *testing.T) {
	mid, end := mustNN(t, randomNNParamsOf(NNLayoutRaw, 1, 8, 2)), mustNN(t, randomNNParamsOf(NNLayoutRaw, 2, 8, 2))
	const endgameMax = 15
	n, _ := decodedPhases(t, mid, end, endgameMax)
	// us: the first 17 squares, them: the next 17 or 16, so 15 or 16 empty.
	us := uint64(1)<<17 - 1
	for _, c := range []struct {
		them  uint64
		empty int
		net   *NN
	}{{(uint64(1)<<17 - 1) << 17, 15, end}, {(uint64(1)<<16 - 1) << 17, 16, mid}} {
		if got := Squares - popcount(us|c.them); got != c.empty {
			t.Fatalf("the board has %d empty squares, want %d", got, c.empty)
		}
		want := c.net.EvaluateBoard(us, c.them, Standard)
		if other := map[*NN]*NN{mid: end, end: mid}[c.net].EvaluateBoard(us, c.them, Standard); other == want {
			t.Fatalf("%d empty: both nets score %d: the test cannot tell them apart", c.empty, want)
		}
		if got := n.EvaluateBoard(us, c.them, Standard); got != want {
			t.Errorf("%d empty squares: %d, want its phase's %d", c.empty, got, want)
		}
	}
	if s := n.String(); !strings.Contains(s, "up to 15 empty squares") {
		t.Errorf("the net says %q, not where its endgame starts", s)
	}
}

// Files that are not two good nets are refused, as is joining them.
func TestNNPhasesRefusesBadFiles(t *testing.T) {
	a, err := EncodeNN(randomNNParams(1, 8, 1))
	if err != nil {
		t.Fatal(err)
	}
	b, err := EncodeNN(randomNNParams(2, 12, 2))
	if err != nil {
		t.Fatal(err)
	}
	good, err := EncodeNNPhases(a, b, 12)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := DecodeNN(good); err != nil {
		t.Fatal(err)
	}
	nested := append([]byte(nil), good[:8]...)
	nested = append(nested, with(good[:4], 0, uint32(len(good)))...)
	nested = append(nested, good...)
	nested = append(nested, b...)
	bad := map[string][]byte{
		"header only":                            good[:nnPhasesHeader],
		"short header":                           good[:nnPhasesHeader-1],
		"endgame to 49":                          with(good, 4, Squares),
		"middle net too long":                    with(good, 8, uint32(len(good))),
		"middle net too short":                   with(good, 8, uint32(len(a)-1)),
		"no endgame net":                         good[:nnPhasesHeader+len(a)],
		"endgame net cut":                        good[:len(good)-1],
		"a linear net inside":                    append(append(bytes.Clone(good[:nnPhasesHeader]), append([]byte("ATXN"), a[4:]...)...), b...),
		"a two-phase inside":                     nested,
		"an endgame whose own ends at its bound": joinPhases(a, good, 12),
	}
	for name, data := range bad {
		if n, err := DecodeNN(data); err == nil {
			t.Errorf("%s: decoded to %v", name, n)
		}
	}
	for name, c := range map[string]struct {
		mid, end []byte
		max      int
	}{
		"endgame to 49":                          {a, b, Squares},
		"negative":                               {a, b, -1},
		"a cut middle net":                       {a[:len(a)-2], b, 10},
		"an endgame whose own ends at its bound": {a, good, 12},
		"an endgame whose own ends beyond it":    {a, good, 10},
		"a two-phase middle":                     {good, a, 20},
		"nothing":                                {nil, nil, 10},
	} {
		if _, err := EncodeNNPhases(c.mid, c.end, c.max); err == nil {
			t.Errorf("%s: joined", name)
		}
	}
}

// Whatever the bytes, SplitNNPhases either refuses them or gives parts
// that join back to exactly those bytes.
func FuzzSplitNNPhases(f *testing.F) {
	a, err := EncodeNN(randomNNParams(1, 4, 1))
	if err != nil {
		f.Fatal(err)
	}
	two, err := EncodeNNPhases(a, a, 12)
	if err != nil {
		f.Fatal(err)
	}
	three, err := EncodeNNPhases(a, two, 20)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(two)
	f.Add(three)
	f.Add(a)
	f.Fuzz(func(t *testing.T, data []byte) {
		mid, end, endgameMax, err := SplitNNPhases(data)
		if err != nil {
			return
		}
		joined, err := EncodeNNPhases(mid, end, endgameMax)
		if err != nil {
			t.Fatalf("the parts of a file that splits do not join: %v", err)
		}
		if !bytes.Equal(joined, data) {
			t.Fatal("the parts of a file that splits join to other bytes")
		}
	})
}
