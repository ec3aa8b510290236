package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/ataxx"
	cc "github.com/jumpers-game/jumpers/core/chinesecheckers"
	"github.com/jumpers-game/jumpers/core/coretest"
	"github.com/jumpers-game/jumpers/core/cube"
	"github.com/jumpers-game/jumpers/core/record"
	"github.com/jumpers-game/jumpers/core/review"
	"github.com/jumpers-game/jumpers/storage"
)

// The contract's lines (CONTRACTS.md, "Game review").
var (
	reviewMoveLine = regexp.MustCompile(`^move ([1-9][0-9]*) (\S+) (\S+) (best|good|inaccuracy|mistake|blunder|forced|unscored) (0\.[0-9]{2}|1\.00) (0\.[0-9]{2}|1\.00)( better \S+)?$`)
	reviewAccLine  = regexp.MustCompile(`^accuracy (\S+) ([0-9]{1,3}\.[0-9])$`)
)

// reviewLine is one move line read back.
type reviewLine struct {
	n             int
	side, verdict string
	better        string
}

// parseReview checks every line of a review's output against the
// contract and returns the move lines and the accuracy sides in order.
func parseReview(t *testing.T, out string, moves int) ([]reviewLine, []string) {
	t.Helper()
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	var ms []reviewLine
	var sides []string
	for _, l := range lines {
		if m := reviewMoveLine.FindStringSubmatch(l); m != nil {
			if len(sides) > 0 {
				t.Fatalf("a move line after the accuracy lines: %q", l)
			}
			n, _ := strconv.Atoi(m[1])
			r := reviewLine{n: n, side: m[2], verdict: m[4], better: strings.TrimPrefix(m[7], " better ")}
			marked := r.verdict == "inaccuracy" || r.verdict == "mistake" || r.verdict == "blunder"
			if (r.better != "") != marked {
				t.Fatalf("better move given or missing: %q", l)
			}
			if n != len(ms)+1 {
				t.Fatalf("move %d out of order: %q", n, l)
			}
			ms = append(ms, r)
			continue
		}
		if m := reviewAccLine.FindStringSubmatch(l); m != nil {
			if a, _ := strconv.ParseFloat(m[2], 64); a < 0 || a > 100 {
				t.Fatalf("accuracy out of range: %q", l)
			}
			sides = append(sides, m[1])
			continue
		}
		t.Fatalf("not a review line: %q\n%s", l, out)
	}
	if len(ms) != moves {
		t.Fatalf("%d move lines for %d moves", len(ms), moves)
	}
	return ms, sides
}

// doneWhenGames are the review's "done when" games: random moves against
// the Expert level (node-limited), one seat random, in each game.
var doneWhenGames = []struct {
	name   string
	g      core.Game
	opts   core.Options
	random int
	seed   int64
	plies  int // the game is cut there (a review needs no end)
}{
	{"cube 6×6, random first", cube.Game{}, core.Options{}.WithInt(core.OptSize, 6), 0, 3, 400},
	{"cube 6×6, random second", cube.Game{}, core.Options{}.WithInt(core.OptSize, 6), 1, 4, 400},
	{"ataxx, random first", ataxx.Game{}, core.Options{}, 0, 3, 400},
	{"ataxx, random second", ataxx.Game{}, core.Options{}, 1, 4, 400},
	{"chinese checkers 2 players, random first", cc.Game{}, core.Options{}.WithInt(core.OptPlayers, 2), 0, 3, 40},
	{"chinese checkers 2 players, random second", cc.Game{}, core.Options{}.WithInt(core.OptPlayers, 2), 1, 4, 40},
}

// doneWhenNodes is the node budget of the games' engine moves and of
// their review in the tests (the review's default is larger: the test
// stays within seconds).
const doneWhenNodes = 20_000

