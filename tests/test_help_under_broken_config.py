"""`--help` of a pnp verb under a broken pnp.toml (issue 42, item 7): it answered
`Error: ./pnp.toml:1:9: ...` with exit status 1 and no help, so the help could not be
read until the file was mended. The help is shown (exit 0), the problem named once as
a warning; the verb itself still refuses to run."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from pnp.cli import VERBS, main


@pytest.mark.parametrize("verb", sorted(VERBS))
@pytest.mark.parametrize("flag", ["--help", "-h"])
def test_help_is_shown_with_the_problem_as_a_warning(tmp_path, monkeypatch, verb, flag):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "pnp.toml").write_text("paper = \n")
    result = CliRunner().invoke(main, [verb, flag], prog_name="pnp")
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith(f"Usage: pnp {verb} [OPTIONS]")
    assert result.stderr in ("", "Warning: ./pnp.toml:1:9: TOML syntax error: Invalid value\n")


def test_the_verb_itself_still_refuses_to_run(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "pnp.toml").write_text("paper = \n")
    result = CliRunner().invoke(main, ["build", "--game", "hack-attack", "--out", str(tmp_path)])
    assert result.exit_code == 1
    assert result.stderr == "Error: ./pnp.toml:1:9: TOML syntax error: Invalid value\n"
