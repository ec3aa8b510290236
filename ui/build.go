package ui

import (
	"fyne.io/fyne/v2"

	"github.com/jumpers-game/jumpers/app"
)

// Build makes the app's window.
func Build(e *app.Env) fyne.Window {
	return e.App.NewWindow("Jumpers")
}
