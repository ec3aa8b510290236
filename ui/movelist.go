package ui

import (
	"fmt"
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/jumpers-game/jumpers/app"
	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/ui/board"
	"github.com/jumpers-game/jumpers/ui/kit"
)

// moveRowHeight is the height of one row of moves: a touch target.
const moveRowHeight = kit.TouchSize

// moveList is the numbered moves of a game, each in its game's notation
// with the mover's colour swatch, and a "Start" entry for the position
// before the first move. Tapping an entry calls onPick with the number of
// moves of the position to show. The entries sit in a panner, so a
// longer game never makes the widget bigger (the board beside or under
// it keeps its size): in portrait a strip of one row that a finger pans
// sideways (expandable to three rows, over the board), in landscape
// (side, set by the layout) a panel of rows.
type moveList struct {
	widget.BaseWidget
	hist     func() *core.History
	count    func() int // moves listed (the live game: up to the cursor)
	current  func() int // the entry highlighted: moves of the position shown
	onPick   func(n int)
	settings func() app.Settings
	full     func(core.Position) int // GameUI.FullMove

	chips    []*moveChip
	shown    int // current entry highlighted
	side     bool
	expanded bool
	wrap     bool // entries wrap into rows (side panel, expanded strip)
	box      *fyne.Container
	pan      *panner
	toggle   *widget.Button
	toggleB  fyne.CanvasObject
	relayout func() // the parent's layout after expanding or folding
}

func newMoveList(hist func() *core.History, count, current func() int, onPick func(int), settings func() app.Settings, full func(core.Position) int) *moveList {
	ml := &moveList{hist: hist, count: count, current: current, onPick: onPick, settings: settings, full: full, shown: -1}
	ml.box = container.NewHBox()
	ml.pan = newPanner(ml.box, ml.stops)
	ml.toggle = widget.NewButtonWithIcon("", theme.MenuExpandIcon(), ml.flip)
	ml.toggle.Importance = widget.LowImportance
	ml.toggleB = kit.MinSized(ml.toggle, kit.TouchSize, kit.TouchSize)
	ml.ExtendBaseWidget(ml)
	ml.update()
	return ml
}

// flip expands the strip to three rows or folds it back (portrait).
func (ml *moveList) flip() {
	ml.expanded = !ml.expanded
	if ml.expanded {
		ml.toggle.SetIcon(theme.MenuDropUpIcon())
	} else {
		ml.toggle.SetIcon(theme.MenuExpandIcon())
	}
	ml.Refresh()
	if ml.relayout != nil {
		ml.relayout()
	}
	ml.reveal()
}

// setSide is told by the layout whether the list is a side panel.
func (ml *moveList) setSide(side bool) { ml.side = side }

// update re-reads the history: entries added, dropped (undo, a new
// branch) or renamed, and the highlight. Only what changed is touched.
func (ml *moveList) update() {
	h := ml.hist()
	if h == nil {
		return
	}
	n := min(ml.count(), h.Len())
	want := n + 1 // "Start" and the moves
	changed := false
	st := ml.settings()
	for i := range min(len(ml.chips), want) {
		if i > 0 && ml.chips[i].move != h.Move(i) {
			ml.chips = ml.chips[:i]
			changed = true
			break
		}
	}
	if len(ml.chips) > want {
		ml.chips = ml.chips[:want]
		changed = true
	}
	for i := len(ml.chips); i < want; i++ {
		ch := &moveChip{n: i, player: -1, onTap: ml.pick}
		if i > 0 {
			ch.move = h.Move(i)
			ch.player = h.Position(i - 1).ToMove()
			ch.number = moveNumberText(ml.full, h, i)
		}
		ch.build(st)
		ml.chips = append(ml.chips, ch)
		changed = true
	}
	cur := min(ml.current(), n)
	if changed {
		objs := make([]fyne.CanvasObject, len(ml.chips))
		for i, ch := range ml.chips {
			objs[i] = ch
		}
		ml.box.Objects = objs
		ml.box.Refresh()
		ml.pan.Refresh()
	}
	if cur != ml.shown || changed {
		if ml.shown >= 0 && ml.shown < len(ml.chips) {
			ml.chips[ml.shown].setCurrent(false)
		}
		ml.shown = cur
		if cur >= 0 && cur < len(ml.chips) {
			ml.chips[cur].setCurrent(true)
		}
		ml.reveal()
	}
}

