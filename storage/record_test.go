package storage

import (
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
