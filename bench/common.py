"""Shared by the benchmarks: bytecode first, then fresh processes timed from outside,
alone (`timed_runs`) or paired with a reference, run alternately (`paired_runs`)."""

from __future__ import annotations

import contextlib
import shlex
import statistics
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
LAUNCHER = Path(__file__).resolve().parent / "launch.py"
#: The folder shared beside the repository (its ../shared): the reference scripts
#: under bench/ that the benchmarks pair the product with.
SHARED = REPO.parent / "shared"

# A benchmark's own imports of pnp and scorekeeper (to write its workload) are this
# checkout's, as its children's are (they start in REPO), not an installed copy's.
sys.path.insert(0, str(REPO))


def compile_packages() -> None:
    """Write bytecode for pnp and scorekeeper first, as an installed package has it (this
    machine sets PYTHONDONTWRITEBYTECODE, which would otherwise recompile every run)."""
    subprocess.run(
        [sys.executable, "-m", "compileall", "-q", "pnp", "scorekeeper"], cwd=REPO, check=True
    )


@contextlib.contextmanager
def worktree(rev: str, folder: Path):
    """A work tree of commit `rev` at `folder` (git worktree, detached), its packages
    compiled as `compile_packages` compiles this checkout's, removed afterwards: the
    other side (A) of a paired benchmark."""
    subprocess.run(
        ["git", "worktree", "add", "--detach", str(folder), rev],
        cwd=REPO,
        check=True,
        capture_output=True,
    )
    try:
        subprocess.run(
            [sys.executable, "-m", "compileall", "-q", "pnp", "scorekeeper"], cwd=folder, check=True
        )
        yield folder
    finally:
        subprocess.run(
            ["git", "worktree", "remove", "--force", str(folder)], cwd=REPO, capture_output=True
        )


@dataclass(frozen=True)
class Run:
    """One fresh process: wall seconds (start to exit, interpreter start included), its
    peak memory (maximum resident set size, MiB) and its stdout."""

    wall: float
    peak_mb: float
    stdout: str


def run_once(args: list[str]) -> Run:
    """Run `args` once in a fresh process started in the repository, timed from outside.
    The process is started by a small parent of its own (bench/launch.py), which reads its
    wall time and its own peak memory (os.wait4): a child started straight from this
    benchmark would report at least the benchmark's own peak, which Linux hands on through
    fork and exec. Nothing is added to what the command runs. A failing command stops the
    benchmark with its stderr."""
    with (
        tempfile.TemporaryFile() as out,
        tempfile.TemporaryFile() as err,
        tempfile.TemporaryDirectory() as tmp,
    ):
        result = Path(tmp) / "result"
        launcher = [sys.executable, "-S", str(LAUNCHER), str(result)]
        code = subprocess.run(launcher + args, cwd=REPO, stdout=out, stderr=err).returncode
        out.seek(0)
        err.seek(0)
        if code or not result.exists():
            raise SystemExit(
                f"{shlex.join(args)} could not be started:\n{err.read().decode(errors='replace')}"
            )
        wall, maxrss_kb, status = result.read_text().split()
        if int(status):
            raise SystemExit(
                f"{shlex.join(args)} failed ({status}):\n{err.read().decode(errors='replace')}"
            )
        return Run(
            float(wall),
            int(maxrss_kb) / 1024,  # Linux reports kilobytes
            out.read().decode(errors="replace"),
        )


def timed_runs(args: list[str], repeats: int) -> tuple[float, list[str]]:
    """(median wall seconds, each run's stdout) of `repeats` fresh processes of `args`."""
    runs = [run_once(args) for _ in range(repeats)]
    return statistics.median(r.wall for r in runs), [r.stdout for r in runs]


def paired_runs(reference: list[str], product: list[str], repeats: int) -> list[tuple[Run, Run]]:
    """`repeats` pairs (reference run, product run), each command a fresh process, run
    alternately (A B A B ...), so that a change of load on the machine lands on both
    sides of a pair alike: compare them pair by pair (`ratios`), not median to median."""
    if repeats < 1:
        raise ValueError("repeats must be at least 1")
    return [(run_once(reference), run_once(product)) for _ in range(repeats)]


def ratios(pairs: list[tuple[Run, Run]], what: str = "wall") -> list[float]:
    """Product over reference, pair by pair, of `what` ("wall" or "peak_mb")."""
    return [getattr(prod, what) / getattr(ref, what) for ref, prod in pairs]


def spread(values: list[float], fmt: str = ".2f") -> str:
    """'median [min–max]' of values."""
    return (
        f"{format(statistics.median(values), fmt)} "
        f"[{format(min(values), fmt)}–{format(max(values), fmt)}]"
    )
