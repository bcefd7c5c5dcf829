"""A kit's faces checked once per input (issue 41 item 4, pnp.checked_kits): a second
build of the same kit from the same files with the same options reads what checking its
faces found, and reports and prints the same; an edited file, other options, a changed
module or a damaged entry checks them again, and a kit whose checks read a picture's
pixels is checked each time. Every test keeps its cache in its own tmp_path."""

from __future__ import annotations

import json
import os
import shutil
import sys
from pathlib import Path

import pytest

import pnp.build
from pnp.build import BuildOptions, build
from pnp.core.disk_cache import read_checked, write_checked
from pnp.core.errors import DataError
from pnp.core.paths import SHIPPED_DATA_DIR
from tests.test_art import add_art, image

GAME = "hack-attack"


@pytest.fixture
def checked(monkeypatch) -> list:
    """The kits whose faces a build checked (pnp.validate.FaceChecks made), in order."""
    made: list = []
    real = pnp.build.FaceChecks

    def counted(kit, *args, **kwargs):
        made.append(kit.id)
        return real(kit, *args, **kwargs)

    monkeypatch.setattr(pnp.build, "FaceChecks", counted)
    return made


@pytest.fixture
def data(tmp_path) -> Path:
    shutil.copytree(SHIPPED_DATA_DIR / GAME, tmp_path / "data" / GAME)
    return tmp_path / "data"


def built(data: Path, out: Path, **options):
    return build(BuildOptions(GAME, data_dir=data, out_dir=out, **options))


def test_a_second_build_reads_the_checks_and_prints_the_same(own_cache, checked, data, tmp_path):
    first = built(data, tmp_path / "a")
    again = built(data, tmp_path / "b")
    assert checked == [GAME]
    assert again.warnings == first.warnings
    cards = [(tmp_path / out / GAME / "cards.pdf").read_bytes() for out in ("a", "b")]
    assert cards[0] == cards[1]


def test_an_edited_file_other_options_or_a_changed_module_check_again(
    own_cache, checked, data, tmp_path
):
    built(data, tmp_path / "a")
    tech = data / GAME / "tech.toml"
    tech.write_text(tech.read_text() + "\n")  # the same cards, another file
    built(data, tmp_path / "b")
    built(data, tmp_path / "c", ink_saver=True)
    built(data, tmp_path / "d", ink_saver=True)
    assert len(checked) == 3
    entry = max(own_cache.glob("faces/*"), key=lambda p: p.stat().st_mtime_ns)
    body = read_checked(entry)
    assert body is not None
    kept = json.loads(body)
    kept["code"][0][2] += 1  # as if that module had been edited since
    write_checked(entry, json.dumps(kept).encode())
    built(data, tmp_path / "e", ink_saver=True)
    assert len(checked) == 4
    entry.write_bytes(entry.read_bytes()[:-5])  # damaged
    built(data, tmp_path / "f", ink_saver=True)
    assert len(checked) == 5


def test_an_edit_keeping_the_size_and_time_is_seen(own_cache, checked, data, tmp_path):
    """A file saved again within the filesystem's time resolution, at the same length,
    is still another input: the key holds each file's bytes, not its size and time."""
    tech = data / GAME / "tech.toml"
    before = tech.stat()
    built(data, tmp_path / "a")
    text = tech.read_text()
    edited = text.replace('name = "Smart TV"', 'name = "Smart TX"', 1)
    assert edited != text and len(edited) == len(text)
    tech.write_text(edited)
    os.utime(tech, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert (tech.stat().st_size, tech.stat().st_mtime_ns) == (before.st_size, before.st_mtime_ns)
    built(data, tmp_path / "b")
    assert checked == [GAME, GAME]


def test_a_kit_with_an_error_is_refused_again_without_checking(own_cache, checked, data, tmp_path):
    tech = data / GAME / "tech.toml"
    tech.write_text(tech.read_text().replace('name = "Smart TV"', 'name = "Smart TV 電視"', 1))
    failures = []
    for out in ("a", "b"):
        with pytest.raises(DataError) as caught:
            built(data, tmp_path / out)
        failures.append(str(caught.value))
    assert checked == [GAME]
    assert failures[0] == failures[1]
    assert "the font has no glyph for '視' (U+8996), '電' (U+96FB)" in failures[0]


def test_a_kit_whose_checks_read_pixels_is_checked_each_time(own_cache, checked, data, tmp_path):
    image(data / GAME / "art" / "back.png", (780, 1100))
    add_art(data / GAME / "tech.toml", "smart-tv", '"art/back.png"')  # under its texts
    built(data, tmp_path / "a")
    built(data, tmp_path / "b")
    assert checked == [GAME, GAME]
    assert not list(own_cache.glob("faces/*"))


def test_a_kit_from_another_package_is_keyed_on_its_own_modules(tmp_path, monkeypatch):
    """A game package's own faces (a kit class outside pnp) are part of the key: editing
    one of its loaded modules gives another key, as editing pnp's does."""
    import importlib

    from pnp.checked_kits import checks_key

    package = tmp_path / "code" / "coin_faces_pkg"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "faces.py").write_text("class CoinKit:\n    pass\n")
    monkeypatch.syspath_prepend(str(tmp_path / "code"))
    monkeypatch.delitem(sys.modules, "coin_faces_pkg", raising=False)
    kit = importlib.import_module("coin_faces_pkg.faces").CoinKit()
    try:
        folder = tmp_path / "data"
        folder.mkdir()
        options = BuildOptions(GAME, out_dir=tmp_path)
        first = checks_key(kit, folder, options)
        assert first is not None and checks_key(kit, folder, options) == first
        (package / "faces.py").write_text("class CoinKit:\n    size = 2\n")
        assert checks_key(kit, folder, options) != first
    finally:
        for name in ("coin_faces_pkg.faces", "coin_faces_pkg"):
            sys.modules.pop(name, None)
