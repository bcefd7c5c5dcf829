"""Kits in more than one language (issue 46): a game's translation tables read and
checked (missing, stale, too long to fit, a glyph the fonts lack: each one line at its
file:line, exit 1), a translated kit built from them (its text read back from the PDF
is the table's), the translator's sheet written and read back, the English kit the
same bytes with `--lang en`, and the score keeper taking a card by its translated
name and the page showing it."""

from __future__ import annotations

import csv
import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.cli import main
from pnp.core.translations import fingerprint, read_translations, source_texts
from pnp.translated import substitute

#: a few texts of Hack Attack: Defense in German (a tiny table: the real one is another's)
ROWS = [
    ("phishing-email", "name", "Phishing Email", "Phishing-Mail", "done"),
    ("smart-tv", "name", "Smart TV", "Smart-Fernseher", "done"),
    ("game", "labels.tech", "TECH", "TECHNIK", "done"),
    ("back", "title", "HACK ATTACK", "HACKERANGRIFF", "done"),
    ("game", "category.passwords.name", "Passwords", "Passwörter", "draft"),
    ("aid-your-turn", "lines.1", "**Acquire** a Tech; refill the row.",
     "**Nimm** eine Technik; fülle die Reihe auf.", "done"),
]  # fmt: skip


def write_sheet(folder: Path, rows, name: str = "de.csv") -> Path:
    path = folder / "translations" / name
    path.parent.mkdir(exist_ok=True)
    with open(path, "w", newline="", encoding="utf-8") as f:
        writer = csv.writer(f, lineterminator="\n")
        writer.writerow(["id", "field", "source", "translation", "status"])
        writer.writerows(rows)
    return path


def declare(folder: Path, languages: str = '["en", "de"]') -> None:
    """Declare `languages` in the copy's game.toml, in place of the shipped ones."""
    game = folder / "game.toml"
    text = re.sub(r"(?m)^languages = .*$", f"languages = {languages}", game.read_text("utf-8"))
    assert f"languages = {languages}" in text
    game.write_text(text, encoding="utf-8")


def translate_rulebook(folder: Path, made_from: str | None = None) -> None:
    source = (folder / "rulebook.md").read_text(encoding="utf-8")
    text = source.replace("# Hack Attack: Defense", "# Hackerangriff: Verteidigung", 1)
    head = f"<!-- source: {made_from or fingerprint(source)} -->\n"
    (folder / "rulebook.de.md").write_text(head + text, encoding="utf-8")


@pytest.fixture
def german(data_copy) -> Path:
    """The hack-attack copy declaring German, with the tiny table and a rulebook."""
    declare(data_copy)
    write_sheet(data_copy, ROWS)
    translate_rulebook(data_copy)
    return data_copy


def pnp(*args: str):
    return CliRunner().invoke(main, list(args), env={"COLUMNS": "200"})


def line_of(path: Path, text: str) -> int:
    return next(n for n, line in enumerate(path.read_text().splitlines(), 1) if text in line)


def test_every_text_has_an_id_and_field_and_each_key_is_unique(german):
    texts = source_texts(german)
    keys = [(t.id, t.field) for t in texts]
    # 255 of the cards, rulebook pictures and credits; 81 words (65 the tool's, 16 kinds')
    assert len(keys) == len(set(keys)) == 336
    assert ("phishing-email", "text") in keys and ("aid-drawn-cards", "lines.7") in keys
    assert ("game", "rulebook.anatomy.0.parts.points") in keys


def test_missing_stale_too_long_and_a_lacking_glyph_each_one_line_at_its_place(german):
    long_word = "Donaudampfschifffahrtsgesellschaftskapitänsmützenabteilungsleiterin"
    sheet = write_sheet(
        german,
        ROWS
        + [
            ("ransomware-infection", "name", "Ransomware Attack", "Erpressungstrojaner", "done"),
            ("phishing-email", "text", "A convincing fake email lures you to a lookalike "
             "login page that captures your password.", f"Eine {long_word} lockt dich.", ""),
            ("credential-stuffing", "name", "Credential Stuffing", "Zugangsdaten漢", "draft"),
        ],
    )  # fmt: skip
    result = pnp("validate", "--game", "hack-attack", "--data", str(german.parent),
                 "--lang", "de", "--card-size", "poker")  # fmt: skip
    assert result.exit_code == 1 and "Traceback" not in result.output
    lines = result.output.splitlines()
    at = "hack-attack/translations/de.csv"
    stale = [x for x in lines if f"{at}, row 8:" in x]
    assert len(stale) == 1 and "stale" in stale[0] and "'Ransomware Infection'" in stale[0]
    fit = [x for x in lines if f"{at}, row 9:" in x]
    assert len(fit) == 1 and "does not fit" in fit[0] and "7.0 pt" in fit[0]
    glyph = [x for x in lines if f"{at}, row 10:" in x]
    assert len(glyph) == 1 and "no glyph for '漢' (U+6F22)" in glyph[0]
    missing = line_of(german / "user_error.toml", 'name = "Open Home Wi-Fi"')
    wanted = f"hack-attack/user_error.toml:{missing}: 'open-home-wifi' 'name' has no de translation"
    assert sum(x.startswith(f"Error: {wanted}") for x in lines) == 1
    assert not any("'phishing-email' 'name'" in x or "'smart-tv' 'name'" in x for x in lines)
    assert sheet.is_file()


