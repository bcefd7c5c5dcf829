"""Text fitting: wraps, shrinks to the floor, never overflows; an error when it cannot fit."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.fonts import BOLD, REGULAR, font
from pnp.layout.text import TextDoesNotFit, fit_text, text_width, wrap

words = st.lists(
    st.text(alphabet="abcdefghijklmnopqrstuvwxyzABCDEFG−’“”", min_size=1, max_size=12),
    min_size=1,
    max_size=40,
)


@settings(max_examples=200, deadline=None)
@given(words, st.floats(40, 200), st.floats(10, 200), st.sampled_from([REGULAR, BOLD]))
def test_fitted_text_never_leaves_its_box(ws, width, height, font):
    text = " ".join(ws)
    try:
        fitted = fit_text(text, font, width, height, 12.0, 7.0)
    except TextDoesNotFit:
        return
    assert 7.0 <= fitted.size <= 12.0
    assert fitted.height <= height + 1e-6
    assert all(text_width(line, font, fitted.size) <= width + 1e-6 for line in fitted.lines)
    assert " ".join(fitted.lines).split() == text.split()


def test_short_text_keeps_the_largest_size():
    assert fit_text("Smart TV", BOLD, 160, 30, 13, 11).size == 13


def test_long_text_shrinks_before_it_fails():
    text = "Keep 3 copies of your data on 2 kinds of storage, with 1 copy off-site. " * 2
    fitted = fit_text(text, REGULAR, 160, 40, 9.5, 7)
    assert 7 <= fitted.size < 9.5


def test_text_that_cannot_fit_says_how_much_room_it_needs():
    with pytest.raises(
        TextDoesNotFit,
        match=r"lines need \d+\.\d mm at the 7 pt floor; "
        r"the box is 3\.5 mm tall",
    ):
        fit_text("word " * 80, REGULAR, 100, 10, 9, 7)


def test_no_break_space_keeps_words_together():
    assert wrap("IoT\u00a0Botnet · Malicious\u00a0App", REGULAR, 9, 60) == (
        "IoT\u00a0Botnet",
        "Malicious\u00a0App",
    )


@pytest.mark.parametrize("separator", ["·", "•", "|"])
@pytest.mark.parametrize("bound", ["\u00a0", " "])
def test_a_list_separator_never_ends_or_starts_a_line(separator, bound):
    """Issue 44 item 6: where a list breaks, its separator is left out with its spaces,
    whether it is bound to the item before it, free, or the item fits only without it."""
    items = ["Phishing\u00a0Email", "SIM\u00a0Swap", "Stalkerware", "Doxxing"]
    text = f"{bound}{separator} ".join(items)
    one_line = wrap(text, REGULAR, 9, 1000)
    assert one_line == (text,)  # a list on one line keeps its separators
    widest = int(text_width(f"Phishing\u00a0Email{bound}{separator}", REGULAR, 9)) + 1
    for width in range(widest, 200, 3):
        lines = wrap(text, REGULAR, 9, width)
        assert lines is not None
        assert all(
            not line.endswith(separator) and not line.startswith(separator) for line in lines
        )
        assert all(text_width(line, REGULAR, 9) <= width for line in lines)
        kept = [w for line in lines for w in line.replace(separator, " ").split()]
        assert kept == " ".join(items).split()
    first = f"Phishing\u00a0Email{bound}{separator} SIM\u00a0Swap"
    tight = text_width(first, REGULAR, 9) + 0.1  # "SIM Swap" fits only without its "·"
    assert wrap(text, REGULAR, 9, tight)[0] == first


def test_a_card_text_takes_a_word_down_to_its_last_line_where_it_fits():
    """Issue 44 item 6: no single word alone on a card text's last line where a better
    break fits (the line above keeps two words or more); where none fits, it stays."""
    text = "Every few months, restore a few files from your backup to prove it really works."
    width = text_width("Every few months, restore a few files", REGULAR, 8.5) + 0.5
    assert wrap(text, REGULAR, 8.5, width)[-1] == "works."  # greedy strands it
    fitted = fit_text(text, REGULAR, width, 100, 8.5, 7)
    assert fitted.lines[-1] == "really works."
    assert " ".join(fitted.lines) == text
    pair = "Social Engineering"  # one word a line: nothing better fits
    narrow = text_width("Engineering", REGULAR, 8) + 0.5
    assert fit_text(pair, REGULAR, narrow, 100, 8, 8).lines == ("Social", "Engineering")


def _width_of(line: str, size: float = 16.0) -> float:
    font(BOLD)  # registered, so it can be measured
    return text_width(line, BOLD, size) + 0.5


def test_a_heading_breaks_evenly_after_a_hyphen_instead_of_stranding_a_word():
    width = _width_of("a remote-control")
    plain = fit_text("a remote-control car", BOLD, width, 100, 16, 16)
    heading = fit_text("a remote-control car", BOLD, width, 100, 16, 16, heading=True)
    assert plain.lines == ("a remote-control", "car")
    assert heading.lines == ("a remote-", "control car")
    width = _width_of("an Internet-connected")
    assert fit_text("an Internet-connected toaster", BOLD, width, 100, 16, 16).lines[0] == (
        "an Internet-connected"
    )
    lines = fit_text(
        "an Internet-connected toaster",
        BOLD,
        _width_of("connected toaster"),
        100,
        16,
        16,
        heading=True,
    ).lines
    assert lines == ("an Internet-", "connected toaster")


def test_a_heading_keeps_short_hyphened_words_and_leading_words_with_what_follows():
    # "Wi-Fi" never parts; "Tax &" does not end a line when "Tax & Benefits" fits
    width = _width_of("the mall’s Wi-")
    assert (
        "Wi-"
        not in fit_text("the mall’s Wi-Fi hotspot", BOLD, width, 100, 16, 16, heading=True).lines
    )
    width = _width_of("Tax & Benefits")
    lines = fit_text("Tax & Benefits Login", BOLD, width, 100, 16, 16, heading=True).lines
    assert lines == ("Tax & Benefits", "Login")
    width = _width_of("a rubber duck")
    lines = fit_text("with a rubber duck", BOLD, width, 100, 16, 16, heading=True).lines
    assert lines == ("with", "a rubber duck")


@settings(max_examples=150, deadline=None)
@given(
    st.lists(
        st.sampled_from(
            ["a", "the", "remote-control", "Wi-Fi", "car", "self-driving", "&", "lawnmower", "x"]
        ),
        min_size=1,
        max_size=12,
    ),
    st.floats(60, 200),
)
def test_a_heading_never_leaves_its_width_and_keeps_every_letter(ws, width):
    text = " ".join(ws)
    try:
        fitted = fit_text(text, BOLD, width, 1000, 16.0, 11.0, heading=True)
    except TextDoesNotFit:
        return
    assert all(text_width(line, BOLD, fitted.size) <= width + 1e-6 for line in fitted.lines)
    assert "".join(fitted.lines).replace(" ", "") == text.replace(" ", "")
