package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/mobile"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/jumpers-game/jumpers/app"
	"github.com/jumpers-game/jumpers/core/ataxx"
	"github.com/jumpers-game/jumpers/core/cube"
	"github.com/jumpers-game/jumpers/core/puzzle"
	"github.com/jumpers-game/jumpers/ui/board"
	"github.com/jumpers-game/jumpers/ui/board/ataxxboard"
	"github.com/jumpers-game/jumpers/ui/board/cubeboard"
	"github.com/jumpers-game/jumpers/ui/internal/uitest"
)

// The puzzles of these tests: a cube win in 2 (2:5, reply 3:3, 1:3), and
// an Ataxx jump (d1b2).
const (
	cubeWinIn2 = "cube-0001"
	ataxxJump  = "ataxx-0002"
)

// timers are the puzzle screens' timers not fired yet: the tests fire
// them (fireTimers), never wait for a time.
var timers []func()

func init() {
	puzzleTimer = func(_ time.Duration, f func()) { timers = append(timers, f) }
}

// fireTimers runs the timers due (those they set run at the next call).
func fireTimers() {
	due := timers
	timers = nil
	for _, f := range due {
		f()
	}
}

// openTestPuzzle opens puzzle id from its game's puzzles screen.
func openTestPuzzle(t *testing.T, h *harness, id string) *puzzleScreen {
	t.Helper()
	timers = nil                     // none of an earlier test's
	t.Cleanup(h.u.env.Puzzles.Flush) // written before the temp dir goes
	pz, err := puzzle.ByID(id)
	if err != nil {
		t.Fatal(err)
	}
	fill := h.u.puzzles(pz.Game)
	ps := h.u.openPuzzle(pz, puzzleRated, fill)
	if ps == nil || h.u.Screen() != "puzzle" {
		t.Fatalf("%s: screen %q", id, h.u.Screen())
	}
	return ps
}

// tapCube taps cube square "r:c" on the puzzle's board where a finger
// would.
func tapCube(t *testing.T, ps *puzzleScreen, name string) {
	t.Helper()
	b := ps.board.(*cubeboard.Board)
	n := b.View.Board.Size()
	m, err := cube.ParseMove(n, name)
	if err != nil {
		t.Fatal(err)
	}
	r, c := int(m)/n, int(m)%n
	g := board.GeomFor(b.Size(), n)
	test.TapAt(b, fyne.NewPos(g.OX+(float32(c)+0.5)*g.Cell, g.OY+(float32(r)+0.5)*g.Cell))
}

// tapAtaxx taps Ataxx square name on the puzzle's board.
func tapAtaxx(t *testing.T, ps *puzzleScreen, name string) {
	t.Helper()
	b := ps.board.(*ataxxboard.Board)
	sq, err := ataxx.ParseSquare(name)
	if err != nil {
		t.Fatal(err)
	}
	g := board.GeomFor(b.Size(), ataxx.Size)
	for r := range ataxx.Size {
		for c := range ataxx.Size {
			at := fyne.NewPos(g.OX+(float32(c)+0.5)*g.Cell, g.OY+(float32(r)+0.5)*g.Cell)
			if b.SquareAt(at) == sq {
				test.TapAt(b, at)
				return
			}
		}
	}
	t.Fatalf("no square %s on the board", name)
}

// runUntil runs what was posted to the UI goroutine (the timers of the
// replies, the search for puzzles in the saved games) until done.
func runUntil(t *testing.T, h *harness, done func() bool) {
	t.Helper()
	for !done() {
		h.q.RunOne(t)
	}
}

func rating(h *harness, game string) int {
	return int(h.u.env.Puzzles.Rating(game).R + 0.5)
}

