package uitest

import (
	"image/color"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/jumpers-game/jumpers/ui/kit"
)

// Walk calls f for o and everything inside it (containers, scrolls, the
// objects of widgets' renderers) until f returns true; it tells whether f
// did.
func Walk(o fyne.CanvasObject, f func(fyne.CanvasObject) bool) bool {
	if o == nil {
		return false
	}
	if f(o) {
		return true
	}
	switch x := o.(type) {
	case *fyne.Container:
		for _, c := range x.Objects {
			if Walk(c, f) {
				return true
			}
		}
	case *container.Scroll:
		return Walk(x.Content, f)
	case fyne.Widget:
		if r := test.WidgetRenderer(x); r != nil {
			for _, c := range r.Objects() {
				if Walk(c, f) {
					return true
				}
			}
		}
	}
	return false
}

// FindWidgets lists the widgets of type W shown in o's tree, in order,
// looking inside other widgets through their renderers.
func FindWidgets[W fyne.CanvasObject](o fyne.CanvasObject) []W {
	if o == nil || !o.Visible() {
		return nil
	}
	if w, ok := o.(W); ok {
		return []W{w}
	}
	var kids []fyne.CanvasObject
	switch x := o.(type) {
	case *fyne.Container:
		kids = x.Objects
	case fyne.Widget:
		kids = test.WidgetRenderer(x).Objects()
	}
	var out []W
	for _, k := range kids {
		out = append(out, FindWidgets[W](k)...)
	}
	return out
}

// ContainerWidgets lists the widgets of type T inside o, in screen order,
// looking through containers only (not into widgets).
func ContainerWidgets[T fyne.CanvasObject](o fyne.CanvasObject) []T {
	var out []T
	if w, ok := o.(T); ok {
		out = append(out, w)
	}
	if c, ok := o.(*fyne.Container); ok {
		for _, child := range c.Objects {
			out = append(out, ContainerWidgets[T](child)...)
		}
	}
	return out
}

// First is the first object of type W in root's tree (in Walk's order)
// that match accepts; the zero W (nil) for none.
func First[W fyne.CanvasObject](root fyne.CanvasObject, match func(W) bool) W {
	var found W
	Walk(root, func(o fyne.CanvasObject) bool {
		if w, ok := o.(W); ok && match(w) {
			found = w
			return true
		}
		return false
	})
	return found
}

// FindButton is the first button labelled label in root's tree, nil for
// none.
func FindButton(root fyne.CanvasObject, label string) *widget.Button {
	return First(root, func(b *widget.Button) bool { return b.Text == label })
}

// FindCard is the first card titled title in root's tree, nil for none.
func FindCard(root fyne.CanvasObject, title string) *kit.Card {
	return First(root, func(c *kit.Card) bool { return c.Title == title })
}

// DrawsColour tells whether a rectangle of o's tree (containers only) is
// filled with c.
func DrawsColour(o fyne.CanvasObject, c color.NRGBA) bool {
	switch x := o.(type) {
	case *canvas.Rectangle:
		return kit.ToNRGBA(x.FillColor) == c
	case *fyne.Container:
		for _, k := range x.Objects {
			if DrawsColour(k, c) {
				return true
			}
		}
	}
	return false
}

// ShownTexts are the texts of the visible canvas texts among objs.
func ShownTexts(objs []fyne.CanvasObject) []string {
	var out []string
	for _, o := range objs {
		if tx, ok := o.(*canvas.Text); ok && tx.Visible() {
			out = append(out, tx.Text)
		}
	}
	return out
}

// CheckLabelsFit fails for a visible label whose text does not fit its
// slot: a truncating label narrower than its text, or a wrapping one
// shorter than its wrapped lines.
func CheckLabelsFit(t *testing.T, where string, root fyne.CanvasObject) {
	t.Helper()
	for _, l := range FindWidgets[*widget.Label](root) {
		if l.Text == "" {
			continue
		}
		size := l.SizeName
		if size == "" {
			size = theme.SizeNameText // a Label's default: Size("") is 0, and nothing was ever too wide
		}
		var full fyne.Size // of the widest line: a label draws each on its own row
		for _, line := range strings.Split(l.Text, "\n") {
			full = full.Max(fyne.MeasureText(line, l.Theme().Size(size), l.TextStyle))
		}
		switch {
		case l.Truncation != fyne.TextTruncateOff && l.Size().Width < full.Width:
			t.Errorf("%s: %q is cut: %.0f dp for %.0f", where, l.Text, l.Size().Width, full.Width)
		case l.Wrapping == fyne.TextWrapOff && l.Truncation == fyne.TextTruncateOff && l.Size().Width+0.5 < full.Width:
			t.Errorf("%s: %q overflows: %.0f dp for %.0f", where, l.Text, l.Size().Width, full.Width)
		case l.Wrapping != fyne.TextWrapOff && l.Size().Height+0.5 < l.MinSize().Height:
			t.Errorf("%s: %q is cut: %.0f dp high for %.0f", where, l.Text, l.Size().Height, l.MinSize().Height)
		}
	}
}
