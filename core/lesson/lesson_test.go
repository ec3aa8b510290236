package lesson

import (
	"strings"
	"testing"

	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/ataxx"
	cc "github.com/jumpers-game/jumpers/core/chinesecheckers"
	"github.com/jumpers-game/jumpers/core/cube"
)

// Every shipped lesson passes Validate: positions parse under their rules
// and go on, taught moves are legal, replies follow every accepted move,
// highlighted squares exist, every missable step has its nudge.
func TestShippedLessonsValidate(t *testing.T) {
	for _, l := range All() {
		if err := Validate(l); err != nil {
			t.Error(err)
		}
	}
}

// Each game has its lesson of 3 to 6 steps (the "short").
func TestEveryGameHasAShortLesson(t *testing.T) {
	for _, g := range core.Games() {
		l, ok := For(g.ID())
		if !ok {
			t.Errorf("no lesson for %s", g.ID())
			continue
		}
		if n := len(l.Steps); n < 3 || n > 6 {
			t.Errorf("%s: %d steps, want 3 to 6", l.ID, n)
		}
	}
}

// step returns the checker of the step id of lesson.
func step(t *testing.T, lesson, id string) *Checker {
	t.Helper()
	l, ok := For(lesson)
	if !ok {
		t.Fatalf("no lesson %s", lesson)
	}
	for i, s := range l.Steps {
		if s.ID == id {
			c, err := l.Start(i)
			if err != nil {
				t.Fatal(err)
			}
			return c
		}
	}
	t.Fatalf("lesson %s has no step %s", lesson, id)
	return nil
}

// done plays move in the step and wants it done, After being want (and
// the reply's position wantReply when the step has a reply).
func done(t *testing.T, c *Checker, move, want, wantReply string) Verdict {
	t.Helper()
	v := c.Try(move)
	if !v.Done || !v.Legal || v.Err != nil || v.Message != c.Step().Done {
		t.Fatalf("%s %s: %+v, want done", c.Step().ID, move, v)
	}
	if got := v.After.String(); got != want {
		t.Errorf("%s %s: after %q, want %q", c.Step().ID, move, got, want)
	}
	if c.Step().Reply != "" {
		if v.AfterReply == nil || v.Reply != c.Step().Reply || v.ReplySay != c.Step().ReplySay {
			t.Fatalf("%s %s: no reply in %+v", c.Step().ID, move, v)
		}
		if got := v.AfterReply.String(); got != wantReply {
			t.Errorf("%s %s: after the reply %q, want %q", c.Step().ID, move, got, wantReply)
		}
	}
	return v
}

// The cube's taught moves do what the sentences say: the resulting
// positions (owners and spots) and, for the chain, the explosions counted
// by the engine's own trace.
func TestCubeStepsDoWhatTheySay(t *testing.T) {
	// "That square is red now and holds one more spot", whichever it is.
	c := step(t, "cube", "add-a-spot")
	done(t, c, "2:2", "1-1-1-/1-2r1-/1-1-1b b", "")
	for _, m := range c.Accepted() {
		v := c.Try(m)
		before, _ := cube.Concrete(c.Position())
		after, _ := cube.Concrete(v.After)
		sq, _ := cube.ParseMove(3, m)
		if after.Owner(sq) != cube.Red || after.Spots(sq) != before.Spots(sq)+1 {
			t.Errorf("add-a-spot %s: %s", m, v.After)
		}
	}
	// The corner explodes: one spot each to 1:2 and 2:1, both red.
	done(t, step(t, "cube", "explode"), "1:1", "1r2r1-/2r1-1-/1-1-1b b", "")
	// Three explosions: 1:1, then 1:2, then 2:2.
	c = step(t, "cube", "chain")
	done(t, c, "1:1", "2r2r2r/3r1r2r/1-2r1b b", "")
	b, _ := cube.Concrete(c.Position())
	exploded := 0
	for _, s := range b.PlayTraced(0) {
		exploded += len(s.Exploded)
	}
	if exploded != 3 {
		t.Errorf("chain: %d explosions, the sentence says three", exploded)
	}
	// Blue's 2:3 (two spots) is red with three.
	done(t, step(t, "cube", "capture"), "2:2", "1-2r1-/2r1r3r/1-2r2b b", "")
	// Every square red: the game is won.
	v := done(t, step(t, "cube", "win"), "2:2", "1r3r2r/3r2r1r/1r3r3r b", "")
	if r := v.After.Result(); !r.Over || r.Winner != cube.Red {
		t.Errorf("win: result %+v", r)
	}
	// The corner explodes at three; Blue's corner answers the same way;
	// the middle square would not have exploded.
	c = step(t, "cube", "corners")
	done(t, c, "1:1", "1r2r1-/2r3r1-/1-1-2b b", "1r2r1-/2r3r2b/1-2b1b r")
	if v := c.Try("2:2"); v.Done || !v.Legal || v.Message != c.Step().Nudge {
		t.Errorf("corners 2:2: %+v", v)
	}
}

