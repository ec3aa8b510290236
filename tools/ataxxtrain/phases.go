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
		fmt.Fprintln(stderr, "       ataxxtrain phases -split FILE.bin MIDDLE.bin ENDGAME.bin")
		fs.PrintDefaults()
	}
	out := fs.String("out", "", "weights file to write (refused if it exists)")
	endgameMax := fs.Int("endgame-max", -1, "the most empty squares ENDGAME.bin scores (MIDDLE.bin scores the boards with more; ENDGAME.bin may be a joined file of a smaller bound)")
	split := fs.String("split", "", "a joined file to cut into the two files it was joined from (refused if either exists)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *split != "" {
		if *out != "" || *endgameMax >= 0 || fs.NArg() != 2 {
			return errors.New("phases: -split takes the joined file and the two files to write, the middle game's then the endgame's, and neither -out nor -endgame-max")
		}
		return splitPhases(*split, fs.Arg(0), fs.Arg(1), stdout)
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

// splitPhases writes the middle game's and the endgame's parts of a joined
// file, so that a built-in file's nets can be carried on (fitnn -init
// takes one net) after the separate files are gone.
func splitPhases(path, midPath, endPath string, stdout io.Writer) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	mid, end, endgameMax, err := ataxx.SplitNNPhases(data)
	if err != nil {
		return fmt.Errorf("phases: %s: %v", path, err)
	}
	for _, p := range []string{midPath, endPath} {
		if _, err := os.Lstat(p); err == nil {
			return fmt.Errorf("phases: %s exists", p)
		}
	}
	if err := writeNew(midPath, mid); err != nil {
		return err
	}
	if err := writeNew(endPath, end); err != nil {
		// Half a split is no split: neither file stays behind.
		os.Remove(midPath)
		if !errors.Is(err, os.ErrExist) {
			os.Remove(endPath)
		}
		return err
	}
	fmt.Fprintf(stdout, "%s: the middle game's net, %d bytes; %s: the endgame's, up to %d empty squares, %d bytes\n",
		midPath, len(mid), endPath, endgameMax, len(end))
	return nil
}
