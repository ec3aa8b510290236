package app

import (
	"time"

	"fyne.io/fyne/v2"

	"github.com/jumpers-game/jumpers/core"
)

// Animation is how a cascade is shown.
type Animation int

// Cascade animation styles (seed 004: none, darken and pause, scatter dots).
const (
	// AnimNone shows the whole move at once.
	AnimNone Animation = iota
	// AnimHighlight marks each square about to explode and pauses.
	AnimHighlight
	// AnimScatter marks the squares and sends dots flying to the neighbours.
	AnimScatter
)

// AnimationNames are the labels of the animation styles, in order.
var AnimationNames = []string{"None", "Highlight and pause", "Scatter dots"}

func (a Animation) String() string {
	if a >= 0 && int(a) < len(AnimationNames) {
		return AnimationNames[a]
	}
	return "None"
}

// Step time bounds (seed 004: 0.15 to 1.5 seconds a stage).
const (
	MinStepTime = 150 * time.Millisecond
	MaxStepTime = 1500 * time.Millisecond
)

// Colour names of the player palette. The default pair is from the
// Okabe–Ito palette, which stays distinct for the common kinds of colour
// blindness; the board also gives each player its own pip shape, so colour
// is never the only cue.
var ColourNames = []string{"Vermillion", "Blue", "Orange", "Sky blue", "Bluish green", "Reddish purple", "Yellow", "Black"}

// Settings are the user's choices that outlive a game.
type Settings struct {
	Colours       [2]string // palette names (ColourNames) of player 1 and 2
	Animation     Animation
	StepTime      time.Duration // one cascade step
	PauseComputer bool          // wait for Go before each computer move
	PauseStep     bool          // wait for Go before each cascade step
	DefaultLevel  string        // level of a new computer seat
	DefaultStyle  string        // style of a new computer seat; "" = the game's default
	HintLevel     string        // level of the hint AI
}

// DefaultSettings are the settings of a fresh install.
func DefaultSettings() Settings {
	return Settings{
		Colours:      [2]string{"Vermillion", "Blue"},
		Animation:    AnimHighlight,
		StepTime:     400 * time.Millisecond,
		DefaultLevel: core.Average,
		HintLevel:    core.Strong,
	}
}

// Preference keys. They are part of the app's stored data: renaming one
// forgets the user's choice.
const (
	prefColour1       = "colour1"
	prefColour2       = "colour2"
	prefAnimation     = "animation"
	prefStepTimeMS    = "stepTimeMs"
	prefPauseComputer = "pauseComputer"
	prefPauseStep     = "pauseStep"
	prefDefaultLevel  = "defaultLevel"
	prefDefaultStyle  = "defaultStyle"
	prefHintLevel     = "hintLevel"
)

// LoadSettings reads the settings from p, repairing values out of range
// (an old or hand-edited preferences file must not break the app).
func LoadSettings(p fyne.Preferences) Settings {
	d := DefaultSettings()
	s := Settings{
		Colours: [2]string{
			p.StringWithFallback(prefColour1, d.Colours[0]),
			p.StringWithFallback(prefColour2, d.Colours[1]),
		},
		Animation:     Animation(p.IntWithFallback(prefAnimation, int(d.Animation))),
		StepTime:      time.Duration(p.IntWithFallback(prefStepTimeMS, int(d.StepTime/time.Millisecond))) * time.Millisecond,
		PauseComputer: p.BoolWithFallback(prefPauseComputer, d.PauseComputer),
		PauseStep:     p.BoolWithFallback(prefPauseStep, d.PauseStep),
		DefaultLevel:  p.StringWithFallback(prefDefaultLevel, d.DefaultLevel),
		DefaultStyle:  p.StringWithFallback(prefDefaultStyle, d.DefaultStyle),
		HintLevel:     p.StringWithFallback(prefHintLevel, d.HintLevel),
	}
	return s.Clean()
}

// Clean puts every field back in range.
func (s Settings) Clean() Settings {
	d := DefaultSettings()
	for i := range s.Colours {
		if !validColour(s.Colours[i]) {
			s.Colours[i] = d.Colours[i]
		}
	}
	if s.Colours[0] == s.Colours[1] {
		s.Colours = d.Colours
	}
	if s.Animation < AnimNone || s.Animation > AnimScatter {
		s.Animation = d.Animation
	}
	s.StepTime = min(max(s.StepTime, MinStepTime), MaxStepTime)
	if !validLevel(s.DefaultLevel) {
		s.DefaultLevel = d.DefaultLevel
	}
	if !validLevel(s.HintLevel) {
		s.HintLevel = d.HintLevel
	}
	return s
}

func validColour(name string) bool {
	for _, n := range ColourNames {
		if n == name {
			return true
		}
	}
	return false
}

// LevelNames are the standard level names, weakest first.
var LevelNames = []string{core.Beginner, core.Novice, core.Average, core.Strong, core.Expert}

func validLevel(name string) bool {
	for _, n := range LevelNames {
		if n == name {
			return true
		}
	}
	return false
}

// Store writes the settings to p.
func (s Settings) Store(p fyne.Preferences) {
	p.SetString(prefColour1, s.Colours[0])
	p.SetString(prefColour2, s.Colours[1])
	p.SetInt(prefAnimation, int(s.Animation))
	p.SetInt(prefStepTimeMS, int(s.StepTime/time.Millisecond))
	p.SetBool(prefPauseComputer, s.PauseComputer)
	p.SetBool(prefPauseStep, s.PauseStep)
	p.SetString(prefDefaultLevel, s.DefaultLevel)
	p.SetString(prefDefaultStyle, s.DefaultStyle)
	p.SetString(prefHintLevel, s.HintLevel)
}
