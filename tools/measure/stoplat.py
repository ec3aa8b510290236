#!/usr/bin/env python3
"""Stop latency and movetime overrun of an engine with N threads.
usage: stoplat.py ENGINE_CMD THREADS N POSITION_CMD"""
import subprocess, sys, time, random
cmd, threads, n, poscmd = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
p = subprocess.Popen(cmd, shell=True, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
def send(s): p.stdin.write(s + "\n"); p.stdin.flush()
def wait(prefix):
    while True:
        l = p.stdout.readline()
        if not l: raise SystemExit("engine ended")
        if l.startswith(prefix): return l
send("uai"); wait("uaiok")
send(f"setoption name Threads value {threads}"); send("isready"); wait("readyok")
stops, overs = [], []
rng = random.Random(1)
for i in range(n):
    send(poscmd); send("go infinite")
    time.sleep(rng.uniform(0.05, 0.4))
    t = time.monotonic(); send("stop"); wait("bestmove")
    stops.append((time.monotonic() - t) * 1000)
    send(poscmd); t = time.monotonic(); send("go movetime 200"); wait("bestmove")
    overs.append((time.monotonic() - t) * 1000 - 200)
send("quit")
stops.sort(); overs.sort()
print(f"threads {threads}: stop->bestmove median {stops[len(stops)//2]:.1f} ms, max {stops[-1]:.1f} ms; "
      f"movetime 200: reply at 200{overs[len(overs)//2]:+.1f} ms median, {overs[-1]:+.1f} ms worst ({n} each)")
