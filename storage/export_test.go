package storage

// OpenWithClock is Open with the store's clock, so a test can make a fresh
// temporary file look stale.
var OpenWithClock = openWithClock

// Reads is how many games the store has read and replayed for its lists:
// the summary index's tests tell a listing from the index by it.
func (s *Store) Reads() int64 { return s.reads.Load() }
