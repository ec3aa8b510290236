//go:build unix

package storage_test

import (
	"bufio"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/jumpers-game/jumpers/storage"
)

// returnsSoon fails the test if f has not returned after a while: the
// guard against a read that waits forever (a FIFO without a writer).
func returnsSoon(t *testing.T, what string, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() { f(); close(done) }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatalf("%s blocked", what)
	}
}

func TestReadFileRefusesWhatIsNotARegularFile(t *testing.T) {
	dir := t.TempDir()
	paths := map[string]string{"a folder": dir}
	fifo := filepath.Join(dir, "f.json")
	if err := syscall.Mkfifo(fifo, 0o644); err == nil {
		paths["a named pipe"] = fifo
	}
	if _, err := os.Stat("/dev/null"); err == nil {
		paths["a device"] = "/dev/null"
	}
	for want, path := range paths {
		returnsSoon(t, "reading "+want, func() {
			_, h, err := storage.ReadFile(path)
			if err == nil || h != nil {
				t.Errorf("%s read as a saved game", want)
			} else if !strings.Contains(err.Error(), want) {
				t.Errorf("%s: error %q does not say so", want, err)
			}
		})
	}
}

func TestListDoesNotBlockOnAFIFO(t *testing.T) {
	root := t.TempDir()
	st, err := storage.Open(root)
	if err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(root, "saves", "pipe.json"), 0o644); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	returnsSoon(t, "List", func() {
		list, err := st.List()
		if err != nil || len(list) != 1 || list[0].Err == nil {
			t.Errorf("a FIFO is listed as damaged: %+v %v", list, err)
		}
	})
}

// A save killed at any moment (kill -9, the phone's way of ending an app)
// leaves the old file or the new one, and the next Open removes the
// temporary file it may leave. The child is this test binary; it says
// when it is writing, and a kill counts as landing mid-write when it left
// a write's temporary file behind (killed between create and rename).
// Kills go on until enough of them landed mid-write: a test whose kills
// all came before or between writes would prove nothing.
func TestKillDuringSave(t *testing.T) {
	if os.Getenv("JUMPERS_SAVE_CHILD") != "" {
		saveForever(os.Getenv("JUMPERS_SAVE_CHILD"))
		return
	}
	root := t.TempDir()
	st, err := storage.Open(root)
	if err != nil {
		t.Fatal(err)
	}
	dir := st.Dir()
	need, most := 10, 200
	if testing.Short() {
		need, most = 3, 60
	}
	rng := rand.New(rand.NewSource(1))
	kills, midWrite := 0, 0
	temps := func() map[string]bool {
		names, _ := filepath.Glob(filepath.Join(dir, ".*.tmp-*"))
		set := map[string]bool{}
		for _, n := range names {
			set[n] = true
		}
		return set
	}
	for ; midWrite < need && kills < most; kills++ {
		before := temps() // left by earlier kills: Open keeps them a minute
		cmd := exec.Command(os.Args[0], "-test.run=^TestKillDuringSave$")
		cmd.Env = append(os.Environ(), "JUMPERS_SAVE_CHILD="+root)
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		// Wait for the child's first whole round of writes, then kill it
		// somewhere in the rounds that follow.
		ready := bufio.NewReader(out)
		if line, err := ready.ReadString('\n'); err != nil || line != "writing\n" {
			cmd.Process.Kill()
			cmd.Wait()
			t.Fatalf("the child did not start writing: %q %v", line, err)
		}
		time.Sleep(time.Duration(rng.Intn(3000)) * time.Microsecond)
		cmd.Process.Signal(syscall.SIGKILL)
		cmd.Wait()
		for n := range temps() {
			if !before[n] {
				midWrite++
				break
			}
		}
		st, err := storage.Open(root)
		if err != nil {
			t.Fatal(err)
		}
		for _, id := range []string{"g", "k"} { // Put, and Keep: the app's write after every move
			if _, _, err := st.Load(id); err != nil {
				t.Fatalf("kill %d left a broken save: %v", kills, err)
			}
		}
	}
	t.Logf("%d of %d kills landed mid-write", midWrite, kills)
	if midWrite < need {
		t.Fatalf("only %d of %d kills landed mid-write (want %d): the test proved nothing", midWrite, kills, need)
	}
	st, err = storage.OpenWithClock(root, func() time.Time { return time.Now().Add(time.Hour) })
	if err != nil {
		t.Fatal(err)
	}
	left, _ := filepath.Glob(filepath.Join(st.Dir(), ".*.tmp-*"))
	if len(left) != 0 {
		t.Fatalf("temporary files left after Open: %v", left)
	}
}

func saveForever(root string) {
	st, err := storage.Open(root)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	for i := 0; ; i++ {
		moves := make([]string, i%5)
		for j := range moves {
			moves[j] = "1"
		}
		_ = st.Put("g", sampleSave(moves, len(moves)))
		_ = st.Keep("k", sampleSave(moves, len(moves)))
		_ = st.Autosave(sampleSave(moves, len(moves)))
		if i == 0 {
			fmt.Println("writing")
		}
	}
}