def test_a_toml_table_keeps_the_fingerprint_and_a_stale_one_is_named_at_its_line(german):
    (german / "translations" / "de.csv").unlink()
    (german / "translations" / "de.toml").write_text(
        "[[text]]\n"
        'id = "smart-tv"\nfield = "name"\n'
        f'fingerprint = "{fingerprint("Smart TV")}"\ntranslation = "Smart-Fernseher"\n\n'
        "[[text]]\n"
        'id = "laptop"\nfield = "name"\n'
        f'fingerprint = "{fingerprint("Notebook")}"\ntranslation = "Laptop"\n',
        encoding="utf-8",
    )
    rows, problems = read_translations(german, "de")
    assert problems == [] and [r.line for r in rows] == [1, 7]
    from pnp.data.translation_checks import check_language

    found = [str(p) for p in check_language(german, "de") if p.file.name == "de.toml"]
    assert len(found) == 1 and found[0].startswith(f"{german}/translations/de.toml:7: ")
    assert "stale" in found[0]


def test_the_rulebook_stale_or_of_other_blocks_is_named_at_its_line(german):
    from pnp.data.translation_checks import rulebook_problems

    translate_rulebook(german, made_from="0123456789ab")
    assert [(p.line, "stale" in p.message) for p in rulebook_problems(german, "de")] == [(1, True)]
    translate_rulebook(german)
    path = german / "rulebook.de.md"
    path.write_text(path.read_text().replace("\n## Setup\n", "\nSetup\n", 1))
    problems = rulebook_problems(german, "de")
    assert len(problems) == 1 and problems[0].line == line_of(path, "Setup")
    assert "a para where rulebook.md:" in problems[0].message


def test_an_undeclared_language_is_an_error_and_a_bad_code_is_named(german):
    result = pnp("validate", "--game", "hack-attack", "--data", str(german.parent), "--lang", "fr")
    # a usage error (exit 2) naming the game and the languages it is printed in
    assert result.exit_code == 2 and "'fr'" in result.output and "en, de" in result.output
    assert "hack-attack" in result.output
    game = german / "game.toml"
    game.write_text(game.read_text().replace('["en", "de"]', '["en", "Deutsch"]'))
    result = pnp("validate", "--game", "hack-attack", "--data", str(german.parent))
    assert result.exit_code == 1 and "game.toml" in result.output and "'Deutsch'" in result.output


def pdf_text(path: Path) -> str:
    from tests.pdfread import plumbed

    with plumbed(path) as pdf:
        return "\n".join(page.extract_text() or "" for page in pdf.pages)


def card_texts(path: Path) -> list[str]:
    """The text of every card cell on the pages of a default poker, A4, long-edge duplex
    cards.pdf, each as one line (a word broken at its hyphen joined again)."""
    from pnp.layout.imposition import SheetSpec, compute_grid
    from tests.pdfread import plumbed

    grid = compute_grid(SheetSpec())
    found = []
    with plumbed(path) as pdf:
        for page in pdf.pages:  # fronts, then their backs
            for i in range(grid.per_sheet):
                r = grid.trim(*grid.slot(i))
                box = (r.x, page.height - r.y - r.h, r.x + r.w, page.height - r.y)
                text = page.crop(box).extract_text() or ""
                found.append(re.sub(r"\s+", " ", text.replace("-\n", "-")))
    return found


