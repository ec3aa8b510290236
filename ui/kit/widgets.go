package kit

import (
	"image"
	"image/color"
	"strings"
	"unicode/utf8"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// TouchSize is the smallest touch target, in dp (Material and Apple
// guidelines ask for 48 and 44).
const TouchSize = 48

// minSizeLayout stretches its objects over the whole area and asks for at
// least a given size: it makes Fyne's compact buttons touch-sized.
type minSizeLayout struct{ w, h float32 }

func (l minSizeLayout) Layout(objs []fyne.CanvasObject, sz fyne.Size) {
	for _, o := range objs {
		o.Move(fyne.NewPos(0, 0))
		o.Resize(sz)
	}
}

func (l minSizeLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	s := fyne.NewSize(l.w, l.h)
	for _, o := range objs {
		s = s.Max(o.MinSize())
	}
	return s
}

// MinHeight gives o at least height h.
func MinHeight(o fyne.CanvasObject, h float32) fyne.CanvasObject {
	return container.New(minSizeLayout{0, h}, o)
}

// MinSized gives o at least w×h.
func MinSized(o fyne.CanvasObject, w, h float32) fyne.CanvasObject {
	return container.New(minSizeLayout{w, h}, o)
}

// TouchButton is a button of touch size.
func TouchButton(label string, icon fyne.Resource, tapped func()) (*widget.Button, fyne.CanvasObject) {
	b := widget.NewButtonWithIcon(label, icon, tapped)
	return b, MinSized(b, TouchSize, TouchSize)
}

// Card is a large tappable panel: art on the left, a title and a line of
// text, for the home screen's games and the Continue entry.
type Card struct {
	widget.BaseWidget
	Title, Subtitle string
	Art             fyne.CanvasObject
	onTap           func()
	Disabled        bool
	Accent          bool
}

var _ fyne.Tappable = (*Card)(nil)

func NewCard(title, subtitle string, art fyne.CanvasObject, onTap func()) *Card {
	c := &Card{Title: title, Subtitle: subtitle, Art: art, onTap: onTap}
	c.ExtendBaseWidget(c)
	return c
}

func (c *Card) Tapped(*fyne.PointEvent) {
	if !c.Disabled && c.onTap != nil {
		c.onTap()
	}
}

// TappedSecondary: a slow tap on a phone is still a tap.
func (c *Card) TappedSecondary(ev *fyne.PointEvent) { c.Tapped(ev) }

func (c *Card) CreateRenderer() fyne.WidgetRenderer {
	bg := canvas.NewRectangle(color.Transparent)
	title := widget.NewLabelWithStyle(c.Title, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	title.SizeName = theme.SizeNameSubHeadingText
	// Wrapped, never cut: on a phone a saved game's name ("Chinese
	// Checkers, 26 Nov 05:42") was "Chinese ...".
	title.Wrapping = fyne.TextWrapWord
	sub := widget.NewLabel(c.Subtitle)
	sub.Wrapping = fyne.TextWrapWord
	art := c.Art
	if art == nil {
		art = canvas.NewRectangle(color.Transparent)
	}
	artBox := MinSized(art, 72, 72)
	// the card is the target; its text keeps the compact padding
	text := Compact(container.NewVBox(title, sub))
	content := container.NewBorder(nil, nil, container.NewCenter(artBox), nil, text)
	cover := &tapCover{tap: c.Tapped}
	cover.ExtendBaseWidget(cover)
	r := &cardRenderer{c: c, bg: bg, content: container.NewPadded(content), cover: cover}
	r.Refresh()
	return r
}

type cardRenderer struct {
	c       *Card
	bg      *canvas.Rectangle
	content *fyne.Container
	cover   *tapCover
}

// tapCover lies over a card's content and hands every tap to the card: a
// tap goes to the topmost tappable under the finger, and the picture (a
// board widget) took it and did nothing.
type tapCover struct {
	widget.BaseWidget
	tap func(*fyne.PointEvent)
}

func (t *tapCover) Tapped(ev *fyne.PointEvent)          { t.tap(ev) }
func (t *tapCover) TappedSecondary(ev *fyne.PointEvent) { t.tap(ev) }
func (t *tapCover) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(canvas.NewRectangle(color.Transparent))
}

func (r *cardRenderer) Destroy() {}
func (r *cardRenderer) Objects() []fyne.CanvasObject {
	return []fyne.CanvasObject{r.bg, r.content, r.cover}
}
func (r *cardRenderer) Layout(sz fyne.Size) {
	r.bg.Resize(sz)
	r.content.Resize(sz)
	r.cover.Resize(sz)
}
func (r *cardRenderer) MinSize() fyne.Size {
	return r.content.MinSize().Max(fyne.NewSize(0, 96))
}
func (r *cardRenderer) Refresh() {
	th := r.c.Theme()
	v := fyne.CurrentApp().Settings().ThemeVariant()
	bg := ToNRGBA(th.Color(theme.ColorNameBackground, v))
	fg := ToNRGBA(th.Color(theme.ColorNameForeground, v))
	fill := Mix(bg, fg, 0.07)
	if r.c.Disabled {
		fill = bg // an outline only: not there yet
	}
	if r.c.Accent {
		fill = Mix(bg, ToNRGBA(th.Color(theme.ColorNamePrimary, v)), 0.22)
	}
	r.bg.FillColor = fill
	r.bg.CornerRadius = th.Size(theme.SizeNameInputRadius) * 2
	r.bg.StrokeColor = Mix(bg, fg, 0.18)
	r.bg.StrokeWidth = 1
	r.bg.Refresh()
	r.content.Refresh()
}

// StopGoButton is the big Stop/Go button of seed 004, drawn by hand so
// its three states are unmistakable: red to stop the computer or the
// animation, green to go on when paused, and a calm blue, not
// clickable, when a human must move.
type StopGoButton struct {
	widget.BaseWidget
	Kind    int // 0 wait, 1 stop, 2 go (app.ButtonKind)
	Label   string
	Enabled bool
	onTap   func()
}

var (
	_ fyne.Tappable          = (*StopGoButton)(nil)
	_ fyne.SecondaryTappable = (*StopGoButton)(nil)
)

func NewStopGoButton(onTap func()) *StopGoButton {
	b := &StopGoButton{onTap: onTap}
	b.ExtendBaseWidget(b)
	return b
}

func (b *StopGoButton) Set(kind int, label string, enabled bool) {
	if b.Kind == kind && b.Label == label && b.Enabled == enabled {
		return
	}
	b.Kind, b.Label, b.Enabled = kind, label, enabled
	b.Refresh()
}

func (b *StopGoButton) Tapped(*fyne.PointEvent) {
	if b.Enabled && b.onTap != nil {
		b.onTap()
	}
}

func (b *StopGoButton) TappedSecondary(ev *fyne.PointEvent) { b.Tapped(ev) }

func (b *StopGoButton) CreateRenderer() fyne.WidgetRenderer {
	r := &stopGoRenderer{b: b, bg: canvas.NewRectangle(color.Transparent), text: canvas.NewText("", color.White),
		square: canvas.NewRectangle(color.White), triangle: canvas.NewPolygon(3, color.White)}
	r.text.TextStyle = fyne.TextStyle{Bold: true}
	r.text.Alignment = fyne.TextAlignCenter
	r.triangle.Angle = 90 // pointing right: "play"
	r.Refresh()
	return r
}

type stopGoRenderer struct {
	b        *StopGoButton
	bg       *canvas.Rectangle
	text     *canvas.Text
	square   *canvas.Rectangle // the stop sign
	triangle *canvas.Polygon   // the go sign
	size     fyne.Size
}

func (r *stopGoRenderer) Destroy() {}
func (r *stopGoRenderer) Objects() []fyne.CanvasObject {
	return []fyne.CanvasObject{r.bg, r.square, r.triangle, r.text}
}
func (r *stopGoRenderer) MinSize() fyne.Size {
	return fyne.NewSize(r.text.MinSize().Width+80, 56)
}
func (r *stopGoRenderer) Layout(sz fyne.Size) {
	r.size = sz
	r.bg.Resize(sz)
	ts := r.text.MinSize()
	icon := float32(0)
	if r.b.Kind != 0 {
		icon = ts.Height * 0.8
	}
	gap := float32(0)
	if icon > 0 {
		gap = 10
	}
	w := icon + gap + ts.Width
	x := (sz.Width - w) / 2
	for _, o := range []fyne.CanvasObject{r.square, r.triangle} {
		o.Move(fyne.NewPos(x, (sz.Height-icon)/2))
		o.Resize(fyne.NewSize(icon, icon))
	}
	r.text.Move(fyne.NewPos(x+icon+gap, (sz.Height-ts.Height)/2))
	r.text.Resize(ts)
}
func (r *stopGoRenderer) Refresh() {
	th := r.b.Theme()
	v := fyne.CurrentApp().Settings().ThemeVariant()
	bg := ToNRGBA(th.Color(theme.ColorNameBackground, v))
	fg := ToNRGBA(th.Color(theme.ColorNameForeground, v))
	white := color.NRGBA{0xFF, 0xFF, 0xFF, 0xFF}
	var fill, ink color.NRGBA
	r.square.Hide()
	r.triangle.Hide()
	switch r.b.Kind {
	case 1: // stop
		fill, ink = color.NRGBA{0xC6, 0x28, 0x28, 0xFF}, white
		r.square.Show()
	case 2: // go
		fill, ink = color.NRGBA{0x1E, 0x7D, 0x32, 0xFF}, white
		r.triangle.Show()
	default: // a human's turn or nothing to do
		fill = Mix(bg, ToNRGBA(th.Color(theme.ColorNamePrimary, v)), 0.30)
		ink = fg
	}
	if !r.b.Enabled && r.b.Kind != 0 {
		ink = Mix(fill, ink, 0.6) // "Stopping…": visibly waiting
	}
	r.bg.FillColor = fill
	r.bg.CornerRadius = th.Size(theme.SizeNameInputRadius) * 2
	r.bg.Refresh()
	r.square.FillColor = ink
	r.square.CornerRadius = 2
	r.square.Refresh()
	r.triangle.FillColor = ink
	r.triangle.Refresh()
	r.text.Text = r.b.Label
	r.text.Color = ink
	r.text.TextSize = th.Size(theme.SizeNameSubHeadingText)
	r.text.Refresh()
	r.Layout(r.size)
}

func Help(text string) *widget.Label {
	l := widget.NewLabel(text)
	l.Wrapping = fyne.TextWrapWord
	l.TextStyle = fyne.TextStyle{Italic: true}
	return l
}

func Labelled(label string, o fyne.CanvasObject) fyne.CanvasObject {
	l := widget.NewLabel(label)
	return container.NewGridWithColumns(2, l, o)
}

// CentredColumn keeps content at most maxW wide, centred: on a tablet the
// cards do not stretch across the whole screen.
func CentredColumn(o fyne.CanvasObject, maxW float32) fyne.CanvasObject {
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

// ComingSoonArt is the picture of a game that has no art of its own (not
// in the app yet): a few counters on a grid, the same for every game.
func ComingSoonArt() fyne.CanvasObject {
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

func SectionTitle(s string) fyne.CanvasObject {
	l := widget.NewLabelWithStyle(s, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	l.SizeName = theme.SizeNameSubHeadingText
	return l
}

// Landscape: wider than tall, by a margin so a square window stays
// portrait.
func Landscape(sz fyne.Size) bool { return sz.Width > sz.Height*1.15 }

func SetVisible(o fyne.CanvasObject, on bool) {
	if on && !o.Visible() {
		o.Show()
	} else if !on && o.Visible() {
		o.Hide()
	}
}

// Reason is the small text under a disabled control that says why it is
// off, broken into lines of at most width characters where words end (a
// label that wraps itself measures its height only after a layout, too
// late for a pop-up sized when it opens).
func Reason(text string, width int) *widget.Label {
	l := widget.NewLabel(BreakLines(text, width))
	l.SizeName = theme.SizeNameCaptionText
	l.Importance = widget.MediumImportance
	l.TextStyle = fyne.TextStyle{Italic: true}
	return l
}

// BreakLines puts text on lines of at most width characters, breaking
// between words (a longer word gets a line of its own).
func BreakLines(text string, width int) string {
	var b strings.Builder
	n := 0
	for i, w := range strings.Fields(text) {
		l := utf8.RuneCountInString(w)
		if i > 0 {
			if n+1+l > width {
				b.WriteByte('\n')
				n = 0
			} else {
				b.WriteByte(' ')
				n++
			}
		}
		b.WriteString(w)
		n += l
	}
	return b.String()
}

// ScrollPage is a page of a screen that scrolls: content in a column of
// at most maxW, padded, with the scroll bar's width kept free at the
// right so that no field runs under the bar (a drop-down's arrow did, in
// the dark theme's Settings).
func ScrollPage(content fyne.CanvasObject, maxW float32) *container.Scroll {
	return VScrollClear(CentredColumn(content, maxW))
}

// VScrollClear scrolls content up and down with the scroll bar's width
// kept free at its right (and the theme's padding elsewhere): what can be
// tapped never lies under the bar.
func VScrollClear(content fyne.CanvasObject) *container.Scroll {
	return container.NewVScroll(container.New(scrollInset{}, content))
}

// scrollInset pads its object by the theme's padding, and on the right by
// the scroll bar's width.
type scrollInset struct{}

func (scrollInset) right() float32 {
	return max(theme.Padding(), theme.Size(theme.SizeNameScrollBar))
}

func (l scrollInset) Layout(objs []fyne.CanvasObject, sz fyne.Size) {
	p := theme.Padding()
	for _, o := range objs {
		o.Move(fyne.NewPos(p, p))
		o.Resize(fyne.NewSize(max(0, sz.Width-p-l.right()), max(0, sz.Height-2*p)))
	}
}

func (l scrollInset) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var m fyne.Size
	for _, o := range objs {
		m = m.Max(o.MinSize())
	}
	return m.Add(fyne.NewSize(theme.Padding()+l.right(), 2*theme.Padding()))
}
