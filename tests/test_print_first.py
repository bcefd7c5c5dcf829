"""The kit's print-me-first page (issue 44, item 3; pnp.print_first): its ruler is 100 mm
read back from the PDF, its decks, card counts, sheets and pages are those of the
cards.pdf written beside it, and the `pnp build` line it prints makes the same kit."""

from __future__ import annotations

import dataclasses
import re
import shlex

import pytest
from click.testing import CliRunner

from pnp.build import BuildOptions
from pnp.build_line import NOT_IN_THE_KIT, OPTIONS, build_line, build_words
from pnp.cli import main
from pnp.cli.build import build as build_command
from pnp.layout.first_page import FIRST_PAGE, DeckRow, FirstPage, KitFile
from pnp.layout.imposition import SheetSpec
from tests.pdfread import plumbed

MM = 72 / 25.4
ROW = re.compile(r"^(.+?) (\d+) (\d+)(?:–(\d+))? (\d+)(?:–(\d+))?$")


def _page_text(path) -> str:
    with plumbed(path) as pdf:
        return "\n".join(page.extract_text() for page in pdf.pages)


def _ruler(page) -> tuple[dict, list[float]]:
    """The ruler's edge and the x of each tick hanging from it (pt): the horizontal line
    with a vertical tick at each of its ends and more between."""
    for edge in page.lines:
        if abs(edge["top"] - edge["bottom"]) > 0.01:
            continue
        ticks = sorted(
            t["x0"]
            for t in page.lines
            if abs(t["x0"] - t["x1"]) < 0.01
            and abs(t["top"] - edge["top"]) < 0.01
            and edge["x0"] - 0.01 <= t["x0"] <= edge["x1"] + 0.01
        )
        if len(ticks) > 10:
            return edge, ticks
    raise AssertionError("no ruler on the page")


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_ruler_is_100_mm_long_with_a_tick_every_mm(built, paper):
    with plumbed(built(paper).paths[0].parent / FIRST_PAGE) as pdf:
        page = pdf.pages[0]
        edge, ticks = _ruler(page)
    assert (edge["x1"] - edge["x0"]) / MM == pytest.approx(100, abs=0.01)
    assert len(ticks) == 101
    for mm, x in enumerate(ticks):
        assert (x - edge["x0"]) / MM == pytest.approx(mm, abs=0.01)
    assert "exactly 100 mm long" in page.extract_text()


def _deck_rows(path) -> dict[str, tuple[int, tuple[int, int], tuple[int, int]]]:
    rows = {}
    for line in _page_text(path).splitlines():
        found = ROW.match(line)
        if found:
            label, cards, s0, s1, p0, p1 = found.groups()
            rows[label] = (int(cards), (int(s0), int(s1 or s0)), (int(p0), int(p1 or p0)))
    return rows


def test_decks_cards_and_sheets_are_those_of_cards_pdf(kit):
    """Hack Back's backs name their deck: each deck's sheets are the back pages that
    print its name, and its cards the names printed there."""
    report = kit("hack-back")
    rows = _deck_rows(report.paths[0].parent / FIRST_PAGE)
    names = {label: label for label in report.counts} | {"Player aids": "PLAYER AID"}
    assert list(rows) == [*report.counts, "All cards"]
    with plumbed(report.paths[0]) as pdf:
        backs = [page.extract_text() for page in pdf.pages[1::2]]
    assert len(backs) == report.sheets
    for label, (cards, sheets, pages) in rows.items():
        if label == "All cards":
            assert (cards, sheets, pages) == (sum(report.counts.values()), (1, 21), (1, 42))
            continue
        on = {n: back.count(names[label]) for n, back in enumerate(backs, 1)}
        on = {n: k for n, k in on.items() if k}
        assert cards == report.counts[label] == sum(on.values()), label
        assert sheets == (min(on), max(on)), label
        assert pages == (2 * min(on) - 1, 2 * max(on)), label


def test_a_kit_printed_one_sided_says_so_and_counts_one_page_a_sheet(built):
    report = built("a4", "none")  # shared with tests/test_cards_pdf.py
    path = report.paths[0].parent / FIRST_PAGE
    text = _page_text(path)
    assert "One-sided: cards.pdf holds the fronts only" in text
    assert "flip on the long edge" not in text
    rows = _deck_rows(path)
    assert rows["All cards"] == (155, (1, report.sheets), (1, report.sheets))
    assert rows["Cards"] == (143, (1, 16), (1, 16))
    assert rows["Player aids"] == (12, (16, 18), (16, 18))


def test_every_file_the_build_wrote_is_on_the_page_with_its_pages(kit):
    report = kit("hack-back")
    text = " ".join(_page_text(report.paths[0].parent / FIRST_PAGE).split())
    for path in report.paths:
        assert f"{path.name} — " in text, path.name
    assert f"{report.pages['cards.pdf']} pages" in text
    assert f"the rulebook, {report.pages['rules.pdf']} pages of A5 (148 × 210 mm)" in text
    assert f"VC tracker and Hero markers, {report.pages['tracker.pdf']} pages" in text
    assert "two-sided, flip on the short edge" in text  # the booklet


def _command_on(path) -> list[str]:
    text = _page_text(path)
    shown = text.split("5. To make this kit again", 1)[1].split("Run it in a terminal", 1)[0]
    return shlex.split(" ".join(shown.split()))


