package app

import (
	"encoding/json"
	"slices"

	"github.com/jumpers-game/jumpers/core/lesson"
)

// LessonsFile is the lessons' progress file under the app's storage root.
const LessonsFile = "lessons.json"

// lessonsData is the file: by lesson ID, the IDs of the steps finished
// (IDs, not numbers: a step added to a lesson later leaves the others
// finished).
type lessonsData struct {
	Version int                 `json:"version"`
	Done    map[string][]string `json:"done"`
	// Skipped: the player skipped the lessons Home offers on a first
	// start (they stay on Home, without the emphasis).
	Skipped bool `json:"skipped,omitempty"`
}

// LessonProgress is which lesson steps the player has finished (issue 53:
// resume where left, reset). All methods run on the UI goroutine; the file
// is written on a goroutine of its own (keptFile), newest wins. Err says
// why the progress is not being kept, to follow "The lessons' progress ".
type LessonProgress struct {
	*keptFile
	data lessonsData
}

// OpenLessonProgress reads the progress at path ("" = in memory only). A
// missing file is no progress yet; a damaged one is put aside and the
// progress starts again; one that cannot be read now, or that a newer app
// wrote, is left as it is and not written this session.
func OpenLessonProgress(path string) *LessonProgress {
	p := &LessonProgress{data: lessonsData{Version: 1, Done: map[string][]string{}}}
	p.keptFile = openKept(path, "lessons' progress", "it is not kept", func(raw []byte) error {
		var d lessonsData
		if err := json.Unmarshal(raw, &d); err != nil {
			return err
		}
		if d.Version != 1 {
			return newerFileError{d.Version}
		}
		if d.Done == nil {
			d.Done = map[string][]string{}
		}
		p.data = d
		return nil
	})
	return p
}

// Done tells whether step i of l is finished.
func (p *LessonProgress) Done(l lesson.Lesson, i int) bool {
	return i >= 0 && i < len(l.Steps) && slices.Contains(p.data.Done[l.ID], l.Steps[i].ID)
}

// Count is how many of l's steps are finished, and how many it has (the
// card on Home: "3 of 6").
func (p *LessonProgress) Count(l lesson.Lesson) (done, steps int) {
	for i := range l.Steps {
		if p.Done(l, i) {
			done++
		}
	}
	return done, len(l.Steps)
}

// Resume is the step to open l at: the first one not finished, 0 when
// every step is (a finished lesson opens at its start again).
func (p *LessonProgress) Resume(l lesson.Lesson) int {
	for i := range l.Steps {
		if !p.Done(l, i) {
			return i
		}
	}
	return 0
}

// Finish records step i of l as finished and queues the write; the error
// says why it will not be kept (the file must not be written).
func (p *LessonProgress) Finish(l lesson.Lesson, i int) error {
	if i < 0 || i >= len(l.Steps) || p.Done(l, i) {
		return nil
	}
	p.data.Done[l.ID] = append(p.data.Done[l.ID], l.Steps[i].ID)
	return p.write()
}

// Started tells whether any step of any lesson was finished.
func (p *LessonProgress) Started() bool {
	for _, ids := range p.data.Done {
		if len(ids) > 0 {
			return true
		}
	}
	return false
}

// Skipped tells whether the player skipped the lessons offered on a
// first start.
func (p *LessonProgress) Skipped() bool { return p.data.Skipped }

// Skip records that the player skipped the lessons offered on a first
// start, and queues the write.
func (p *LessonProgress) Skip() error {
	if p.data.Skipped {
		return nil
	}
	p.data.Skipped = true
	return p.write()
}

// Reset forgets l's progress (every lesson's when l.ID is ""). It waits
// for the write, to say whether it held: a rare, asked-for act.
func (p *LessonProgress) Reset(l lesson.Lesson) error {
	if l.ID == "" {
		p.data.Done = map[string][]string{}
	} else {
		delete(p.data.Done, l.ID)
	}
	if err := p.write(); err != nil {
		return err
	}
	p.Flush()
	return p.Err()
}

// write queues the progress for the writer goroutine.
func (p *LessonProgress) write() error {
	return p.putJSON(p.data)
}
