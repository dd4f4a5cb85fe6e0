#!/usr/bin/env python3
"""Runs a command and prints, on stderr, its whole process tree's cost: wall ms, CPU ms (user +
system of the command and every descendant) and the peak RSS in KB of the largest process.

    scripts/proctree.py OUT COMMAND [ARGS...]     (writes "wall_ms cpu_ms rss_kb" to OUT)

/usr/bin/time alone misses a build's validation worker: the build does not wait for its one-shot
worker to exit, so the worker's rusage never reaches the build's parent. Here this process is a
child subreaper (prctl PR_SET_CHILD_SUBREAPER): the orphaned worker is re-parented to it and
reaped by it, with its rusage.
"""
import ctypes, os, resource, sys, time

PR_SET_CHILD_SUBREAPER = 36
ctypes.CDLL(None, use_errno=True).prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
out, argv = sys.argv[1], sys.argv[2:]
t0 = time.monotonic()
pid = os.fork()
if pid == 0:
    os.execvp(argv[0], argv)
status, wall, cpu, rss = 0, 0.0, 0.0, 0
while True:
    try:
        p, st, ru = os.wait4(-1, 0)
    except ChildProcessError:
        break
    cpu += ru.ru_utime + ru.ru_stime
    rss = max(rss, ru.ru_maxrss)
    if p == pid:
        wall = time.monotonic() - t0  # the command's own end: what a user waits for
        status = os.waitstatus_to_exitcode(st)
with open(out, "w") as f:
    f.write(f"{wall * 1000:.0f} {cpu * 1000:.0f} {rss}\n")
sys.exit(status if status >= 0 else 1)
