"""Shared fixtures: kits built once per test session into temporary folders."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest

if os.environ.get("HACKPACK_FOURTH_GAME"):  # before pnp.build binds the data folder
    from tests.fourth_game.battery import install

    install()

from pnp.build import BuildOptions, build
from pnp.core.paths import SHIPPED_DATA_DIR
from pnp.layout.imposition import SheetSpec

REPO = Path(__file__).resolve().parent.parent
#: No test, nor collecting them, writes the user's SVG cache (pnp.data.svg_cache): it is
#: a temporary folder for in-process builds and the commands tests run alike.
_CACHE = tempfile.TemporaryDirectory(prefix="hackpack-test-cache-")
os.environ["HACKPACK_CACHE_DIR"] = _CACHE.name


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


@pytest.fixture(scope="session")
def built(tmp_path_factory):
    """A function (paper, duplex, game="hack-attack", **spec) -> BuildReport, building each
    variant once."""
    cache = {}

    def make(paper: str = "a4", duplex: str = "long", game: str = "hack-attack", **spec):
        key = (paper, duplex, game, tuple(sorted(spec.items())))
        if key not in cache:
            out = tmp_path_factory.mktemp("out")
            cache[key] = build(
                BuildOptions(game, SheetSpec(paper=paper, duplex=duplex, **spec), out_dir=out)
            )
        return cache[key]

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
def bench():
    """bench/bench_status.py as a module: its builders of long, legal games."""
    return bench_module("bench_status")
