module github.com/jumpers-game/jumpers

go 1.24

require (
	fyne.io/fyne/v2 v2.7.1 // indirect
	pgregory.net/rapid v1.3.0 // indirect
)
