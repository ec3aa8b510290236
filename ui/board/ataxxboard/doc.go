// Package ataxxboard is Ataxx's board for the screens: the widget and its
// renderer (selection, clones, jumps, conversions), the rules and gaps
// setup, previews, rule diagrams and coordinates, registered through UI.
package ataxxboard
