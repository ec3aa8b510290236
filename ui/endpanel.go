package ui

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
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
	grid   *fyne.Container // the buttons, in 2 or 3 columns (setSide)

	side       bool
	tall, wide []fyne.CanvasObject // the buttons in their order for 2 and 3 columns

	again, newGame, review, home, undo *widget.Button
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
	p.newGame, newBox = kit.TouchButton("New game", theme.ContentAddIcon(), func() { gs.u.newGameLike(gs.c) })
	p.review, reviewBox = kit.TouchButton("Review", theme.MediaPlayIcon(), p.openReview)
	p.home, homeBox = kit.TouchButton("Home", theme.HomeIcon(), gs.u.home)
	p.undo, undoBox = kit.TouchButton("Undo", theme.ContentUndoIcon(), gs.undo)
	swapBox := kit.MinHeight(p.swap, kit.TouchSize)
	p.tall = []fyne.CanvasObject{againBox, swapBox, newBox, reviewBox, homeBox, undoBox}
	p.wide = []fyne.CanvasObject{againBox, newBox, reviewBox, homeBox, undoBox, swapBox}
	p.grid = container.New(layout.NewGridLayoutWithColumns(2), p.tall...)
	p.obj = container.NewVBox(p.detail, p.grid)
	p.obj.Hide()
	return p
}

// setSide arranges the buttons for the panel's place: under the board
// (portrait) in three rows of two, beside it (landscape) in two rows of
// three. Under the status in a 360 dp high window, three rows grew the
// window to 418. gameLayout calls it before it measures the controls.
func (p *endPanel) setSide(side bool) {
	if p.side == side {
		return
	}
	p.side = side
	p.grid.Layout = layout.NewGridLayoutWithColumns(p.columns(side))
	p.grid.Objects = p.tall
	if side {
		p.grid.Objects = p.wide
	}
	relayout(p.obj)
	relayout(p.grid)
}

func (p *endPanel) columns(side bool) int {
	if side {
		return 3
	}
	return 2
}

// minSize is what the panel needs beside the board (side) or under it,
// whichever arrangement it has now.
func (p *endPanel) minSize(side bool) fyne.Size {
	g := layout.NewGridLayoutWithColumns(p.columns(side)).MinSize(p.grid.Objects)
	d := p.detail.MinSize()
	return fyne.NewSize(max(g.Width, d.Width), d.Height+theme.Padding()+g.Height)
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
