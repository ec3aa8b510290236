package app

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/jumpers-game/jumpers/storage"
)

// A failed write is kept for its game until a write of that game succeeds,
// and each change is told once on the UI goroutine.
func TestWriteProblemFollowsTheLastWrite(t *testing.T) {
	e := NewEnv(test.NewTempApp(t), t.TempDir(), func(f func()) { f() })
	t.Cleanup(e.Close)
	told := 0
	stop := e.OnWriteProblem(func() { told++ })
	full := errors.New("no space left on device")
	e.written("a", full)
	e.written("a", full) // the same again: nothing new to tell
	if err := e.WriteProblem("a"); !errors.Is(err, full) {
		t.Fatalf("problem of a: %v", err)
	}
	if e.WriteProblem("b") != nil {
		t.Fatal("a problem for a game that was never written")
	}
	e.written("a", nil)
	if e.WriteProblem("a") != nil || told != 2 {
		t.Fatalf("after a good write: problem %v, told %d times (want 2)", e.WriteProblem("a"), told)
	}
	stop()
	e.written("a", full)
	if told != 2 {
		t.Fatal("told after unsubscribing")
	}
}

// With no storage folder at start the games are not silently unsaved: each
// write reports why, and RetryWrite opens the folder once it can.
func TestRetryWriteOpensTheStorageAgain(t *testing.T) {
	root := t.TempDir()
	blocker := filepath.Join(root, "saves")
	if err := os.WriteFile(blocker, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	e := NewEnv(test.NewTempApp(t), root, func(f func()) { f() })
	t.Cleanup(e.Close)
	if e.Store != nil || e.StoreErr == nil {
		t.Fatalf("store %v, error %v with a file in the folder's place", e.Store, e.StoreErr)
	}
	e.Auto.Save("g", storage.Save{})
	e.Auto.Flush()
	if e.WriteProblem("g") == nil {
		t.Fatal("a write without storage reported nothing")
	}
	if err := e.RetryWrite(); err == nil || e.Store != nil {
		t.Fatalf("retry with the folder still blocked: %v, store %v", err, e.Store)
	}
	if err := os.Remove(blocker); err != nil {
		t.Fatal(err)
	}
	if err := e.RetryWrite(); err != nil || e.Store == nil {
		t.Fatalf("retry with the folder free: %v, store %v", err, e.Store)
	}
}
