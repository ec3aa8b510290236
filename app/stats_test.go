package app

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"

	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/storage"
)

// statsRig is a race game (first to the target wins) whose endings go to
// stats, created at a fixed time so that each rig is one game.
func statsRig(t *testing.T, stats *Stats, created time.Time, target int, seats ...storage.Seat) *rig {
	t.Helper()
	r := newRig(t, target, seats...)
	start, _ := raceGame{}.Start(core.Options{}.WithInt(core.OptSize, target))
	r.c = NewController(Config{
		Game: raceGame{}, History: core.NewHistory(start, ""), Seats: seats, Seed: 7,
		AI: r.ai, Post: r.q.Post, After: r.clock.after, Created: created,
		Settings: func() Settings { return r.st },
		Ended:    stats.Count,
	})
	return r
}

func wantRow(t *testing.T, s *Stats, want StatsRow) {
	t.Helper()
	for _, r := range s.Rows() {
		if r.Game == want.Game && r.Level == want.Level && r.Board == want.Board {
			if r != want {
				t.Fatalf("row %+v, want %+v", r, want)
			}
			return
		}
	}
	t.Fatalf("no row %+v in %+v", want, s.Rows())
}

var day = time.Date(2026, 11, 26, 10, 0, 0, 0, time.UTC)

// A game against the computer counts once, with its first ending: undo
// past the end and redo, or finish it again with another result, and
// nothing changes.
func TestStatsCountEachGameOnce(t *testing.T) {
	s := OpenStats("")
	r := statsRig(t, s, day, 3, human(), computer(core.Beginner))
	r.c.Start(false)
	r.tap("2")
	r.computerMove("1") // the computer reaches 3: it wins
	r.expect(Over, "3/3/0")
	loss := StatsRow{Game: "testrace", Level: core.Beginner, Board: "3×3", Played: 1, Lost: 1}
	wantRow(t, s, loss)
	r.c.Undo()
	r.c.Redo()
	r.expect(Over, "3/3/0")
	wantRow(t, s, loss)
	r.c.Undo()
	r.expect(Human, "0/3/0")
	r.tap("1")
	r.computerMove("1")
	r.tap("1") // the human reaches 3 this time
	r.expect(Over, "3/3/1")
	wantRow(t, s, loss)
	if cur, best := s.Streak(); cur != 0 || best != 0 {
		t.Fatalf("streak %d best %d after a loss", cur, best)
	}
}

// Wins make the streak, a loss or a draw ends it, the best stays; the
// level is the computer's (its strongest when none is named) and games
// between humans or between computers do not count.
func TestStatsOutcomesAndStreak(t *testing.T) {
	s := OpenStats("")
	win := func(i int, level string) {
		r := statsRig(t, s, day.Add(time.Duration(i)*time.Hour), 2, human(), computer(level))
		r.c.Start(false)
		r.tap("2")
		r.expect(Over, "2/2/1")
	}
	win(0, core.Beginner)
	win(1, core.Beginner)
	win(2, "")
	if cur, best := s.Streak(); cur != 3 || best != 3 {
		t.Fatalf("streak %d best %d after three wins", cur, best)
	}
	wantRow(t, s, StatsRow{Game: "testrace", Level: core.Beginner, Board: "2×2", Played: 2, Won: 2})
	wantRow(t, s, StatsRow{Game: "testrace", Level: core.Expert, Board: "2×2", Played: 1, Won: 1})
	// The computer moves first and wins at once.
	r := statsRig(t, s, day.Add(5*time.Hour), 2, computer(core.Expert), human())
	r.c.Start(false)
	r.computerMove("2")
	r.expect(Over, "2/2/1")
	if cur, best := s.Streak(); cur != 0 || best != 3 {
		t.Fatalf("streak %d best %d after a loss", cur, best)
	}
	wantRow(t, s, StatsRow{Game: "testrace", Level: core.Expert, Board: "2×2", Played: 2, Won: 1, Lost: 1})
	before := s.Rows()
	for i, seats := range [][]storage.Seat{{human(), human()}, {computer(""), computer("")}} {
		r := statsRig(t, s, day.Add(time.Duration(10+i)*time.Hour), 2, seats...)
		r.c.Start(false)
		if seats[0].Kind == storage.Human {
			r.tap("2")
		} else {
			r.computerMove("2")
		}
		r.expect(Over, "2/2/1")
	}
	if after := s.Rows(); len(after) != len(before) {
		t.Fatalf("games without a human and a computer counted: %+v", after)
	}
}

