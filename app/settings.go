package app

import (
	"fmt"
	"time"

	"fyne.io/fyne/v2"

	"github.com/jumpers-game/jumpers/core"
)

// Animation is how a cascade is shown.
type Animation int

// Cascade animation styles (seed 004, "Cascade Move Display": none,
// darken and pause, blink rapidly, scatter dots). The values are stored in
// the preferences, so a new style takes the next number; AnimationStyles
// gives the order they are shown in.
const (
	// AnimNone shows the whole move at once.
	AnimNone Animation = iota
	// AnimHighlight darkens each square about to explode and pauses.
	AnimHighlight
	// AnimScatter darkens the squares, then sends dots flying to the
	// neighbours.
	AnimScatter
	// AnimBlink darkens the squares, then blinks them rapidly when it is
	// time for them to explode.
	AnimBlink
)

// AnimationStyles are the styles in the order Settings shows them (the
// handbook's).
var AnimationStyles = []Animation{AnimNone, AnimHighlight, AnimBlink, AnimScatter}

var animationNames = map[Animation]string{
	AnimNone:      "None",
	AnimHighlight: "Darken and pause",
	AnimBlink:     "Blink rapidly",
	AnimScatter:   "Scatter dots",
}

// AnimationNames are the labels of AnimationStyles, in the same order.
func AnimationNames() []string {
	out := make([]string, len(AnimationStyles))
	for i, a := range AnimationStyles {
		out[i] = animationNames[a]
	}
	return out
}

// AnimationNamed is the style labelled name; ok is false for none.
func AnimationNamed(name string) (a Animation, ok bool) {
	for a, n := range animationNames {
		if n == name {
			return a, true
		}
	}
	return AnimNone, false
}

func (a Animation) String() string {
	if n, ok := animationNames[a]; ok {
		return n
	}
	return "None"
}

// Step time bounds (seed 004: 0.15 to 1.5 seconds a stage).
const (
	MinStepTime = 150 * time.Millisecond
	MaxStepTime = 1500 * time.Millisecond
)

// Colour names of the player palette: the Okabe–Ito palette, which stays
// distinct for the common kinds of colour blindness; the board also gives
// each player its own shape, so colour is never the only cue.
var ColourNames = []string{"Vermillion", "Blue", "Orange", "Sky blue", "Bluish green", "Reddish purple", "Yellow", "Black"}

// MaxSeats is the most players a game has (Chinese Checkers: six); each
// seat has its own colour.
const MaxSeats = 6

// NeutralNames are the colours of neutral squares and empty holes. "Grey"
// follows the light or dark theme as the boards always did; the others are
// tints with a light and a dark shade, each kept apart from every player
// colour in both themes (ui's contrast test).
var NeutralNames = []string{"Grey", "Stone", "Sand", "Sage", "Lilac"}

// Settings are the user's choices that outlive a game.
type Settings struct {
	// Colours are the palette names (ColourNames) of players 1 to 6, all
	// different. Players 1 and 2 play every game, 3 to 6 Chinese Checkers.
	Colours       [MaxSeats]string
	Neutral       string // NeutralNames: neutral squares, empty squares and holes
	Animation     Animation
	StepTime      time.Duration // one cascade step
	PauseComputer bool          // wait for Go before each computer move
	PauseStep     bool          // wait for Go before each cascade step
	DefaultLevel  string        // level of a new computer seat
	DefaultStyle  string        // style of a new computer seat; "" = the game's default
	HintLevel     string        // hint level of new human seats and of seats saved without one
	Theme         string        // ThemeNames: follow the system, or always light or dark
	Coordinates   bool          // board-edge coordinates in the notation of hints and moves
	// Threads is how many cores the computer's own moves may use, 1 to
	// core.MaxThreads (hints always use one).
	Threads int
}

// ThemeNames are the choices of the theme switch: "System" follows the
// system's light or dark mode, the others force one.
var ThemeNames = []string{"System", "Light", "Dark"}

// DefaultSettings are the settings of a fresh install.
func DefaultSettings() Settings {
	return Settings{
		Colours:      DefaultColours,
		Neutral:      NeutralNames[0],
		Animation:    AnimHighlight,
		StepTime:     400 * time.Millisecond,
		DefaultLevel: core.Average,
		HintLevel:    core.Strong,
		Theme:        ThemeNames[0],
		Threads:      defaultThreads(core.MaxThreads()),
	}
}

// defaultThreads is the cores a fresh install lets the computer use on a
// device with cpus of them: all but one, so the UI always has a core to
// itself, and at most four, as a phone's other cores are its slow,
// power-saving ones.
func defaultThreads(cpus int) int { return min(max(cpus-1, 1), 4) }

// ThreadChoices are the core counts Settings offers: 1 to the CPUs.
func ThreadChoices() []int {
	out := make([]int, core.MaxThreads())
	for i := range out {
		out[i] = i + 1
	}
	return out
}

// DefaultColours are the seats' colours of a fresh install: the classic
// pair, then colours far from each other and from it in hue and lightness.
var DefaultColours = [MaxSeats]string{"Vermillion", "Blue", "Bluish green", "Reddish purple", "Yellow", "Sky blue"}

// colourPreference is the order in which a seat whose colour is taken
// gets another one: its default first, then the rest with black last (the
// darkest pieces are the hardest to see on a dark board).
var colourPreference = []string{"Bluish green", "Reddish purple", "Yellow", "Sky blue", "Orange", "Vermillion", "Blue", "Black"}

