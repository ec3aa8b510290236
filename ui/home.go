package ui

import (
	"fmt"
	"image"
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/jumpers-game/jumpers/app"
	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/storage"
)

// home shows the home screen as the only screen.
func (u *UI) home() {
	u.popTo(0)
	u.push(&screen{name: "home", title: "Jumpers", content: u.homeContent()})
}

// refreshHome rebuilds the home screen (the Continue card may have
// changed) when it comes back on top.
func (u *UI) refreshHome() {
	if s := u.top(); s != nil && s.name == "home" {
		s.content = u.homeContent()
	}
}

func (u *UI) homeContent() fyne.CanvasObject {
	items := u.inProgressCards()
	head := widget.NewLabelWithStyle("Games", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	items = append(items, head)
	for _, hg := range homeGames {
		id := hg.ID
		name, tag := hg.Name, hg.Tagline
		gu, g, ok := lookupGameUI(id)
		var art fyne.CanvasObject
		if ok && gu.Preview != nil {
			art = gu.Preview(u.env.Settings)
		} else {
			art = comingSoonArt()
		}
		if ok {
			name = g.Name()
			if gu.Tagline != "" {
				tag = gu.Tagline
			}
		} else {
			tag = "Coming soon. " + tag
		}
		c := newCard(name, tag, art, func() { u.newGame(id) })
		c.disabled = !ok
		items = append(items, c)
	}
	_, load := touchButton("Saved games", theme.FolderOpenIcon(), u.load)
	_, set := touchButton("Settings", theme.SettingsIcon(), u.settings)
	_, rules := touchButton("Rules", theme.HelpIcon(), func() { u.rules("") })
	_, about := touchButton("About", theme.InfoIcon(), u.about)
	_, stats := touchButton("Statistics", theme.ListIcon(), u.stats)
	items = append(items, container.NewGridWithColumns(2, load, stats), container.NewGridWithColumns(3, set, rules, about))
	if u.env.StoreErr != nil {
		warn := widget.NewLabel("Saving is not available: " + u.env.StoreErr.Error())
		warn.Wrapping = fyne.TextWrapWord
		warn.Importance = widget.DangerImportance
		items = append(items, warn)
	}
	box := container.NewVBox(items...)
	return container.NewVScroll(container.NewPadded(centredColumn(box, 560)))
}

// centredColumn keeps content at most maxW wide, centred: on a tablet the
// cards do not stretch across the whole screen.
func centredColumn(o fyne.CanvasObject, maxW float32) fyne.CanvasObject {
	return container.New(&maxWidthLayout{maxW}, o)
}

type maxWidthLayout struct{ max float32 }

func (l *maxWidthLayout) Layout(objs []fyne.CanvasObject, sz fyne.Size) {
	w := min(sz.Width, l.max)
	for _, o := range objs {
		o.Move(fyne.NewPos((sz.Width-w)/2, 0))
		o.Resize(fyne.NewSize(w, sz.Height))
	}
}

func (l *maxWidthLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var s fyne.Size
	for _, o := range objs {
		s = s.Max(o.MinSize())
	}
	return s
}

// describeSave is one line about a saved game: game, moves, where it
// stands (the players named as the board shows them under s), who plays.
func describeSave(s app.Settings, sv storage.Save, h *core.History) string {
	name := sv.Game
	state := ""
	if g, err := core.Lookup(sv.Game); err == nil {
		name = g.Name()
		state = app.ResultText(s, sv.Seats, h.Current())
	}
	seats := ""
	if p := playersText(sv.Seats); p != "" {
		seats = " · " + p
	}
	return fmt.Sprintf("%s · %s · %s%s", name, gameCounter(sv.Game, h.Current(), sv.Cursor), state, seats)
}

// playersText says who plays: "Human vs Expert", "4 players (1 human, 3
// computer)"; "" when the seats are not known.
func playersText(seats []storage.Seat) string {
	if len(seats) == 2 {
		return seatShort(seats[0]) + " vs " + seatShort(seats[1])
	}
	n := len(seats)
	if n <= 2 {
		return ""
	}
	comp := 0
	for _, s := range seats {
		if s.Kind == storage.Computer {
			comp++
		}
	}
	return fmt.Sprintf("%d players (%d human, %d computer)", n, n-comp, comp)
}

func seatShort(s storage.Seat) string {
	if s.Kind == storage.Computer {
		if s.Level != "" {
			return s.Level
		}
		return "Computer"
	}
	return "Human"
}

// continueArt is the Continue card's picture: the game's own art of the
// saved position, else its card art.
func (u *UI) continueArt(sv storage.Save, h *core.History) fyne.CanvasObject {
	gu, ok := gameUIs[sv.Game]
	switch {
	case ok && gu.Art != nil:
		return gu.Art(h.Current(), u.env.Settings)
	case ok && gu.Preview != nil:
		return gu.Preview(u.env.Settings)
	}
	return comingSoonArt()
}

// comingSoonArt is the picture of a game that has no art of its own (not
// in the app yet): a few counters on a grid, the same for every game.
func comingSoonArt() fyne.CanvasObject {
	return canvas.NewRaster(func(w, h int) image.Image {
		img := image.NewNRGBA(image.Rect(0, 0, w, h))
		grey := color.NRGBA{0x80, 0x80, 0x80, 0xFF}
		counters := [2]color.NRGBA{{0x00, 0x72, 0xB2, 0xB0}, {0xD5, 0x5E, 0x00, 0xB0}}
		const n = 3
		cell := float64(min(w, h)) / n
		for i := 0; i < n*n; i++ {
			c := grey
			if i == 0 || i == n*n-1 {
				c = counters[min(i, 1)]
			}
			cx, cy, rad := (float64(i%n)+.5)*cell, (float64(i/n)+.5)*cell, cell*.36
			for y := int(cy - rad); y <= int(cy+rad); y++ {
				for x := int(cx - rad); x <= int(cx+rad); x++ {
					if (float64(x)-cx)*(float64(x)-cx)+(float64(y)-cy)*(float64(y)-cy) <= rad*rad {
						img.SetNRGBA(x, y, c)
					}
				}
			}
		}
		return img
	})
}
