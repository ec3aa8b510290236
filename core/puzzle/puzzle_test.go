package puzzle

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/ataxx"
	"github.com/jumpers-game/jumpers/core/chinesecheckers"
	"github.com/jumpers-game/jumpers/core/search"
)

func sample(t testing.TB) []Puzzle {
	t.Helper()
	data, err := os.ReadFile("testdata/sample.txt")
	if err != nil {
		t.Fatal(err)
	}
	ps, err := ParseSet(string(data))
	if err != nil {
		t.Fatal(err)
	}
	return ps
}

func sampleOf(t testing.TB, game string) []Puzzle {
	var out []Puzzle
	for _, p := range sample(t) {
		if p.Game == game {
			out = append(out, p)
		}
	}
	if len(out) == 0 {
		t.Fatalf("no %s puzzle in testdata/sample.txt", game)
	}
	return out
}

func TestParseRoundTrip(t *testing.T) {
	data, _ := os.ReadFile("testdata/sample.txt")
	n := 0
	for _, line := range strings.Split(string(data), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		p, err := Parse(line)
		if err != nil {
			t.Fatal(err)
		}
		if p.String() != line {
			t.Fatalf("round trip:\n%s\n%s", line, p.String())
		}
		n++
	}
	if n < 10 {
		t.Fatalf("only %d sample puzzles", n)
	}
}

func TestParseRejects(t *testing.T) {
	good := "x-1\tcube\tstandard\t1200\t2r2r/2b2b r\t1:1,2:2,1:2\twin-in-2"
	if _, err := Parse(good); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ line, want string }{
		{"x-1\tcube\tstandard\t1200\t2r2r/2b2b r\t1:1", "7"},
		{"x 1\tcube\tstandard\t1200\t2r2r/2b2b r\t1:1\twin", "bad puzzle ID"},
		{"x-1\tcube\tstandard\t12x0\t2r2r/2b2b r\t1:1\twin", "bad rating"},
		{"x-1\tcube\tstandard\t99999\t2r2r/2b2b r\t1:1\twin", "bad rating"},
		{"x-1\tcube\tstandard\t1200\t \t1:1\twin", "bad position"},
		{"x-1\tcube\tstandard\t1200\t2r2r/2b2b r\t\twin", "no moves"},
		{"x-1\tcube\tstandard\t1200\t2r2r/2b2b r\t1:1,,2:2\twin", "blank"},
		{"x-1\tcube\tstandard\t1200\t2r2r/2b2b r\t1:1\twin in 2", "bad theme"},
		{"x-1\tcube\tst d\t1200\t2r2r/2b2b r\t1:1\twin", "bad rules"},
		{strings.Repeat("x", MaxLine+1), "bytes"},
	} {
		_, err := Parse(c.line)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Parse(%q) = %v, want an error with %q", c.line, err, c.want)
		}
	}
}

// FuzzParse: no line makes Parse panic, and what it accepts it writes
// back as a line that reads the same.
func FuzzParse(f *testing.F) {
	data, _ := os.ReadFile("testdata/sample.txt")
	for _, line := range strings.Split(string(data), "\n") {
		f.Add(line)
	}
	f.Add("a\tb\tc\t1000\td\te\t")
	f.Fuzz(func(t *testing.T, line string) {
		p, err := Parse(line)
		if err != nil {
			return
		}
		q, err := Parse(p.String())
		if err != nil {
			t.Fatalf("%q parsed, its String %q does not: %v", line, p.String(), err)
		}
		if q.String() != p.String() {
			t.Fatalf("not stable: %q then %q", p.String(), q.String())
		}
	})
}

func TestCheckLines(t *testing.T) {
	for _, p := range sample(t) {
		for k := 1; k <= len(p.Solution); k++ {
			v, err := Check(p, p.Solution[:k])
			if err != nil {
				t.Fatalf("%s: %v", p.ID, err)
			}
			want := Continue
			if k == len(p.Solution) {
				want = Correct
			}
			if v != want {
				t.Fatalf("%s after %d moves: %v, want %v", p.ID, k, v, want)
			}
		}
	}
}

