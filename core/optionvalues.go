package core

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// Options are the choices a new game is made from, by name: each option
// the game's OptionSpecs name (OptRules, OptSize, or a game's own) with
// its value as text, in the order they were set. Names match whatever
// their case, as the engine protocol and game records read them. An
// option left unset takes its default; the zero Options are the game
// nobody chose. Options are a value: With and Set never change a copy
// made before.
//
// Games read their own options by name (o.Int(OptSize)), after
// CheckOptions has checked them; so a new game with a new option needs
// no change here.
type Options struct {
	set []optionValue
}

type optionValue struct{ name, value string }

// find is the index of the option named name, or -1.
func (o Options) find(name string) int {
	for i, v := range o.set {
		if strings.EqualFold(v.name, name) {
			return i
		}
	}
	return -1
}

// Text is the value of the option named name, "" when unset.
func (o Options) Text(name string) string {
	if i := o.find(name); i >= 0 {
		return o.set[i].value
	}
	return ""
}

// Int is the value of the option named name as a number: 0 when unset or
// not a number (a checked number option always is one).
func (o Options) Int(name string) int {
	n, err := strconv.Atoi(o.Text(name))
	if err != nil {
		return 0
	}
	return n
}

// Has tells whether the option named name is set.
func (o Options) Has(name string) bool { return o.find(name) >= 0 }

// With returns o with the option named name set to value, unchecked (the
// game's Start checks it; OptionSpec.Set checks it at once). An empty
// value unsets it: the option then takes its default.
func (o Options) With(name, value string) Options {
	i := o.find(name)
	out := make([]optionValue, 0, len(o.set)+1)
	out = append(out, o.set...)
	switch {
	case value == "" && i >= 0:
		out = append(out[:i], out[i+1:]...)
	case value == "":
	case i >= 0:
		out[i].value = value
	default:
		out = append(out, optionValue{name, value})
	}
	if len(out) == 0 {
		out = nil
	}
	return Options{set: out}
}

// WithInt is With for a number; 0 unsets the option, as no option takes
// 0 (the zero Options are every default).
func (o Options) WithInt(name string, n int) Options {
	if n == 0 {
		return o.With(name, "")
	}
	return o.With(name, strconv.Itoa(n))
}

// Names lists the options set, in the order they were set.
func (o Options) Names() []string {
	names := make([]string, len(o.set))
	for i, v := range o.set {
		names[i] = v.name
	}
	return names
}

// Equal tells whether o and p set the same options to the same values
// (in any order).
func (o Options) Equal(p Options) bool {
	if len(o.set) != len(p.set) {
		return false
	}
	for _, v := range o.set {
		if i := p.find(v.name); i < 0 || p.set[i].value != v.value {
			return false
		}
	}
	return true
}

// String lists the options set as NAME=VALUE, in order ("Rules=standard
// Size=5"); "" for none.
func (o Options) String() string {
	parts := make([]string, len(o.set))
	for i, v := range o.set {
		parts[i] = v.name + "=" + v.value
	}
	return strings.Join(parts, " ")
}

// MarshalJSON writes the options as one object, as the struct of every
// game's fields wrote them before: each name in lower case, a number
// (but 0) as a JSON number ({"rules":"standard","size":5}).
func (o Options) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, v := range o.set {
		if i > 0 {
			b.WriteByte(',')
		}
		key, _ := json.Marshal(strings.ToLower(v.name))
		b.Write(key)
		b.WriteByte(':')
		// 0 stays text: as a number it would read back as unset.
		if n, err := strconv.Atoi(v.value); err == nil && n != 0 && strconv.Itoa(n) == v.value {
			b.WriteString(v.value)
		} else {
			val, _ := json.Marshal(v.value)
			b.Write(val)
		}
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// UnmarshalJSON reads what MarshalJSON writes, in the order written: a
// value may be a string or a whole number; "" and 0 leave the option
// unset, as they meant before.
func (o *Options) UnmarshalJSON(data []byte) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return fmt.Errorf("options: want a JSON object")
	}
	var out Options
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return fmt.Errorf("options: %w", err)
		}
		name := t.(string) // an object's keys are strings
		var raw any
		if err := dec.Decode(&raw); err != nil {
			return fmt.Errorf("options: %s: %w", name, err)
		}
		switch v := raw.(type) {
		case string:
			out = out.With(name, v)
		case json.Number:
			n, err := strconv.Atoi(v.String())
			if err != nil {
				return fmt.Errorf("options: %s: %s is not a whole number", name, v)
			}
			out = out.WithInt(name, n)
		default:
			return fmt.Errorf("options: %s: want a string or a number", name)
		}
	}
	if _, err := dec.Token(); err != nil {
		return fmt.Errorf("options: %w", err)
	}
	*o = out
	return nil
}
