package main

import (
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/ataxx"
	gamerecord "github.com/jumpers-game/jumpers/core/record"
)

// randomGame plays random moves from the start until the game is over and
// returns its record, its positions before each move that is not a pass
// (side to move first) with their movers, and the winner.
func randomGame(t *testing.T, rng *rand.Rand, r ataxx.Rules) (core.Record, []record, []int, int) {
	t.Helper()
	p := ataxx.New(r)
	rec := core.Record{Game: "ataxx", Rules: r.String(), Start: p.FEN()}
	var recs []record
	var movers []int
	var moves []ataxx.Move
	for {
		if over, winner := p.Outcome(); over {
			return rec, recs, movers, winner
		}
		moves = p.Moves(moves[:0])
		m := moves[rng.IntN(len(moves))] // just Pass when forced
		if m != ataxx.Pass {
			recs = append(recs, record{us: p.Pieces(p.ToMove()), them: p.Pieces(1 - p.ToMove())})
			movers = append(movers, p.ToMove())
		}
		rec.Moves = append(rec.Moves, m.String())
		p.Play(m)
	}
}

// Imported games give every position before a move, side to move first,
// with the game's result for that side; unfinished games and games of
// other rules are skipped and said so.
func TestImportGivesEveryPositionWithItsResult(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	dir := t.TempDir()
	var text strings.Builder
	var want []record
	for g := 0; g < 6; g++ {
		rec, recs, movers, winner := randomGame(t, rng, ataxx.Standard)
		// The result for the side that moved, worked out here rather than
		// by the code under test.
		for i := range recs {
			recs[i].game = uint32(g)
			if winner >= 0 {
				recs[i].result = int8(1 - 2*((movers[i]+winner)&1))
			}
		}
		want = append(want, recs...)
		s, err := gamerecord.Format(rec, gamerecord.Info{})
		if err != nil {
			t.Fatal(err)
		}
		text.WriteString(s + "\n")
	}
	// An unfinished game (its moves cut short) and a game of the seed
	// rules are skipped.
	rec, _, _, _ := randomGame(t, rng, ataxx.Standard)
	rec.Moves = rec.Moves[:len(rec.Moves)/2]
	s, err := gamerecord.Format(rec, gamerecord.Info{Result: "1-0"})
	if err != nil {
		t.Fatal(err)
	}
	text.WriteString(s + "\n")
	seed, _, _, _ := randomGame(t, rng, ataxx.SeedRules)
	if s, err = gamerecord.Format(seed, gamerecord.Info{}); err != nil {
		t.Fatal(err)
	}
	text.WriteString(s + "\n")
	in := filepath.Join(dir, "games.rec")
	if err := os.WriteFile(in, []byte(text.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "games.dat")
	var stdout, stderr bytes.Buffer
	if err := importCmd([]string{"-out", out, in}, &stdout, &stderr); err != nil {
		t.Fatalf("%v (%s)", err, stderr.String())
	}
	if !strings.Contains(stdout.String(), "6 games") || !strings.Contains(stdout.String(), "1 not played to the end") ||
		!strings.Contains(stdout.String(), "1 of other rules") {
		t.Errorf("report %q", stdout.String())
	}
	got, err := readRecords(out)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(want) {
		t.Fatalf("%d positions, want %d", len(got), len(want))
	}
	for i := range got {
		if got[i] != want[i] {
			t.Fatalf("position %d: %+v, want %+v", i, got[i], want[i])
		}
	}
	// A second import never overwrites the first.
	if err := importCmd([]string{"-out", out, in}, &stdout, &stderr); err == nil {
		t.Error("import wrote over an existing file")
	}
}

func TestImportRefusesWhatIsNotARecord(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.rec")
	if err := os.WriteFile(bad, []byte("[Game \"ataxx\"]\n\n1. zz9 *\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "x.dat")
	var stdout, stderr bytes.Buffer
	for _, args := range [][]string{{}, {"-out", out}, {"-out", out, bad}, {"-out", out, filepath.Join(dir, "missing.rec")}} {
		if err := importCmd(args, &stdout, &stderr); err == nil {
			t.Errorf("%q: no error", args)
		}
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("a refused import wrote a file")
	}
}
