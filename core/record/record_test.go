package record_test

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"pgregory.net/rapid"

	"github.com/jumpers-game/jumpers/core"
	_ "github.com/jumpers-game/jumpers/core/ataxx"
	_ "github.com/jumpers-game/jumpers/core/chinesecheckers"
	_ "github.com/jumpers-game/jumpers/core/cube"
	"github.com/jumpers-game/jumpers/core/record"
	"github.com/jumpers-game/jumpers/storage"
)

// tb is what the helpers need of *testing.T and *rapid.T.
type tb interface {
	Helper()
	Fatal(args ...any)
	Fatalf(format string, args ...any)
}

func lookup(t tb, id string) core.Game {
	t.Helper()
	g, err := core.Lookup(id)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// canonical is rec with the rule set spelt out, as a record names it.
func canonical(t tb, rec core.Record) core.Record {
	t.Helper()
	if rec.Rules == "" {
		rec.Rules = lookup(t, rec.Game).RuleSets()[0]
	}
	if rec.Moves == nil {
		rec.Moves = []string{}
	}
	return rec
}

// roundTrip writes rec, reads it back and checks that the game, the
// result, the names and the date come back as they were.
func roundTrip(t tb, rec core.Record, info record.Info) record.Game {
	t.Helper()
	text, err := record.Format(rec, info)
	if err != nil {
		t.Fatalf("format %+v: %v", rec, err)
	}
	got, err := record.ReadGame(text, 1)
	if err != nil {
		t.Fatalf("read back: %v\n%s", err, text)
	}
	want := canonical(t, rec)
	if !reflect.DeepEqual(got.Record, want) {
		t.Fatalf("record %+v\nread back as %+v\n%s", want, got.Record, text)
	}
	positions, err := rec.Replay()
	if err != nil {
		t.Fatal(err)
	}
	final := positions[len(positions)-1]
	if !reflect.DeepEqual(got.Final.Result(), final.Result()) || got.Final.String() != final.String() {
		t.Fatalf("final %v %+v, read back %v %+v", final, final.Result(), got.Final, got.Final.Result())
	}
	if r := final.Result(); r.Over && final.Players() > 2 && !reflect.DeepEqual(got.Places, r.Places) {
		t.Fatalf("places %v, read back %v\n%s", r.Places, got.Places, text)
	}
	for i := range got.Names {
		want := ""
		if i < len(info.Names) {
			want = info.Names[i]
		}
		if got.Names[i] != want {
			t.Fatalf("name %d %q, read back %q\n%s", i, want, got.Names[i], text)
		}
	}
	if !got.Date.Equal(info.Date) {
		t.Fatalf("date %v, read back %v", info.Date, got.Date)
	}
	// A game the rules ended says why, as the final position does; a game
	// that goes on says nothing.
	if _, ok := tagOf(got, record.TerminationTag); ok != (final.Result().Over && final.Result().Reason != "") ||
		tagValue(got, record.TerminationTag) != record.Termination(final) {
		t.Fatalf("termination %q, want %q (result %+v)\n%s", tagValue(got, record.TerminationTag), record.Termination(final), final.Result(), text)
	}
	// Written once more, the text is the same: nothing drifts.
	again, err := record.Format(got.Record, record.Info{Names: got.Names, Date: got.Date})
	if err != nil || again != text {
		t.Fatalf("written again (%v):\n%s\nfirst:\n%s", err, again, text)
	}
	return got
}

// randomOptions draws any options of g the game offers.
func randomOptions(t *rapid.T, g core.Game) core.Options {
	var o core.Options
	for _, s := range g.OptionSpecs() {
		var v string
		if s.Kind == core.IntRange {
			v = strconv.Itoa(rapid.IntRange(s.Min, s.Max).Draw(t, s.Name))
		} else {
			v = rapid.SampledFrom(s.Choices).Draw(t, s.Name)
		}
		if err := s.Set(&o, v); err != nil {
			t.Fatal(err)
		}
	}
	return o
}

// playRandom plays up to n random legal moves from h's position.
func playRandom(t *rapid.T, h *core.History, n int, label string) {
	for i := 0; i < n; i++ {
		moves := h.Current().Moves()
		if len(moves) == 0 {
			return
		}
		m := moves[rapid.IntRange(0, len(moves)-1).Draw(t, label)]
		if err := h.Play(m); err != nil {
			t.Fatalf("legal move %q refused: %v", m, err)
		}
	}
}

var names = rapid.SampledFrom([]string{"", "Ann", `Bo "the hat"`, `back\slash`, "Computer (Expert)", "Zoë", "  "})

// Export then import gives back the same game, in every game and every
// option, from the standard start or from any position reached by play
// (written as FEN), with the names and the date.
func TestRoundTripProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		g := lookup(t, rapid.SampledFrom([]string{"cube", "ataxx", "chinesecheckers"}).Draw(t, "game"))
		opts := randomOptions(t, g)
		start, err := g.Start(opts)
		if err != nil {
			t.Fatal(err)
		}
		if rapid.Bool().Draw(t, "fen") {
			h := core.NewHistory(start, opts.Text(core.OptRules))
			playRandom(t, h, rapid.IntRange(1, 12).Draw(t, "prefix"), "prefix move")
			start = h.Current()
		}
		if rapid.Bool().Draw(t, "default rules") && opts.Text(core.OptRules) == g.RuleSets()[0] {
			opts = opts.With(core.OptRules, "")
		}
		h := core.NewHistory(start, opts.Text(core.OptRules))
		playRandom(t, h, rapid.IntRange(0, 400).Draw(t, "moves"), "move")
		info := record.Info{}
		for i := 0; i < start.Players(); i++ {
			n := names.Draw(t, "name")
			if strings.TrimSpace(n) == "" {
				n = ""
			}
			info.Names = append(info.Names, n)
		}
		if rapid.Bool().Draw(t, "dated") {
			info.Date = time.Date(rapid.IntRange(1990, 2100).Draw(t, "year"), time.Month(rapid.IntRange(1, 12).Draw(t, "month")), rapid.IntRange(1, 28).Draw(t, "day"), 0, 0, 0, 0, time.UTC)
		}
		roundTrip(t, h.Record(), info)
	})
}