def test_the_command_on_the_page_makes_the_same_kit(built, tmp_path):
    report = built("letter")
    words = _command_on(report.paths[0].parent / FIRST_PAGE)
    assert words == ["pnp", "build", "--game", "hack-attack", "--paper", "letter"]
    result = CliRunner().invoke(main, [*words[1:], "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    for path in report.paths:
        assert (tmp_path / "hack-attack" / path.name).read_bytes() == path.read_bytes(), path


def _options_from(words: list[str], monkeypatch) -> BuildOptions:
    """The BuildOptions `pnp build` makes of `words` (its build() is not run)."""
    seen = []

    def build(options):
        seen.append(options)
        raise KeyboardInterrupt  # stops the command before it prints

    monkeypatch.setattr("pnp.build.build", build)
    CliRunner().invoke(main, words[1:])
    assert len(seen) == 1, words
    return seen[0]


VARIANTS = [
    BuildOptions("hack-attack"),
    BuildOptions(
        "hack-back",
        SheetSpec(
            paper="letter",
            bleed_mm=2.5,
            gutter_mm=0.1 + 0.2,
            margin_mm=7,
            duplex="short",
            back_offset_mm=(-1.25, 0.5),
            crop_marks=False,
            deck_sheets=True,
            corners_mm=0.0,
        ),
        card_size="bridge",
        deck_format="shared",
        players=4,
        ink_saver=True,
        max_dpi=300.0,
        cards=("red-*", "patch tuesday"),
    ),
    BuildOptions("not-a-hack", SheetSpec(layout="gutterfold", duplex="none", corners_mm=2.5)),
]


@pytest.mark.parametrize("options", VARIANTS, ids=["defaults", "every-option", "gutterfold"])
def test_the_line_read_by_pnp_build_gives_back_the_same_options(options, monkeypatch, tmp_path):
    words = shlex.split(build_line(options))
    assert words == build_words(options)
    again = _options_from(words, monkeypatch)
    out = dataclasses.replace(options, out_dir=again.out_dir)
    assert again == out


def test_a_data_folder_is_on_the_line_quoted(monkeypatch, tmp_path):
    data = tmp_path / "my games"
    options = BuildOptions("moon-base", data_dir=data)
    assert build_line(options) == f"pnp build --game moon-base --data '{data}'"
    assert _options_from(shlex.split(build_line(options)), monkeypatch).data_dir == data


def test_every_option_of_pnp_build_is_on_the_line_or_says_where_the_kit_goes():
    names = {p.name for p in build_command.params if p.name != "help"}
    assert names == {name for name, *_ in OPTIONS} | set(NOT_IN_THE_KIT)


def test_characters_the_font_lacks_print_as_question_marks(tmp_path):
    from pnp.render.print_first import render_first_page

    page = FirstPage(
        "Moon Base",
        "a4",
        ("Scale: 100 %",),
        (KitFile("cards.pdf", "3 cards", "one-sided"),),
        "9 cards a sheet",
        (DeckRow("Cards", "", 3, (1, 1), (1, 1)),),
        "pnp build --game moon-base --data /tmp/月面/" + "x" * 300,
    )
    path = tmp_path / FIRST_PAGE
    assert render_first_page(path, page) == 1
    command = " ".join(_command_on(path))
    assert "/tmp/??/" in command and "月" not in command
    assert command.replace(" ", "").endswith("x" * 300)  # broken over lines, all there


@pytest.mark.parametrize(
    ("duplex", "said"),
    [
        ("long", "Two-sided for cards.pdf: flip on the long edge"),
        ("short", "Two-sided for cards.pdf: flip on the short edge"),
        ("none", "One-sided: cards.pdf holds the fronts only"),
    ],
)
def test_the_flip_edge_is_the_builds_duplex(duplex, said):
    from pnp.print_first import settings

    assert any(line.startswith(said) for line in settings(SheetSpec(duplex=duplex)))


def test_a_fold_and_glue_kit_counts_its_sheets_as_cards_pdf_prints_them(kit):
    """One page a sheet: each deck's sheets are the pages that print its backs' name, and
    the cards are the backs printed; the line says gutterfold, never the duplex it
    implies."""
    report = kit("hack-back", SheetSpec(layout="gutterfold", duplex="none"), players=2)
    path = report.paths[0].parent / FIRST_PAGE
    text = " ".join(_page_text(path).split())
    assert "every front beside its back across the dashed fold line" in text
    assert "fold each sheet along its dashed line" in text and "Two-sided for" not in text
    rows = _deck_rows(path)
    with plumbed(report.paths[0]) as pdf:
        pages = [page.extract_text() for page in pdf.pages]
    assert len(pages) == report.sheets
    names = {label: label for label in report.counts} | {"Player aids": "PLAYER AID"}
    for label, count in report.counts.items():
        on = {n: k for n, page in enumerate(pages, 1) if (k := page.count(names[label]))}
        assert rows[label] == (count, (min(on), max(on)), (min(on), max(on))), label
    backs = [page.count("HACK BACK") for page in pages]  # every back prints the title
    assert sum(backs) == rows["All cards"][0] == sum(report.counts.values())
    assert _command_on(path) == [
        "pnp",
        "build",
        "--game",
        "hack-back",
        "--layout",
        "gutterfold",
        "--players",
        "2",
    ]