// pieces counts Black's and White's pieces in an Ataxx FEN.
func pieces(fen string) (black, white int) {
	board, _, _ := strings.Cut(fen, " ")
	return strings.Count(board, "x"), strings.Count(board, "o")
}

// Ataxx: a clone gains a piece, a jump does not, a contact converts, a
// walled-in side passes, a full board ends the game.
func TestAtaxxStepsDoWhatTheySay(t *testing.T) {
	c := step(t, "ataxx", "clone")
	done(t, c, "f2", "x5o/7/7/7/7/5x1/o5x o 0 1", "x5o/7/7/7/7/o4x1/o5x x 0 2")
	for _, m := range c.Accepted() {
		b, _ := pieces(c.Try(m).After.String())
		if b != 3 {
			t.Errorf("clone %s: %d black pieces, want 3", m, b)
		}
	}
	c = step(t, "ataxx", "jump")
	done(t, c, "g1e3", "x5o/7/7/7/4x2/o4x1/o6 o 1 2", "")
	for _, m := range c.Accepted() {
		after := c.Try(m).After.String()
		if b, w := pieces(after); b != 3 || w != 3 {
			t.Errorf("jump %s: %s, want the pieces 3 and 3", m, after)
		}
		if strings.HasPrefix(after, c.Position().String()[:strings.IndexByte(c.Position().String(), ' ')]) {
			t.Errorf("jump %s changed nothing", m)
		}
	}
	done(t, step(t, "ataxx", "capture"), "d3", "6o/7/7/2xxx2/3x3/2x4/7 o 0 1", "5oo/7/7/2xxx2/3x3/2x4/7 x 0 2")
	v := done(t, step(t, "ataxx", "pass"), "c3", "7/7/7/3x3/xxx4/xxx4/oxx4 o 0 1", "7/7/7/3x3/xxx4/xxx4/oxx4 x 1 2")
	if ms := v.After.Moves(); len(ms) != 1 || ms[0] != "0000" {
		t.Errorf("pass: White's moves %v, want only the pass", ms)
	}
	v = done(t, step(t, "ataxx", "end"), "d4", "ooooooo/ooooooo/ooxxxoo/xxxxxoo/xxxxxxx/xxxxxxx/xxxxxxx o 0 1", "")
	if r := v.After.Result(); !r.Over || r.Winner != ataxx.Black || r.Reason != "board full" {
		t.Errorf("end: %+v", r)
	}
	if b, w := pieces(v.After.String()); b != 29 || w != 20 {
		t.Errorf("end: %d against %d, the sentence says 29 against 20", b, w)
	}
}

