package record

import (
	"errors"
	"fmt"
	"strings"

	"github.com/jumpers-game/jumpers/core"
)

// Error is a record that cannot be read: what is wrong, and the line
// (1-based; 0 when the problem has no one line, like an empty file).
type Error struct {
	Line int
	Err  error
}

func (e *Error) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("line %d: %v", e.Line, e.Err)
	}
	return e.Err.Error()
}

func (e *Error) Unwrap() error { return e.Err }

func lineErr(line int, format string, args ...any) error {
	return &Error{Line: line, Err: fmt.Errorf(format, args...)}
}

// Tag is one tag pair as read, with its line.
type Tag struct {
	Name, Value string
	Line        int
}

// token is one move (or anything else in the movetext that is not a
// number, comment, NAG or result) with its line.
type token struct {
	text string
	line int
}

// rawGame is one game of a file before it is replayed: its tags, the
// move tokens and the result that ends its movetext.
type rawGame struct {
	line       int // where the game starts
	tags       []Tag
	moves      []token
	result     string // "" when the movetext has none
	resultLine int
}

func (g *rawGame) tag(name string) (Tag, bool) {
	for _, t := range g.tags {
		if t.Name == name {
			return t, true
		}
	}
	return Tag{}, false
}

// Results are the game termination markers of PGN.
const (
	FirstWon  = "1-0"
	SecondWon = "0-1"
	Draw      = "1/2-1/2"
	Unknown   = "*"
)

func isResult(s string) bool {
	return s == FirstWon || s == SecondWon || s == Draw || s == Unknown
}

// quoteMax bounds a piece of the input quoted in an error.
const quoteMax = 40

func quote(s string) string { return fmt.Sprintf("%q", core.Clip(s, quoteMax)) }

// scanner splits a record file into games. PGN is read as its standard
// describes the import format: tag pairs, then movetext where move
// numbers, comments, NAGs, annotation marks and variations are skipped.
type scanner struct {
	s         string
	i         int
	line      int
	lineStart bool // nothing but white space since the last newline
	games     []rawGame
	cur       *rawGame
	inMoves   bool // the current game's movetext has begun
}

func scan(text string) ([]rawGame, error) {
	sc := &scanner{s: text, line: 1, lineStart: true}
	if err := sc.run(); err != nil {
		return nil, err
	}
	sc.finish()
	return sc.games, nil
}

// finish closes the current game, if any.
func (sc *scanner) finish() {
	if sc.cur != nil {
		sc.games = append(sc.games, *sc.cur)
		sc.cur = nil
	}
	sc.inMoves = false
}

// game is the game being read, started at the current line if none is.
func (sc *scanner) game() *rawGame {
	if sc.cur == nil {
		sc.cur = &rawGame{line: sc.line}
	}
	return sc.cur
}

const delimiters = " \t\r\n\f\v{}[]();\"$"

func (sc *scanner) run() error {
	for sc.i < len(sc.s) {
		c := sc.s[sc.i]
		switch {
		case c == '\n':
			sc.line++
			sc.i++
			sc.lineStart = true
			continue
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			sc.i++
			continue
		case c == '%' && sc.lineStart:
			// PGN's escape: the whole line is for other programs.
			sc.skipLine()
		case c == ';':
			sc.skipLine()
		case c == '{':
			if err := sc.skipComment(); err != nil {
				return err
			}
		case c == '(':
			if err := sc.skipVariation(); err != nil {
				return err
			}
		case c == '[':
			if sc.inMoves {
				sc.finish()
			}
			t, err := sc.tagPair()
			if err != nil {
				return err
			}
			g := sc.game()
			for _, old := range g.tags {
				if old.Name == t.Name {
					return lineErr(t.Line, "tag %s given twice (first on line %d)", t.Name, old.Line)
				}
			}
			g.tags = append(g.tags, t)
		case c == '$':
			start := sc.i
			sc.i++
			for sc.i < len(sc.s) && sc.s[sc.i] >= '0' && sc.s[sc.i] <= '9' {
				sc.i++
			}
			if sc.i == start+1 {
				return lineErr(sc.line, "a NAG is $ and a number, not %s", quote(sc.word(start)))
			}
		case c == ']' || c == ')' || c == '}' || c == '"':
			return lineErr(sc.line, "unexpected %q", c)
		default:
			sc.symbol()
		}
		sc.lineStart = false
	}
	return nil
}

