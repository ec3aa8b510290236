package main

import (
	"fmt"
	"strings"
	"text/tabwriter"
)

// tableText prints rows (the first is the header) in aligned columns,
// then the footer.
func tableText(rows [][]string, footer string) string {
	var b strings.Builder
	w := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	for _, row := range rows {
		fmt.Fprintln(w, strings.Join(row, "\t"))
	}
	_ = w.Flush()
	return b.String() + footer
}

// tableMarkdown prints rows (the first is the header) as a markdown
// table, then the footer after a blank line.
func tableMarkdown(rows [][]string, footer string) string {
	var b strings.Builder
	for k, row := range rows {
		b.WriteString("| " + strings.Join(row, " | ") + " |\n")
		if k == 0 {
			b.WriteString("|" + strings.Repeat(" --- |", len(row)) + "\n")
		}
	}
	return b.String() + "\n" + footer
}
