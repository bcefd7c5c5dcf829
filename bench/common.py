"""Shared by the benchmarks: bytecode first, then median wall times of fresh processes."""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def compile_packages() -> None:
    """Write bytecode for pnp and scorekeeper first, as an installed package has it (this
    machine sets PYTHONDONTWRITEBYTECODE, which would otherwise recompile every run)."""
    subprocess.run([sys.executable, "-m", "compileall", "-q", "pnp", "scorekeeper"],
                   cwd=REPO, check=True)


def timed_runs(args: list[str], repeats: int) -> tuple[float, list[str]]:
    """(median wall seconds, each run's stdout) of `repeats` fresh processes of `args`."""
    walls, outputs = [], []
    for _ in range(repeats):
        start = time.perf_counter()
        done = subprocess.run(args, capture_output=True, text=True, cwd=REPO)
        walls.append(time.perf_counter() - start)
        if done.returncode:
            raise SystemExit(done.stderr)
        outputs.append(done.stdout)
    return statistics.median(walls), outputs
