"""A small parent for one benchmarked command: bench/common.py starts this script (with
`python -S`, nothing but built-in modules), and it starts the command, waits for it and
writes "WALL_S MAXRSS_KB EXIT_CODE" to RESULT.

    python -S bench/launch.py RESULT COMMAND [ARG ...]

Why a parent of its own: Linux keeps a process's peak memory (ru_maxrss) across fork and
exec, so a command started straight from a benchmark that holds 200 MiB reports at
least 200 MiB (`python -c pass` read 211 MiB). Started from this parent of about 10 MiB,
the command's rusage is its own. The wall time is taken here too, from just before the
start to the reaping, so it leaves out this parent's own start-up.
"""

import os
import sys
import time

result, command = sys.argv[1], sys.argv[2:]
start = time.perf_counter()
pid = os.posix_spawnp(command[0], command, os.environ)
_, status, usage = os.wait4(pid, 0)
wall = time.perf_counter() - start
with open(result, "w") as out:
    out.write(f"{wall:.6f} {usage.ru_maxrss} {os.waitstatus_to_exitcode(status)}\n")
