// Package cubeboard is Jumping Cube's board for the screens: the widget
// and its renderer (spots, cascades and their animations), the size
// setup, previews, rule diagrams and coordinates, registered through UI.
package cubeboard
