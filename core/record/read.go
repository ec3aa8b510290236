package record

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/jumpers-game/jumpers/core"
)

// DefaultGame is the game of a record without a Game tag: the Ataxx
// tools write none.
const DefaultGame = "ataxx"

// MaxSize bounds the text read: a tournament's file of thousands of games
// fits; anything larger is not a record file.
const MaxSize = 32 << 20

// Game is one game read from a record and replayed through its rules.
type Game struct {
	// Record is the game itself: rules, start position and moves.
	Record core.Record
	// Final is the position after the last move.
	Final core.Position
	// Result is the result the record gives ("1-0", "0-1", "1/2-1/2",
	// "*"). It is the replayed result when the moves end the game; a
	// decided result on an unfinished game is an adjudication (a tool
	// stopped the game) and is kept as given.
	Result string
	// Places are the places of a game of more than two players as the
	// Places tag gives them (nil without the tag).
	Places []int
	// Names holds who played each seat ("" when the record does not say).
	Names []string
	// Date is the day of the game; zero when unknown.
	Date time.Time
	// Tags are all the tag pairs as read, in order.
	Tags []Tag
	// Line is the line the game starts on.
	Line int
}

// Count tells how many games the text holds, without replaying them.
func Count(text string) (int, error) {
	games, err := split(text)
	return len(games), err
}

// ReadAll reads and replays every game of the text. The first game that
// does not read is the error.
func ReadAll(text string) ([]Game, error) {
	raws, err := split(text)
	if err != nil {
		return nil, err
	}
	out := make([]Game, 0, len(raws))
	for _, r := range raws {
		g, err := r.build()
		if err != nil {
			return nil, err
		}
		out = append(out, g)
	}
	return out, nil
}

// ReadGame reads and replays game n (1-based) of the text; the other
// games need only be well-formed text.
func ReadGame(text string, n int) (Game, error) {
	raws, err := split(text)
	if err != nil {
		return Game{}, err
	}
	if n < 1 || n > len(raws) {
		return Game{}, &Error{Err: fmt.Errorf("no game %d: the record holds %d %s", n, len(raws), plural(len(raws), "game", "games"))}
	}
	return raws[n-1].build()
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// ReadText reads the text of a record from r (a file, stdin) up to
// MaxSize bytes; a longer one is refused once MaxSize+1 bytes are read,
// never read whole.
func ReadText(r io.Reader) (string, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxSize+1))
	if err != nil {
		return "", err
	}
	if len(data) > MaxSize {
		return "", &Error{Err: fmt.Errorf("the record is too large (at most %d bytes)", MaxSize)}
	}
	return string(data), nil
}

func split(text string) ([]rawGame, error) {
	if len(text) > MaxSize {
		return nil, &Error{Err: fmt.Errorf("the record is too large (%d bytes, at most %d)", len(text), MaxSize)}
	}
	// A byte order mark (Windows editors write one) is not a move.
	raws, err := scan(strings.TrimPrefix(text, "\ufeff"))
	if err != nil {
		return nil, err
	}
	if len(raws) == 0 {
		return nil, &Error{Err: errNoGame}
	}
	return raws, nil
}

// build replays one game through its rules.
func (r *rawGame) build() (Game, error) {
	out := Game{Tags: append([]Tag(nil), r.tags...), Line: r.line}
	gameID := DefaultGame
	gameLine := r.line
	if t, ok := r.tag("Game"); ok {
		gameID, gameLine = t.Value, t.Line
	}
	g, err := core.Lookup(gameID)
	if err != nil {
		return out, &Error{Line: gameLine, Err: fmt.Errorf("tag Game: %w", err)}
	}
	// The options: Rules first, then the others the game has.
	var opts core.Options
	for _, spec := range g.OptionSpecs() {
		t, ok := r.tag(spec.Name)
		if !ok {
			continue
		}
		if err := spec.Set(&opts, t.Value); err != nil {
			return out, lineErr(t.Line, "tag %s: %v", spec.Name, err)
		}
	}
	rules := opts.Text(core.OptRules)
	if rules == "" {
		rules = g.RuleSets()[0]
	}
	var start core.Position
	if t, ok := r.tag("FEN"); ok {
		start, err = g.ParsePosition(t.Value, rules)
		if err != nil {
			return out, lineErr(t.Line, "tag FEN: %v", err)
		}
	} else {
		start, err = g.Start(opts)
		if err != nil {
			return out, lineErr(r.line, "%v", err)
		}
	}
	cur := start
	moves := make([]string, 0, len(r.moves))
	for _, m := range r.moves {
		if res := cur.Result(); res.Over {
			return out, lineErr(m.line, "move %s: %v (%s)", quote(m.text), core.ErrGameOver, describe(g, res, cur.Players()))
		}
		next, err := cur.Play(m.text)
		if err != nil {
			return out, lineErr(m.line, "move %s: %w", quote(m.text), err)
		}
		moves = append(moves, m.text)
		cur = next
	}
	out.Record = core.Record{Game: g.ID(), Rules: rules, Start: start.String(), Moves: moves}
	out.Final = cur
	if err := out.readResult(r, g); err != nil {
		return out, err
	}
	out.Names = make([]string, start.Players())
	for i := range out.Names {
		if t, ok := r.tag(SeatTag(g, i)); ok && t.Value != "?" {
			out.Names[i] = t.Value
		}
	}
	if t, ok := r.tag("Date"); ok {
		d, err := parseDate(t.Value)
		if err != nil {
			return out, lineErr(t.Line, "tag Date: %v", err)
		}
		out.Date = d
	}
	return out, nil
}

