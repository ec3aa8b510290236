package app

import (
	"context"
	"log"
	"os"
	"path/filepath"
	"sync"
	"time"

	"fyne.io/fyne/v2"

	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/storage"
)

// Env is what the screens get from the app: the Fyne app, the saved games,
// the settings, the autosaver, and the game being played. One per process
// (tests make their own with NewEnv).
type Env struct {
	App fyne.App
	// Store is nil when the saved games folder could not be opened;
	// StoreErr then says why (the app still plays, without saving).
	Store    *storage.Store
	StoreErr error
	Auto     *Autosaver
	// Post runs a function on the UI goroutine: fyne.Do in the app, a
	// queue in tests.
	Post func(func())
	// After is the controllers' timer (nil = real time).
	After func(time.Duration, func()) func()
	// Deadline bounds the controllers' searches (nil = their budget in
	// real time; see Config.Deadline).
	Deadline func(context.Context, time.Duration) (context.Context, context.CancelFunc)
	// AI, if set, plays every computer seat and hint instead of the
	// game's own AI (tests).
	AI AI
	// Stats are the results against the computer (the Statistics screen).
	Stats *Stats
	// Lessons is the player's progress through the lessons (Learn to play).
	Lessons *LessonProgress
	// Puzzles are the player's puzzle ratings, streaks and own puzzles.
	Puzzles *PuzzleProgress
	// Debug holds the hidden screenshot switches (JUMPERS_SCREEN, ...).
	Debug Debug
	// Background runs slow work off the UI goroutine (listing the saved
	// games) and then its apply on the UI goroutine: a goroutine and Post
	// in the app. Tests may run both inline.
	Background func(work func() (apply func()))

	settings  Settings
	listeners []func(Settings)
	active    *Controller
	// paused are the games left while waiting at Go (the player stopped
	// the computer): opened again in this session, they wait again.
	paused map[string]bool

	// autosaveErr is written by the autosaver goroutine, and so are
	// writeErrs: the games whose last write failed, by id.
	mu          sync.Mutex
	autosaveErr error
	writeErrs   map[string]error
	// root is the storage folder asked for (RetryStorage opens it again).
	root string
	// onWrite are told on the UI goroutine when a game's write fails or
	// succeeds again (the game screen's save notice), by subscription.
	onWrite   map[int]func()
	onWriteID int
}

// Debug are switches for scripted screenshots and measurements, read from
// environment variables; none is needed to use the app.
type Debug struct {
	Screen string // JUMPERS_SCREEN: home, new, game, load, settings, stats, rules, about, puzzles, puzzle, lesson
	Open   string // JUMPERS_OPEN: a save file to open on start
	Game   string // JUMPERS_GAME: the game of the "new" and "rules" screens ("" = cube / all)
	Tap    string // JUMPERS_TAP: squares to tap on the opened game's board ("e4")
	Puzzle string // JUMPERS_PUZZLE: the puzzle of the "puzzle" screen (an ID, daily, own)
	// Lesson is JUMPERS_LESSON: the lesson step the "lesson" screen
	// opens at, "game:step" ("ataxx:2", steps from 1; "ataxx" resumes).
	Lesson string
	Keys   string // JUMPERS_KEYS: a named pipe whose lines are typed as keys (keys.go)
	// MeasureLoop (JUMPERS_MEASURE_LOOP=1) logs the longest gap between
	// frames while the computer thinks, to measure the UI loop.
	MeasureLoop bool
}

func debugFromEnv() Debug {
	return Debug{
		Screen:      os.Getenv("JUMPERS_SCREEN"),
		Open:        os.Getenv("JUMPERS_OPEN"),
		Game:        os.Getenv("JUMPERS_GAME"),
		Tap:         os.Getenv("JUMPERS_TAP"),
		Puzzle:      os.Getenv("JUMPERS_PUZZLE"),
		Lesson:      os.Getenv("JUMPERS_LESSON"),
		Keys:        os.Getenv("JUMPERS_KEYS"),
		MeasureLoop: os.Getenv("JUMPERS_MEASURE_LOOP") == "1",
	}
}

// NewEnv wires an Env for a, with the saved games under root (the app's
// storage directory; a temp dir in tests). post nil means fyne.Do.
func NewEnv(a fyne.App, root string, post func(func())) *Env {
	if post == nil {
		post = fyne.Do
	}
	e := &Env{App: a, Post: post, root: root, writeErrs: map[string]error{}}
	e.Background = func(work func() func()) {
		go func() { e.Post(work()) }()
	}
	e.settings = LoadSettings(a.Preferences())
	e.Store, e.StoreErr = storage.Open(root)
	statsPath, lessonsPath := "", ""
	if root != "" {
		statsPath, lessonsPath = filepath.Join(root, StatsFile), filepath.Join(root, LessonsFile)
	}
	e.Stats = OpenStats(statsPath)
	e.Lessons = OpenLessonProgress(lessonsPath)
	e.Puzzles = OpenPuzzleProgress(keptPath(root, PuzzlesFile))
	if e.Store != nil {
		if _, err := e.Store.Tidy(); err != nil {
			log.Printf("tidying the saved games: %v", err)
		}
	}
	e.Auto = NewAutosaver(e.write, e.written)
	return e
}

