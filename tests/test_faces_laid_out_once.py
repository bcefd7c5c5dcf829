"""Each face is laid out once per build or export: checked as it is first drawn
(pnp.validate.FaceChecks), never laid out again to validate it (issue 24, item 6)."""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest

import pnp.core.games
from pnp.build import BuildOptions, build
from pnp.core.paths import SHIPPED_DATA_DIR
from pnp.export import ExportOptions, export
from pnp.layout.imposition import SheetSpec
from pnp.layout.kit import front_key


def _counted(monkeypatch, game: str, tmp_path: Path) -> Callable[[], Counter]:
    """Count every front and back the kit of `game` lays out, by front key (a card's id;
    a Hack Back card's id and deck: each deck's copies carry its emblem) or back id, in
    this process and any it forks (an export draws its faces PDF in one of its own:
    pnp.drawn_apart), each layout a line appended to a file; returns what reads them."""
    kit = pnp.core.games.find_game(game)
    log = tmp_path / "laid-out.txt"
    face, back_face = type(kit).face, type(kit).back_face

    def note(what: str) -> None:
        with open(log, "a", encoding="utf-8") as f:
            f.write(what + "\n")

    def front(self, card, data, frame):
        note(f"card {front_key(card)}")
        return face(self, card, data, frame)

    def back(self, back_id, data, frame):
        note(f"back {back_id}")
        return back_face(self, back_id, data, frame)

    monkeypatch.setattr(type(kit), "face", front)
    monkeypatch.setattr(type(kit), "back_face", back)
    return lambda: Counter(log.read_text(encoding="utf-8").splitlines() if log.exists() else [])


@pytest.mark.parametrize("game", pnp.core.games.game_ids())
def test_a_build_lays_out_each_face_once(game, tmp_path, monkeypatch):
    counted = _counted(monkeypatch, game, tmp_path)
    build(BuildOptions(game, SheetSpec(), None, SHIPPED_DATA_DIR, tmp_path / "out"))
    laid = counted()
    assert laid and set(laid.values()) == {1}, laid.most_common(3)


@pytest.mark.parametrize("threads", [1, 2], ids=["drawn apart", "drawn here"])
@pytest.mark.parametrize("output_format", ["pdf-single", "png", "tts"])
def test_an_export_lays_out_each_face_once(output_format, threads, tmp_path, monkeypatch):
    monkeypatch.setattr(threading, "active_count", lambda: threads)  # forked or not
    counted = _counted(monkeypatch, "hack-back", tmp_path)
    export(ExportOptions("hack-back", output_format, 50, tmp_path / "out"))
    laid = counted()
    assert laid and set(laid.values()) == {1}, laid.most_common(3)


def test_only_a_card_printed_again_after_another_is_kept():
    from pnp.render.painter import reprinted

    assert reprinted(["a", "a", "b", "c", "c", "a", "d", "b"]) == {"a", "b"}
    assert reprinted(f"c{i}" for i in range(10_000)) == frozenset()