// writeRecord writes h as a record file and returns its path.
func writeRecord(t *testing.T, h *core.History) string {
	t.Helper()
	var b bytes.Buffer
	if err := record.Write(&b, h.Record(), record.Info{}); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "game.pgn")
	if err := os.WriteFile(path, b.Bytes(), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// A game of random moves against the Expert gets mistakes or blunders
// marked on the random side and none on the Expert's.
func TestReviewMarksTheRandomSideOnly(t *testing.T) {
	if testing.Short() {
		t.Skip("engine searches")
	}
	for _, tc := range doneWhenGames {
		t.Run(tc.name, func(t *testing.T) {
			h := coretest.RandomAgainstEngine(t, tc.g, tc.opts, tc.random, tc.seed, doneWhenNodes, tc.plies)
			file := writeRecord(t, h)
			nodes := strconv.Itoa(doneWhenNodes)
			out := ok(t, "review", file, "--nodes", nodes)
			ms, sides := parseReview(t, out, h.Len())
			randomSide := sideToken(h.Start())
			if tc.random != h.Start().ToMove() {
				randomSide = sideToken(h.Position(1))
			}
			marks := 0
			for _, m := range ms {
				isMark := m.verdict == "mistake" || m.verdict == "blunder"
				switch {
				case m.side == randomSide && isMark:
					marks++
				case m.side != randomSide && isMark:
					t.Errorf("the engine's move %d marked %s:\n%s", m.n, m.verdict, out)
				}
			}
			if marks == 0 {
				t.Errorf("no mistake or blunder on the random side (%s):\n%s", randomSide, out)
			}
			if len(sides) != 2 || sides[tc.random] != randomSide {
				t.Errorf("accuracy sides %v, random %s", sides, randomSide)
			}
			t.Logf("%d moves, %d marks on the random side\n%s", h.Len(), marks, out[strings.LastIndex(out[:len(out)-1], "\nmove"):])
		})
	}
}

// The same game, nodes and build give the same output, from a record
// file and from a saved game alike, with the flags before or after FILE.
func TestReviewIsReproducible(t *testing.T) {
	h := coretest.RandomAgainstEngine(t, cube.Game{}, core.Options{}.WithInt(core.OptSize, 5), 0, 7, 2000, 30)
	file := writeRecord(t, h)
	out := ok(t, "review", file, "--nodes", "3000")
	parseReview(t, out, h.Len())
	if again := ok(t, "review", "--nodes", "3000", file); again != out {
		t.Fatalf("a second review differs:\n%s\n---\n%s", out, again)
	}
	save := filepath.Join(t.TempDir(), "game.json")
	if err := storage.WriteFile(save, storage.NewSave(h.Record(), h.Len(), nil, time.Unix(0, 0))); err != nil {
		t.Fatal(err)
	}
	if fromSave := ok(t, "review", save, "--nodes", "3000"); fromSave != out {
		t.Fatalf("the saved game's review differs:\n%s\n---\n%s", out, fromSave)
	}
	// Game 2 of a file of two games is that game.
	two := filepath.Join(t.TempDir(), "two.pgn")
	one, _ := os.ReadFile(writeRecord(t, core.NewHistory(h.Start(), "")))
	this, _ := os.ReadFile(file)
	if err := os.WriteFile(two, append(append(one, '\n'), this...), 0o600); err != nil {
		t.Fatal(err)
	}
	if second := ok(t, "review", two, "--game", "2", "--nodes", "3000"); second != out {
		t.Fatalf("game 2's review differs:\n%s\n---\n%s", out, second)
	}
}

// Bad input gets one error line and exit 2, nothing on stdout.
func TestReviewRefusesBadInput(t *testing.T) {
	dir := t.TempDir()
	h := core.NewHistory(cube.NewPosition(mustCube(t, 3)), "")
	if err := h.Play("1:1"); err != nil {
		t.Fatal(err)
	}
	rec := writeRecord(t, h)
	bad := filepath.Join(dir, "bad.pgn")
	if err := os.WriteFile(bad, []byte("[Game \"cube\"]\n[Size \"3\"]\n\n1. 9:9 *\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	badSave := filepath.Join(dir, "bad.json")
	if err := os.WriteFile(badSave, []byte(`{"game": "cube", "moves": [`), 0o600); err != nil {
		t.Fatal(err)
	}
	save := filepath.Join(dir, "game.json")
	if err := storage.WriteFile(save, storage.NewSave(h.Record(), h.Len(), nil, time.Unix(0, 0))); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"review"}, "give one FILE"},
		{[]string{"review", filepath.Join(dir, "missing.pgn")}, "cannot read"},
		{[]string{"review", rec, "extra"}, "give one FILE"},
		{[]string{"review", bad}, "bad.pgn"},
		{[]string{"review", badSave}, "bad.json"},
		{[]string{"review", rec, "--game", "2"}, "no game 2"},
		{[]string{"review", rec, "--game", "0"}, "--game 0 is out of range"},
		{[]string{"review", save, "--game", "2"}, "--game 2 is out of range"},
		{[]string{"review", rec, "--nodes", "0"}, "--nodes 0 is out of range"},
		{[]string{"review", rec, "--nodes", "x"}, "invalid value"},
		{[]string{"review", rec, "--depth", "3"}, "flag provided but not defined"},
	} {
		if line := refused(t, tc.args...); !strings.Contains(line, tc.want) {
			t.Errorf("%v: %q does not say %q", tc.args, line, tc.want)
		}
	}
	// The good file reviews.
	out := ok(t, "review", rec, "--nodes", "500")
	if _, sides := parseReview(t, out, 1); strings.Join(sides, ",") != "r,b" {
		t.Fatalf("sides %v:\n%s", sides, out)
	}
}

