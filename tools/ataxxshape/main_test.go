package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/jumpers-game/jumpers/core/ataxx"
)

// testdata/lost.rec is game 1 of an arena match against Autaxx (A played
// x from a ply3_fair opening and lost the fill); the counts were taken by
// an independent replay of the same moves.
func TestShapeOfALostGame(t *testing.T) {
	var out, errs bytes.Buffer
	if code := run([]string{filepath.Join("testdata", "lost.rec")}, &out, &errs); code != 0 {
		t.Fatalf("exit %d: %s", code, errs.String())
	}
	for _, want := range []string{
		"lost games: 1\n",
		"ply 50: (16.0, 18.0) over 1",
		"ply 60: (20.0, 19.0) over 1",
		"end: (22.0, 27.0) over 1",
		"A ahead at ply 50: 0 of 1",
		"won games: 0\n",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("no %q in\n%s", want, out.String())
		}
	}
}

func TestBadInputIsRefused(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "bad.rec")
	data, err := os.ReadFile(filepath.Join("testdata", "lost.rec"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bad, []byte(strings.Replace(string(data), `[SeatA "1"]`, `[SeatA "3"]`, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{bad}, {"-plies", "x", bad}, {}} {
		var out, errs bytes.Buffer
		if code := run(args, &out, &errs); code == 0 || errs.Len() == 0 {
			t.Errorf("%v: exit %d, message %q", args, code, errs.String())
		}
	}
}

// -book N prints the game's position when N empty squares were first
// left: a legal FEN with N empty squares, the same position the replay
// passes through.
func TestBookOfTheFill(t *testing.T) {
	for _, n := range []int{12, 5} {
		var out, errs bytes.Buffer
		if code := run([]string{"-book", strconv.Itoa(n), filepath.Join("testdata", "lost.rec")}, &out, &errs); code != 0 {
			t.Fatalf("exit %d: %s", code, errs.String())
		}
		lines := strings.Split(strings.TrimSpace(out.String()), "\n")
		if len(lines) != 1 {
			t.Fatalf("-book %d: %d lines:\n%s", n, len(lines), out.String())
		}
		p, err := ataxx.ParseFEN(lines[0], ataxx.Standard)
		if err != nil {
			t.Fatal(err)
		}
		if empty := 49 - p.Count(0) - p.Count(1) - popcount(p.Gaps()); empty != n {
			t.Fatalf("-book %d: %s has %d empty squares", n, lines[0], empty)
		}
	}
}
