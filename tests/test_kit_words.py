"""The words the tool prints around a game's texts (pnp.core.kit_words, issue 46): the
shipped German kit prints its sheet's words on the print-me-first page, the aids, the
kit table and the rulebook's pictures and none of the English ones; game.toml's
[words] replaces a word, and a wrong word is one line at its file:line, exit 1."""

from __future__ import annotations

import csv
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from pnp.core.kit_words import KIT_WORDS, kind_slug, places, say, word_problem
from pnp.core.paths import SHIPPED_DATA_DIR
from pnp.layout.wrapped import lines_of
from tests.german_copy import add_words, copy_game, pnp


def pdf_text(path: Path) -> str:
    pdf = pdfium.PdfDocument(path)
    try:
        return "\n".join(page.get_textpage().get_text_range() for page in pdf)
    finally:
        pdf.close()


def bare(words: str) -> str:
    """Words as compared with a PDF's text: no spaces or line breaks (pdfium reads a
    hyphen ending a line as U+FFFE)."""
    return "".join(words.split()).replace("\ufffe", "").replace("-", "")


@pytest.fixture(scope="module")
def german_kit(tmp_path_factory) -> dict[str, str]:
    """The shipped German kit's files' texts, by file name."""
    from pnp.build import BuildOptions
    from pnp.build_lang import build_language

    out = tmp_path_factory.mktemp("de")
    build_language(BuildOptions("hack-attack", out_dir=out), "de")
    folder = out / "hack-attack" / "de"
    return {p.name: pdf_text(p) for p in folder.glob("*.pdf")}


def sheet_words() -> dict[str, tuple[str, str]]:
    """The shipped German sheet's words: key -> (English, German)."""
    sheet = SHIPPED_DATA_DIR / "hack-attack" / "translations" / "de.csv"
    with open(sheet, encoding="utf-8", newline="") as f:
        return {
            r["field"].removeprefix("words."): (r["source"], r["translation"])
            for r in csv.DictReader(f)
            if r["field"].startswith("words.")
        }


def test_the_german_sheet_translates_every_word():
    words = sheet_words()
    assert set(KIT_WORDS) <= set(words)
    for key, (source, german) in words.items():
        assert german.strip() and word_problem(key, german, source) is None, key


def test_the_german_print_me_first_page_prints_its_words_and_no_english(german_kit):
    printed = bare(german_kit["print-me-first.pdf"])
    words = sheet_words()
    fixed = {k: v for k, v in words.items() if k.startswith("first.") and not places(v[0])}
    assert len(fixed) > 25
    shown = [k for k, (_, de) in fixed.items() if bare(de) in printed]
    # each fixed word of the page the kit prints (duplex, crop marks, poker on A4) is there
    for key in ("first.intro", "first.check", "first.scale", "first.borderless",
                "first.flip_long", "first.cut_marks", "first.this_how", "first.rules_how",
                "first.booklet_how", "first.deck", "first.all_cards", "first.again_how"):  # fmt: skip
        assert key in shown, key
    english = [en for _, (en, de) in fixed.items() if bare(en) != bare(de)]
    assert not [en for en in english if len(en) > 5 and bare(en) in printed]
    assert bare("155 Karten auf 18 Bogen A4") in printed
    assert bare("Karten im Format poker (63,5 × 88,9 mm)") in printed  # a decimal comma
    assert bare("51 Technik, 60 Abwehr, 4 Realitätscheck, 14 Angriff, 14 Bedienfehler") in printed
    assert bare("Hack Attack: Defense — zuerst drucken") in printed


def test_the_german_aids_kit_table_and_pictures_print_their_words(german_kit):
    cards, rules = german_kit["cards.pdf"], bare(german_kit["rules.pdf"])
    assert "SPIELHILFE" in cards and "PLAYER AID" not in cards
    for words in ("Was im Kit ist", "Technikkarten 51", "Realitätschecks 4",
                  "Karten insgesamt 143", "Spielhilfen (zwei pro Person) 12",
                  "Aufbau für drei Personen", "Person 1", "Person 3", "Tischmitte",
                  "Technikkarte: Shopping-Konto", "Bedienfehlerkarte: Passwort-Recycling"):  # fmt: skip
        assert bare(words) in rules, words
    for english in ("What’s in the kit", "Cards in all", "Player aids", "Setting up for",
                    "Middle of the table", "Tech card", "User Error card"):  # fmt: skip
        assert bare(english) not in rules, english


def test_the_english_kit_keeps_its_words(tmp_path):
    from pnp.build import BuildOptions, build

    build(BuildOptions("hack-attack", out_dir=tmp_path))
    folder = tmp_path / "hack-attack"
    first, cards = pdf_text(folder / "print-me-first.pdf"), pdf_text(folder / "cards.pdf")
    assert "print me first" in first and "Check the scale" in first
    assert "PLAYER AID" in cards


def test_game_toml_replaces_a_word(tmp_path):
    folder = copy_game(tmp_path)
    add_words(folder, '"aid.caption" = "QUICK REFERENCE"\n"kit.all" = "Every card"\n')
    result = pnp("build", "--game", "hack-attack", "--data", str(folder.parent),
                 "--out", str(tmp_path / "out"))  # fmt: skip
    assert result.exit_code == 0, result.output
    built = tmp_path / "out" / "hack-attack"
    assert "QUICK REFERENCE" in pdf_text(built / "cards.pdf")
    rules = pdf_text(built / "rules.pdf")
    assert "Every card" in rules and "Cards in all" not in rules


