package ui

import (
	"fmt"
	"strings"

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

// endPanel takes the place of the game's controls once the game is over:
// who won (the status line above says it, with the winner's colour), why,
// the score or places, and where to go from here. It has no title of its
// own, so it fits under the status in a 360 dp high landscape window.
type endPanel struct {
	gs     *gameScreen
	obj    *fyne.Container
	detail *widget.Label
	swap   *widget.Check
	grid   *fyne.Container // the buttons, in 2 or 3 columns (arrange)

	ground     *canvas.Rectangle
	cols       int                 // the buttons' columns now (arrange)
	tall, wide []fyne.CanvasObject // the buttons in their order for 2 and 3 columns

	again, newGame, review, home, undo *widget.Button
	learn                              *widget.Button // in Home's place for a coached player
}

func newEndPanel(gs *gameScreen) *endPanel {
	p := &endPanel{gs: gs}
	p.detail = widget.NewLabelWithStyle("", fyne.TextAlignCenter, fyne.TextStyle{Bold: true})
	p.detail.Wrapping = fyne.TextWrapWord
	label := "Swap sides"
	if len(gs.c.Seats()) > 2 {
		label = "Rotate seats"
	}
	p.swap = widget.NewCheck(label, nil)
	var againBox, newBox, reviewBox, homeBox, undoBox fyne.CanvasObject
	p.again, againBox = kit.TouchButton("Play again", theme.MediaReplayIcon(), p.playAgain)
	p.again.Importance = widget.HighImportance
	// The others by their words alone: with icons, three of them did not
	// fit across a 360 dp phone under the board.
	p.newGame, newBox = kit.TouchButton("New game", nil, func() { gs.u.newGameLike(gs.c) })
	p.review, reviewBox = kit.TouchButton("Review", nil, p.openReview)
	p.home, homeBox = kit.TouchButton("Home", nil, gs.u.home)
	if coachedSeat(gs.c) >= 0 {
		// A coached player gets its worst moves to learn from in Home's
		// place (the top bar's back arrow goes home too): the panel keeps
		// its size, so the board keeps its place.
		p.learn, homeBox = kit.TouchButton("Learn from this", nil, gs.learnFromThis)
	}
	p.undo, undoBox = kit.TouchButton("Undo", nil, gs.undo)
	swapBox := kit.MinHeight(p.swap, kit.TouchSize)
	p.tall = []fyne.CanvasObject{againBox, swapBox, newBox, reviewBox, homeBox, undoBox}
	p.wide = []fyne.CanvasObject{againBox, newBox, reviewBox, homeBox, undoBox, swapBox}
	p.grid = container.New(layout.NewGridLayoutWithColumns(2), p.tall...)
	p.cols = 2
	// on a ground of its own: a long reason (a stalled game of six) makes
	// the panel taller than the room kept for it, and it then lies over
	// the board's edge rather than move the board
	ground := canvas.NewRectangle(theme.Color(theme.ColorNameBackground))
	p.obj = container.NewStack(ground, container.NewVBox(p.detail, p.grid))
	p.ground = ground
	p.obj.Hide()
	return p
}

// arrange puts the buttons in three columns (two rows) when they fit in
// width w, else in two (three rows): under the board of a 360 dp wide
// phone three rows took the room of the board, and beside the board of a
// 360 dp high window they grew the window to 418. The layout calls it
// before it measures the controls.
func (p *endPanel) arrange(w float32) {
	cols := 2
	if p.gridWidth(3) <= w {
		cols = 3
	}
	if p.cols == cols {
		return
	}
	p.cols = cols
	p.grid.Layout = panelRows(cols)
	p.grid.Objects = p.tall
	if cols == 3 {
		p.grid.Objects = p.wide
	}
	relayout(p.obj)
	relayout(p.grid)
}

// panelRows is the buttons' arrangement in cols columns: a grid of two,
// or rows of three that share the width as their words need (New game is
// wider than Home).
func panelRows(cols int) fyne.Layout {
	if cols == 3 {
		return rowsOf{3}
	}
	return layout.NewGridLayoutWithColumns(cols)
}

// gridWidth is the least width of the buttons in cols columns.
func (p *endPanel) gridWidth(cols int) float32 {
	objs := p.tall
	if cols == 3 {
		objs = p.wide
	}
	return panelRows(cols).MinSize(objs).Width
}

// heightFor is the panel's height in width w with lines lines of text:
// what the layout keeps for it, whatever the text says.
func (p *endPanel) heightFor(w float32, lines int) float32 {
	cols := 2
	if p.gridWidth(3) <= w {
		cols = 3
	}
	objs := p.tall
	if cols == 3 {
		objs = p.wide
	}
	g := panelRows(cols).MinSize(objs)
	return p.lineHeight(lines) + theme.Padding() + g.Height
}

// lineHeight is the height of the detail label with n lines.
func (p *endPanel) lineHeight(n int) float32 {
	probe := widget.NewLabelWithStyle(strings.Repeat("Mg\n", n-1)+"Mg", fyne.TextAlignCenter, fyne.TextStyle{Bold: true})
	return probe.MinSize().Height
}

// update shows the panel when the game is over (and fills it), hides it
// otherwise (an Undo after the end). It tells whether it is shown.
func (p *endPanel) update() bool {
	c := p.gs.c
	if c.State() != app.Over {
		p.obj.Hide()
		return false
	}
	p.detail.SetText(p.summary())
	p.ground.FillColor = theme.Color(theme.ColorNameBackground) // the theme may have changed
	p.ground.Refresh()
	p.obj.Show()
	return true
}

// summary is why the game ended and the final count: "Board full ·
// Orange 3, Blue 6 pieces · 40 moves", or the places of a game of more
// players, the players named as the board shows them.
func (p *endPanel) summary() string {
	c := p.gs.c
	parts := endSummary(c, p.gs.gu)
	parts = append(parts, fmt.Sprintf("%d moves", c.History().Cursor()))
	return strings.Join(parts, " · ")
}

// endSummary is why the game at c's position ended and the final count or
// places, the players named as the app names them: the end panel's text,
// and the review's at the end of a finished game.
func endSummary(c *app.Controller, gu *board.GameUI) []string {
	pos := c.Position()
	res := pos.Result()
	var parts []string
	reason, named := core.ReasonAs(pos, c.PlayerName)
	if !named {
		reason = appNames(reason, c)
	}
	if r := strings.TrimSpace(reason); r != "" {
		parts = append(parts, app.Sentence(r))
	}
	switch {
	case len(res.Places) > 2:
		var places []string
		for place := 1; place <= len(res.Places); place++ {
			for i, pl := range res.Places {
				if pl == place {
					places = append(places, ordinal(place)+" "+c.PlayerName(i))
				}
			}
		}
		parts = append(parts, strings.Join(places, ", "))
	case gu.Score != nil:
		counts, unit := gu.Score(pos)
		var each []string
		for i, n := range counts {
			each = append(each, fmt.Sprintf("%s %d", c.PlayerName(i), n))
		}
		if len(each) > 0 {
			parts = append(parts, strings.Join(each, ", ")+" "+unit)
		}
	}
	return parts
}

// playAgain starts the same game again (same options and seats, swapped
// or rotated if asked, a new seed); the finished one stays in the list.
func (p *endPanel) playAgain() {
	gs := p.gs
	seed, err := parseSeed("")
	if err != nil {
		gs.u.showError("Cannot start the game", err)
		return
	}
	c := gs.u.env.PlayAgain(gs.c, p.swap.Checked, seed, gs.gu.Trace)
	gs.u.showGame(gs.gu, c, false)
}

func (p *endPanel) openReview() {
	p.gs.u.review(p.gs.c.Snapshot(), p.gs.c.History())
}

// appNames is an engine's text with the game's own player names ("Red
// owns every square") replaced by the app's (the colour on the board, or
// the name typed for the seat).
func appNames(text string, c *app.Controller) string {
	g := c.Game()
	words := strings.Split(text, " ")
	for k, w := range words {
		for i := range c.Position().Players() {
			if w == g.PlayerName(i) {
				words[k] = c.PlayerName(i)
			}
		}
	}
	return strings.Join(words, " ")
}

// rowsOf lays objects out in rows of n, each row a shareRow.
type rowsOf struct{ n int }

func (r rowsOf) rows(objs []fyne.CanvasObject) [][]fyne.CanvasObject {
	var out [][]fyne.CanvasObject
	for i := 0; i < len(objs); i += r.n {
		out = append(out, objs[i:min(i+r.n, len(objs))])
	}
	return out
}

func (r rowsOf) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var s fyne.Size
	for i, row := range r.rows(objs) {
		m := shareRow{}.MinSize(row)
		s.Width = max(s.Width, m.Width)
		s.Height += m.Height
		if i > 0 {
			s.Height += theme.Padding()
		}
	}
	return s
}

func (r rowsOf) Layout(objs []fyne.CanvasObject, sz fyne.Size) {
	y := float32(0)
	for _, row := range r.rows(objs) {
		h := shareRow{}.MinSize(row).Height
		shareRow{}.Layout(row, fyne.NewSize(sz.Width, h)) // at the top: moved down below
		for _, o := range row {
			o.Move(o.Position().AddXY(0, y))
		}
		y += h + theme.Padding()
	}
}
