package main

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/jumpers-game/jumpers/core"
	"github.com/jumpers-game/jumpers/core/record"
	"github.com/jumpers-game/jumpers/storage"
)

// recordCommand is "record export FILE" and "record import FILE": game
// records (PGN-style text, docs/record-format.md) to and from saved games.
func recordCommand(e *env, args []string) error {
	if len(args) == 0 {
		return errorf("record: export or import? try 'jumpers-cli help'")
	}
	switch args[0] {
	case "export":
		return recordExport(e, args[1:])
	case "import":
		return recordImport(e, args[1:])
	}
	return errorf("record: unknown command %q (export or import)", clip(args[0]))
}

// recordExport prints the record of a saved game.
func recordExport(e *env, args []string) error {
	if len(args) != 1 {
		return errorf("record export: give one FILE (a saved game)")
	}
	sv, _, err := storage.ReadFile(args[0])
	if err != nil {
		return usageError{err.Error()}
	}
	// The records of earlier versions are printed unchanged (testdata/old):
	// no seat kind tags here; import reads them from the app's records.
	return record.Write(e.stdout, sv.Record(), record.Info{Names: storage.RecordNames(sv.Seats), Date: sv.Created.Local()})
}

// recordImport replays game N of a record file and prints the final
// position text last, as apply does; --save writes it as a saved game.
func recordImport(e *env, args []string) error {
	fs := newFlags("record import")
	n := fs.Int("game", 1, "which game of the file (1 = the first)")
	save := fs.String("save", "", "write the game as a saved-game file")
	// FILE may come before the flags, as the usage writes it.
	file := ""
	if len(args) > 0 && (args[0] == "-" || !strings.HasPrefix(args[0], "-")) {
		file, args = args[0], args[1:]
	}
	if err := fs.Parse(args); err != nil {
		return errorf("record import: %v", err)
	}
	rest := fs.Args()
	if file == "" && len(rest) > 0 {
		file, rest = rest[0], rest[1:]
	}
	if file == "" || len(rest) > 0 {
		return errorf("record import: give one FILE (- for stdin)")
	}
	text, err := readRecordFile(e, file)
	if err != nil {
		return err
	}
	g, err := record.ReadGame(text, *n)
	if err != nil {
		return usageError{recordName(file) + err.Error()}
	}
	if *save != "" {
		cg, err := core.Lookup(g.Record.Game)
		if err != nil {
			return usageError{err.Error()}
		}
		sv := storage.NewSave(g.Record, len(g.Record.Moves), storage.SeatsFromRecord(cg, g), time.Now())
		if err := storage.WriteFile(*save, sv); err != nil {
			return err
		}
	}
	fmt.Fprintf(e.stdout, "game: %s\n", g.Record.Game)
	fmt.Fprintf(e.stdout, "rules: %s\n", g.Record.Rules)
	fmt.Fprintf(e.stdout, "moves: %d\n", len(g.Record.Moves))
	fmt.Fprintf(e.stdout, "result: %s\n", g.Result)
	fmt.Fprintln(e.stdout, g.Final.String())
	return nil
}

// recordName prefixes an error with the file it is about ("" for stdin).
func recordName(file string) string {
	if file == "-" {
		return ""
	}
	return clip(filepath.Base(file)) + ": "
}

// readRecordFile reads a record file (as storage reads saves: a regular
// file only, never waited on), or stdin for "-", up to record.MaxSize.
func readRecordFile(e *env, file string) (string, error) {
	if file != "-" {
		data, err := storage.ReadLimited(file, record.MaxSize)
		if err != nil {
			return "", usageError{clipIn(err, file).Error()}
		}
		return string(data), nil
	}
	text, err := record.ReadText(e.stdin)
	var tooLarge *record.Error
	switch {
	case errors.As(err, &tooLarge):
		return "", errorf("%v", err)
	case err != nil:
		return "", errorf("cannot read stdin: %v", err)
	}
	return text, nil
}
