package core

import (
	"fmt"
)

// Record is the one truth about a game: its rules, its start position and
// the moves played, in notation. Positions are always replayed from it,
// never trusted from a file.
type Record struct {
	Game  string   `json:"game"`
	Rules string   `json:"rules,omitempty"`
	Start string   `json:"start"`
	Moves []string `json:"moves"`
}

// ReplayError names the move of a record that does not replay.
type ReplayError struct {
	Index int // 1-based move number
	Move  string
	Err   error
}

func (e *ReplayError) Error() string {
	return fmt.Sprintf("move %d %q: %v", e.Index, e.Move, e.Err)
}

func (e *ReplayError) Unwrap() error { return e.Err }

// Replay plays the record through the rules and returns every position,
// the start first (len = len(Moves)+1). A record that does not replay is an
// error naming the move that fails.
func (r Record) Replay() ([]Position, error) {
	g, err := Lookup(r.Game)
	if err != nil {
		return nil, err
	}
	start, err := g.ParsePosition(r.Start, r.Rules)
	if err != nil {
		return nil, fmt.Errorf("start position: %w", err)
	}
	return replayFrom(start, r.Moves)
}

func replayFrom(start Position, moves []string) ([]Position, error) {
	positions := make([]Position, 1, len(moves)+1)
	positions[0] = start
	cur := start
	for i, m := range moves {
		next, err := cur.Play(m)
		if err != nil {
			return nil, &ReplayError{Index: i + 1, Move: m, Err: err}
		}
		positions = append(positions, next)
		cur = next
	}
	return positions, nil
}

// History is a record with a cursor: multi-level undo and redo. Undo goes
// back to the start, redo forward to the end of the record, and a new move
// after an undo drops the redo branch. It is not safe for concurrent use.
type History struct {
	game      string
	rules     string
	moves     []string
	positions []Position // positions[i] is the position after i moves
	cursor    int        // moves played; positions[cursor] is current
}

// NewHistory starts a history at start.
func NewHistory(start Position, rules string) *History {
	return &History{game: start.Game(), rules: rules, positions: []Position{start}}
}

// HistoryFromRecord replays rec and puts the cursor after cursor moves
// (cursor < 0 means at the end), so a redo branch survives a reload.
func HistoryFromRecord(rec Record, cursor int) (*History, error) {
	positions, err := rec.Replay()
	if err != nil {
		return nil, err
	}
	if cursor < 0 {
		cursor = len(rec.Moves)
	}
	if cursor > len(rec.Moves) {
		return nil, fmt.Errorf("cursor %d is past the %d moves of the game", cursor, len(rec.Moves))
	}
	return &History{
		game:      rec.Game,
		rules:     rec.Rules,
		moves:     append([]string(nil), rec.Moves...),
		positions: positions,
		cursor:    cursor,
	}, nil
}

// Current is the position at the cursor.
func (h *History) Current() Position { return h.positions[h.cursor] }

// Start is the start position.
func (h *History) Start() Position { return h.positions[0] }

// Cursor is the number of moves played up to the current position.
func (h *History) Cursor() int { return h.cursor }

// Len is the number of moves in the record, redo branch included.
func (h *History) Len() int { return len(h.moves) }

// Rules is the rule set name.
func (h *History) Rules() string { return h.rules }

// Position returns the position after i moves (0 ≤ i ≤ Len()).
func (h *History) Position(i int) Position { return h.positions[i] }

// Move returns move i (1-based) of the record.
func (h *History) Move(i int) string { return h.moves[i-1] }

// LastMove is the move that led to the current position, "" at the start.
func (h *History) LastMove() string {
	if h.cursor == 0 {
		return ""
	}
	return h.moves[h.cursor-1]
}

// Play plays move at the cursor. If a redo branch exists and move is not
// its next move, the branch is dropped. An illegal move changes nothing.
func (h *History) Play(move string) error {
	cur := h.Current()
	if r := cur.Result(); r.Over {
		if r.Reason != "" {
			return fmt.Errorf("%w (%s)", ErrGameOver, r.Reason)
		}
		return ErrGameOver
	}
	next, err := cur.Play(move)
	if err != nil {
		return err
	}
	if h.cursor < len(h.moves) && h.moves[h.cursor] == move {
		// Replaying the redo branch keeps it.
		h.cursor++
		return nil
	}
	h.moves = append(h.moves[:h.cursor], move)
	h.positions = append(h.positions[:h.cursor+1], next)
	h.cursor++
	return nil
}

// CanUndo tells whether Undo would do something.
func (h *History) CanUndo() bool { return h.cursor > 0 }

// CanRedo tells whether Redo would do something.
func (h *History) CanRedo() bool { return h.cursor < len(h.moves) }

// Undo steps back one move.
func (h *History) Undo() bool {
	if !h.CanUndo() {
		return false
	}
	h.cursor--
	return true
}

// Redo steps forward one move.
func (h *History) Redo() bool {
	if !h.CanRedo() {
		return false
	}
	h.cursor++
	return true
}

// Seek moves the cursor to after n moves.
func (h *History) Seek(n int) error {
	if n < 0 || n > len(h.moves) {
		return fmt.Errorf("no position after %d moves (the game has %d)", n, len(h.moves))
	}
	h.cursor = n
	return nil
}

// Record returns the whole record, redo branch included.
func (h *History) Record() Record {
	return Record{
		Game:  h.game,
		Rules: h.rules,
		Start: h.positions[0].String(),
		Moves: append([]string(nil), h.moves...),
	}
}
