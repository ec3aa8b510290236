package app

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jumpers-game/jumpers/core/lesson"
)

func mustLesson(t *testing.T, game string) lesson.Lesson {
	t.Helper()
	l, ok := lesson.For(game)
	if !ok {
		t.Fatalf("no lesson for %s", game)
	}
	return l
}

// Progress survives a restart: the steps finished, where to resume, the
// counts on the cards; a reset of one lesson leaves the others and holds
// across a restart too.
func TestLessonProgressSurvivesRestart(t *testing.T) {
	path := filepath.Join(t.TempDir(), LessonsFile)
	cubeL, cc := mustLesson(t, "cube"), mustLesson(t, "chinesecheckers")
	p := OpenLessonProgress(path)
	if p.Resume(cubeL) != 0 {
		t.Fatal("a new player resumes past the start")
	}
	for _, i := range []int{0, 1, 3} {
		if err := p.Finish(cubeL, i); err != nil {
			t.Fatal(err)
		}
	}
	if err := p.Finish(cc, 0); err != nil {
		t.Fatal(err)
	}
	p.Flush()
	if err := p.Err(); err != nil {
		t.Fatal(err)
	}

	q := OpenLessonProgress(path) // the app starts again
	if got := q.Resume(cubeL); got != 2 {
		t.Fatalf("resumes the cube lesson at step %d, want 3 (index 2)", got+1)
	}
	if done, n := q.Count(cubeL); done != 3 || n != len(cubeL.Steps) {
		t.Fatalf("cube %d of %d", done, n)
	}
	if !q.Done(cubeL, 3) || q.Done(cubeL, 2) || !q.Done(cc, 0) || q.Done(cc, 99) {
		t.Fatal("the steps finished are not the ones reopened")
	}
	for i := range cubeL.Steps {
		if err := q.Finish(cubeL, i); err != nil {
			t.Fatal(err)
		}
	}
	if q.Resume(cubeL) != 0 {
		t.Fatal("a finished lesson does not open at its start")
	}
	if err := q.Reset(cubeL); err != nil {
		t.Fatal(err)
	}

	r := OpenLessonProgress(path)
	if done, _ := r.Count(cubeL); done != 0 {
		t.Fatalf("%d cube steps after the reset", done)
	}
	if !r.Done(cc, 0) {
		t.Fatal("resetting the cube lesson forgot Chinese Checkers")
	}
	if err := r.Reset(lesson.Lesson{}); err != nil {
		t.Fatal(err)
	}
	if done, _ := OpenLessonProgress(path).Count(cc); done != 0 {
		t.Fatal("reset all kept a step")
	}
}

// A damaged file is kept aside, byte for byte, never silently reset over;
// the progress starts again and is written anew.
func TestLessonProgressDamagedFileKeptAside(t *testing.T) {
	path := filepath.Join(t.TempDir(), LessonsFile)
	bad := []byte(`{"version": 1, "done": {"cube": ["add-a-spot"`)
	if err := os.WriteFile(path, bad, 0o644); err != nil {
		t.Fatal(err)
	}
	l := mustLesson(t, "ataxx")
	p := OpenLessonProgress(path)
	if got, err := os.ReadFile(path + ".damaged"); err != nil || string(got) != string(bad) {
		t.Fatalf("damaged file aside: %q, %v", got, err)
	}
	if err := p.Finish(l, 0); err != nil {
		t.Fatal(err)
	}
	p.Flush()
	if !OpenLessonProgress(path).Done(l, 0) {
		t.Fatal("the progress after a damaged file was not kept")
	}
	if _, err := os.Stat(path + ".damaged"); err != nil {
		t.Fatal("the damaged file is gone")
	}
}