func (ml *moveList) pick(n int) {
	if ml.onPick != nil {
		ml.onPick(n)
	}
}

// reveal pans the highlighted entry into sight, as far to the end of
// the view as it goes, with a whole entry (or row) first: the strip
// never starts with the tail of one (": 1. b6"). The place depends on
// the entry and the list's size alone, so a list turned and turned back
// shows what a fresh one shows; a finger's pan stays until the next
// move, pick or turn.
func (ml *moveList) reveal() {
	if ml.shown < 0 || ml.shown >= len(ml.chips) {
		return
	}
	ch := ml.chips[ml.shown]
	end, view := ch.Position().X+ch.Size().Width, ml.pan.Size().Width
	if ml.wrap {
		end, view = ch.Position().Y+ch.Size().Height, ml.pan.Size().Height
	}
	ml.pan.scrollTo(max(0, snapUp(ml.stops(), end-view)))
}

// stops are where the entries (or, wrapped, the rows) start along the
// list: the offsets a pan comes to rest at.
func (ml *moveList) stops() []float32 {
	out := make([]float32, 0, len(ml.chips))
	for _, ch := range ml.chips {
		at := ch.Position().X
		if ml.wrap {
			at = ch.Position().Y
		}
		if n := len(out); n == 0 || at > out[n-1] {
			out = append(out, at)
		}
	}
	return out
}

// snapUp is the first stop at or after off (off itself after the last).
func snapUp(stops []float32, off float32) float32 {
	for _, s := range stops {
		if s >= off-0.5 {
			return s
		}
	}
	return off
}

// setWrap puts the entries in rows (wrap) or in one sideways strip.
func (ml *moveList) setWrap(wrap bool) {
	if wrap == ml.wrap {
		return
	}
	ml.wrap = wrap
	objs := ml.box.Objects
	if wrap {
		ml.box = container.New(flowLayout{}, objs...)
	} else {
		ml.box = container.NewHBox(objs...)
	}
	ml.pan.setContent(ml.box, wrap)
}

func (ml *moveList) CreateRenderer() fyne.WidgetRenderer {
	return &moveListRenderer{ml: ml, bg: canvas.NewRectangle(color.Transparent)}
}

type moveListRenderer struct {
	ml   *moveList
	laid fyne.Size         // the size of the last layout: a new one reveals the entry again
	bg   *canvas.Rectangle // the expanded strip's ground: it lies over the board
}

func (r *moveListRenderer) Destroy() {}

func (r *moveListRenderer) Objects() []fyne.CanvasObject {
	if r.ml.side {
		return []fyne.CanvasObject{r.ml.pan}
	}
	return []fyne.CanvasObject{r.bg, r.ml.toggleB, r.ml.pan}
}

func (r *moveListRenderer) Layout(sz fyne.Size) {
	ml := r.ml
	ml.setWrap(ml.side || ml.expanded)
	var ground color.Color = color.Transparent
	if ml.expanded && !ml.side {
		ground = ml.Theme().Color(theme.ColorNameBackground, fyne.CurrentApp().Settings().ThemeVariant())
	}
	r.bg.FillColor = ground
	r.bg.Resize(sz)
	r.bg.Refresh()
	x := float32(0)
	if !ml.side {
		ml.toggleB.Move(fyne.NewPos(0, 0))
		ml.toggleB.Resize(fyne.NewSize(kit.TouchSize, moveRowHeight))
		x = kit.TouchSize
	}
	ml.pan.Move(fyne.NewPos(x, 0))
	ml.pan.Resize(fyne.NewSize(max(0, sz.Width-x), sz.Height))
	ml.pan.place() // also when its size stayed: the content may be new
	if sz != r.laid {
		r.laid = sz
		ml.reveal()
	}
}

