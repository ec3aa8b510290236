package main

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/arena"
	"github.com/jumpers-game/jumpers/core/record"
)

// recordedGames reads a record file written by arena --record: every game
// replays through the rules (ReadAll replays them all).
func recordedGames(t *testing.T, path string) []record.Game {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	games, err := record.ReadAll(string(data))
	if err != nil {
		t.Fatalf("the record file does not read: %v\n%s", err, data)
	}
	return games
}

func tagOf(g record.Game, name string) string {
	for _, t := range g.Tags {
		if t.Name == name {
			return t.Value
		}
	}
	return ""
}

// placeOfA is A's place in a recorded game, from the result the record
// gives (two players) or its Places tag, and A's seat from its SeatA tag.
func placeOfA(t *testing.T, g record.Game) (place, players int) {
	t.Helper()
	seat, err := strconv.Atoi(tagOf(g, "SeatA"))
	players = g.Final.Players()
	if err != nil || seat < 1 || seat > players {
		t.Fatalf("game at line %d: SeatA %q", g.Line, tagOf(g, "SeatA"))
	}
	if players > 2 {
		if g.Places == nil {
			t.Fatalf("game at line %d: no places", g.Line)
		}
		return g.Places[seat-1], players
	}
	switch {
	case g.Result == record.Draw:
		return 0, 2
	case (g.Result == record.FirstWon) == (seat == 1):
		return 1, 2
	case g.Result == record.FirstWon || g.Result == record.SecondWon:
		return 2, 2
	}
	t.Fatalf("game at line %d: result %q", g.Line, g.Result)
	return 0, 0
}

// Every game of a two-player match is written in game-number order; the
// records replay to results that add up to the summary, name the players
// and A's seat, start with their opening, and import one by one.
func TestArenaRecordTwoPlayers(t *testing.T) {
	path := filepath.Join(t.TempDir(), "match.pgn")
	const games = 6
	out := ok(t, "arena", "--game", "chinesecheckers", "--a", "Beginner", "--b", "Novice", "--depth", "1",
		"--games", strconv.Itoa(games), "--book", "random:2", "--concurrency", "2", "--seed", "5", "--quiet", "--record", path)
	r := resultFields(t, out)
	recs := recordedGames(t, path)
	if len(recs) != games {
		t.Fatalf("%d records for %d games", len(recs), games)
	}
	var wins, draws, losses int
	for i, g := range recs {
		if got := tagOf(g, "Round"); got != strconv.Itoa(i+1) {
			t.Fatalf("record %d is round %q: want game-number order", i+1, got)
		}
		if tagOf(g, "SeatA") != strconv.Itoa(i%2+1) {
			t.Fatalf("game %d: SeatA %q, want %d (colours alternate)", i+1, tagOf(g, "SeatA"), i%2+1)
		}
		if g.Names[i%2] != "Beginner" || g.Names[1-i%2] != "Novice" || tagOf(g, "PlayerA") != "Beginner" || tagOf(g, "PlayerB") != "Novice" {
			t.Fatalf("game %d: seats %q, PlayerA %q, PlayerB %q", i+1, g.Names, tagOf(g, "PlayerA"), tagOf(g, "PlayerB"))
		}
		opening := strings.Fields(tagOf(g, "Opening"))
		if len(opening) != 2 || strings.Join(g.Record.Moves[:2], " ") != strings.Join(opening, " ") {
			t.Fatalf("game %d: opening %q, moves start %q", i+1, opening, g.Record.Moves[:2])
		}
		if !g.Final.Result().Over {
			t.Fatalf("game %d: the moves do not end the game", i+1)
		}
		if got, want := tagOf(g, "Termination"), g.Final.Result().Reason; got != want {
			t.Fatalf("game %d: Termination %q, want the rules' reason %q", i+1, got, want)
		}
		switch place, _ := placeOfA(t, g); place {
		case 1:
			wins++
		case 2:
			losses++
		default:
			draws++
		}
		imported := ok(t, "record", "import", path, "--game", strconv.Itoa(i+1))
		lines := strings.Split(strings.TrimSpace(imported), "\n")
		if want := g.Final.String(); lines[len(lines)-1] != want || !strings.Contains(imported, "result: "+g.Result+"\n") {
			t.Fatalf("game %d imports as\n%s\nwant result %s and final %s", i+1, imported, g.Result, want)
		}
	}
	if strconv.Itoa(wins) != r["wins"] || strconv.Itoa(draws) != r["draws"] || strconv.Itoa(losses) != r["losses"] {
		t.Fatalf("records give +%d =%d -%d, the summary %v", wins, draws, losses, r)
	}
}

