package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/jumpers-game/jumpers/ui/board"
	"github.com/jumpers-game/jumpers/ui/kit"
)

// playLayout arranges the game screen in fixed slots, so that the board's
// rectangle depends on the window's size alone: no line that comes and
// goes (a notice, a hint, "thinking… depth 9", the save notice, the
// analysis line, the end panel) moves or resizes it, and a window turned
// and turned back is laid out as one opened at that size (the layout
// keeps nothing from one call to the next).
//
// Portrait, from the top: the status (two lines, always), the score row,
// the move strip (one row; expanded, it lies over the board), the board
// as wide as the window less the margins, the notes (what is left), the
// controls at the bottom, where a thumb is. Landscape: the board as high
// as the window on the left; on the right the status, the score row, the
// notes beside the move list, the controls at the bottom.
//
// Room for the end panel is kept from the start (reserve): the board
// does not shrink when the game ends.
type playLayout struct {
	head, score fyne.CanvasObject // the status line (swatch and text), the score row
	scoreRow    fyne.CanvasObject // the score row itself, inside score's theme: what hides
	notes       *fyne.Container   // notice, save notice, analysis line (notesLayout)
	clip        *container.Clip   // the notes' slot: what does not fit is cut, not drawn over the controls
	board       board.Fitter
	controls    fyne.CanvasObject // the buttons or the end panel (a stack)
	buttons     fyne.CanvasObject // the controls while the game goes on
	moves       *moveList
	end         *endPanel
	// probe is a label of two lines in the status's style: the status
	// slot's height, whatever the status says now
	probe *widget.Label
}