// A file that cannot be read now, or that a newer app wrote, is not
// written over: the progress waits for a later start.
func TestLessonProgressNotResetByUnreadableOrNewerFile(t *testing.T) {
	l := mustLesson(t, "cube")
	t.Run("unreadable", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), LessonsFile)
		if err := os.Mkdir(path, 0o755); err != nil { // reads with an error
			t.Fatal(err)
		}
		p := OpenLessonProgress(path)
		if p.Err() == nil || !strings.Contains(p.Err().Error(), "could not be read") {
			t.Fatalf("error %v", p.Err())
		}
		if err := p.Finish(l, 0); err == nil {
			t.Fatal("progress written over an unreadable file")
		}
		p.Flush()
		if fi, err := os.Stat(path); err != nil || !fi.IsDir() {
			t.Fatalf("the unreadable file was replaced: %v", err)
		}
		if _, err := os.Stat(path + ".damaged"); err == nil {
			t.Fatal("an unreadable file was put aside as damaged")
		}
	})
	t.Run("newer", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), LessonsFile)
		newer := []byte(`{"version": 2, "done": {"cube": ["add-a-spot"]}}`)
		if err := os.WriteFile(path, newer, 0o644); err != nil {
			t.Fatal(err)
		}
		p := OpenLessonProgress(path)
		if p.Err() == nil || !strings.Contains(p.Err().Error(), "newer version") {
			t.Fatalf("error %v", p.Err())
		}
		_ = p.Finish(l, 1)
		_ = p.Reset(l)
		p.Flush()
		if got, _ := os.ReadFile(path); string(got) != string(newer) {
			t.Fatalf("the newer file was written over: %s", got)
		}
	})
}

// The file is written off the caller's goroutine: Finish returns while
// the disk waits, and the newest copy is the one that lands.
func TestLessonProgressWritesOffTheCallersGoroutine(t *testing.T) {
	path := filepath.Join(t.TempDir(), LessonsFile)
	l := mustLesson(t, "cube")
	p := OpenLessonProgress(path)
	gate := make(chan struct{})
	real := p.writeFile
	p.writeFile = func(path string, data []byte) error {
		<-gate
		return real(path, data)
	}
	for i := range 3 {
		if err := p.Finish(l, i); err != nil { // returns although the writer waits
			t.Fatal(err)
		}
	}
	close(gate)
	p.Flush()
	if done, _ := OpenLessonProgress(path).Count(l); done != 3 {
		t.Fatalf("%d steps in the file, want the newest copy's 3", done)
	}
}

// Steps the file names but the lesson no longer has are not counted, and
// an in-memory progress (no storage) works without a file.
func TestLessonProgressIgnoresUnknownSteps(t *testing.T) {
	path := filepath.Join(t.TempDir(), LessonsFile)
	if err := os.WriteFile(path, []byte(`{"version": 1, "done": {"cube": ["gone", "explode"]}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	l := mustLesson(t, "cube")
	if done, _ := OpenLessonProgress(path).Count(l); done != 1 {
		t.Fatalf("%d steps counted, want 1 (explode)", done)
	}
	mem := OpenLessonProgress("")
	if err := mem.Finish(l, 0); err != nil || !mem.Done(l, 0) || mem.Resume(l) != 1 {
		t.Fatal("in-memory progress")
	}
}

// Skipping the lessons offered on a first start is kept across a
// restart, apart from the steps finished; Started says whether any step
// was.
func TestLessonSkipSurvivesRestart(t *testing.T) {
	path := filepath.Join(t.TempDir(), LessonsFile)
	p := OpenLessonProgress(path)
	if p.Skipped() || p.Started() {
		t.Fatal("a new player has skipped or started")
	}
	if err := p.Skip(); err != nil {
		t.Fatal(err)
	}
	p.Flush()
	q := OpenLessonProgress(path)
	if !q.Skipped() || q.Started() {
		t.Fatalf("after a restart: skipped %v started %v", q.Skipped(), q.Started())
	}
	if err := q.Finish(mustLesson(t, "ataxx"), 1); err != nil {
		t.Fatal(err)
	}
	q.Flush()
	r := OpenLessonProgress(path)
	if !r.Skipped() || !r.Started() {
		t.Fatalf("after a step: skipped %v started %v", r.Skipped(), r.Started())
	}
}