// Solving a puzzle through taps: the right move, the app's reply after
// the pause, the last move; the rating and the streak go up, the puzzles
// screen shows them, and they are kept in the storage.
func TestPuzzleSolvedThroughTaps(t *testing.T) {
	h := newHarness(t, "")
	ps := openTestPuzzle(t, h, cubeWinIn2)
	if !strings.Contains(ps.prompt.Text, "to move: win in 2") {
		t.Fatalf("prompt %q", ps.prompt.Text)
	}
	tapCube(t, ps, "2:5")
	if ps.state != pzReplying || ps.c.LastMove() != "2:5" || !strings.HasPrefix(ps.feedback.Text, "Right") {
		t.Fatalf("after the right move: state %v last %q feedback %q", ps.state, ps.c.LastMove(), ps.feedback.Text)
	}
	// A tap during the pause plays nothing.
	before := ps.c.Position().String()
	tapCube(t, ps, "1:3")
	if ps.c.Position().String() != before || ps.feedback.Text != "Wait for the reply" {
		t.Fatalf("a tap during the reply's pause: %q", ps.feedback.Text)
	}
	fireTimers() // the reply
	if ps.c.LastMove() != "3:3" || ps.state != pzSolving {
		t.Fatalf("the reply: last %q state %v", ps.c.LastMove(), ps.state)
	}
	tapCube(t, ps, "1:3")
	if ps.state != pzSolved || !strings.HasPrefix(ps.feedback.Text, "Solved!") {
		t.Fatalf("after the last move: state %v feedback %q", ps.state, ps.feedback.Text)
	}
	if r := rating(h, "cube"); r <= 1500 || h.u.env.Puzzles.Streak("cube") != 1 {
		t.Fatalf("rating %d streak %d after solving", r, h.u.env.Puzzles.Streak("cube"))
	}
	// Provisional after one puzzle, as lichess writes it: "1697?".
	if !strings.Contains(ps.feedback.Text, "? (+") || !strings.Contains(ps.feedback.Text, "streak 1") || !strings.Contains(ps.rating.Text, "streak 1") {
		t.Fatalf("feedback %q rating line %q", ps.feedback.Text, ps.rating.Text)
	}
	// A tap after the end plays nothing and says what to do.
	solved := ps.c.Position().String()
	tapCube(t, ps, "5:5")
	if ps.c.Position().String() != solved || !strings.Contains(ps.feedback.Text, "Next") {
		t.Fatalf("a tap after solving: %q", ps.feedback.Text)
	}
	h.u.goBack("")
	if h.u.Screen() != "puzzles" {
		t.Fatalf("Back went to %q", h.u.Screen())
	}
	h.u.env.Puzzles.Flush()
	kept := app.OpenPuzzleProgress(filepath.Join(h.root, app.PuzzlesFile))
	if kept.Rating("cube") != h.u.env.Puzzles.Rating("cube") || kept.Streak("cube") != 1 {
		t.Fatalf("kept %+v streak %d", kept.Rating("cube"), kept.Streak("cube"))
	}
}

// A wrong move: said so with the rating's change, the rating down and
// the streak gone; Retry takes it back, and solving it then is not rated.
func TestPuzzleWrongMove(t *testing.T) {
	h := newHarness(t, "")
	h.u.env.Puzzles.Record(puzzle.Puzzle{ID: "cube-0004", Game: "cube", Rating: 1000}, true) // a streak of 1
	ps := openTestPuzzle(t, h, cubeWinIn2)
	start := ps.c.Position().String()
	tapCube(t, ps, "1:1")
	if ps.state != pzWrong || !strings.HasPrefix(ps.feedback.Text, "Wrong: 1:1 is not the answer") || !strings.Contains(ps.feedback.Text, "(−") {
		t.Fatalf("after a wrong move: state %v feedback %q", ps.state, ps.feedback.Text)
	}
	after := rating(h, "cube")
	if h.u.env.Puzzles.Streak("cube") != 0 || after >= int(app.OpenPuzzleProgress("").Rating("cube").R) {
		t.Fatalf("rating %d streak %d", after, h.u.env.Puzzles.Streak("cube"))
	}
	if ps.retryB.Disabled() || ps.solutionB.Disabled() || !ps.hintB.Disabled() {
		t.Fatal("Retry and Solution are not offered")
	}
	tapCube(t, ps, "2:5") // not until Retry
	if ps.c.LastMove() != "1:1" {
		t.Fatal("a tap on a wrong move's board played")
	}
	test.Tap(ps.retryB)
	if ps.c.Position().String() != start || ps.state != pzSolving {
		t.Fatalf("Retry: state %v", ps.state)
	}
	tapCube(t, ps, "2:5")
	fireTimers()
	tapCube(t, ps, "1:3")
	if ps.state != pzSolved || rating(h, "cube") != after {
		t.Fatalf("solved on retry: state %v rating %d, was %d", ps.state, rating(h, "cube"), after)
	}
}

