package search

import "context"

// What a caller may ask of this search beyond a game's core.AIRequest.
// They are knobs of the search engine, not of a game: the app's thread
// priority, a measurement's forgotten table, an experiment's settings.
// core.AIRequest is what every game's AI answers, whatever search it runs
// (Chinese Checkers' Monte-Carlo search is not this one), so these travel
// in the request's context instead, past the core.Game interface that
// does not know them; a game whose AI is not this search ignores them.
// None of them is ever needed to play: without them every request behaves
// as the engine protocol and the app's levels say.

type ctxKey int

const (
	threadStartKey ctxKey = iota
	freshKey
	tuningKey
	residentKey
)

// WithThreadStart returns ctx with start, which then runs first on every
// helper thread of a parallel search, on that thread: the app lowers their
// priority there as it does its own AI goroutine's, so the UI keeps its
// frames.
func WithThreadStart(ctx context.Context, start func()) context.Context {
	return context.WithValue(ctx, threadStartKey, start)
}

func threadStartFrom(ctx context.Context) func() {
	start, _ := ctx.Value(threadStartKey).(func())
	return start
}

// WithFresh returns ctx asking the search to forget what earlier searches
// left (table, killers, history) before it starts: a measurement of the
// time to a depth, or a review whose timed positions must be judged alike,
// starts from nothing. Reproducible requests (depth- or node-limited, or
// with noise) always do.
func WithFresh(ctx context.Context) context.Context {
	return context.WithValue(ctx, freshKey, true)
}

func freshFrom(ctx context.Context) bool {
	fresh, _ := ctx.Value(freshKey).(bool)
	return fresh
}

// WithTuning returns ctx asking for t's selective-search settings instead
// of the game's, for engine-against-engine experiments (the engine
// protocol's Search option); the zero Tuning keeps the game's.
func WithTuning(ctx context.Context, t Tuning) context.Context {
	return context.WithValue(ctx, tuningKey, t)
}

func tuningFrom(ctx context.Context) Tuning {
	t, _ := ctx.Value(tuningKey).(Tuning)
	return t
}

// WithResident returns ctx asking the search to have every page of its
// table in memory before it starts. A table costs memory only where a
// search has written it (the app's short searches keep it small), but
// each first write of a page is a fault: the engine protocol's warm-up
// asks for the whole table at isready, off the clock, so that its first
// timed moves do not spend their time on faults.
func WithResident(ctx context.Context) context.Context {
	return context.WithValue(ctx, residentKey, true)
}

func residentFrom(ctx context.Context) bool {
	resident, _ := ctx.Value(residentKey).(bool)
	return resident
}
