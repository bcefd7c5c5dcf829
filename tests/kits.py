"""Kits built once per test session and shared by the tests that only read them (test
helper; the `kit` fixture in tests/conftest.py hands out `SharedKits.build`).

A kit is keyed on its BuildOptions without `out_dir`. The first test to ask builds it
into a folder of its own under the session's root, under a file lock, and pickles the
BuildReport beside it; every later request, in this process or in another xdist worker
of the same session, gets the same files and an equal report. The files are shared:
a test that changes or rebuilds over them copies them first (`writable_copy`).
"""

from __future__ import annotations

import dataclasses
import fcntl
import hashlib
import pickle
import shutil
from pathlib import Path

from pnp.build import BuildOptions, BuildReport, build


class SharedKits:
    """Builds under `root` (one folder per distinct BuildOptions), each once."""

    def __init__(self, root: Path):
        self.root = root
        self.root.mkdir(parents=True, exist_ok=True)
        self._reports: dict[str, BuildReport] = {}

    def build(self, options: BuildOptions) -> BuildReport:
        """`pnp.build.build(options)` written once per session; `options.out_dir` is
        ignored (the report's paths name where the kit is)."""
        key = _key(options)
        if key not in self._reports:
            folder = self.root / key
            with open(self.root / f"{key}.lock", "w") as lock:
                fcntl.flock(lock, fcntl.LOCK_EX)  # another worker may be building it
                pickled = folder / "report.pickle"
                if pickled.exists():
                    report = pickle.loads(pickled.read_bytes())
                else:
                    out = folder / "out"
                    report = build(dataclasses.replace(options, out_dir=out))
                    pickled.write_bytes(pickle.dumps(report))
            self._reports[key] = report
        return self._reports[key]


def _key(options: BuildOptions) -> str:
    """A folder name for the options, out_dir aside: a game id and a digest."""
    fields = {f.name: getattr(options, f.name) for f in dataclasses.fields(options)}
    fields.pop("out_dir")
    digest = hashlib.sha256(repr(sorted(fields.items())).encode()).hexdigest()[:16]
    return f"{options.game}-{digest}"


def writable_copy(report: BuildReport, target: Path) -> Path:
    """A copy of the shared kit's folder (the one holding report.paths) at `target`, for
    a test that changes its files; returns `target`."""
    shutil.copytree(report.paths[0].parent, target)
    return target
