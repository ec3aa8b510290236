package ui

import (
	"slices"
	"testing"

	"github.com/jumpers-game/jumpers/app"
	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/ui/internal/uitest"
	"github.com/jumpers-game/jumpers/ui/kit"
)

// TestCoresSetting: the settings screen offers 1 to the device's cores,
// shows the current choice, and a choice from the list is stored.
func TestCoresSetting(t *testing.T) {
	h := newHarness(t, "")
	h.u.settings()
	var pick *kit.DropDown
	for _, s := range uitest.FindWidgets[*kit.DropDown](h.u.top().content) {
		if slices.Contains(s.Options, "1 core") {
			pick = s
		}
	}
	if pick == nil {
		t.Fatal("no cores setting on the settings screen")
	}
	if len(pick.Options) != core.MaxThreads() || pick.Options[len(pick.Options)-1] != coresLabel(core.MaxThreads()) {
		t.Fatalf("choices %q, want 1 to %d cores", pick.Options, core.MaxThreads())
	}
	if pick.Selected != coresLabel(h.u.env.Settings().Threads) {
		t.Fatalf("shows %q, the setting is %d", pick.Selected, h.u.env.Settings().Threads)
	}
	// Choose the last one, then the first: the stored setting follows
	// (with one CPU both are 1).
	for _, i := range []int{len(pick.Options) - 1, 0} {
		pick.SetSelected(pick.Options[i])
		if got := app.LoadSettings(h.a.Preferences()).Threads; got != i+1 {
			t.Fatalf("after choosing %q the stored setting is %d", pick.Options[i], got)
		}
	}
}