// readResult checks the result the record gives against the moves.
func (out *Game) readResult(r *rawGame, g core.Game) error {
	declared, line := r.result, r.resultLine
	if t, ok := r.tag("Result"); ok {
		if !isResult(t.Value) {
			return lineErr(t.Line, "tag Result: %s is not a result (1-0, 0-1, 1/2-1/2 or *)", quote(t.Value))
		}
		if declared == "" {
			declared, line = t.Value, t.Line
		} else if declared != t.Value {
			return lineErr(r.resultLine, "the moves end with %s but the Result tag (line %d) says %s", declared, t.Line, t.Value)
		}
	}
	if declared == "" {
		declared, line = Unknown, r.line
	}
	players := out.Final.Players()
	res := out.Final.Result()
	if players > 2 && declared != Unknown {
		return lineErr(line, "result %s: a game of %d players ends with * (its places go in a Places tag)", declared, players)
	}
	if res.Over && declared != Unknown {
		if want := resultToken(res, players); declared != want {
			return lineErr(line, "result %s, but the moves end the game with %s (%s)", declared, want, describe(g, res, players))
		}
	}
	out.Result = declared
	if res.Over && players <= 2 {
		out.Result = resultToken(res, players)
	}
	if t, ok := r.tag("Places"); ok {
		places, err := parsePlaces(t.Value, players)
		if err != nil {
			return lineErr(t.Line, "tag Places: %v", err)
		}
		if res.Over && res.Places != nil && !equalInts(places, res.Places) {
			return lineErr(t.Line, "tag Places: %s, but the moves end with %s", quote(t.Value), placesText(res.Places))
		}
		out.Places = places
	}
	return nil
}

// resultToken is the PGN result of r in a game of players players.
func resultToken(r core.Result, players int) string {
	switch {
	case !r.Over || players > 2:
		return Unknown
	case r.Winner == 0:
		return FirstWon
	case r.Winner == 1:
		return SecondWon
	}
	return Draw
}

// describe says who won, for errors.
func describe(g core.Game, r core.Result, players int) string {
	switch {
	case !r.Over:
		return "the game goes on"
	case players > 2 && r.Places != nil:
		return "places " + placesText(r.Places)
	case r.Winner == core.NoPlayer:
		return "a draw"
	}
	return g.PlayerName(r.Winner) + " won"
}

func placesText(p []int) string {
	parts := make([]string, len(p))
	for i, n := range p {
		parts[i] = strconv.Itoa(n)
	}
	return strings.Join(parts, " ")
}

func parsePlaces(v string, players int) ([]int, error) {
	fields := strings.Fields(v)
	if len(fields) != players {
		return nil, fmt.Errorf("%s names %d places for %d players", quote(v), len(fields), players)
	}
	out := make([]int, players)
	for i, f := range fields {
		n, err := strconv.Atoi(f)
		if err != nil || n < 0 || n > players {
			return nil, fmt.Errorf("place %s is not a number from 0 to %d", quote(f), players)
		}
		out[i] = n
	}
	return out, nil
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

var errDate = errors.New("a date is YYYY.MM.DD (parts unknown as ??), optionally followed by a time")

// parseDate reads YYYY.MM.DD as PGN writes it, or YYYY-MM-DD, either
// optionally followed by a time (the Ataxx tools write "2024-05-01
// 18:22:14"); unknown parts ("????.??.??") make the zero time.
func parseDate(v string) (time.Time, error) {
	day, _, _ := strings.Cut(strings.TrimSpace(v), " ")
	day, _, _ = strings.Cut(day, "T")
	sep := "."
	if strings.Contains(day, "-") {
		sep = "-"
	}
	parts := strings.Split(day, sep)
	if len(parts) != 3 || len(parts[0]) != 4 || len(parts[1]) != 2 || len(parts[2]) != 2 {
		return time.Time{}, fmt.Errorf("%s: %w", quote(v), errDate)
	}
	if strings.Contains(day, "?") {
		for _, p := range parts {
			if strings.Trim(p, "?") != "" && !allDigits(p) {
				return time.Time{}, fmt.Errorf("%s: %w", quote(v), errDate)
			}
		}
		return time.Time{}, nil
	}
	d, err := time.Parse("2006"+sep+"01"+sep+"02", day)
	if err != nil {
		return time.Time{}, fmt.Errorf("%s: %w", quote(v), errDate)
	}
	return d, nil
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}