// A solver's move other than the answer is incorrect: the generator proved
// the answer the only one.
func TestCheckWrongMove(t *testing.T) {
	for _, p := range sample(t) {
		pos, err := Start(p)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := pos.Play(p.Solution[0])
		tried := 0
		for _, m := range pos.Moves() {
			next, _ := pos.Play(m)
			if next.String() == want.String() {
				continue
			}
			if r := next.Result(); r.Over && r.Winner == pos.ToMove() {
				continue // wins at once: right by the rules of Check
			}
			v, err := Check(p, []string{m})
			if err != nil || v != Incorrect {
				t.Fatalf("%s: %s is %v (%v), want incorrect", p.ID, m, v, err)
			}
			if tried++; tried == 3 {
				break
			}
		}
		if tried == 0 {
			t.Fatalf("%s: no wrong move tried", p.ID)
		}
	}
}

func TestCheckBadInput(t *testing.T) {
	p := sampleOf(t, "cube")[0] // a win in 2: move, reply, move
	if len(p.Solution) != 3 {
		t.Fatalf("%s: want a win in 2", p.ID)
	}
	pos, _ := Start(p)
	after, _ := pos.Play(p.Solution[0])
	otherReply := ""
	for _, m := range after.Moves() {
		if m != p.Solution[1] {
			otherReply = m
			break
		}
	}
	for _, c := range []struct {
		moves []string
		want  string
	}{
		{nil, "no moves"},
		{[]string{"99:99"}, "move 1"},
		{[]string{"zz"}, "move 1"},
		{[]string{p.Solution[0], otherReply}, "is a reply"},
		{append(append([]string(nil), p.Solution...), p.Solution[0]), "after the end"},
		{[]string{wrongFirst(t, p), p.Solution[1]}, "after the end"},
	} {
		v, err := Check(p, c.moves)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Check(%v) = %v, %v; want an error with %q", c.moves, v, err, c.want)
		}
	}
}

// wrongFirst is a legal first move of p that is not the answer.
func wrongFirst(t *testing.T, p Puzzle) string {
	pos, _ := Start(p)
	for _, m := range pos.Moves() {
		if m != p.Solution[0] {
			return m
		}
	}
	t.Fatalf("%s: one legal move", p.ID)
	return ""
}

// A race may be finished another way than the line's: any move after
// which the target still fills in time is right, and so is the rest of a
// shortest finish from there.
func TestCheckRaceOtherWay(t *testing.T) {
	others := 0
	for _, p := range sampleOf(t, "chinesecheckers") {
		if len(p.Solution) < 3 {
			continue
		}
		start, _ := Start(p)
		pos, _ := start.Play(p.Solution[0])
		line, _ := pos.Play(p.Solution[1])
		for _, m := range pos.Moves() {
			next, _ := pos.Play(m)
			if next.String() == line.String() {
				continue
			}
			cp, _ := chinesecheckers.Concrete(next)
			plan, found, complete := chinesecheckers.FinishIn(&cp, len(p.Solution)-2, 0)
			if !complete || !found {
				continue
			}
			moves := []string{p.Solution[0], m}
			if v, err := Check(p, moves); err != nil || v != Continue {
				t.Fatalf("%s %v: %v (%v), want continue", p.ID, moves, v, err)
			}
			for _, x := range plan {
				moves = append(moves, x.String())
			}
			if v, err := Check(p, moves); err != nil || v != Correct {
				t.Fatalf("%s %v: %v (%v), want correct", p.ID, moves, v, err)
			}
			others++
		}
	}
	if others == 0 {
		t.Fatal("no race of the sample has another way after its first move")
	}
	// And too slow a race is incorrect: a first move that wastes one.
	p := sampleOf(t, "chinesecheckers")[0]
	pos, _ := Start(p)
	first, _ := pos.Play(p.Solution[0])
	for _, m := range pos.Moves() {
		if next, _ := pos.Play(m); next.String() != first.String() {
			if v, err := Check(p, []string{m}); err != nil || v != Incorrect {
				t.Fatalf("%s: %s is %v (%v), want incorrect", p.ID, m, v, err)
			}
			return
		}
	}
}

// The sample verifies with the engines: the proofs of uniqueness behind
// Check's verdicts.
func TestVerifySample(t *testing.T) {
	v := NewVerifier()
	for _, p := range sample(t) {
		if err := v.Verify(context.Background(), p); err != nil {
			t.Error(err)
		}
	}
}

