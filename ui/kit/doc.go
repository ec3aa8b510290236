// Package kit is the look of Jumpers and the small widgets every screen
// and board uses: the theme, the colour-blind-safe player palette and the
// contrast rules, piece shapes, touch-sized buttons and cards, the colour
// picker, layout helpers and swatches. It imports Fyne and the app's
// settings only: never a screen, a board or a game.
package kit
