package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"math/bits"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jumpers-game/jumpers/core/ataxx"
	"github.com/jumpers-game/jumpers/core/engine"
	"github.com/jumpers-game/jumpers/core/record"
)

// testdata/lost.rec is an arena game A (x, seat 1) lost to Autaxx.
func readLost(t *testing.T, seatA string) []record.Game {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "lost.rec"))
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Replace(string(data), `[SeatA "1"]`, `[SeatA "`+seatA+`"]`, 1)
	recs, err := record.ReadAll(text)
	if err != nil || len(recs) != 1 {
		t.Fatalf("%d games, %v", len(recs), err)
	}
	return recs
}

func TestSelectMovesTakesThePhaseAndTheSeats(t *testing.T) {
	recs := readLost(t, "1")
	moves, err := selectMoves(nil, recs, options{lo: 10, hi: 20, lost: true}, new(int))
	if err != nil {
		t.Fatal(err)
	}
	if len(moves) < 10 {
		t.Fatalf("only %d moves between 10 and 20 empty squares in a whole game", len(moves))
	}
	for _, m := range moves {
		pos, err := ataxx.ParseFEN(m.fen, ataxx.Standard)
		if err != nil {
			t.Fatal(err)
		}
		if e := bits.OnesCount64(pos.Empty()); e != m.empties || e < 10 || e > 20 {
			t.Errorf("%s: %d empty squares, said %d, want 10 to 20", m.fen, e, m.empties)
		}
		// A sits first (x).
		if want := map[int]string{0: "A", 1: "B"}[pos.ToMove()]; m.player != want {
			t.Errorf("%s: player %s, want %s", m.fen, m.player, want)
		}
		mv, err := ataxx.ParseMove(m.played)
		if err != nil || mv == ataxx.Pass {
			t.Errorf("%s: move %q is a pass or unreadable (%v)", m.fen, m.played, err)
		} else if _, err := pos.PlayMove(mv); err != nil {
			t.Errorf("%s: move %s is not legal there: %v", m.fen, m.played, err)
		}
		if m.game != 1 {
			t.Errorf("game %d, want 1", m.game)
		}
	}
	// With A in the other seat the same game is A's win: -lost drops it,
	// and the players swap.
	swapped := readLost(t, "2")
	if won, err := selectMoves(nil, swapped, options{lo: 10, hi: 20, lost: true}, new(int)); err != nil || len(won) != 0 {
		t.Errorf("-lost kept %d moves of a won game (%v)", len(won), err)
	}
	all, err := selectMoves(nil, swapped, options{lo: 10, hi: 20}, new(int))
	if err != nil || len(all) != len(moves) {
		t.Fatalf("%d moves without -lost, want %d (%v)", len(all), len(moves), err)
	}
	for i := range all {
		if all[i].player == moves[i].player {
			t.Fatalf("move %d: player %s in both seats", i, all[i].player)
		}
	}
	if some, _ := selectMoves(nil, append(recs, recs...), options{lo: 10, hi: 20, games: 1}, new(int)); len(some) != len(moves) {
		t.Errorf("-games 1 of two games: %d moves, want %d", len(some), len(moves))
	}
	// -games counts over files, a game with no move in the phase too.
	games := 0
	none, _ := selectMoves(nil, recs, options{lo: 49, hi: 49, games: 1}, &games)
	if more, _ := selectMoves(none, recs, options{lo: 10, hi: 20, games: 1}, &games); len(more) != 0 || games != 1 {
		t.Errorf("-games 1 over two files: %d moves from the second, %d games", len(more), games)
	}
}

func TestSelectMovesRefusesWhatIsNotAnArenaRecord(t *testing.T) {
	recs := readLost(t, "1")
	recs[0].Tags = nil
	if _, err := selectMoves(nil, recs, options{lo: 0, hi: 49}, new(int)); err == nil || !strings.Contains(err.Error(), "SeatA") {
		t.Errorf("a record without SeatA: %v", err)
	}
}

// A judge that knows two positions: its best move at the first is "b2"
// with 50; the move "c3" leaves the opponent 30 there (so 80 lost); "d4"
// at the second is its own choice.
func TestJudgeOneAndTheTable(t *testing.T) {
	calls := 0
	j := func(fen string, moves []string) (string, int, error) {
		calls++
		switch {
		case fen == "one" && len(moves) == 0:
			return "b2", 50, nil
		case fen == "one" && len(moves) == 1 && moves[0] == "c3":
			return "a1", 30, nil
		case fen == "two" && len(moves) == 0:
			return "d4", -20, nil
		case fen == "won":
			return "a1", 5000, nil
		}
		return "", 0, fmt.Errorf("asked %s %v", fen, moves)
	}
	moves := []playedMove{
		{game: 1, player: "A", empties: 13, fen: "one", played: "c3"},
		{game: 1, player: "A", empties: 14, fen: "two", played: "d4"},
		{game: 1, player: "B", empties: 20, fen: "two", played: "d4"},
		{game: 1, player: "A", empties: 12, fen: "won", played: "a1"},
	}
	verdicts, err := judgeAll(moves, []judge{j})
	if err != nil {
		t.Fatal(err)
	}
	if calls != 5 {
		t.Errorf("%d searches, want 5 (a second only where the move played was not the judge's)", calls)
	}
	if d := verdicts[0].drop(); d != 80 || verdicts[0].after != -30 {
		t.Errorf("drop %d (after %d), want 80 (after -30)", d, verdicts[0].after)
	}
	if d := verdicts[1].drop(); d != 0 {
		t.Errorf("the judge's own move dropped %d", d)
	}
	var out bytes.Buffer
	report(&out, verdicts, options{lo: 12, hi: 23, decided: 2000, bigDrop: 100, bandSize: 4})
	for _, want := range []string{
		"3 moves judged, 1 left out as decided",
		"| 20–23 | 0 | | | | 1 | 0% | 0.0 | 0.0% |",
		"| 12–15 | 2 | 50% | 40.0 | 0.0% | 0 | | | |",
		"| 16–19 | 0 | | | | 0 | | | |",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("no %q in\n%s", want, out.String())
		}
	}
}

