package ui

import (
	"fmt"
	"strings"
	"time"

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

// settings shows the settings screen; every change is stored at once.
func (u *UI) settings() {
	e := u.env
	s := e.Settings()
	set := func(f func(*app.Settings)) {
		st := e.Settings()
		f(&st)
		e.SetSettings(st)
	}

	// One row per seat; a colour another seat has is swapped with it, so
	// every row is redrawn after a change.
	var sels [app.MaxSeats]*kit.ColourPicker
	var neutral *kit.ColourPicker
	redraw := func() {
		st := e.Settings()
		for k := range sels {
			if sels[k].Selected != st.Colours[k] {
				sels[k].SetSelected(st.Colours[k])
			}
		}
		neutral.Refresh()
	}
	colour := func(i int) fyne.CanvasObject {
		sels[i] = kit.NewColourPicker(app.ColourNames, func(name string) fyne.CanvasObject { return kit.SeatSwatch(i, name) }, s.Colours[i], func(name string) {
			if name == e.Settings().Colours[i] {
				return
			}
			set(func(st *app.Settings) { st.SetColour(i, name) })
			redraw()
		})
		return kit.LabelledPicker(seatColourLabels[i], sels[i])
	}
	neutral = kit.NewColourPicker(app.NeutralNames, func(name string) fyne.CanvasObject {
		st := e.Settings()
		st.Neutral = name
		return neutralSwatch(st)
	}, s.Neutral, func(name string) {
		set(func(st *app.Settings) { st.Neutral = name })
		redraw()
	})
	twoSeats := container.NewVBox(colour(0), colour(1))
	moreSeats := container.NewVBox()
	for i := 2; i < app.MaxSeats; i++ {
		moreSeats.Add(colour(i))
	}
	more := widget.NewAccordion(widget.NewAccordionItem("Players 3 to 6 (Chinese Checkers)", moreSeats))
	colourHelp := kit.Help("The colours are from the Okabe–Ito palette, easy to tell apart with colour blindness, and every player has a shape of its own too. Grey neutral squares follow the light or dark theme.")

	anim := widget.NewRadioGroup(app.AnimationNames(), nil)
	anim.Required = true
	anim.SetSelected(s.Animation.String())
	anim.OnChanged = func(v string) {
		if a, ok := app.AnimationNamed(v); ok {
			set(func(st *app.Settings) { st.Animation = a })
		}
	}
	motionNote := kit.Help("")
	if !board.AnimationsOn() {
		motionNote.SetText("Your system asks for reduced motion: squares do not blink and dots do not fly; they are darkened instead.")
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

	level := optionSelect(app.LevelNames, func(v string) { set(func(st *app.Settings) { st.DefaultLevel = v }) })
	setOption(level, app.LevelNames, s.DefaultLevel)
	styles := []string{"Game default"}
	if g, err := core.Lookup("cube"); err == nil {
		styles = append(styles, g.Styles()...)
	}
	style := optionSelect(styles, func(v string) {
		if v == "Game default" {
			v = ""
		}
		set(func(st *app.Settings) { st.DefaultStyle = v })
	})
	if s.DefaultStyle == "" {
		setOption(style, styles, "Game default")
	} else {
		setOption(style, styles, s.DefaultStyle)
	}
	hint := optionSelect(app.LevelNames, func(v string) { set(func(st *app.Settings) { st.HintLevel = v }) })
	setOption(hint, app.LevelNames, s.HintLevel)
	cores := coresSetting(s, set)

	reset := widget.NewButton("Restore defaults", func() {
		u.confirm("Restore defaults", "Put every setting back to how it was at install?", "Restore", false, func() {
			e.SetSettings(app.DefaultSettings())
			u.back()
			u.settings()
		})
	})

	form := container.NewVBox(
		kit.SectionTitle("Theme"),
		u.themeSwitch(),
		widget.NewSeparator(),
		kit.SectionTitle("Player colours"),
		twoSeats, more,
		kit.LabelledPicker("Empty squares", neutral),
		colourHelp,
		widget.NewSeparator(),
		kit.SectionTitle("Chain reactions"),
		anim, motionNote,
		container.NewBorder(nil, nil, widget.NewLabel("Speed"), speedLabel),
		kit.MinHeight(speed, kit.TouchSize),
		kit.MinHeight(pauseComp, kit.TouchSize),
		kit.MinHeight(pauseStep, kit.TouchSize),
		kit.Help("With the pauses on, the big button turns green: press Go for each computer move or each step, at your own pace."),
		widget.NewSeparator(),
		kit.SectionTitle("Computer"),
		kit.Labelled("New opponents", kit.MinHeight(level, kit.TouchSize)),
		kit.Labelled("Style", kit.MinHeight(style, kit.TouchSize)),
		kit.Labelled("Hint strength", kit.MinHeight(hint, kit.TouchSize)),
		cores,
		widget.NewSeparator(),
		coordsSetting(s, set),
		widget.NewSeparator(),
		kit.MinHeight(reset, kit.TouchSize),
	)
	u.push(&screen{name: "settings", title: "Settings",
		content: kit.ScrollPage(form, 560)})
}

// seatColourLabels name the seats in the colour rows, with what each game
// calls the first two.
var seatColourLabels = [app.MaxSeats]string{
	"Player 1", "Player 2", "Player 3", "Player 4", "Player 5", "Player 6",
}

// neutralSwatch shows the neutral colour in the theme on screen, as the
// first game with neutral squares (the cube) draws it.
func neutralSwatch(s app.Settings) fyne.CanvasObject {
	st := fyne.CurrentApp().Settings()
	sh := kit.ShadesOf(st.Theme(), st.ThemeVariant())
	var bg *canvas.Rectangle
	for _, gu := range board.Registered() {
		if gu.Neutral != nil {
			bg = canvas.NewRectangle(gu.Neutral(sh, s))
			break
		}
	}
	if bg == nil {
		return layout.NewSpacer()
	}
	bg.CornerRadius = 5
	kit.SwatchRim(bg)
	return container.NewCenter(kit.MinSized(bg, 24, 24))
}

// rules shows how to play the games, one page each, with diagrams (see
// rulesPages); id is the page shown first ("" the first game).
func (u *UI) rules(id string) { u.rulesPages(id) }

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
	u.showDialog("About Jumpers", textView(text), dialogAction{label: "Close", importance: widget.HighImportance, enter: true})
}

// applyTheme sets the theme of the settings now and after every change of
// them: the theme switch takes effect at once, everything redraws.
func (u *UI) applyTheme() {
	set := func(s app.Settings) {
		cur, ok := fyne.CurrentApp().Settings().Theme().(*kit.AppTheme)
		next := kit.NewAppTheme(s.Theme)
		if ok && cur.Forced == next.Forced && cur.Variant == next.Variant {
			return
		}
		fyne.CurrentApp().Settings().SetTheme(next)
	}
	set(u.env.Settings())
	u.env.OnSettings(set)
}

// themeSwitch is the Settings' choice of light, dark or the system's
// theme, stored and applied at once.
func (u *UI) themeSwitch() fyne.CanvasObject {
	r := widget.NewRadioGroup(app.ThemeNames, nil)
	r.Horizontal = true
	r.Required = true
	r.SetSelected(u.env.Settings().Theme)
	r.OnChanged = func(v string) {
		st := u.env.Settings()
		if v == "" || v == st.Theme {
			return
		}
		st.Theme = v
		u.env.SetSettings(st)
	}
	return r
}

// coordsSetting is the Settings row that turns the overlay on and off.
func coordsSetting(s app.Settings, set func(func(*app.Settings))) fyne.CanvasObject {
	c := widget.NewCheck("Show coordinates", func(v bool) { set(func(st *app.Settings) { st.Coordinates = v }) })
	c.SetChecked(s.Coordinates)
	return container.NewVBox(kit.MinHeight(c, kit.TouchSize),
		kit.Help("Row and column names on the board's edges, as hints and moves name the squares."))
}