// A puzzle whose answer is not the only one fails: the cube sample's
// answers replaced by another move, the Ataxx one by the second best.
func TestVerifyRejectsWrongAnswers(t *testing.T) {
	v := NewVerifier()
	for _, p := range sample(t) {
		pos, _ := Start(p)
		for _, m := range pos.Moves() {
			if m == p.Solution[0] {
				continue
			}
			q := p
			q.Solution = append([]string{m}, p.Solution[1:]...)
			if err := v.Verify(context.Background(), q); err == nil {
				t.Fatalf("%s with %s first verifies", p.ID, m)
			}
			break
		}
	}
}

// CI checks a short sample of the shipped set with the engines; the
// tool run (puzzlegen -verify) checks all of them.
func TestShippedSet(t *testing.T) {
	all, err := All()
	if err != nil {
		t.Fatal(err)
	}
	count := map[string]int{}
	for _, p := range all {
		count[p.Game]++
		q, err := ByID(p.ID)
		if err != nil || q.String() != p.String() {
			t.Fatalf("ByID(%s): %v", p.ID, err)
		}
	}
	for _, g := range []string{"cube", "ataxx", "chinesecheckers"} {
		if count[g] < 300 {
			t.Errorf("%d %s puzzles shipped, want at least 300", count[g], g)
		}
	}
	if _, err := ByID("no-such-puzzle"); err == nil {
		t.Fatal("ByID of an unknown ID succeeds")
	}
	v := NewVerifier()
	step := max(1, len(all)/12)
	for i := 0; i < len(all); i += step {
		if err := v.Verify(context.Background(), all[i]); err != nil {
			t.Error(err)
		}
	}
}

// Candidates the generator dropped fail Verify for the reason they were
// dropped: another move wins too, several win at once, the Ataxx answer
// is not the best or leads by too little, another first move finishes the
// race as fast.
func TestVerifyRejects(t *testing.T) {
	data, err := os.ReadFile("testdata/rejected.txt")
	if err != nil {
		t.Fatal(err)
	}
	v := NewVerifier()
	want, n := "", 0
	for _, line := range strings.Split(string(data), "\n") {
		switch {
		case line == "" || strings.HasPrefix(line, "#"):
		case strings.HasPrefix(line, "want: "):
			want = strings.TrimPrefix(line, "want: ")
		default:
			p, err := Parse(line)
			if err != nil {
				t.Fatal(err)
			}
			err = v.Verify(context.Background(), p)
			if err == nil || !strings.Contains(err.Error(), want) {
				t.Errorf("%s: Verify says %v, want an error with %q", p.ID, err, want)
			}
			n++
		}
	}
	if n < 6 {
		t.Fatalf("only %d rejected puzzles", n)
	}
}

// A hint names the piece to move where a move moves one, else the
// square of the move.
func TestHint(t *testing.T) {
	for _, c := range []struct {
		game, move, square string
		piece              bool
	}{
		{"cube", "2:5", "2:5", false},
		{"ataxx", "d1b2", "d1", true},
		{"ataxx", "a3", "a3", false},
		{"chinesecheckers", "i4k4", "i4", true},
	} {
		sq, piece := Hint(Puzzle{Game: c.game}, c.move)
		if sq != c.square || piece != c.piece {
			t.Errorf("%s %s: %s %v, want %s %v", c.game, c.move, sq, piece, c.square, c.piece)
		}
	}
}

// Ataxx puzzles are judged in the n-tuple net's scale, which AtaxxMargin
// was set on, whatever the default evaluation is: the scores are those of
// the linear style's search.
func TestAtaxxScoresKeepTheirScale(t *testing.T) {
	g, _ := core.Lookup(ataxx.ID)
	pos, err := g.ParsePosition("x5o/7/2o4/3x3/7/7/o5x x 0 3", "standard")
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	moves, scores, _, err := AtaxxScores(ctx, pos, 2)
	if err != nil {
		t.Fatal(err)
	}
	for i, text := range moves {
		child, err := pos.Play(text)
		if err != nil {
			t.Fatal(err)
		}
		res, err := g.BestMove(search.WithFresh(ctx), child, core.AIRequest{Depth: 1, Seed: 1, Style: ataxx.StyleLinear})
		if err != nil {
			t.Fatal(err)
		}
		if scores[i] != -res.Info.Score {
			t.Fatalf("%s scores %d, the n-tuple net's search %d", text, scores[i], -res.Info.Score)
		}
	}
}
