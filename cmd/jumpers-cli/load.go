package main

import (
	"fmt"

	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/storage"
)

// loadCommand prints a saved game exactly as the app reads it.
func loadCommand(e *env, args []string) error {
	if len(args) != 1 {
		return errorf("load: give one FILE")
	}
	sv, h, err := storage.ReadFile(args[0])
	if err != nil {
		return usageError{err.Error()}
	}
	g, err := core.Lookup(sv.Game)
	if err != nil {
		return usageError{err.Error()}
	}
	rules := sv.Rules
	if rules == "" {
		rules = g.RuleSets()[0]
	}
	fmt.Fprintf(e.stdout, "game: %s\n", g.ID())
	fmt.Fprintf(e.stdout, "rules: %s\n", rules)
	if sv.Name != "" {
		fmt.Fprintf(e.stdout, "name: %s\n", sv.Name)
	}
	fmt.Fprintf(e.stdout, "moves: %d\n", h.Cursor())
	if h.Len() != h.Cursor() {
		fmt.Fprintf(e.stdout, "redo: %d\n", h.Len()-h.Cursor())
	}
	fmt.Fprintf(e.stdout, "result: %s\n", storage.Describe(g, h.Current()))
	if r := h.Current().Result(); r.Over && r.Reason != "" {
		fmt.Fprintf(e.stdout, "reason: %s\n", r.Reason) // how the game ended, and so ranked
	}
	fmt.Fprintf(e.stdout, "position: %s\n", h.Current().String())
	if r := sv.Refused; r != nil {
		// A game saved under older rules that today's rules refuse at a
		// move goes on before it; the moves from it on stay in the file.
		fmt.Fprintf(e.stdout, "refused: move %d %q: %v\n", r.Move, r.Moves[0], r.Err)
		fmt.Fprintf(e.stdout, "refused moves: %d of rules version %d\n", len(r.Moves), r.RulesVersion)
	}
	return nil
}
