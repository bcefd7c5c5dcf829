"""Shared fixtures: kits built once per test session into temporary folders."""

from __future__ import annotations

import functools
import os
import shutil
import tempfile
from pathlib import Path

import pytest

if os.environ.get("HACKPACK_FOURTH_GAME"):  # before pnp.build binds the data folder
    from tests.fourth_game.battery import install

    install()

from pnp.build import BuildOptions
from pnp.core.paths import SHIPPED_DATA_DIR
from pnp.layout.imposition import SheetSpec
from tests.kits import SharedKits
from tests.pdfread import parse_forms_once, share_parsed_pages

parse_forms_once()

REPO = Path(__file__).resolve().parent.parent
#: No test, nor collecting them, writes the user's SVG cache (pnp.data.svg_cache): it is
#: a temporary folder for in-process builds and the commands tests run alike.
_CACHE = tempfile.TemporaryDirectory(prefix="hackpack-test-cache-")
os.environ["HACKPACK_CACHE_DIR"] = _CACHE.name


@pytest.fixture
def own_cache(tmp_path, monkeypatch) -> Path:
    """A cache folder of this test's own (HACKPACK_CACHE_DIR, pnp.core.disk_cache), empty
    at the start: what a test counts as kept or converted is only its own."""
    folder = tmp_path / "cache"
    monkeypatch.setenv("HACKPACK_CACHE_DIR", str(folder))
    return folder


@pytest.fixture(autouse=True)
def _no_personal_defaults(monkeypatch, tmp_path_factory):
    """No test reads the pnp.toml of whoever runs the suite: the user's file is looked
    for in a folder that does not exist (tests of pnp.toml point HACKPACK_CONFIG_DIR at
    their own folder)."""
    monkeypatch.setenv("HACKPACK_CONFIG_DIR", str(tmp_path_factory.getbasetemp() / "no-config"))


@pytest.fixture(autouse=True)
def _no_terminal_width(monkeypatch):
    """No test reads the width of whoever runs the suite: the score keeper lays its text
    out for COLUMNS when it is set (scorekeeper.layout.output_width), so it is unset;
    tests of the narrow layout set it themselves."""
    monkeypatch.delenv("COLUMNS", raising=False)


def _shared_folder(tmp_path_factory) -> Path:
    """The session's temporary folder that every xdist worker of this run shares."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


@pytest.fixture(scope="session")
def shared_kits(tmp_path_factory) -> SharedKits:
    """The session's kits (tests/kits.py), in a folder every xdist worker of this run shares."""
    return SharedKits(_shared_folder(tmp_path_factory) / "kits")


@pytest.fixture(scope="session", autouse=True)
def _shared_parsed_pages(tmp_path_factory):
    """Pages pdfplumber parses are kept for the whole run, every worker's
    (tests.pdfread.share_parsed_pages)."""
    share_parsed_pages(_shared_folder(tmp_path_factory) / "parsed-pages")


@pytest.fixture(scope="session")
def kit(shared_kits):
    """A function (game="hack-attack", spec=SheetSpec(), **options) -> BuildReport of
    build(BuildOptions(game, spec, **options)), built once per session. Its files are
    shared: read them; copy them first to change them (tests.kits.writable_copy)."""

    def make(game: str = "hack-attack", spec: SheetSpec | None = None, **options):
        return shared_kits.build(BuildOptions(game, spec or SheetSpec(), **options))

    return make


@pytest.fixture(scope="session")
def built(kit):
    """A function (paper, duplex, game="hack-attack", **spec) -> BuildReport, building each
    variant once."""

    def make(paper: str = "a4", duplex: str = "long", game: str = "hack-attack", **spec):
        return kit(game, SheetSpec(paper=paper, duplex=duplex, **spec))

    return make


@pytest.fixture
def data_copy(tmp_path) -> Path:
    """A writable copy of the whole card_data folder; returns the hack-attack folder in it."""
    target = tmp_path / "card_data"
    shutil.copytree(SHIPPED_DATA_DIR, target)
    return target / "hack-attack"


def bench_module(name: str):
    """bench/<name>.py loaded as a module (the benchmarks are scripts, not a package)."""
    import importlib.util

    path = Path(__file__).resolve().parent.parent / "bench" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="session")
def ink_coverage():
    """bench/ink_coverage.py's pdf_coverage(path), rendered once per file: for the
    session's shared kits, whose files do not change."""
    return functools.cache(bench_module("ink_coverage").pdf_coverage)


@pytest.fixture(scope="session")
def bench():
    """bench/bench_status.py as a module: its builders of long, legal games."""
    return bench_module("bench_status")