// A finished game keeps its result, and a standard start names its
// options instead of a FEN.
func TestFinishedGameResult(t *testing.T) {
	g := lookup(t, "cube")
	start, err := g.Start(core.Options{}.WithInt(core.OptSize, 2))
	if err != nil {
		t.Fatal(err)
	}
	h := core.NewHistory(start, "")
	for _, m := range finishedCube(t) {
		if err := h.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	res := h.Current().Result()
	if !res.Over {
		t.Fatalf("the game is not over: %v", h.Current())
	}
	text, err := record.Format(h.Record(), record.Info{})
	if err != nil {
		t.Fatal(err)
	}
	want := map[int]string{0: "1-0", 1: "0-1"}[res.Winner]
	if !strings.Contains(text, `[Result "`+want+`"]`) || !strings.HasSuffix(strings.TrimSpace(text), want) {
		t.Fatalf("result %s missing:\n%s", want, text)
	}
	if strings.Contains(text, "[FEN") || !strings.Contains(text, `[Size "2"]`) {
		t.Fatalf("a standard start names its size, not a FEN:\n%s", text)
	}
	roundTrip(t, h.Record(), record.Info{})
}

// finishedCube is a whole 2x2 Jumping Cube game: each side plays its
// first legal move until one wins.
func finishedCube(t tb) []string {
	t.Helper()
	pos, err := lookup(t, "cube").Start(core.Options{}.WithInt(core.OptSize, 2))
	if err != nil {
		t.Fatal(err)
	}
	var moves []string
	for !pos.Result().Over {
		if len(moves) > 100 {
			t.Fatal("a 2x2 game that does not end")
		}
		m := pos.Moves()[0]
		if pos, err = pos.Play(m); err != nil {
			t.Fatal(err)
		}
		moves = append(moves, m)
	}
	return moves
}

// Every save of the test data round-trips.
func TestRoundTripSaves(t *testing.T) {
	files, err := filepath.Glob("../../storage/testdata/*.json")
	if err != nil || len(files) == 0 {
		t.Fatalf("no saves: %v", err)
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			sv, _, err := storage.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			roundTrip(t, sv.Record(), record.Info{Date: sv.Created.UTC().Truncate(24 * time.Hour)})
		})
	}
}

// tagOf is the value of g's tag name, and whether g has one.
func tagOf(g record.Game, name string) (string, bool) {
	for _, t := range g.Tags {
		if t.Name == name {
			return t.Value, true
		}
	}
	return "", false
}

func tagValue(g record.Game, name string) string {
	for _, t := range g.Tags {
		if t.Name == name {
			return t.Value
		}
	}
	return ""
}