// MinSize never depends on the number of moves: one row, three when
// expanded; the side panel takes the height the layout gives it.
func (r *moveListRenderer) MinSize() fyne.Size {
	rows := float32(1)
	if r.ml.expanded && !r.ml.side {
		rows = 3
	}
	return fyne.NewSize(2*kit.TouchSize, rows*moveRowHeight+(rows-1)*theme.Padding())
}

func (r *moveListRenderer) Refresh() {
	r.Layout(r.ml.Size())
	r.ml.pan.Refresh()
}

// moveChip is one entry of a move list: "12 e4" beside the mover's
// swatch, the entry shown highlighted.
type moveChip struct {
	widget.BaseWidget
	n       int    // moves of the position it shows
	move    string // "" for Start
	number  string // its number as listed ("12", "8.", "" for a second move)
	player  int    // the mover, -1 for Start
	current bool
	onTap   func(n int)

	bg      *canvas.Rectangle
	num     *canvas.Text // the number, fainter and smaller ("12"), nil without one
	text    *canvas.Text // the move, or "Start"
	content fyne.CanvasObject
}

func (ch *moveChip) label() string {
	if ch.n == 0 {
		return "Start"
	}
	if ch.number == "" {
		return ch.move
	}
	return ch.number + " " + ch.move
}

// moveNumber is the number of move n (the n-th of h, n >= 1): n itself,
// or in a game that counts full moves (full, GameUI.FullMove) the number
// of the round it belongs to.
func moveNumber(full func(core.Position) int, h *core.History, n int) int {
	if full == nil || n < 1 {
		return n
	}
	return full(h.Position(n - 1))
}

// moveNumberText is move n's number in the move list: "12" each move;
// by full moves as PGN writes them, "8." on the first player's move, none
// on the others' ("8. f3 g4"), "8…" on a round's later move listed first.
func moveNumberText(full func(core.Position) int, h *core.History, n int) string {
	num := moveNumber(full, h, n)
	switch {
	case full == nil:
		return fmt.Sprint(num)
	case h.Position(n-1).ToMove() == 0:
		return fmt.Sprintf("%d.", num)
	case n == 1:
		return fmt.Sprintf("%d…", num)
	}
	return ""
}

// moveLabel is move n with its number, for a line of text: "12 2:3", or
// by full moves "8. f3" and, for a later move of the round, "8… g4".
func moveLabel(full func(core.Position) int, h *core.History, n int) string {
	num := moveNumberText(full, h, n)
	if num == "" {
		num = fmt.Sprintf("%d…", moveNumber(full, h, n))
	}
	return num + " " + h.Move(n)
}

func (ch *moveChip) build(st app.Settings) {
	ch.bg = canvas.NewRectangle(color.Transparent)
	ch.bg.CornerRadius = 6
	// canvas.Text, not a Label: a long game has hundreds of entries.
	// The number stands apart from the move, fainter and smaller: "3 3:3"
	// in one text read as one thing.
	ch.text = canvas.NewText(ch.move, theme.Color(theme.ColorNameForeground))
	if ch.n == 0 {
		ch.text.Text = ch.label()
	}
	var texts []fyne.CanvasObject
	if ch.number != "" {
		ch.num = canvas.NewText(ch.number, theme.Color(theme.ColorNameForeground))
		ch.num.TextSize = theme.TextSize() * 0.85
		texts = append(texts, container.New(layout.NewCustomPaddedLayout(0, 0, 2, 0), container.NewCenter(ch.num)))
	}
	texts = append(texts, container.New(layout.NewCustomPaddedLayout(0, 0, 2, 6), container.NewCenter(ch.text)))
	row := container.NewHBox(texts...)
	if ch.player >= 0 {
		row = container.NewHBox(append([]fyne.CanvasObject{kit.PlayerSwatch(st, ch.player)}, texts...)...)
	}
	inner := kit.MinHeight(row, moveRowHeight-2*theme.Padding())
	// a short entry ("Start") is still a whole finger wide
	ch.content = container.NewStack(ch.bg, container.NewPadded(kit.MinSized(inner, kit.TouchSize-2*theme.Padding(), moveRowHeight-2*theme.Padding())))
	ch.ExtendBaseWidget(ch)
}

