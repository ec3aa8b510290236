package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/jumpers-game/jumpers/core/ataxx"
)

// phases joins a middle game's net and an endgame's into one weights file
// (ataxx.EncodeNNPhases): fitnn -empties fits a net to one phase, and the
// engine plays a joined file as one evaluation. The endgame's may be a
// joined file itself, with a smaller -endgame-max: three phases or more.

func phasesCmd(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("phases", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: ataxxtrain phases -out FILE.bin -endgame-max N MIDDLE.bin ENDGAME.bin")
		fs.PrintDefaults()
	}
	out := fs.String("out", "", "weights file to write (refused if it exists)")
	endgameMax := fs.Int("endgame-max", -1, "the most empty squares ENDGAME.bin scores (MIDDLE.bin scores the boards with more; ENDGAME.bin may be a joined file of a smaller bound)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *out == "" || *endgameMax < 0 || fs.NArg() != 2 {
		return errors.New("phases: give -out, -endgame-max and two weights files, the middle game's then the endgame's")
	}
	var parts [2][]byte
	for i := range parts {
		data, err := os.ReadFile(fs.Arg(i))
		if err != nil {
			return err
		}
		parts[i] = data
	}
	file, err := ataxx.EncodeNNPhases(parts[0], parts[1], *endgameMax)
	if err != nil {
		return fmt.Errorf("phases: %v", err)
	}
	n, err := ataxx.DecodeNN(file)
	if err != nil {
		return err
	}
	if err := writeNew(*out, file); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%s: %s, %d bytes\n", *out, n, len(file))
	return nil
}
