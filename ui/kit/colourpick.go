package kit

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/jumpers-game/jumpers/app"
)

// ColourPicker is a drop-down of colours that shows each choice with its
// swatch, in the field and in the list (a Select shows names only, and
// "Reddish purple" means little until seen). Its field and its rows are
// touchSize tall.
type ColourPicker struct {
	widget.BaseWidget
	options   []string
	swatch    func(name string) fyne.CanvasObject
	Selected  string
	OnChanged func(string)
	popUp     *widget.PopUp
}

var (
	_ fyne.Tappable          = (*ColourPicker)(nil)
	_ fyne.SecondaryTappable = (*ColourPicker)(nil)
)

func NewColourPicker(options []string, swatch func(string) fyne.CanvasObject, selected string, changed func(string)) *ColourPicker {
	p := &ColourPicker{options: options, swatch: swatch, Selected: selected, OnChanged: changed}
	p.ExtendBaseWidget(p)
	return p
}

// SetSelected shows name as chosen and calls OnChanged when it changes.
func (p *ColourPicker) SetSelected(name string) {
	if name == p.Selected {
		return
	}
	p.Selected = name
	p.Refresh()
	if p.OnChanged != nil {
		p.OnChanged(name)
	}
}

// Tapped opens the list of colours over the screen.
func (p *ColourPicker) Tapped(*fyne.PointEvent) {
	c := fyne.CurrentApp().Driver().CanvasForObject(p)
	if c == nil {
		return
	}
	rows := container.NewVBox()
	for _, name := range p.options {
		rows.Add(newColourRow(p.swatch(name), name, name == p.Selected, func() {
			p.popUp.Hide()
			p.popUp = nil
			p.SetSelected(name)
		}))
	}
	p.popUp = showList(c, p, rows, 240)
}

// Open is the list of colours while it is open (nil when closed).
func (p *ColourPicker) Open() *widget.PopUp {
	if p.popUp == nil || !p.popUp.Visible() {
		return nil
	}
	return p.popUp
}

// TappedSecondary: a slow tap on a phone is still a tap.
func (p *ColourPicker) TappedSecondary(ev *fyne.PointEvent) { p.Tapped(ev) }

func (p *ColourPicker) CreateRenderer() fyne.WidgetRenderer {
	bg := canvas.NewRectangle(color.Transparent)
	sw := container.NewStack()
	label := widget.NewLabel("")
	label.Truncation = fyne.TextTruncateEllipsis
	icon := widget.NewIcon(theme.MenuDropDownIcon())
	row := container.NewBorder(nil, nil, container.NewPadded(sw), icon, label)
	r := &colourPickerRenderer{p: p, bg: bg, sw: sw, label: label,
		content: container.New(minSizeLayout{0, TouchSize}, bg, row)}
	r.Refresh()
	return r
}

type colourPickerRenderer struct {
	p       *ColourPicker
	bg      *canvas.Rectangle
	sw      *fyne.Container
	label   *widget.Label
	content *fyne.Container
}

func (r *colourPickerRenderer) Destroy()                     {}
func (r *colourPickerRenderer) Objects() []fyne.CanvasObject { return []fyne.CanvasObject{r.content} }
func (r *colourPickerRenderer) Layout(sz fyne.Size)          { r.content.Resize(sz) }
func (r *colourPickerRenderer) MinSize() fyne.Size           { return r.content.MinSize() }
func (r *colourPickerRenderer) Refresh() {
	th := r.p.Theme()
	v := fyne.CurrentApp().Settings().ThemeVariant()
	r.bg.FillColor = th.Color(theme.ColorNameInputBackground, v)
	r.bg.CornerRadius = th.Size(theme.SizeNameInputRadius)
	r.bg.Refresh()
	r.sw.Objects = []fyne.CanvasObject{r.p.swatch(r.p.Selected)}
	r.sw.Refresh()
	r.label.SetText(r.p.Selected)
}

// ColourRow is one choice of the list: swatch, name, a check mark on
// the chosen one; the whole row is the target.
type ColourRow struct {
	widget.BaseWidget
	Content fyne.CanvasObject
	onTap   func()
}

func newColourRow(swatch fyne.CanvasObject, name string, chosen bool, onTap func()) *ColourRow {
	var mark fyne.CanvasObject = layout0()
	if chosen {
		mark = widget.NewIcon(theme.ConfirmIcon())
	}
	row := container.NewBorder(nil, nil, container.NewPadded(swatch), mark, widget.NewLabel(name))
	r := &ColourRow{Content: MinHeight(row, TouchSize), onTap: onTap}
	r.ExtendBaseWidget(r)
	return r
}

func (r *ColourRow) Tapped(*fyne.PointEvent)          { r.onTap() }
func (r *ColourRow) TappedSecondary(*fyne.PointEvent) { r.onTap() }
func (r *ColourRow) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(r.Content)
}

// layout0 is an empty object taking no space.
func layout0() fyne.CanvasObject { return canvas.NewRectangle(color.Transparent) }

// SeatSwatch is the swatch of seat i in the colour name: the colour with
// the seat's pip shape, as the boards draw it.
func SeatSwatch(i int, name string) fyne.CanvasObject {
	s := app.DefaultSettings()
	s.SetColour(i, name)
	return PlayerSwatch(s, i)
}

// LabelledPicker is a settings row: what is coloured, then the picker;
// the labels of the rows share one width, so the pickers line up.
func LabelledPicker(label string, p *ColourPicker) fyne.CanvasObject {
	l := widget.NewLabel(label)
	w := fyne.MeasureText("Empty squares", theme.TextSize(), fyne.TextStyle{}).Width + 2*l.Theme().Size(theme.SizeNameInnerPadding)
	return container.NewBorder(nil, nil, MinSized(l, w, 0), nil, p)
}

// PlayerSwatch is a small square of the player's colour with the player's
// pip shape, as on the board.
func PlayerSwatch(s app.Settings, i int) fyne.CanvasObject {
	bg := canvas.NewRectangle(PlayerColour(s, i))
	bg.CornerRadius = 5
	SwatchRim(bg)
	var pipBox fyne.CanvasObject
	if i >= 2 {
		// Players 3 to 6 (Chinese Checkers): their piece shape.
		ink := InkOn(PlayerColour(s, i))
		pipBox = container.NewCenter(MinSized(newPieceIcon(ShapeOf(i), ink, ink), 14, 14))
	} else {
		pip := canvas.NewRectangle(InkOn(PlayerColour(s, i)))
		pip.CornerRadius = 5
		if i == 1 {
			pip.CornerRadius = 1
		}
		pipBox = container.NewCenter(MinSized(pip, 10, 10))
	}
	return container.NewCenter(MinSized(container.NewStack(bg, pipBox), 24, 24))
}

// SwatchRim outlines a swatch faintly in the theme's text colour, so a
// colour close to the background (black in a dark theme) still shows.
func SwatchRim(r *canvas.Rectangle) {
	fg := ToNRGBA(theme.Color(theme.ColorNameForeground))
	fg.A = 0x60
	r.StrokeColor, r.StrokeWidth = fg, 1
}