def test_a_built_translated_kit_prints_the_tables_texts(german, tmp_path):
    out = tmp_path / "out"
    result = pnp("build", "--game", "hack-attack", "--data", str(german.parent), "--lang", "de",
                 "--out", str(out))  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "pnp validate --lang de lists them" in result.output  # most texts are untranslated
    kit = out / "hack-attack" / "de"
    cards = card_texts(kit / "cards.pdf")
    bare = [re.sub(r"\s", "", card) for card in cards]  # a bold lead's space is not read back
    for _, _, source, translation, _ in ROWS:
        printed = re.sub(r"\s", "", translation.replace("**", ""))
        assert any(printed in card for card in bare), translation
    assert not any("Phishing Email" in card or "Smart TV" in card for card in cards)
    smart_tv = [c for c in cards if "Smart-Fernseher" in c and "Runs apps" in c]
    assert smart_tv and all(c.startswith("TECHNIK 1 Smart-Fernseher") for c in smart_tv)
    rules = pdf_text(kit / "rules.pdf")
    assert rules.startswith("Hackerangriff: Verteidigung")
    first = re.sub(r"\s+", " ", pdf_text(kit / "print-me-first.pdf"))
    assert f"pnp build --game hack-attack --data {german.parent} --lang de" in first
    assert not (out / "hack-attack" / "cards.pdf").exists()  # the source kit not touched


def test_the_source_language_builds_the_same_bytes(german, tmp_path):
    plain, chosen = tmp_path / "plain", tmp_path / "en"
    for out, more in ((plain, []), (chosen, ["--lang", "en"])):
        result = pnp("build", "--game", "hack-attack", "--data", str(german.parent),
                     "--out", str(out), *more)  # fmt: skip
        assert result.exit_code == 0, result.output
    for name in ("cards.pdf", "rules.pdf", "booklet.pdf", "print-me-first.pdf"):
        assert (plain / "hack-attack" / name).read_bytes() == (
            chosen / "hack-attack" / name
        ).read_bytes()


def test_the_translators_sheet_is_written_and_read_back(german, tmp_path):
    out = tmp_path / "out"
    result = pnp("export-data", "--game", "hack-attack", "--data", str(german.parent),
                 "--lang", "de", "--format", "csv", "--out", str(out))  # fmt: skip
    assert result.exit_code == 0, result.output
    sheet = out / "hack-attack" / "translations" / "de.csv"
    assert sheet.read_bytes().startswith(b"\xef\xbb\xbf")  # a byte-order mark for Excel
    rows = list(csv.reader(sheet.open(encoding="utf-8-sig")))
    assert rows[0] == ["id", "field", "source", "translation", "status"] and len(rows) == 337
    by_key = {(r[0], r[1]): r for r in rows[1:]}
    for row in ROWS:
        assert by_key[row[0], row[1]] == list(row)
    assert by_key["laptop", "name"] == ["laptop", "name", "Laptop", "", ""]
    by_key["laptop", "name"][3] = "Klapprechner"
    with open(sheet, "w", newline="", encoding="utf-8") as f:
        csv.writer(f, lineterminator="\n").writerows([rows[0], *by_key.values()])
    result = pnp("import-translations", "--game", "hack-attack", "--data", str(german.parent),
                 "--lang", "de", str(sheet))  # fmt: skip
    assert result.exit_code == 0, result.output
    read, problems = read_translations(german, "de")
    assert problems == []
    assert {(r.id, r.field): r.translation for r in read if r.translation} == {
        **{(r[0], r[1]): r[3] for r in ROWS},
        ("laptop", "name"): "Klapprechner",
    }


def test_a_sheet_with_a_row_of_no_text_is_refused_at_its_row(german, tmp_path):
    sheet = write_sheet(tmp_path, [*ROWS, ("no-such-card", "name", "X", "Y", "")])
    result = pnp("import-translations", "--game", "hack-attack", "--data", str(german.parent),
                 "--lang", "de", str(sheet))  # fmt: skip
    assert result.exit_code == 1
    assert "de.csv, row 8: 'no-such-card' 'name' translates no text" in result.output


def test_substitute_replaces_each_string_in_its_place_and_keeps_the_lines():
    text = (
        '[[a]]\nid = "x"\nname = "Same"  # a comment "Same"\n'
        'lines = [\n  "Same",\n  "Other \\u00A0 one",\n]\n'
        'text = """two\nlines"""\nafter = 1\n'
    )
    done = substitute(text, [(3, "Same", "Gleich"), (4, "Same", 'Zwei "x"'),
                             (4, "Other \u00a0 one", "Andere"), (8, "two\nlines", "zwei")])  # fmt: skip
    assert done.count("\n") == text.count("\n")
    import tomllib

    assert tomllib.loads(done)["a"][0] == {
        "id": "x", "name": "Gleich", "lines": ['Zwei "x"', "Andere"], "text": "zwei", "after": 1,
    }  # fmt: skip
    assert '# a comment "Same"' in done


