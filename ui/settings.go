package ui

import (
	"fmt"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/jumpers-game/jumpers/app"
	"github.com/jumpers-game/jumpers/core"
)

// settings shows the settings screen; every change is stored at once.
func (u *UI) settings() {
	e := u.env
	s := e.Settings()
	set := func(f func(*app.Settings)) {
		st := e.Settings()
		f(&st)
		e.SetSettings(st)
	}

	var sw [2]*fyne.Container
	colour := func(i int) fyne.CanvasObject {
		sw[i] = container.NewStack(playerSwatch(s, i))
		sel := widget.NewSelect(app.ColourNames, nil)
		sel.SetSelected(s.Colours[i])
		sel.OnChanged = func(name string) {
			st := e.Settings()
			other := st.Colours[1-i]
			if name == other {
				// Both players in one colour: swap instead.
				st.Colours[1-i] = st.Colours[i]
			}
			st.Colours[i] = name
			e.SetSettings(st)
			for k := range sw {
				sw[k].Objects = []fyne.CanvasObject{playerSwatch(e.Settings(), k)}
				sw[k].Refresh()
			}
		}
		label := []string{"Red (player 1)", "Blue (player 2)"}[i]
		return container.NewBorder(nil, nil, container.NewHBox(sw[i], widget.NewLabel(label)), nil, minHeight(sel, touchSize))
	}
	colourHelp := help("The default colours are from the Okabe–Ito palette, easy to tell apart with colour blindness. Red's spots are round and Blue's are square.")

	anim := widget.NewRadioGroup(app.AnimationNames, nil)
	anim.Required = true
	anim.SetSelected(s.Animation.String())
	anim.OnChanged = func(v string) {
		for i, n := range app.AnimationNames {
			if n == v {
				set(func(st *app.Settings) { st.Animation = app.Animation(i) })
			}
		}
	}
	motionNote := help("")
	if !animationsOn() {
		motionNote.SetText("Your system asks for reduced motion: dots do not fly; squares are highlighted instead.")
	} else {
		motionNote.Hide()
	}

	speedLabel := widget.NewLabel("")
	showSpeed := func(d time.Duration) { speedLabel.SetText(fmt.Sprintf("%.2f s a step", d.Seconds())) }
	showSpeed(s.StepTime)
	speed := widget.NewSlider(app.MinStepTime.Seconds(), app.MaxStepTime.Seconds())
	speed.Step = 0.05
	speed.SetValue(s.StepTime.Seconds())
	speed.OnChanged = func(v float64) { showSpeed(time.Duration(v * float64(time.Second))) }
	speed.OnChangeEnded = func(v float64) {
		set(func(st *app.Settings) { st.StepTime = time.Duration(v*1000) * time.Millisecond })
	}

	pauseComp := widget.NewCheck("Pause before each computer move", func(v bool) {
		set(func(st *app.Settings) { st.PauseComputer = v })
	})
	pauseComp.SetChecked(s.PauseComputer)
	pauseStep := widget.NewCheck("Pause before each cascade step", func(v bool) {
		set(func(st *app.Settings) { st.PauseStep = v })
	})
	pauseStep.SetChecked(s.PauseStep)

	level := widget.NewSelect(app.LevelNames, func(v string) { set(func(st *app.Settings) { st.DefaultLevel = v }) })
	level.SetSelected(s.DefaultLevel)
	styles := []string{"Game default"}
	if g, err := core.Lookup("cube"); err == nil {
		styles = append(styles, g.Styles()...)
	}
	style := widget.NewSelect(styles, func(v string) {
		if v == "Game default" {
			v = ""
		}
		set(func(st *app.Settings) { st.DefaultStyle = v })
	})
	if s.DefaultStyle == "" {
		style.SetSelected("Game default")
	} else {
		style.SetSelected(s.DefaultStyle)
	}
	hint := widget.NewSelect(app.LevelNames, func(v string) { set(func(st *app.Settings) { st.HintLevel = v }) })
	hint.SetSelected(s.HintLevel)

	reset := widget.NewButton("Restore defaults", func() {
		dialog.ShowConfirm("Restore defaults", "Put every setting back to how it was at install?", func(ok bool) {
			if ok {
				e.SetSettings(app.DefaultSettings())
				u.back()
				u.settings()
			}
		}, u.win)
	})

	form := container.NewVBox(
		sectionTitle("Player colours"),
		colour(0), colour(1), colourHelp,
		widget.NewSeparator(),
		sectionTitle("Chain reactions"),
		anim, motionNote,
		container.NewBorder(nil, nil, widget.NewLabel("Speed"), speedLabel),
		minHeight(speed, touchSize),
		minHeight(pauseComp, touchSize),
		minHeight(pauseStep, touchSize),
		help("With the pauses on, the big button turns green: press Go for each computer move or each step, at your own pace."),
		widget.NewSeparator(),
		sectionTitle("Computer"),
		labelled("New opponents", minHeight(level, touchSize)),
		labelled("Style", minHeight(style, touchSize)),
		labelled("Hint strength", minHeight(hint, touchSize)),
		widget.NewSeparator(),
		minHeight(reset, touchSize),
	)
	u.push(&screen{name: "settings", title: "Settings",
		content: container.NewVScroll(container.NewPadded(centredColumn(form, 560)))})
}