// A finished game opened from the store is not counted: no move ended it
// here.
func TestStatsOpenedFinishedGameNotCounted(t *testing.T) {
	s := OpenStats("")
	start, _ := raceGame{}.Start(core.Options{}.WithInt(core.OptSize, 2))
	h := core.NewHistory(start, "")
	if err := h.Play("2"); err != nil {
		t.Fatal(err)
	}
	q := newRig(t, 2).q
	c := NewController(Config{Game: raceGame{}, History: h, Seats: []storage.Seat{human(), computer("")}, Post: q.Post, Ended: s.Count})
	c.Start(true)
	c.Undo()
	c.Redo()
	if len(s.Rows()) != 0 {
		t.Fatalf("opened game counted: %+v", s.Rows())
	}
}

// The statistics survive a restart (a new Env on the same storage), and
// Reset, once confirmed by the screen, empties them for good.
func TestStatsPersistAndReset(t *testing.T) {
	root := t.TempDir()
	a := test.NewTempApp(t)
	e := NewEnv(a, root, func(f func()) { f() })
	if !e.Stats.add("g1", "cube", core.Expert, "5×5", Won) || !e.Stats.add("g2", "cube", core.Expert, "5×5", Won) {
		t.Fatal("new games refused")
	}
	if err := e.Stats.write(); err != nil {
		t.Fatal(err)
	}
	e.Stats.Flush()
	e2 := NewEnv(a, root, func(f func()) { f() })
	wantRow(t, e2.Stats, StatsRow{Game: "cube", Level: core.Expert, Board: "5×5", Played: 2, Won: 2})
	if cur, best := e2.Stats.Streak(); cur != 2 || best != 2 {
		t.Fatalf("streak %d best %d after a restart", cur, best)
	}
	if e2.Stats.add("g1", "cube", core.Expert, "5×5", Lost) {
		t.Fatal("a game counted before the restart was counted again")
	}
	if err := e2.Stats.Reset(); err != nil {
		t.Fatal(err)
	}
	e3 := NewEnv(a, root, func(f func()) { f() })
	if rows := e3.Stats.Rows(); len(rows) != 0 {
		t.Fatalf("rows after reset: %+v", rows)
	}
	if cur, best := e3.Stats.Streak(); cur != 0 || best != 0 {
		t.Fatalf("streak %d best %d after reset", cur, best)
	}
	if e3.Stats.add("g2", "cube", core.Expert, "5×5", Won) {
		t.Fatal("a game counted before the reset was counted again")
	}
}

// A damaged file is put aside and the statistics start again.
func TestStatsDamagedFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), StatsFile)
	if err := os.WriteFile(path, []byte("{not json"), 0o644); err != nil {
		t.Fatal(err)
	}
	s := OpenStats(path)
	if len(s.Rows()) != 0 {
		t.Fatal("rows from a damaged file")
	}
	if _, err := os.Stat(path + ".damaged"); err != nil {
		t.Fatalf("damaged file not kept aside: %v", err)
	}
	s.add("g", "cube", core.Expert, "5×5", Drawn)
	if err := s.write(); err != nil {
		t.Fatal(err)
	}
	s.Flush()
	wantRow(t, OpenStats(path), StatsRow{Game: "cube", Level: core.Expert, Board: "5×5", Played: 1, Drawn: 1})
}

// A second damaged file is put aside beside the first, never over it.
func TestStatsDamagedTwiceKeepsBoth(t *testing.T) {
	path := filepath.Join(t.TempDir(), StatsFile)
	for i, bad := range []string{"{first", "{second"} {
		if err := os.WriteFile(path, []byte(bad), 0o644); err != nil {
			t.Fatal(err)
		}
		OpenStats(path)
		aside := path + ".damaged"
		if i == 1 {
			aside += "-2"
		}
		if got, err := os.ReadFile(aside); err != nil || string(got) != bad {
			t.Fatalf("damaged file %d: %q, %v at %s", i+1, got, err, aside)
		}
	}
}

