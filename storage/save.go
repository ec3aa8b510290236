// Package storage keeps saved games as JSON files: a documented, versioned
// schema (docs/save-format.md), atomic writes, and list/load/rename/delete
// in a directory. The app passes the directory of its Fyne storage root;
// tests pass a temp dir; jumpers-cli reads and writes single files with the
// same code. A file is never trusted: the moves are replayed through the
// rules, so a tampered game is refused with the move that fails.
package storage

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/jumpers-game/jumpers/core"
)

// Format is the value of the "format" field that marks a Jumpers save.
const Format = "jumpers-save"

// Version is the newest schema version this code reads and writes.
// Readers accept every version up to it and refuse newer ones by name. A
// save is written with the lowest version that holds everything in it
// (see Save.minVersion), so a game that uses nothing new still opens in an
// older app.
const Version = 4

// MaxFileSize bounds what is read: a save of a long game is a few KiB, so
// anything past this is not one of ours.
const MaxFileSize = 1 << 20

// AppVersion is written into saves; the app sets it from its metadata.
var AppVersion = "dev"

// Seat is who plays one side.
type Seat struct {
	Kind  string `json:"kind"`            // "human" or "computer"
	Name  string `json:"name,omitempty"`  // shown in the status line
	Level string `json:"level,omitempty"` // computer level
	Style string `json:"style,omitempty"` // computer style
	// HintLevel and HintStyle are the computer that gives a human seat
	// its hints (version 2). Empty: the app's hint setting.
	HintLevel string `json:"hintLevel,omitempty"`
	HintStyle string `json:"hintStyle,omitempty"`
	// Coach: the app's coach warns this human seat before a blunder
	// (version 4). Absent: off, as in every game saved before it.
	Coach bool `json:"coach,omitempty"`
}

// Seat kinds.
const (
	Human    = "human"
	Computer = "computer"
)

// Save is one saved game: the record (rules, start, moves), the cursor
// (moves played; fewer than len(Moves) after an undo, so redo survives a
// reload), the seats and the app's settings that belong to the game.
type Save struct {
	Format     string    `json:"format"`
	Version    int       `json:"version"`
	Name       string    `json:"name"`
	Game       string    `json:"game"`
	Rules      string    `json:"rules,omitempty"`
	Start      string    `json:"start"`
	Moves      []string  `json:"moves"`
	Cursor     int       `json:"cursor"`
	Seats      []Seat    `json:"seats,omitempty"`
	Seed       int64     `json:"seed,omitempty"`
	Created    time.Time `json:"created"`
	Updated    time.Time `json:"updated"`
	AppVersion string    `json:"appVersion,omitempty"`
	// RulesVersion is the version of the game's rules the moves were
	// played under (core.Game.RulesVersion; version 3 of the format). Not
	// written for version 1, so 0 means 1: saves from before rules had
	// versions were played under the rules before the first change.
	RulesVersion int `json:"rulesVersion,omitempty"`
	// Refused holds the moves today's rules refuse of a game saved under
	// older rules (version 3): Decode makes it, the writer keeps it until
	// the player plays on.
	Refused *Refused `json:"refused,omitempty"`
}

// Refused is the part of a game that today's rules refuse. A game saved
// under an older version of its rules whose move Move no longer replays
// (a Chinese Checkers game saved before the stall rule, played on past
// the point where the rule now ends it) is neither refused nor cut: it
// goes on from the position before that move, and the refused move and
// every move after it are kept here, in the file, as they were saved, so
// nothing the player did is lost until the player plays on from there.
type Refused struct {
	// RulesVersion is the version of the rules the refused move was
	// played under.
	RulesVersion int `json:"rulesVersion"`
	// Moves are the refused move and every move after it.
	Moves []string `json:"moves"`
	// Cursor is the save's cursor before the moves were refused (it
	// counts the moves before them too).
	Cursor int `json:"cursor"`

	// Move is the number (1-based) of the refused move and Err why
	// today's rules refuse it: Decode finds them again at every read.
	Move int   `json:"-"`
	Err  error `json:"-"`
}

