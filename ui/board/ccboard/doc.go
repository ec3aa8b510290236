// Package ccboard is Chinese Checkers' board for the screens: the star
// widget and its renderer (hop animations), the hole picker for crowded
// taps, the ghosts of the last moves, the players and profile setup,
// previews, rule diagrams and coordinates, registered through UI.
package ccboard
