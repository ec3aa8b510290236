//go:build unix

package app

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// A named pipe is read writer after writer: a script echoes one key at a
// time. The watcher ends when the pipe is gone.
func TestWatchKeysReadsEveryWriterOfAPipe(t *testing.T) {
	r := newKeyRig(t, true)
	path := filepath.Join(t.TempDir(), "keys")
	if err := syscall.Mkfifo(path, 0o600); err != nil {
		t.Skipf("no named pipes here: %v", err)
	}
	typed := make(chan struct{}, 8)
	done := make(chan struct{})
	go func() {
		watchKeys(path, r.c, func(f func()) { f(); typed <- struct{}{} })
		close(done)
	}()
	write := func(s string, last bool) {
		f, err := os.OpenFile(path, os.O_WRONLY, 0) // waits for the reader
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.WriteString(s); err != nil {
			t.Fatal(err)
		}
		if last {
			os.Remove(path) // before the close, so the watcher sees it gone
		}
		f.Close()
	}
	write("Back\n", false)
	<-typed
	write("Space\n", true)
	<-typed
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("the watcher did not end when the pipe was removed")
	}
	if len(r.keys) != 2 || r.keys[0] != "Back" || r.keys[1] != "Space" {
		t.Fatalf("typed %v; want Back then Space", r.keys)
	}
}
