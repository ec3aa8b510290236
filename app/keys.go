package app

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"log"
	"os"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/mobile"

	"github.com/jumpers-game/jumpers/core"
)

// Keys typed from outside the app (JUMPERS_KEYS). The phone simulation
// (`-tags mobile` on Linux) draws through an X11 shim that selects no
// keyboard events at all, so neither xdotool nor a real keyboard can
// press Android's back key, Escape or Space there; a script writes key
// names, one a line, to a named pipe instead, and they reach the window
// as the mobile driver would deliver a key press.

// simKeys names the keys a line may hold besides one letter or digit.
var simKeys = map[fyne.KeyName]bool{
	mobile.KeyBack: true, fyne.KeyEscape: true, fyne.KeyReturn: true, fyne.KeyEnter: true,
	fyne.KeySpace: true, fyne.KeyBackspace: true, fyne.KeyDelete: true,
	fyne.KeyUp: true, fyne.KeyDown: true, fyne.KeyLeft: true, fyne.KeyRight: true,
	fyne.KeyHome: true, fyne.KeyEnd: true, fyne.KeyPageUp: true, fyne.KeyPageDown: true,
}

// typeKeyLine delivers one line to canvas c: "type:TEXT" types TEXT's
// characters, anything else is a key name ("Back", "Escape", "Return",
// "Space", "H"). The routing is the mobile driver's (typeDownCanvas):
// the focused widget gets the key; with none, the canvas's key handler;
// with none either, Back goes to goBack. Bad input changes nothing.
func typeKeyLine(c fyne.Canvas, line string, goBack func()) error {
	if text, ok := strings.CutPrefix(line, "type:"); ok {
		for _, r := range text {
			if f := c.Focused(); f != nil {
				f.TypedRune(r)
			} else if h := c.OnTypedRune(); h != nil {
				h(r)
			}
		}
		return nil
	}
	name := fyne.KeyName(line)
	if !simKeys[name] && !(len(line) == 1 && (line[0] >= 'A' && line[0] <= 'Z' || line[0] >= '0' && line[0] <= '9')) {
		return fmt.Errorf("unknown key %q: use Back, Escape, Return, Space, a capital letter or digit, or type:TEXT", core.Clip(line, 40))
	}
	ev := &fyne.KeyEvent{Name: name}
	switch {
	case c.Focused() != nil:
		c.Focused().TypedKey(ev)
	case c.OnTypedKey() != nil:
		c.OnTypedKey()(ev)
	case name == mobile.KeyBack && goBack != nil:
		goBack()
	}
	return nil
}

// feedKeys reads lines from r and types each on c through post (the UI
// goroutine). Blank lines are skipped; a bad line is logged and skipped.
func feedKeys(r io.Reader, c fyne.Canvas, post func(func()), goBack func()) error {
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		post(func() {
			if err := typeKeyLine(c, line, goBack); err != nil {
				log.Printf("JUMPERS_KEYS: %v", err)
			}
		})
	}
	return sc.Err()
}

// watchKeys feeds the lines written to the named pipe at path to c for
// the life of the app, writer after writer, and ends when the pipe is
// removed. A regular file is read once.
func watchKeys(path string, c fyne.Canvas, post func(func())) {
	goBack := func() {
		if d, ok := fyne.CurrentApp().Driver().(mobile.Driver); ok {
			d.GoBack()
		}
	}
	st, err := os.Stat(path)
	if err != nil {
		log.Printf("JUMPERS_KEYS: %v", err)
		return
	}
	if st.Mode()&os.ModeNamedPipe == 0 {
		f, err := os.Open(path)
		if err != nil {
			log.Printf("JUMPERS_KEYS: %v", err)
			return
		}
		defer f.Close()
		if err := feedKeys(f, c, post, goBack); err != nil {
			log.Printf("JUMPERS_KEYS: %v", err)
		}
		return
	}
	// Opened for writing too, the pipe never reaches end of file between
	// writers. Closing and reopening it at each end of file lost a line:
	// a writer that opened before the close had its line discarded with
	// the pipe's buffer.
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		log.Printf("JUMPERS_KEYS: %v", err)
		return
	}
	defer f.Close()
	if err := feedKeys(&pipeReader{f: f, path: path, st: st}, c, post, goBack); err != nil {
		log.Printf("JUMPERS_KEYS: %v", err)
	}
}

// pipeCheckEvery is how often a quiet pipe is checked for removal.
const pipeCheckEvery = 500 * time.Millisecond

// pipeReader reads a named pipe held open for writing as well, so it
// never ends by itself; it reports end of file once the pipe at path is
// removed or replaced.
type pipeReader struct {
	f    *os.File
	path string
	st   os.FileInfo
}

func (r *pipeReader) Read(p []byte) (int, error) {
	for {
		if err := r.f.SetReadDeadline(time.Now().Add(pipeCheckEvery)); err != nil {
			return r.f.Read(p) // not pollable: read without noticing removal
		}
		n, err := r.f.Read(p)
		if !errors.Is(err, os.ErrDeadlineExceeded) {
			return n, err
		}
		if n > 0 {
			return n, nil
		}
		if now, err := os.Stat(r.path); err != nil || !os.SameFile(now, r.st) {
			return 0, io.EOF
		}
	}
}
