package chinesecheckers

import (
	"fmt"
	"strings"
)

// Rules is a rule profile. The zero value is no valid profile; use
// ParseRules or DefaultRules. See docs/chinesecheckers-rules.md.
type Rules struct {
	// AntiBlock: a player finishes when its target arm is full and at least
	// one of the pieces in it is its own (Sturtevant; JumpStar v2), so a
	// piece parked in the target cannot deny the win. Without it a player
	// needs all ten of its own pieces in the target (seed 003).
	AntiBlock bool
	// Closed: a piece may never land (neither at the end of a move nor in
	// the middle of a hop chain) in an arm that is neither its home nor its
	// target: the 81-hole board of most of the literature for 2 players.
	Closed bool
	// Locked: a piece that lands in its target arm never leaves it again,
	// not even in the middle of a hop chain.
	Locked bool
	// MoveLimit, when > 0, ends the game after MoveLimit moves per seated
	// player (MoveLimit × players moves in all, passes included): the
	// players who have not finished are then ranked by the distance they
	// still have to go, fewest first, so stalling never pays. The stall
	// rule (StallMoves) applies under every profile, with or without it.
	MoveLimit int
}

// DefaultMoveLimit is the move limit of the default profile: 100 moves per
// player, about three times what a slow human game takes.
const DefaultMoveLimit = 100

// DefaultRules is our recommended profile ("default").
func DefaultRules() Rules { return Rules{AntiBlock: true, MoveLimit: DefaultMoveLimit} }

// SeedRules is seed 003's profile ("seed").
func SeedRules() Rules { return Rules{} }

// RuleSetNames lists the named profiles, the default first. Any base
// (default, seed) may be combined with the options: "seed+locked".
var RuleSetNames = []string{"default", "seed", "closed", "locked", "closed+locked"}

// ParseRules reads a profile name: a base ("default" or "seed"; "" is
// "default") followed by options joined with '+' ("closed", "locked");
// "closed" and "locked" alone mean "default+closed" and "default+locked".
func ParseRules(name string) (Rules, error) {
	if name == "" {
		return DefaultRules(), nil
	}
	parts := strings.Split(strings.ToLower(strings.TrimSpace(name)), "+")
	r := DefaultRules()
	for i, p := range parts {
		switch p {
		case "default":
			if i != 0 {
				return Rules{}, fmt.Errorf("rules %q: %q must come first", name, p)
			}
		case "seed":
			if i != 0 {
				return Rules{}, fmt.Errorf("rules %q: %q must come first", name, p)
			}
			r = SeedRules()
		case "closed":
			r.Closed = true
		case "locked":
			r.Locked = true
		default:
			return Rules{}, fmt.Errorf("unknown rules %q (one of %s, or a base with options like seed+locked)", name, strings.Join(RuleSetNames, ", "))
		}
	}
	return r, nil
}

// Name is the canonical profile name of r, as ParseRules reads it.
func (r Rules) Name() string {
	base := "default"
	switch {
	case r == SeedRules() || (!r.AntiBlock && r.MoveLimit == 0):
		base = "seed"
	case r.AntiBlock && r.MoveLimit == DefaultMoveLimit:
	default:
		base = fmt.Sprintf("custom(antiblock=%v,limit=%d)", r.AntiBlock, r.MoveLimit)
	}
	var opts []string
	if r.Closed {
		opts = append(opts, "closed")
	}
	if r.Locked {
		opts = append(opts, "locked")
	}
	if len(opts) == 0 {
		return base
	}
	if base == "default" {
		return strings.Join(opts, "+")
	}
	return base + "+" + strings.Join(opts, "+")
}