// NewSave makes a save of rec with the cursor after cursor moves.
func NewSave(rec core.Record, cursor int, seats []Seat, now time.Time) Save {
	now = now.UTC().Truncate(time.Second)
	moves := rec.Moves
	if moves == nil {
		moves = []string{}
	}
	s := Save{
		Format: Format,
		Game:   rec.Game, Rules: rec.Rules, Start: rec.Start, Moves: moves, Cursor: cursor,
		Seats: seats, Created: now, Updated: now, AppVersion: AppVersion,
	}
	// The moves of a record were played under today's rules.
	if g, err := core.Lookup(rec.Game); err == nil {
		s.RulesVersion = g.RulesVersion()
	}
	s.Version = s.minVersion()
	return s
}

// minVersion is the lowest schema version that holds everything in s:
// 4 when a seat has the coach on, 3 when it records rules of a version
// after 1 or refused moves, 2 when a seat names its hint helper, else 1.
func (s Save) minVersion() int {
	for _, seat := range s.Seats {
		if seat.Coach {
			return 4
		}
	}
	if s.RulesVersion > 1 || s.Refused != nil {
		return 3
	}
	for _, seat := range s.Seats {
		if seat.HintLevel != "" || seat.HintStyle != "" {
			return 2
		}
	}
	return 1
}

// Record is the game record of the save.
func (s Save) Record() core.Record {
	return core.Record{Game: s.Game, Rules: s.Rules, Start: s.Start, Moves: s.Moves}
}

// Encode writes s as indented JSON.
func Encode(s Save) ([]byte, error) {
	if s.Moves == nil {
		s.Moves = []string{}
	}
	s.Format, s.Version = Format, s.minVersion()
	data, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(data, '\n'), nil
}

// Decode reads a save and replays it through the rules. It returns the
// save and the history at the save's cursor. Any problem (not JSON, not a
// Jumpers save, a newer version, an unknown game, a move that does not
// replay) is an error that says what is wrong.
func Decode(data []byte) (Save, *core.History, error) {
	var s Save
	if len(data) > MaxFileSize {
		return s, nil, fmt.Errorf("file is too large to be a saved game (%d bytes, at most %d)", len(data), MaxFileSize)
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return s, nil, errors.New("file is empty")
	}
	var head struct {
		Format  string `json:"format"`
		Version *int   `json:"version"`
	}
	if err := json.Unmarshal(data, &head); err != nil {
		return s, nil, fmt.Errorf("not a saved game: %v", jsonProblem(data, err))
	}
	if head.Format != Format {
		return s, nil, fmt.Errorf("not a Jumpers saved game (format %q)", clipText(head.Format))
	}
	if head.Version == nil {
		return s, nil, errors.New("saved game has no version")
	}
	switch v := *head.Version; {
	case v > Version:
		return s, nil, fmt.Errorf("saved by a newer Jumpers (save format version %d; this one reads up to %d)", v, Version)
	case v < 1:
		return s, nil, fmt.Errorf("unknown save format version %d", v)
	}
	// Version 2 only added the seats' optional hint helper, version 3
	// the rules version and the refused moves, and version 4 the seats'
	// coach, so an older file decodes as it is: its seats have no helper
	// (the app's hint setting gives their hints) and no coach, its moves
	// were played under rules version 1 (replay carries them over). Later versions migrate here, field by field, before the
	// strict decode below.
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&s); err != nil {
		return s, nil, fmt.Errorf("saved game is damaged: %v", jsonProblem(data, err))
	}
	if dec.More() {
		return s, nil, errors.New("saved game is damaged: data after the end")
	}
	if s.Moves == nil {
		s.Moves = []string{}
	}
	if err := checkLine("name", s.Name); err != nil {
		return s, nil, err
	}
	if s.Cursor < 0 || s.Cursor > len(s.Moves) {
		return s, nil, fmt.Errorf("saved game is damaged: cursor %d is outside its %d moves", s.Cursor, len(s.Moves))
	}
	for i, seat := range s.Seats {
		if seat.Kind != Human && seat.Kind != Computer {
			return s, nil, fmt.Errorf("saved game is damaged: seat %d is %q (human or computer)", i+1, clipText(seat.Kind))
		}
		if err := checkLine(fmt.Sprintf("seat %d name", i+1), seat.Name); err != nil {
			return s, nil, err
		}
	}
	h, err := replay(&s)
	if err != nil {
		return s, nil, err
	}
	if len(s.Seats) != 0 && len(s.Seats) != h.Start().Players() {
		return s, nil, fmt.Errorf("saved game is damaged: %d seats for %d players", len(s.Seats), h.Start().Players())
	}
	return s, h, nil
}

