"""Rich card text (issue 43 item 1): one markup (pnp.data.markup) for every printed text
— **bold**, *italic*, line breaks and inline :icon: — fitted run by run, drawn in the
line at the text's size and colour, and refused at its file:line when it cannot print."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pytest
from click.testing import CliRunner
from hypothesis import example, given, settings
from hypothesis import strategies as st

from pnp.cli import main
from pnp.data.markup import (
    BOLD,
    ITALIC,
    REGULAR,
    MarkupError,
    Span,
    decoded,
    encoded,
    has_markup,
    problem,
    spans,
)
from pnp.fonts import BOLD as BOLD_FONT
from pnp.fonts import REGULAR as REGULAR_FONT
from pnp.fonts import font as registered
from pnp.layout.rich import runs
from pnp.layout.text import fit_text, wrap
from tests.datafiles import edit_data

QUICK = "Draw two cards, then put one of them back on top of the deck."
RICH = "**Draw** two :card: cards, then put *one* of them back on top of the deck."


def test_the_markup_is_read_into_runs():
    assert spans("**Plant** a *Tech* card :shield:\nnext") == (
        Span("Plant", BOLD),
        Span(" a ", REGULAR),
        Span("Tech", ITALIC),
        Span(" card ", REGULAR),
        Span("", REGULAR, "shield"),
        Span("\n"),
        Span("next"),
    )
    # underscores are Not a Hack's blanks, never markup; a lone star between spaces and
    # an escaped one print as stars; colons around no name are words
    assert spans("I ____ the _big_ ____.") == (Span("I ____ the _big_ ____."),)
    assert spans(r"5 * 3 \*and\* 10:30: a") == (Span("5 * 3 *and* 10:30: a"),)
    assert spans(r"write \:card\: here") == (Span("write :card: here"),)


@pytest.mark.parametrize(
    "text, said",
    [
        ("**Plant a card", "a * opens or closes nothing"),
        ("Plant* a card", "a * opens or closes nothing"),
        ("***Plant***", "bold and italic at once"),
    ],
)
def test_markup_that_cannot_print_is_named(text, said):
    with pytest.raises(MarkupError, match=said.replace("*", r"\*")):
        spans(text)
    assert said in (problem(text) or "")


def test_an_unknown_icon_is_named_with_the_nearest_known_ones():
    said = problem("Protect a :sheild: card", {"shield", "shields", "card"})
    assert said is not None and said.startswith("no inline icon called :sheild:")
    assert "did you mean :shield:, :shields:?" in said and "known: card, shield, shields" in said
    assert problem("Protect a :shield: card", {"shield"}) is None


_PLAIN = st.text(
    alphabet=st.characters(
        blacklist_categories=("Cs", "Co", "Cc"), blacklist_characters="*\\:\u00ad\u200b"
    ),
    max_size=80,
)


@settings(max_examples=200, deadline=None)
@given(_PLAIN)
def test_text_without_markup_is_laid_out_exactly_as_before(text):
    """Without a star, a backslash or a colon a text is not markup: it is encoded as
    itself, so it wraps, fits and prints as it did before markup existed."""
    assert not has_markup(text)
    assert encoded(text) == text
    assert spans(text) == ((Span(text),) if text else ())


_WORD = st.text(alphabet="abcdefghijklmnopqrstuvwxyzABC", min_size=1, max_size=12)


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.tuples(_WORD, st.sampled_from(["", "**", "*", ":card:"])), min_size=1, max_size=14),
    st.floats(min_value=40, max_value=200),
)
def test_rich_text_wraps_every_word_once_in_its_order(words, width):
    """Words marked bold or italic and icons between them: wrapped at any width, the
    lines print every word once, in order, and every icon where it was."""
    source = " ".join(
        f"{m}{w}{m}" if m in ("**", "*") else f"{w} {m}" if m else w for w, m in words
    )
    lines = wrap(encoded(source), registered(REGULAR_FONT), 9.0, width)
    if lines is None:  # a word wider than the width
        return
    printed = " ".join(decoded(line) for line in lines).split()
    expected = [w for w, m in words for w in ((w, m) if m == ":card:" else (w,))]
    assert printed == expected


def test_a_bold_word_broken_at_a_soft_hyphen_stays_bold_on_the_next_line():
    fitted = fit_text(encoded("**Pass\u00adword-manager**"), REGULAR_FONT, 72, 100, 9, 9)
    assert [decoded(line) for line in fitted.lines] == ["Pass-", "word-manager"]
    fonts = {run.font for line in fitted.lines for run in runs(line, REGULAR_FONT, 9)}
    assert fonts == {BOLD_FONT}


# --- A game's cards, built and read back ---------------------------------------------


@pytest.fixture
def game(tmp_path) -> Path:
    """A data-only game (pnp new) whose first card's text is RICH."""
    result = CliRunner().invoke(main, ["new", "mygame", "--dir", str(tmp_path)])
    assert result.exit_code == 0, result.output
    edit_data(tmp_path / "mygame" / "cards.toml", f'text = "{QUICK}"', f'text = "{RICH}"')
    return tmp_path


def _words(page) -> list[dict]:
    return page.extract_words(extra_attrs=["fontname", "size"], keep_blank_chars=False)


