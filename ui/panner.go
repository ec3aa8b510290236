package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"
)

// panner shows a part of its content, which a finger's drag (or a mouse
// wheel) moves along one direction: sideways, or down when the content
// wraps into rows. It is a scroll without a scroll bar: the bar of a Fyne
// scroll lay over the bottom edge of the move list's entries, thin, and
// took the taps meant for them. A drag comes to rest with a whole entry
// first (stops).
type panner struct {
	widget.BaseWidget
	content fyne.CanvasObject
	stage   *fyne.Container // holds content at -offset, inside clip
	clip    *container.Clip
	down    bool    // pans down (wrapped rows), else sideways
	offset  float32 // along the direction, >= 0
	stops   func() []float32
}

var (
	_ fyne.Draggable  = (*panner)(nil)
	_ fyne.Scrollable = (*panner)(nil)
)

func newPanner(content fyne.CanvasObject, stops func() []float32) *panner {
	p := &panner{content: content, stops: stops}
	p.stage = container.NewWithoutLayout(content)
	p.clip = container.NewClip(p.stage)
	p.clip.ExtendBaseWidget(p.clip) // else a Resize before its first drawing lays nothing out
	p.ExtendBaseWidget(p)
	return p
}

// setContent puts new content in, at the start.
func (p *panner) setContent(content fyne.CanvasObject, down bool) {
	p.content, p.down, p.offset = content, down, 0
	p.stage.Objects = []fyne.CanvasObject{content}
	p.place()
}

// extent is the content's length along the direction and the view's.
func (p *panner) extent() (content, view float32) {
	if p.down {
		return p.content.Size().Height, p.Size().Height
	}
	return p.content.Size().Width, p.Size().Width
}

// clamp keeps the offset between the start and the first stop from which
// the end of the content is in sight.
func (p *panner) clamp(off float32) float32 {
	content, view := p.extent()
	last := float32(0)
	if content > view {
		last = snapUp(p.stops(), content-view)
	}
	return min(max(off, 0), last)
}

// scrollTo moves the content to off.
func (p *panner) scrollTo(off float32) {
	if off = p.clamp(off); off != p.offset {
		p.offset = off
		p.move()
	}
}

func (p *panner) move() {
	if p.down {
		p.content.Move(fyne.NewPos(0, -p.offset))
	} else {
		p.content.Move(fyne.NewPos(-p.offset, 0))
	}
}

// place sizes the content for the view: as wide as the view when it
// wraps (as high as its rows at that width), as high as the view
// otherwise.
func (p *panner) place() {
	sz := p.Size()
	p.clip.Resize(sz)
	p.stage.Resize(sz.Max(p.stage.MinSize())) // as the clip sizes it when it lays out
	if p.down {
		h := p.content.MinSize().Height
		if c, ok := p.content.(*fyne.Container); ok {
			if f, ok := c.Layout.(flowLayout); ok {
				h = f.heightAt(c.Objects, sz.Width)
			}
		}
		p.content.Resize(fyne.NewSize(sz.Width, max(sz.Height, h)))
	} else {
		p.content.Resize(fyne.NewSize(max(sz.Width, p.content.MinSize().Width), sz.Height))
	}
	relayout(p.content) // also when its size stayed: its entries may have changed
	p.offset = p.clamp(p.offset)
	p.move()
}

func (p *panner) Dragged(ev *fyne.DragEvent) {
	d := ev.Dragged.DX
	if p.down {
		d = ev.Dragged.DY
	}
	p.scrollTo(p.offset - d)
}

// DragEnd comes to rest at the nearest stop.
func (p *panner) DragEnd() {
	best := p.offset
	for i, s := range p.stops() {
		if i == 0 || abs32(s-p.offset) < abs32(best-p.offset) {
			best = s
		}
	}
	p.scrollTo(best)
}

// Scrolled: a wheel's turn, either axis, moves along the direction.
func (p *panner) Scrolled(ev *fyne.ScrollEvent) {
	p.scrollTo(p.offset - ev.Scrolled.DX - ev.Scrolled.DY)
}

func abs32(x float32) float32 {
	if x < 0 {
		return -x
	}
	return x
}

func (p *panner) MinSize() fyne.Size { return fyne.NewSize(0, 0) }

func (p *panner) CreateRenderer() fyne.WidgetRenderer { return &pannerRenderer{p: p} }

type pannerRenderer struct{ p *panner }

func (r *pannerRenderer) Destroy()                     {}
func (r *pannerRenderer) Objects() []fyne.CanvasObject { return []fyne.CanvasObject{r.p.clip} }
func (r *pannerRenderer) Layout(fyne.Size)             { r.p.place() }
func (r *pannerRenderer) MinSize() fyne.Size           { return fyne.NewSize(0, 0) }
func (r *pannerRenderer) Refresh() {
	r.p.place()
	r.p.clip.Refresh()
}
