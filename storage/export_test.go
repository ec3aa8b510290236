package storage

// OpenWithClock is Open with the store's clock, so a test can make a fresh
// temporary file look stale.
var OpenWithClock = openWithClock
