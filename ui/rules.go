package ui

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/jumpers-game/jumpers/app"
	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/ui/board"
	"github.com/jumpers-game/jumpers/ui/kit"
)

// rulesPages is the Rules screen: one page per game, chosen by a row of
// buttons at the top (id: the page shown first; "" the first game).
func (u *UI) rulesPages(id string) {
	var ids []string
	for _, gu := range board.Registered() {
		if gu.Rules != "" {
			ids = append(ids, gu.ID)
		}
	}
	if len(ids) == 0 {
		u.push(&screen{name: "rules", title: "Rules", content: widget.NewLabel("No rules yet.")})
		return
	}
	page := container.NewStack()
	buttons := make([]*widget.Button, len(ids))
	show := func(i int) {
		for k, b := range buttons {
			b.Importance = widget.MediumImportance
			if k == i {
				b.Importance = widget.HighImportance
			}
			b.Refresh()
		}
		page.Objects = []fyne.CanvasObject{kit.ScrollPage(container.NewVBox(u.lessonButton(ids[i]), rulesPage(ids[i], u.env.Settings)), 640)}
		page.Refresh()
	}
	row := container.NewGridWithColumns(len(ids))
	first := 0
	for i, gid := range ids {
		name := board.Get(gid).ShortName
		if name == "" {
			name = gid
			if g, err := core.Lookup(gid); err == nil {
				name = g.Name()
			}
		}
		if gid == id {
			first = i
		}
		buttons[i] = widget.NewButton(name, func() { show(i) })
		row.Add(kit.MinHeight(buttons[i], kit.TouchSize))
	}
	show(first)
	u.push(&screen{name: "rules", title: "Rules",
		content: container.NewBorder(container.NewPadded(row), nil, nil, nil, page)})
}

// rulesPage is one game's rules with its diagrams.
func rulesPage(id string, s func() app.Settings) fyne.CanvasObject {
	md := rulesText(id, s())
	fig := board.Get(id).Diagrams
	if fig == nil {
		return textView(md)
	}
	ds, err := fig.Make(s)
	if err != nil {
		return textView(md)
	}
	// after the section: before the next heading
	cut := len(md)
	if i := strings.Index(md, fig.After); i >= 0 {
		if j := strings.Index(md[i+len(fig.After):], "\n### "); j >= 0 {
			cut = i + len(fig.After) + j + 1
		}
	}
	grid := container.NewGridWithColumns(fig.Columns)
	for _, d := range ds {
		cap := widget.NewLabel(d.Caption)
		cap.Wrapping = fyne.TextWrapWord
		cap.Alignment = fyne.TextAlignCenter
		grid.Add(container.NewBorder(nil, cap, nil, nil, d.Board))
	}
	return container.NewVBox(textView(md[:cut]), grid, textView(md[cut:]))
}

// rulesText is a game's rules with its two players named as the boards
// draw them under s ("Orange moves first"): the games' own names ("Red",
// "Black") contradict the pieces on screen (app.NamePlayersIn).
func rulesText(id string, s app.Settings) string {
	md := board.Get(id).Rules
	g, err := core.Lookup(id)
	if err != nil {
		return md
	}
	return app.NamePlayersIn(s, g, md)
}
