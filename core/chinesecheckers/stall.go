package chinesecheckers

import (
	"fmt"
	"strings"
)

// StallMoves is the stall rule of every profile (docs/chinesecheckers-rules.md,
// "Stalling"): a player stalls while its own moves (passes included) do not
// bring its distance to go below the least it has had; when every player
// still in the game has stalled for StallMoves of its own moves in a row,
// the game ends and they are ranked by distance (rankRest).
//
// 20: in AI games of every profile and player count, played without the
// rule, the longest stretch in which nobody progressed, in games that went
// on to finish, was 14 (Beginner, four players; 4 or less at the other
// levels: TestStallMeasure), so the rule ends no game somebody still
// finishes; a shuffle of two players ends 40 plies after the last
// progress, a fifth of the 200-move limit.
const StallMoves = 20

// stallLimit is StallMoves; TestStallMeasure raises it to measure games
// without the rule.
var stallLimit = StallMoves

// stallHorizon is how many rounds ahead Hash looks for a stall end: ten
// rounds (20 plies for two players, 60 for six) are deeper than our
// searches go in their time.
const stallHorizon = 10

// stallNear tells whether the stall rule's counts can still change how the
// game ends within stallHorizon rounds: every player still in has stalled
// at least StallMoves-stallHorizon moves (each stalls at most one more a
// round), or the move limit, whose ties the counts break, is that near.
// Before that, positions that differ only in their counts play out alike
// in any search, so Hash leaves the counts out and they share the table:
// mixed in always, they cost the search 40% more nodes at depth 8 in the
// opening (transpositions of a step sideways and one forward).
func (p *Position) stallNear() bool {
	if l := p.rules.MoveLimit; l > 0 && int(p.ply) >= (l-stallHorizon)*int(p.n) {
		return true
	}
	for i := 0; i < int(p.n); i++ {
		if p.finished>>uint(i)&1 == 0 && int(p.stall[i]) < stallLimit-stallHorizon {
			return false
		}
	}
	return true
}

// resetProgress starts the stall rule's counts afresh: every player's best
// is its distance now, with no move stalled (the start, a parsed position).
func (p *Position) resetProgress() {
	p.best, p.stall = [8]uint8{}, [8]uint8{}
	for i := 0; i < int(p.n); i++ {
		p.best[i] = uint8(p.toGo(i))
	}
}

// progress counts the move player pl has just made for the stall rule: a
// new least distance resets its count, anything else adds one.
func (p *Position) progress(pl int) {
	if d := uint8(p.toGo(pl)); d < p.best[pl] {
		p.best[pl], p.stall[pl] = d, 0
		return
	}
	p.addStall(pl)
}

// addStall adds one to pl's stall count (a pass, or a move that did not go
// below its best), saturating: a player who never progresses in a long
// game keeps the longest count.
func (p *Position) addStall(pl int) {
	if p.stall[pl] < 255 {
		p.stall[pl]++
	}
}

// allStalled tells whether every player still in the game has stalled for
// StallMoves moves in a row.
func (p *Position) allStalled() bool {
	for i := 0; i < int(p.n); i++ {
		if p.finished>>uint(i)&1 == 0 && int(p.stall[i]) < stallLimit {
			return false
		}
	}
	return true
}

// Stalled is how many of player i's own moves in a row have not brought
// its distance to go below the least it had before (the stall rule).
func (p *Position) Stalled(i int) int {
	if i < 0 || i >= int(p.n) {
		return 0
	}
	return int(p.stall[i])
}

// Reason says why the game ended ("" while it goes on), the players named
// as the notation names them ("Player 2"): see ReasonAs.
func (p *Position) Reason() string { return p.ReasonAs(Game{}.PlayerName) }

// ReasonAs says why the game ended, with player i named name(i) (the app
// passes its own names). A game ended by a rule says how the players who
// had not finished were ranked: "move limit reached: Player 2 has 3 holes
// to go, Player 1 has 5"; "stalled: no player came closer to its target in
// its last 20 moves; Player 1 has 3 holes to go, Player 2 has 3 and stalled longer".
func (p *Position) ReasonAs(name func(int) string) string {
	switch p.reason {
	case reasonNone:
		return ""
	case reasonFinished:
		return "all players placed"
	case reasonLimit:
		return "move limit reached: " + p.standings(name)
	case reasonStuck:
		return "no player can move: " + p.standings(name)
	}
	return fmt.Sprintf("stalled: no player came closer to its target in its last %d moves; %s", StallMoves, p.standings(name))
}

// standings lists the players who had not finished in the order rankRest
// placed them, with their distances to go and why equal distances were
// ranked apart; players sharing a place are named together.
func (p *Position) standings(name func(int) string) string {
	var groups [][]int // players by place, those sharing one together
	for place := 1; place <= int(p.n); place++ {
		var g []int
		for i := 0; i < int(p.n); i++ {
			if p.finished>>uint(i)&1 == 0 && int(p.place[i]) == place {
				g = append(g, i)
			}
		}
		if len(g) > 0 {
			groups = append(groups, g)
		}
	}
	var b strings.Builder
	for k, g := range groups {
		names := make([]string, len(g))
		for j, i := range g {
			names[j] = name(i)
		}
		who, has := names[0], "has"
		if len(g) > 1 {
			who = strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
			has = "have"
		}
		d := p.toGo(g[0])
		if k > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%s %s %d", who, has, d)
		if k == 0 && d == 1 {
			b.WriteString(" hole to go")
		} else if k == 0 {
			b.WriteString(" holes to go")
		}
		if len(g) > 1 {
			b.WriteString(" each")
		}
		if k > 0 && d == p.toGo(groups[k-1][0]) {
			b.WriteString(" and stalled longer")
		}
	}
	return b.String()
}
