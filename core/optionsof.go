package core

import "strconv"

// maxOptionTries bounds OptionsOf's search: the games' option spaces are
// a few dozen combinations; a game with a much larger one gets no answer
// rather than a slow one.
const maxOptionTries = 4096

// OptionsOf finds the options a game of g was started from, given its
// rule set and start position text (a game record holds those, not the
// options): the combination of the option specs' values whose start
// position is start. ok is false when none is (a game started from a
// position text). "New game" uses it to offer the options of the game on
// screen.
func OptionsOf(g Game, rules, start string) (Options, bool) {
	specs := g.OptionSpecs()
	values := make([][]string, len(specs))
	total := 1
	for i, s := range specs {
		switch {
		case s.Name == OptRules && rules != "":
			values[i] = []string{rules}
		case s.Kind == IntRange:
			for n := s.Min; n <= s.Max; n++ {
				values[i] = append(values[i], strconv.Itoa(n))
			}
		default:
			values[i] = s.Choices
		}
		total *= max(1, len(values[i]))
		if total > maxOptionTries {
			return Options{}, false
		}
	}
	idx := make([]int, len(specs))
	for {
		var o Options
		ok := true
		for i, s := range specs {
			if len(values[i]) > 0 && s.Set(&o, values[i][idx[i]]) != nil {
				ok = false
			}
		}
		if ok {
			if p, err := g.Start(o); err == nil && p.String() == start {
				return o, true
			}
		}
		// the next combination
		i := 0
		for ; i < len(idx); i++ {
			idx[i]++
			if idx[i] < len(values[i]) {
				break
			}
			idx[i] = 0
		}
		if i == len(idx) {
			return Options{}, false
		}
	}
}
