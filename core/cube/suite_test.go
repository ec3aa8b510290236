package cube

import (
	"bufio"
	"context"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/jumpers-game/jumpers/core"
)

// suitePosition is one line of testdata/saturated.txt: a saturated
// position (at least half its squares full) from self-play, the length in
// plies of its fastest forced win, and every move that keeps a win within
// 7 plies (built by `go run ./tools/cubesuite -make`, which proves each
// with the prover; see docs/benchmarks-cube.md).
type suitePosition struct {
	board Board
	plies int
	wins  map[Move]bool
}

func readSuite(t *testing.T) []suitePosition {
	t.Helper()
	f, err := os.Open("testdata/saturated.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []suitePosition
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Split(sc.Text(), "\t")
		if len(fields) != 3 {
			t.Fatalf("bad suite line %q", sc.Text())
		}
		b := mustParse(t, fields[0])
		plies, err := strconv.Atoi(fields[1])
		if err != nil {
			t.Fatal(err)
		}
		p := suitePosition{board: b, plies: plies, wins: map[Move]bool{}}
		for _, m := range strings.Fields(fields[2]) {
			mv, err := ParseMove(b.Size(), m)
			if err != nil {
				t.Fatal(err)
			}
			p.wins[mv] = true
		}
		out = append(out, p)
	}
	return out
}

// The suite's short wins hold by the definition itself (naiveWin, no
// table, no shortcut): the wins in 3 plies on any board, and on 5x5 the
// wins in 5 too, and no shorter win exists. In a 3-ply win every move that
// wins in 3 is listed, and a listed move that does not is a longer win the
// prover confirms.
func TestSaturatedSuiteByDefinition(t *testing.T) {
	checked := 0
	pr := NewProver(1)
	for _, p := range readSuite(t) {
		if p.plies > 5 || p.plies == 5 && (p.board.Size() > 5 || testing.Short()) {
			continue
		}
		b := p.board
		if !naiveWin(&b, p.plies) || naiveWin(&b, p.plies-2) {
			t.Errorf("%s: the fastest win is not %d plies", b.String(), p.plies)
		}
		checked++
		if p.plies != 3 {
			continue
		}
		for _, m := range b.Moves(nil) {
			c := b
			c.Play(m)
			over, _ := c.Outcome()
			fast := over || naiveLose(&c, 2)
			switch {
			case fast && !p.wins[m]:
				t.Errorf("%s: %s wins in 3 but is not listed", b.String(), FormatMove(b.Size(), m))
			case !fast && p.wins[m]:
				if lost, ok := pr.Lost(context.Background(), c, 6, 0); !lost || !ok {
					t.Errorf("%s: %s is listed as a win", b.String(), FormatMove(b.Size(), m))
				}
			}
		}
	}
	if checked < 10 {
		t.Fatalf("only %d suite positions checked", checked)
	}
}

// Expert finds the win in at least 95% of the suite at 60,000 nodes a
// position (here about 1 ms on 5x5, where the prover answers, 20 ms on
// 7x7 and 75 ms on 10x10). The timed figure the issue asks for, 100 ms,
// is in docs/benchmarks-cube.md (cubesuite -check -movetime 100).
func TestSaturatedSuiteExpertFindsWins(t *testing.T) {
	suite := readSuite(t)
	found := 0
	for i, p := range suite {
		res, err := Game{}.BestMove(context.Background(), NewPosition(p.board), core.AIRequest{Level: core.Expert, Nodes: suiteNodes, Seed: int64(i)})
		if err != nil {
			t.Fatal(err)
		}
		m, _ := ParseMove(p.board.Size(), res.Move)
		if p.wins[m] {
			found++
		} else {
			t.Logf("%dx%d win in %d: played %s", p.board.Size(), p.board.Size(), p.plies, res.Move)
		}
	}
	if 100*found < 95*len(suite) {
		t.Errorf("Expert found %d wins of %d", found, len(suite))
	}
}

const suiteNodes = 60000
