package ataxx

// A slow, obviously correct Ataxx on a plain [7][7] array, written apart
// from the bitboard engine (it shares no code with it, not even the FEN
// reader), to check the fast perft by a second method.

import (
	"strconv"
	"strings"
	"testing"
)

const (
	refEmpty = 0
	refX     = 1
	refO     = 2
	refGap   = 3
)

type refBoard struct {
	cell       [7][7]int // [row][col], row 0 = rank 7 (the top), col 0 = file a
	turn       int       // refX or refO
	half, full int
	seed       bool
}

type refMove struct {
	fromRow, fromCol int // -1 for a clone or a pass
	toRow, toCol     int // -1 for a pass
}

func refParse(t testing.TB, fen string, seed bool) refBoard {
	t.Helper()
	f := strings.Fields(fen)
	b := refBoard{seed: seed}
	rows := strings.Split(f[0], "/")
	if len(rows) != 7 {
		t.Fatalf("ref: bad FEN %q", fen)
	}
	for r, row := range rows {
		c := 0
		for _, ch := range row {
			switch {
			case ch >= '1' && ch <= '7':
				c += int(ch - '0')
			case ch == 'x':
				b.cell[r][c] = refX
				c++
			case ch == 'o':
				b.cell[r][c] = refO
				c++
			case ch == '-':
				b.cell[r][c] = refGap
				c++
			}
		}
	}
	b.turn = refX
	if f[1] == "o" {
		b.turn = refO
	}
	b.half, b.full = 0, 1
	if len(f) == 4 {
		b.half, _ = strconv.Atoi(f[2])
		b.full, _ = strconv.Atoi(f[3])
	}
	return b
}

func refAbs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// refIsJump tells whether a piece may jump by (dr, dc) under the rules.
func (b *refBoard) refIsJump(dr, dc int) bool {
	ar, ac := refAbs(dr), refAbs(dc)
	if !b.seed {
		return max(ar, ac) == 2
	}
	return (ar == 2 && ac == 0) || (ar == 0 && ac == 2) || (ar == 2 && ac == 2) ||
		(ar == 3 && ac == 0) || (ar == 0 && ac == 3)
}

// refMovesOf lists the clones and jumps of side, by trying every pair of
// squares.
func (b *refBoard) refMovesOf(side int) []refMove {
	var out []refMove
	for tr := 0; tr < 7; tr++ {
		for tc := 0; tc < 7; tc++ {
			if b.cell[tr][tc] != refEmpty {
				continue
			}
			clone := false
			for fr := 0; fr < 7; fr++ {
				for fc := 0; fc < 7; fc++ {
					if b.cell[fr][fc] != side {
						continue
					}
					dr, dc := tr-fr, tc-fc
					if max(refAbs(dr), refAbs(dc)) == 1 {
						clone = true
					} else if b.refIsJump(dr, dc) {
						out = append(out, refMove{fr, fc, tr, tc})
					}
				}
			}
			if clone {
				out = append(out, refMove{-1, -1, tr, tc})
			}
		}
	}
	return out
}

func (b *refBoard) refCount(side int) int {
	n := 0
	for r := 0; r < 7; r++ {
		for c := 0; c < 7; c++ {
			if b.cell[r][c] == side {
				n++
			}
		}
	}
	return n
}

func (b *refBoard) refOver() bool {
	if b.refCount(refX) == 0 || b.refCount(refO) == 0 {
		return true
	}
	if len(b.refMovesOf(refX)) == 0 && len(b.refMovesOf(refO)) == 0 {
		return true
	}
	if b.seed {
		return b.full > 100
	}
	return b.half >= 100
}

func (b *refBoard) refMoves() []refMove {
	if b.refOver() {
		return nil
	}
	ms := b.refMovesOf(b.turn)
	if len(ms) == 0 {
		return []refMove{{-1, -1, -1, -1}}
	}
	return ms
}

func (b refBoard) refPlay(m refMove) refBoard {
	other := refX + refO - b.turn
	if b.turn == refO {
		b.full++
	}
	b.half++
	if m.toRow >= 0 {
		b.cell[m.toRow][m.toCol] = b.turn
		if m.fromRow >= 0 {
			b.cell[m.fromRow][m.fromCol] = refEmpty
		} else {
			b.half = 0
		}
		for dr := -1; dr <= 1; dr++ {
			for dc := -1; dc <= 1; dc++ {
				r, c := m.toRow+dr, m.toCol+dc
				if r >= 0 && r < 7 && c >= 0 && c < 7 && b.cell[r][c] == other {
					b.cell[r][c] = b.turn
				}
			}
		}
	}
	b.turn = other
	return b
}

func refPerft(b refBoard, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	var n uint64
	for _, m := range b.refMoves() {
		n += refPerft(b.refPlay(m), depth-1)
	}
	return n
}

// refFEN writes the board in FEN, to compare positions after moves.
func (b *refBoard) refFEN() string {
	var sb strings.Builder
	for r := 0; r < 7; r++ {
		run := 0
		for c := 0; c < 7; c++ {
			if b.cell[r][c] == refEmpty {
				run++
				continue
			}
			if run > 0 {
				sb.WriteString(strconv.Itoa(run))
				run = 0
			}
			sb.WriteByte(".xo-"[b.cell[r][c]])
		}
		if run > 0 {
			sb.WriteString(strconv.Itoa(run))
		}
		if r < 6 {
			sb.WriteByte('/')
		}
	}
	side := "x"
	if b.turn == refO {
		side = "o"
	}
	return sb.String() + " " + side + " " + strconv.Itoa(b.half) + " " + strconv.Itoa(b.full)
}
