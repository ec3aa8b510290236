package storage

import (
	"strings"

	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/record"
)

// RecordNames names who played each seat of a save, for a game record:
// the seat's name, else "Computer (Level)" for a computer seat and ""
// (unknown) for a human one.
func RecordNames(seats []Seat) []string {
	out := make([]string, len(seats))
	for i, s := range seats {
		switch {
		case s.Name != "":
			out[i] = s.Name
		case s.Kind == Computer && s.Level != "":
			out[i] = computerName(s.Level)
		case s.Kind == Computer:
			out[i] = "Computer"
		}
	}
	return out
}

func computerName(level string) string { return "Computer (" + level + ")" }

// The tags that say, beyond its name, who played a seat: PGN's own
// XType ("human" or "program", X the seat's tag: BlackType, as the Ataxx
// tools read it) and for a program the level and style it played at
// (XLevel, XStyle: ours, ignored by other tools).
const (
	typeSuffix  = "Type"
	levelSuffix = "Level"
	styleSuffix = "Style"
	typeHuman   = "human"
	typeProgram = "program"
)

// RecordSeatTags are the tags of a record of game g played by seats that
// keep their kinds, levels and styles through an import
// (SeatsFromRecord).
func RecordSeatTags(g core.Game, seats []Seat) []record.Tag {
	var out []record.Tag
	for i, s := range seats {
		seat := record.SeatTag(g, i)
		if s.Kind != Computer {
			out = append(out, record.Tag{Name: seat + typeSuffix, Value: typeHuman})
			continue
		}
		out = append(out, record.Tag{Name: seat + typeSuffix, Value: typeProgram})
		if s.Level != "" {
			out = append(out, record.Tag{Name: seat + levelSuffix, Value: s.Level})
		}
		if s.Style != "" {
			out = append(out, record.Tag{Name: seat + styleSuffix, Value: s.Style})
		}
	}
	return out
}

// SeatsFromRecord makes the seats of game rg read from a record: a seat
// its XType tag calls a program at a level of the game (XLevel) is a
// computer at that level and the style of its XStyle (one the game does
// not know is left to its default), and loses the name the export gave
// it ("Computer (Expert)": the app names a computer itself); every other
// seat is human, named as the record names it. nil when the record says
// nothing of its seats.
func SeatsFromRecord(g core.Game, rg record.Game) []Seat {
	tags := map[string]string{}
	for _, t := range rg.Tags {
		tags[t.Name] = t.Value
	}
	said := false
	seats := make([]Seat, len(rg.Names))
	for i, n := range rg.Names {
		seat := record.SeatTag(g, i)
		s := Seat{Kind: Human, Name: cleanName(n)}
		// A program at a level of ours, or without a level and named as
		// RecordNames names such a seat: a seat of the app's records. A
		// program of another tool's record was another engine: its seat
		// is kept as the human seat it was before (named after it).
		lv, hasLevel := tags[seat+levelSuffix]
		level, err := core.FindLevel(g.Levels(), lv)
		ours := err == nil && hasLevel || !hasLevel && s.Name == "Computer"
		if strings.EqualFold(tags[seat+typeSuffix], typeProgram) && ours {
			s.Kind = Computer
			if hasLevel {
				s.Level = level.Name
			}
			for _, st := range g.Styles() {
				if strings.EqualFold(st, tags[seat+styleSuffix]) {
					s.Style = st
				}
			}
			if s.Name == "Computer" || s.Name == computerName(s.Level) {
				s.Name = ""
			}
		}
		_, typed := tags[seat+typeSuffix]
		said = said || s.Name != "" || typed
		seats[i] = s
	}
	if !said {
		return nil
	}
	return seats
}
