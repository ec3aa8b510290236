package main

import (
	"encoding/binary"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/jumpers-game/jumpers/core/ataxx"
)

// foreign converts another engine's net into a weights file of ours, for
// measurement only: our search with the outside engine's evaluation,
// against that engine, tells how much of a match's gap is the evaluation
// and how much the search (docs/benchmarks-ataxx.md, "Our search with
// Zataxx's net"). Such a file is never built in: the app's nets come from
// this program's own training.
//
// The one format read is Zataxx's (zzzzz151/Zataxx, src/nn.rs): 2,916
// window inputs (36 windows of 2×2 squares, 81 states each, numbered as
// our raw layout numbers them) to H hidden units, little-endian int16
// first-layer weights input-major (in 1/255), H biases (1/255), H output
// weights (in 1/64) and an output bias, a squared clipped ReLU, and
// eval = (Σ h²·w / 255 + bias) · 400 / (255·64). Our raw layout reads the
// same windows the same way; its count inputs get zero weights.

// Zataxx's fixed-point units.
const (
	zataxxQA    = 255
	zataxxQB    = 64
	zataxxScale = 400 // its eval of one logistic unit
)

func foreignCmd(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("foreign", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: ataxxtrain foreign -out FILE.bin [-scale N] ZATAXX-NET.bin")
		fs.PrintDefaults()
	}
	out := fs.String("out", "", "weights file to write (refused if it exists)")
	scale := fs.Float64("scale", 250, "hundredths of a piece of one logistic unit in the file (ours: 250)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *out == "" || fs.NArg() != 1 {
		return errors.New("foreign: give -out and one Zataxx net file")
	}
	data, err := os.ReadFile(fs.Arg(0))
	if err != nil {
		return err
	}
	p, err := zataxxParams(data, *scale)
	if err != nil {
		return fmt.Errorf("%s: %v", fs.Arg(0), err)
	}
	file, err := ataxx.EncodeNN(p)
	if err != nil {
		return err
	}
	if err := writeNew(*out, file); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%s: %d hidden units, scale %g, %d bytes\n", *out, p.Hidden, *scale, len(file))
	return nil
}

// zataxxParams reads a Zataxx net as our raw layout's float weights, so
// that our file scores every board as Zataxx's eval does, times
// scale/400.
func zataxxParams(data []byte, scale float64) (*ataxx.NNParams, error) {
	const windows = ataxx.NNWindows * ataxx.NNWindowStates
	// (windows·H + 2·H + 1) int16s.
	n := len(data) / 2
	hidden := (n - 1) / (windows + 2)
	if len(data)%2 != 0 || hidden < 4 || (windows+2)*hidden+1 != n || hidden%4 != 0 || hidden > ataxx.NNMaxHidden {
		return nil, fmt.Errorf("%d bytes is not a Zataxx net (2,916 inputs, a hidden layer of a multiple of 4 units, one output)", len(data))
	}
	at := func(k int) float64 { return float64(int16(binary.LittleEndian.Uint16(data[2*k:]))) }
	p := ataxx.NewNNParamsOf(ataxx.NNLayoutRaw, hidden, 1, scale)
	for k := 0; k < windows*hidden; k++ {
		w := at(k)
		if w > ataxx.NNWeightLimit || w < -ataxx.NNWeightLimit {
			return nil, fmt.Errorf("first-layer weight %v beyond ±%d", w, ataxx.NNWeightLimit)
		}
		p.W1[k] = float32(w / zataxxQA)
	}
	for j := range hidden {
		p.B1[j] = float32(at(windows*hidden+j) / zataxxQA)
		p.W2[j] = float32(at(windows*hidden+hidden+j) / zataxxQB)
	}
	// Zataxx adds its bias after dividing the sum by QA: in units of the
	// sum it is bias·QA/(QA²·QB) of a logistic unit.
	p.B2[0] = float32(at(windows*hidden+2*hidden) / (zataxxQA * zataxxQB))
	// Its output is in 1/400 of a logistic unit; ours in scale/100 of a
	// piece: the weights above are already in logistic units.
	return p, nil
}

// writeNew writes data to a file that must not exist yet.
func writeNew(path string, data []byte) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
