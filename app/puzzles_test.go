package app

import (
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"
	"time"

	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/puzzle"
	"github.com/jumpers-game/jumpers/storage"
)

// randomVsExpert plays a game from the position of the shipped puzzle
// id: the side to move there a human playing random moves (seeded; its
// first move never the puzzle's answer), the other Expert (node-limited:
// the same game on any machine), to the end. It returns the save (the
// human's seat marked so) and its history.
func randomVsExpert(t testing.TB, id string, seed uint64) (storage.Save, *core.History) {
	t.Helper()
	pz, err := puzzle.ByID(id)
	if err != nil {
		t.Fatal(err)
	}
	start, err := puzzle.Start(pz)
	if err != nil {
		t.Fatal(err)
	}
	g, _ := core.Lookup(pz.Game)
	h := core.NewHistory(start, pz.Rules)
	human := start.ToMove()
	answer, _ := start.Play(pz.Solution[0])
	rng := rand.New(rand.NewPCG(seed, 1))
	for ply := 0; !h.Current().Result().Over && ply < 300; ply++ {
		pos := h.Current()
		var mv string
		if pos.ToMove() == human {
			ms := pos.Moves()
			for {
				mv = ms[rng.IntN(len(ms))]
				if next, _ := pos.Play(mv); ply > 0 || next.String() != answer.String() {
					break
				}
			}
		} else {
			res, err := g.BestMove(context.Background(), pos, core.AIRequest{Level: core.Expert, Nodes: 3000, Seed: int64(ply)})
			if err != nil {
				t.Fatal(err)
			}
			mv = res.Move
		}
		if err := h.Play(mv); err != nil {
			t.Fatal(err)
		}
	}
	seats := make([]storage.Seat, start.Players())
	for i := range seats {
		seats[i] = storage.Seat{Kind: storage.Computer, Level: core.Expert}
	}
	seats[human] = storage.Seat{Kind: storage.Human}
	return storage.NewSave(h.Record(), h.Cursor(), seats, time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)), h
}

// ownBudget is the review's budget in the tests: nodes only, so the
// review marks the same moves on any machine.
var ownBudget = Budget{Nodes: 20_000}

// A game of random moves against Expert, started where a shipped puzzle
// starts and its answer missed: the review marks the human's first move,
// and the puzzle made there verifies by the shipped set's rules, starts
// at the position before the bad move, and is the player's own.
func TestOwnPuzzleFromARandomGame(t *testing.T) {
	for _, id := range []string{"cube-0001", "ataxx-0002"} {
		sv, h := randomVsExpert(t, id, 1)
		g, _ := core.Lookup(sv.Game)
		found, err := GamePuzzles(context.Background(), puzzle.NewVerifier(), g, "20261201-120000-abcd", sv, h, ownBudget)
		if err != nil {
			t.Fatal(err)
		}
		if len(found) == 0 {
			t.Fatalf("%s: no puzzle from a game whose first human move missed a proven answer", id)
		}
		pz := found[0]
		if pz.Position != h.Position(0).String() || pz.ID != "own-20261201-120000-abcd-1" || !IsOwnPuzzle(pz) || !pz.HasTheme("from-your-games") {
			t.Fatalf("%s: puzzle %s", id, pz)
		}
		if err := puzzle.NewVerifier().Verify(context.Background(), pz); err != nil {
			t.Fatalf("%s: the puzzle made does not verify: %v", id, err)
		}
		if v, err := puzzle.Check(pz, []string{h.Move(1)}); err != nil || v != puzzle.Incorrect {
			t.Fatalf("%s: the move the player made is judged %v, %v", id, v, err)
		}
		// The computer's moves are never the player's puzzles: the same
		// game with the seats the other way round gives none.
		sv.Seats[0], sv.Seats[1] = sv.Seats[1], sv.Seats[0]
		if other, err := GamePuzzles(context.Background(), puzzle.NewVerifier(), g, "x", sv, h, ownBudget); err != nil || len(other) != 0 {
			t.Fatalf("%s: %d puzzles from the computer's moves (%v)", id, len(other), err)
		}
	}
}

