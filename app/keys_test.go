package app

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/mobile"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"pgregory.net/rapid"
)

// keyRig is a canvas with an entry, a key handler and a back counter,
// recording what each delivery reached.
type keyRig struct {
	c      fyne.Canvas
	entry  *widget.Entry
	keys   []fyne.KeyName // reached the canvas handler
	runes  []rune         // reached the canvas rune handler
	backed int            // goBack calls
}

func newKeyRig(t *testing.T, handler bool) *keyRig {
	test.NewTempApp(t)
	r := &keyRig{entry: widget.NewEntry()}
	w := test.NewWindow(container.NewVBox(r.entry))
	t.Cleanup(w.Close)
	r.c = w.Canvas()
	if handler {
		r.c.SetOnTypedKey(func(ev *fyne.KeyEvent) { r.keys = append(r.keys, ev.Name) })
		r.c.SetOnTypedRune(func(ch rune) { r.runes = append(r.runes, ch) })
	}
	return r
}

func (r *keyRig) typeLine(line string) error {
	return typeKeyLine(r.c, line, func() { r.backed++ })
}

func TestTypedKeysFollowTheMobileDriversRouting(t *testing.T) {
	// No focus: the canvas handler gets Back (the app's own back action).
	r := newKeyRig(t, true)
	if err := r.typeLine("Back"); err != nil {
		t.Fatal(err)
	}
	if len(r.keys) != 1 || r.keys[0] != mobile.KeyBack || r.backed != 0 {
		t.Fatalf("Back without focus reached %v, goBack %d times; want the handler once", r.keys, r.backed)
	}
	// A focused entry takes the keys and the text, the handler nothing.
	r.c.Focus(r.entry)
	for _, line := range []string{"type:ab c", "Back", "Return"} {
		if err := r.typeLine(line); err != nil {
			t.Fatal(err)
		}
	}
	if r.entry.Text != "ab c" || len(r.keys) != 1 || len(r.runes) != 0 {
		t.Fatalf("with the entry focused: entry %q, handler keys %v runes %q", r.entry.Text, r.keys, string(r.runes))
	}
	// No handler at all: Back leaves the app (the driver's GoBack).
	r = newKeyRig(t, false)
	if err := r.typeLine("Back"); err != nil || r.backed != 1 {
		t.Fatalf("Back with no handler: err %v, goBack %d times; want once", err, r.backed)
	}
	if err := r.typeLine("Escape"); err != nil || r.backed != 1 {
		t.Fatalf("Escape with no handler: err %v, goBack %d times; want no more", err, r.backed)
	}
}

// Every line is either refused with a message and delivers nothing, or
// delivers exactly one key (a name) or its characters (type:).
func TestTypedKeyLinesDeliverExactlyWhatTheySay(t *testing.T) {
	named := []string{"Back", "Escape", "Return", "Space", "H", "7", "Up", "type:", "type:x y", "h", "Ctrl", "back", "HH", ""}
	rapid.Check(t, func(rt *rapid.T) {
		r := newKeyRig(t, true)
		line := rapid.OneOf(rapid.SampledFrom(named), rapid.String()).Draw(rt, "line")
		err := r.typeLine(line)
		text, isText := strings.CutPrefix(line, "type:")
		switch {
		case isText:
			if err != nil || string(r.runes) != text || len(r.keys) != 0 {
				rt.Fatalf("%q: err %v, runes %q, keys %v", line, err, string(r.runes), r.keys)
			}
		case err != nil:
			if len(r.keys)+len(r.runes)+r.backed != 0 || !strings.Contains(err.Error(), "unknown key") {
				rt.Fatalf("%q refused (%v) but delivered keys %v runes %q back %d", line, err, r.keys, string(r.runes), r.backed)
			}
		default:
			if len(r.keys) != 1 || string(r.keys[0]) != line || len(r.runes) != 0 || r.backed != 0 {
				rt.Fatalf("%q: keys %v runes %q back %d; want the one key", line, r.keys, string(r.runes), r.backed)
			}
		}
	})
}

func TestFeedKeysTypesEachLineInOrderAndSkipsBadOnes(t *testing.T) {
	r := newKeyRig(t, true)
	var queued []func()
	post := func(f func()) { queued = append(queued, f) }
	in := "Space\n\n  H  \nno-such-key\ntype:42\nBack\n"
	if err := feedKeys(strings.NewReader(in), r.c, post, func() { r.backed++ }); err != nil {
		t.Fatal(err)
	}
	if len(r.keys) != 0 {
		t.Fatal("keys were typed off the UI goroutine, not through post")
	}
	for _, f := range queued {
		f()
	}
	want := []fyne.KeyName{fyne.KeySpace, fyne.KeyH, mobile.KeyBack}
	if len(r.keys) != len(want) || r.keys[0] != want[0] || r.keys[1] != want[1] || r.keys[2] != want[2] || string(r.runes) != "42" {
		t.Fatalf("typed keys %v runes %q; want %v and \"42\"", r.keys, string(r.runes), want)
	}
}

func TestWatchKeysReadsARegularFileOnce(t *testing.T) {
	r := newKeyRig(t, true)
	path := filepath.Join(t.TempDir(), "keys")
	if err := os.WriteFile(path, []byte("Back\nSpace\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	// Returns (instead of reading the file forever) and types both keys.
	watchKeys(path, r.c, func(f func()) { f() })
	if len(r.keys) != 2 {
		t.Fatalf("typed %v; want Back and Space once", r.keys)
	}
	watchKeys(filepath.Join(t.TempDir(), "missing"), r.c, func(f func()) { f() })
	if len(r.keys) != 2 {
		t.Fatalf("a missing file typed %v", r.keys[2:])
	}
}