// A three-player match: A's place in each record (its Places tag, checked
// against the moves when read) adds up to the summary's places.
func TestArenaRecordThreePlayers(t *testing.T) {
	path := filepath.Join(t.TempDir(), "three.pgn")
	out := ok(t, "arena", "--game", "chinesecheckers", "--players", "3", "--a", "Beginner", "--b", "Novice", "--depth", "1",
		"--games", "3", "--book", "random:3", "--seed", "2", "--quiet", "--record", path)
	r := resultFields(t, out)
	recs := recordedGames(t, path)
	if len(recs) != 3 {
		t.Fatalf("%d records for 3 games", len(recs))
	}
	var first, middle, last int
	for i, g := range recs {
		if g.Result != record.Unknown || g.Names[i] != "Beginner" || g.Names[(i+1)%3] != "Novice" {
			t.Fatalf("game %d: result %s, seats %q", i+1, g.Result, g.Names)
		}
		if r := g.Final.Result(); r.Over && tagOf(g, "Termination") != r.Reason {
			t.Fatalf("game %d: Termination %q, want the rules' reason %q", i+1, tagOf(g, "Termination"), r.Reason)
		}
		switch place, n := placeOfA(t, g); place {
		case 1:
			first++
		case n:
			last++
		default:
			middle++
		}
	}
	if strconv.Itoa(first) != r["wins"] || strconv.Itoa(middle) != r["draws"] || strconv.Itoa(last) != r["losses"] {
		t.Fatalf("records give places %d/%d/%d, the summary %v", first, middle, last, r)
	}
}

// A game the rules do not end (the match's move limit) is written as the
// arena scored it: an adjudicated draw with a Termination tag, and it reads.
func TestArenaRecordAdjudication(t *testing.T) {
	path := filepath.Join(t.TempDir(), "short.pgn")
	ok(t, "arena", "--game", "cube", "--size", "5", "--a", "Beginner", "--b", "Beginner", "--depth", "1",
		"--games", "2", "--max-plies", "6", "--quiet", "--record", path)
	for i, g := range recordedGames(t, path) {
		if g.Final.Result().Over || g.Result != record.Draw || len(g.Record.Moves) != 6 ||
			!strings.HasPrefix(tagOf(g, "Termination"), "adjudication") || tagOf(g, "ScoreA") != "0.5" {
			t.Fatalf("game %d: %d moves, result %s, tags %v", i+1, len(g.Record.Moves), g.Result, g.Tags)
		}
	}
}

// A path that cannot be written, or a file that already holds something,
// is refused before any game is played, and nothing is changed.
func TestArenaRecordRefusesBadPath(t *testing.T) {
	dir := t.TempDir()
	existing := filepath.Join(dir, "old.pgn")
	if err := os.WriteFile(existing, []byte("keep me\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]string{
		filepath.Join(dir, "missing", "x.pgn"): "no such file or directory",
		dir:                                    "not a regular file",
		existing:                               "the file exists",
	} {
		msg := refused(t, "arena", "--game", "cube", "--size", "3", "--a", "Beginner", "--b", "Beginner", "--games", "1", "--record", path)
		if !strings.Contains(msg, "--record") || !strings.Contains(msg, want) {
			t.Fatalf("--record %s: %q, want %q", path, msg, want)
		}
	}
	if data, _ := os.ReadFile(existing); string(data) != "keep me\n" {
		t.Fatalf("the existing file was changed: %q", data)
	}
	if _, err := os.Stat(filepath.Join(dir, "missing")); err == nil {
		t.Fatal("a directory was made")
	}
}

// Games that finish before an earlier one wait for it; when the match ends
// without it (interrupted), they are written all the same, in order. An
// empty file given (made by mktemp) is used.
func TestMatchRecordOrder(t *testing.T) {
	g, err := core.Lookup("cube")
	if err != nil {
		t.Fatal(err)
	}
	opts := core.Options{}.WithInt(core.OptSize, 3).With(core.OptRules, "standard")
	m := arena.Match{Game: g, Options: opts, A: arena.AI{Game: g, Level: "Beginner", Depth: 1}, B: arena.AI{Game: g, Level: "Beginner", Depth: 1}, Games: 4}
	sum, err := m.Play(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "empty.pgn")
	if err := os.WriteFile(path, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	rec, err := createMatchRecord(path)
	if err != nil {
		t.Fatal(err)
	}
	rec.match, rec.nameA, rec.nameB = m, "A", "B"
	for _, i := range []int{3, 0, 2} { // game 2 never finishes
		if !rec.add(sum.Games[i]) {
			t.Fatal(rec.err)
		}
	}
	if got := len(recordedGames(t, path)); got != 1 {
		t.Fatalf("before the end %d games are written, want game 1 alone", got)
	}
	if err := rec.close(); err != nil {
		t.Fatal(err)
	}
	var rounds []string
	for _, rg := range recordedGames(t, path) {
		rounds = append(rounds, tagOf(rg, "Round"))
	}
	if strings.Join(rounds, " ") != "1 3 4" {
		t.Fatalf("rounds %v, want 1 3 4", rounds)
	}
}
