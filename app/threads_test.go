package app

import (
	"slices"
	"testing"

	"fyne.io/fyne/v2/test"
	"pgregory.net/rapid"

	"github.com/jumpers-game/jumpers/core"
)

// TestDefaultThreadsLeaveTheUIACore: a fresh install lets the computer use
// every core but one, at least one and at most four.
func TestDefaultThreadsLeaveTheUIACore(t *testing.T) {
	for cpus, want := range map[int]int{1: 1, 2: 1, 3: 2, 4: 3, 5: 4, 6: 4, 8: 4, 64: 4} {
		if got := defaultThreads(cpus); got != want {
			t.Errorf("%d CPUs: %d threads, want %d", cpus, got, want)
		}
	}
	d := DefaultSettings().Threads
	if d != defaultThreads(core.MaxThreads()) || !slices.Contains(ThreadChoices(), d) {
		t.Fatalf("default %d is not among the choices %v", d, ThreadChoices())
	}
	if c := ThreadChoices(); len(c) != core.MaxThreads() || c[0] != 1 || c[len(c)-1] != core.MaxThreads() {
		t.Fatalf("choices %v, want 1 to %d", c, core.MaxThreads())
	}
}

// TestThreadsSettingPersists: every choice comes back from the
// preferences; preferences from before the setting give the default, and
// a stored count outside the choices (hand-edited, or from a device with
// more cores) is brought back into them.
func TestThreadsSettingPersists(t *testing.T) {
	for _, n := range ThreadChoices() {
		p := test.NewApp().Preferences()
		s := DefaultSettings()
		s.Threads = n
		s.Store(p)
		if got := LoadSettings(p); got != s {
			t.Fatalf("stored %+v, loaded %+v", s, got)
		}
	}
	old := test.NewApp().Preferences()
	old.SetString("theme", "Dark") // a file written before the setting
	if got := LoadSettings(old).Threads; got != DefaultSettings().Threads {
		t.Fatalf("old preferences load %d threads, want the default %d", got, DefaultSettings().Threads)
	}
	rapid.Check(t, func(t *rapid.T) {
		stored := rapid.IntRange(-5, 200).Draw(t, "stored")
		p := test.NewApp().Preferences()
		p.SetInt(prefThreads, stored)
		got := LoadSettings(p).Threads
		switch {
		case !slices.Contains(ThreadChoices(), got):
			t.Fatalf("stored %d loads %d, not a choice", stored, got)
		case stored >= 1 && stored <= core.MaxThreads() && got != stored:
			t.Fatalf("stored %d loads %d", stored, got)
		case stored > core.MaxThreads() && got != core.MaxThreads():
			t.Fatalf("stored %d loads %d, want all %d cores", stored, got, core.MaxThreads())
		}
	})
}

// TestComputerMovesUseTheCoresHintsOne: the computer's own moves ask for
// the settings' cores, read at each move, in a game against a human and
// in a game between computers; a hint asks for one.
func TestComputerMovesUseTheCoresHintsOne(t *testing.T) {
	r := newRig(t, 20, human(), computer(""))
	r.st.Threads = 3
	r.c.Start(false)
	r.tap("1")
	call := r.ai.Next(t)
	if call.Req.Threads != 3 {
		t.Fatalf("computer move with %d threads, want the settings' 3", call.Req.Threads)
	}
	call.Answer <- "1"
	r.q.RunOne(t)
	if req := r.askHint("1"); req.Threads != 1 {
		t.Fatalf("hint with %d threads, want 1", req.Threads)
	}
	r.st.Threads = 2 // changed in Settings during the game
	r.tap("1")
	call = r.ai.Next(t)
	if call.Req.Threads != 2 {
		t.Fatalf("computer move with %d threads after the change, want 2", call.Req.Threads)
	}
	call.Answer <- "1"
	r.q.RunOne(t)

	w := newRig(t, 20, computer(""), computer(core.Beginner))
	w.st.Threads = 4
	w.c.Start(false)
	for range 2 {
		call := w.ai.Next(t)
		if call.Req.Threads != 4 {
			t.Fatalf("watched game: %s moves with %d threads, want 4", call.Req.Level, call.Req.Threads)
		}
		call.Answer <- "1"
		w.q.RunOne(t)
	}
}
