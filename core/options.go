package core

import (
	"fmt"
	"strconv"
	"strings"
)

// The option names the games share. An option's name is its key in
// Options, its name in the engine protocol (setoption name Size) and in
// game records (the Size tag), so one name goes all the way through. A
// game may name options of its own (its OptionSpecs say which): core
// needs no edit for them.
const (
	OptRules   = "Rules"
	OptSize    = "Size"
	OptPlayers = "Players"
	OptLayout  = "Layout"
)

// OptionKind says how an option's value is chosen.
type OptionKind int

const (
	// IntRange is a whole number from Min to Max.
	IntRange OptionKind = iota
	// Choice is one of Choices (numbers written out for a number option).
	Choice
)

// OptionSpec describes one choice a new game is made from, so that the
// engine protocol, the command line and the new game screen offer and
// check a game's options without knowing the game.
type OptionSpec struct {
	// Name is the option's key in Options (OptRules, OptSize, or one of
	// the game's own).
	Name string
	// Label names the option for people ("Board size").
	Label string
	Kind  OptionKind
	// Default is the value a new game takes when nobody chooses, as text.
	Default string
	// Min and Max bound an IntRange.
	Min, Max int
	// Choices are the values of a Choice, in the order they are offered.
	Choices []string
}

// isInt tells whether the option's values are numbers: a range, or
// choices that are all numbers (an out-of-range message then reads as
// one).
func (s OptionSpec) isInt() bool {
	if s.Kind == IntRange {
		return true
	}
	for _, c := range s.Choices {
		if _, err := strconv.Atoi(c); err != nil {
			return false
		}
	}
	return len(s.Choices) > 0
}

// noun is the option's name inside a sentence ("size 0 is out of range").
func (s OptionSpec) noun() string { return strings.ToLower(s.Name) }

// Canonical checks value and returns it as the game spells it (a choice
// matches whatever its case). The error names the range or the choices.
func (s OptionSpec) Canonical(value string) (string, error) {
	value = strings.TrimSpace(value)
	switch s.Kind {
	case IntRange:
		n, err := strconv.Atoi(value)
		if err != nil {
			return "", fmt.Errorf("%s %q is not a number (%d to %d)", s.noun(), value, s.Min, s.Max)
		}
		if n < s.Min || n > s.Max {
			return "", fmt.Errorf("%s %d is out of range (%d to %d)", s.noun(), n, s.Min, s.Max)
		}
		return strconv.Itoa(n), nil
	case Choice:
		for _, c := range s.Choices {
			if strings.EqualFold(c, value) {
				return c, nil
			}
		}
		if s.isInt() {
			return "", fmt.Errorf("%s %s is out of range (one of %s)", s.noun(), value, strings.Join(s.Choices, ", "))
		}
		return "", fmt.Errorf("unknown %s %q (one of %s)", s.noun(), value, strings.Join(s.Choices, ", "))
	}
	return "", fmt.Errorf("option %s: unknown kind %d", s.Name, s.Kind)
}

// Value is the option's value in o, as text; an option o leaves unset
// reads the default.
func (s OptionSpec) Value(o Options) string {
	if v := o.Text(s.Name); v != "" {
		return v
	}
	return s.Default
}

// Set checks value (see Canonical) and sets the option to it in o. A
// refused value leaves o as it was.
func (s OptionSpec) Set(o *Options, value string) error {
	v, err := s.Canonical(value)
	if err != nil {
		return err
	}
	*o = o.With(s.Name, v)
	return nil
}

// RulesOption is the Rules option of a game with these rule sets, the
// first the default.
func RulesOption(ruleSets []string) OptionSpec {
	return OptionSpec{Name: OptRules, Label: "Rules", Kind: Choice, Default: ruleSets[0], Choices: append([]string(nil), ruleSets...)}
}

// FindOption returns the spec named name (any case).
func FindOption(specs []OptionSpec, name string) (OptionSpec, bool) {
	for _, s := range specs {
		if strings.EqualFold(s.Name, name) {
			return s, true
		}
	}
	return OptionSpec{}, false
}

// CheckOptions checks every option of specs in o and returns o with each
// value spelt as the game spells it; options left unset take their
// default: the zero Options are the game nobody chose. A value given out of range
// is refused with the range named, never replaced by a default; the
// command line and the engine protocol, where a person types "0", read
// their text through Set, which refuses it.
// Options the specs do not name are left as they are (the game ignores
// them). Games call it first thing in Start.
func CheckOptions(specs []OptionSpec, o Options) (Options, error) {
	out := o
	for _, s := range specs {
		if err := s.Set(&out, s.Value(o)); err != nil {
			return o, err
		}
	}
	return out, nil
}

// DefaultOptions are the options of a game nobody chose: every option at
// its default.
func DefaultOptions(g Game) Options {
	var o Options
	for _, s := range g.OptionSpecs() {
		_ = s.Set(&o, s.Default) // a wrong default fails the games' own tests
	}
	return o
}
