package ui

import (
	"fmt"
	"image"
	"image/color"
	"math"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

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
	items := []fyne.CanvasObject{}
	if sv, h, ok := u.env.Continue(); ok {
		c := newCard("Continue", describeSave(sv, h), continueArt(sv, h), func() { u.openSave(sv, h, "") })
		c.accent = true
		items = append(items, c)
	}
	head := widget.NewLabelWithStyle("Games", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	items = append(items, head)
	for _, hg := range homeGames {
		id := hg.ID
		name, tag := hg.Name, hg.Tagline
		gu, g, ok := lookupGameUI(id)
		var art fyne.CanvasObject
		if ok && gu.Preview != nil {
			art = gu.Preview()
		} else {
			art = comingSoonArt(id)
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
	items = append(items, container.NewGridWithColumns(2, load, set, rules, about))
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

// describeSave is one line about a saved game: game, moves, who plays.
func describeSave(sv storage.Save, h *core.History) string {
	name := sv.Game
	state := ""
	if g, err := core.Lookup(sv.Game); err == nil {
		name = g.Name()
		state = storage.Describe(g, h.Current())
	}
	seats := ""
	if len(sv.Seats) == 2 {
		seats = " · " + seatShort(sv.Seats[0]) + " vs " + seatShort(sv.Seats[1])
	} else if n := len(sv.Seats); n > 2 {
		comp := 0
		for _, s := range sv.Seats {
			if s.Kind == storage.Computer {
				comp++
			}
		}
		seats = fmt.Sprintf(" · %d players (%d human, %d computer)", n, n-comp, comp)
	}
	return fmt.Sprintf("%s · move %d · %s%s", name, sv.Cursor, state, seats)
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

func continueArt(sv storage.Save, h *core.History) fyne.CanvasObject {
	if gu, ok := gameUIs[sv.Game]; ok && gu.Art != nil {
		return gu.Art(h.Current())
	}
	if sv.Game == "cube" {
		b := boardOf(h.Current())
		if b.Size() > 0 {
			last := -1
			return newCubePreview(b, last)
		}
	}
	return comingSoonArt(sv.Game)
}

// comingSoonArt draws a small picture of a game not in the app yet.
func comingSoonArt(id string) fyne.CanvasObject {
	r := canvas.NewRaster(func(w, h int) image.Image {
		img := image.NewNRGBA(image.Rect(0, 0, w, h))
		grey := color.NRGBA{0x80, 0x80, 0x80, 0xFF}
		a := color.NRGBA{0x00, 0x72, 0xB2, 0xB0}
		b := color.NRGBA{0xD5, 0x5E, 0x00, 0xB0}
		s := float64(min(w, h))
		disc := func(cx, cy, rad float64, c color.NRGBA) {
			for y := int(cy - rad); y <= int(cy+rad); y++ {
				for x := int(cx - rad); x <= int(cx+rad); x++ {
					if (float64(x)-cx)*(float64(x)-cx)+(float64(y)-cy)*(float64(y)-cy) <= rad*rad {
						img.SetNRGBA(x, y, c)
					}
				}
			}
		}
		switch id {
		case "ataxx":
			cell := s / 4
			for i := 0; i <= 4; i++ {
				for k := 0; k < int(s); k++ {
					img.SetNRGBA(int(float64(i)*cell), k, grey)
					img.SetNRGBA(k, int(float64(i)*cell), grey)
				}
			}
			for _, p := range [][3]int{{0, 0, 0}, {1, 0, 0}, {3, 3, 1}, {2, 3, 1}, {1, 1, 0}, {2, 2, 1}} {
				c := a
				if p[2] == 1 {
					c = b
				}
				disc((float64(p[0])+.5)*cell, (float64(p[1])+.5)*cell, cell*.36, c)
			}
		default: // a six-pointed star of holes
			cx, cy := s/2, s/2
			step := s / 9
			for q := -4; q <= 4; q++ {
				for r := -4; r <= 4; r++ {
					z := -q - r
					up := q >= -2 && r >= -2 && z >= -2 // the two triangles of the star
					down := q <= 2 && r <= 2 && z <= 2
					if !up && !down {
						continue
					}
					x := cx + step*(float64(q)+float64(r)/2)
					y := cy + step*float64(r)*math.Sqrt(3)/2
					c := grey
					if r <= -3 {
						c = a
					} else if r >= 3 {
						c = b
					}
					disc(x, y, step*.32, c)
				}
			}
		}
		return img
	})
	return r
}
