package ui

import (
	"strings"
	"testing"
)

// TestPasteFromAnEmptyClipboardKeepsTheText: Paste with nothing on the
// clipboard (nothing copied yet, or a phone that clears it) says so and
// keeps what the player typed or pasted before; it used to empty the box
// without a word.
func TestPasteFromAnEmptyClipboardKeepsTheText(t *testing.T) {
	h := newHarness(t, "")
	h.a.Clipboard().SetContent("")
	typed := "[Game \"cube\"]\n\n1. 3:3"
	entry := h.u.importDialog(typed)
	h.topButton("Paste")
	if entry.Text != typed {
		t.Fatalf("Paste from an empty clipboard left %q", entry.Text)
	}
	if !strings.Contains(h.u.lastMessage, "clipboard is empty") {
		t.Fatalf("message %q", h.u.lastMessage)
	}
}
