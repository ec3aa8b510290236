package app

import "github.com/jumpers-game/jumpers/storage"

// KeepNew writes sv, a game that begins now with moves of its own (an
// imported record, "Continue here" of a review), to the store under a new
// id, the way every game is kept (Store.Keep: the update time to the
// nanosecond, so it is the newest game and Continue opens it). It returns
// the id for OpenSave; "" without a store. Nothing is written when it
// fails.
func (e *Env) KeepNew(sv storage.Save) (string, error) {
	if e.Store == nil {
		return "", nil
	}
	id := e.Store.NewID()
	if err := e.Store.Keep(id, sv); err != nil {
		return "", err
	}
	return id, nil
}
