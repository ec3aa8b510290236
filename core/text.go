package core

import "unicode/utf8"

// CutUTF8 is the longest prefix of s of at most n bytes that does not split
// a character: what an error line or a stored name keeps of a long text.
func CutUTF8(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// Clip shortens s to at most n bytes, never inside a character, and marks
// the cut with "…".
func Clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return CutUTF8(s, n) + "…"
}