// Chinese Checkers: a step goes to a neighbour, a hop over one piece,
// a chain is several hops, the last piece in finishes, and the stall step
// takes exactly the moves the stall rule counts as progress.
func TestChineseCheckersStepsDoWhatTheySay(t *testing.T) {
	path := func(c *Checker, m string) []int {
		p, _ := cc.Concrete(c.Position())
		mv, err := cc.ParseMove(m)
		if err != nil {
			t.Fatal(err)
		}
		return p.Path(mv)
	}
	c := step(t, "chinesecheckers", "step")
	done(t, c, "d1e5",
		"2/22/222/2222/............./............/.........../........../........./........../.........../............/....1......../.111/111/11/1 2 S,N",
		"2/22/222/.222/.....2......./............/.........../........../........./........../.........../............/....1......../.111/111/11/1 1 S,N")
	c = step(t, "chinesecheckers", "hop")
	done(t, c, "d1f6",
		"2/22/222/.222/.....2......./............/.........../........../........./........../.........../.....1....../.....1......./..11/111/11/1 2 S,N",
		"2/22/222/.222/............./....2......./.........../........../........./........../.........../.....1....../.....1......./..11/111/11/1 1 S,N")
	for _, m := range c.Accepted() {
		if p := path(c, m); len(p) != 2 {
			t.Errorf("hop %s: path %v, want one hop", m, p)
		}
	}
	c = step(t, "chinesecheckers", "chain")
	done(t, c, "a1e7",
		"2/22/222/.222/....2......../............/.........../........../........./........../.........../............/....1.1....../1111/.11/11/. 2 S,N", "")
	for _, m := range c.Accepted() {
		if p := path(c, m); len(p) < 3 {
			t.Errorf("chain %s: path %v, want two hops or more", m, p)
		}
	}
	if p := path(c, "a1e7"); len(p) != 3 || cc.HoleName(p[1]) != "c1" {
		t.Errorf("chain a1e7: path %v, the sentence says through c1", p)
	}
	v := done(t, step(t, "chinesecheckers", "goal"), "m5n1",
		"1/11/111/1111/............./............/.........../........../........./...2222.../....222..../....222...../............./..../.../../. 2 S,N", "")
	if r := v.After.Result(); !r.Over || r.Winner != 0 {
		t.Errorf("goal: %+v", r)
	}
	c = step(t, "chinesecheckers", "stall")
	before, _ := cc.Concrete(c.Position())
	nudged := 0
	for _, m := range c.Position().Moves() {
		v := c.Try(m)
		after, _ := cc.Concrete(c.Position())
		mv, _ := cc.ParseMove(m)
		after.Play(mv)
		closer := after.ToGo(0) < before.ToGo(0)
		if v.Done != closer {
			t.Errorf("stall %s: done %v, but it goes from %d to %d", m, v.Done, before.ToGo(0), after.ToGo(0))
		}
		if !v.Done {
			nudged++
		}
	}
	if nudged == 0 {
		t.Error("stall: no move to nudge")
	}
}

// candidates are move texts to throw at a step: every square or pair of
// squares of its game, the opponent's moves included, and some junk.
func candidates(c *Checker) []string {
	out := []string{"", " ", "zz", "0000", "1:1:1", "a1a1", "q1q1", "99:99"}
	switch c.Position().Game() {
	case cube.ID:
		b, _ := cube.Concrete(c.Position())
		for s := 0; s < b.Squares(); s++ {
			out = append(out, cube.FormatMove(b.Size(), cube.Move(s)))
		}
	case ataxx.ID:
		for f := 0; f < ataxx.Squares; f++ {
			out = append(out, ataxx.SquareName(f))
			for t := 0; t < ataxx.Squares; t++ {
				out = append(out, ataxx.SquareName(f)+ataxx.SquareName(t))
			}
		}
	case cc.ID:
		p, _ := cc.Concrete(c.Position())
		for pl := 0; pl < p.Players(); pl++ {
			for _, f := range p.Pieces(pl) {
				for t := 0; t < cc.NumHoles; t++ {
					if t != f {
						out = append(out, cc.HoleName(f)+cc.HoleName(t))
					}
				}
			}
		}
	}
	return out
}

// Every wrong tap gets a message: an illegal move the rules' reason, a
// legal move not taught the nudge; and Try never changes the step.
func TestEveryWrongMoveGetsAMessage(t *testing.T) {
	for _, l := range All() {
		for i, s := range l.Steps {
			c, err := l.Start(i)
			if err != nil {
				t.Fatal(err)
			}
			start := c.Position().String()
			wrong := 0
			for _, m := range candidates(c) {
				v := c.Try(m)
				switch {
				case v.Message == "":
					t.Errorf("%s/%s %q: no message", l.ID, s.ID, m)
				case v.Done:
					if v.Message != s.Done {
						t.Errorf("%s/%s %q: done says %q", l.ID, s.ID, m, v.Message)
					}
				case v.Legal:
					wrong++
					if v.Message != s.Nudge || v.Err != nil {
						t.Errorf("%s/%s %q: legal, not taught: %+v", l.ID, s.ID, m, v)
					}
				default:
					wrong++
					if v.Err == nil {
						t.Errorf("%s/%s %q: refused without a reason", l.ID, s.ID, m)
					}
				}
			}
			if wrong == 0 {
				t.Errorf("%s/%s: no wrong move tried", l.ID, s.ID)
			}
			if c.Position().String() != start {
				t.Errorf("%s/%s: Try changed the position", l.ID, s.ID)
			}
		}
	}
}

