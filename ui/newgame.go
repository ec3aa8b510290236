package ui

import (
	"crypto/rand"
	"encoding/binary"
	"fmt"
	"hash/fnv"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/jumpers-game/jumpers/app"
	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/storage"
	"github.com/jumpers-game/jumpers/ui/board"
	"github.com/jumpers-game/jumpers/ui/kit"
)

// newGameForm is the new game screen: the game's own setup panel, then
// the seats (the same for every game), the seed, and Start.
type newGameForm struct {
	u     *UI
	gu    *board.GameUI
	g     core.Game
	setup board.Setup
	seats []storage.Seat
	box   *fyne.Container // the seat rows
	swap  *widget.Button
	seed  *dialogEntry // Back passes through it
	start *widget.Button
	// coaches are the human seats' Coach boxes (rebuildSeats), and
	// coachChosen tells whether the player set one: until then every
	// human seat follows app.CoachByDefault as the seats change.
	coaches     []*widget.Check
	coachChosen bool
}

func (u *UI) newGame(id string) *newGameForm {
	gu, g, ok := board.Lookup(id)
	if !ok {
		u.showInfo("Coming soon", "This game is not in the app yet.")
		return nil
	}
	f := &newGameForm{u: u, gu: gu, g: g}
	st := u.env.Settings()
	if gu.NewSetup != nil {
		f.setup = gu.NewSetup(st)
	} else {
		f.setup = board.NewSpecSetup(g)
	}
	// Default: you against the computer at your default level, as Red.
	f.seats = []storage.Seat{
		{Kind: storage.Human},
		{Kind: storage.Computer, Level: st.DefaultLevel, Style: f.defaultStyle()},
	}
	f.box = container.NewVBox()
	swap, swapBox := kit.TouchButton("Swap seats", theme.ViewRefreshIcon(), func() {
		// Two seats swap; more seats turn by one (each seat's player
		// moves to the next seat), so everybody can move first in turn.
		f.seats = app.TurnSeats(f.seats)
		f.rebuildSeats()
	})
	swap.Importance = widget.LowImportance
	f.swap = swap
	f.fitSeats()
	f.setup.OnPlayersChanged(f.fitSeats)
	f.seed = u.newBackEntry()
	f.seed.SetPlaceHolder("random")
	seedHelp := kit.Help("Same seed, same computer moves: type one to replay a game.")
	var startBox fyne.CanvasObject
	f.start, startBox = kit.TouchButton("Start", theme.MediaPlayIcon(), f.begin)
	f.start.Importance = widget.HighImportance

	form := container.NewVBox(
		kit.SectionTitle(g.Name()),
		f.setup.Object(),
		widget.NewSeparator(),
		kit.SectionTitle("Players"),
		f.box,
		swapBox,
		widget.NewSeparator(),
		container.NewBorder(nil, nil, widget.NewLabel("Seed"), nil, kit.MinHeight(f.seed, kit.TouchSize)),
		seedHelp,
	)
	content := container.NewBorder(nil, container.NewPadded(kit.CentredColumn(kit.MinHeight(startBox, 56), 560)), nil, nil,
		kit.ScrollPage(form, 560))
	u.push(&screen{name: "new", title: "New game", content: content})
	return f
}

func (f *newGameForm) defaultStyle() string {
	s := f.u.env.Settings().DefaultStyle
	for _, st := range f.g.Styles() {
		if st == s {
			return s
		}
	}
	if st := f.g.Styles(); len(st) > 0 {
		return st[0]
	}
	return ""
}

// fitSeats gives the form as many seats as the setup's options ask for:
// seats that exist keep their choice; new ones are computers at the
// default level.
func (f *newGameForm) fitSeats() {
	n := max(f.setup.Players(), 1)
	st := f.u.env.Settings()
	for len(f.seats) < n {
		f.seats = append(f.seats, storage.Seat{Kind: storage.Computer, Level: st.DefaultLevel, Style: f.defaultStyle()})
	}
	f.seats = f.seats[:n]
	if f.swap != nil {
		if n > 2 {
			f.swap.SetText("Rotate seats")
		} else {
			f.swap.SetText("Swap seats")
		}
	}
	f.rebuildSeats()
}

// rebuildSeats redraws the seat rows from f.seats.
func (f *newGameForm) rebuildSeats() {
	f.box.Objects = nil
	f.coaches = make([]*widget.Check, len(f.seats))
	f.followCoach()
	for i := range f.seats {
		if i > 0 && len(f.seats) > 2 {
			f.box.Add(widget.NewSeparator())
		}
		f.box.Add(f.seatRow(i))
	}
	f.box.Refresh()
}

// followCoach gives every human seat the coach by default
// (app.CoachByDefault: on against a Beginner or Novice computer) until
// the player sets one.
func (f *newGameForm) followCoach() {
	if f.coachChosen {
		return
	}
	on := coachByDefault(f.seats)
	for i := range f.seats {
		f.seats[i].Coach = on
		if i < len(f.coaches) && f.coaches[i] != nil && f.coaches[i].Checked != on {
			f.coaches[i].SetChecked(on)
		}
	}
}

// coachByDefault is app.CoachByDefault (the tests written before the
// coach replace it: their fake AI answers the computer's moves only).
var coachByDefault = app.CoachByDefault

// coachLabel is the Coach box's words: short enough for one line on a
// 360 dp phone.
const coachLabel = "Coach: warn me before a blunder"

