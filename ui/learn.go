package ui

import (
	"fmt"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/jumpers-game/jumpers/core/lesson"
	"github.com/jumpers-game/jumpers/storage"
	"github.com/jumpers-game/jumpers/ui/board"
	"github.com/jumpers-game/jumpers/ui/kit"
)

// learnState is what Home knows of the lessons it offers: whether the
// storage holds any game (a first start has none), learnt once per run
// from a listing off the UI goroutine.
type learnState struct {
	listed, hasGames bool
	// shown is the lesson on screen (nil: none).
	shown *lessonScreen
}

// withLessons adds "Learn to play" to Home's items: first, with the
// first start's welcome and Skip, while the player has no saved game, no
// lesson step done and has not skipped; else after the games' cards.
func (u *UI) withLessons(items []fyne.CanvasObject) []fyne.CanvasObject {
	// Two places, one section: the place not used is empty and hidden
	// (no card twice in the tree, no gap).
	first, later := container.NewVBox(), container.NewVBox()
	p := u.env.Lessons
	candidate := !p.Started() && !p.Skipped() && len(u.inProgress) == 0 && !u.learn.hasGames
	place := func() {
		on := candidate && !u.learn.hasGames
		here, there := later, first
		if on {
			here, there = first, later
		}
		here.Objects = []fyne.CanvasObject{u.learnSection(on)}
		there.Objects = nil
		kit.SetVisible(here, true)
		kit.SetVisible(there, false)
		here.Refresh()
	}
	place()
	if candidate && !u.learn.listed {
		// A finished game counts too: a player who has played is no
		// newcomer. Home's own listing keeps only the unfinished ones.
		u.env.ListGames(func(all []storage.Entry, _ error) {
			u.learn.listed, u.learn.hasGames = true, len(all) > 0
			if u.learn.hasGames {
				place()
				if s := u.top(); s != nil && s.name == "home" {
					s.content.Refresh()
				}
			}
		})
	}
	// after the last card (the games'), before the buttons
	at := len(items)
	for k, o := range items {
		if _, ok := o.(*kit.Card); ok {
			at = k + 1
		}
	}
	out := make([]fyne.CanvasObject, 0, len(items)+2)
	out = append(out, first)
	out = append(out, items[:at]...)
	out = append(out, later)
	return append(out, items[at:]...)
}

// learnSection is the "Learn to play" heading and a card per game with
// the player's progress; welcome adds the first start's words and Skip.
func (u *UI) learnSection(welcome bool) *fyne.Container {
	head := widget.NewLabelWithStyle("Learn to play", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	box := container.NewVBox(head)
	if welcome {
		hello := widget.NewLabel("New here? Learn each game in a minute.")
		hello.Wrapping = fyne.TextWrapWord
		box.Add(hello)
	}
	for _, gu := range board.Registered() {
		les, ok := lesson.For(gu.ID)
		if !ok {
			continue
		}
		id := gu.ID
		card := kit.NewCard(les.Title, u.lessonProgressText(les), u.lessonArt(gu, les), func() { u.lesson(id, -1) })
		card.Accent = welcome
		box.Add(card)
	}
	if welcome {
		_, skip := kit.TouchButton("Skip", theme.MediaSkipNextIcon(), func() {
			if err := u.env.Lessons.Skip(); err != nil {
				fyne.LogError("keeping the lessons' Skip", err)
			}
			u.refreshHome()
			u.show()
		})
		box.Add(skip)
	}
	return box
}

// lessonProgressText is a lesson card's line: how far the player got.
func (u *UI) lessonProgressText(les lesson.Lesson) string {
	done, n := u.env.Lessons.Count(les)
	switch {
	case done == n:
		return "Done"
	case done == 0:
		return fmt.Sprintf("%d short steps", n)
	}
	return fmt.Sprintf("%d of %d steps", done, n)
}

// lessonArt is the card's picture: the step the lesson opens at.
func (u *UI) lessonArt(gu *board.GameUI, les lesson.Lesson) fyne.CanvasObject {
	chk, err := les.Start(u.env.Lessons.Resume(les))
	if err == nil && gu.Art != nil {
		return gu.Art(chk.Position(), u.env.Settings)
	}
	if gu.Preview != nil {
		return gu.Preview(u.env.Settings)
	}
	return kit.ComingSoonArt()
}

// lessonButton is the Rules page's way into game id's lesson; nothing
// for a game without one.
func (u *UI) lessonButton(id string) fyne.CanvasObject {
	if _, ok := lesson.For(id); !ok {
		return container.NewVBox()
	}
	b, box := kit.TouchButton("Try it: lesson", theme.MediaPlayIcon(), func() { u.lesson(id, -1) })
	b.Importance = widget.HighImportance
	return box
}
