package core

import (
	"errors"
	"fmt"
	"strings"
)

// Player is a player (0-based) named in a message made by PlayerErrorf.
type Player int

// PlayerError is a refusal whose text names players. Error names them as
// the game's notation does (the headless command's texts are a contract:
// "square 2:1 belongs to blue"); an app that shows players by other names
// (the colour of their pieces, a name typed for the seat) asks for its own
// text with Text, or with RenamePlayers for an error that wraps one.
type PlayerError struct {
	format string
	args   []any
	names  func(int) string
}

// PlayerErrorf makes a PlayerError: format and args as for fmt.Sprintf,
// each argument of type Player formatted with %v as its name under names.
func PlayerErrorf(names func(int) string, format string, args ...any) *PlayerError {
	return &PlayerError{format: format, args: args, names: names}
}

func (e *PlayerError) Error() string { return e.Text(e.names) }

// Text is the message with every player named by names.
func (e *PlayerError) Text(names func(int) string) string {
	args := make([]any, len(e.args))
	for i, a := range e.args {
		if p, ok := a.(Player); ok {
			a = names(int(p))
		}
		args[i] = a
	}
	return fmt.Sprintf(e.format, args...)
}

// RenamePlayers is err's text with the players of the PlayerError it
// holds (wrapped or not) named by names; the text of an error without
// one is unchanged.
func RenamePlayers(err error, names func(int) string) string {
	text := err.Error()
	var pe *PlayerError
	if errors.As(err, &pe) {
		text = strings.Replace(text, pe.Error(), pe.Text(names), 1)
	}
	return text
}

// ReasonNamer is a Position whose Result().Reason names players:
// ReasonAs is that reason with player i named name(i), as Text is for a
// PlayerError ("move limit reached: Orange has 3 holes to go, ...").
type ReasonNamer interface {
	ReasonAs(name func(int) string) string
}

// ReasonAs is why pos's game ended with the players named by name when
// the game can say so (ReasonNamer), else its Result().Reason.
func ReasonAs(pos Position, name func(int) string) (reason string, named bool) {
	if rn, ok := pos.(ReasonNamer); ok {
		return rn.ReasonAs(name), true
	}
	return pos.Result().Reason, false
}