// A file as the Ataxx tools write it (cuteataxx: a FEN tag on every game,
// a Date with a time, FinalFEN, Adjudicated, Winner, Loser, PlyCount and
// Material tags, a comment after every move, passes as 0000, a game that
// o starts with "1... g6", an adjudicated result) imports unchanged.
func TestAtaxxToolsPGN(t *testing.T) {
	data, err := os.ReadFile("testdata/cuteataxx.pgn")
	if err != nil {
		t.Fatal(err)
	}
	games, err := record.ReadAll(string(data))
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != 3 {
		t.Fatalf("%d games, want 3", len(games))
	}
	passes := 0
	for i, g := range games {
		if g.Record.Game != "ataxx" || g.Record.Rules != "standard" {
			t.Errorf("game %d: %s %s, want ataxx standard", i+1, g.Record.Game, g.Record.Rules)
		}
		if g.Final.String() != tagValue(g, "FinalFEN") {
			t.Errorf("game %d ends at %s, FinalFEN %s", i+1, g.Final, tagValue(g, "FinalFEN"))
		}
		if strconv.Itoa(len(g.Record.Moves)) != tagValue(g, "PlyCount") {
			t.Errorf("game %d: %d moves, PlyCount %s", i+1, len(g.Record.Moves), tagValue(g, "PlyCount"))
		}
		if g.Result != tagValue(g, "Result") {
			t.Errorf("game %d: result %s, tag %s", i+1, g.Result, tagValue(g, "Result"))
		}
		if g.Names[0] != tagValue(g, "Black") || g.Names[1] != tagValue(g, "White") {
			t.Errorf("game %d: names %q", i+1, g.Names)
		}
		if want := time.Date(2026, 11, 20, 0, 0, 0, 0, time.UTC); !g.Date.Equal(want) {
			t.Errorf("game %d: date %v", i+1, g.Date)
		}
		for _, m := range g.Record.Moves {
			if m == "0000" {
				passes++
			}
		}
	}
	if !games[0].Final.Result().Over || games[0].Final.Result().Winner != 0 {
		t.Errorf("game 1 should end with x's win: %+v", games[0].Final.Result())
	}
	if g := games[1]; g.Record.Start != "x5o/7/7/7/---4/xx-4/ox-3x o 0 1" || g.Record.Moves[0] != "g6" {
		t.Errorf("game 2 starts at %s with %s", g.Record.Start, g.Record.Moves[0])
	}
	if passes == 0 {
		t.Error("no pass read")
	}
	if g := games[2]; g.Final.Result().Over || g.Result != "0-1" || tagValue(g, "Adjudicated") == "" {
		t.Errorf("game 3 is adjudicated 0-1 before the end: %s %+v", g.Result, g.Final.Result())
	}
	// Written by us and read again, each stays the same game.
	for _, g := range games {
		roundTrip(t, g.Record, record.Info{Names: g.Names, Date: g.Date})
	}
}

// What PGN allows in movetext is read: numbers glued to moves or not,
// "12..." for the second player, comments of both kinds, NAGs, marks,
// variations, escaped quotes; a record without tags is Ataxx.
func TestReadPGNSyntax(t *testing.T) {
	text := "\ufeff% a line for other programs\r\n" +
		`[Event "a \"quoted\" name with a \\ backslash"]` + "\n" +
		`[Black "x player"]` + "\n\n" +
		"1.f2 $1 a1b3 ; a comment to the end of the line\n" +
		"2. e1!? (2. g2 a2 (2... b1)) {a comment\nover two lines} 2... b3c1 $14 *\n" +
		"\n1. f2 a2 1/2-1/2\n"
	games, err := record.ReadAll(text)
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != 2 {
		t.Fatalf("%d games, want 2", len(games))
	}
	if got := strings.Join(games[0].Record.Moves, " "); got != "f2 a1b3 e1 b3c1" {
		t.Errorf("moves %q", got)
	}
	if got := tagValue(games[0], "Event"); got != `a "quoted" name with a \ backslash` {
		t.Errorf("event %q", got)
	}
	if games[0].Names[0] != "x player" || games[0].Record.Game != "ataxx" {
		t.Errorf("game 1: %+v", games[0])
	}
	if games[1].Line != 9 || games[1].Result != "1/2-1/2" {
		t.Errorf("game 2 starts on line %d with result %s", games[1].Line, games[1].Result)
	}
	if n, err := record.Count(text); n != 2 || err != nil {
		t.Errorf("count %d %v", n, err)
	}
	if _, err := record.ReadGame(text, 3); err == nil || !strings.Contains(err.Error(), "holds 2 games") {
		t.Errorf("game 3 of 2: %v", err)
	}
}

