"""Not a Hack's blanks and prompt placement (issue 28 item 6), read back from cards.pdf at
every card size the game offers: every shipped hack prompt is found on the page; each
blank is one unbroken run of underscores at least 15 mm long; a blank never starts a
line (it stays with the word before it, and two blanks stay on one line) unless the
prompt starts with one or the word and its blanks are wider than the text box even at
the prompt's floor size; no line starts with the punctuation after a blank; the
prompt's top is under the kind label and within the top third of the card."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from pnp.core.paths import SHIPPED_DATA_DIR
from pnp.core.sizes import CARD_SIZES_MM
from pnp.core.units import mm_to_pt, pt_to_mm
from pnp.fonts import BOLD
from pnp.games.not_a_hack.cards import load_not_a_hack
from pnp.games.not_a_hack.faces import BLANKS_FLOOR_PT, KIT
from pnp.layout.card_frame import CardFrame
from pnp.layout.design import DesignGrid
from pnp.layout.face import Text
from pnp.layout.imposition import Rect
from pnp.layout.text import balanced_wrap, blank_text, fit_text, placed_lines, text_width, wrap
from tests.pdfread import placements, plumbed

SIZES = ("poker", "bridge", "tarot")
BLANK_PT = mm_to_pt(15)
#: The prompt is the only text this large on a hack card (its floor, grown with the card's
#: type as DesignGrid.pt grows it: tarot 1.22); the kind label is under 7.5 pt so grown.
PROMPT_PT = BLANKS_FLOOR_PT - 0.01
LABEL_PT = 7.5
CLOSERS = ".,;:!?”’)»"


@pytest.fixture(scope="module")
def data():
    return load_not_a_hack(SHIPPED_DATA_DIR / "not-a-hack")


@pytest.fixture(scope="session")
def kit_pdf(kit):
    def make(size: str) -> Path:
        return kit("not-a-hack", card_size=size).paths[0]

    return make


def _lines(chars) -> list[list[dict]]:
    """Chars grouped into printed lines (same baseline), top line first, each left to right."""
    rows: dict[float, list[dict]] = {}
    for c in chars:
        rows.setdefault(round(c["bottom"], 1), []).append(c)
    return [sorted(rows[k], key=lambda c: c["x0"]) for k in sorted(rows)]


def _normal(text: str) -> str:
    """A prompt as the data writes it: blanks "____", single spaces."""
    return " ".join(re.sub(r"_{3,}", "____", text.replace("\u00a0", " ")).split())


def _joined(lines: list[str]) -> str:
    out = ""
    for line in lines:
        out += line if not out or out.endswith("-") else " " + line
    return _normal(out)


def _prompts(path: Path, size: str):
    """(card's trim top in pdfplumber's top-down pt, kind label's bottom, lines of prompt
    chars) for every card whose large text is a prompt."""
    w, h = (mm_to_pt(v) for v in CARD_SIZES_MM[size])
    grid = DesignGrid(CardFrame(w, h, mm_to_pt(0.5), False))
    prompt_pt, label_pt = grid.pt(PROMPT_PT), grid.pt(LABEL_PT)
    reader = PdfReader(path)
    with plumbed(path) as pdf:
        for index, page in enumerate(pdf.pages):
            page_h = float(page.height)
            for p in placements(reader, index):
                x0, y0 = p.origin
                top = page_h - y0 - h
                mine = [
                    c
                    for c in page.chars
                    if x0 <= (c["x0"] + c["x1"]) / 2 <= x0 + w and top <= c["top"] <= top + h
                ]
                prompt = [c for c in mine if c["size"] >= prompt_pt and c["text"] != " "]
                label = [c for c in mine if c["size"] < label_pt and c["top"] < top + mm_to_pt(10)]
                if prompt and label:
                    chars = [c for c in mine if c["size"] >= prompt_pt]
                    label_bottom = max(c["bottom"] for c in label)
                    yield top, h, label_bottom, _lines(chars)


def _runs(line: list[dict]) -> list[tuple[int, int]]:
    """(first, last) indexes of each run of underscores in a printed line."""
    runs, start = [], None
    for i, c in enumerate(line + [{"text": ""}]):
        if c["text"] == "_" and start is None:
            start = i
        elif c["text"] != "_" and start is not None:
            runs.append((start, i - 1))
            start = None
    return runs


def _group_too_wide(prompt: str, blank_index: int, box_w: float, floor: float) -> bool:
    """True when the word before blank `blank_index`'s run of blanks and that run, bound
    together, are wider than the box even at the prompt's floor size (`floor` pt): a
    split is needed."""
    tokens = prompt.split()
    at = [i for i, t in enumerate(tokens) if "____" in t][blank_index]
    first = at
    while first > 0 and "____" in tokens[first - 1]:
        first -= 1
    last = at
    while last + 1 < len(tokens) and "____" in tokens[last + 1]:
        last += 1
    group = " ".join(tokens[max(0, first - 1) : last + 1])
    bound = blank_text(group, BOLD, floor, BLANK_PT, True)
    return text_width(bound.replace("\u200b", ""), BOLD, floor) > box_w


@pytest.mark.parametrize("size", SIZES)
def test_every_prompt_prints_its_blanks_as_long_unbroken_slots(data, kit_pdf, size):
    hacks = {_normal(c.text): c for c in data.cards if c.kind == "hack"}
    w_mm, h_mm = CARD_SIZES_MM[size]
    frame = CardFrame(mm_to_pt(w_mm), mm_to_pt(h_mm), mm_to_pt(0.5), False)
    seen, shortest, excused = set(), 1e9, []
    for top, h, label_bottom, lines in _prompts(kit_pdf(size), size):
        texts = ["".join(c["text"] for c in line) for line in lines]
        card = hacks.get(_joined(texts))
        if card is None:
            continue  # an action or banned card's title and text
        seen.add(card.id)
        prompt = next(e for e in KIT.front(card, data, frame).elements if e.key == "text")
        assert isinstance(prompt, Text)
        box_w = prompt.box.w
        prompt_top = min(c["top"] for line in lines for c in line if c["text"].strip())
        assert label_bottom <= prompt_top <= top + h / 3, (size, card.id)
        blank = 0
        for n, line in enumerate(lines):
            shown = texts[n].lstrip(" \u00a0“‘(")
            assert shown[0] not in CLOSERS, (size, card.id, texts)
            for first, last in _runs(line):
                run = line[first : last + 1]
                for a, b in zip(run, run[1:]):  # underscores abut: one line
                    assert abs(b["x0"] - a["x1"]) < 0.05, (size, card.id)
                length = pt_to_mm(run[-1]["x1"] - run[0]["x0"])
                shortest = min(shortest, length)
                assert length >= 15 - 1e-6, (size, card.id, length)
                starts_line = not "".join(c["text"] for c in line[:first]).strip(" \u00a0“‘(")
                if starts_line and not (n == 0 and _normal(card.text).startswith("____")):
                    assert texts[n - 1].rstrip().endswith("_"), (size, card.id, texts)
                    assert _group_too_wide(_normal(card.text), blank, box_w, prompt.min_size), (
                        size,
                        card.id,
                        texts,
                    )
                    excused.append(card.id)
                blank += 1
        assert blank == card.blanks, (size, card.id, texts)
    assert seen == {c.id for c in hacks.values()}
    assert 15 <= shortest < 17
    # the one split the bridge card needs: three blanks do not fit its 51 mm line
    assert excused == (["hack-firmware"] if size == "bridge" else [])


def test_a_blank_is_bound_to_the_word_before_it_and_its_punctuation():
    text = blank_text("I got admin on ____ ____.", BOLD, 12.0, BLANK_PT, True)
    head, blanks = text.split(" ")[-1].split("\u00a0", 1)
    assert head == "on" and re.fullmatch(r"_{8,}\u00a0_{8,}\.", blanks)
    assert text_width("_" * blanks.index("\u00a0"), BOLD, 12.0) >= BLANK_PT
    loose = blank_text("I got admin on ____ ____.", BOLD, 12.0, BLANK_PT, False)
    assert re.search(r"on\u00a0_+ _+\.$", loose)
    assert blank_text("Social-engineer ____.", BOLD, 12.0, BLANK_PT, True).startswith(
        "Social-\u200bengineer\u00a0"
    )


def test_two_blanks_part_only_when_they_cannot_share_a_line():
    width = mm_to_pt(50)
    together = fit_text("Breach ____ ____.", BOLD, width, 200, 15, 9.5, None, BLANK_PT)
    assert len(together.lines) == 1
    # three blanks and a word are wider than 50 mm at any size down to the floor
    split = fit_text("Patch ____ ____ ____.", BOLD, width, 200, 15, 9.5, None, BLANK_PT)
    assert split.size == 15 and len(split.lines) == 2
    assert split.lines[0].startswith("Patch\u00a0_")
    # a prompt without blanks_pt keeps its short blanks and breaks anywhere
    plain = fit_text("Patch ____ ____ ____.", BOLD, mm_to_pt(20), 200, 15, 9.5)
    assert "____" in plain.lines


def test_a_top_aligned_text_starts_at_its_box_top():
    box = Rect(0, 0, mm_to_pt(50), mm_to_pt(50))
    common = dict(key="t", text="Breach ____.", font=BOLD, box=box, max_size=12.0)
    top = placed_lines(Text(**common, valign="top", blank_mm=15.0))
    middle = placed_lines(Text(**common))
    assert top[0].box.top == pytest.approx(box.top)
    assert middle[0].box.top < box.top - mm_to_pt(20)


def test_a_prompt_balances_its_lines_instead_of_stranding_a_word():
    text = "The CTF flag was hidden inside ____. I found it ____."
    width = mm_to_pt(51.15)  # a bridge card's text box
    bound = blank_text(text, BOLD, 15.0, BLANK_PT, True)
    greedy, balanced = wrap(bound, BOLD, 15.0, width), balanced_wrap(bound, BOLD, 15.0, width)
    assert greedy is not None and balanced is not None
    assert len(balanced) == len(greedy)
    assert "hidden" in greedy  # greedy leaves the word alone on its line
    assert min(len(line.split()) for line in balanced[:-1]) >= 2
    assert all(text_width(line, BOLD, 15.0) <= width for line in balanced)
    assert " ".join(balanced) == " ".join(greedy)