// Preference keys. They are part of the app's stored data: renaming one
// forgets the user's choice.
const (
	prefColour1       = "colour1"
	prefColour2       = "colour2"
	prefNeutral       = "neutralColour"
	prefAnimation     = "animation"
	prefStepTimeMS    = "stepTimeMs"
	prefPauseComputer = "pauseComputer"
	prefPauseStep     = "pauseStep"
	prefDefaultLevel  = "defaultLevel"
	prefDefaultStyle  = "defaultStyle"
	prefHintLevel     = "hintLevel"
	prefTheme         = "theme"
	prefCoordinates   = "showCoordinates"
	prefThreads       = "computerThreads"
)

// LoadSettings reads the settings from p, repairing values out of range
// (an old or hand-edited preferences file must not break the app).
func LoadSettings(p fyne.Preferences) Settings {
	d := DefaultSettings()
	s := Settings{
		Neutral:       p.StringWithFallback(prefNeutral, d.Neutral),
		Animation:     Animation(p.IntWithFallback(prefAnimation, int(d.Animation))),
		StepTime:      time.Duration(p.IntWithFallback(prefStepTimeMS, int(d.StepTime/time.Millisecond))) * time.Millisecond,
		PauseComputer: p.BoolWithFallback(prefPauseComputer, d.PauseComputer),
		PauseStep:     p.BoolWithFallback(prefPauseStep, d.PauseStep),
		DefaultLevel:  p.StringWithFallback(prefDefaultLevel, d.DefaultLevel),
		DefaultStyle:  p.StringWithFallback(prefDefaultStyle, d.DefaultStyle),
		HintLevel:     p.StringWithFallback(prefHintLevel, d.HintLevel),
		Theme:         p.StringWithFallback(prefTheme, d.Theme),
		Coordinates:   p.BoolWithFallback(prefCoordinates, d.Coordinates),
		Threads:       p.IntWithFallback(prefThreads, d.Threads),
	}
	for i := range s.Colours {
		s.Colours[i] = p.StringWithFallback(colourKey(i), d.Colours[i])
	}
	return s.Clean()
}

// Clean puts every field back in range.
func (s Settings) Clean() Settings {
	d := DefaultSettings()
	s.Colours = cleanColours(s.Colours)
	if !validName(NeutralNames, s.Neutral) {
		s.Neutral = d.Neutral
	}
	if _, ok := animationNames[s.Animation]; !ok {
		s.Animation = d.Animation
	}
	s.StepTime = min(max(s.StepTime, MinStepTime), MaxStepTime)
	if !validLevel(s.DefaultLevel) {
		s.DefaultLevel = d.DefaultLevel
	}
	if !validLevel(s.HintLevel) {
		s.HintLevel = d.HintLevel
	}
	if !validName(ThemeNames, s.Theme) {
		s.Theme = d.Theme
	}
	if s.Threads < 1 {
		s.Threads = d.Threads
	}
	// More than this device has (settings restored from a bigger one):
	// as many as it has.
	s.Threads = min(s.Threads, core.MaxThreads())
	return s
}

// cleanColours gives every seat a palette colour of its own: a seat
// keeps a known colour no earlier seat has; the others get their default
// when it is free, or else the first free one in colourPreference. So
// settings saved before there were six seats keep players 1 and 2, and
// players 3 to 6 get colours apart from them.
func cleanColours(cs [MaxSeats]string) [MaxSeats]string {
	used := map[string]bool{}
	var repair []int
	for i, name := range cs {
		if !validName(ColourNames, name) || used[name] {
			repair = append(repair, i)
			continue
		}
		used[name] = true
	}
	for _, i := range repair {
		for _, cand := range append([]string{DefaultColours[i]}, colourPreference...) {
			if !used[cand] {
				cs[i] = cand
				used[cand] = true
				break
			}
		}
	}
	return cs
}

// SetColour gives seat i the colour name; the seat that had it takes seat
// i's old colour, so the seats stay apart. An unknown name or seat changes
// nothing.
func (s *Settings) SetColour(i int, name string) {
	if i < 0 || i >= MaxSeats || !validName(ColourNames, name) {
		return
	}
	for j, c := range s.Colours {
		if c == name && j != i {
			s.Colours[j] = s.Colours[i]
		}
	}
	s.Colours[i] = name
}

func colourKey(i int) string {
	switch i {
	case 0:
		return prefColour1
	case 1:
		return prefColour2
	}
	return fmt.Sprintf("colour%d", i+1)
}

func validName(names []string, name string) bool {
	for _, n := range names {
		if n == name {
			return true
		}
	}
	return false
}

// LevelNames are the standard level names, weakest first.
var LevelNames = []string{core.Beginner, core.Novice, core.Average, core.Strong, core.Expert}

func validLevel(name string) bool { return validName(LevelNames, name) }

// Store writes the settings to p.
func (s Settings) Store(p fyne.Preferences) {
	for i, c := range s.Colours {
		p.SetString(colourKey(i), c)
	}
	p.SetString(prefNeutral, s.Neutral)
	p.SetInt(prefAnimation, int(s.Animation))
	p.SetInt(prefStepTimeMS, int(s.StepTime/time.Millisecond))
	p.SetBool(prefPauseComputer, s.PauseComputer)
	p.SetBool(prefPauseStep, s.PauseStep)
	p.SetString(prefDefaultLevel, s.DefaultLevel)
	p.SetString(prefDefaultStyle, s.DefaultStyle)
	p.SetString(prefHintLevel, s.HintLevel)
	p.SetString(prefTheme, s.Theme)
	p.SetBool(prefCoordinates, s.Coordinates)
	p.SetInt(prefThreads, s.Threads)
}
