package main

import (
	"strings"
	"testing"
)

// A short session runs every size class of a game and reports the
// memory; once the idle tables are released, the tables hold nothing.
func TestShortSession(t *testing.T) {
	var out strings.Builder
	if err := run([]string{"-games", "cube", "-level", "Beginner", "-movetime", "5ms", "-threads", "1"}, &out); err != nil {
		t.Fatal(err)
	}
	text := out.String()
	if !strings.Contains(text, "16 searches") {
		t.Errorf("want 16 searches (4 sizes, 2 styles, computer and hint):\n%s", text)
	}
	_, released, ok := strings.Cut(text, "after ReleaseIdle")
	if !ok || !strings.Contains(released, "search tables 0.0 MB") {
		t.Errorf("the tables hold memory after ReleaseIdle:\n%s", text)
	}
}
