package ui

import (
	"fmt"
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"

	"github.com/jumpers-game/jumpers/app"
	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/ui/kit"
)

// coresLabel names a choice of the cores setting: "1 core", "3 cores".
func coresLabel(n int) string {
	if n == 1 {
		return "1 core"
	}
	return fmt.Sprintf("%d cores", n)
}

// coresSetting is the row "Computer uses up to N cores" of the settings
// screen, with a line saying what it is for.
func coresSetting(s app.Settings, set func(func(*app.Settings))) fyne.CanvasObject {
	choices := app.ThreadChoices()
	labels := make([]string, len(choices))
	for i, n := range choices {
		labels[i] = coresLabel(n)
	}
	pick := kit.NewDropDown(labels, func(v string) {
		if i := slices.Index(labels, v); i >= 0 {
			set(func(st *app.Settings) { st.Threads = choices[i] })
		}
	})
	pick.SetSelected(coresLabel(s.Threads))
	return container.NewVBox(
		kit.Labelled("Computer uses up to", kit.MinHeight(pick, kit.TouchSize)),
		kit.Help(fmt.Sprintf("This device has %s. More cores let the computer look further in the same time; leaving one free keeps the board smooth. Hints use one.", coresLabel(core.MaxThreads()))),
	)
}