// The hint picks up the piece to move (an Ataxx jump) or marks the square
// (the cube); the puzzle then counts as missed.
func TestPuzzleHint(t *testing.T) {
	h := newHarness(t, "")
	ps := openTestPuzzle(t, h, ataxxJump)
	test.Tap(ps.hintB)
	from, _ := ataxx.ParseSquare("d1")
	if got := ps.board.(*ataxxboard.Board).Selected(); got != from {
		t.Fatalf("the hint selected square %d, want d1 (%d)", got, from)
	}
	if rating(h, "ataxx") >= 1500 || !strings.Contains(ps.feedback.Text, "counts as missed") {
		t.Fatalf("hint: rating %d feedback %q", rating(h, "ataxx"), ps.feedback.Text)
	}
	tapAtaxx(t, ps, "b2") // the piece picked up goes where the hint led
	if ps.state != pzSolved || ps.c.LastMove() != "d1b2" {
		t.Fatalf("after the hint: state %v last %q feedback %q", ps.state, ps.c.LastMove(), ps.feedback.Text)
	}

	cs := openTestPuzzle(t, h, cubeWinIn2)
	test.Tap(cs.hintB)
	runUntil(t, h, func() bool { return !cs.c.Hinting() }) // the controller's hint comes back
	if cs.c.HintMove() != "2:5" || cs.board.(*cubeboard.Board).View.Hint < 0 {
		t.Fatalf("cube hint %q", cs.c.HintMove())
	}
}

// Show solution plays the whole line from the start, a move at a time.
func TestPuzzleShowSolution(t *testing.T) {
	h := newHarness(t, "")
	ps := openTestPuzzle(t, h, cubeWinIn2)
	tapCube(t, ps, "2:5")
	fireTimers()
	test.Tap(ps.solutionB)
	if ps.state != pzShowing || ps.c.History().Cursor() != 0 {
		t.Fatalf("the solution starts at move %d (state %v)", ps.c.History().Cursor(), ps.state)
	}
	for i := range 3 {
		fireTimers()
		if ps.c.History().Cursor() != i+1 || ps.state != pzShowing && i < 2 {
			t.Fatalf("step %d: at move %d", i+1, ps.c.History().Cursor())
		}
	}
	fireTimers()
	if ps.state != pzShown || !ps.c.Position().Result().Over || rating(h, "cube") >= 1500 {
		t.Fatalf("after the solution: state %v over %v rating %d", ps.state, ps.c.Position().Result().Over, rating(h, "cube"))
	}
	if strings.Join(ps.c.History().Record().Moves, ",") != "2:5,3:3,1:3" {
		t.Fatalf("moves %v", ps.c.History().Record().Moves)
	}
}

// Back in the middle of a puzzle (a reply pending, then a solution being
// shown) leaves it cleanly: the puzzles screen, nothing played after.
func TestPuzzleBackMidway(t *testing.T) {
	for _, key := range []fyne.KeyName{fyne.KeyEscape, mobile.KeyBack} {
		h := newHarness(t, "")
		ps := openTestPuzzle(t, h, cubeWinIn2)
		tapCube(t, ps, "2:5")
		h.w.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: key})
		if h.u.Screen() != "puzzles" {
			t.Fatalf("%s: screen %q", key, h.u.Screen())
		}
		if len(timers) != 1 {
			t.Fatalf("%d timers pending", len(timers))
		}
		said := ps.feedback.Text
		fireTimers() // the reply's timer after Back: dropped
		if ps.c.LastMove() != "2:5" || ps.feedback.Text != said {
			t.Fatalf("%s: a reply was played after Back: %q", key, ps.c.LastMove())
		}
		ps2 := openTestPuzzle(t, h, cubeWinIn2)
		test.Tap(ps2.solutionB)
		h.w.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: key})
		fireTimers()
		if ps2.c.History().Cursor() != 0 {
			t.Fatalf("%s: the solution went on after Back", key)
		}
		tapCube(t, ps2, "2:5") // a stray tap on a board left: nothing
		if h.u.Screen() != "puzzles" {
			t.Fatalf("%s: second Back: %q", key, h.u.Screen())
		}
	}
}

