package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jumpers-game/jumpers/core/cube"
)

// A suite made on small boards is read back and checked: every position
// is a saturated one with a listed win, and Expert finds it.
func TestMakeThenCheck(t *testing.T) {
	var out, errs bytes.Buffer
	if code := run([]string{"-make", "-sizes", "4,5", "-games", "4", "-prove-time", "2s"}, &out, &errs); code != 0 {
		t.Fatalf("make: %d %s", code, errs.String())
	}
	suite, err := parseSuite(strings.NewReader(out.String()))
	if err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	for _, e := range suite {
		if !saturated(&e.pos) || e.plies < 3 || e.plies > 7 || len(e.wins) == 0 {
			t.Errorf("bad entry %s %d %v", e.pos.String(), e.plies, e.wins)
		}
	}
	file := filepath.Join(t.TempDir(), "suite.txt")
	if err := os.WriteFile(file, out.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	var res bytes.Buffer
	if code := run([]string{"-check", file, "-nodes", "20000"}, &res, &errs); code != 0 {
		t.Fatalf("check: %d %s", code, errs.String())
	}
	if !strings.Contains(res.String(), "found ") {
		t.Errorf("check printed %q", res.String())
	}
}

func TestBadInput(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.txt")
	os.WriteFile(bad, []byte("1-1-/1-1- r\t3\n"), 0o644)
	for _, args := range [][]string{
		{},
		{"-make", "-sizes", "1"},
		{"-make", "-plies", "4"},
		{"-check", filepath.Join(dir, "missing.txt")},
		{"-check", bad},
	} {
		var out, errs bytes.Buffer
		if code := run(args, &out, &errs); code != 2 || errs.Len() == 0 {
			t.Errorf("%v: exit %d, stderr %q", args, code, errs.String())
		}
	}
}

func FuzzParseSuite(f *testing.F) {
	f.Add("2r2r3b1b2b/3r4r2b4b2b/2r1r3r4b3b/3r4r4r3b2b/1r3r2b1b2b r\t5\t4:1 4:2\n")
	f.Add("# comment\n\n1-1-/1-1- r\t3\t1:1\n")
	f.Add("1-1-/1-1- r\tx\t1:1\n")
	f.Fuzz(func(t *testing.T, text string) {
		suite, err := parseSuite(strings.NewReader(text))
		if err != nil {
			return
		}
		for _, e := range suite {
			if len(e.wins) == 0 || e.plies < 1 {
				t.Fatalf("accepted an entry without a win: %+v", e)
			}
			for m := range e.wins {
				mv, err := cube.ParseMove(e.pos.Size(), m)
				if err != nil || e.pos.Legal(mv) != nil {
					t.Fatalf("accepted the move %q on %s", m, e.pos.String())
				}
			}
		}
	})
}