// The rules' own reasons, in words for people, with the game's player names.
func TestRefusalsAreTheRulesReasons(t *testing.T) {
	for _, tc := range []struct{ lesson, step, move, want string }{
		{"cube", "add-a-spot", "3:3", "Square 3:3 belongs to Blue."},
		{"cube", "add-a-spot", "4:1", "Square 4:1 is off the 3x3 board."},
		{"ataxx", "capture", "a1", "No Black piece next to a1."},
		{"ataxx", "capture", "d4", "d4 is not empty."},
		{"chinesecheckers", "step", "n1m6", "n1 holds a piece of Player 2, and Player 1 is to move."},
		{"chinesecheckers", "step", "e5f5", "e5 is empty."},
		{"cube", "explode", "", "No move given."},
	} {
		v := step(t, tc.lesson, tc.step).Try(tc.move)
		if v.Message != tc.want || v.Legal || v.Done {
			t.Errorf("%s/%s %q: %+v, want %q", tc.lesson, tc.step, tc.move, v, tc.want)
		}
	}
	// The app may name the players its own way.
	v := step(t, "cube", "add-a-spot").Try("3:3")
	if got := core.RenamePlayers(v.Err, func(i int) string { return []string{"Ann", "Bob"}[i] }); got != "square 3:3 belongs to Bob" {
		t.Errorf("renamed: %q", got)
	}
}

// Validate catches the mistakes a new step could make.
func TestValidateRefusesBrokenSteps(t *testing.T) {
	good := func() Lesson { l, _ := For("cube"); return l }
	for name, breakIt := range map[string]func(*Lesson){
		"bad position":    func(l *Lesson) { l.Steps[1].Position = "2r1-1-/1-1-1- r" },
		"illegal move":    func(l *Lesson) { l.Steps[1].Moves = []string{"3:3"} },
		"no moves":        func(l *Lesson) { l.Steps[1].Moves = nil },
		"no nudge":        func(l *Lesson) { l.Steps[1].Nudge = "" },
		"no done":         func(l *Lesson) { l.Steps[1].Done = "" },
		"bad square":      func(l *Lesson) { l.Steps[1].Highlight = []string{"4:4"} },
		"square spelling": func(l *Lesson) { l.Steps[1].Highlight = []string{"1 1"} },
		"repeated id":     func(l *Lesson) { l.Steps[1].ID = l.Steps[0].ID },
		"illegal reply":   func(l *Lesson) { l.Steps[5].Reply = "1:1" },
		"reply unsaid":    func(l *Lesson) { l.Steps[5].ReplySay = "" },
		"game over":       func(l *Lesson) { l.Steps[1].Position = "1r1r1r/1r1r1r/1r1r1r b"; l.Steps[1].Accept = AnyMove },
		"closer in cube":  func(l *Lesson) { l.Steps[1].Accept = Closer },
		"unknown game":    func(l *Lesson) { l.Game = "chess" },
	} {
		l := good()
		breakIt(&l)
		if err := Validate(l); err == nil {
			t.Errorf("%s: Validate passed", name)
		}
	}
	if err := Validate(good()); err != nil {
		t.Fatal(err)
	}
}

// All hands out copies: a caller cannot change the shipped lessons.
func TestAllIsACopy(t *testing.T) {
	a := All()
	a[0].Steps[0].Say = "changed"
	if All()[0].Steps[0].Say == "changed" {
		t.Fatal("All shares its steps")
	}
	if _, err := All()[0].Start(99); err == nil {
		t.Fatal("step 100 of 6 started")
	}
}

// Each thing said is one short sentence (the issue: one sentence a step,
// read on a 360 dp phone).
func TestSentencesAreOneAndShort(t *testing.T) {
	for _, l := range All() {
		for _, s := range l.Steps {
			for _, text := range []string{s.Say, s.Nudge, s.Done, s.ReplySay} {
				if text == "" {
					continue
				}
				if len(text) > 120 || !strings.HasSuffix(text, ".") || strings.Contains(strings.TrimSuffix(text, "."), ". ") {
					t.Errorf("%s/%s: %q is not one short sentence", l.ID, s.ID, text)
				}
			}
		}
	}
}