// write is the autosaver's writer: the store's, or the reason there is none.
func (e *Env) write(id string, sv storage.Save) error {
	e.mu.Lock()
	st, why := e.Store, e.StoreErr
	e.mu.Unlock()
	if st == nil {
		return why
	}
	return st.Keep(id, sv)
}

// written hears every write's result on the autosaver's goroutine: a
// failure is logged and kept for the game it belongs to until a write of
// that game succeeds; a change is told on the UI goroutine.
func (e *Env) written(id string, err error) {
	e.mu.Lock()
	before := e.writeErrs[id]
	if err != nil {
		e.autosaveErr = err
		e.writeErrs[id] = err
	} else {
		delete(e.writeErrs, id)
	}
	listeners := make([]func(), 0, len(e.onWrite))
	for _, f := range e.onWrite {
		listeners = append(listeners, f)
	}
	e.mu.Unlock()
	if err != nil {
		log.Printf("autosave: %v", err)
	}
	if (before == nil) != (err == nil) || (err != nil && before.Error() != err.Error()) {
		e.Post(func() {
			for _, f := range listeners {
				f()
			}
		})
	}
}

// WriteProblem is why the game id's last write failed; nil when it was
// written (or never tried). The game stays whole in memory meanwhile.
func (e *Env) WriteProblem(id string) error {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.writeErrs[id]
}

// OnWriteProblem registers f, called on the UI goroutine when a game's
// write fails or succeeds again; the returned func unregisters it.
func (e *Env) OnWriteProblem(f func()) (unsubscribe func()) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.onWrite == nil {
		e.onWrite = map[int]func(){}
	}
	e.onWriteID++
	id := e.onWriteID
	e.onWrite[id] = f
	return func() {
		e.mu.Lock()
		defer e.mu.Unlock()
		delete(e.onWrite, id)
	}
}

// RetryWrite writes the game on screen again (after a failed write): it
// opens the storage folder again if it was not there, and returns what
// still goes wrong.
func (e *Env) RetryWrite() error {
	e.mu.Lock()
	if e.Store == nil && e.root != "" {
		if st, err := storage.Open(e.root); err == nil {
			e.Store, e.StoreErr = st, nil
		} else {
			e.StoreErr = err
		}
	}
	st, why := e.Store, e.StoreErr
	e.mu.Unlock()
	if st == nil {
		return why
	}
	e.SaveNow()
	if c := e.active; c != nil {
		return e.WriteProblem(c.SaveID())
	}
	return nil
}

// AutosaveErr returns the last autosave failure, if any.
func (e *Env) AutosaveErr() error {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.autosaveErr
}

// Settings returns the current settings.
func (e *Env) Settings() Settings { return e.settings }

// SetSettings stores s in the preferences and tells the listeners.
func (e *Env) SetSettings(s Settings) {
	s = s.Clean()
	e.settings = s
	s.Store(e.App.Preferences())
	for _, f := range e.listeners {
		f(s)
	}
}

// OnSettings registers f to hear about changed settings.
func (e *Env) OnSettings(f func(Settings)) { e.listeners = append(e.listeners, f) }

// Active is the controller of the game on screen (nil on other screens
// when no game was opened).
func (e *Env) Active() *Controller { return e.active }

// NewController makes the controller of the game to be shown, wired to
// the env's poster, settings and autosave, closing the previous one (its
// late AI answers are dropped).
func (e *Env) NewController(cfg Config) *Controller {
	if cfg.Post == nil {
		cfg.Post = e.Post
	}
	if cfg.Deadline == nil {
		cfg.Deadline = e.Deadline
	}
	if cfg.After == nil {
		cfg.After = e.After
	}
	if cfg.Settings == nil {
		cfg.Settings = e.Settings
	}
	if cfg.SaveID == "" && e.Store != nil {
		// Every game is kept from its first moment, under an id of its own.
		cfg.SaveID = e.Store.NewID()
	}
	var c *Controller
	if cfg.Autosave == nil {
		cfg.Autosave = func(sv storage.Save) {
			if id := c.SaveID(); id != "" {
				e.Auto.Save(id, sv)
			}
		}
	}
	if cfg.AI == nil {
		cfg.AI = e.AI
	}
	if cfg.Ended == nil {
		cfg.Ended = e.Stats.Count
	}
	if e.active != nil {
		e.Release(e.active) // kept in the store, never discarded
	}
	c = NewController(cfg)
	e.active = c
	return c
}

