package ui

import (
	"fmt"
	"image/color"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/jumpers-game/jumpers/app"
	"github.com/jumpers-game/jumpers/core"
	cc "github.com/jumpers-game/jumpers/core/chinesecheckers"
)

// ccGhost is one move made since the viewer's last turn, drawn as a
// faint path in its mover's colour: with six players the last mover's
// path alone does not tell what the other four did.
type ccGhost struct {
	player int
	index  int   // the move's 1-based index in the history
	path   []int // the hops, start first
}

// ccGhosts are the moves since the viewer last moved, oldest first: the
// viewer is the player to move when a person plays that seat, else the
// person who moved last (the moves of a run of computers so far). At
// most one per other seat.
func ccGhosts(h *core.History, cursor int, isComputer func(int) bool) []ccGhost {
	if cursor <= 0 {
		return nil
	}
	now := h.Position(cursor).ToMove()
	var out []ccGhost
	for i := cursor; i >= 1 && len(out) < cc.MaxPlayers-1; i-- {
		before := h.Position(i - 1)
		mover := before.ToMove()
		if mover == now || isComputer(now) && !isComputer(mover) {
			break
		}
		path, err := cc.MovePath(before, h.Move(i))
		if err != nil || len(path) < 2 {
			continue // a pass: nothing to draw
		}
		out = append(out, ccGhost{player: mover, index: i, path: path})
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out
}

// ccReplay plays the ghost moves again, hop by hop, on the position each
// was made in; any change of the game ends it.
type ccReplay struct {
	ghosts []ccGhost
	cursor int // the history cursor it belongs to
	m, k   int // showing move ghosts[m] after hop k
	seq    uint64
}

// ccReplayStep is the time between two hops of a replay.
const ccReplayStep = 450 * time.Millisecond

// toggleReplay starts a replay, or stops the one running.
func (b *ccBoard) toggleReplay() {
	if b.replay != nil {
		b.replay = nil
		b.Update()
		return
	}
	b.startReplay()
}

// startReplay shows the moves since the viewer's turn again.
func (b *ccBoard) startReplay() {
	if b.c == nil || len(b.view.ghosts) == 0 || b.c.State() != app.Human {
		return
	}
	b.replaySeq++
	b.replay = &ccReplay{ghosts: b.view.ghosts, cursor: b.c.History().Cursor(), k: 1, seq: b.replaySeq}
	b.sel = -1
	b.Update()
	b.scheduleReplay()
}

func (b *ccBoard) scheduleReplay() {
	rp := b.replay
	if rp == nil {
		return
	}
	b.later(ccReplayStep, func() {
		if b.replay == rp {
			b.replayNext()
		}
	})
}

// replayNext shows the next hop (or ends the replay).
func (b *ccBoard) replayNext() {
	rp := b.replay
	if rp == nil {
		return
	}
	rp.k++
	if rp.k >= len(rp.ghosts[rp.m].path) {
		rp.m, rp.k = rp.m+1, 1
	}
	if rp.m >= len(rp.ghosts) {
		b.replay = nil
		b.Update()
		return
	}
	b.Update()
	b.scheduleReplay()
}

// later runs f on the UI goroutine after d (tests replace it).
func (b *ccBoard) later(d time.Duration, f func()) {
	if b.after != nil {
		b.after(d, f)
		return
	}
	time.AfterFunc(d, func() { fyne.Do(f) })
}

// replayView sets v to the replay's frame; false when no replay runs
// (or the game moved on, which ends it).
func (b *ccBoard) replayView(v *ccView) bool {
	rp := b.replay
	if rp == nil {
		return false
	}
	c := b.c
	if c.State() != app.Human || c.History().Cursor() != rp.cursor {
		b.replay = nil
		return false
	}
	g := rp.ghosts[rp.m]
	before, ok := ccConcrete(c.History().Position(g.index - 1))
	if !ok {
		b.replay = nil
		return false
	}
	v.pos, v.ok = before, true
	v.moveFrom, v.moveAt = g.path[0], g.path[rp.k]
	v.path = g.path[:rp.k+1]
	v.ghosts = rp.ghosts[:rp.m]
	v.replaying = true
	if animationsOn() {
		b.glideSeq++
		v.glideFrom, v.glideTo, v.glide = g.path[rp.k-1], g.path[rp.k], b.glideSeq
		v.glideTime = ccReplayStep * 3 / 4
	}
	return true
}

// --- drawing ---

// ccGhostLines is the line pool of the ghost paths (five moves of long
// chains are cut).
const ccGhostLines = 60

// ghostObjs draw the ghost paths and the replay button.
type ghostObjs struct {
	lines  [ccGhostLines]*canvas.Line
	starts [cc.MaxPlayers - 1]*canvas.Circle
	replay *widget.Button
}

func (r *ccRenderer) buildGhosts() []fyne.CanvasObject {
	o := &r.ghosts
	objs := fillObjects(o.lines[:], func() *canvas.Line { return canvas.NewLine(color.Transparent) })
	objs = append(objs, fillObjects(o.starts[:], func() *canvas.Circle { return canvas.NewCircle(color.Transparent) })...)
	for _, x := range objs {
		x.Hide()
	}
	return objs
}

// replayButton is the "moves since your turn" control, drawn in the
// star's empty top-left corner above everything.
func (r *ccRenderer) buildReplayButton() fyne.CanvasObject {
	b := widget.NewButtonWithIcon("", theme.MediaPlayIcon(), r.b.toggleReplay)
	b.Importance = widget.LowImportance
	b.Hide()
	r.ghosts.replay = b
	return b
}

// placeGhosts draws each ghost's path in its mover's colour, older ones
// fainter, with a ring where it started.
func (r *ccRenderer) placeGhosts(g ccGeom) {
	v := &r.b.view
	o := &r.ghosts
	n := 0
	for gi, gh := range v.ghosts {
		col := r.pal.player[gh.player%cc.MaxPlayers]
		// newest 0xD0, each older one fainter, never under 0x50
		col.A = uint8(max(0x50, 0xD0-0x28*(len(v.ghosts)-1-gi)))
		for i := 0; i+1 < len(gh.path) && n < len(o.lines); i++ {
			l := o.lines[n]
			n++
			x0, y0 := g.xy(gh.path[i])
			x1, y1 := g.xy(gh.path[i+1])
			l.StrokeColor = col
			l.StrokeWidth = max(3, g.u*0.2)
			l.Position1, l.Position2 = fyne.NewPos(x0, y0), fyne.NewPos(x1, y1)
			l.Show()
			l.Refresh()
		}
		if gi < len(o.starts) {
			c := o.starts[gi]
			x, y := g.xy(gh.path[0])
			d := g.u * 0.62
			c.FillColor = color.Transparent
			c.StrokeColor = col
			c.StrokeWidth = max(2, g.u*0.1)
			c.Resize(fyne.NewSize(d, d))
			c.Move(fyne.NewPos(x-d/2, y-d/2))
			c.Show()
			c.Refresh()
		}
	}
	for ; n < len(o.lines); n++ {
		if o.lines[n].Visible() {
			o.lines[n].Hide()
		}
	}
	for i := len(v.ghosts); i < len(o.starts); i++ {
		if o.starts[i].Visible() {
			o.starts[i].Hide()
		}
	}
	r.placeReplayButton(g)
}

// placeReplayButton shows the replay control: play with the number of
// moves, or during a replay which move is shown (a tap stops it).
func (r *ccRenderer) placeReplayButton(g ccGeom) {
	v := &r.b.view
	b := r.ghosts.replay
	if b == nil {
		return
	}
	rp := r.b.replay
	switch {
	case v.replaying && rp != nil:
		b.Icon = theme.MediaStopIcon()
		b.SetText(fmt.Sprintf("%d of %d", rp.m+1, len(rp.ghosts)))
	case len(v.ghosts) > 0 && r.b.playable() && r.b.c.State() == app.Human:
		b.Icon = theme.MediaPlayIcon()
		// turned (landscape), the corner beside the star is narrow
		b.SetText(ghostLabel(len(v.ghosts), g.rot))
	default:
		b.Hide()
		return
	}
	sz := b.MinSize()
	b.Resize(fyne.NewSize(max(sz.Width, touchSize), max(sz.Height, touchSize)))
	b.Move(fyne.NewPos(0, 0))
	b.Show()
}

// ghostLabel names the replay control (short: the number alone).
func ghostLabel(n int, short bool) string {
	if short {
		return fmt.Sprint(n)
	}
	if n == 1 {
		return "1 move"
	}
	return fmt.Sprintf("%d moves", n)
}
