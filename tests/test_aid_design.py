"""Player aids designed as aids (issue 28, item 5), read back from the built PDFs of every
shipped game: at most 10 lines per aid card, every step numbered 1..n through its phase
and led by a bold word, wrapped lines under the step's text, no paragraph ending on a
one-word line, a gap before each phase; an aid too long for one card splits over two;
the Hack Back tracker's WIN/OUT sized with its numbers and its board filling the page."""

from __future__ import annotations

import functools
import re
from collections import defaultdict

import pdfplumber
import pytest
from click.testing import CliRunner

from pnp.cli import main
from pnp.core.sizes import PAPER_MM
from pnp.core.units import mm_to_pt
from pnp.fonts import REGULAR, register_all
from pnp.layout.text import text_width, wrap
from tests.datafiles import edit_data
from tests.pdfread import plumbed

GAMES = ["hack-attack", "hack-back", "not-a-hack"]
CARD_W, CARD_H = mm_to_pt(63.5), mm_to_pt(88.9)
NUMBER = re.compile(r"^(\d+)\.$")


@pytest.fixture(scope="session")
def kits(kit):
    """Each game's default kit folder (built once per session)."""
    return {game: kit(game).paths[0].parent for game in GAMES}


@functools.cache  # each file read once: two tests check every game's aids
def _aid_cards(pdf_path) -> list[list[dict]]:
    """Every aid card on the front pages, as its body's lines (top down): each line the
    list of its words (pdfplumber words with `fontname`, `x0`, `top`, `size`)."""
    cards = []
    with plumbed(pdf_path) as pdf:
        for page in pdf.pages[0::2]:
            words = page.extract_words(extra_attrs=["fontname", "size"], x_tolerance=1.5)
            captions = [
                (w, words[i + 1])
                for i, w in enumerate(words[:-1])
                if w["text"] == "PLAYER" and words[i + 1]["text"] == "AID"
            ]
            for cap, aid in captions:
                centre = (cap["x0"] + aid["x1"]) / 2
                top = cap["top"] - mm_to_pt(3.2)
                body_top = top + mm_to_pt(20.0)  # under the rule at 19.5 mm
                inside = [
                    w
                    for w in words
                    if abs((w["x0"] + w["x1"]) / 2 - centre) < CARD_W / 2
                    and body_top < w["top"] < top + CARD_H
                ]
                rows: dict[float, list[dict]] = defaultdict(list)
                for w in inside:
                    rows[round(w["bottom"], 0)].append(w)
                cards.append([sorted(rows[k], key=lambda w: w["x0"]) for k in sorted(rows)])
    return cards


def _parsed(card: list[list[dict]]):
    """The card's lines as (kind, words): "heading", "step" (starts with its number) or
    "more" (a wrapped line of the step above). A heading starts at the card's left, or
    is bold after an inline icon that starts it (":attack: Attack (no action)")."""
    left = min(line[0]["x0"] for line in card)
    out = []
    for line in card:
        first = line[0]
        if NUMBER.match(first["text"]):
            out.append(("step", line))
        elif first["x0"] - left < 1.0 or first["fontname"].endswith("Bold"):
            out.append(("heading", line))
        else:
            out.append(("more", line))
    return out


@pytest.mark.parametrize("game", GAMES)
def test_every_aid_reads_at_a_glance(kits, game):
    cards = _aid_cards(kits[game] / "cards.pdf")
    assert len(cards) >= 2
    for card in cards:
        assert 2 <= len(card) <= 10, [" ".join(w["text"] for w in line) for line in card]
        lines = _parsed(card)
        assert lines[0][0] in ("heading", "step")
        numbers: list[int] = []
        step_x = None
        paragraph: list[list[dict]] = []
        for kind, words in [*lines, ("heading", None)]:
            if kind != "more" and paragraph:  # a step's paragraph ends
                if len(paragraph) > 1:
                    assert len(paragraph[-1]) >= 2, [w["text"] for w in paragraph[-1]]
                paragraph = []
            if words is None:
                break
            if kind == "heading":
                assert all("Bold" in w["fontname"] for w in words)
                numbers = []
            elif kind == "step":
                numbers.append(int(NUMBER.match(words[0]["text"]).group(1)))
                assert numbers == list(range(1, len(numbers) + 1))
                assert "Bold" in words[0]["fontname"] and "Bold" in words[1]["fontname"]
                assert step_x is None or abs(words[1]["x0"] - step_x) < 0.5
                step_x = words[1]["x0"]
                paragraph = [words]
            else:  # wrapped: under the step's text, not under its number
                assert paragraph, "a wrapped line with no step above it"
                assert abs(words[0]["x0"] - step_x) < 0.5
                assert "Bold" not in words[0]["fontname"]
                paragraph.append(words)


@pytest.mark.parametrize("game", GAMES)
def test_phases_stand_apart(kits, game):
    """The gap before a phase heading is at least half a size more than the distance of
    two lines within one step."""
    for card in _aid_cards(kits[game] / "cards.pdf"):
        lines = _parsed(card)
        tops = [words[0]["top"] for _, words in lines]
        size = lines[0][1][0]["size"]
        leading = [
            tops[i + 1] - tops[i] for i in range(len(lines) - 1) if lines[i + 1][0] == "more"
        ]
        headings = [i for i, (kind, _) in enumerate(lines) if kind == "heading" and i > 0]
        within = min(leading, default=size * 1.18)
        for i in headings:
            gap = tops[i] - tops[i - 1]
            assert gap >= within + 0.5 * size, (game, gap, within)
        assert any(headings) or len(lines) < 4