// MineOwnPuzzles looks through the finished saved games, keeps what it
// found in puzzles.json, and does not look through a game again.
func TestMineOwnPuzzlesKeepsAndSkips(t *testing.T) {
	root := t.TempDir()
	posted := make(chan func(), 100)
	e := NewEnv(test.NewTempApp(t), root, func(f func()) { posted <- f })
	t.Cleanup(e.Close)
	sv, h := randomVsExpert(t, "cube-0001", 1)
	if !h.Current().Result().Over {
		t.Fatal("the game did not end")
	}
	if err := e.Store.Keep("20261201-120000-abcd", sv); err != nil {
		t.Fatal(err)
	}
	mine := func(budget time.Duration) (games int) {
		finished := false
		stop := e.MineOwnPuzzles(budget, func() { games++ }, func(err error) {
			finished = true
			if (err != nil) != (budget < 0) {
				t.Errorf("mining for %v: %v", budget, err)
			}
		})
		defer stop()
		for !finished {
			select {
			case f := <-posted:
				f()
			case <-time.After(2 * time.Minute):
				t.Fatal("the mining never ended")
			}
		}
		return games
	}
	// Out of time: no game is started (and none is marked done).
	if n := mine(-time.Second); n != 0 || len(e.Puzzles.OwnPuzzles("cube")) != 0 {
		t.Fatalf("%d games looked through with no time", n)
	}
	if n := mine(time.Minute); n != 1 {
		t.Fatalf("%d games looked through, want 1", n)
	}
	if got := e.Puzzles.OwnPuzzles("cube"); len(got) == 0 || got[0].ID != "own-20261201-120000-abcd-1" {
		t.Fatalf("own puzzles %v", got)
	}
	e.Puzzles.Flush()
	again := OpenPuzzleProgress(filepath.Join(root, PuzzlesFile))
	if got := again.OwnPuzzles("cube"); len(got) == 0 {
		t.Fatal("the puzzles from the player's games are not kept")
	}
	if _, ok := again.OwnPuzzle("own-20261201-120000-abcd-1"); !ok {
		t.Fatal("OwnPuzzle does not find it")
	}
	if !again.mined(storage.Entry{ID: "20261201-120000-abcd", Moves: h.Cursor()}) {
		t.Fatal("the game is not marked as looked through")
	}
	if n := mine(time.Minute); n != 0 {
		t.Fatalf("the game was looked through again (%d)", n)
	}
}

func shipped(t *testing.T, id string) puzzle.Puzzle {
	t.Helper()
	pz, err := puzzle.ByID(id)
	if err != nil {
		t.Fatal(err)
	}
	return pz
}

// A solved puzzle raises the rating and the streak, a failed one lowers
// the rating and ends the streak; a puzzle tried again is not rated; all
// of it survives a restart.
func TestPuzzleProgressRatesAndSurvivesRestart(t *testing.T) {
	path := filepath.Join(t.TempDir(), PuzzlesFile)
	p := OpenPuzzleProgress(path)
	a, b, c := shipped(t, "cube-0001"), shipped(t, "cube-0004"), shipped(t, "cube-0006")
	if p.Rating("cube") != puzzle.NewPlayer || p.Streak("cube") != 0 {
		t.Fatal("a new player does not start at 1500")
	}
	r1, err := p.Record(a, true)
	if err != nil {
		t.Fatal(err)
	}
	if !r1.Rated || r1.After.R <= r1.Before.R || r1.Streak != 1 || !strings.HasPrefix(r1.Change(), "+") {
		t.Fatalf("solved: %+v %s", r1, r1.Change())
	}
	r2, _ := p.Record(b, true)
	if r2.Streak != 2 || r2.After.R <= r1.After.R {
		t.Fatalf("second solved: %+v", r2)
	}
	p.Flush()
	if err := p.Err(); err != nil {
		t.Fatal(err)
	}

	q := OpenPuzzleProgress(path)
	if q.Rating("cube") != r2.After || q.Streak("cube") != 2 || !q.Solved(a) || !q.Seen(b) || q.Seen(c) {
		t.Fatalf("reopened: %+v streak %d", q.Rating("cube"), q.Streak("cube"))
	}
	if q.Rating("ataxx") != puzzle.NewPlayer {
		t.Fatal("another game's rating moved")
	}
	r3, _ := q.Record(c, false)
	if !r3.Rated || r3.After.R >= r3.Before.R || r3.Streak != 0 || !strings.HasPrefix(r3.Change(), "−") {
		t.Fatalf("failed: %+v %s", r3, r3.Change())
	}
	// Tried again and solved: practice, the streak grows again.
	r4, _ := q.Record(c, true)
	if r4.Rated || r4.After != r3.After || r4.Streak != 1 || r4.Change() != "" {
		t.Fatalf("tried again: %+v", r4)
	}
	q.Flush()
	z := OpenPuzzleProgress(path)
	if z.Rating("cube") != r3.After || z.Streak("cube") != 1 || !z.Solved(c) {
		t.Fatalf("after the failure, reopened: %+v streak %d", z.Rating("cube"), z.Streak("cube"))
	}
}

