//go:build amd64 && !purego

package main

import "golang.org/x/sys/cpu"

// rowsAVX2 says the first layer's rows may be summed and stepped eight
// floats an instruction: fitting is spent in these two loops, and the
// compiler adds one float at a time.
var rowsAVX2 = cpu.X86.HasAVX2

// sumRowsAVX2 writes to acc b1 plus the rows feat[:n] of w1, h floats a
// row (h a multiple of 64).
//
//go:noescape
func sumRowsAVX2(w1 *float32, feat *uint16, n, h int, b1, acc *float32)

// scatterAddAVX2 adds d to the rows feat[:n] of w1, h floats a row (h a
// multiple of 64); a row named twice gets d twice.
//
//go:noescape
func scatterAddAVX2(w1 *float32, feat *uint16, n, h int, d *float32)

// outputLanesAVX2 is outputLanes for h a multiple of 8.
//
//go:noescape
func outputLanesAVX2(acc, w2 *float32, h int, lanes *[8]float32)

// backAVX2 is back for h a multiple of 8.
//
//go:noescape
func backAVX2(acc, w2, gw2, dacc *float32, h int, d float32)
