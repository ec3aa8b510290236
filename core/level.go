package core

// LevelFor returns the level named name from levels (weakest first), or
// the strongest when name is empty: what every game's BestMove does with
// AIRequest.Level.
func LevelFor(levels []Level, name string) (Level, error) {
	if name == "" {
		return levels[len(levels)-1], nil
	}
	return FindLevel(levels, name)
}
