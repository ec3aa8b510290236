package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"sort"
	"time"

	"github.com/jumpers-game/jumpers/core/arena"
	"github.com/jumpers-game/jumpers/core/record"
)

// matchRecord writes the games of an arena match to a record file
// (--record): each game as a game record (docs/record-format.md) by the one
// writer of core/record, in the order of the games' numbers, appended as
// soon as every game before it is written. A record is formatted whole,
// then written by one write and synced: a process that is killed leaves
// only whole records, so the games before it always read. A failed write
// is cut off again and stops the match.
type matchRecord struct {
	path         string
	created      bool // the file is ours: removed again if no game is written
	f            *os.File
	size         int64       // bytes of whole records written
	match        arena.Match // the match played: its game, rules and book
	nameA, nameB string
	date         time.Time
	next         int                      // the number of the next game to write
	pending      map[int]arena.GameResult // finished before an earlier game
	written      int
	err          error
}

// createMatchRecord opens path for the records of a match. It refuses a
// file that exists and is not empty (no record is ever overwritten, and
// two matches never mix in one file) and a path it cannot create, before
// any game is played.
func createMatchRecord(path string) (*matchRecord, error) {
	created := true
	if st, err := os.Stat(path); err == nil {
		created = false
		if !st.Mode().IsRegular() {
			return nil, errorf("--record %s: not a regular file", clip(path))
		}
		if st.Size() > 0 {
			return nil, errorf("--record %s: the file exists; give a new file (a record is never overwritten)", clip(path))
		}
	} else if !errors.Is(err, fs.ErrNotExist) {
		return nil, errorf("--record: %v", clipIn(err, path))
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
	if err != nil {
		return nil, errorf("--record: %v", clipIn(err, path))
	}
	return &matchRecord{path: path, created: created, f: f, date: time.Now(), pending: map[int]arena.GameResult{}}, nil
}

// add takes a finished game and writes every game now in order. It
// returns false once a write failed (the match should stop).
func (r *matchRecord) add(gr arena.GameResult) bool {
	r.pending[gr.Game] = gr
	for r.err == nil {
		next, ok := r.pending[r.next]
		if !ok {
			break
		}
		delete(r.pending, r.next)
		r.next++
		r.err = r.write(next)
	}
	return r.err == nil
}

// close writes the games still waiting for an earlier one that never
// finished (an interrupted match), in order, and closes the file.
func (r *matchRecord) close() error {
	games := make([]int, 0, len(r.pending))
	for g := range r.pending {
		games = append(games, g)
	}
	sort.Ints(games)
	for _, g := range games {
		if r.err != nil {
			break
		}
		r.err = r.write(r.pending[g])
	}
	if err := r.f.Close(); err != nil && r.err == nil {
		r.err = fmt.Errorf("--record %s: %v", clip(r.path), err)
	}
	if r.written == 0 && r.created {
		_ = os.Remove(r.path)
	}
	return r.err
}

func (r *matchRecord) write(gr arena.GameResult) error {
	text, err := record.Format(r.match.GameRecord(gr, r.nameA, r.nameB, r.date))
	if err != nil {
		return fmt.Errorf("--record: game %d: %v", gr.Game+1, err)
	}
	if r.written > 0 {
		text = "\n" + text
	}
	if _, err := r.f.Write([]byte(text)); err != nil {
		// A short write (a full disk) is cut off: the file ends with
		// whole records.
		_ = r.f.Truncate(r.size)
		return fmt.Errorf("--record %s: game %d: %v", clip(r.path), gr.Game+1, err)
	}
	if err := r.f.Sync(); err != nil {
		return fmt.Errorf("--record %s: game %d: %v", clip(r.path), gr.Game+1, err)
	}
	r.size += int64(len(text))
	r.written++
	return nil
}
