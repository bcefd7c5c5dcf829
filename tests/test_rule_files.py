"""rules.pdf and booklet.pdf written once per input (issue 41 item 4, "the rulebook is not
done twice for the same input"; pnp.render.rule_files): a second build copies the files
an earlier one laid out, the same bytes; a change of anything they print, of the paper,
or of pnp's modules lays them out again, and so does a damaged entry. Every test keeps
its cache in its own tmp_path (HACKPACK_CACHE_DIR)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

import pnp.figures
from pnp.build import BuildOptions, build
from pnp.core.disk_cache import read_checked, write_checked
from pnp.core.paths import SHIPPED_DATA_DIR
from pnp.layout.imposition import SheetSpec
from pnp.render import rule_files

GAME = "hack-attack"


@pytest.fixture
def started(monkeypatch) -> list:
    """The writers of rule files started (each lays both files out), in order."""
    begun: list = []
    real = rule_files.Alongside

    def counted(*args, **kwargs):
        begun.append(args[0])
        return real(*args, **kwargs)

    monkeypatch.setattr(rule_files, "Alongside", counted)
    return begun


def files(folder: Path) -> list[bytes]:
    return [(folder / GAME / name).read_bytes() for name in rule_files.NAMES]


def test_a_second_build_copies_the_rule_files_an_earlier_one_laid_out(own_cache, started, tmp_path):
    first = build(BuildOptions(GAME, out_dir=tmp_path / "a"))
    assert len(started) == 1
    assert len(list(own_cache.glob("rules/*/*"))) == 1
    again = build(BuildOptions(GAME, out_dir=tmp_path / "b"))
    assert len(started) == 1  # nothing laid out, no process started
    assert files(tmp_path / "b") == files(tmp_path / "a")
    assert again.pages == first.pages
    assert (again.pages["rules.pdf"], again.pages["booklet.pdf"]) == (12, 6)


def test_what_the_files_print_decides_whether_they_are_laid_out_again(own_cache, started, tmp_path):
    data = tmp_path / "data"
    shutil.copytree(SHIPPED_DATA_DIR / GAME, data / GAME)

    def built(out: str, **options) -> int:
        build(BuildOptions(GAME, data_dir=data, out_dir=tmp_path / out, **options))
        return len(started)

    assert (built("a"), built("b")) == (1, 1)
    game_toml = data / GAME / "game.toml"
    game_toml.write_text(game_toml.read_text().replace("Hack Attack: Defense", "Hack Defense"))
    assert built("c") == 2  # the footers name the game
    assert files(tmp_path / "c") != files(tmp_path / "a")
    tech = data / GAME / "tech.toml"
    tech.write_text(tech.read_text().replace("count = 2", "count = 3", 1))
    assert built("d") == 3  # the kit's table counts the cards
    rulebook = data / GAME / "rulebook.md"
    rulebook.write_text(rulebook.read_text() + "\nOne more paragraph.\n")
    assert built("e") == 4
    assert built("f", spec=SheetSpec(paper="letter")) == 5
    assert built("g") == 5  # as "e" laid them out


def test_a_damaged_entry_or_a_changed_module_is_laid_out_again(own_cache, started, tmp_path):
    build(BuildOptions(GAME, out_dir=tmp_path / "a"))
    (entry,) = own_cache.glob("rules/*/*")
    entry.write_bytes(entry.read_bytes()[:-10])  # cut short: its checksum fails
    build(BuildOptions(GAME, out_dir=tmp_path / "b"))
    assert len(started) == 2
    assert files(tmp_path / "b") == files(tmp_path / "a")
    assert rule_files.kept(entry.name) is not None  # written anew, whole
    body = read_checked(entry)
    assert body is not None
    head, _, rest = body.partition(b"\n")
    about = json.loads(head)
    assert any(path.endswith("rulebook.py") for path, _, _ in about["code"])
    about["code"][0][2] += 1  # as if that module had been edited since
    write_checked(entry, json.dumps(about).encode() + b"\n" + rest)
    assert rule_files.kept(entry.name) is None
    build(BuildOptions(GAME, out_dir=tmp_path / "c"))
    assert len(started) == 3
    assert files(tmp_path / "c") == files(tmp_path / "a")


def test_kept_rule_files_keep_their_pictures_problems(own_cache, started, tmp_path, monkeypatch):
    data = tmp_path / "data"
    shutil.copytree(SHIPPED_DATA_DIR / GAME, data / GAME)
    game_toml = data / GAME / "game.toml"
    parts = 'vulnerable_to = "Attacks it is vulnerable to" }'
    assert game_toml.read_text().count(parts) == 1
    game_toml.write_text(game_toml.read_text().replace(parts, parts[:-2] + ', nope = "No" }'))
    drawn: list = []
    real = pnp.figures.rulebook_figures
    monkeypatch.setattr(pnp.figures, "rulebook_figures", lambda *a: (drawn.append(1), real(*a))[1])
    reports = [build(BuildOptions(GAME, data_dir=data, out_dir=tmp_path / o)) for o in "ab"]
    assert (len(drawn), len(started)) == (1, 1)  # the second build draws no picture
    (warning,) = reports[0].warnings
    assert "'nope' names no part of the face of card 'shopping-account'" in str(warning)
    assert reports[1].warnings == reports[0].warnings


def test_the_print_me_first_page_is_drawn_once_per_content(own_cache, tmp_path, monkeypatch):
    import pnp.render.print_first

    drawn: list = []
    real = pnp.render.print_first.render_first_page
    monkeypatch.setattr(
        pnp.render.print_first, "render_first_page", lambda *a: (drawn.append(1), real(*a))[1]
    )
    for out, paper in (("a", "a4"), ("b", "a4"), ("c", "letter")):
        build(BuildOptions(GAME, SheetSpec(paper=paper), out_dir=tmp_path / out))
    assert len(drawn) == 2  # the second build copies the first's page
    page = [(tmp_path / o / GAME / "print-me-first.pdf").read_bytes() for o in "abc"]
    assert page[0] == page[1] != page[2]