// NewGame starts a new game of g with opts, seats and seed.
func (e *Env) NewGame(g core.Game, opts core.Options, seats []storage.Seat, seed int64, trace Tracer) (*Controller, error) {
	start, err := g.Start(opts)
	if err != nil {
		return nil, err
	}
	c := e.NewController(Config{Game: g, History: core.NewHistory(start, opts.Text(core.OptRules)), Seats: seats, Seed: seed, Trace: trace})
	return c, nil
}

// OpenSave makes the controller of a loaded game: id is its id in the
// store, "" for a file from outside it (which then becomes a game of the
// store under a new id).
func (e *Env) OpenSave(sv storage.Save, h *core.History, id string, trace Tracer) (*Controller, error) {
	g, err := core.Lookup(sv.Game)
	if err != nil {
		return nil, err
	}
	return e.NewController(Config{
		Game: g, History: h, Seats: sv.Seats, Seed: sv.Seed,
		Name: sv.Name, SaveID: id, Created: sv.Created, Refused: sv.Refused, Trace: trace,
	}), nil
}

// ListGames lists the saved games off the UI goroutine and hands them to
// show on it, the game on screen as it stands (its last snapshot is
// written first). With no store, show hears why at once.
func (e *Env) ListGames(show func([]storage.Entry, error)) {
	e.mu.Lock()
	st, why := e.Store, e.StoreErr
	e.mu.Unlock()
	if st == nil {
		show(nil, why)
		return
	}
	e.queueSave()
	e.Background(func() func() {
		e.Auto.Flush()
		games, err := st.List()
		if err != nil {
			log.Printf("listing the games: %v", err)
		}
		return func() { show(games, err) }
	})
}

// ContinueEntry is the newest unfinished game, with its id.
func (e *Env) ContinueEntry() (storage.Entry, bool) {
	games := e.InProgress()
	if len(games) == 0 {
		return storage.Entry{}, false
	}
	return games[0], true
}

// InProgress lists the unfinished games, newest first (none without a
// store).
func (e *Env) InProgress() []storage.Entry {
	if e.Store == nil {
		return nil
	}
	games, err := e.Store.InProgress()
	if err != nil {
		log.Printf("listing the games: %v", err)
	}
	return games
}

// queueSave hands the game on screen to the autosaver (UI goroutine).
func (e *Env) queueSave() {
	if c := e.active; c != nil && !c.closed && c.SaveID() != "" {
		e.Auto.Save(c.SaveID(), c.Snapshot())
	}
}

// Release saves and closes c if it is the game on screen: the player left
// the game screen. The game stays in the store (Continue, Saved games);
// only a game left before anything happened in it, and never named, is
// removed: it holds nothing the new game screen cannot make again (a game
// whose first move a rules change refused holds its refused moves: kept).
func (e *Env) Release(c *Controller) {
	if c == nil || e.active != c {
		return
	}
	e.SaveNow()
	if e.paused == nil {
		e.paused = map[string]bool{}
	}
	if c.SaveID() != "" {
		e.paused[c.SaveID()] = c.State() == PausedComputer
	}
	c.Close()
	e.active = nil
	if e.Store != nil && c.SaveID() != "" && c.Name() == "" && len(c.hist.Record().Moves) == 0 && !c.keepsRefused() {
		if err := e.Store.Delete(c.SaveID()); err != nil {
			log.Printf("removing an empty game: %v", err)
		}
	}
}

// KeepNow writes the game on screen now, through the autosaver (so no
// older snapshot of it can land after), and returns what went wrong.
func (e *Env) KeepNow() error {
	if st, why := e.storage(); st == nil {
		return why
	}
	e.mu.Lock()
	e.autosaveErr = nil
	e.mu.Unlock()
	e.SaveNow()
	return e.AutosaveErr()
}

// storage is the store and why there is none, read under the lock that
// RetryWrite takes to open it again.
func (e *Env) storage() (*storage.Store, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.Store, e.StoreErr
}

// WasPaused tells whether the game id was left waiting at Go in this
// session: opened again, it waits again (Controller.Start's hold).
func (e *Env) WasPaused(id string) bool { return e.paused[id] }

// SaveNow writes the game on screen to its file (through the autosaver,
// Store.Keep) and waits for every pending write: the lifecycle hooks call
// it when the app leaves the foreground or stops.
func (e *Env) SaveNow() {
	e.queueSave()
	e.Auto.Flush()
	e.flushKept()
}

// Close waits for every write handed over so far, the games' and the
// small files' (a finished game's statistics are written on a goroutine
// of their own), and stops the games' writer: the app's last step, and a
// test's before its temporary folder is removed.
func (e *Env) Close() {
	e.Auto.Close()
	e.flushKept()
}

// flushKept waits until the statistics, the lessons' and the puzzles'
// progress queued so far are written.
func (e *Env) flushKept() {
	e.Stats.Flush()
	e.Lessons.Flush()
	e.Puzzles.Flush()
}

// keptPath is the path of a kept file under root, "" (in memory) without
// a root.
func keptPath(root, name string) string {
	if root == "" {
		return ""
	}
	return filepath.Join(root, name)
}
