package storage_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/storage"
	"pgregory.net/rapid"
)

// oddPile is a take-away game whose rules change with oddPileVersion:
// version 2 refuses a take of 2 from an odd pile, version 3 drops that
// rule again. Position text: "<left> <player>".
type oddPile struct{ left, turn int }

type oddPileGame struct{}

var oddPileVersion = 1

func init() { core.Register(oddPileGame{}) }

func (oddPileGame) ID() string           { return "oddpile" }
func (oddPileGame) Name() string         { return "Odd pile" }
func (oddPileGame) RuleSets() []string   { return []string{"standard"} }
func (oddPileGame) Styles() []string     { return []string{"plain"} }
func (oddPileGame) Levels() []core.Level { return []core.Level{{Name: core.Expert}} }
func (oddPileGame) PlayerName(i int) string {
	return "P" + strconv.Itoa(i+1)
}
func (oddPileGame) OptionSpecs() []core.OptionSpec {
	return []core.OptionSpec{core.RulesOption([]string{"standard"})}
}
func (oddPileGame) Start(core.Options) (core.Position, error) {
	return oddPile{left: 30}, nil
}
func (oddPileGame) ParsePosition(text, _ string) (core.Position, error) {
	var p oddPile
	if _, err := fmt.Sscanf(text, "%d %d", &p.left, &p.turn); err != nil || p.left < 0 || p.turn < 0 || p.turn > 1 {
		return nil, fmt.Errorf("bad pile %q", text)
	}
	return p, nil
}
func (oddPileGame) BestMove(_ context.Context, p core.Position, _ core.AIRequest) (core.AIResult, error) {
	return core.AIResult{Move: p.Moves()[0]}, nil
}
func (oddPileGame) RulesVersion() int { return oddPileVersion }
func (oddPileGame) RulesChange(v int) string {
	return map[int]string{2: "the odd-pile rule", 3: "the odd-pile rule dropped"}[v]
}

func (p oddPile) Game() string   { return "oddpile" }
func (p oddPile) String() string { return fmt.Sprintf("%d %d", p.left, p.turn) }
func (p oddPile) Players() int   { return 2 }
func (p oddPile) ToMove() int    { return p.turn }
func (p oddPile) Hash() uint64   { return uint64(p.left*2 + p.turn) }
func (p oddPile) Result() core.Result {
	if p.left == 0 {
		return core.Result{Over: true, Winner: 1 - p.turn, Reason: "pile empty"}
	}
	return core.Ongoing
}
func (p oddPile) Moves() []string {
	var out []string
	for _, m := range []string{"1", "2"} {
		if _, err := p.Play(m); err == nil {
			out = append(out, m)
		}
	}
	return out
}
func (p oddPile) Play(m string) (core.Position, error) {
	k, err := strconv.Atoi(m)
	switch {
	case p.left == 0:
		return nil, core.ErrGameOver
	case err != nil || k < 1 || k > 2 || k > p.left:
		return nil, fmt.Errorf("take 1 or 2, not %q", m)
	case oddPileVersion == 2 && k == 2 && p.left%2 == 1:
		return nil, errors.New("an odd pile takes 1")
	}
	return oddPile{left: p.left - k, turn: 1 - p.turn}, nil
}

// withOddPileRules runs f with the odd-pile game at rules version v.
func withOddPileRules(v int, f func()) {
	defer func(old int) { oddPileVersion = old }(oddPileVersion)
	oddPileVersion = v
	f()
}

