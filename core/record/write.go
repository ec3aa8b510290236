// Package record reads and writes game records: PGN-style text (tag
// pairs, then the moves in the game's notation, then the result) as
// ../shared/CONTRACTS.md ("Game records") fixes it and docs/record-format.md
// describes it. It knows no game: the rules, the options, the position
// text and the notation all come from the core.Game of the record, and the
// moves are always replayed through them, so a record read here is a game
// the rules allow, or an error naming the line.
package record

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/jumpers-game/jumpers/core"
)

// Info is what a record says beyond the game itself.
type Info struct {
	// Names holds who played each seat; "" writes "?" as PGN does.
	Names []string
	// Date is the day of the game; zero writes "????.??.??".
	Date time.Time
	// Result is the result of a game its moves do not end, decided by a
	// tool (a match's move limit, a forfeit): "1-0", "0-1" or "1/2-1/2"
	// in a game of two players, kept as an adjudication when read. ""
	// writes the result of the moves; when the moves end the game it must
	// be theirs.
	Result string
	// Tags are more tag pairs, written after the seat tags in their order
	// (what a tool adds: the arena's players, round, opening). A name is
	// letters, digits and _, and none of the tags written above.
	Tags []Tag
}

// SeatTag is the tag naming who played seat i: the game's name for the
// player with what a tag name may not hold left out ("Black", "White" in
// Ataxx, as the Ataxx tools write; "Red", "Blue"; "Player1").
func SeatTag(g core.Game, i int) string {
	return strings.Map(func(r rune) rune {
		if r < 0x80 && isNameByte(byte(r)) {
			return r
		}
		return -1
	}, g.PlayerName(i))
}

// StandardOptions finds the options whose start position is start under
// rules: the record then names the options and needs no FEN. ok is false
// for any other start (an imported position, a game continued from a
// position).
func StandardOptions(g core.Game, rules string, start core.Position) (opts core.Options, ok bool) {
	want := start.String()
	var specs []core.OptionSpec
	for _, s := range g.OptionSpecs() {
		if s.Name != core.OptRules {
			specs = append(specs, s)
		}
	}
	opts = opts.With(core.OptRules, rules)
	var try func(i int) bool
	try = func(i int) bool {
		if i == len(specs) {
			p, err := g.Start(opts)
			return err == nil && p.String() == want
		}
		for _, v := range optionValues(specs[i]) {
			if specs[i].Set(&opts, v) == nil && try(i+1) {
				return true
			}
		}
		return false
	}
	if !try(0) {
		return core.Options{}, false
	}
	return opts, true
}

// optionValues lists every value an option may take.
func optionValues(s core.OptionSpec) []string {
	if s.Kind == core.IntRange {
		out := make([]string, 0, s.Max-s.Min+1)
		for n := s.Min; n <= s.Max; n++ {
			out = append(out, strconv.Itoa(n))
		}
		return out
	}
	return s.Choices
}

// TerminationTag is the tag saying why a game ended: the rules' reason
// for a game they ended (Termination), or what a tool writes in Info.Tags
// for a game it stopped (a forfeit, an adjudication), which then comes in
// its place. It is information for people: a reader replays the moves and
// ignores it.
const TerminationTag = "Termination"

// Termination is why the rules ended the game at pos, the players named
// as the game's notation names them ("move limit reached: Player 2 has 3
// holes to go, Player 1 has 5"; "board full"); "" while the game goes on
// or when the game gives no reason.
func Termination(pos core.Position) string {
	if !pos.Result().Over {
		return ""
	}
	g, err := core.Lookup(pos.Game())
	if err != nil {
		return pos.Result().Reason
	}
	reason, _ := core.ReasonAs(pos, g.PlayerName)
	return reason
}

// Format is the record of rec as text (see Write).
func Format(rec core.Record, info Info) (string, error) {
	var b strings.Builder
	if err := Write(&b, rec, info); err != nil {
		return "", err
	}
	return b.String(), nil
}

// maxLine is the width movetext is wrapped at, as PGN asks.
const maxLine = 79

// Write writes the record of rec: it replays rec (a record that does not
// replay is an error) and writes the tags, the moves numbered by rounds of
// the first player, and the result.
func Write(w io.Writer, rec core.Record, info Info) error {
	g, err := core.Lookup(rec.Game)
	if err != nil {
		return err
	}
	positions, err := rec.Replay()
	if err != nil {
		return err
	}
	rulesSpec, _ := core.FindOption(g.OptionSpecs(), core.OptRules)
	rules, err := rulesSpec.Canonical(rulesSpec.Value(core.Options{}.With(core.OptRules, rec.Rules)))
	if err != nil {
		return err
	}
	start, final := positions[0], positions[len(positions)-1]
	var b strings.Builder
	written := map[string]bool{"Result": true, "Places": true}
	tag := func(name, value string) {
		written[name] = true
		r := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", " ", "\r", " ")
		fmt.Fprintf(&b, "[%s \"%s\"]\n", name, r.Replace(value))
	}
	tag("Game", g.ID())
	tag(core.OptRules, rules)
	if opts, ok := StandardOptions(g, rules, start); ok {
		for _, s := range g.OptionSpecs() {
			if s.Name != core.OptRules {
				tag(s.Name, s.Value(opts))
			}
		}
	} else {
		tag("FEN", start.String())
	}
	date := "????.??.??"
	if !info.Date.IsZero() {
		date = info.Date.Format("2006.01.02")
	}
	tag("Date", date)
	for i := 0; i < start.Players(); i++ {
		name := "?"
		if i < len(info.Names) && strings.TrimSpace(info.Names[i]) != "" {
			name = info.Names[i]
		}
		tag(SeatTag(g, i), name)
	}
	for _, t := range info.Tags {
		if t.Name == "" || strings.IndexFunc(t.Name, func(r rune) bool { return r >= 0x80 || !isNameByte(byte(r)) }) >= 0 {
			return fmt.Errorf("tag name %s: only letters, digits and _", quote(t.Name))
		}
		if written[t.Name] {
			return fmt.Errorf("tag %s is written twice", t.Name)
		}
		tag(t.Name, t.Value)
	}
	res := final.Result()
	if t := Termination(final); t != "" && !written[TerminationTag] {
		tag(TerminationTag, t)
	}
	result := resultToken(res, start.Players())
	switch {
	case info.Result == "" || info.Result == result:
	case res.Over:
		return fmt.Errorf("result %s, but the moves end the game with %s (%s)", info.Result, result, describe(g, res, start.Players()))
	case start.Players() > 2 || !isResult(info.Result):
		return fmt.Errorf("result %s: a tool's result is 1-0, 0-1 or 1/2-1/2 in a game of two players", quote(info.Result))
	default:
		result = info.Result
	}
	tag("Result", result)
	if res.Over && res.Places != nil {
		tag("Places", placesText(res.Places))
	}
	b.WriteString("\n")

	line := 0
	word := func(s string) {
		if line > 0 && line+1+len(s) > maxLine {
			b.WriteString("\n")
			line = 0
		}
		if line > 0 {
			b.WriteString(" ")
			line++
		}
		b.WriteString(s)
		line += len(s)
	}
	round := 0
	for i, m := range rec.Moves {
		switch {
		case positions[i].ToMove() == 0:
			round++
			word(strconv.Itoa(round) + ".")
		case i == 0:
			round++
			word(strconv.Itoa(round) + "...")
		}
		word(m)
	}
	word(result)
	b.WriteString("\n")
	_, err = io.WriteString(w, b.String())
	return err
}