func newPlayLayout(head, score, scoreRow fyne.CanvasObject, notes *fyne.Container, frame board.Fitter, controls, buttons fyne.CanvasObject, moves *moveList, end *endPanel) *playLayout {
	probe := widget.NewLabelWithStyle("Mg\nMg", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	clip := container.NewClip(notes)
	clip.ExtendBaseWidget(clip) // else a Resize before its first drawing lays nothing out
	return &playLayout{head: head, score: score, scoreRow: scoreRow, notes: notes, clip: clip, board: frame, controls: controls,
		buttons: buttons, moves: moves, end: end, probe: probe}
}

// objects are what the screen's container holds, in drawing order: the
// move strip last, so that expanded it lies over the board.
func (l *playLayout) objects() []fyne.CanvasObject {
	return []fyne.CanvasObject{l.head, l.score, l.clip, l.board, l.controls, l.moves}
}

// slot heights: the status's two lines, the score row, one row of moves.
func (l *playLayout) headHeight() float32  { return l.probe.MinSize().Height }
func (l *playLayout) scoreHeight() float32 { return max(l.score.MinSize().Height, kit.TouchSize*0.75) }

// reserve is the height kept under the board in portrait: the buttons
// with a line of notes, or the end panel with two lines of text,
// whichever is taller, in the end panel's arrangement for width w.
func (l *playLayout) reserve(w float32) float32 {
	line := l.probe.MinSize().Height / 2
	return max(l.buttons.MinSize().Height+line, l.end.heightFor(w, 2))
}

// columnWidth is the least width of the side column in landscape: the
// buttons, or the end panel in three columns.
func (l *playLayout) columnWidth() float32 {
	return max(l.buttons.MinSize().Width, l.end.gridWidth(3))
}

func (l *playLayout) Layout(_ []fyne.CanvasObject, sz fyne.Size) {
	side := kit.Landscape(sz)
	l.moves.setSide(side)
	if side {
		l.layoutSide(sz)
		return
	}
	l.moves.Hidden = false
	kit.SetVisible(l.scoreRow, true)
	const p = gamePad
	w := max(0, sz.Width-2*p)
	cw := min(w, maxControlsWidth)
	l.end.arrange(cw)
	headH, scoreH := l.headHeight(), l.scoreHeight()
	place(l.head, p, 0, w, headH)
	place(l.score, p, headH, w, scoreH)
	stripY := headH + scoreH
	place(l.moves, p, stripY, w, l.moves.MinSize().Height)
	// no gap above the board: the strip's entries have their padding
	top := stripY + moveRowHeight
	bw, bh := l.board.Fit(w, max(0, sz.Height-top-p/2-l.reserve(cw)-p/2))
	place(l.board, (sz.Width-bw)/2, top, bw, bh)
	ch := l.controlsHeight(cw)
	ctrlY := sz.Height - p/2 - ch
	place(l.controls, (sz.Width-cw)/2, ctrlY, cw, ch)
	below := top + bh + p/2
	l.placeNotes(p, below, w, ctrlY-p/2-below)
}

// layoutSide is the landscape arrangement. The move list is a column
// on the right of the side, from under the score row down, beside the
// notes and the buttons. Once the game is over the end panel takes the
// side's width at the bottom, and the list what is left above it: the
// score row's slot and the status's second line too (the panel says the
// final count; who won fits in a line), else a 360 dp high window had no
// row for it. Both follow from the state alone, never from an earlier
// layout (hiding the score row in landscape and not giving its room
// back in portrait laid the strip over it).
func (l *playLayout) layoutSide(sz fyne.Size) {
	const p = gamePad
	bw, bh := l.board.Fit(max(0, min(sz.Width*0.62, sz.Width-3*p-l.columnWidth())), max(0, sz.Height-2*p))
	place(l.board, p, (sz.Height-bh)/2, bw, bh)
	x := bw + 2*p
	w := max(0, min(sz.Width-x-p, maxControlsWidth))
	l.end.arrange(w)
	over := l.end.obj.Visible()
	kit.SetVisible(l.scoreRow, !over)
	headH, scoreH := l.headHeight(), l.scoreHeight()
	if over {
		headH, scoreH = l.probe.MinSize().Height-l.lineAdvance(), 0
	}
	place(l.head, x, p/2, w, headH)
	place(l.score, x, p/2+headH, w, scoreH)
	midTop := p/2 + headH + scoreH + p/2
	listW := min(max(2*kit.TouchSize, w-l.buttons.MinSize().Width-p/2), w*sideListShare)
	left := w - listW - p/2
	cw := left
	if over {
		cw = w
	}
	ch := l.controlsHeight(cw)
	ctrlY := sz.Height - p/2 - ch
	listBottom := sz.Height - p/2
	if over {
		place(l.controls, x, ctrlY, w, ch)
		listBottom = ctrlY - p/2
	} else {
		place(l.controls, x, ctrlY, left, ch)
	}
	place(l.moves, x+left+p/2, midTop, listW, listBottom-midTop)
	// No room for a row (a long reason in the end panel): the list
	// steps aside; the panel's Review steps through the moves.
	l.moves.Hidden = listBottom-midTop < moveRowHeight*0.75
	l.placeNotes(x, midTop, left, ctrlY-p/2-midTop)
}

// controlsHeight is the controls' height at width w: resized to the
// width first, so that a wrapped label among them (the coach's warning)
// says its height at this width, not at the width of an earlier layout
// (a window turned while the warning was on show cut its second line).
func (l *playLayout) controlsHeight(w float32) float32 {
	l.controls.Resize(fyne.NewSize(max(0, w), l.controls.Size().Height))
	return l.controls.MinSize().Height
}

// lineAdvance is what a second line adds to a label in the status's
// style.
func (l *playLayout) lineAdvance() float32 {
	one := widget.NewLabelWithStyle("Mg", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	return l.probe.MinSize().Height - one.MinSize().Height
}

// place puts o at x, y in a w×h box.
func place(o fyne.CanvasObject, x, y, w, h float32) {
	o.Move(fyne.NewPos(x, y))
	o.Resize(fyne.NewSize(max(0, w), max(0, h)))
}

// MinSize is the least that one of the two arrangements needs, side by
// side: the portrait one stacks the heights, the landscape one the
// widths (asking for the portrait height in landscape made a 360-high
// window grow to 415).
func (l *playLayout) MinSize([]fyne.CanvasObject) fyne.Size {
	const p = gamePad
	bm := l.board.MinSize()
	headH, scoreH := l.headHeight(), l.scoreHeight()
	cw := max(l.buttons.MinSize().Width, l.end.gridWidth(2))
	portrait := fyne.NewSize(max(l.head.MinSize().Width, l.score.MinSize().Width, bm.Width, cw)+2*p,
		headH+scoreH+moveRowHeight+bm.Height+p/2+l.reserve(cw)+p/2)
	col := l.columnWidth()
	sideCol := p/2 + headH + scoreH + p/2 + max(l.buttons.MinSize().Height, l.end.heightFor(col, 2)) + p
	side := fyne.NewSize(bm.Width+max(col, l.score.MinSize().Width)+3*p, max(bm.Height+2*p, sideCol))
	return fyne.NewSize(min(portrait.Width, side.Width), min(portrait.Height, side.Height))
}

// sideListShare is the move list's share of the side column in
// landscape, beside the notes.
const sideListShare = 0.36

// notesLayout stacks the notes from the top of their slot, each as high
// as its text needs at the slot's width (the slot's clip cuts what does
// not fit: a long one never reaches the controls or moves the board).
type notesLayout struct{}

// MinSize is nothing: the slot is what the screen leaves.
func (notesLayout) MinSize([]fyne.CanvasObject) fyne.Size { return fyne.Size{} }

func (notesLayout) Layout(objs []fyne.CanvasObject, sz fyne.Size) {
	y := float32(0)
	for _, o := range objs {
		if !o.Visible() {
			continue
		}
		// a wrapped label's height follows its width: resized to the
		// width first, then to the height it reports there
		o.Resize(fyne.NewSize(sz.Width, o.Size().Height))
		h := o.MinSize().Height
		o.Move(fyne.NewPos(0, y))
		o.Resize(fyne.NewSize(sz.Width, h))
		y += h + theme.Padding()
	}
}

// placeNotes gives the notes their slot and lays them out in it, also
// when the slot kept its size (a note came, went or grew).
func (l *playLayout) placeNotes(x, y, w, h float32) {
	place(l.clip, x, y, w, h)
	l.notes.Resize(fyne.NewSize(max(0, w), max(0, h)))
	relayout(l.notes)
}

// relayoutNotes lays the notes out again after one changed.
func (gs *gameScreen) relayoutNotes() {
	if gs.notes != nil {
		relayout(gs.notes)
	}
}
