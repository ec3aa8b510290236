// Command jumpers is the Jumpers app: Jumping Cube, Ataxx and Chinese
// Checkers for phones, tablets and desktops. The wiring lives in package
// app, the screens in package ui; see app's package doc for the direction
// of the dependencies.
package main

import (
	_ "github.com/jumpers-game/jumpers/internal/startenv" // first: fixes the environment before Fyne reads it

	"github.com/jumpers-game/jumpers/app"
	"github.com/jumpers-game/jumpers/ui"
)

func main() {
	app.Run(ui.Build)
}
