package storage

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
			out[i] = "Computer (" + s.Level + ")"
		case s.Kind == Computer:
			out[i] = "Computer"
		}
	}
	return out
}

// SeatsFromNames makes the seats of a game read from a record: every seat
// human (a record says who played, not who plays next), named as the
// record names them; nil when it names nobody.
func SeatsFromNames(names []string) []Seat {
	named := false
	seats := make([]Seat, len(names))
	for i, n := range names {
		seats[i] = Seat{Kind: Human, Name: cleanName(n)}
		named = named || seats[i].Name != ""
	}
	if !named {
		return nil
	}
	return seats
}
