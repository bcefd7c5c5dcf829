"""Faces with very many faults (issue 42, item 1d): 500 face elements on one spot gave
124,750 error lines in 45 s, 10,000 (under the 1 MiB file limit) took minutes. A face
now lists MOST_FAULTS faults and one line for the rest, and its overlap search stops
once it has found more than it can list, so such a face is checked in near-linear time.
The waits are bounded by a thread the test gives up on (a hang guard, not a timing)."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from pnp.cli import main
from pnp.layout.face_check import MOST_FAULTS
from tests.bounded import within

HUNG = 120


def spots(folder, n: int) -> None:
    """`n` fills on one spot of the new game's action face."""
    faces = folder / "dice-night" / "faces.toml"
    extra = "".join(
        f'\n[[front.action]]\ntype = "fill"\nkey = "spot{i}"\nbox = [20, 40, 10, 10]\n'
        'colour = "#0072B2"\n'
        for i in range(n)
    )
    faces.write_text(faces.read_text(encoding="utf-8") + extra, encoding="utf-8")


def bounded(*args: str):
    return within(HUNG, lambda: CliRunner().invoke(main, list(args)), f"pnp {args[0]}")[0]


@pytest.mark.parametrize("n", [500, 10_000])
@pytest.mark.parametrize("verb", ["validate", "build"])
def test_a_face_of_many_overlapping_elements_lists_its_first_faults_and_one_line(tmp_path, n, verb):
    assert CliRunner().invoke(main, ["new", "dice-night", "--dir", str(tmp_path)]).exit_code == 0
    spots(tmp_path, n)
    assert (tmp_path / "dice-night" / "faces.toml").stat().st_size < 1024 * 1024
    extra = ["--out", str(tmp_path / "out")] if verb == "build" else []
    result = bounded(verb, "--game", "dice-night", "--data", str(tmp_path), *extra)
    assert result.exit_code == 1
    errors = [line for line in result.output.splitlines() if line.startswith("Error:")]
    overlaps = [e for e in errors if "field 'box': overlaps '" in e]
    assert len(overlaps) == MOST_FAULTS
    assert (
        sum("... and more problems on this face (over 20 found), not listed" in e for e in errors)
        == 1
    )
    assert errors[-1] == f"Error: dice-night: {MOST_FAULTS + 1} problems found."


def test_a_few_faults_more_than_listed_are_counted(tmp_path):
    """Faults of other kinds are all found (no search to cut short): the rest counted."""
    assert CliRunner().invoke(main, ["new", "dice-night", "--dir", str(tmp_path)]).exit_code == 0
    faces = tmp_path / "dice-night" / "faces.toml"
    extra = "".join(  # small icons one under another, each outside the safe area
        f'\n[[front.action]]\ntype = "icon"\nkey = "edge{i}"\nicon = "card"\n'
        f"at = [0.8, {12 + i * 3}]\nsize = 2\n"
        for i in range(MOST_FAULTS + 4)
    )
    faces.write_text(faces.read_text(encoding="utf-8") + extra, encoding="utf-8")
    result = bounded("validate", "--game", "dice-night", "--data", str(tmp_path))
    assert result.exit_code == 1
    assert "... and 4 more problems on this face, not listed; mend these first" in result.output


def test_a_layout_with_a_fault_in_every_one_of_500_elements_lists_20_and_counts_the_rest(tmp_path):
    """Found by a review: faults of faces.toml's own values (a bad colour, an unknown key)
    were listed without limit, one per element."""
    assert CliRunner().invoke(main, ["new", "dice-night", "--dir", str(tmp_path)]).exit_code == 0
    faces = tmp_path / "dice-night" / "faces.toml"
    extra = "".join(
        f'\n[[front.action]]\ntype = "fill"\nkey = "b{i}"\nbox = [20, 40, 10, 10]\n'
        'colour = "not-a-colour"\n'
        for i in range(500)
    )
    faces.write_text(faces.read_text(encoding="utf-8") + extra, encoding="utf-8")
    result = bounded("validate", "--game", "dice-night", "--data", str(tmp_path))
    errors = [line for line in result.output.splitlines() if line.startswith("Error:")]
    assert result.exit_code == 1 and len(errors) == MOST_FAULTS + 2
    assert sum("field 'colour': expected a colour" in e for e in errors) == MOST_FAULTS
    assert errors[-2].endswith(
        "... and 480 more problems on this face, not listed; mend these first"
    )
