package arena

import (
	"bufio"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"

	"github.com/jumpers-game/jumpers/core"
)

// Opening is where a game of a match starts: a position (its text, or ""
// for the start position of the match's options) and moves played from it.
type Opening struct {
	Position string
	Moves    []string
}

func (o Opening) String() string {
	var parts []string
	if o.Position != "" {
		parts = append(parts, o.Position)
	}
	if len(o.Moves) > 0 {
		if o.Position != "" {
			parts = append(parts, "moves")
		}
		parts = append(parts, strings.Join(o.Moves, " "))
	}
	if len(parts) == 0 {
		return "startpos"
	}
	return strings.Join(parts, " ")
}

// resolve returns the opening's base position and the position after its
// moves. Book positions are read under the match's rules.
func (o Opening) resolve(g core.Game, opts core.Options) (base, pos core.Position, err error) {
	if o.Position == "" {
		base, err = g.Start(opts)
	} else {
		base, err = g.ParsePosition(o.Position, opts.Text(core.OptRules))
	}
	if err != nil {
		return nil, nil, err
	}
	pos = base
	for i, m := range o.Moves {
		next, err := pos.Play(m)
		if err != nil {
			return nil, nil, fmt.Errorf("move %d %q: %v", i+1, m, err)
		}
		pos = next
	}
	if pos.Result().Over {
		return nil, nil, fmt.Errorf("the game is over after the opening")
	}
	return base, pos, nil
}

// RandomBook returns up to n different openings of plies random legal moves
// from the start of opts, drawn reproducibly from seed: the same arguments
// give the same book. Openings that end the game are left out; a small
// game may have fewer than n.
func RandomBook(g core.Game, opts core.Options, n, plies int, seed int64) ([]Opening, error) {
	start, err := g.Start(opts)
	if err != nil {
		return nil, err
	}
	rng := rand.New(rand.NewPCG(uint64(seed), 0x0b00c))
	seen := map[uint64]bool{}
	var book []Opening
	for tries := 0; len(book) < n && tries < 100*n+100; tries++ {
		pos := start
		var moves []string
		for i := 0; i < plies && !pos.Result().Over; i++ {
			ms := pos.Moves()
			m := ms[rng.IntN(len(ms))]
			if pos, err = pos.Play(m); err != nil {
				return nil, fmt.Errorf("random opening: %q: %v", m, err)
			}
			moves = append(moves, m)
		}
		if pos.Result().Over || seen[pos.Hash()] {
			continue
		}
		seen[pos.Hash()] = true
		book = append(book, Opening{Moves: moves})
	}
	if len(book) == 0 {
		return nil, fmt.Errorf("no random opening of %d plies leaves the game open", plies)
	}
	return book, nil
}

// ReadBook reads a book, one opening a line: a position text, optionally
// followed by "moves m1 m2 ...", or a list of moves (separated by spaces or
// commas) played from the start position of opts. Blank lines and lines
// starting with # are skipped. Every opening is checked against the rules.
func ReadBook(g core.Game, opts core.Options, r io.Reader) ([]Opening, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	var book []Opening
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		o, err := parseOpening(g, opts, text)
		if err != nil {
			return nil, fmt.Errorf("book line %d: %v", line, err)
		}
		book = append(book, o)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("book: %v", err)
	}
	if len(book) == 0 {
		return nil, fmt.Errorf("book: no opening in it")
	}
	return book, nil
}

func parseOpening(g core.Game, opts core.Options, text string) (Opening, error) {
	posText, moveText, hasMoves := strings.Cut(text, " moves ")
	if !hasMoves {
		posText, moveText, hasMoves = strings.Cut(text, " moves")
		if hasMoves && moveText != "" {
			posText, moveText, hasMoves = text, "", false
		}
	}
	if _, posErr := g.ParsePosition(posText, opts.Text(core.OptRules)); posErr == nil {
		o := Opening{Position: posText, Moves: splitMoves(moveText)}
		if _, _, err := o.resolve(g, opts); err != nil {
			return Opening{}, err
		}
		return o, nil
	} else if hasMoves {
		return Opening{}, fmt.Errorf("position %q: %v", posText, posErr)
	}
	o := Opening{Moves: splitMoves(text)}
	if _, _, err := o.resolve(g, opts); err != nil {
		return Opening{}, fmt.Errorf("neither a position nor moves from the start: %v", err)
	}
	return o, nil
}

func splitMoves(s string) []string {
	f := strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' || r == '\t' })
	if len(f) == 0 {
		return nil
	}
	return f
}