// word is the run of non-delimiters from start, for error messages.
func (sc *scanner) word(start int) string {
	end := start + 1
	for end < len(sc.s) && !strings.ContainsRune(delimiters, rune(sc.s[end])) {
		end++
	}
	return sc.s[start:end]
}

func (sc *scanner) skipLine() {
	for sc.i < len(sc.s) && sc.s[sc.i] != '\n' {
		sc.i++
	}
}

func (sc *scanner) skipComment() error {
	start := sc.line
	for sc.i++; sc.i < len(sc.s); sc.i++ {
		switch sc.s[sc.i] {
		case '\n':
			sc.line++
		case '}':
			sc.i++
			return nil
		}
	}
	return lineErr(start, "comment { is never closed")
}

// skipVariation skips a recursive annotation variation: another line of
// play that is not the game's.
func (sc *scanner) skipVariation() error {
	start, depth := sc.line, 0
	for ; sc.i < len(sc.s); sc.i++ {
		switch sc.s[sc.i] {
		case '\n':
			sc.line++
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				sc.i++
				return nil
			}
		case '{':
			if err := sc.skipComment(); err != nil {
				return err
			}
			sc.i-- // the loop steps past the '}'
		}
	}
	return lineErr(start, "variation ( is never closed")
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' }

// tagPair reads [Name "value"] on one line.
func (sc *scanner) tagPair() (Tag, error) {
	t := Tag{Line: sc.line}
	sc.i++ // '['
	for sc.i < len(sc.s) && isSpace(sc.s[sc.i]) {
		sc.i++
	}
	start := sc.i
	for sc.i < len(sc.s) && isNameByte(sc.s[sc.i]) {
		sc.i++
	}
	t.Name = sc.s[start:sc.i]
	if t.Name == "" {
		return t, lineErr(t.Line, "a tag pair is [Name \"value\"]: the name is missing")
	}
	for sc.i < len(sc.s) && isSpace(sc.s[sc.i]) {
		sc.i++
	}
	if sc.i >= len(sc.s) || sc.s[sc.i] != '"' {
		return t, lineErr(t.Line, "tag %s: the value must be in double quotes", core.Clip(t.Name, quoteMax))
	}
	sc.i++
	var v strings.Builder
	for {
		if sc.i >= len(sc.s) || sc.s[sc.i] == '\n' {
			return t, lineErr(t.Line, "tag %s: the value's closing quote is missing", core.Clip(t.Name, quoteMax))
		}
		c := sc.s[sc.i]
		sc.i++
		if c == '"' {
			break
		}
		if c == '\\' && sc.i < len(sc.s) && (sc.s[sc.i] == '"' || sc.s[sc.i] == '\\') {
			c = sc.s[sc.i]
			sc.i++
		}
		v.WriteByte(c)
	}
	t.Value = v.String()
	for sc.i < len(sc.s) && isSpace(sc.s[sc.i]) {
		sc.i++
	}
	if sc.i >= len(sc.s) || sc.s[sc.i] != ']' {
		return t, lineErr(t.Line, "tag %s: ] missing after the value", core.Clip(t.Name, quoteMax))
	}
	sc.i++
	return t, nil
}

func isNameByte(c byte) bool {
	return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_'
}

// symbol reads one movetext token: a move number, a result or a move.
func (sc *scanner) symbol() {
	start, line := sc.i, sc.line
	for sc.i < len(sc.s) && !strings.ContainsRune(delimiters, rune(sc.s[sc.i])) {
		sc.i++
	}
	word := sc.s[start:sc.i]
	if sc.cur != nil && sc.cur.result != "" {
		// Moves after a result begin a game without tags.
		sc.finish()
	}
	g := sc.game()
	sc.inMoves = true
	if isResult(word) {
		g.result, g.resultLine = word, line
		return
	}
	// A move number ("12." or "12..."), glued to its move or not ("1.f2").
	j := 0
	for j < len(word) && word[j] >= '0' && word[j] <= '9' {
		j++
	}
	if j < len(word) && word[j] == '.' {
		for j < len(word) && word[j] == '.' {
			j++
		}
		word = word[j:]
	} else if strings.Trim(word, ".") == "" {
		word = ""
	}
	// Annotation marks ("f2!", "g1e3?!") say nothing about the move.
	word = strings.TrimRight(word, "!?")
	if word == "" {
		return
	}
	g.moves = append(g.moves, token{text: word, line: line})
}

var errNoGame = errors.New("no game in the record (a record is tag pairs like [Game \"cube\"], then the moves)")