// Home's Puzzles buttons open each game's puzzles; the daily puzzle opens
// today's, and Next another near the rating.
func TestPuzzlesFromHome(t *testing.T) {
	h := newHarness(t, "")
	for _, game := range []string{"cube", "ataxx", "chinesecheckers"} {
		h.u.home()
		if !tapButton(h, board.Get(game).ShortName) || h.u.Screen() != "puzzles" {
			t.Fatalf("%s: no Puzzles button on Home (%q)", game, h.u.Screen())
		}
		if !tapButton(h, "Daily puzzle") || h.u.Screen() != "puzzle" {
			t.Fatalf("%s: no daily puzzle", game)
		}
		want := app.DailyPuzzleID(game, time.Now())
		if got := shownPuzzleID(h); got != want {
			t.Fatalf("%s: daily %s, want %s", game, got, want)
		}
		if !tapButton(h, "Next") {
			t.Fatal("no Next")
		}
		if got := shownPuzzleID(h); got == want || !strings.HasPrefix(got, strings.Split(want, "-")[0]) {
			t.Fatalf("%s: Next opened %q", game, got)
		}
		if len(h.u.stack) != 3 {
			t.Fatalf("%s: Next stacked the puzzles: %d screens", game, len(h.u.stack))
		}
	}
}

// lastPuzzle is the puzzle screen last opened (tests).
var lastPuzzle *puzzleScreen

func init() {
	puzzleOpened = func(ps *puzzleScreen) { lastPuzzle = ps }
}

func shownPuzzleID(h *harness) string {
	if lastPuzzle == nil || h.u.top() != lastPuzzle.screen {
		return ""
	}
	return lastPuzzle.pz.ID
}

// tapButton taps the first button of the screen whose text starts with
// label.
func tapButton(h *harness, label string) bool {
	for _, b := range uitest.FindWidgets[*widget.Button](h.w.Canvas().Content()) {
		if strings.HasPrefix(b.Text, label) && b.Visible() {
			test.Tap(b)
			return true
		}
	}
	return false
}

// visitPuzzles opens each game's puzzles and a puzzle of each, for the
// walks over every screen.
func visitPuzzles(t *testing.T, h *harness, visit func(where string)) {
	for _, id := range []string{cubeWinIn2, ataxxJump, "cc-0001"} {
		ps := openTestPuzzle(t, h, id)
		visit("puzzle " + id)
		ps.say("Wrong: a long move name is not the answer. Rating 1234 (−56). Retry, or see the solution.")
		visit("puzzle " + id + " with feedback")
		h.u.back()
		visit("puzzles of " + ps.pz.Game)
		h.u.back()
	}
}

// A puzzles file a newer app wrote: the puzzles screen says it is not
// kept here.
func TestPuzzlesSayWhyNotKept(t *testing.T) {
	root := t.TempDir()
	if err := os.WriteFile(filepath.Join(root, app.PuzzlesFile), []byte(`{"version": 9}`), 0o644); err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, root)
	h.u.puzzles("cube")
	found := false
	for _, l := range uitest.FindWidgets[*widget.Label](h.w.Canvas().Content()) {
		if strings.Contains(l.Text, "newer version of the app (version 9)") {
			found = true
		}
	}
	if !found {
		t.Fatal("no word of the puzzles not kept")
	}
}
