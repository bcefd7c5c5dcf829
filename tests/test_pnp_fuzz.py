"""Fuzz `pnp validate` and `pnp build` with mutated copies of every game's data (issue 9).

Property, for every case: exit 0 with three PDFs that parse, or exit 1 with one
`Error: ` line per problem, each short; never an exception, never a hang (a case over
CASE_SECONDS fails); validate and build agree. The cases are seeded (tests/fuzz_data.py),
so a failure names its seed and replays exactly. `HACKPACK_FUZZ_CASES=2000 pytest
tests/test_pnp_fuzz.py` runs a longer search on demand.
"""

from __future__ import annotations

import os
import random
import shutil
import signal
import time

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from pnp.build import OUTPUTS
from pnp.cli import main
from pnp.core.games import game_ids
from pnp.core.paths import SHIPPED_DATA_DIR
from tests.fuzz_data import mutate

CASES = int(os.environ.get("HACKPACK_FUZZ_CASES", "40"))  # per game
CASE_SECONDS = 60  # a hang, not a slow case: the longest seen is far under 5 s
LONGEST_LINE = 600  # characters in one error line, path included


class Hang(Exception):
    pass


def _alarm(signum, frame):
    raise Hang()


def _invoke(args: list[str]):
    result = CliRunner().invoke(main, args)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise AssertionError(f"exception {result.exception!r}") from result.exception
    return result


def _check_case(game: str, data, out, what: list[str]) -> tuple[int, float]:
    started = time.perf_counter()
    checked = _invoke(["validate", "--game", game, "--data", str(data)])
    built = _invoke(["build", "--game", game, "--data", str(data), "--out", str(out)])
    seconds = time.perf_counter() - started
    assert checked.exit_code == built.exit_code, (what, checked.output, built.output)
    assert built.exit_code in (0, 1), (what, built.output)
    if built.exit_code == 0:
        for name in OUTPUTS:
            assert len(PdfReader(out / game / name).pages) > 0, (what, name)
    else:
        lines = built.output.splitlines()
        assert lines and all(x.startswith("Error: ") for x in lines), (what, lines)
        assert max(map(len, lines)) <= LONGEST_LINE, (what, max(lines, key=len)[:200])
    return built.exit_code, seconds


@pytest.mark.parametrize("game", game_ids())
def test_mutated_data_never_crashes_or_hangs(game, tmp_path):
    previous = signal.signal(signal.SIGALRM, _alarm)
    longest, refused = 0.0, 0
    try:
        for case in range(CASES):
            seed = f"{game}-{case}"
            rng = random.Random(seed)
            data = tmp_path / f"case{case}" / "data"
            shutil.copytree(SHIPPED_DATA_DIR / game, data / game)
            what = [f"seed {seed!r}"] + mutate(data / game, rng, count=rng.choice((1, 1, 2, 3)))
            signal.alarm(CASE_SECONDS)
            try:
                status, seconds = _check_case(game, data, tmp_path / f"case{case}" / "out", what)
            except Hang:
                pytest.fail(f"over {CASE_SECONDS} s: {what}")
            finally:
                signal.alarm(0)
            longest, refused = max(longest, seconds), refused + status
            shutil.rmtree(tmp_path / f"case{case}", ignore_errors=True)
    finally:
        signal.signal(signal.SIGALRM, previous)
    print(f"{game}: {CASES} cases, {refused} refused, longest {longest:.2f} s")
    assert 0 < refused < CASES  # the mutations reach both outcomes