// fakeJudgeEngine answers the protocol as a judge does, its searches with
// reply's lines, and records the position and go lines it was sent.
func fakeJudgeEngine(in io.Reader, out io.WriteCloser, reply []string, sent *[]string) {
	defer out.Close()
	sc := bufio.NewScanner(in)
	for sc.Scan() {
		line := sc.Text()
		switch f := strings.Fields(line); {
		case len(f) == 0:
		case f[0] == "uai":
			fmt.Fprintln(out, "id name judge\nuaiok")
		case f[0] == "isready":
			fmt.Fprintln(out, "readyok")
		case f[0] == "position", f[0] == "uainewgame":
			*sent = append(*sent, line)
		case f[0] == "go":
			*sent = append(*sent, line)
			for _, r := range reply {
				fmt.Fprintln(out, r)
			}
		case f[0] == "quit":
			return
		}
	}
}

func TestUAIJudgeReadsTheScoreOfEitherEngine(t *testing.T) {
	for _, tc := range []struct {
		reply []string
		score int
	}{
		{[]string{"info depth 3 score cp 12 nodes 10 pv b2", "info depth 4 score cp -17 nodes 99 pv b2", "bestmove b2"}, -17},
		{[]string{"info depth 13 seldepth 6 score 42 time 1 nodes 1792 nps 1 pv b2", "bestmove b2"}, 42},
	} {
		toEngine, fromHarness := io.Pipe()
		fromEngine, toHarness := io.Pipe()
		var sent []string
		go fakeJudgeEngine(toEngine, toHarness, tc.reply, &sent)
		c, err := engine.NewClient(fromEngine, fromHarness, "judge")
		if err != nil {
			t.Fatal(err)
		}
		best, score, err := uaiJudge(c, 1234)("x5o/7/7/7/7/7/o5x x 0 1", []string{"f2"})
		c.Close()
		if err != nil || best != "b2" || score != tc.score {
			t.Errorf("got %s %d %v, want b2 %d", best, score, err, tc.score)
		}
		want := []string{"uainewgame", "position fen x5o/7/7/7/7/7/o5x x 0 1 moves f2", "go nodes 1234"}
		if strings.Join(sent, "|") != strings.Join(want, "|") {
			t.Errorf("sent %q, want %q", sent, want)
		}
	}
}

func TestLastScore(t *testing.T) {
	for _, tc := range []struct {
		info  []string
		score int
		ok    bool
	}{
		{[]string{"info depth 5 score cp -12 nodes 3"}, -12, true},
		{[]string{"info depth 11 seldepth 6 score -33 time 1"}, -33, true},
		{[]string{"info depth 2 score 7", "info string hello"}, 7, true},
		{[]string{"info depth 9 score mate 3"}, 0, false},
		{[]string{"info string score"}, 0, false},
		{nil, 0, false},
	} {
		if s, ok := lastScore(tc.info); s != tc.score || ok != tc.ok {
			t.Errorf("%q: %d %v, want %d %v", tc.info, s, ok, tc.score, tc.ok)
		}
	}
}

func TestBadArgumentsAreRefused(t *testing.T) {
	rec := filepath.Join("testdata", "lost.rec")
	for _, args := range [][]string{
		{rec},              // no judge
		{"-judge", "true"}, // no records
		{"-judge", "true", "-empties", "20-10", rec},
		{"-judge", "true", "-empties", "x", rec},
		{"-judge", "true", "-workers", "0", rec},
	} {
		var out, errs bytes.Buffer
		if code := run(args, &out, &errs); code != 2 || errs.Len() == 0 {
			t.Errorf("%q: exit %d, %q", args, code, errs.String())
		}
	}
	var out, errs bytes.Buffer
	if code := run([]string{"-judge", "true", filepath.Join(t.TempDir(), "none.rec")}, &out, &errs); code != 1 || !strings.Contains(errs.String(), "none.rec") {
		t.Errorf("a missing file: exit %d, %q", code, errs.String())
	}
}
