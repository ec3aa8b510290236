package app

import (
	"log"
	"os"
	"path/filepath"

	"fyne.io/fyne/v2"
	fyneapp "fyne.io/fyne/v2/app"

	"github.com/jumpers-game/jumpers/core/search"
	"github.com/jumpers-game/jumpers/storage"
)

// ID is the app's reverse-DNS identifier (also in FyneApp.toml): it names
// the storage folder and the preferences, so it must never change.
const ID = "io.github.jumpers_game.jumpers"

// Run creates the Fyne app, opens the saved games in the app's storage,
// lets build make the window, hooks autosave to the lifecycle and runs
// the event loop until the window closes.
func Run(build func(*Env) fyne.Window) {
	a := fyneapp.NewWithID(ID)
	if v := a.Metadata().Version; v != "" {
		storage.AppVersion = v
	}
	e := NewEnv(a, storageRoot(a), nil)
	e.Debug = debugFromEnv()
	if e.StoreErr != nil {
		log.Printf("saved games: %v", e.StoreErr)
	}

	// Autosave when the app leaves the foreground (on a phone the OS may
	// kill it any time after) and when it stops. Nothing is torn down in
	// OnStopped: on Android a file dialog fires it and the app comes back.
	// The AI is not cancelled either: on a desktop "exited foreground" is
	// only a focus change, and a suspended mobile app does not run it.
	lc := a.Lifecycle()
	lc.SetOnExitedForeground(func() {
		e.SaveNow()
		// The system kills the background apps that hold the most memory
		// first; the idle search tables cost only the next timed search
		// its warm table (a running search keeps its own).
		search.ReleaseIdle()
	})
	lc.SetOnStopped(e.SaveNow)

	w := build(e)
	w.SetOnClosed(func() {
		e.SaveNow()
		if e.active != nil {
			e.active.Close()
		}
	})
	if e.Debug.Keys != "" {
		go watchKeys(e.Debug.Keys, w.Canvas(), e.Post)
	}
	w.ShowAndRun()
	e.Close()
}

// storageRoot is the app's private storage folder as a path. Fyne's
// storage root is a file URI on every platform Jumpers ships on; if it is
// not, a folder in the user's config dir keeps saving possible. With
// neither, it is "": never the temp folder, which a phone empties at will;
// the app then says that saving is not available (home, and the game
// screen's "Not saved" line).
func storageRoot(a fyne.App) string {
	if u := a.Storage().RootURI(); u != nil && u.Scheme() == "file" && u.Path() != "" {
		return u.Path()
	}
	if d, err := os.UserConfigDir(); err == nil {
		return filepath.Join(d, "jumpers")
	}
	return ""
}