// A damaged file is put aside and the progress starts again; a newer
// app's file is neither used nor written over.
func TestPuzzleProgressDamagedAndNewer(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, PuzzlesFile)
	if err := os.WriteFile(path, []byte("{not json"), 0o644); err != nil {
		t.Fatal(err)
	}
	p := OpenPuzzleProgress(path)
	if p.Rating("cube") != puzzle.NewPlayer {
		t.Fatal("a damaged file gave a rating")
	}
	if got, _ := os.ReadFile(path + ".damaged"); string(got) != "{not json" {
		t.Fatalf("the damaged file is not put aside: %q", got)
	}
	if _, err := p.Record(shipped(t, "cube-0001"), true); err != nil {
		t.Fatal(err)
	}
	p.Flush()
	if OpenPuzzleProgress(path).Streak("cube") != 1 {
		t.Fatal("the new progress is not kept")
	}

	newer := []byte(`{"version": 2, "games": {}}`)
	if err := os.WriteFile(path, newer, 0o644); err != nil {
		t.Fatal(err)
	}
	q := OpenPuzzleProgress(path)
	if _, err := q.Record(shipped(t, "cube-0004"), true); err == nil || q.Err() == nil {
		t.Fatal("a newer file is written over without a word")
	}
	q.Flush()
	if got, _ := os.ReadFile(path); string(got) != string(newer) {
		t.Fatalf("the newer file changed: %s", got)
	}
}

// The next puzzle is near the player's rating, not one tried, and the
// same for the same seed and progress.
func TestNextPuzzleNearTheRating(t *testing.T) {
	p := OpenPuzzleProgress("")
	all, _ := puzzle.OfGame("ataxx")
	first, err := p.NextPuzzle("ataxx", 7, "")
	if err != nil {
		t.Fatal(err)
	}
	if again, _ := p.NextPuzzle("ataxx", 7, ""); again.ID != first.ID {
		t.Fatalf("seed 7 gave %s then %s", first.ID, again.ID)
	}
	closer := 0
	for _, pz := range all {
		if abs(float64(pz.Rating)-1500) < abs(float64(first.Rating)-1500) {
			closer++
		}
	}
	if closer >= nearest {
		t.Fatalf("%s (%d) has %d puzzles nearer 1500", first.ID, first.Rating, closer)
	}
	seen := map[string]bool{}
	for i := range 40 {
		pz, err := p.NextPuzzle("ataxx", int64(i), "")
		if err != nil {
			t.Fatal(err)
		}
		if seen[pz.ID] {
			t.Fatalf("puzzle %s chosen twice before all were seen", pz.ID)
		}
		seen[pz.ID] = true
		if _, err := p.Record(pz, i%2 == 0); err != nil {
			t.Fatal(err)
		}
	}
	if pz, _ := p.NextPuzzle("ataxx", 1, "ataxx-0001"); pz.ID == "ataxx-0001" {
		t.Fatal("the puzzle just shown came again")
	}
}

// The daily puzzle is one puzzle per game and date, the same all day
// long, and solving it is kept for that day only.
func TestDailyPuzzleStable(t *testing.T) {
	day := time.Date(2026, 12, 1, 8, 0, 0, 0, time.UTC)
	prefix := map[string]string{"cube": "cube-", "ataxx": "ataxx-", "chinesecheckers": "cc-"}
	for _, game := range []string{"cube", "ataxx", "chinesecheckers"} {
		id := DailyPuzzleID(game, day)
		if !strings.HasPrefix(id, prefix[game]) {
			t.Fatalf("%s: daily %q", game, id)
		}
		if DailyPuzzleID(game, day.Add(15*time.Hour)) != id {
			t.Fatalf("%s: the daily puzzle changed within the day", game)
		}
		changed := 0
		for d := 1; d <= 10; d++ {
			if DailyPuzzleID(game, day.AddDate(0, 0, d)) != id {
				changed++
			}
		}
		if changed < 8 {
			t.Fatalf("%s: the daily puzzle changed on %d of 10 days", game, changed)
		}
	}
	// Pinned: the same for every player of this set.
	if got := DailyPuzzleID("cube", day); got != dailyCube20261201 {
		t.Fatalf("the cube's puzzle of 2026-12-01 is %s, was %s", got, dailyCube20261201)
	}
	p := OpenPuzzleProgress("")
	p.Now = func() time.Time { return day }
	pz, err := DailyPuzzle("ataxx", day)
	if err != nil {
		t.Fatal(err)
	}
	if p.DailySolved("ataxx") {
		t.Fatal("solved before trying")
	}
	if _, err := p.Record(pz, true); err != nil {
		t.Fatal(err)
	}
	if !p.DailySolved("ataxx") || p.DailySolved("cube") {
		t.Fatal("the daily puzzle solved is not kept for its game")
	}
	p.Now = func() time.Time { return day.AddDate(0, 0, 1) }
	if p.DailySolved("ataxx") {
		t.Fatal("yesterday's daily puzzle counts today")
	}
}

const dailyCube20261201 = "cube-0083"
