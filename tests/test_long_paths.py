"""A path the system cannot even look up (a name longer than the file system takes: the
fuzz test found `scorekeeper check --data <300 letters>` raising OSError) is one `Error:`
line naming it and why, exit 1, for every verb that takes a path from the user."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from pnp.cli import main as pnp_main
from scorekeeper.cli import main as sk_main

LONG = "a" * 300  # over NAME_MAX (255) on every file system CI runs on


@pytest.mark.parametrize(
    "cli, args",
    [
        (sk_main, ["check", "--data", LONG, "mygame", "x=1"]),
        (sk_main, ["check", "--data", f"/tmp/{LONG}/x", "mygame", "x=1"]),
        (sk_main, ["stats", "--csv", f"/tmp/{LONG}/x.csv"]),
        (sk_main, ["stats", "--csv", f"/tmp/{LONG}.csv"]),
        (sk_main, ["--db", f"/tmp/{LONG}.db", "status"]),
        (sk_main, ["--db", f"/tmp/{LONG}.db", "new", "hack-attack", "Ann", "Ben"]),
        (pnp_main, ["validate", "--game", "hack-attack", "--data", f"/tmp/{LONG}"]),
        (pnp_main, ["build", "--game", "hack-attack", "--out", f"/tmp/{LONG}"]),
    ],
)
def test_a_name_too_long_is_one_error_line(tmp_path, monkeypatch, cli, args):
    monkeypatch.setenv("SCOREKEEPER_DB", str(tmp_path / "scores.sqlite3"))
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 1, (result.output, result.exc_info)
    assert "File name too long" in result.output
    assert "Traceback" not in result.output
    assert not isinstance(result.exception, OSError)
