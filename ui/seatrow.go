package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/jumpers-game/jumpers/ui/kit"
)

// scoreWidgets are the widgets of the score row, made once with the game
// screen and put in the row before the status is put under its compact
// theme, so that they take it. The row used to get new labels at every
// update: a widget added later has no theme of its own, and measured
// outside a drawing (the row's own Refresh) it took the default theme's
// wider padding, so the row was laid out for other sizes than its parent
// asked it for ("Move 228" half a line low, or under the seats).
type scoreWidgets struct {
	counts   []*widget.Label // each player's count, in a game of two
	unit     *widget.Label
	counter  *widget.Label
	computer *widget.Icon // before "2 of 5"
}

func newScoreWidgets(players int) scoreWidgets {
	w := scoreWidgets{unit: widget.NewLabel(""), counter: widget.NewLabel(""), computer: widget.NewIcon(theme.ComputerIcon())}
	for range players {
		l := widget.NewLabel("")
		l.TextStyle.Bold = true
		w.counts = append(w.counts, l)
	}
	return w
}

// all is every widget, for the theme to reach them.
func (w scoreWidgets) all() []fyne.CanvasObject {
	objs := []fyne.CanvasObject{w.unit, w.counter, w.computer}
	for _, l := range w.counts {
		objs = append(objs, l)
	}
	return objs
}

// count is player i's count label showing text; a player the screen was
// not made for (never: the game's players are fixed) gets a new label.
func (w scoreWidgets) count(i int, text string) *widget.Label {
	if i >= len(w.counts) {
		return widget.NewLabelWithStyle(text, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	}
	w.counts[i].SetText(text)
	return w.counts[i]
}

func (w scoreWidgets) setUnit(text string) *widget.Label {
	w.unit.SetText(text)
	return w.unit
}

func (w scoreWidgets) setCounter(text string) *widget.Label {
	w.counter.SetText(text)
	return w.counter
}

// seatRowLayout lays out the score row of the game screen: the seats
// (swatches and counts, the unit) from the left, then a layout.Spacer,
// then the counter ("Move 126", or a computer icon and "2 of 5") at the
// right end. When the two do not fit on one line the counter steps
// aside (the move strip under the row numbers the moves): the row keeps
// one line, its slot's height, so the board under it never moves (issue
// 49; a second line for the counter pushed the board down). An HBox gave
// its spacer the negative room instead and drew the counter over the
// last seats: six seats with the places of finished players ("1st") and
// a three-digit move number are wider than a 360 dp phone.
type seatRowLayout struct{}

// parts splits objs at the spacer: the seats, and the counter's objects.
func (*seatRowLayout) parts(objs []fyne.CanvasObject) (seats, counter []fyne.CanvasObject) {
	for i, o := range objs {
		if _, ok := o.(*layout.Spacer); ok {
			return objs[:i], objs[i+1:]
		}
	}
	return objs, nil
}

// rowExtent is the width and height of objects side by side (hidden ones left
// out), padding between them.
func rowExtent(objs []fyne.CanvasObject) (w, h float32) {
	n := 0
	for _, o := range objs {
		if !o.Visible() {
			continue
		}
		m := o.MinSize()
		w += m.Width
		h = max(h, m.Height)
		n++
	}
	if n > 1 {
		w += float32(n-1) * theme.Padding()
	}
	return w, h
}

// twoLines tells whether seats and counter need a line each in width w.
func twoLines(seatsW, counterW, w float32) bool {
	return seatsW > 0 && counterW > 0 && seatsW+theme.Padding()+counterW > w+0.5
}

func (l *seatRowLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	seats, counter := l.parts(objs)
	sw, sh := rowExtent(seats)
	cw, ch := rowExtent(counter)
	// one line; narrower, the counter steps aside
	return fyne.NewSize(max(sw, cw), max(sh, ch))
}

func (l *seatRowLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	seats, counter := l.parts(objs)
	for _, o := range counter {
		o.Show() // measured as shown, then hidden if it does not fit
	}
	sw, _ := rowExtent(seats)
	cw, _ := rowExtent(counter)
	fits := !twoLines(sw, cw, size.Width)
	for _, o := range counter {
		kit.SetVisible(o, fits)
	}
	lineH := size.Height
	place := func(objs []fyne.CanvasObject, x, y, h float32) {
		for _, o := range objs {
			if !o.Visible() {
				continue
			}
			w := o.MinSize().Width
			o.Move(fyne.NewPos(x, y))
			o.Resize(fyne.NewSize(w, h))
			x += w + theme.Padding()
		}
	}
	place(seats, 0, 0, lineH)
	place(counter, max(0, size.Width-cw), 0, lineH)
	for _, o := range objs {
		if sp, ok := o.(*layout.Spacer); ok {
			sp.Move(fyne.NewPos(sw, 0))
			sp.Resize(fyne.NewSize(max(0, size.Width-sw-cw), 0))
		}
	}
}