// A game saved under older rules is never refused for a move today's rules
// refuse: it goes on from the position before that move with exactly the
// moves today's rules accept, the refused move flagged, and every move
// kept in the save, whatever the cursor was and however often the game is
// written and read again; rules that accept the moves again give them
// back.
func TestOlderRulesCarryOverProperty(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		moves := rapid.SliceOfN(rapid.SampledFrom([]string{"1", "2"}), 0, 25).Draw(rt, "moves")
		var data []byte
		withOddPileRules(1, func() {
			pos := core.Position(oddPile{left: 30})
			for i, m := range moves {
				next, err := pos.Play(m)
				if err != nil {
					moves = moves[:i]
					break
				}
				pos = next
			}
			cursor := rapid.IntRange(0, len(moves)).Draw(rt, "cursor")
			var err error
			data, err = storage.Encode(storage.NewSave(core.Record{Game: "oddpile", Start: "30 0", Moves: moves}, cursor, nil, time.Now()))
			if err != nil {
				rt.Fatal(err)
			}
		})
		var old storage.Save
		withOddPileRules(1, func() { old, _, _ = storage.Decode(data) })
		// The moves version 2 accepts: up to the first take of 2 from an
		// odd pile.
		legal, left := len(moves), 30
		for i, m := range moves {
			if m == "2" && left%2 == 1 {
				legal = i
				break
			}
			k, _ := strconv.Atoi(m)
			left -= k
		}

		withOddPileRules(2, func() {
			sv, h, err := storage.Decode(data)
			if err != nil {
				rt.Fatalf("refused: %v", err)
			}
			if !slices.Equal(sv.AllMoves(), moves) || len(sv.Moves) != legal || sv.Cursor != min(old.Cursor, legal) || h.Cursor() != sv.Cursor || sv.RulesVersion != 2 {
				rt.Fatalf("carried over %v at %d (%+v), want %d legal of %v at %d", sv.Moves, sv.Cursor, sv.Refused, legal, moves, old.Cursor)
			}
			if legal == len(moves) {
				if sv.Refused != nil {
					rt.Fatalf("nothing refused, flagged %+v", sv.Refused)
				}
				return
			}
			r := sv.Refused
			if r == nil || r.Move != legal+1 || r.RulesVersion != 1 || r.Cursor != old.Cursor || r.Err == nil || r.Err.Error() != "an odd pile takes 1" {
				rt.Fatalf("flagged %+v", r)
			}
			// The player steps back in the moves kept (the refused ones
			// stay), and the game is written and read again.
			sv.Cursor = rapid.IntRange(0, legal).Draw(rt, "undo")
			again, err := storage.Encode(sv)
			if err != nil {
				rt.Fatal(err)
			}
			sv2, h2, err := storage.Decode(again)
			if err != nil || sv2.Refused == nil || sv2.Refused.Move != r.Move || sv2.Cursor != sv.Cursor || h2.Cursor() != sv.Cursor ||
				!slices.Equal(sv2.AllMoves(), moves) || sv2.Refused.Cursor != old.Cursor {
				rt.Fatalf("read again: %+v %v", sv2.Refused, err)
			}
			// Rules that take the change back give the moves back, at the
			// player's cursor.
			withOddPileRules(3, func() {
				sv3, h3, err := storage.Decode(again)
				if err != nil || sv3.Refused != nil || !slices.Equal(sv3.Moves, moves) || h3.Cursor() != sv.Cursor || h3.Len() != len(moves) {
					rt.Fatalf("rules version 3: %v %+v", err, sv3)
				}
			})
		})
	})
}

// A move the rules it was saved under refuse is damage, not a rules
// change; so are refused moves that do not fit the game; a rules version
// newer than the game's is a newer Jumpers.
func TestRulesVersionRefuses(t *testing.T) {
	withOddPileRules(2, func() {
		sv := storage.NewSave(core.Record{Game: "oddpile", Start: "30 0", Moves: []string{"1", "1"}}, 2, nil, time.Now())
		tampered := sv
		tampered.Moves = []string{"1", "2"} // 29 left: an odd pile takes 1
		for name, c := range map[string]struct {
			sv   storage.Save
			want string
		}{
			"today's rules":   {tampered, `saved game does not replay: move 2 "2": an odd pile takes 1`},
			"newer rules":     {with(sv, func(s *storage.Save) { s.RulesVersion = 3 }), "saved by a newer Jumpers (Odd pile rules version 3; this one plays version 2)"},
			"refused as new":  {with(sv, func(s *storage.Save) { s.Refused = &storage.Refused{RulesVersion: 2, Moves: []string{"2"}} }), "refused moves of rules version 2 in a game of rules version 2"},
			"refused none":    {with(sv, func(s *storage.Save) { s.Refused = &storage.Refused{RulesVersion: 1} }), "no refused moves"},
			"refused cursor":  {with(sv, func(s *storage.Save) { s.Refused = &storage.Refused{RulesVersion: 1, Moves: []string{"2"}, Cursor: 4} }), "refused cursor 4 is outside its 3 moves"},
			"refused version": {with(sv, func(s *storage.Save) { s.Refused = &storage.Refused{Moves: []string{"2"}} }), "refused moves of rules version 0"},
		} {
			data, err := storage.Encode(c.sv)
			if err != nil {
				t.Fatal(err)
			}
			if _, _, err := storage.Decode(data); err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("%s: %v, want %q", name, err, c.want)
			}
		}
	})
}

func with(sv storage.Save, f func(*storage.Save)) storage.Save {
	f(&sv)
	return sv
}
