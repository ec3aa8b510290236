package kit

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// DropDown is a widget.Select whose list opens under its field, or over
// it when there is more room above, and is cut to the room there (the
// list scrolls): never over the field itself. Fyne's own list opens
// under the field and, near the bottom of a phone's screen, slides up
// over it, hiding the choice it changes.
type DropDown struct {
	widget.Select
	list *widget.PopUp
}

var _ fyne.Tappable = (*DropDown)(nil)

// NewDropDown is a drop-down of options; changed gets the chosen one.
func NewDropDown(options []string, changed func(string)) *DropDown {
	d := &DropDown{}
	d.Options, d.OnChanged = options, changed
	d.PlaceHolder = "(Select one)"
	d.ExtendBaseWidget(d)
	return d
}

// Tapped opens the list of options beside the field.
func (d *DropDown) Tapped(*fyne.PointEvent) {
	if d.Disabled() {
		return
	}
	c := fyne.CurrentApp().Driver().CanvasForObject(d)
	if c == nil {
		return
	}
	rows := container.NewVBox()
	for _, o := range d.Options {
		rows.Add(newColourRow(layout0(), o, o == d.Selected, func() {
			d.list.Hide()
			d.list = nil
			d.SetSelected(o)
		}))
	}
	d.list = showList(c, d, rows, 0)
}

// showList opens the rows of a drop-down's choices in a pop-up under the
// field, or over it when there is more room above, cut to the room there
// (the rows scroll): never over the field itself. It is at least minW
// wide (on the screen). A tap beside it closes it.
func showList(c fyne.Canvas, field fyne.CanvasObject, rows *fyne.Container, minW float32) *widget.PopUp {
	pop := widget.NewPopUp(container.NewVScroll(rows), c)
	at := fyne.CurrentApp().Driver().AbsolutePositionForObject(field)
	size, screen, pad := field.Size(), c.Size(), theme.Padding()
	// the pop-up's own padding around its content
	extra := pop.MinSize().Subtract(pop.Content.MinSize())
	want := rows.MinSize().Height + extra.Height
	below := screen.Height - at.Y - size.Height
	above := at.Y
	w := min(max(size.Width, minW), screen.Width-2*pad)
	x := max(0, min(at.X, screen.Width-pad-w))
	if below >= want || below >= above {
		pop.ShowAtPosition(fyne.NewPos(x, at.Y+size.Height))
		pop.Resize(fyne.NewSize(w, min(want, below)))
		return pop
	}
	h := min(want, above)
	pop.ShowAtPosition(fyne.NewPos(x, at.Y-h))
	pop.Resize(fyne.NewSize(w, h))
	return pop
}

// TappedSecondary: a slow tap on a phone is a tap.
func (d *DropDown) TappedSecondary(ev *fyne.PointEvent) { d.Tapped(ev) }

// List is the list of options while it is open (nil when closed).
func (d *DropDown) List() *widget.PopUp {
	if d.list == nil || !d.list.Visible() {
		return nil
	}
	return d.list
}

// TypedKey opens the list as a tap does (Space and the arrows open
// Fyne's own).
func (d *DropDown) TypedKey(ev *fyne.KeyEvent) {
	switch ev.Name {
	case fyne.KeySpace, fyne.KeyUp, fyne.KeyDown:
		d.Tapped(nil)
	default:
		d.Select.TypedKey(ev)
	}
}
