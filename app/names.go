package app

import (
	"fmt"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/record"
	"github.com/jumpers-game/jumpers/storage"
)

// PlayerName is how the app names player i to people, in every message:
// the name typed for its seat in the new game screen (pass-and-play), or
// else the colour its pieces have on the board, from the settings'
// palette ("Orange", "Sky blue"). The games' own names ("Red", "Black",
// "Player 1") belong to their notation and the headless command; on a
// board whose colours the player chooses they would contradict what is
// seen. Two seats typed with the same name get their colours added, so
// that no message is ambiguous.
func PlayerName(s Settings, seats []storage.Seat, i int) string {
	colour := seatColour(s, i)
	name := seatName(seats, i)
	if name == "" {
		return colour
	}
	for j := range seats {
		if j != i && strings.EqualFold(seatName(seats, j), name) {
			return name + " (" + colour + ")"
		}
	}
	return name
}

func seatName(seats []storage.Seat, i int) string {
	if i < 0 || i >= len(seats) {
		return ""
	}
	return strings.TrimSpace(seats[i].Name)
}

// seatColour is the colour name of seat i (as the boards draw it:
// s.Clean keeps the names valid and apart).
func seatColour(s Settings, i int) string {
	cs := s.Clean().Colours
	if i < 0 || i >= len(cs) {
		return fmt.Sprintf("Player %d", i+1)
	}
	return cs[i]
}

// PlayerName names player i of this game (see the function PlayerName).
func (c *Controller) PlayerName(i int) string { return PlayerName(c.settings(), c.seats, i) }

// Explain is err as a message for people: the players named as the app
// names them (core.RenamePlayers), the first letter capitalised.
func (c *Controller) Explain(err error) string {
	return Sentence(core.RenamePlayers(err, c.PlayerName))
}

// Sentence capitalises the first letter of a message: the engines' texts
// start in lower case to be put after "error: " or "move 3: ". A message
// that starts with a square or hole name ("c3: ...") keeps it as the
// notation writes it.
func Sentence(text string) string {
	r, n := utf8.DecodeRuneInString(text)
	if n == 0 || !unicode.IsLower(r) {
		return text
	}
	first, _, _ := strings.Cut(text, " ")
	if strings.ContainsAny(first, "0123456789") {
		return text
	}
	return string(unicode.ToUpper(r)) + text[n:]
}

// ResultText says, for people, where a game stands, with the players
// named as the app names them: "in progress", "draw", "Orange won". The
// screens use it instead of storage.Describe, whose names are the games'
// own (the headless command's; it has no settings).
func ResultText(s Settings, seats []storage.Seat, pos core.Position) string {
	return ResultTextOf(s, seats, pos.Result())
}

// ResultTextOf is ResultText from a result (the saved games lists).
func ResultTextOf(s Settings, seats []storage.Seat, r core.Result) string {
	return storage.DescribeResult(r, func(i int) string { return PlayerName(s, seats, i) })
}

// RecordNames names who played each seat in a record the app exports, as
// storage.RecordNames does, and an unnamed human by the colour the app
// shows it in under s (a "?" tells the friend the record goes to nothing).
func RecordNames(s Settings, seats []storage.Seat) []string {
	names := storage.RecordNames(seats)
	for i, n := range names {
		if n == "" {
			names[i] = seatColour(s, i)
		}
	}
	return names
}

// SeatsFromRecord makes the seats of a game the app imports, as
// storage.SeatsFromRecord does; a human named by its seat's colour (what
// RecordNames writes for an unnamed one) is unnamed again, so an export
// and an import give the same seats back.
func SeatsFromRecord(s Settings, g core.Game, rg record.Game) []storage.Seat {
	seats := storage.SeatsFromRecord(g, rg)
	for i := range seats {
		if seats[i].Kind == storage.Human && seats[i].Name == seatColour(s, i) {
			seats[i].Name = ""
		}
	}
	return seats
}

// OptionLabel is how the app writes a level or a style to people: in
// title case, its words apart ("balanced" → "Balanced", "BestReply" →
// "Best Reply", "Kepler"), one spelling in every game and on every
// screen. Saves, records and the headless command keep the games' own
// values (CONTRACTS.md); a choice goes back to its value with
// OptionValue.
func OptionLabel(value string) string {
	var b strings.Builder
	prev := ' '
	for i, r := range value {
		switch {
		case r == '-' || r == '_' || r == ' ':
			r = ' '
		case i == 0 || prev == ' ':
			r = unicode.ToUpper(r)
		case unicode.IsUpper(r) && unicode.IsLower(prev):
			b.WriteByte(' ')
		}
		b.WriteRune(r)
		prev = r
	}
	return b.String()
}

// OptionValue is the value of values whose OptionLabel is label; label
// itself when none has it.
func OptionValue(values []string, label string) string {
	for _, v := range values {
		if OptionLabel(v) == label {
			return v
		}
	}
	return label
}

// NamePlayersIn is text (a game's rules, a lesson's sentences) with the
// game's own names of its two players ("Red", "Black") replaced by the
// colours the boards draw them in under s: "Blue has two squares left"
// becomes "Sky blue has two squares left". A name written in lower case
// ("it turned red") gets the colour in lower case ("it turned orange").
// One pass, so that a colour that is also a game's name ("Blue") is not
// renamed twice.
func NamePlayersIn(s Settings, g core.Game, text string) string {
	names := map[string]string{}
	var alts []string
	for i := range 2 {
		own := g.PlayerName(i)
		if own == "" {
			continue
		}
		colour := PlayerName(s, nil, i)
		names[own] = colour
		alts = append(alts, regexp.QuoteMeta(own))
		if lower := strings.ToLower(own); lower != own {
			names[lower] = strings.ToLower(colour)
			alts = append(alts, regexp.QuoteMeta(lower))
		}
	}
	if len(alts) == 0 {
		return text
	}
	re := regexp.MustCompile(`\b(` + strings.Join(alts, "|") + `)\b`)
	return re.ReplaceAllStringFunc(text, func(w string) string { return names[w] })
}
