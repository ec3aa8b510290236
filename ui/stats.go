package ui

import (
	"fmt"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/jumpers-game/jumpers/app"
	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/ui/kit"
)

// stats shows the results against the computer (app.Stats says what
// counts) with a Reset that asks first.
func (u *UI) stats() {
	content := container.NewStack()
	s := &screen{name: "stats", title: "Statistics", content: content}
	var fill func()
	fill = func() {
		content.Objects = []fyne.CanvasObject{u.statsContent(fill)}
		content.Refresh()
	}
	fill()
	u.push(s)
}

func (u *UI) statsContent(refill func()) fyne.CanvasObject {
	st := u.env.Stats
	box := container.NewVBox()
	rows := st.Rows()
	if len(rows) == 0 {
		msg := widget.NewLabel("No games against the computer yet. A game counts when it ends; undoing after the end does not count it again.")
		msg.Wrapping = fyne.TextWrapWord
		box.Add(msg)
	} else {
		cur, best := st.Streak()
		streak := widget.NewLabel(fmt.Sprintf("Winning streak: %s · best: %s", wins(cur), wins(best)))
		streak.Wrapping = fyne.TextWrapWord
		box.Add(streak)
	}
	game := ""
	for _, r := range rows {
		if r.Game != game {
			game = r.Game
			name := r.Game
			if g, err := core.Lookup(r.Game); err == nil {
				name = g.Name()
			}
			box.Add(kit.SectionTitle(name))
		}
		box.Add(statsRow(r))
	}
	if err := st.Err(); err != nil {
		warn := widget.NewLabel("The statistics " + err.Error())
		warn.Wrapping = fyne.TextWrapWord
		warn.Importance = widget.DangerImportance
		box.Add(warn)
	}
	reset, resetBox := kit.TouchButton("Reset statistics", theme.DeleteIcon(), func() { u.confirmResetStats(refill) })
	reset.Importance = widget.DangerImportance
	if len(rows) == 0 {
		reset.Disable()
	}
	box.Add(widget.NewSeparator())
	box.Add(resetBox)
	return kit.ScrollPage(box, 560)
}

func wins(n int) string {
	if n == 1 {
		return "1 win"
	}
	return fmt.Sprintf("%d wins", n)
}

// statsRow is one level and board: the title, then the tally.
func statsRow(r app.StatsRow) fyne.CanvasObject {
	title := widget.NewLabelWithStyle(app.OptionLabel(r.Level)+" · "+r.Board, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	line := fmt.Sprintf("%d played · %d won · %d lost", r.Played, r.Won, r.Lost)
	if r.Drawn > 0 {
		line += fmt.Sprintf(" · %d drawn", r.Drawn)
	}
	if r.Played > 0 {
		line += fmt.Sprintf(" · %d%% won", (r.Won*100+r.Played/2)/r.Played)
	}
	tally := widget.NewLabel(line)
	tally.Wrapping = fyne.TextWrapWord
	return container.NewVBox(title, tally)
}

func (u *UI) confirmResetStats(refill func()) {
	u.lastMessage = "Reset statistics"
	u.confirm("Reset statistics", "Forget every result and the streaks? This cannot be undone.", "Reset", true, func() {
		if err := u.env.Stats.Reset(); err != nil {
			u.showError("The statistics were not reset", err)
		}
		refill()
	})
}