// A file that cannot be read now, or that a newer app wrote, is neither
// put aside nor written over: the player's results wait for a later start.
func TestStatsNotResetByUnreadableOrNewerFile(t *testing.T) {
	t.Run("unreadable", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), StatsFile)
		// a folder in the file's place reads with an error, as a failing
		// card does
		if err := os.Mkdir(path, 0o755); err != nil {
			t.Fatal(err)
		}
		s := OpenStats(path)
		if s.Err() == nil {
			t.Fatal("no word that the statistics could not be read")
		}
		if !s.add("g", "cube", core.Expert, "5×5", Won) {
			t.Fatal("game refused")
		}
		if err := s.write(); err == nil {
			t.Fatal("an unreadable file's statistics were written")
		}
		s.Flush()
		if fi, err := os.Stat(path); err != nil || !fi.IsDir() {
			t.Fatalf("the unreadable file was replaced: %v", err)
		}
		if _, err := os.Stat(path + ".damaged"); err == nil {
			t.Fatal("an unreadable file was put aside as damaged")
		}
	})
	t.Run("newer", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), StatsFile)
		newer := []byte(`{"version": 2, "rows": [{"game": "cube", "played": 9}]}`)
		if err := os.WriteFile(path, newer, 0o644); err != nil {
			t.Fatal(err)
		}
		s := OpenStats(path)
		if s.Err() == nil || !strings.Contains(s.Err().Error(), "newer version") {
			t.Fatalf("error %v", s.Err())
		}
		s.add("g", "cube", core.Expert, "5×5", Won)
		_ = s.write()
		s.Flush()
		if got, _ := os.ReadFile(path); string(got) != string(newer) {
			t.Fatalf("the newer file was written over: %s", got)
		}
	})
}

// The file is written on the statistics' own goroutine: write returns at
// once while the disk is slow, and the newest copy is the one that lands.
func TestStatsWriteOffTheCallersGoroutine(t *testing.T) {
	path := filepath.Join(t.TempDir(), StatsFile)
	s := OpenStats(path)
	gate := make(chan struct{})
	var mu sync.Mutex
	var written [][]byte
	s.writeFile = func(_ string, data []byte) error {
		<-gate
		mu.Lock()
		written = append(written, data)
		mu.Unlock()
		return nil
	}
	for i := range 3 {
		s.add(fmt.Sprint("g", i), "cube", core.Expert, "5×5", Won)
		if err := s.write(); err != nil { // returns although the writer waits
			t.Fatal(err)
		}
	}
	close(gate)
	s.Flush()
	mu.Lock()
	defer mu.Unlock()
	if len(written) == 0 || len(written) > 3 {
		t.Fatalf("%d writes", len(written))
	}
	var last statsData
	if err := json.Unmarshal(written[len(written)-1], &last); err != nil || len(last.Counted) != 3 {
		t.Fatalf("the last write holds %d games (%v), want 3", len(last.Counted), err)
	}
}

// Env.Close returns only when the statistics queued before it are on
// disk: the app's last step, and a test's before its temp dir is removed
// (a finished game's statistics were once written into a folder being
// removed: "directory not empty").
func TestEnvCloseWaitsForTheStatistics(t *testing.T) {
	e := NewEnv(test.NewTempApp(t), t.TempDir(), func(f func()) { f() })
	gate := make(chan struct{})
	var wrote atomic.Bool
	write := e.Stats.writeFile
	e.Stats.writeFile = func(path string, data []byte) error {
		<-gate
		err := write(path, data)
		wrote.Store(true)
		return err
	}
	e.Stats.add("g1", "cube", core.Expert, "5×5", Won)
	if err := e.Stats.write(); err != nil {
		t.Fatal(err)
	}
	closed := make(chan struct{})
	go func() {
		e.Close()
		close(closed)
	}()
	select {
	case <-closed:
		t.Fatal("Close returned while the statistics were still to be written")
	case <-time.After(20 * time.Millisecond):
	}
	close(gate)
	<-closed
	if !wrote.Load() {
		t.Fatal("Close returned before the write")
	}
	if _, err := os.Stat(e.Stats.path); err != nil {
		t.Fatalf("the statistics file after Close: %v", err)
	}
}
