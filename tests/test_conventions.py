"""Conventions every verb keeps (issue 23, items 6–8): no escape code of any kind on a
terminal with NO_COLOR or TERM=dumb, progress bars included (run on a real
pseudo-terminal); numbers only in the plain decimal forms the README shows, in data
files as in options."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.cli import main as pnp_main
from pnp.core.paths import SHIPPED_DATA_DIR
from scorekeeper.cli import main as sk_main

pty = pytest.importorskip("pty")
DATA = SHIPPED_DATA_DIR


def on_a_terminal(args: list[str], env: dict) -> tuple[int, bytes]:
    """Run `args` with stdin, stdout and stderr on a new pseudo-terminal; (status, bytes)."""
    master, slave = pty.openpty()
    proc = subprocess.Popen(
        args, stdin=slave, stdout=slave, stderr=slave, close_fds=True, env={**os.environ, **env}
    )
    os.close(slave)
    out = b""
    while True:
        try:
            chunk = os.read(master, 65536)
        except OSError:  # the child closed the terminal
            break
        if not chunk:
            break
        out += chunk
    os.close(master)
    return proc.wait(), out


PNP = [sys.executable, "-c", "from pnp.cli import main; main()"]


@pytest.mark.parametrize("env", [{"NO_COLOR": "1"}, {"TERM": "dumb"}])
@pytest.mark.parametrize(
    "verb",
    [
        ["simulate", "--game", "hack-attack", "--players", "2", "--games", "40", "--no-pdf"],
        ["export", "--game", "hack-attack", "--format", "png", "--dpi", "60"],
    ],
)
def test_no_escape_code_on_a_terminal_that_asks_for_none(tmp_path, env, verb):
    out = ["--out", str(tmp_path)] if verb[0] == "export" else []
    status, output = on_a_terminal([*PNP, *verb, *out], env)
    assert status == 0, output[-400:]
    assert b"\x1b" not in output
    assert b" of " in output  # the progress is still shown, as plain lines


def test_a_colour_terminal_still_gets_its_progress_bar(tmp_path):
    status, output = on_a_terminal(
        [*PNP, "simulate", "--game", "hack-attack", "--players", "2", "--games", "40", "--no-pdf"],
        {"TERM": "xterm", "NO_COLOR": ""},
    )
    assert status == 0 and b"\x1b[?25l" in output  # click's bar hides the cursor


@pytest.mark.parametrize("written", ["1_0", "1e1", "0x2", "+inf"])
def test_a_card_count_not_in_plain_digits_is_refused_at_its_line(tmp_path, written):
    shutil.copytree(DATA / "hack-attack", tmp_path / "hack-attack")
    tech = tmp_path / "hack-attack" / "tech.toml"
    lines = tech.read_text(encoding="utf-8").splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("count = "))
    lines[at] = f"count = {written}"
    tech.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = CliRunner().invoke(
        pnp_main, ["validate", "--game", "hack-attack", "--data", str(tmp_path)]
    )
    assert result.exit_code == 1
    assert (
        f"tech.toml:{at + 1}:9: the number {written} is written in a form the data does "
        "not take" in result.output
    )


NUMBERISH = st.one_of(
    st.from_regex(r"\A[+-]?[0-9]{1,3}(\.[0-9]{1,2})?\Z"),  # plain: taken
    st.from_regex(r"\A[0-9]_[0-9]\Z|\A[0-9]e[0-9]\Z|\A0x[0-9]\Z|\A(inf|nan|NaN)\Z"),
    st.text(alphabet="0123456789_.e+-x٣", min_size=1, max_size=5),
)


@settings(max_examples=40, deadline=None, database=None)
@given(typed=NUMBERISH)
def test_generated_numbers_are_plain_decimals_or_a_usage_error_in_both_tools(typed):
    import re

    plain = re.fullmatch(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)", typed) is not None
    import tempfile

    with tempfile.TemporaryDirectory() as out:
        result = CliRunner().invoke(pnp_main, ["calibrate", "--margin", typed, "--out", out])
    assert result.exit_code in ((0, 1) if plain else (2,)), (typed, result.output)
    whole = re.fullmatch(r"[+-]?[0-9]+", typed) is not None
    result = CliRunner().invoke(sk_main, ["check", "hack-attack", f"Ana={typed}", "Ben=5"])
    assert (result.exit_code == 2) == (not whole), (typed, result.output)
    assert "Traceback" not in result.output