@pytest.mark.parametrize(
    "line, message",
    [
        ('"aid.capton" = "AID"\n', "field 'words.aid.capton': no word 'aid.capton'"),
        ('"first.ruler" = "Exactly {mm} mm."\n', None),
        (
            '"first.title" = "Print me first"\n',
            "field 'words.first.title': expected {game} (it has none)",
        ),
        ('"first.n_cards" = "{n} card|{n} cards|{n} cardz"\n', "at most two forms"),
        ('"setup.player" = "Player {n} {seat}"\n', "expected {n} (it has {n}, {seat})"),
    ],
)
def test_a_wrong_word_is_one_line_at_its_line(tmp_path, line, message):
    folder = copy_game(tmp_path)
    at = add_words(folder, line)
    result = pnp("validate", "--game", "hack-attack", "--data", str(folder.parent),
                 "--card-size", "poker")  # fmt: skip
    if message is None:
        assert result.exit_code == 0, result.output
        return
    assert result.exit_code == 1, result.output
    found = [x for x in result.output.splitlines() if "words." in x]
    assert len(found) == 1 and f"game.toml:{at}:" in found[0] and message in found[0], found


def test_a_translated_word_without_its_names_is_at_its_sheet_row(tmp_path):
    folder = copy_game(tmp_path)
    sheet = folder / "translations" / "de.csv"
    text = sheet.read_text(encoding="utf-8")
    row = next(
        n for n, x in enumerate(text.splitlines(), 1) if x.startswith("game,words.setup.player,")
    )
    sheet.write_text(text.replace("Person {n},done", "Person,done"), encoding="utf-8")
    result = pnp("validate", "--game", "hack-attack", "--data", str(folder.parent),
                 "--lang", "de", "--card-size", "poker")  # fmt: skip
    assert result.exit_code == 1, result.output
    found = [x for x in result.output.splitlines() if "setup.player" in x]
    assert len(found) == 1 and f"translations/de.csv, row {row}" in found[0], found
    assert "expected {n}" in found[0]


def test_a_counted_word_takes_its_form_by_the_count():
    assert say(None, "first.n_cards", n=1) == "1 card"
    assert say(None, "first.n_cards", n=0) == "0 cards"
    assert say(None, "first.n_cards", n=10000) == "10,000 cards"
    german = {"first.n_sheets": "{n} Bogen|{n} Bogen", "first.n_pages": "{n} Seite|{n} Seiten"}
    assert say(german, "first.n_pages", n=1) == "1 Seite"
    assert say(german, "first.n_pages", n=36) == "36 Seiten"
    assert kind_slug("Reality Check") == "reality_check"


def test_a_word_too_wide_for_its_line_breaks_after_its_hyphen():
    from pnp.fonts import REGULAR

    assert lines_of("Kategorie-Symbol", REGULAR, 9.0, 60.0) == ["Kategorie-", "Symbol"]


def test_the_library_builds_a_language_from_its_translations(tmp_path):
    """BuildOptions(lang=...) alone builds the translated kit, as `pnp build --lang`
    does, and refuses a language the game does not declare."""
    from pnp.build import BuildOptions, build
    from pnp.core.errors import PnpError

    report = build(BuildOptions("hack-attack", out_dir=tmp_path, lang="de"))
    assert not report.warnings
    assert "SPIELHILFE" in pdf_text(tmp_path / "hack-attack" / "de" / "cards.pdf")
    with pytest.raises(PnpError, match="not printed in 'es'"):
        build(BuildOptions("hack-attack", out_dir=tmp_path, lang="es"))


def test_export_writes_each_language_into_its_folder(tmp_path):
    """`pnp export --lang all`: the source language into out/<game>/, German into
    out/<game>/de/ with the German card names (Tabletop Simulator's nicknames); a
    language the game does not declare is a usage error (exit 2), nothing written."""
    import json

    out = tmp_path / "out"
    result = pnp("export", "--game", "hack-attack", "--format", "tts", "--dpi", "60",
                 "--cards", "smart-tv", "--lang", "all", "--out", str(out))  # fmt: skip
    assert result.exit_code == 0, result.output
    names = {}
    for lang, folder in (("en", out / "hack-attack"), ("de", out / "hack-attack" / "de")):
        deck = json.loads((folder / "tts" / "hack-attack.json").read_text(encoding="utf-8"))
        names[lang] = {c["Nickname"] for o in deck["ObjectStates"] for c in o["ContainedObjects"]}
    assert names == {"en": {"Smart TV"}, "de": {"Smart-TV"}}
    result = pnp("export", "--game", "hack-attack", "--format", "png", "--lang", "es",
                 "--out", str(tmp_path / "es"))  # fmt: skip
    assert result.exit_code == 2 and "hack-attack: the game is not printed in 'es'" in result.output
    assert not (tmp_path / "es").exists()


def test_the_score_keeper_takes_the_reality_check_by_its_german_name():
    from scorekeeper.games.hack_attack import cards

    deck = cards.deck()
    assert cards.category(deck, "Realitätscheck", wild_ok=True) == "reality-check"
    assert cards.category(deck, "realitätscheck", wild_ok=True) == "reality-check"
    assert cards.tech(deck, "Spielkonsole")[1] == "games-console"


def test_the_german_rulebook_prints_every_block_of_its_translation(german_kit):
    """rules.pdf in German holds each block of rulebook.de.md (its headings, paragraphs
    and items, read back without their markup and the pages' running heads)."""
    import re

    from pnp.data.rulebook import parse_rulebook

    text = re.sub(r"Hack Attack: Defense · \d+", "", german_kit["rules.pdf"])
    printed = bare(text)
    source = (SHIPPED_DATA_DIR / "hack-attack" / "rulebook.de.md").read_text(encoding="utf-8")
    blocks = parse_rulebook(source.split("\n", 1)[1])
    assert len(blocks) > 80
    missing = [b.text for b in blocks if bare(re.sub(r"\*\*|\*", "", b.text)) not in printed]
    assert not missing
