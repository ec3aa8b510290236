//go:build unix

package app

import (
	"os"
	"path/filepath"
	"sync/atomic"
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
		f.Close()
		if last {
			os.Remove(path)
		}
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

// Writers that follow each other without waiting for the watcher lose no
// line: reopening the pipe at each end of file dropped a line written
// between the watcher's end of file and its close.
func TestWatchKeysLosesNoLineBetweenQuickWriters(t *testing.T) {
	r := newKeyRig(t, true)
	path := filepath.Join(t.TempDir(), "keys")
	if err := syscall.Mkfifo(path, 0o600); err != nil {
		t.Skipf("no named pipes here: %v", err)
	}
	var typed atomic.Int32
	done := make(chan struct{})
	go func() {
		watchKeys(path, r.c, func(f func()) { f(); typed.Add(1) })
		close(done)
	}()
	const writers = 40
	for i := 0; i < writers; i++ {
		f, err := os.OpenFile(path, os.O_WRONLY, 0)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.WriteString("Space\n"); err != nil {
			t.Fatal(err)
		}
		f.Close()
	}
	// The lines are in the pipe or already read; give the watcher time to
	// read them before the pipe goes.
	deadline := time.Now().Add(10 * time.Second)
	for typed.Load() < writers && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	os.Remove(path)
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("the watcher did not end when the pipe was removed")
	}
	if len(r.keys) != writers {
		t.Fatalf("typed %d keys from %d writers", len(r.keys), writers)
	}
}