func mustCube(t *testing.T, size int) cube.Board {
	t.Helper()
	p, err := cube.Game{}.Start(core.Options{}.WithInt(core.OptSize, size))
	if err != nil {
		t.Fatal(err)
	}
	b, err := cube.Concrete(p)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// The help lists the command.
func TestReviewInHelp(t *testing.T) {
	if out := ok(t, "help"); !strings.Contains(out, "jumpers-cli review FILE [--nodes N] [--game N]") {
		t.Fatalf("help:\n%s", out)
	}
}

// Without --nodes the review searches at the app's budget for the game's
// player count (review.DefaultBudget): a game of four players at more
// nodes than two players' 60,000, where the Monte-Carlo search's noise
// marked the Expert's moves.
func TestReviewDefaultBudgetFollowsThePlayerCount(t *testing.T) {
	if testing.Short() {
		t.Skip("engine searches")
	}
	g := cc.Game{}
	pos, err := g.ParsePosition("3/33/333/3333/.........4444/.........444/.........44/.........4/........./2........./22........./222........./2222........./1111/111/11/1 1 S,SW,N,NE", "")
	if err != nil {
		t.Fatal(err)
	}
	h := core.NewHistory(pos, "")
	for _, m := range strings.Fields("d4e9 f3g3") {
		if err := h.Play(m); err != nil {
			t.Fatal(m, err)
		}
	}
	file := writeRecord(t, h)
	want := review.DefaultBudget(4).Nodes
	if want <= review.DefaultNodes {
		t.Fatalf("four players' default %d nodes, no more than two players' %d", want, review.DefaultNodes)
	}
	out := ok(t, "review", file)
	parseReview(t, out, h.Len())
	if at := ok(t, "review", file, "--nodes", strconv.FormatInt(want, 10)); at != out {
		t.Fatalf("the default review differs from one at %d nodes:\n%s\n---\n%s", want, out, at)
	}
	if two := ok(t, "review", file, "--nodes", strconv.Itoa(review.DefaultNodes)); two == out {
		t.Fatalf("the default review is the one at two players' %d nodes:\n%s", review.DefaultNodes, out)
	}
}
