package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/jumpers-game/jumpers/core/ataxx"
	gamerecord "github.com/jumpers-game/jumpers/core/record"
)

// import turns game records (jumpers-cli arena --record, or any record
// file the app reads) into positions for score: every position of every
// finished game where the side to move has a move, with the game's result
// for that side. Games played by another engine make a test set that is
// not our own engine's games, so score can compare our nets with nets
// trained elsewhere on neutral ground. The records carry no search score:
// the positions' scores are 0, so they are for score, not for fitting.

func importCmd(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("import", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: ataxxtrain import -rules R -out FILE.dat RECORD-FILE...")
		fs.PrintDefaults()
	}
	rules := fs.String("rules", "standard", "rule set of the games: standard or seed (others are skipped)")
	out := fs.String("out", "", "positions file to write (refused if it exists)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	r, err := ataxx.ParseRules(*rules)
	if err != nil {
		return err
	}
	if *out == "" || fs.NArg() == 0 {
		return errors.New("import: give -out and one or more record files")
	}
	var data []byte
	st := importStats{skipped: map[string]int{}}
	for _, path := range fs.Args() {
		text, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		games, err := gamerecord.ReadAll(string(text))
		if err != nil {
			return fmt.Errorf("%s: %v", path, err)
		}
		for _, g := range games {
			recs, why := importGame(g, r, uint32(st.games))
			if why != "" {
				st.skipped[why]++
				continue
			}
			st.games++
			for _, rec := range recs {
				data = rec.append(data)
			}
			st.positions += len(recs)
		}
	}
	if st.games == 0 {
		return fmt.Errorf("import: no game to import (%s)", st.skippedText())
	}
	if err := writeNew(*out, data); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%d games, %d positions to %s", st.games, st.positions, *out)
	if len(st.skipped) > 0 {
		fmt.Fprintf(stdout, "; skipped %s", st.skippedText())
	}
	fmt.Fprintln(stdout)
	return nil
}

type importStats struct {
	games, positions int
	skipped          map[string]int
}

func (s *importStats) skippedText() string {
	if len(s.skipped) == 0 {
		return "no games"
	}
	var parts []string
	for why, n := range s.skipped {
		parts = append(parts, fmt.Sprintf("%d %s", n, why))
	}
	return strings.Join(parts, ", ")
}

// importGame replays g and returns its positions, or why it is skipped:
// another game or rule set, a board with gaps (the nets read gap-free
// boards), or a game whose moves do not end it (an adjudicated or
// unfinished game: its result is not the board's).
func importGame(g gamerecord.Game, r ataxx.Rules, number uint32) ([]record, string) {
	if g.Record.Game != "" && g.Record.Game != "ataxx" {
		return nil, "of another game"
	}
	gr, err := ataxx.ParseRules(g.Record.Rules)
	if err != nil || gr != r {
		return nil, "of other rules"
	}
	p, err := ataxx.ParseFEN(g.Record.Start, r)
	if err != nil {
		return nil, "with an unreadable start"
	}
	if p.Gaps() != 0 {
		return nil, "with gaps"
	}
	var recs []record
	var movers []int
	for _, text := range g.Record.Moves {
		m, err := ataxx.ParseMove(text)
		if err != nil {
			return nil, "with an unreadable move"
		}
		if m != ataxx.Pass {
			recs = append(recs, record{us: p.Pieces(p.ToMove()), them: p.Pieces(1 - p.ToMove()), game: number})
			movers = append(movers, p.ToMove())
		}
		if p, err = p.PlayMove(m); err != nil {
			return nil, "with an illegal move"
		}
	}
	over, winner := p.Outcome()
	if !over {
		return nil, "not played to the end"
	}
	setResults(recs, movers, winner)
	return recs, ""
}