func (f *newGameForm) seatRow(i int) fyne.CanvasObject {
	seat := &f.seats[i]
	swatch := kit.PlayerSwatch(f.u.env.Settings(), i)
	nameLabel := widget.NewLabelWithStyle(f.seatTitle(i), fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	nameLabel.Wrapping = fyne.TextWrapWord // never cut: the seat's name is what messages will say
	title := container.NewBorder(nil, nil, swatch, nil, nameLabel)
	name := f.nameEntry(seat, func() { nameLabel.SetText(f.seatTitle(i)) })

	st := f.u.env.Settings()
	// A computer seat: the level and style it plays at. A human seat: the
	// level and style of the computer that gives its hints (KJumpingCube's
	// computer player that is not "playing now"), the hint strength of the
	// settings to begin with.
	computer := f.computerPicker(&seat.Level, &seat.Style, st.DefaultLevel)
	coach := widget.NewCheck(coachLabel, nil)
	coach.SetChecked(seat.Coach)
	coach.OnChanged = func(on bool) {
		if seat.Coach != on {
			seat.Coach = on
			f.coachChosen = true
		}
	}
	f.coaches[i] = coach
	// "Hints" sits above its pickers: beside them the row asked for 379
	// dp and pushed a 360-wide phone window to 388.
	hints := container.NewVBox(name, widget.NewLabel("Hints"),
		f.computerPicker(&seat.HintLevel, &seat.HintStyle, st.HintLevel),
		kit.MinHeight(coach, kit.TouchSize))
	kind := widget.NewRadioGroup([]string{"Human", "Computer"}, nil)
	kind.Horizontal = true
	kind.Required = true
	show := func() {
		if seat.Kind == storage.Computer {
			hints.Hide()
			computer.Show()
		} else {
			computer.Hide()
			hints.Show()
		}
	}
	if seat.Kind == storage.Computer {
		kind.SetSelected("Computer")
	} else {
		kind.SetSelected("Human")
	}
	show()
	kind.OnChanged = func(s string) {
		if s == "Computer" {
			seat.Kind = storage.Computer
		} else {
			seat.Kind = storage.Human
		}
		show()
		f.followCoach()
	}
	details := container.NewStack(computer, hints)
	// The title has a line of its own: beside Human/Computer it was cut
	// short on a phone ("Player 1 · S …").
	return container.NewVBox(title, kit.MinHeight(kind, kit.TouchSize), details)
}

// computerPicker is a level and a style choice side by side, kept in
// *level and *style; an empty or unknown level starts at defLevel, an
// empty style at the default style.
func (f *newGameForm) computerPicker(level, style *string, defLevel string) *fyne.Container {
	levels := levelNames(f.g)
	lv := optionSelect(levels, func(s string) {
		*level = s
		f.followCoach() // a computer seat's level sets the coach's default
	})
	setOption(lv, levels, *level)
	if lv.Selected == "" {
		setOption(lv, levels, defLevel)
	}
	if lv.Selected == "" && len(levels) > 0 {
		setOption(lv, levels, levels[len(levels)-1])
	}
	stl := optionSelect(f.g.Styles(), func(s string) { *style = s })
	if *style == "" {
		*style = f.defaultStyle()
	}
	setOption(stl, f.g.Styles(), *style)
	return container.NewGridWithColumns(2, kit.MinHeight(lv, kit.TouchSize), kit.MinHeight(stl, kit.TouchSize))
}

func levelNames(g core.Game) []string {
	var out []string
	for _, l := range g.Levels() {
		out = append(out, l.Name)
	}
	return out
}

// begin starts the game.
func (f *newGameForm) begin() {
	seed, err := parseSeed(f.seed.Text)
	if err != nil {
		f.u.showError("Seed", err)
		return
	}
	seats := make([]storage.Seat, len(f.seats))
	for i, s := range f.seats {
		seats[i] = storage.Seat{Kind: s.Kind}
		if s.Kind == storage.Computer {
			seats[i].Level, seats[i].Style = s.Level, s.Style
		} else {
			seats[i].HintLevel, seats[i].HintStyle = s.HintLevel, s.HintStyle
			seats[i].Name = strings.TrimSpace(s.Name)
			seats[i].Coach = s.Coach
		}
	}
	c, err := f.u.env.NewGame(f.g, f.setup.Options(), seats, seed, f.gu.Trace)
	if err != nil {
		f.u.showError("Cannot start the game", err)
		return
	}
	f.u.showGame(f.gu, c, false)
}

// parseSeed reads the seed box: empty = random, a number, or any text
// (hashed, so a word can be a seed too).
func parseSeed(text string) (int64, error) {
	t := strings.TrimSpace(text)
	if t == "" {
		var b [8]byte
		if _, err := rand.Read(b[:]); err != nil {
			return 0, fmt.Errorf("no random seed: %v", err)
		}
		return int64(binary.LittleEndian.Uint64(b[:]) >> 1), nil
	}
	if v, err := strconv.ParseInt(t, 10, 64); err == nil {
		return v, nil
	}
	h := fnv.New64a()
	h.Write([]byte(t))
	return int64(h.Sum64() >> 1), nil
}

// optionSelect chooses one of values (levels, styles), each shown as
// app.OptionLabel writes it; onChanged receives the value.
func optionSelect(values []string, onChanged func(value string)) *kit.DropDown {
	labels := make([]string, len(values))
	for i, v := range values {
		labels[i] = app.OptionLabel(v)
	}
	return kit.NewDropDown(labels, func(label string) { onChanged(app.OptionValue(values, label)) })
}

// setOption selects value in an optionSelect of values (nothing when
// value is none of them).
func setOption(s *kit.DropDown, values []string, value string) {
	for _, v := range values {
		if strings.EqualFold(v, value) {
			s.SetSelected(app.OptionLabel(v))
			return
		}
	}
}