// replay replays s through today's rules and returns its history at its
// cursor. A move that does not replay makes the save invalid, unless the
// move was played under an older version of the game's rules than today's:
// then the save is carried over (Refused) and s changed to the game that
// goes on from the position before the refused move. A save that already
// holds refused moves is replayed with them, so it is carried over again
// by the rules of this reader, and gets them back if these rules accept
// them. s.RulesVersion becomes today's: every move left in s replays
// under today's rules.
func replay(s *Save) (*core.History, error) {
	g, err := core.Lookup(s.Game)
	if err != nil {
		return nil, fmt.Errorf("saved game does not replay: %w", err)
	}
	today, saved := g.RulesVersion(), max(s.RulesVersion, 1)
	if saved > today {
		return nil, fmt.Errorf("saved by a newer Jumpers (%s rules version %d; this one plays version %d)", g.Name(), saved, today)
	}
	moves, cursor := s.Moves, s.Cursor
	// playedUnder is the rules version move i (1-based) was played under.
	playedUnder := func(int) int { return saved }
	if r := s.Refused; r != nil {
		switch {
		case r.RulesVersion < 1 || r.RulesVersion >= saved:
			return nil, fmt.Errorf("saved game is damaged: refused moves of rules version %d in a game of rules version %d", r.RulesVersion, saved)
		case len(r.Moves) == 0:
			return nil, errors.New("saved game is damaged: no refused moves")
		case r.Cursor < 0 || r.Cursor > len(s.Moves)+len(r.Moves):
			return nil, fmt.Errorf("saved game is damaged: refused cursor %d is outside its %d moves", r.Cursor, len(s.Moves)+len(r.Moves))
		}
		moves, cursor = slices.Concat(s.Moves, r.Moves), r.Cursor
		kept := len(s.Moves)
		playedUnder = func(i int) int {
			if i > kept {
				return r.RulesVersion
			}
			return saved
		}
	}
	rec := core.Record{Game: s.Game, Rules: s.Rules, Start: s.Start, Moves: moves}
	h, err := core.HistoryFromRecord(rec, cursor)
	var bad *core.ReplayError
	switch {
	case err == nil:
		if s.Refused != nil { // today's rules accept them again
			s.Moves, s.Refused = moves, nil
			h, err = core.HistoryFromRecord(rec, s.Cursor)
		}
	case errors.As(err, &bad) && playedUnder(bad.Index) < today:
		k := bad.Index
		s.Moves, s.Cursor = moves[:k-1:k-1], min(s.Cursor, k-1)
		s.Refused = &Refused{
			RulesVersion: playedUnder(k), Moves: slices.Clone(moves[k-1:]), Cursor: cursor,
			Move: k, Err: bad.Err,
		}
		h, err = core.HistoryFromRecord(s.Record(), s.Cursor)
	}
	if err != nil {
		return nil, fmt.Errorf("saved game does not replay: %w", err)
	}
	s.RulesVersion = today
	return h, nil
}

// AllMoves are the moves of the save, the refused ones after the others.
func (s Save) AllMoves() []string {
	if s.Refused == nil {
		return s.Moves
	}
	return slices.Concat(s.Moves, s.Refused.Moves)
}

// MaxNameLen is the longest name (of a game or a seat) in bytes, as the
// schema states.
const MaxNameLen = 80

// checkLine enforces the schema's limit on a name: one line of at most
// MaxNameLen bytes.
func checkLine(field, v string) error {
	if len(v) > MaxNameLen {
		return fmt.Errorf("saved game is damaged: %s is %d bytes long (at most %d)", field, len(v), MaxNameLen)
	}
	if strings.ContainsFunc(v, func(r rune) bool { return r < ' ' || r == 0x7f }) {
		return fmt.Errorf("saved game is damaged: %s %q is not one line of text", field, v)
	}
	return nil
}

// clipText shortens a value of the file before an error quotes it.
func clipText(v string) string { return core.Clip(v, MaxNameLen) }

