package ui

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/jumpers-game/jumpers/app"
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

	again, newGame, review, home, undo *widget.Button
}

func newEndPanel(gs *gameScreen) *endPanel {
	p := &endPanel{gs: gs}
	p.detail = widget.NewLabelWithStyle("", fyne.TextAlignCenter, fyne.TextStyle{Bold: true})
	// One line, cut short if it must be (the least of it last): players'
	// names, typed ones too, make the text as long as they are, and a
	// panel that grows runs over the status in a 360 dp high landscape.
	p.detail.Truncation = fyne.TextTruncateEllipsis
	label := "Swap sides"
	if len(gs.c.Seats()) > 2 {
		label = "Rotate seats"
	}
	p.swap = widget.NewCheck(label, nil)
	var againBox, newBox, reviewBox, homeBox, undoBox fyne.CanvasObject
	p.again, againBox = touchButton("Play again", theme.MediaReplayIcon(), p.playAgain)
	p.again.Importance = widget.HighImportance
	p.newGame, newBox = touchButton("New game", theme.ContentAddIcon(), func() { gs.u.newGameLike(gs.c) })
	p.review, reviewBox = touchButton("Review", theme.MediaPlayIcon(), p.openReview)
	p.home, homeBox = touchButton("Home", theme.HomeIcon(), gs.u.home)
	p.undo, undoBox = touchButton("Undo", theme.ContentUndoIcon(), gs.undo)
	p.obj = container.NewVBox(
		p.detail,
		container.NewGridWithColumns(2, againBox, minHeight(p.swap, touchSize)),
		container.NewGridWithColumns(2, newBox, reviewBox),
		container.NewGridWithColumns(2, homeBox, undoBox),
	)
	p.obj.Hide()
	return p
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

// summary is the final count, or the places of a game of more players,
// then why the game ended and its length, most telling first (the line
// may be cut short): "Orange 3, Blue 6 squares · Board full · 30 moves".
func (p *endPanel) summary() string {
	c, gu := p.gs.c, p.gs.gu
	pos := c.Position()
	res := pos.Result()
	var parts []string
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
	if r := c.EndReason(res); r != "" {
		parts = append(parts, r)
	}
	parts = append(parts, fmt.Sprintf("%d moves", c.History().Cursor()))
	return strings.Join(parts, " · ")
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
