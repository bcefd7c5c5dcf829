"""SVG files converted on two cores when the cache lacks them (issue 41 item 4,
pnp.data.svg_alongside): the build hands the files its cache lacks to the process that
writes its rule files, which converts them from the last one back while the build
probes them from the first; neither converts a file the other has stored, a refused or
unreadable file is left to the build to report, and the kit printed is the same."""

from __future__ import annotations

import shutil
import threading
from pathlib import Path

import pytest

from pnp.build import BuildOptions, build
from pnp.core.disk_cache import ENV_DIR
from pnp.core.paths import SHIPPED_DATA_DIR
from pnp.data import svg, svg_alongside, svg_cache
from pnp.render.rule_files import RuleFiles

GAME = "hack-attack"
ICONS = sorted((SHIPPED_DATA_DIR / GAME / "icons").glob("*.svg"))


@pytest.fixture
def cache(tmp_path, monkeypatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv(ENV_DIR, str(folder))
    monkeypatch.setattr(svg, "_cache", {})
    monkeypatch.setattr(svg, "_trees", {})
    return folder


def stored(files: list[Path]) -> list[bool]:
    return [svg_cache.kept(svg_cache.content_key(f.read_bytes())) for f in files]


def test_the_second_process_converts_from_the_last_until_it_meets_a_stored_file(cache):
    files = ICONS[:6]
    svg_cache.store(
        svg_cache.content_key(files[2].read_bytes()), svg_cache.convert(files[2].read_bytes())
    )
    before = svg_cache.conversions
    assert svg_alongside.convert_from_last(files) == 3  # files 5, 4 and 3; 2 is stored
    assert svg_cache.conversions - before == 3
    assert stored(files) == [False, False, True, True, True, True]


def test_a_refused_or_missing_file_is_passed_over(cache, tmp_path):
    bad = tmp_path / "bad.svg"
    bad.write_text('<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>')
    files = [ICONS[0], bad, tmp_path / "gone.svg", ICONS[1]]
    assert svg_alongside.convert_from_last(files) == 2
    assert stored([ICONS[0], ICONS[1]]) == [True, True]


def test_only_the_files_the_cache_lacks_are_handed_over(cache):
    handed: list[list[Path]] = []
    svg_alongside.prefetch(ICONS)  # no second process: nothing happens
    with svg_alongside.converting_alongside(handed.append):
        assert svg_alongside.active()
        svg_alongside.convert_from_last(ICONS[-3:])
        svg_alongside.prefetch(ICONS)
    assert not svg_alongside.active()
    assert handed == [ICONS[:-3]]


def test_a_cold_build_on_two_cores_prints_what_a_warm_one_prints(cache, tmp_path, monkeypatch):
    monkeypatch.setattr(threading, "active_count", lambda: 1)  # as pnp build runs: forks
    handed: list = []
    real = RuleFiles.convert
    monkeypatch.setattr(
        RuleFiles, "convert", lambda self, files: (handed.append(files), real(self, files))
    )
    data = tmp_path / "data"
    shutil.copytree(SHIPPED_DATA_DIR / GAME, data / GAME)
    before = svg_cache.conversions
    build(BuildOptions(GAME, data_dir=data, out_dir=tmp_path / "cold"))
    here = svg_cache.conversions - before
    assert len(handed) == 1 and len(handed[0]) > len(ICONS) - 3  # the cards' icons
    assert all(stored(ICONS))  # by this process or the other, each once or so
    assert here <= len({f.read_bytes() for f in ICONS})
    svg._cache.clear()
    svg._trees.clear()
    build(BuildOptions(GAME, data_dir=data, out_dir=tmp_path / "warm"))
    assert svg_cache.conversions - before == here  # nothing converted again
    for name in ("cards.pdf", "rules.pdf", "booklet.pdf"):
        cold = (tmp_path / "cold" / GAME / name).read_bytes()
        assert cold == (tmp_path / "warm" / GAME / name).read_bytes()