// jsonProblem turns a JSON error into words with a place.
func jsonProblem(data []byte, err error) string {
	var syn *json.SyntaxError
	if errors.As(err, &syn) {
		return fmt.Sprintf("%v at byte %d", syn, syn.Offset)
	}
	var typ *json.UnmarshalTypeError
	if errors.As(err, &typ) {
		return fmt.Sprintf("field %q has the wrong type (%s)", typ.Field, typ.Value)
	}
	if errors.Is(err, io.ErrUnexpectedEOF) {
		return fmt.Sprintf("file ends too early (truncated after %d bytes)", len(data))
	}
	return err.Error()
}

// ReadFile reads and replays a saved game file. The file is never written.
// Only a regular file is read: a FIFO, a device or a directory is refused
// at once, never waited on.
func ReadFile(path string) (Save, *core.History, error) {
	f, err := openRegular(path)
	if err != nil {
		return Save{}, nil, fmt.Errorf("cannot read %s: %v", path, unwrapPath(err))
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, MaxFileSize+1))
	if err != nil {
		return Save{}, nil, fmt.Errorf("cannot read %s: %v", path, unwrapPath(err))
	}
	s, h, err := Decode(data)
	if err != nil {
		return s, nil, fmt.Errorf("%s: %w", filepath.Base(path), err)
	}
	return s, h, nil
}

func unwrapPath(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// WriteFile writes s to path atomically: the data goes to a temporary
// file in the same directory, is synced, and then renamed over path, so a
// crash or a full disk leaves either the old file or the new one, never a
// half-written one.
func WriteFile(path string, s Save) error {
	// Never write what Decode would refuse.
	s.Name = cleanName(s.Name)
	if len(s.Seats) > 0 {
		s.Seats = append([]Seat(nil), s.Seats...)
		for i := range s.Seats {
			s.Seats[i].Name = cleanName(s.Seats[i].Name)
		}
	}
	data, err := Encode(s)
	if err != nil {
		return err
	}
	return writeAtomic(path, data)
}

// tempPrefix and tempSuffix frame the name of the temporary file of a
// write to NAME: ".NAME.tmp-RANDOM". A crash between create and rename
// leaves one behind; Open removes those of the saves folder.
const (
	tempPrefix = "."
	tempSuffix = ".tmp-"
)

func writeAtomic(path string, data []byte) (err error) {
	dir := filepath.Dir(path)
	tmp, err := os.CreateTemp(dir, tempPrefix+filepath.Base(path)+tempSuffix+"*")
	if err != nil {
		return fmt.Errorf("cannot save %s: %w", path, unwrapPath(err))
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if _, err = tmp.Write(data); err != nil {
		return fmt.Errorf("cannot save %s: %w", path, unwrapPath(err))
	}
	if err = tmp.Sync(); err != nil {
		return fmt.Errorf("cannot save %s: %w", path, unwrapPath(err))
	}
	// CreateTemp makes the file 0600; a save is a document like any other.
	if err = tmp.Chmod(0o644); err != nil {
		return fmt.Errorf("cannot save %s: %w", path, unwrapPath(err))
	}
	if err = tmp.Close(); err != nil {
		return fmt.Errorf("cannot save %s: %w", path, unwrapPath(err))
	}
	if err = os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("cannot save %s: %w", path, unwrapPath(err))
	}
	// Sync the directory so the rename itself survives a power cut; not
	// every platform can, which is fine.
	if d, derr := os.Open(dir); derr == nil {
		_ = d.Sync()
		d.Close()
	}
	return nil
}

// Describe says, for people, where a game stands: "in progress", "Red won",
// "draw", the players named as the game names them.
func Describe(g core.Game, pos core.Position) string { return DescribeAs(pos, g.PlayerName) }

// DescribeAs is Describe with the players named by name (the app names
// them by the colours the player chose).
func DescribeAs(pos core.Position, name func(int) string) string {
	return DescribeResult(pos.Result(), name)
}

// DescribeResult is DescribeAs from a result.
func DescribeResult(r core.Result, name func(int) string) string {
	switch {
	case !r.Over:
		return "in progress"
	case r.Winner == core.NoPlayer:
		return "draw"
	}
	return name(r.Winner) + " won"
}

// cleanName makes a display name safe for one line of at most
// MaxNameLen bytes, cut at a character boundary.
func cleanName(name string) string {
	name = strings.Join(strings.Fields(strings.ToValidUTF8(name, "")), " ")
	name = strings.Map(func(r rune) rune {
		if r < ' ' || r == 0x7f {
			return -1
		}
		return r
	}, name)
	return core.CutUTF8(name, MaxNameLen)
}
