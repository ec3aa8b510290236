package main

import (
	"bytes"
	"context"
	"fmt"
	"strings"

	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/record"
	"github.com/jumpers-game/jumpers/core/review"
	"github.com/jumpers-game/jumpers/storage"
)

// reviewCommand is "review FILE [--nodes N] [--game N]": the app's game
// review (core/review, the code of the review screen) of a saved game or
// of game N of a record file, one line a move, then one accuracy line a
// player (CONTRACTS.md, "Game review"). Node-limited, without a time cap:
// the same game, nodes and build give the same output. Without --nodes
// the budget is the app's (review.DefaultBudget: more nodes with more
// than two players).
func reviewCommand(e *env, args []string) error {
	fs := newFlags("review")
	nodes := fs.Int64("nodes", review.DefaultNodes, "nodes the engine searches a position (default: the app's for the game's player count)")
	n := fs.Int("game", 1, "which game of a record file (1 = the first)")
	file := ""
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		file, args = args[0], args[1:]
	}
	if err := fs.Parse(args); err != nil {
		return errorf("review: %v", err)
	}
	rest := fs.Args()
	if file == "" && len(rest) > 0 {
		file, rest = rest[0], rest[1:]
	}
	if file == "" || len(rest) > 0 {
		return errorf("review: give one FILE (a saved game or a record file)")
	}
	if *nodes < 1 || *nodes > maxNodes {
		return errorf("review: --nodes %d is out of range (1 to %d)", *nodes, int64(maxNodes))
	}
	h, err := reviewedGame(file, *n)
	if err != nil {
		return err
	}
	g, err := core.Lookup(h.Start().Game())
	if err != nil {
		return usageError{err.Error()}
	}
	budget := review.DefaultBudget(h.Start().Players())
	if flagWasSet(fs, "nodes") {
		budget = review.Budget{Nodes: *nodes}
	}
	a, err := review.Game(context.Background(), g.BestMove, h, review.Seed, budget, nil)
	if err != nil {
		return fmt.Errorf("review: %w", err)
	}
	writeReview(e, h, a)
	return nil
}

// reviewedGame reads FILE: a saved game (JSON, as the app keeps them; its
// moves up to its cursor) or a record file (game n).
func reviewedGame(file string, n int) (*core.History, error) {
	data, err := storage.ReadLimited(file, record.MaxSize)
	if err != nil {
		return nil, usageError{clipIn(err, file).Error()}
	}
	if bytes.HasPrefix(bytes.TrimSpace(data), []byte("{")) {
		if n != 1 {
			return nil, errorf("review: --game %d is out of range: a saved game holds one game", n)
		}
		_, h, err := storage.Decode(data)
		if err != nil {
			return nil, usageError{recordName(file) + err.Error()}
		}
		return h, nil
	}
	if n < 1 {
		return nil, errorf("review: --game %d is out of range (1 = the first)", n)
	}
	rg, err := record.ReadGame(string(data), n)
	if err != nil {
		return nil, usageError{recordName(file) + err.Error()}
	}
	h, err := core.HistoryFromRecord(rg.Record, -1)
	if err != nil {
		return nil, usageError{recordName(file) + err.Error()}
	}
	return h, nil
}

// writeReview prints a review in the contract's lines.
func writeReview(e *env, h *core.History, a review.Analysis) {
	w := e.stdout
	for _, m := range a.Moves {
		k := m.Index
		if k == 0 {
			continue // not judged (a review cut short)
		}
		before, after := m.Before, m.After
		if !m.Known {
			// Unscored: the standings the review carried there.
			before, after = a.Standing[k-1][m.Mover], a.Standing[min(k, len(a.Standing)-1)][m.Mover]
		}
		fmt.Fprintf(w, "move %d %s %s %s %.2f %.2f", k, sideToken(h.Position(k-1)), m.Played, m.Class, before, after)
		if m.Class >= review.Inaccuracy && m.Best != "" {
			fmt.Fprintf(w, " better %s", m.Best)
		}
		fmt.Fprintln(w)
	}
	tokens := seatTokens(h)
	for seat, acc := range a.Accuracies() {
		fmt.Fprintf(w, "accuracy %s %.1f\n", tokens[seat], acc)
	}
}

// sideToken is the side to move as the game's position text writes it:
// its second field in every game (`r`/`b`, `x`/`o`, the player number).
func sideToken(pos core.Position) string {
	if f := strings.Fields(pos.String()); len(f) > 1 {
		return f[1]
	}
	return fmt.Sprint(pos.ToMove() + 1)
}

// seatTokens is every seat's side token, in seat order: from the game's
// positions, and for a seat that never moved in it, from the start
// position played on until that seat is to move.
func seatTokens(h *core.History) []string {
	players := h.Start().Players()
	out := make([]string, players)
	for i := 0; i <= h.Cursor(); i++ {
		if p := h.Position(i); !p.Result().Over && out[p.ToMove()] == "" {
			out[p.ToMove()] = sideToken(p)
		}
	}
	p := h.Start()
	for range 4 * players {
		if p.Result().Over {
			break
		}
		if out[p.ToMove()] == "" {
			out[p.ToMove()] = sideToken(p)
		}
		ms := p.Moves()
		if len(ms) == 0 {
			break
		}
		next, err := p.Play(ms[0])
		if err != nil {
			break
		}
		p = next
	}
	for i := range out {
		if out[i] == "" {
			out[i] = fmt.Sprint(i + 1)
		}
	}
	return out
}
