"""The faces checked in a second process while the build draws them (issue 41 item 4,
pnp.checks_alongside): the same problems, in the same order, as when each face is
checked in the build's own process as it is first drawn (pnp.validate.FaceChecks), the
same cards.pdf; a face whose drawing fails because of its error (a text that does not
fit) is reported by the checks' errors, not by how its drawing failed."""

from __future__ import annotations

import pytest

import pnp.build
from pnp.build import BuildOptions, build
from pnp.checks_alongside import ChecksAlongside
from pnp.core.errors import DataError


@pytest.fixture
def alongside(monkeypatch) -> list:
    """What pnp.build's checks_alongside gave each build (None: checked in-process)."""
    given: list = []
    real = pnp.build.checks_alongside

    def recorded(*args):
        given.append(real(*args))
        return given[-1]

    monkeypatch.setattr(pnp.build, "checks_alongside", recorded)
    return given


def in_process(monkeypatch) -> None:
    monkeypatch.setattr(pnp.build, "checks_alongside", lambda *args: None)


def test_a_kit_checked_alongside_is_the_kit_checked_as_drawn(alongside, tmp_path, monkeypatch):
    report = build(BuildOptions("hack-back", out_dir=tmp_path / "a"))
    assert len(alongside) == 1 and isinstance(alongside[0], ChecksAlongside)
    in_process(monkeypatch)
    again = build(BuildOptions("hack-back", out_dir=tmp_path / "b"))
    assert report.warnings == again.warnings
    pdf = (tmp_path / "a" / "hack-back" / "cards.pdf").read_bytes()
    assert pdf == (tmp_path / "b" / "hack-back" / "cards.pdf").read_bytes()


@pytest.mark.parametrize(
    "name, message",
    [
        (  # drawing this face fails: its name cannot be laid out
            "WWWWWWWWWWWWWWWWWWWW TV",
            "card 'smart-tv', field 'name': text does not fit its box: the word "
            "'WWWWWWWWWWWWWWWWWWWW' is wider than the 43.5 mm text box even at 11.0 pt",
        ),
        (  # this one draws, with two glyphs missing
            "Smart TV 電視",
            "card 'smart-tv', field 'name': the font has no glyph for '視' (U+8996), '電' (U+96FB)",
        ),
    ],
)
def test_a_face_with_an_error_is_reported_as_the_checks_in_process_report_it(
    name, message, alongside, data_copy, tmp_path, monkeypatch
):
    tech = data_copy / "tech.toml"
    tech.write_text(tech.read_text().replace('name = "Smart TV"', f'name = "{name}"', 1))

    def failure() -> str:
        options = BuildOptions("hack-attack", data_dir=data_copy.parent, out_dir=tmp_path)
        with pytest.raises(DataError) as caught:
            build(options)
        return str(caught.value)

    found = failure()
    assert len(alongside) == 1 and isinstance(alongside[0], ChecksAlongside)
    assert message in found
    in_process(monkeypatch)
    assert failure() == found
    assert not (tmp_path / "hack-attack" / "cards.pdf").exists()
