#!/bin/bash
# samesearch.sh compares two builds' engines search for search: from the
# start and five plies on (the new engine's own moves), one engine process
# per search, it prints whether every "info depth" line and the move are
# the same ("time" and "nps" left out). docs/benchmarks.md, "Memory".
#
#   OLD=/tmp/old-cli NEW=/tmp/new-cli tools/memprobe/samesearch.sh ataxx "Level=Expert Style=balanced Seed=1" 16 16 "nodes 200000"
#
# Arguments: GAME, "Name=Value ..." options for both, the old engine's
# Hash, the new engine's Hash, the go arguments.
set -eu
game=$1 opts=$2 oldhash=$3 newhash=$4 goargs=$5
search() { # CLI HASH MOVES
	{
		echo uai
		echo "setoption name Hash value $2"
		for o in $opts; do echo "setoption name ${o%%=*} value ${o#*=}"; done
		echo uainewgame
		echo "position startpos${3:+ moves $3}"
		echo "go $goargs"
	} | "$1" "$game" engine | grep -E '^(info depth|bestmove)' | sed -E 's/ (nps|time) [0-9]+//g'
}
moves="" same=0 differ=0
for ply in 0 1 2 3 4 5; do
	a=$(search "$OLD" "$oldhash" "$moves")
	b=$(search "$NEW" "$newhash" "$moves")
	if [ "$a" == "$b" ]; then same=$((same + 1)); r=same; else differ=$((differ + 1)); r=DIFFERENT; fi
	echo "  ply $ply: old $(echo "$a" | tail -1), new $(echo "$b" | tail -1): $r"
	m=$(echo "$b" | tail -1 | awk '{print $2}')
	if [ -z "$m" ] || [ "$m" == "none" ]; then break; fi
	moves="${moves:+$moves }$m"
done
echo "$game [$opts] old Hash $oldhash, new Hash $newhash, go $goargs: $same searches identical, $differ different"
