package ataxx

import (
	"encoding/binary"
	"errors"
	"fmt"
	"strings"
)

// A weights file of two nets, one for the middle game and one for the
// endgame: a net fitted to the middle game's positions alone reads them
// better than one that shares its hidden units with the fill
// (docs/benchmarks-ataxx.md, "Round 20"). The file is "ATXP", the most
// empty squares the endgame net scores (uint32), the middle net's file
// length (uint32), then the two nets' files (EncodeNN) one after the
// other. The endgame's part may itself be such a file with a smaller
// bound, so that the fill's last squares get a net of their own
// ("Round 22"): a file of three phases or more.

const (
	nnPhasesMagic  = "ATXP"
	nnPhasesHeader = 4 + 4 + 4
)

// EncodeNNPhases joins two weights files into one: mid (EncodeNN's)
// scores the boards with more than endgameMax empty squares, end the
// others; end may be a file of phases itself, whose own endgame ends
// below endgameMax.
func EncodeNNPhases(mid, end []byte, endgameMax int) ([]byte, error) {
	if endgameMax < 0 || endgameMax >= Squares {
		return nil, fmt.Errorf("ataxx: the endgame net up to %d empty squares: want 0 to %d", endgameMax, Squares-1)
	}
	for i, part := range [][]byte{mid, end} {
		if !isPhasePart(part, i == 1) {
			return nil, errors.New("ataxx: a part of a two-phase net is not a hidden-layer weights file")
		}
		n, err := DecodeNN(part)
		if err != nil {
			return nil, err
		}
		if err := innerBoundBelow(n, endgameMax); err != nil {
			return nil, err
		}
	}
	return joinPhases(mid, end, endgameMax), nil
}

// isPhasePart tells whether part may be a part of a file of phases: a
// plain net, or in the endgame's place a file of phases.
func isPhasePart(part []byte, endgame bool) bool {
	if len(part) < 4 {
		return false
	}
	magic := string(part[:4])
	return magic == nnMagic || endgame && magic == nnPhasesMagic
}

// innerBoundBelow refuses an endgame part whose own endgame would score
// every board the part scores, which leaves its middle net unused.
func innerBoundBelow(part *NN, endgameMax int) error {
	if part.endgame != nil && part.endgameMax >= endgameMax {
		return fmt.Errorf("ataxx: a file of phases whose endgame net up to %d empty squares holds one up to %d: want fewer", endgameMax, part.endgameMax)
	}
	return nil
}

// joinPhases writes the two-phase file of two good nets' files.
func joinPhases(mid, end []byte, endgameMax int) []byte {
	out := make([]byte, 0, nnPhasesHeader+len(mid)+len(end))
	out = append(out, nnPhasesMagic...)
	out = binary.LittleEndian.AppendUint32(out, uint32(endgameMax))
	out = binary.LittleEndian.AppendUint32(out, uint32(len(mid)))
	out = append(out, mid...)
	return append(out, end...)
}

// SplitNNPhases is EncodeNNPhases undone: the middle game's weights file,
// the endgame's (a file of phases itself when data holds three or more)
// and the most empty squares the endgame's scores. A net carried on to new
// data starts from one part (fitnn -init), and the separate files do not
// outlive a machine where the built-in file does.
func SplitNNPhases(data []byte) (mid, end []byte, endgameMax int, err error) {
	if len(data) < 4 || string(data[:4]) != nnPhasesMagic {
		return nil, nil, 0, errors.New("ataxx: not a weights file of phases")
	}
	if _, err := decodeNNPhases(data); err != nil {
		return nil, nil, 0, err
	}
	mid, end, endgameMax = phaseParts(data)
	return mid, end, endgameMax, nil
}

// phaseParts cuts a file of phases whose header has been checked.
func phaseParts(data []byte) (mid, end []byte, endgameMax int) {
	midLen := binary.LittleEndian.Uint32(data[8:])
	rest := data[nnPhasesHeader:]
	return rest[:midLen:midLen], rest[midLen:], int(binary.LittleEndian.Uint32(data[4:]))
}

// decodeNNPhases reads EncodeNNPhases's file: the middle game's net, its
// endgame net beside it.
func decodeNNPhases(data []byte) (*NN, error) {
	if len(data) < nnPhasesHeader {
		return nil, errors.New("ataxx: a two-phase weights file too short for its header")
	}
	endgameMax := binary.LittleEndian.Uint32(data[4:])
	midLen := binary.LittleEndian.Uint32(data[8:])
	if endgameMax >= Squares {
		return nil, fmt.Errorf("ataxx: a two-phase weights file's endgame net up to %d empty squares: want 0 to %d", endgameMax, Squares-1)
	}
	if uint64(midLen) > uint64(len(data)-nnPhasesHeader) {
		return nil, fmt.Errorf("ataxx: a two-phase weights file whose middle net of %d bytes is longer than the file", midLen)
	}
	midPart, endPart, _ := phaseParts(data)
	var parts [2]*NN
	for i, part := range [][]byte{midPart, endPart} {
		// The middle part is a plain net; the endgame's may be phases.
		if !isPhasePart(part, i == 1) {
			return nil, errors.New("ataxx: a part of a two-phase weights file is not a hidden-layer weights file")
		}
		n, err := DecodeNN(part)
		if err != nil {
			return nil, fmt.Errorf("ataxx: a two-phase weights file's %s net: %s", [...]string{"middle", "endgame"}[i], strings.TrimPrefix(err.Error(), "ataxx: "))
		}
		parts[i] = n
	}
	if err := innerBoundBelow(parts[1], int(endgameMax)); err != nil {
		return nil, err
	}
	mid := parts[0]
	mid.endgame, mid.endgameMax = parts[1], int(endgameMax)
	return mid, nil
}

// Endgame is the net that scores boards of at most endgameMax empty
// squares in n's place (it may have an endgame of its own), and
// endgameMax; nil when n scores every board.
func (n *NN) Endgame() (end *NN, endgameMax int) { return n.endgame, n.endgameMax }

// phaseOf is the net of n's that scores the board us|them.
func (n *NN) phaseOf(us, them uint64) *NN {
	empty := Squares - popcount(us|them)
	for n.endgame != nil && empty <= n.endgameMax {
		n = n.endgame
	}
	return n
}