def test_the_score_keeper_records_a_card_by_its_translated_name(german, tmp_path, monkeypatch):
    from scorekeeper import cards as shared
    from scorekeeper import languages
    from scorekeeper.cli import main as keeper
    from scorekeeper.games.hack_attack import cards

    monkeypatch.setattr(languages, "_folder", lambda game: str(german))
    monkeypatch.setattr(shared, "_folder", lambda game: german)  # the game's data: the copy
    for cached in (languages._translated, shared.card_data, shared.card_view, cards.deck):
        cached.cache_clear()
    db = tmp_path / "score.sqlite3"
    run = lambda *a: CliRunner().invoke(keeper, ["--db", str(db), *a], env={})  # noqa: E731
    assert run("new", "hack-attack", "Ana", "Ben").exit_code == 0
    result = run("protect", "Ana", "Smart-Fernseher")
    assert result.exit_code == 0, result.output
    status = json.loads(run("status", "--json").output)
    ana = next(p for p in status["players"] if p["name"] == "Ana")
    assert "smart-tv" in json.dumps(ana)
    assert cards.category(cards.deck(), "Passwörter", wild_ok=False) == "passwords"
    for cached in (languages._translated, shared.card_data, shared.card_view, cards.deck):
        cached.cache_clear()


def test_the_page_shows_names_in_the_kits_language(german, monkeypatch):
    from scorekeeper import languages
    from scorekeeper.board import Board

    monkeypatch.setattr(languages, "_folder", lambda game: str(german))
    languages._translated.cache_clear()
    names = languages.name_map("hack-attack", "de")
    assert names["Smart TV"] == "Smart-Fernseher" and names["Passwords"] == "Passwörter"
    board = Board("Hack Attack: Defense — game 1", ("Player",), (), ("Ana: Smart TV, Smart TVs",))
    shown = languages.shown_in(board, names, frozenset({"columns"}))
    assert shown.lines == ("Ana: Smart-Fernseher, Smart TVs",) and shown.columns == ("Player",)
    languages._translated.cache_clear()


def test_the_served_page_shows_the_names_in_the_language_asked(german, tmp_path, monkeypatch):
    testclient = pytest.importorskip("starlette.testclient")
    from scorekeeper import languages
    from scorekeeper.cli import main as keeper
    from scorekeeper.web import keys as table_keys
    from scorekeeper.web.app import Serving, make_app

    monkeypatch.setattr(languages, "_folder", lambda game: str(german))
    languages._translated.cache_clear()
    db = tmp_path / "table.sqlite3"
    for words in (["new", "hack-attack", "Ana", "Ben"], ["protect", "Ana", "smart-tv"]):
        assert CliRunner().invoke(keeper, ["--db", str(db), *words], env={}).exit_code == 0
    keys, _ = table_keys.table_keys(db)
    with testclient.TestClient(make_app(Serving(db, keys, hosts=("testserver",)))) as client:
        source = client.get(f"/t/{keys.write}/").text
        german_page = client.get(f"/t/{keys.write}/?lang=de").text
        refused = client.get(f"/t/{keys.write}/?lang=fr")
    assert "Smart TV" in source and "Smart-Fernseher" not in source
    assert "Smart-Fernseher" in german_page and "Smart TV" not in german_page
    assert 'data-follow="lang=de"' in german_page  # kept for the live updates and links
    assert refused.status_code == 400 and "en, de" in refused.text
    languages._translated.cache_clear()


def test_the_languages_complete_after_lang(german):
    from click.shell_completion import ShellComplete

    completer = ShellComplete(main, {}, "pnp", "_PNP_COMPLETE")
    words = ["build", "--game", "hack-attack", "--data", str(german.parent), "--lang"]
    assert [c.value for c in completer.get_completions(words, "")] == ["en", "de", "all"]
    assert [c.value for c in completer.get_completions(["validate", "--lang"], "a")] == ["all"]


