"""Faults a translator or a designer makes in a game's languages (issue 46), each a
kind: one line at its file:line (or sheet row), exit 1 (2 for a usage error), never a
kit that prints what the translator did not mean."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from pnp.core.paths import SHIPPED_DATA_DIR
from tests.german_copy import add_words, copy_game, pnp


@pytest.fixture
def game(tmp_path) -> Path:
    return copy_game(tmp_path)


def validate(folder: Path, *more: str):
    return pnp("validate", "--game", "hack-attack", "--data", str(folder.parent),
               "--lang", "de", "--card-size", "poker", *more)  # fmt: skip


def build(folder: Path, out: Path):
    return pnp("build", "--game", "hack-attack", "--data", str(folder.parent),
               "--lang", "de", "--out", str(out))  # fmt: skip


def sheet(folder: Path) -> Path:
    return folder / "translations" / "de.csv"


def edit_row(folder: Path, field: str, new: str) -> int:
    """Replace the sheet row of `field` (an id,field pair "game,words.kit.heading") with
    `new`; its line number."""
    lines = sheet(folder).read_text(encoding="utf-8").split("\n")
    n = next(i for i, line in enumerate(lines) if line.startswith(field + ","))
    lines[n] = new
    sheet(folder).write_text("\n".join(lines), encoding="utf-8")
    return n + 1


def errors(result) -> list[str]:
    return [x for x in result.output.splitlines() if x.startswith("Error:") and "problem" not in x]


def test_a_word_with_a_glyph_the_font_lacks_is_at_its_row(game, tmp_path):
    row = edit_row(
        game, "game,words.kit.heading", "game,words.kit.heading,What’s in the kit,Was 漢,done"
    )
    for result in (validate(game), build(game, tmp_path / "out")):
        assert result.exit_code == 1
        found = errors(result)
        assert len(found) == 1 and f"de.csv, row {row}:" in found[0], found
        assert "'漢' (U+6F22)" in found[0]
    assert not (tmp_path / "out").exists()


def test_a_source_word_with_a_glyph_the_font_lacks_is_at_its_line(game):
    line = add_words(game, '"first.deck" = "Deck 漢"\n')
    result = pnp("validate", "--game", "hack-attack", "--data", str(game.parent),
                 "--card-size", "poker")  # fmt: skip
    assert result.exit_code == 1
    found = errors(result)
    assert len(found) == 1 and f"game.toml:{line}:" in found[0] and "U+6F22" in found[0], found


@pytest.mark.parametrize(
    "words, message",
    [
        ('"setup.player" = "Seat {num}"\n', "expected {n} (it has {num})"),
        ('"aid.captoin" = "AID"\n', "no word 'aid.captoin'"),
        ('"aid.caption" = 3\n', "expected text"),
        ('"first.n_cards" = "{n:>5} cards"\n', "braces around something that is not a name"),
    ],
)
def test_a_wrong_source_word_stops_the_translated_kit_at_its_line(game, tmp_path, words, message):
    line = add_words(game, words)
    for result in (validate(game), build(game, tmp_path / "out")):
        assert result.exit_code == 1, result.output
        found = [x for x in errors(result) if message in x]
        assert len(found) == 1 and f"game.toml:{line}:" in found[0], result.output
        assert not [x for x in errors(result) if "game.toml:" in x and f":{line}:" not in x]
    assert not (tmp_path / "out").exists()


def test_a_toml_error_is_named_with_a_language_too(game, tmp_path):
    line = add_words(game, '"kind:tech" = "Tech"\n')  # given twice: the second is the error
    for result in (validate(game), build(game, tmp_path / "out")):
        assert result.exit_code == 1
        assert f"game.toml:{line + 1}:" in result.output and "not printed" not in result.output


@pytest.mark.parametrize(
    "row, message",
    [
        ("game,words.first.deck,Deck,Stapel,fertig", "status 'fertig': expected empty, draft"),
        ('game,words.first.deck,Deck,"Stapel,done', "a quote left open"),
        ("game,words.first.deck,Deck,Stapel,done,extra", "a value under no column ('extra')"),
    ],
)
def test_a_broken_sheet_row_is_refused_at_import_validate_and_build(game, tmp_path, row, message):
    mine = tmp_path / "mine.csv"
    shutil.copy(sheet(game), mine)
    before = sheet(game).read_bytes()
    at = edit_row(game, "game,words.first.deck", row)
    shutil.copy(sheet(game), mine)
    sheet(game).write_bytes(before)
    result = pnp("import-translations", "--game", "hack-attack", "--data", str(game.parent),
                 "--lang", "de", str(mine))  # fmt: skip
    assert result.exit_code == 1
    assert any(f"mine.csv, row {at}:" in x and message in x for x in errors(result)), result.output
    assert sheet(game).read_bytes() == before  # nothing written
    shutil.copy(mine, sheet(game))
    for result in (validate(game), build(game, tmp_path / "out")):
        assert result.exit_code == 1
        assert any(f"de.csv, row {at}:" in x and message in x for x in errors(result))
    assert not (tmp_path / "out").exists()


def test_a_semicolon_sheet_with_a_byte_order_mark_and_crlf_imports(game, tmp_path):
    import csv

    rows = list(csv.reader(sheet(game).open(encoding="utf-8", newline="")))
    mine = tmp_path / "mine.csv"
    with open(mine, "w", encoding="utf-8-sig", newline="") as f:
        csv.writer(f, delimiter=";", lineterminator="\r\n").writerows(rows)
    result = pnp("import-translations", "--game", "hack-attack", "--data", str(game.parent),
                 "--lang", "de", str(mine))  # fmt: skip
    assert result.exit_code == 0, result.output
    assert f"--data {game.parent}" in result.output  # the hint checks the same data
    assert validate(game).exit_code == 0


@pytest.mark.parametrize("body", [b"", b"\xcb\xcf not utf-8", b"name;text\nx;y\n"])
def test_an_unreadable_sheet_is_one_line_and_stops_the_build(game, tmp_path, body):
    sheet(game).write_bytes(body)
    for result in (validate(game), build(game, tmp_path / "out")):
        assert result.exit_code == 1
        assert len([x for x in errors(result) if "de.csv" in x]) == 1, result.output
        assert "has no de translation" not in result.output
    assert not (tmp_path / "out").exists()


def test_a_language_without_a_sheet_is_one_line(game, tmp_path):
    sheet(game).unlink()
    for result in (validate(game), build(game, tmp_path / "out")):
        assert result.exit_code == 1
        found = errors(result)
        assert len(found) == 1 and "de has no translation table" in found[0], found


def test_a_language_in_another_case_is_a_usage_error_with_a_hint(game):
    result = pnp("validate", "--game", "hack-attack", "--data", str(game.parent), "--lang", "DE")
    assert result.exit_code == 2 and "did you mean 'de'?" in result.output


def test_a_long_setup_place_title_wraps_within_the_picture(game, tmp_path):
    from tests.pdfread import plumbed

    long = "Tischmittenbereich für alle gemeinsam genutzten Stapel und Reihen der Karten"
    edit_row(
        game, "game,words.setup.middle", f"game,words.setup.middle,Middle of the table,{long},done"
    )
    assert build(game, tmp_path / "out").exit_code == 0
    with plumbed(tmp_path / "out" / "hack-attack" / "de" / "rules.pdf") as pdf:
        page = next(p for p in pdf.pages if "Tischmittenbereich" in (p.extract_text() or ""))
        chars = [c for c in page.chars if c["size"] < 9]  # the picture's titles, 8 pt
        assert "".join(c["text"] for c in chars).count("Karten") >= 1
        assert max(c["x1"] for c in chars) <= page.width - 30  # inside the page's column


def test_preview_draws_a_card_in_a_language_and_names_its_row(game, tmp_path):
    """`pnp preview --lang de` draws the German face into out/<game>/de/preview/ (other
    pixels than the English one); a translation the face cannot print is refused at
    its sheet row."""
    from PIL import Image, ImageChops

    data, out = str(game.parent), str(tmp_path / "out")
    for lang in ("en", "de"):
        result = pnp("preview", "--game", "hack-attack", "--data", data, "--card", "smart-tv",
                     "--dpi", "100", "--out", out, "--lang", lang)  # fmt: skip
        assert result.exit_code == 0, result.output
    english = Image.open(tmp_path / "out" / "hack-attack" / "preview" / "smart-tv-front.png")
    german = Image.open(tmp_path / "out" / "hack-attack" / "de" / "preview" / "smart-tv-front.png")
    assert english.size == german.size
    assert ImageChops.difference(english.convert("RGB"), german.convert("RGB")).getbbox()
    row = edit_row(game, "smart-tv,name", "smart-tv,name,Smart TV,Smart-TV 漢,done")
    result = pnp("preview", "--game", "hack-attack", "--data", data, "--card", "smart-tv",
                 "--out", out, "--lang", "de")  # fmt: skip
    assert result.exit_code == 1
    assert any(f"de.csv, row {row}:" in x and "U+6F22" in x for x in errors(result)), result.output


def test_a_kit_whose_code_writes_english_says_so_in_another_language(tmp_path):
    """Hack Back declaring German: `pnp validate --lang de` warns, once, that its effect
    lines, kit table and tracker are written in English by its code."""
    folder = tmp_path / "data" / "hack-back"
    shutil.copytree(SHIPPED_DATA_DIR / "hack-back", folder)
    game_toml = folder / "game.toml"
    text = game_toml.read_text(encoding="utf-8")
    game_toml.write_text(
        text.replace('name = "Hack Back"\n', 'name = "Hack Back"\nlanguages = ["en", "de"]\n')
    )
    (folder / "translations").mkdir()
    (folder / "translations" / "de.csv").write_text("id,field,source,translation,status\n")
    result = pnp("validate", "--game", "hack-back", "--data", str(folder.parent),
                 "--lang", "de", "--card-size", "poker")  # fmt: skip
    found = [x for x in result.output.splitlines() if "in English in every language" in x]
    assert len(found) == 1 and found[0].startswith("Warning:") and "effect lines" in found[0]


@pytest.mark.parametrize("verb", ["build", "export"])
def test_lang_all_checks_every_language_before_writing(game, tmp_path, verb):
    """A German sheet with a broken row: `--lang all` writes not even the English files."""
    edit_row(game, "game,words.first.deck", "game,words.first.deck,Deck,Stapel,done,extra")
    more = ["--format", "png", "--cards", "smart-tv"] if verb == "export" else []
    result = pnp(verb, "--game", "hack-attack", "--data", str(game.parent), "--lang", "all",
                 "--out", str(tmp_path / "out"), *more)  # fmt: skip
    assert result.exit_code == 1 and "a value under no column" in result.output
    assert not (tmp_path / "out").exists()


def test_all_games_in_a_language_one_lacks_is_refused_before_writing(tmp_path):
    result = pnp("build", "--all", "--lang", "de", "--out", str(tmp_path / "out"))
    assert result.exit_code == 2 and "hack-back: the game is not printed in 'de'" in result.output
    assert not (tmp_path / "out").exists()


def test_the_german_tts_deck_names_its_kinds_in_german(tmp_path):
    import json

    result = pnp("export", "--game", "hack-attack", "--format", "tts", "--dpi", "60", "--lang",
                 "de", "--cards", "smart-tv,aid-*", "--out", str(tmp_path))  # fmt: skip
    assert result.exit_code == 0, result.output
    deck = json.loads((tmp_path / "hack-attack" / "de" / "tts" / "hack-attack.json").read_text())
    objects = deck["ObjectStates"]
    kinds = {c["Description"] for o in objects for c in o.get("ContainedObjects", [o])}
    assert kinds == {"Technik", "Spielhilfe"}
    assert all("Karte" in o["Description"] for o in objects if "ContainedObjects" in o)


def test_a_caption_too_long_for_the_aids_is_at_its_row(game):
    long = "SPIELHILFE FÜR ALLE PERSONEN AM TISCH UND NOCH VIEL MEHR TEXT DARÜBER HINAUS"
    row = edit_row(game, "game,words.aid.caption", f"game,words.aid.caption,PLAYER AID,{long},done")
    result = validate(game)
    assert result.exit_code == 1
    found = errors(result)
    assert found and all(f"de.csv, row {row}:" in x and "does not fit" in x for x in found), found


def test_a_picture_part_with_a_glyph_the_font_lacks_is_at_its_own_row(game):
    row = edit_row(game, "game,rulebook.anatomy.1.parts.name",
                   "game,rulebook.anatomy.1.parts.name,The practice,Maßnahme 漢,done")  # fmt: skip
    found = errors(validate(game))
    assert len(found) == 1 and f"de.csv, row {row}:" in found[0] and "U+6F22" in found[0], found


@pytest.mark.parametrize(
    "args, message",
    [
        (["preview", "--card", "smart-tv", "--lang", "all"], "name one language here, not all"),
        (["import-translations", "--lang", "DE", "x.csv"], "did you mean 'de'?"),
        (["import-translations", "--lang", "en", "x.csv"], "en is the game's source language"),
        (["export-data", "--lang", "DE"], "did you mean 'de'?"),
    ],
)
def test_a_language_a_verb_cannot_take_is_a_usage_error(tmp_path, args, message):
    verb, *rest = args
    result = pnp(verb, "--game", "hack-attack", "--out", str(tmp_path), *rest)
    if verb == "import-translations":
        result = pnp(verb, "--game", "hack-attack", *rest)
    assert result.exit_code == 2 and message in result.output, result.output


def test_all_is_no_language_code(game):
    text = (game / "game.toml").read_text(encoding="utf-8")
    (game / "game.toml").write_text(text.replace('["en", "de"]', '["en", "de", "all"]'))
    result = pnp("validate", "--game", "hack-attack", "--data", str(game.parent))
    assert result.exit_code == 1 and '"all" names every language' in result.output


def test_the_library_names_one_language_or_none(tmp_path):
    from pnp.build import BuildOptions, build
    from pnp.core.errors import PnpError

    with pytest.raises(PnpError, match="name one language here, not all"):
        build(BuildOptions("hack-attack", out_dir=tmp_path, lang="all"))
    build(BuildOptions("hack-attack", out_dir=tmp_path, lang=None))  # type: ignore[arg-type]
    assert (tmp_path / "hack-attack" / "cards.pdf").is_file()


def test_importing_a_rulebook_made_from_another_source_warns_of_each_block(game, tmp_path):
    source = game / "rulebook.md"
    mine = tmp_path / "mine.md"
    shutil.copy(game / "rulebook.de.md", mine)  # made from today's rulebook.md …
    source.write_text(source.read_text(encoding="utf-8").replace("deal 4 Tech", "deal 5 Tech"))
    result = pnp(
        "import-translations",
        "--game",
        "hack-attack",
        "--data",
        str(game.parent),
        "--lang",
        "de",
        str(mine),
    )  # fmt: skip  … which has changed since
    assert result.exit_code == 0
    found = [x for x in result.output.splitlines() if x.startswith("Warning:")]
    assert len(found) == 1 and "rulebook.md:18 changed" in found[0], result.output


def test_a_rulebook_not_in_utf8_is_one_line(game, tmp_path):
    mine = tmp_path / "mine.md"
    mine.write_bytes(b"# Hack Attack\n\n\xff\xfe")
    result = pnp("import-translations", "--game", "hack-attack", "--data", str(game.parent),
                 "--lang", "de", str(mine))  # fmt: skip
    assert result.exit_code == 1 and "mine.md" in result.output and "UTF-8" in result.output
    assert "codec" not in result.output


def test_the_sheet_written_counts_a_stale_translation_apart(game, tmp_path):
    tech = game / "tech.toml"
    tech.write_text(
        tech.read_text(encoding="utf-8").replace('name = "Smart TV"', 'name = "Smart Television"')
    )
    result = pnp("export-data", "--game", "hack-attack", "--data", str(game.parent), "--lang",
                 "de", "--out", str(tmp_path / "out"))  # fmt: skip
    assert result.exit_code == 0 and "336 texts, 335 translated" in result.output, result.output
