"""Each face is laid out once per build or export: checked as it is first drawn
(pnp.validate.FaceChecks), never laid out again to validate it (issue 24, item 6)."""

from __future__ import annotations

from collections import Counter

import pytest

import pnp.core.games
from pnp.build import BuildOptions, build
from pnp.core.paths import SHIPPED_DATA_DIR
from pnp.export import ExportOptions, export
from pnp.layout.imposition import SheetSpec
from pnp.layout.kit import front_key


def _counted(monkeypatch, game: str) -> Counter:
    """Count every front and back the kit of `game` lays out, by front key (a card's id;
    a Hack Back card's id and deck: each deck's copies carry its emblem) or back id."""
    kit = pnp.core.games.find_game(game)
    laid: Counter = Counter()
    face, back_face = type(kit).face, type(kit).back_face

    def front(self, card, data, frame):
        laid[f"card {front_key(card)}"] += 1
        return face(self, card, data, frame)

    def back(self, back_id, data, frame):
        laid[f"back {back_id}"] += 1
        return back_face(self, back_id, data, frame)

    monkeypatch.setattr(type(kit), "face", front)
    monkeypatch.setattr(type(kit), "back_face", back)
    return laid


@pytest.mark.parametrize("game", pnp.core.games.game_ids())
def test_a_build_lays_out_each_face_once(game, tmp_path, monkeypatch):
    laid = _counted(monkeypatch, game)
    build(BuildOptions(game, SheetSpec(), None, SHIPPED_DATA_DIR, tmp_path))
    assert laid and set(laid.values()) == {1}, laid.most_common(3)


@pytest.mark.parametrize("output_format", ["pdf-single", "png", "tts"])
def test_an_export_lays_out_each_face_once(output_format, tmp_path, monkeypatch):
    laid = _counted(monkeypatch, "hack-back")
    export(ExportOptions("hack-back", output_format, 50, tmp_path))
    assert laid and set(laid.values()) == {1}, laid.most_common(3)


def test_only_a_card_printed_again_after_another_is_kept():
    from pnp.render.painter import reprinted

    assert reprinted(["a", "a", "b", "c", "c", "a", "d", "b"]) == {"a", "b"}
    assert reprinted(f"c{i}" for i in range(10_000)) == frozenset()
