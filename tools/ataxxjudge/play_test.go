package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestPlayAllPutsTheCandidatesMovesInEveryPosition(t *testing.T) {
	moves := []playedMove{{fen: "one", played: "a1"}, {fen: "two", played: "a1"}, {fen: "three", played: "a1"}}
	choose := func(fen string) (string, error) { return "m-" + fen, nil }
	if err := playAll(moves, []chooser{choose, choose}); err != nil {
		t.Fatal(err)
	}
	for _, m := range moves {
		if m.played != "m-"+m.fen {
			t.Errorf("%s: played %s, want the candidate's m-%s", m.fen, m.played, m.fen)
		}
	}
	failing := func(fen string) (string, error) { return "", errors.New("engine died") }
	if err := playAll(moves, []chooser{failing}); err == nil || !strings.Contains(err.Error(), "engine died") {
		t.Errorf("a failing candidate gave %v", err)
	}
}

// The cache answers what the judge answered before, in this run or a
// run before it, and asks the judge only the rest.
func TestJudgeCacheAsksEachPositionOnce(t *testing.T) {
	path := filepath.Join(t.TempDir(), "judge.cache")
	asked := map[string]int{}
	j := func(fen string, moves []string) (string, int, error) {
		key := fen + fmt.Sprint(moves)
		asked[key]++
		return "b2", len(key), nil
	}
	for run := range 2 {
		jc, err := openJudgeCache(path)
		if err != nil {
			t.Fatal(err)
		}
		cached := jc.wrap(j)
		for range 2 {
			for _, q := range []struct {
				fen   string
				moves []string
			}{{"x5o/7/7/7/7/7/o5x x 0 1", nil}, {"x5o/7/7/7/7/7/o5x x 0 1", []string{"f2"}}} {
				best, score, err := cached(q.fen, q.moves)
				if want := len(q.fen + fmt.Sprint(q.moves)); err != nil || best != "b2" || score != want {
					t.Errorf("run %d: %s %v gave %s %d %v, want b2 %d", run, q.fen, q.moves, best, score, err, want)
				}
			}
		}
		if err := jc.Close(); err != nil {
			t.Fatal(err)
		}
	}
	for key, n := range asked {
		if n != 1 {
			t.Errorf("the judge was asked %s %d times", key, n)
		}
	}
	if len(asked) != 2 {
		t.Errorf("the judge was asked %d positions, want 2", len(asked))
	}
}

func TestJudgeCacheRefusesAMangledFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "judge.cache")
	for _, text := range []string{"fen\tb2\n", "fen\tb2\tmany\n"} {
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := openJudgeCache(path); err == nil || !strings.Contains(err.Error(), ":1:") {
			t.Errorf("%q: %v, want an error naming line 1", text, err)
		}
	}
}

func TestReportGivesEachPlayersMeanDropWithItsInterval(t *testing.T) {
	var verdicts []verdict
	for i, drop := range []int{0, 10, 20, 30} {
		verdicts = append(verdicts, verdict{playedMove: playedMove{player: "A", empties: 12 + i}, before: 50, after: 50 - drop})
	}
	var out bytes.Buffer
	report(&out, verdicts, options{lo: 12, hi: 23, decided: 2000, bigDrop: 100, bandSize: 4})
	// Mean 15, sample deviation 12.91, so 1.96·12.91/2 = 12.65.
	if want := "A: 4 moves, mean drop 15.0 ± 12.7 (95%)"; !strings.Contains(out.String(), want) {
		t.Errorf("no %q in\n%s", want, out.String())
	}
	if strings.Contains(out.String(), "\nB: ") {
		t.Errorf("a line for B, who has no moves:\n%s", out.String())
	}
}

func TestOptionListReadsNameValue(t *testing.T) {
	var l optionList
	if err := l.Set("EvalFile=/tmp/a=b.bin"); err != nil {
		t.Fatal(err)
	}
	if err := l.Set("novalue"); err == nil {
		t.Error("accepted an option without =")
	}
	if l.String() != "EvalFile=/tmp/a=b.bin" || len(l) != 1 {
		t.Errorf("got %q (%d options)", l.String(), len(l))
	}
}