func help(text string) *widget.Label {
	l := widget.NewLabel(text)
	l.Wrapping = fyne.TextWrapWord
	l.TextStyle = fyne.TextStyle{Italic: true}
	return l
}

func labelled(label string, o fyne.CanvasObject) fyne.CanvasObject {
	l := widget.NewLabel(label)
	return container.NewGridWithColumns(2, l, o)
}

// rules shows how to play a game; id "" shows every game in the app, in
// home screen order.
func (u *UI) rules(id string) {
	text := "No rules yet."
	if gu, ok := gameUIs[id]; ok && gu.Rules != "" {
		text = gu.Rules
	} else if id == "" {
		var all []string
		for _, hg := range homeGames {
			if gu, ok := gameUIs[hg.ID]; ok && gu.Rules != "" {
				all = append(all, gu.Rules)
			}
		}
		if len(all) > 0 {
			text = strings.Join(all, "\n")
		}
	}
	u.push(&screen{name: "rules", title: "Rules",
		content: container.NewVScroll(container.NewPadded(centredColumn(textView(text), 640)))})
}

// textView shows a small subset of Markdown (## and ### headings, "- "
// bullets, paragraphs, **bold** markers dropped) with one wrapped label per
// block. Fyne's RichText breaks words apart when a bold run ends near the
// end of a line, which a phone's narrow width makes common.
func textView(md string) fyne.CanvasObject {
	box := container.NewVBox()
	var para []string
	flush := func() {
		if len(para) == 0 {
			return
		}
		l := widget.NewLabel(strings.Join(para, " "))
		l.Wrapping = fyne.TextWrapWord
		box.Add(l)
		para = nil
	}
	for _, line := range strings.Split(md, "\n") {
		line = strings.ReplaceAll(strings.TrimSpace(line), "**", "")
		switch {
		case line == "":
			flush()
		case strings.HasPrefix(line, "## "):
			flush()
			l := widget.NewLabelWithStyle(line[3:], fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
			l.SizeName = theme.SizeNameHeadingText
			l.Wrapping = fyne.TextWrapWord
			box.Add(l)
		case strings.HasPrefix(line, "### "):
			flush()
			l := widget.NewLabelWithStyle(line[4:], fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
			l.SizeName = theme.SizeNameSubHeadingText
			l.Wrapping = fyne.TextWrapWord
			box.Add(l)
		case strings.HasPrefix(line, "- "):
			flush()
			para = []string{"•  " + line[2:]}
		default:
			para = append(para, line)
		}
	}
	flush()
	return box
}

// about shows the version and credits.
func (u *UI) about() {
	md := u.env.App.Metadata()
	version := md.Version
	if version == "" {
		version = "dev"
	}
	text := fmt.Sprintf(`### Jumpers %s

Jumping Cube, Ataxx and Chinese Checkers for phones, tablets and desktops.
One engine plays all three games; the computer thinks on its own thread, so
the board never freezes.

Jumping Cube is after the game of the Commodore 64 era and KDE's
KJumpingCube. Player colours from the Okabe–Ito palette.

Built with Go and Fyne.`, version)
	u.lastMessage = "About"
	d := dialog.NewCustom("About Jumpers", "Close", textView(text), u.win)
	d.Resize(u.dialogSize())
	d.Show()
}
