package storage

import (
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/jumpers-game/jumpers/core/cube"
	"github.com/jumpers-game/jumpers/core/record"
)

// A record names each seat: its name, else the computer's level; its seat
// tags give the seats back (kinds, levels, styles), unknown values left to
// the game's defaults, one-line names; nil when it says nothing of them.
func TestRecordNamesAndSeats(t *testing.T) {
	seats := []Seat{{Kind: Human}, {Kind: Computer, Level: "Expert", Style: cube.Newton}, {Kind: Computer}, {Kind: Human, Name: "Ann"}}
	got := RecordNames(seats)
	if want := []string{"", "Computer (Expert)", "Computer", "Ann"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("names %q, want %q", got, want)
	}
	g := cube.Game{}
	rg := record.Game{Names: got, Tags: RecordSeatTags(g, seats)}
	if back := SeatsFromRecord(g, rg); !reflect.DeepEqual(back, seats) {
		t.Fatalf("seats %+v, want %+v (tags %v)", back, seats, rg.Tags)
	}
	if SeatsFromRecord(g, record.Game{Names: []string{"", ""}}) != nil {
		t.Fatal("seats for a record that names nobody")
	}
	// Another tool's program (a level not ours) stays a named human seat;
	// a level and style spelt otherwise are ours.
	odd := record.Game{Names: []string{"Bo\nthe\tbold", strings.Repeat("é", 100)}, Tags: []record.Tag{
		{Name: "BlueType", Value: "program"}, {Name: "BlueLevel", Value: "Grandmaster"},
	}}
	back := SeatsFromRecord(g, odd)
	if len(back) != 2 || back[0].Kind != Human || back[0].Name != "Bo the bold" || back[1].Kind != Human ||
		back[1].Name == "" || len(back[1].Name) > MaxNameLen {
		t.Fatalf("seats %+v", back)
	}
	ours := record.Game{Names: []string{"", "Computer (Expert)"}, Tags: []record.Tag{
		{Name: "BlueType", Value: "PROGRAM"}, {Name: "BlueLevel", Value: "expert"}, {Name: "BlueStyle", Value: "newton"},
	}}
	if got := SeatsFromRecord(g, ours); len(got) != 2 || got[1] != (Seat{Kind: Computer, Level: "Expert", Style: cube.Newton}) {
		t.Fatalf("seats %+v", got)
	}
	if err := checkLine("name", back[1].Name); err != nil {
		t.Fatal(err)
	}
}

// ReadLimited reads a regular file up to its limit and refuses the rest.
func TestReadLimited(t *testing.T) {
	dir := t.TempDir()
	path := dir + "/r.pgn"
	if err := os.WriteFile(path, []byte("12345"), 0o644); err != nil {
		t.Fatal(err)
	}
	if data, err := ReadLimited(path, 5); err != nil || string(data) != "12345" {
		t.Fatalf("read %q %v", data, err)
	}
	if _, err := ReadLimited(path, 4); err == nil || !strings.Contains(err.Error(), "too large") {
		t.Fatalf("over the limit: %v", err)
	}
	if _, err := ReadLimited(dir, 5); err == nil || !strings.Contains(err.Error(), "a folder, not a file") {
		t.Fatalf("a folder: %v", err)
	}
}
