package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// termination is the value of the record's Termination tag ("" without).
func termination(text string) string {
	for _, line := range strings.Split(text, "\n") {
		if v, ok := strings.CutPrefix(line, `[Termination "`); ok {
			return strings.TrimSuffix(v, `"]`)
		}
	}
	return ""
}

// The record of a game the rules ended says why, as load does, in a
// Termination tag, and export then import --save still gives back the
// same game: at the move limit, and by the stall rule.
func TestRecordExportTermination(t *testing.T) {
	limit := "../../storage/testdata/old/cc-slow-to-limit.json"
	stalled := filepath.Join(t.TempDir(), "stalled.json")
	ok(t, "chinesecheckers", "apply", "--players", "2", "--save", stalled, "--moves",
		"d1e5,o1m5,e5e6,m5m4,d2e7"+strings.Repeat(",m4m5,e6e5,m5m4,e5e6", 10))
	for file, prefix := range map[string]string{limit: "move limit reached: ", stalled: "stalled: "} {
		var reason string
		for _, line := range strings.Split(ok(t, "load", file), "\n") {
			if v, found := strings.CutPrefix(line, "reason: "); found {
				reason = v
			}
		}
		if !strings.HasPrefix(reason, prefix) || !strings.Contains(reason, "Player 1") {
			t.Fatalf("%s: load gives the reason %q, want %q...", file, reason, prefix)
		}
		if got := termination(exportImport(t, file)); got != reason {
			t.Fatalf("%s: Termination %q, want %q", file, got, reason)
		}
	}
	// A game that goes on has none.
	if got := termination(exportImport(t, "../../storage/testdata/cc-3p.json")); got != "" {
		t.Fatalf("Termination %q on a game that goes on", got)
	}
}