func (ch *moveChip) setCurrent(on bool) {
	if ch.current == on {
		return
	}
	ch.current = on
	ch.Refresh()
}

func (ch *moveChip) Tapped(*fyne.PointEvent) {
	if ch.onTap != nil {
		ch.onTap(ch.n)
	}
}

// TappedSecondary: a slow press on a phone is a tap too.
func (ch *moveChip) TappedSecondary(ev *fyne.PointEvent) { ch.Tapped(ev) }

func (ch *moveChip) CreateRenderer() fyne.WidgetRenderer {
	r := &chipRenderer{ch: ch, WidgetRenderer: widget.NewSimpleRenderer(ch.content)}
	r.Refresh()
	return r
}

type chipRenderer struct {
	fyne.WidgetRenderer
	ch *moveChip
}

func (r *chipRenderer) Refresh() {
	var fill color.Color = color.Transparent
	if r.ch.current {
		c := kit.ToNRGBA(theme.Color(theme.ColorNamePrimary))
		c.A = 0x70
		fill = c
	}
	r.ch.bg.FillColor = fill
	r.ch.bg.Refresh()
	fg := r.ch.Theme().Color(theme.ColorNameForeground, fyne.CurrentApp().Settings().ThemeVariant())
	r.ch.text.Color = fg
	r.ch.text.Refresh()
	if r.ch.num != nil {
		faint := kit.ToNRGBA(fg)
		faint.A = 0xA0
		r.ch.num.Color = faint
		r.ch.num.Refresh()
	}
	r.WidgetRenderer.Refresh()
}

// --- the move list on the game screen ---

// newMoveList is the game screen's list: the moves up to the cursor (a
// redo branch is not listed), the position shown highlighted; a tap shows
// that position read-only, the live one goes back to the game.
func (gs *gameScreen) newMoveList() *moveList {
	c := gs.c
	return newMoveList(c.History, func() int { return c.History().Cursor() }, c.ShownCursor, gs.pick, gs.u.env.Settings, gs.gu.FullMove)
}

// pick shows the position after n moves; the live one leaves the view.
func (gs *gameScreen) pick(n int) {
	c := gs.c
	if n == c.History().Cursor() {
		c.Live()
		return
	}
	if err := c.View(n); err != nil {
		gs.say(err.Error())
	}
}

// viewText is the status line while a past position is viewed.
func (gs *gameScreen) viewText(live string) string {
	n, ok := gs.c.Viewing()
	if !ok {
		return live
	}
	if n == 0 {
		return "Viewing the start"
	}
	h := gs.c.History()
	return fmt.Sprintf("Viewing move %d of %d", moveNumber(gs.gu.FullMove, h, n), moveNumber(gs.gu.FullMove, h, h.Cursor()))
}

// viewControls take the place of Undo, Redo and Hint while a past
// position is viewed (same height: the board keeps its size): a step
// back, a step forward and the way back to the game.
type viewControls struct {
	gs               *gameScreen
	row              *fyne.Container
	prev, next, back *widget.Button
}

func newViewControls(gs *gameScreen) *viewControls {
	v := &viewControls{gs: gs}
	var prevBox, nextBox, backBox fyne.CanvasObject
	v.prev, prevBox = kit.TouchButton("", theme.NavigateBackIcon(), func() { v.step(-1) })
	v.next, nextBox = kit.TouchButton("", theme.NavigateNextIcon(), func() { v.step(1) })
	v.back, backBox = kit.TouchButton("Back to the game", theme.MediaFastForwardIcon(), gs.c.Live)
	v.back.Importance = widget.HighImportance
	v.row = container.NewBorder(nil, nil, container.NewHBox(prevBox, nextBox), nil, backBox)
	v.row.Hide()
	return v
}