def test_bold_italic_and_an_icon_print_in_their_line(game, tmp_path):
    out = tmp_path / "out"
    result = CliRunner().invoke(
        main, ["build", "--game", "mygame", "--data", str(game), "--out", str(out)]
    )
    assert result.exit_code == 0, result.output
    with pdfplumber.open(out / "mygame" / "cards.pdf") as pdf:
        page = pdf.pages[0]
        words = _words(page)
        draw = next(w for w in words if w["text"] == "Draw")
        line = [
            w for w in words if abs(w["bottom"] - draw["bottom"]) < 0.5 and w["x0"] >= draw["x0"]
        ]
        line = [w for w in line if w["x0"] - draw["x0"] < 200]
        by_text = {w["text"]: w for w in line}
        assert draw["fontname"].endswith("HackPack-Bold") or "Bold" in draw["fontname"]
        assert "Oblique" in by_text["one"]["fontname"] or "Italic" in by_text["one"]["fontname"]
        two, cards = by_text["two"], by_text["cards,"]
        assert "Bold" not in two["fontname"] and "Oblique" not in two["fontname"]
        assert two["size"] == pytest.approx(draw["size"]) == pytest.approx(by_text["one"]["size"])
        # the card glyph's outline is drawn in the room between "two" and "cards,"
        gap = [
            o
            for o in (*page.rects, *page.curves)
            if o["x0"] >= two["x1"] - 0.1
            and o["x1"] <= cards["x0"] + 0.1
            and o["top"] >= draw["top"] - 2
            and o["bottom"] <= draw["bottom"] + 2
        ]
        assert gap, "no icon drawn between 'two' and 'cards,'"
        room = cards["x0"] - two["x1"]
        assert room > 1.2 * two["size"]  # the icon's advance plus the two spaces


@pytest.mark.parametrize(
    "new, said",
    [
        ("Swap **one of your treasures.", "its markup: a * opens or closes nothing"),
        ("Swap one :nope: of your treasures.", "its markup: no inline icon called :nope:"),
    ],
)
def test_markup_that_cannot_print_is_refused_at_its_line(game, new, said):
    old = "Swap one of your treasures with a treasure of another player."
    line = edit_data(game / "mygame" / "cards.toml", f'text = "{old}"', f'text = "{new}"')
    result = CliRunner().invoke(main, ["validate", "--game", "mygame", "--data", str(game)])
    assert result.exit_code == 1, result.output
    assert f"mygame/cards.toml:{line}: card 'fair-trade', field 'text': {said}" in result.output
    assert "Traceback" not in result.output


def test_an_aid_names_an_unknown_icon_at_its_file(game):
    aids = game / "mygame" / "aids.toml"
    edit_data(aids, '"**Draw** the top card', '"**Draw** :nope: the top card')
    result = CliRunner().invoke(main, ["validate", "--game", "mygame", "--data", str(game)])
    assert result.exit_code == 1, result.output
    assert "mygame/aids.toml:" in result.output
    assert "no inline icon called :nope:" in result.output
    edit_data(aids, '"**Draw** :nope: the top card', '"**Draw** :card: the *top* card')
    result = CliRunner().invoke(main, ["validate", "--game", "mygame", "--data", str(game)])
    assert result.exit_code == 0, result.output


def test_the_rulebook_reads_the_same_markup(game, tmp_path):
    rulebook = game / "mygame" / "rulebook.md"
    text = rulebook.read_text(encoding="utf-8")
    paragraph = next(p for p in text.split("\n\n") if p and not p.startswith(("#", "-", "1.")))
    first_word = paragraph.split()[0]
    rulebook.write_text(
        text.replace(paragraph, f"*{first_word}*" + paragraph[len(first_word) :], 1)
    )
    out = tmp_path / "out"
    result = CliRunner().invoke(
        main, ["build", "--game", "mygame", "--data", str(game), "--out", str(out)]
    )
    assert result.exit_code == 0, result.output
    with pdfplumber.open(out / "mygame" / "rules.pdf") as pdf:
        italic = [
            w
            for p in pdf.pages
            for w in _words(p)
            if w["text"] == first_word and "Oblique" in w["fontname"]
        ]
    assert italic, f"{first_word!r} not printed in italic"
    # an inline icon is refused in the rulebook, at its line
    lines = rulebook.read_text(encoding="utf-8").split("\n")
    at = next(i for i, line in enumerate(lines) if line.startswith(f"*{first_word}*"))
    lines[at] = lines[at] + " :card:"
    rulebook.write_text("\n".join(lines), encoding="utf-8")
    result = CliRunner().invoke(main, ["validate", "--game", "mygame", "--data", str(game)])
    assert result.exit_code == 1
    assert f"rulebook.md:{at + 1}: the rulebook prints no inline icons (:card:)" in result.output


_PIECE = st.sampled_from(
    [
        "a",
        "Bc",
        "9",
        " ",
        "  ",
        ",",
        ".",
        ":",
        "?",
        "-",
        "(",
        ")",
        "*",
        "**",
        ":card:",
        ":x:",
        "_",
        "é",
    ]
)


@settings(max_examples=1000, deadline=None)
@given(st.lists(_PIECE, max_size=16).map("".join))
@example("**a****a**")  # two runs abutting: markdown-it reads four stars, none a pair
@example("a**_**")  # an underscore is no word character to markdown-it here
def test_the_quick_reading_of_common_markup_is_markdown_its_reading(text):
    """`**words**` and `:icon:` between words are read without loading markdown-it-py
    (pnp.data.markup._simple); wherever that reading applies it is the parser's."""
    from pnp.data.markup import _parsed, _simple

    quick = _simple(text)
    if quick is None:
        return
    assert quick == _parsed(text)
