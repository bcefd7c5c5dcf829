"""A translated rulebook kept against its source block by block (issue 46): `pnp
import-translations` records each block of today's rulebook.md in the translation's
first line, and `pnp validate --lang` then names each block changed, new or gone since,
at the translation's line, exit 1."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.german_copy import copy_game, pnp


@pytest.fixture
def game(tmp_path) -> Path:
    return copy_game(tmp_path)


def validate(folder: Path):
    return pnp("validate", "--game", "hack-attack", "--data", str(folder.parent),
               "--lang", "de", "--card-size", "poker")  # fmt: skip


def line_of(path: Path, start: str) -> int:
    lines = path.read_text(encoding="utf-8").splitlines()
    return next(n for n, line in enumerate(lines, 1) if line.startswith(start))


def test_the_shipped_translation_records_its_blocks(game):
    first = (game / "rulebook.de.md").read_text(encoding="utf-8").splitlines()[0]
    assert first.startswith("<!-- source: ") and " blocks: " in first
    assert validate(game).exit_code == 0


def test_each_block_changed_new_or_gone_is_named_at_its_line(game):
    source, german = game / "rulebook.md", game / "rulebook.de.md"
    text = source.read_text(encoding="utf-8")
    text = text.replace(
        "2. Shuffle the Tech deck and deal 4", "2. Shuffle the Tech deck and deal 5"
    )
    text = text.replace(
        "## Your turn\n\n", "## Your turn\n\nA new sentence for the translator.\n\n"
    )
    source.write_text(text, encoding="utf-8")
    result = validate(game)
    assert result.exit_code == 1, result.output
    found = [x for x in result.output.splitlines() if "rulebook.de.md" in x]
    changed = line_of(german, "2. Mischt den Technikstapel")
    heading = line_of(german, "## Dein Zug")
    assert len(found) == 2, found
    assert f"rulebook.de.md:{changed}: stale: rulebook.md:18 changed" in found[0]
    assert "Shuffle the Tech deck and deal 5" in found[0]
    assert f"rulebook.de.md:{heading}: rulebook.md:27 is new: translate it after" in found[1]


def test_a_block_gone_is_named_where_the_translation_still_has_it(game):
    source, german = game / "rulebook.md", game / "rulebook.de.md"
    text = source.read_text(encoding="utf-8")
    source.write_text(text.replace("5. Turn 5 Defense cards", "Turn 5 Defense cards"), "utf-8")
    result = validate(game)
    assert result.exit_code == 1
    found = [x for x in result.output.splitlines() if "rulebook.de.md" in x]
    # item 5 became a paragraph: the item is gone and a paragraph is new
    gone = line_of(german, "5. Deckt 5 Abwehrkarten")
    assert any(f"rulebook.de.md:{gone}: stale: rulebook.md:21 changed" in x for x in found), found


def test_importing_a_rulebook_records_todays_blocks(game, tmp_path):
    source = game / "rulebook.md"
    source.write_text(source.read_text(encoding="utf-8").replace("deal 4 Tech", "deal 5 Tech"))
    assert validate(game).exit_code == 1
    mine = tmp_path / "mine.md"
    lines = (game / "rulebook.de.md").read_text(encoding="utf-8").splitlines()[1:]
    mine.write_text("\r\n".join(lines).replace("4 Technikkarten offen", "5 Technikkarten offen"))
    result = pnp("import-translations", "--game", "hack-attack", "--data", str(game.parent),
                 "--lang", "de", str(mine))  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "the de rulebook (91 blocks) written" in result.output
    assert validate(game).exit_code == 0


def test_importing_a_rulebook_of_other_blocks_writes_nothing(game, tmp_path):
    before = (game / "rulebook.de.md").read_bytes()
    mine = tmp_path / "mine.md"
    text = before.decode("utf-8")
    mine.write_text(text.replace("## Dein Zug\n\n", ""), encoding="utf-8")
    result = pnp("import-translations", "--game", "hack-attack", "--data", str(game.parent),
                 "--lang", "de", str(mine))  # fmt: skip
    assert result.exit_code == 1
    found = [x for x in result.output.splitlines() if "mine.md" in x]
    assert len(found) == 1 and "where rulebook.md:25 has a h2" in found[0], found
    assert (game / "rulebook.de.md").read_bytes() == before
