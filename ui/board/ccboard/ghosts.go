package ccboard

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
	"github.com/jumpers-game/jumpers/ui/board"
	"github.com/jumpers-game/jumpers/ui/kit"
)

// ccGhost is one move made since the viewer's last turn, drawn as a
// faint path in its mover's colour: with six players the last mover's
// path alone does not tell what the other four did.
type ccGhost struct {
	Player int
	Index  int   // the move's 1-based index in the history
	Path   []int // the hops, start first
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
		out = append(out, ccGhost{Player: mover, Index: i, Path: path})
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
func (b *Board) toggleReplay() {
	if b.Replay != nil {
		b.Replay = nil
		b.Update()
		return
	}
	b.startReplay()
}

// startReplay shows the moves since the viewer's turn again.
func (b *Board) startReplay() {
	if b.Controller == nil || len(b.View.Ghosts) == 0 || b.Controller.State() != app.Human {
		return
	}
	b.replaySeq++
	b.Replay = &ccReplay{ghosts: b.View.Ghosts, cursor: b.Controller.History().Cursor(), k: 1, seq: b.replaySeq}
	b.sel = -1
	b.Update()
	b.scheduleReplay()
}

func (b *Board) scheduleReplay() {
	rp := b.Replay
	if rp == nil {
		return
	}
	b.later(ccReplayStep, func() {
		if b.Replay == rp {
			b.replayNext()
		}
	})
}

// replayNext shows the next hop (or ends the replay).
func (b *Board) replayNext() {
	rp := b.Replay
	if rp == nil {
		return
	}
	rp.k++
	if rp.k >= len(rp.ghosts[rp.m].Path) {
		rp.m, rp.k = rp.m+1, 1
	}
	if rp.m >= len(rp.ghosts) {
		b.Replay = nil
		b.Update()
		return
	}
	b.Update()
	b.scheduleReplay()
}

// later runs f on the UI goroutine after d (tests replace it).
func (b *Board) later(d time.Duration, f func()) {
	if b.After != nil {
		b.After(d, f)
		return
	}
	time.AfterFunc(d, func() { fyne.Do(f) })
}

// replayView sets v to the replay's frame; false when no replay runs
// (or the game moved on, which ends it).
func (b *Board) replayView(v *ccView) bool {
	rp := b.Replay
	if rp == nil {
		return false
	}
	c := b.Controller
	if c.State() != app.Human || c.History().Cursor() != rp.cursor {
		b.Replay = nil
		return false
	}
	g := rp.ghosts[rp.m]
	before, ok := Concrete(c.History().Position(g.Index - 1))
	if !ok {
		b.Replay = nil
		return false
	}
	v.Pos, v.ok = before, true
	v.MoveFrom, v.MoveAt = g.Path[0], g.Path[rp.k]
	v.Path = g.Path[:rp.k+1]
	v.Ghosts = rp.ghosts[:rp.m]
	v.Replaying = true
	if board.AnimationsOn() {
		b.glideSeq++
		v.glideFrom, v.glideTo, v.glide = g.Path[rp.k-1], g.Path[rp.k], b.glideSeq
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
	Starts [cc.MaxPlayers - 1]*canvas.Circle
	Replay *widget.Button
}

func (r *Renderer) buildGhosts() []fyne.CanvasObject {
	o := &r.Ghosts
	objs := fillObjects(o.lines[:], func() *canvas.Line { return canvas.NewLine(color.Transparent) })
	objs = append(objs, fillObjects(o.Starts[:], func() *canvas.Circle { return canvas.NewCircle(color.Transparent) })...)
	for _, x := range objs {
		x.Hide()
	}
	return objs
}

// replayButton is the "moves since your turn" control, drawn in the
// star's empty top-left corner above everything.
func (r *Renderer) buildReplayButton() fyne.CanvasObject {
	b := widget.NewButtonWithIcon("", theme.MediaPlayIcon(), r.b.toggleReplay)
	b.Importance = widget.LowImportance
	b.Hide()
	r.Ghosts.Replay = b
	return b
}

// placeGhosts draws each ghost's path in its mover's colour, older ones
// fainter, with a ring where it started.
func (r *Renderer) placeGhosts(g ccGeom) {
	v := &r.b.View
	o := &r.Ghosts
	n := 0
	for gi, gh := range v.Ghosts {
		col := r.pal.Player[gh.Player%cc.MaxPlayers]
		// newest 0xD0, each older one fainter, never under 0x50
		col.A = uint8(max(0x50, 0xD0-0x28*(len(v.Ghosts)-1-gi)))
		for i := 0; i+1 < len(gh.Path) && n < len(o.lines); i++ {
			l := o.lines[n]
			n++
			x0, y0 := g.XY(gh.Path[i])
			x1, y1 := g.XY(gh.Path[i+1])
			l.StrokeColor = col
			l.StrokeWidth = max(3, g.U*0.2)
			l.Position1, l.Position2 = fyne.NewPos(x0, y0), fyne.NewPos(x1, y1)
			l.Show()
			l.Refresh()
		}
		if gi < len(o.Starts) {
			c := o.Starts[gi]
			x, y := g.XY(gh.Path[0])
			d := g.U * 0.62
			c.FillColor = color.Transparent
			c.StrokeColor = col
			c.StrokeWidth = max(2, g.U*0.1)
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
	for i := len(v.Ghosts); i < len(o.Starts); i++ {
		if o.Starts[i].Visible() {
			o.Starts[i].Hide()
		}
	}
	r.placeReplayButton(g)
}

// placeReplayButton shows the replay control: play with the number of
// moves, or during a replay which move is shown (a tap stops it).
func (r *Renderer) placeReplayButton(g ccGeom) {
	v := &r.b.View
	b := r.Ghosts.Replay
	if b == nil {
		return
	}
	rp := r.b.Replay
	switch {
	case v.Replaying && rp != nil:
		b.Icon = theme.MediaStopIcon()
		b.SetText(fmt.Sprintf("%d of %d", rp.m+1, len(rp.ghosts)))
	case len(v.Ghosts) > 0 && r.b.Playable() && r.b.Controller.State() == app.Human:
		b.Icon = theme.MediaPlayIcon()
		// turned (landscape), the corner beside the star is narrow
		b.SetText(ghostLabel(len(v.Ghosts), g.Rot))
	default:
		b.Hide()
		return
	}
	sz := b.MinSize()
	b.Resize(fyne.NewSize(max(sz.Width, kit.TouchSize), max(sz.Height, kit.TouchSize)))
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
