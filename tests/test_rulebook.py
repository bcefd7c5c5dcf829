"""The rulebook: markup parsing and escaping, generated contents, saddle-stitch order."""

from __future__ import annotations

import pdfplumber
from hypothesis import given
from hypothesis import strategies as st

from pnp.data.rulebook import parse_rulebook
from pnp.render.booklet import saddle_stitch_order
from pnp.render.rulebook import inline_markup


def test_parse_blocks_and_lines():
    blocks = parse_rulebook(
        "# Title\n\nIntro line\ncontinues.\n\n## Setup\n1. One\n2. Two\n- Dot\n"
    )
    assert [(b.kind, b.text, b.line) for b in blocks] == [
        ("title", "Title", 1),
        ("para", "Intro line continues.", 3),
        ("h2", "Setup", 6),
        ("number", "One", 7),
        ("number", "Two", 8),
        ("bullet", "Dot", 9),
    ]


def test_user_text_is_escaped_before_markup():
    assert inline_markup("Tom & <Jerry> **bold**") == "Tom &amp; &lt;Jerry&gt; <b>bold</b>"


def test_saddle_stitch_order_for_eight_pages():
    assert saddle_stitch_order(8) == [(7, 0), (1, 6), (5, 2), (3, 4)]


def test_saddle_stitch_pads_with_blanks():
    assert saddle_stitch_order(6) == [(None, 0), (1, None), (5, 2), (3, 4)]


@given(st.integers(1, 64))
def test_every_page_printed_once_and_facing_pages_sum_right(n):
    sides = saddle_stitch_order(n)
    total = len(sides) * 2
    assert total % 4 == 0 and total - n < 4
    printed = [p for side in sides for p in side if p is not None]
    assert sorted(printed) == list(range(n))
    for left, right in sides:  # a printed side always holds pages k and total-1-k
        pair = [p for p in (left, right) if p is not None]
        if len(pair) == 2:
            assert sum(pair) == total - 1


def test_rules_pdf_has_every_section_the_kit_and_clarifications(built):
    report = built("a4")
    with pdfplumber.open(report.paths[1]) as pdf:
        text = "\n".join(page.extract_text() or "" for page in pdf.pages)
    for heading in (
        "Overview",
        "What’s in the kit",
        "Setup",
        "Your turn",
        "The cards",
        "Attacks step by step",
        "End of the game and scoring",
        "Variants",
        "Clarifications",
    ):
        assert heading in text, heading
    assert "Cards in all 143" in text
    assert "Hack Attack: Defense · 1" in text
