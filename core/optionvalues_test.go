package core_test

import (
	"encoding/json"
	"testing"

	"github.com/jumpers-game/jumpers/core"
	"pgregory.net/rapid"
)

// legacyOptions is core.Options as it was, a struct of every game's fields:
// what it wrote as JSON is what Options write and read.
type legacyOptions struct {
	Rules   string `json:"rules,omitempty"`
	Size    int    `json:"size,omitempty"`
	Players int    `json:"players,omitempty"`
	Layout  string `json:"layout,omitempty"`
}

func drawLegacy(t *rapid.T) legacyOptions {
	text := rapid.SampledFrom([]string{"", "standard", "seed+", "cross", `q"uote\`, "é"})
	return legacyOptions{
		Rules:   text.Draw(t, "rules"),
		Size:    rapid.IntRange(-3, 20).Draw(t, "size"),
		Players: rapid.SampledFrom([]int{0, 2, 3, 6}).Draw(t, "players"),
		Layout:  text.Draw(t, "layout"),
	}
}

// byName builds the same choices as named options, in the struct's order.
func byName(l legacyOptions) core.Options {
	return core.Options{}.With(core.OptRules, l.Rules).WithInt(core.OptSize, l.Size).
		WithInt(core.OptPlayers, l.Players).With(core.OptLayout, l.Layout)
}

// Options by name write the JSON the struct wrote, byte for byte, and read
// it back to the same options; what the struct wrote reads as the same
// options, and the getters give the struct's fields.
func TestOptionsJSONAsTheStructWroteIt(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		l := drawLegacy(t)
		o := byName(l)
		want, _ := json.Marshal(l)
		got, err := json.Marshal(o)
		if err != nil || string(got) != string(want) {
			t.Fatalf("%+v writes %s (%v), the struct wrote %s", l, got, err, want)
		}
		var back core.Options
		if err := json.Unmarshal(want, &back); err != nil || !back.Equal(o) {
			t.Fatalf("%s reads as %v (%v), want %v", want, back, err, o)
		}
		if back.Text(core.OptRules) != l.Rules || back.Int(core.OptSize) != l.Size ||
			back.Int(core.OptPlayers) != l.Players || back.Text(core.OptLayout) != l.Layout {
			t.Fatalf("%s reads as %v, not the fields %+v", want, back, l)
		}
	})
}

// Options are a value: setting an option on a copy leaves the original as
// it was; names match whatever their case; "" and 0 unset.
func TestOptionsAreValues(t *testing.T) {
	a := core.Options{}.WithInt(core.OptSize, 5)
	b := a.With("size", "7")
	c := a
	if err := (core.OptionSpec{Name: core.OptSize, Kind: core.IntRange, Min: 1, Max: 9}).Set(&c, "3"); err != nil {
		t.Fatal(err)
	}
	if a.Int(core.OptSize) != 5 || b.Int("SIZE") != 7 || c.Int(core.OptSize) != 3 || len(b.Names()) != 1 {
		t.Fatalf("a %v, b %v, c %v", a, b, c)
	}
	if a.With(core.OptSize, "").Has(core.OptSize) || a.WithInt(core.OptSize, 0).Has(core.OptSize) {
		t.Fatal("an empty value or 0 leaves the option set")
	}
	// A game's own option needs nothing of core.
	spec := core.OptionSpec{Name: "Komi", Kind: core.Choice, Default: "0", Choices: []string{"0", "5", "7"}}
	var o core.Options
	if err := spec.Set(&o, "9"); err == nil || o.Has("Komi") {
		t.Fatalf("komi 9 accepted: %v", o)
	}
	if err := spec.Set(&o, "7"); err != nil || o.Int("Komi") != 7 || spec.Value(o) != "7" || o.String() != "Komi=7" {
		t.Fatalf("komi 7: %v (%v)", o, err)
	}
}

func FuzzOptionsUnmarshalJSON(f *testing.F) {
	for _, s := range []string{`{}`, `{"rules":"standard","size":5}`, `{"players":6,"layout":"cross"}`, `{"size":"x"}`, `{"size":1.5}`, `[1]`, `{"a":null}`, `{"size":0,"rules":""}`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data string) {
		var o core.Options
		if err := json.Unmarshal([]byte(data), &o); err != nil {
			if len(o.Names()) != 0 {
				t.Fatalf("a refused %q left options %v", data, o)
			}
			return
		}
		out, err := json.Marshal(o)
		if err != nil {
			t.Fatal(err)
		}
		var back core.Options
		if err := json.Unmarshal(out, &back); err != nil || !back.Equal(o) {
			t.Fatalf("%q reads as %v, writes %s, which reads as %v (%v)", data, o, out, back, err)
		}
	})
}