// Malformed records are refused with the line and the reason.
func TestMalformed(t *testing.T) {
	cube := "[Game \"cube\"]\n[Size \"3\"]\n\n"
	// A whole 2x2 game, won by the first player or the second.
	won := finishedCube(t)
	pos, err := record.ReadGame("[Game \"cube\"]\n[Size \"2\"]\n\n"+strings.Join(won, " "), 1)
	if err != nil {
		t.Fatal(err)
	}
	winner, loser := "1-0", "0-1"
	if pos.Final.Result().Winner == 1 {
		winner, loser = loser, winner
	}
	small := "[Game \"cube\"]\n[Size \"2\"]\n\n" + strings.Join(won, " ")
	for _, c := range []struct{ name, text, want string }{
		{"empty", "", "no game"},
		{"only comments", "{nothing}\n; here\n", "no game"},
		{"unknown game", "[Game \"chess\"]\n\n1. e4 *\n", `line 1: tag Game: unknown game "chess"`},
		{"bad size", "[Game \"cube\"]\n[Size \"99\"]\n", "line 2: tag Size: size 99 is out of range (2 to 15)"},
		{"bad rules", "[Game \"ataxx\"]\n[Rules \"chess\"]\n", `line 2: tag Rules: unknown rules "chess"`},
		{"bad players", "[Game \"chinesecheckers\"]\n[Players \"5\"]\n", "line 2: tag Players: players 5 is out of range"},
		{"bad FEN", "[FEN \"x5o/7 x\"]\n\n1. f2 *\n", "line 1: tag FEN:"},
		{"illegal move", cube + "1. 1:1 1:1 *\n", `line 4: move "1:1":`},
		{"not a move", "\n\n[Game \"ataxx\"]\n\n1. f2 a2 2. a1a4 *\n", `line 5: move "a1a4":`},
		{"move after the end", small + " 1:1 *\n", `line 4: move "1:1": the game is over`},
		{"results differ", "[Result \"1-0\"]\n\n1. f2 0-1\n", "line 3: the moves end with 0-1 but the Result tag (line 1) says 1-0"},
		{"bad result tag", "[Result \"2-0\"]\n", `line 1: tag Result: "2-0" is not a result`},
		{"wrong result", small + " " + loser + "\n", "line 4: result " + loser + ", but the moves end the game with " + winner},
		{"multi-player result", "[Game \"chinesecheckers\"]\n[Players \"3\"]\n\n1-0\n", "line 4: result 1-0: a game of 3 players ends with *"},
		{"bad places", "[Game \"chinesecheckers\"]\n[Players \"3\"]\n[Places \"1 2\"]\n", "line 3: tag Places:"},
		{"bad date", "[Date \"yesterday\"]\n", `line 1: tag Date: "yesterday"`},
		{"comment not closed", "[Game \"cube\"]\n\n1. 1:1 { never\nclosed\n", "line 3: comment { is never closed"},
		{"variation not closed", "1. f2 ( a1\n", "line 1: variation ( is never closed"},
		{"tag not closed", "[Event \"open\n", "line 1: tag Event: the value's closing quote is missing"},
		{"tag without quotes", "[Event open]\n", "line 1: tag Event: the value must be in double quotes"},
		{"tag without name", "[ \"x\"]\n", "line 1: a tag pair is"},
		{"tag without bracket", "[Event \"x\" 1. f2\n", "line 1: tag Event: ] missing"},
		{"tag twice", "[Game \"cube\"]\n[Game \"ataxx\"]\n", "line 2: tag Game given twice (first on line 1)"},
		{"bare NAG", "1. f2 $x\n", "line 1: a NAG is $ and a number"},
		{"stray bracket", "1. f2 ]\n", "line 1: unexpected ']'"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := record.ReadAll(c.text)
			if err == nil {
				t.Fatalf("read without error, want %q", c.want)
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error %q, want %q", err, c.want)
			}
			var re *record.Error
			if !errors.As(err, &re) {
				t.Fatalf("error %T is not a *record.Error", err)
			}
			if strings.HasPrefix(c.want, "line ") != (re.Line > 0) {
				t.Fatalf("line %d in %q", re.Line, err)
			}
		})
	}
}

