package search

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/jumpers-game/jumpers/core"
)

// Tuning is a change to a game's selective-search settings by name, for
// engine-against-engine experiments with one binary: the engine option
// Search ("null-depth=3,lmr-divisor=2") gives one side of a match other
// settings than the other (`jumpers-cli arena --a-opt Search=...`). The
// zero Tuning changes nothing.
type Tuning struct {
	names  []string // in the order given, for String
	values []float64
}

// tunable is one setting a Tuning may change.
type tunable struct {
	kind byte // 'i' a count, 'f' a real number, 'b' 0 or 1
	set  func(pr *Pruning, aspiration *int, v float64)
}

// tunables are the settings by name. A setting whose hook the game lacks
// (null-depth without Config.Null, weak-from without Config.Weak) changes
// nothing.
var tunables = map[string]tunable{
	"aspiration":        {'i', func(_ *Pruning, a *int, v float64) { *a = int(v) }},
	"rfp-margin":        {'i', func(p *Pruning, _ *int, v float64) { p.FutilityMargin = int(v) }},
	"rfp-depth":         {'i', func(p *Pruning, _ *int, v float64) { p.FutilityDepth = int(v) }},
	"rfp-first":         {'i', func(p *Pruning, _ *int, v float64) { p.FutilityFirstDepth = int(v) }},
	"lmp":               {'i', func(p *Pruning, _ *int, v float64) { p.LateMoves = int(v) }},
	"lmp-depth":         {'i', func(p *Pruning, _ *int, v float64) { p.LateMoveDepth = int(v) }},
	"lmr-divisor":       {'f', func(p *Pruning, _ *int, v float64) { p.ReductionDivisor = v }},
	"lmr-base":          {'f', func(p *Pruning, _ *int, v float64) { p.ReductionBase = v }},
	"lmr-from":          {'i', func(p *Pruning, _ *int, v float64) { p.ReductionFrom = int(v) }},
	"lmr-pv":            {'b', func(p *Pruning, _ *int, v float64) { p.ReducePV = v != 0 }},
	"lmr-root":          {'b', func(p *Pruning, _ *int, v float64) { p.ReduceRoot = v != 0 }},
	"futility":          {'i', func(p *Pruning, _ *int, v float64) { p.MoveFutility = int(v) }},
	"futility-per-ply":  {'i', func(p *Pruning, _ *int, v float64) { p.MoveFutilityPerPly = int(v) }},
	"futility-depth":    {'i', func(p *Pruning, _ *int, v float64) { p.MoveFutilityDepth = int(v) }},
	"weak-from":         {'i', func(p *Pruning, _ *int, v float64) { p.WeakFrom = int(v) }},
	"iir-depth":         {'i', func(p *Pruning, _ *int, v float64) { p.IIRDepth = int(v) }},
	"null-depth":        {'i', func(p *Pruning, _ *int, v float64) { p.NullMoveDepth = int(v) }},
	"null-reduction":    {'i', func(p *Pruning, _ *int, v float64) { p.NullMoveReduction = int(v) }},
	"singular-depth":    {'i', func(p *Pruning, _ *int, v float64) { p.SingularDepth = int(v) }},
	"singular-margin":   {'i', func(p *Pruning, _ *int, v float64) { p.SingularMargin = int(v) }},
	"singular-nonpv":    {'b', func(p *Pruning, _ *int, v float64) { p.SingularNonPV = v != 0 }},
	"history-malus":     {'b', func(p *Pruning, _ *int, v float64) { p.HistoryMalus = v != 0 }},
	"history-gravity":   {'b', func(p *Pruning, _ *int, v float64) { p.HistoryGravity = v != 0 }},
	"history-keep":      {'b', func(p *Pruning, _ *int, v float64) { p.HistoryKeep = v != 0 }},
	"lmr-history":       {'i', func(p *Pruning, _ *int, v float64) { p.HistoryReduction = int(v) }},
	"no-killers":        {'b', func(p *Pruning, _ *int, v float64) { p.NoKillers = v != 0 }},
	"aspiration-from":   {'i', func(p *Pruning, _ *int, v float64) { p.AspirationFrom = int(v) }},
	"aspiration-growth": {'f', func(p *Pruning, _ *int, v float64) { p.AspirationGrowth = v }},
	"aspiration-shrink": {'b', func(p *Pruning, _ *int, v float64) { p.AspirationShrink = v != 0 }},
	"exact-limit":       {'i', func(p *Pruning, _ *int, v float64) { p.ExactLimit = int(v) }},
	"exact-nodes":       {'i', func(p *Pruning, _ *int, v float64) { p.ExactNodes = int(v) }},
}

// maxTunable bounds every value: more than any depth or margin means.
const maxTunable = 1_000_000

// ParseTuning reads "name=value,name=value" (spaces allowed; empty is no
// change). An unknown name, a value out of range or a name given twice is
// an error that lists what is known.
func ParseTuning(text string) (Tuning, error) {
	var t Tuning
	for _, part := range strings.Split(text, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		name, value, ok := strings.Cut(part, "=")
		name, value = strings.ToLower(strings.TrimSpace(name)), strings.TrimSpace(value)
		if !ok || name == "" {
			return Tuning{}, fmt.Errorf("%q is not name=value", core.Clip(part, 40))
		}
		tu, known := tunables[name]
		if !known {
			return Tuning{}, fmt.Errorf("unknown setting %q; known: %s", core.Clip(name, 40), strings.Join(TuningNames(), ", "))
		}
		if slices.Contains(t.names, name) {
			return Tuning{}, fmt.Errorf("%s is given twice", name)
		}
		v, err := strconv.ParseFloat(value, 64)
		if err != nil || math.IsNaN(v) || v < 0 || v > maxTunable {
			return Tuning{}, fmt.Errorf("%s: %q is not a number from 0 to %d", name, core.Clip(value, 40), maxTunable)
		}
		switch {
		case tu.kind == 'i' && v != math.Trunc(v):
			return Tuning{}, fmt.Errorf("%s: %q is not a whole number", name, value)
		case tu.kind == 'b' && v != 0 && v != 1:
			return Tuning{}, fmt.Errorf("%s: %q is not 0 or 1", name, value)
		}
		t.names = append(t.names, name)
		t.values = append(t.values, v)
	}
	return t, nil
}

// TuningNames lists the settings a Tuning may change, sorted.
func TuningNames() []string {
	names := make([]string, 0, len(tunables))
	for n := range tunables {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// String is the tuning in its canonical form (names sorted, lower case),
// which also names the configuration in a Pool.
func (t Tuning) String() string {
	parts := make([]string, len(t.names))
	for i, n := range t.names {
		parts[i] = n + "=" + strconv.FormatFloat(t.values[i], 'g', -1, 64)
	}
	slices.Sort(parts)
	return strings.Join(parts, ",")
}

// Apply changes cfg's settings as t says.
func ApplyTuning[P any, M comparable](t Tuning, cfg *Config[P, M]) {
	for i, n := range t.names {
		tunables[n].set(&cfg.Prune, &cfg.Aspiration, t.values[i])
	}
}