def test_card_tables_in_csv_files_are_translated_in_their_cells(tmp_path):
    from tests.test_export_data import _rebuilt

    _, data, tables = _rebuilt("hack-attack", tmp_path)
    folder = data / "hack-attack"
    assert {"tech", "aid"} <= set(tables) and not (folder / "tech.toml").exists()
    declare(folder)
    texts = {(t.id, t.field): t for t in source_texts(folder)}
    assert len(texts) == 336
    smart_tv, line = texts["smart-tv", "name"], texts["aid-your-turn", "lines.1"]
    assert (smart_tv.file.name, line.file.name) == ("tech.csv", "aid.csv")
    assert smart_tv.line == 1 + next(
        n
        for n, row in enumerate(csv.DictReader(smart_tv.file.open(encoding="utf-8-sig")), 1)
        if row["id"] == "smart-tv"
    )
    write_sheet(folder, ROWS)
    translate_rulebook(folder)
    out = tmp_path / "out"
    result = pnp("build", "--game", "hack-attack", "--data", str(data), "--lang", "de",
                 "--out", str(out))  # fmt: skip
    assert result.exit_code == 0, result.output
    bare = [re.sub(r"\s", "", c) for c in card_texts(out / "hack-attack" / "de" / "cards.pdf")]
    for _, _, _, translation, _ in ROWS:
        assert any(re.sub(r"\s", "", translation.replace("**", "")) in c for c in bare)


CREDITS = [
    ("game", "credits.title", "Credits", "Mitwirkende", "done"),
    ("game", "credits.pictures",
     "Card pictures: {authors}, {collection} ({url}), {licence} ({licence_url}).",
     "Kartenbilder: {authors}, {collection} ({url}), {licence} ({licence_url}).", "done"),
    ("game", "credits.and", "and", "und", "done"),
]  # fmt: skip


def test_the_credits_are_translated_and_keep_every_name_cc_by_asks_for(german, tmp_path):
    write_sheet(german, ROWS + CREDITS)
    out = tmp_path / "out"
    result = pnp("build", "--game", "hack-attack", "--data", str(german.parent), "--lang", "de",
                 "--out", str(out))  # fmt: skip
    assert result.exit_code == 0, result.output
    rules = re.sub(r"\s+", " ", pdf_text(out / "hack-attack" / "de" / "rules.pdf"))
    assert "Mitwirkende Kartenbilder: Caro Asercion, " in rules and "Sbed und Skoll" in rules
    assert "game-icons.net (https://game-icons.net), CC BY 3.0" in rules
    assert "Card pictures" not in rules
    bad = CREDITS[1][:3] + ("Kartenbilder: {authors}, {collection}.", "done")
    write_sheet(german, ROWS + [CREDITS[0], bad])
    result = pnp("validate", "--game", "hack-attack", "--data", str(german.parent),
                 "--lang", "de", "--card-size", "poker")  # fmt: skip
    assert result.exit_code == 1
    found = [x for x in result.output.splitlines() if "{url} once" in x]
    assert len(found) == 1 and "hack-attack/translations/de.csv, row 9" in found[0], found


def test_the_shipped_german_kit_prints_its_sheet(tmp_path):
    """Hack Attack: Defense in German, as shipped: every text of its translation sheet a
    card prints (names, texts, descriptions, how-tos, the aids' lines, the faces' labels,
    the categories, the back's title) is in the built cards.pdf as the sheet has it,
    and no English card name is."""
    import re

    import pypdfium2 as pdfium

    from pnp.build import BuildOptions
    from pnp.build_lang import build_language
    from pnp.core.paths import SHIPPED_DATA_DIR

    build_language(BuildOptions("hack-attack", out_dir=tmp_path), "de")
    pdf = pdfium.PdfDocument(tmp_path / "hack-attack" / "de" / "cards.pdf")
    try:
        text = "".join(page.get_textpage().get_text_range() for page in pdf)
    finally:
        pdf.close()

    def bare(words: str) -> str:  # pdfium reads a hyphen that ends a line as U+FFFE
        return "".join(words.split()).replace("\ufffe", "").replace("-", "")

    def shown(markup: str) -> str:  # an aid's "# " heading, **bold**, :icon: names
        return re.sub(r"^# |\*\*|:[a-z-]+: ?", "", markup)

    printed = bare(text)
    sheet = SHIPPED_DATA_DIR / "hack-attack" / "translations" / "de.csv"
    with open(sheet, encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f))
    on_cards = [
        r
        for r in rows
        if r["id"] not in ("game", "back")
        or r["field"].startswith(("labels.", "category."))
        or (r["id"], r["field"]) == ("back", "title")
    ]
    assert len(on_cards) > 200
    for row in on_cards:
        assert bare(shown(row["translation"])) in printed, row
    names = [r for r in on_cards if r["field"] == "name" and r["id"] != "game"]
    changed = [r for r in names if bare(r["translation"]) != bare(r["source"])]
    assert len(changed) > 60
    assert not [r["source"] for r in changed if bare(r["source"]) in printed]
