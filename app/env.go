package app

import (
	"log"
	"os"
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
	// AI, if set, plays every computer seat and hint instead of the
	// game's own AI (tests).
	AI AI
	// Debug holds the hidden screenshot switches (JUMPERS_SCREEN, ...).
	Debug Debug

	settings  Settings
	listeners []func(Settings)
	active    *Controller

	// autosaveErr is written by the autosaver goroutine.
	mu          sync.Mutex
	autosaveErr error
}

// Debug are switches for scripted screenshots and measurements, read from
// environment variables; none is needed to use the app.
type Debug struct {
	Screen string // JUMPERS_SCREEN: home, new, game, load, settings, rules, about
	Open   string // JUMPERS_OPEN: a save file to open on start
	Game   string // JUMPERS_GAME: the game of the "new" and "rules" screens ("" = cube / all)
	Tap    string // JUMPERS_TAP: squares to tap on the opened game's board ("e4")
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
	e := &Env{App: a, Post: post}
	e.settings = LoadSettings(a.Preferences())
	e.Store, e.StoreErr = storage.Open(root)
	write := func(sv storage.Save) error { return nil }
	if e.Store != nil {
		write = e.Store.Autosave
	}
	e.Auto = NewAutosaver(write, func(err error) {
		log.Printf("autosave: %v", err)
		e.mu.Lock()
		e.autosaveErr = err
		e.mu.Unlock()
	})
	return e
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
	if cfg.After == nil {
		cfg.After = e.After
	}
	if cfg.Settings == nil {
		cfg.Settings = e.Settings
	}
	if cfg.Autosave == nil {
		cfg.Autosave = e.Auto.Save
	}
	if cfg.AI == nil {
		cfg.AI = e.AI
	}
	if e.active != nil {
		e.active.Close()
	}
	e.active = NewController(cfg)
	return e.active
}

// NewGame starts a new game of g with opts, seats and seed.
func (e *Env) NewGame(g core.Game, opts core.Options, seats []storage.Seat, seed int64, trace Tracer) (*Controller, error) {
	start, err := g.Start(opts)
	if err != nil {
		return nil, err
	}
	c := e.NewController(Config{Game: g, History: core.NewHistory(start, opts.Rules), Seats: seats, Seed: seed, Trace: trace})
	return c, nil
}

// OpenSave makes the controller of a loaded game (id "" for the autosave
// or a file from outside the store).
func (e *Env) OpenSave(sv storage.Save, h *core.History, id string, trace Tracer) (*Controller, error) {
	g, err := core.Lookup(sv.Game)
	if err != nil {
		return nil, err
	}
	return e.NewController(Config{
		Game: g, History: h, Seats: sv.Seats, Seed: sv.Seed,
		Name: sv.Name, SaveID: id, Created: sv.Created, Trace: trace,
	}), nil
}

// Continue returns the autosaved game if it is unfinished.
func (e *Env) Continue() (storage.Save, *core.History, bool) {
	if e.Store == nil {
		return storage.Save{}, nil, false
	}
	sv, h, ok := e.Store.LoadAutosave()
	if !ok || h.Current().Result().Over {
		return storage.Save{}, nil, false
	}
	return sv, h, true
}

// Release saves and closes c if it is the game on screen: the player left
// the game screen. Continue on the home screen brings it back.
func (e *Env) Release(c *Controller) {
	if c == nil || e.active != c {
		return
	}
	e.SaveNow()
	c.Close()
	e.active = nil
}

// SaveNow writes the game on screen into the autosave and waits for it:
// the lifecycle hooks call it when the app leaves the foreground or stops.
func (e *Env) SaveNow() {
	if e.active != nil && !e.active.closed {
		e.Auto.Save(e.active.Snapshot())
	}
	e.Auto.Flush()
}
