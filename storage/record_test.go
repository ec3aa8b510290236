package storage

import (
	"os"
	"reflect"
	"strings"
	"testing"
)

// A record names each seat: its name, else the computer's level; seats
// read from a record are humans with one-line names, nil when unnamed.
func TestRecordNames(t *testing.T) {
	got := RecordNames([]Seat{{Kind: Human}, {Kind: Computer, Level: "Expert"}, {Kind: Computer}, {Kind: Human, Name: "Ann"}})
	if want := []string{"", "Computer (Expert)", "Computer", "Ann"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("names %q, want %q", got, want)
	}
	if SeatsFromNames([]string{"", ""}) != nil {
		t.Fatal("seats for a record that names nobody")
	}
	seats := SeatsFromNames([]string{"Bo\nthe\tbold", strings.Repeat("é", 100)})
	if len(seats) != 2 || seats[0].Kind != Human || seats[0].Name != "Bo the bold" || len(seats[1].Name) > MaxNameLen {
		t.Fatalf("seats %+v", seats)
	}
	if err := checkLine("name", seats[1].Name); err != nil {
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