// step views the position one move earlier or later; the live one ends
// the view.
func (v *viewControls) step(d int) {
	if n, ok := v.gs.c.Viewing(); ok {
		v.gs.pick(min(max(n+d, 0), v.gs.c.History().Cursor()))
	}
}

func (v *viewControls) update() {
	n, ok := v.gs.c.Viewing()
	if !ok {
		if v.row.Visible() {
			v.row.Hide()
		}
		return
	}
	if !v.row.Visible() {
		v.row.Show()
	}
	setEnabled(v.prev, n > 0)
	setEnabled(v.next, n < v.gs.c.History().Cursor())
}

// layoutWithMoves is gameLayout with the move list under the status
// (its own fixed height: a longer game never moves the board).
func (l *gameLayout) layoutWithMoves(status fyne.CanvasObject, board board.Fitter, controls, moves fyne.CanvasObject, sz fyne.Size) {
	ml, _ := moves.(*moveList)
	sm, mm := status.MinSize(), moves.MinSize()
	if ml != nil {
		ml.setSide(false)
		ml.Hidden = false
	}
	l.layoutAspect(stacked{status, sm.Height + mm.Height}, board, controls, sz)
	w := max(0, sz.Width-2*gamePad)
	status.Move(fyne.NewPos(gamePad, 0))
	status.Resize(fyne.NewSize(w, sm.Height))
	moves.Move(fyne.NewPos(gamePad, sm.Height))
	moves.Resize(fyne.NewSize(w, mm.Height))
}

// stacked stands for the status and the move list together in
// layoutAspect: only its minimum height is read.
type stacked struct {
	fyne.CanvasObject
	height float32
}

func (s stacked) MinSize() fyne.Size { return fyne.NewSize(0, s.height) }
func (s stacked) Move(fyne.Position) {}
func (s stacked) Resize(fyne.Size)   {}

// relayout lays a screen's content out again after a part of it changed
// its minimum size (the move list expanded, the review's graph shown):
// only what moves or changes size is redrawn, not the whole screen, as a
// Refresh of the container would.
func relayout(o fyne.CanvasObject) {
	if c, ok := o.(*fyne.Container); ok && c.Layout != nil {
		c.Layout.Layout(c.Objects, c.Size())
	}
}

// flowLayout puts the entries in rows as wide as the list, one after the
// other, each row as high as its tallest entry. Its height at a width is
// computed, never remembered from an earlier layout (a wrapping layout
// that caches its size laid a list turned back out unlike a fresh one).
type flowLayout struct{}

// MinSize is one entry: the list's height is heightAt its width.
func (flowLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var s fyne.Size
	for _, o := range objs {
		s = s.Max(o.MinSize())
	}
	return s
}

// place lays objs out in rows of width w (moving them when move is set)
// and tells the height they take.
func (flowLayout) place(objs []fyne.CanvasObject, w float32, move bool) float32 {
	pad := theme.Padding()
	x, y, rowH := float32(0), float32(0), float32(0)
	for _, o := range objs {
		if !o.Visible() {
			continue
		}
		m := o.MinSize()
		if x > 0 && x+m.Width > w {
			x, y, rowH = 0, y+rowH+pad, 0
		}
		if move {
			o.Move(fyne.NewPos(x, y))
			o.Resize(m)
		}
		x += m.Width + pad
		rowH = max(rowH, m.Height)
	}
	return y + rowH
}

func (l flowLayout) heightAt(objs []fyne.CanvasObject, w float32) float32 {
	return l.place(objs, w, false)
}

func (l flowLayout) Layout(objs []fyne.CanvasObject, sz fyne.Size) { l.place(objs, sz.Width, true) }
