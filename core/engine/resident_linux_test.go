package engine_test

import (
	"bufio"
	"context"
	"io"
	"os"
	"strings"
	"syscall"
	"testing"

	"github.com/jumpers-game/jumpers/core/ataxx"
	"github.com/jumpers-game/jumpers/core/engine"
)

// TestWarmUpMakesTheTableResident: after readyok, a search does not
// spend its time on the table's first touches. A page's first touch
// costs about 11 µs on the machine of docs/benchmarks-ataxx.md, so a
// fresh engine's first moves at 100 ms lost up to half their time. The
// go below writes all over a 32 MB table; its process faults fewer than
// a quarter of the table's pages (without the warm-up's WithResident:
// nearly all of them).
func TestWarmUpMakesTheTableResident(t *testing.T) {
	const hashMB = 32
	toEngine, script := io.Pipe()
	fromEngine, output := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- engine.Run(context.Background(), ataxx.Game{}, "", toEngine, output)
		output.Close()
	}()
	lines := bufio.NewScanner(fromEngine)
	send := func(s string) {
		t.Helper()
		if _, err := io.WriteString(script, s+"\n"); err != nil {
			t.Fatal(err)
		}
	}
	await := func(prefix string) {
		t.Helper()
		for lines.Scan() {
			if strings.HasPrefix(lines.Text(), prefix) {
				return
			}
		}
		t.Fatalf("no %q from the engine", prefix)
	}
	faults := func() int64 {
		var ru syscall.Rusage
		if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
			t.Fatal(err)
		}
		return int64(ru.Minflt)
	}
	send("uai")
	await("uaiok")
	send("setoption name Hash value 32")
	send("isready")
	await("readyok")
	send("position startpos")
	before := faults()
	send("go nodes 30000")
	await("bestmove")
	got := faults() - before
	send("quit")
	script.Close()
	go io.Copy(io.Discard, fromEngine)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	pages := int64(hashMB<<20) / int64(os.Getpagesize())
	if got > pages/4 {
		t.Fatalf("the first search after readyok faulted %d pages; the table has %d", got, pages)
	}
	t.Logf("%d page faults in the first search (the table: %d pages)", got, pages)
}
