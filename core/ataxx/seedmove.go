package ataxx

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/jumpers-game/jumpers/core"
)

// SeedMove is the board-in, move-out program of seed 002. It reads the
// board from in as 7 lines like "1:0:0:0:0:0:2:" (0 empty, 1 black, 2
// white; the first line is the top row; the last colon may be left out;
// blank lines are skipped), plays Black under the seed rules and writes the
// move as one line "x1:y1:x2:y2:" (x the column, y the row, both 0-based
// from the top-left), then the board after the move in the input format.
// With no legal move it writes "pass" and the unchanged board. A clone
// names as its origin the first Black piece next to the destination in
// reading order (which piece replicates does not change the board).
//
// depth > 0 searches to that depth, movetime > 0 for that long; with
// neither it thinks as the Expert level does (one second). seed makes the
// choice among equal moves reproducible. Bad input is an error naming the
// line.
func SeedMove(in io.Reader, out io.Writer, depth int, movetime time.Duration, seed int64) error {
	return SeedMoveRequest(in, out, core.AIRequest{Depth: depth, MoveTime: movetime, Seed: seed})
}

// SeedMoveRequest is SeedMove with the whole AI request (a node cap too).
func SeedMoveRequest(in io.Reader, out io.Writer, req core.AIRequest) error {
	p, err := ReadSeedBoard(in)
	if err != nil {
		return err
	}
	m, err := seedChoice(p, req)
	if err != nil {
		return err
	}
	var sb strings.Builder
	if m == Pass || m == NoMove {
		sb.WriteString("pass\n")
	} else {
		sb.WriteString(SeedMoveText(&p, m))
		sb.WriteByte('\n')
		p.Play(m)
	}
	sb.WriteString(SeedBoardText(&p))
	_, err = io.WriteString(out, sb.String())
	return err
}

// seedChoice picks Black's move; Pass when it has none.
func seedChoice(p Position, req core.AIRequest) (Move, error) {
	if over, _ := p.Outcome(); over {
		// The game is over (White has no pieces): there is nothing to
		// search, but Black must still move when it can, so it takes the
		// move that ends with the most pieces.
		best, bestN := NoMove, -1
		for _, m := range p.rawMoves(nil) {
			q := p
			q.Play(m)
			if n := q.Count(Black) - q.Count(White); n > bestN {
				best, bestN = m, n
			}
		}
		return best, nil
	}
	if p.MustPass() {
		return Pass, nil
	}
	m, _, err := BestMove(context.Background(), p, req)
	return m, err
}

// rawMoves appends the clones and jumps of the side to move, whether or not
// the game is over.
func (p *Position) rawMoves(dst []Move) []Move {
	us := p.pieces[p.turn]
	empty := p.Empty()
	for b := dilate(us) & empty; b != 0; b &= b - 1 {
		dst = append(dst, Clone(lowest(b)))
	}
	for f := us; f != 0; f &= f - 1 {
		from := lowest(f)
		for t := jumpMasks[p.rules][from] & empty; t != 0; t &= t - 1 {
			dst = append(dst, Jump(from, lowest(t)))
		}
	}
	return dst
}

// ReadSeedBoard reads a board in the seed's format (see SeedMove) as a
// position under the seed rules with Black to move.
func ReadSeedBoard(in io.Reader) (Position, error) {
	p := Position{rules: SeedRules, full: 1}
	sc := bufio.NewScanner(io.LimitReader(in, 1<<16))
	row, line := 0, 0
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		if text == "" {
			continue
		}
		if row == Size {
			return Position{}, fmt.Errorf("line %d: the board has only 7 rows", line)
		}
		cells := strings.Split(strings.TrimSuffix(text, ":"), ":")
		if len(cells) != Size {
			return Position{}, fmt.Errorf("line %d: %d cells, want 7 (like 1:0:0:0:0:0:2:)", line, len(cells))
		}
		for x, c := range cells {
			bit := uint64(1) << uint(Square(x, Size-1-row))
			switch strings.TrimSpace(c) {
			case "0":
			case "1":
				p.pieces[Black] |= bit
			case "2":
				p.pieces[White] |= bit
			default:
				return Position{}, fmt.Errorf("line %d: cell %d is %q, want 0 (empty), 1 (black) or 2 (white)", line, x+1, c)
			}
		}
		row++
	}
	if err := sc.Err(); err != nil {
		return Position{}, fmt.Errorf("line %d: %v", line+1, err)
	}
	if row < Size {
		return Position{}, fmt.Errorf("line %d: the board ends after %d rows, want 7", line+1, row)
	}
	p.key = p.computeKey()
	return p, nil
}

// SeedBoardText writes p's board in the seed's format: 7 lines, the top row
// first, each cell 0, 1 (black) or 2 (white) followed by a colon. Gaps,
// which the seed has not, are written as 0.
func SeedBoardText(p *Position) string {
	var sb strings.Builder
	for rank := Size - 1; rank >= 0; rank-- {
		for file := 0; file < Size; file++ {
			switch p.At(Square(file, rank)) {
			case BlackPiece:
				sb.WriteByte('1')
			case WhitePiece:
				sb.WriteByte('2')
			default:
				sb.WriteByte('0')
			}
			sb.WriteByte(':')
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

// SeedMoveText writes m, a move of the side to move at p, in the seed's
// format "x1:y1:x2:y2:" (column and row from the top-left, 0-based). A
// clone's origin is the first own piece next to its destination in reading
// order.
func SeedMoveText(p *Position, m Move) string {
	if m == Pass {
		return "pass"
	}
	to := m.To()
	from := m.From()
	if m.IsClone() {
		from = -1
		for rank := Size - 1; rank >= 0 && from < 0; rank-- {
			for file := 0; file < Size; file++ {
				sq := Square(file, rank)
				if neighbours[to]&p.pieces[p.turn]&(1<<uint(sq)) != 0 {
					from = sq
					break
				}
			}
		}
		if from < 0 {
			from = to // not a legal clone; still say where it lands
		}
	}
	return fmt.Sprintf("%d:%d:%d:%d:", File(from), Size-1-Rank(from), File(to), Size-1-Rank(to))
}