// A record that does not replay is not written.
func TestWriteRefusesBadRecord(t *testing.T) {
	rec := core.Record{Game: "ataxx", Start: "x5o/7/7/7/7/7/o5x x 0 1", Moves: []string{"f2", "f2"}}
	if _, err := record.Format(rec, record.Info{}); err == nil {
		t.Fatal("a record with an illegal move was written")
	}
	if _, err := record.Format(core.Record{Game: "chess"}, record.Info{}); err == nil {
		t.Fatal("a record of an unknown game was written")
	}
}

// The parser never panics, and whatever it reads replays and writes again
// into a record that reads back the same.
func FuzzRead(f *testing.F) {
	// One game of the Ataxx tools' file: the whole file makes the
	// fuzzer's minimisation of each new input take its full minute.
	if data, err := os.ReadFile("testdata/cuteataxx.pgn"); err == nil {
		first, _, _ := strings.Cut(string(data), "\n\n\n")
		f.Add(first)
	}
	f.Add("[Game \"cube\"]\n[Size \"3\"]\n\n1. 1:1 2:2 2. 1:3 *\n")
	f.Add("[Game \"chinesecheckers\"]\n[Players \"3\"]\n[Places \"1 2 3\"]\n\n1. c1e5 *\n")
	f.Add("1.f2 {x} a1b3 ; c\n2... 0000 $2 (1. g1) 1/2-1/2\n[Result \"*\"]\n")
	f.Fuzz(func(t *testing.T, text string) {
		games, err := record.ReadAll(text)
		if err != nil {
			var re *record.Error
			if !errors.As(err, &re) {
				t.Fatalf("error %T %v is not a *record.Error", err, err)
			}
			return
		}
		for _, g := range games {
			out, err := record.Format(g.Record, record.Info{Names: g.Names, Date: g.Date})
			if err != nil {
				t.Fatalf("a game read does not write: %v", err)
			}
			back, err := record.ReadGame(out, 1)
			if err != nil {
				t.Fatalf("written game does not read: %v\n%s", err, out)
			}
			if !reflect.DeepEqual(back.Record, g.Record) {
				t.Fatalf("%+v\nread back as %+v", g.Record, back.Record)
			}
		}
	})
}

// A finished game of three players ends with * and its places: the
// default profile's move limit ends a game of legal moves in 300 moves.
func TestPlacesOfAFinishedMultiPlayerGame(t *testing.T) {
	h := playThreeToTheEnd(t)
	res := h.Current().Result()
	text, err := record.Format(h.Record(), record.Info{})
	if err != nil {
		t.Fatal(err)
	}
	want := `[Places "` + joinInts(res.Places) + `"]`
	if !strings.Contains(text, want) || !strings.Contains(text, `[Result "*"]`) || !strings.HasSuffix(strings.TrimSpace(text), "*") {
		t.Fatalf("want %s and *:\n%s", want, text)
	}
	got := roundTrip(t, h.Record(), record.Info{})
	if !reflect.DeepEqual(got.Places, res.Places) {
		t.Fatalf("places %v, read back %v", res.Places, got.Places)
	}
	// Places that the moves contradict are refused.
	other := append([]int(nil), res.Places...)
	other[0], other[1] = other[1], other[0]
	if other[0] == other[1] {
		other[0] = 0
	}
	bad := strings.Replace(text, want, `[Places "`+joinInts(other)+`"]`, 1)
	if _, err := record.ReadGame(bad, 1); err == nil || !strings.Contains(err.Error(), "tag Places") {
		t.Fatalf("contradicted places: %v", err)
	}
}

func joinInts(v []int) string {
	parts := make([]string, len(v))
	for i, n := range v {
		parts[i] = strconv.Itoa(n)
	}
	return strings.Join(parts, " ")
}

// playThreeToTheEnd plays a three-player Chinese Checkers game of legal
// moves chosen by a fixed rule until its rules end it: the default
// profile's move limit ends it within 300 moves, the stall rule sooner.
func playThreeToTheEnd(t *testing.T) *core.History {
	t.Helper()
	g := lookup(t, "chinesecheckers")
	start, err := g.Start(core.Options{}.WithInt(core.OptPlayers, 3))
	if err != nil {
		t.Fatal(err)
	}
	h := core.NewHistory(start, "")
	for i := 0; !h.Current().Result().Over; i++ {
		if i > 400 {
			t.Fatal("the move limit did not end the game")
		}
		moves := h.Current().Moves()
		if err := h.Play(moves[(i*31)%len(moves)]); err != nil {
			t.Fatal(err)
		}
	}
	return h
}