@pytest.fixture(autouse=True)
def _fonts():
    register_all()  # text_width measures in the kit's fonts, whichever test runs first


def test_the_fitter_lifts_a_stranded_word_only_when_asked():
    text = "Discard down to four Defense cards at the end of your turn, face up on the row."
    width = text_width(
        "Discard down to four Defense cards at the end of your turn, face", REGULAR, 8
    )
    plain = wrap(text, REGULAR, 8, width + 1)
    assert plain is not None and len(plain[-1].split()) == 4  # this one needs no help
    for cut in range(20, 80, 3):
        width = text_width(text[:cut], REGULAR, 8) + 0.5
        before = wrap(text, REGULAR, 8, width)
        after = wrap(text, REGULAR, 8, width, last_words=2)
        assert before is not None and after is not None
        assert " ".join(before) == " ".join(after)  # the same words, in the same order
        if len(after) > 1:
            assert len(after[-1].split()) >= 2
            assert all(text_width(line, REGULAR, 8) <= width for line in after)
        if len(before[-1].split()) >= 2:
            assert after == before


def test_the_lead_takes_room_on_the_first_line_only():
    width = text_width("x" * 30, REGULAR, 8)
    lines = wrap("one two three four five six seven eight", REGULAR, 8, width, indent=width)
    assert lines is not None and lines[0] == ""  # the lead fills the first line
    assert wrap("one two", REGULAR, 8, width, indent=width - 1) == ("", "one two")


def test_a_long_aid_splits_over_two_cards(data_copy, tmp_path):
    steps = ", ".join(
        f'"**Step {k}** take the card in front of you and put it on the pile to your left side."'
        for k in range(1, 9)
    )
    text = (data_copy / "aids.toml").read_text(encoding="utf-8")
    start = text.index("lines = [", text.index('id = "aid-your-turn"'))
    end = text.index("]", start)
    (data_copy / "aids.toml").write_text(
        text[:start] + f'lines = ["# One long phase", {steps}' + text[end:], encoding="utf-8"
    )
    out = tmp_path / "out"
    result = CliRunner().invoke(
        main, ["build", "--game", "hack-attack", "--data", str(data_copy.parent), "--out", str(out)]
    )
    assert result.exit_code == 0, result.output
    assert "18 Player aid" in result.output.splitlines()[0]  # three aid cards a player
    with pdfplumber.open(out / "hack-attack" / "cards.pdf") as pdf:
        text = " ".join(p.extract_text() for p in pdf.pages)
    assert "Your turn (1/2)" in text and "Your turn (2/2)" in text
    cards = _aid_cards(out / "hack-attack" / "cards.pdf")
    firsts = sorted({int(line[0]["text"][:-1]) for card in cards for line in card[1:2]})
    assert firsts[0] == 1 and firsts[1] > 1  # the second card numbers on
    for card in cards:
        assert len(card) <= 10


@pytest.mark.parametrize(
    "old, new, message",
    [
        (
            '"**Discard** down to 4 Defense cards."',
            f'"**{"W" * 40}** down to 4."',
            "card 'aid-your-turn', field 'lines': text does not fit its box: a lead or word "
            "is wider than",
        ),
        (
            '"**Discard** down to 4 Defense cards."',
            '"1. Discard down to 4 Defense cards."',
            "line 7 starts with its own number '1.'; steps are numbered when printed",
        ),
        (
            '"**Discard** down to 4 Defense cards."',
            '"**Discard down to 4 Defense cards."',
            "line 7: a * opens or closes nothing: write **bold** or *italic* in pairs",
        ),
        ('"# End of turn",', '"# End of turn", "# Again",', "line 6 is a heading with no step"),
    ],
)
def test_what_an_aid_cannot_print_is_named(data_copy, old, new, message):
    edit_data(data_copy / "aids.toml", old, new)
    result = CliRunner().invoke(
        main, ["validate", "--game", "hack-attack", "--data", str(data_copy.parent)]
    )
    assert result.exit_code == 1
    assert "aids.toml:" in result.output and message in result.output, result.output


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_tracker_labels_read_with_its_numbers_and_its_board_fills_the_page(tmp_path, paper):
    result = CliRunner().invoke(
        main, ["build", "--game", "hack-back", "--paper", paper, "--out", str(tmp_path)]
    )
    assert result.exit_code == 0, result.output
    with pdfplumber.open(tmp_path / "hack-back" / "tracker.pdf") as pdf:
        page = pdf.pages[0]
        words = page.extract_words(extra_attrs=["size"])
        rects = page.rects
    numbers = [w["size"] for w in words if w["text"].lstrip("\u2212").isdigit()]
    labels = {w["text"]: w["size"] for w in words if w["text"] in ("WIN", "OUT")}
    assert set(labels) == {"WIN", "OUT"}
    assert min(labels.values()) >= 0.6 * max(numbers)
    board_bottom = max(r["bottom"] for r in rects)  # pdfplumber's y runs down the page
    notes_bottom = max(w["bottom"] for w in words)
    page_h = mm_to_pt(PAPER_MM[paper][1])
    assert page_h - notes_bottom < mm_to_pt(18)  # no empty band under the notes
    assert notes_bottom - board_bottom < mm_to_pt(14)
