package core

// Mix64 is the splitmix64 finaliser: a cheap, well-spread 64-bit hash of
// x. The engines use it for Zobrist keys, seeded noise and hash mixing.
func Mix64(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	return x ^ (x >> 31)
}
