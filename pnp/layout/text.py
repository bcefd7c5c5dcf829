"""Fit text into a box: wrap at whitespace and soft hyphens, then shrink step by step
down to a floor size. Measures with the registered fonts' metrics (reportlab's
pdfmetrics); rich text (pnp.data.markup) run by run (pnp.layout.rich). Sizes and box
dimensions in points. Source: shared/DESIGN.md, "Drawing" (text auto-fits, never
overflows or clips; a card whose text cannot fit at the floor is an error)."""

from __future__ import annotations

import re
from functools import lru_cache

from reportlab.pdfbase.pdfmetrics import stringWidth

from pnp.core.records import NamedTuple
from pnp.core.shown import plural, quoted
from pnp.core.units import mm_to_pt
from pnp.data.markup import ENCODED, MarkupError, decoded, encoded
from pnp.fonts import BREAKS, NO_BREAK_SPACES, metrics, on_change
from pnp.fonts import font as registered
from pnp.layout.blanks import BLANK_RUN, blank_text
from pnp.layout.imposition import Rect
from pnp.layout.line_ends import SEPARATOR_END, lift_last_word, listed, unseparated
from pnp.layout.rich import carried, rich_width

LEADING = 1.18
STEP_PT = 0.25


class FittedText(NamedTuple):
    """Text laid out to fit: font name, size (pt), leading (pt) and the wrapped lines. A
    named tuple, as PlacedLine: made for every text fitted, at C speed."""

    font: str
    size: float
    leading: float
    lines: tuple[str, ...]

    @property
    def height(self) -> float:
        """Height of the block in points: one leading per line after the first, plus one size."""
        return self.size + self.leading * (len(self.lines) - 1) if self.lines else 0.0


class TextDoesNotFit(Exception):
    """Text cannot fit its box even at the floor size; `reason` says why in words."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


@lru_cache(maxsize=65536)
def text_width(text: str, font: str, size: float) -> float:
    """Width (pt) of `text` (plain or encoded rich text, pnp.layout.rich) in `font` at `size`."""
    if ENCODED.search(text):
        return rich_width(text, font, size)
    return stringWidth(text, font, size)


# Whitespace that separates words: tabs, carriage returns and Unicode spaces print as one
# space; no-break spaces bind words; "\n" starts a line. BREAKS (pnp.fonts): break points.
_SPACES = re.compile(f"[^\\S\n{NO_BREAK_SPACES}]+")
_BREAK = re.compile(f"([{''.join(BREAKS)}])")


def words(text: str) -> list[str]:
    """The words of one line of `text`, split at any run of word-separating whitespace."""
    return [w for w in _SPACES.split(text) if w]


def _split(word: str) -> list[str]:
    """`word` split at its break points, kept between the parts (rich: `carried`)."""
    parts = _BREAK.split(word)
    return carried(parts) if len(parts) > 1 and ENCODED.search(word) else parts


def _plain(word: str) -> str:
    return _BREAK.sub("", word)


def _break_to_fit(word: str, room: float, font: str, size: float) -> tuple[str, str]:
    """The longest head of `word`, broken at a soft hyphen or zero-width space, that fits
    in `room` pt with what prints at the break; ("", word) when none does."""
    pieces = _split(word)
    for k in range(len(pieces) // 2, 0, -1):
        head = _plain("".join(pieces[: 2 * k - 1])) + BREAKS[pieces[2 * k - 1]]
        if text_width(head, font, size) <= room:
            return head, "".join(pieces[2 * k :])
    return "", word


def wrap(
    text: str, font: str, size: float, width: float, indent: float = 0.0, last_words: int = 1
) -> tuple[str, ...] | None:
    """Greedy word wrap of `text` to `width` pt; None if a word is wider than the box
    even broken at its soft hyphens. Breaks at whitespace (`words`), and inside a word at
    a soft hyphen (printing a hyphen) or a zero-width space; explicit newlines start new
    lines. The lines hold exactly what prints: a list's separator (pnp.layout.line_ends) falls at
    a break, and a word that fits without its separator ends the line there.

    `indent` (pt) is taken on the first line by what prints before the text (a bold lead
    word and its space): that line may then hold no word at all (""). With `last_words`
    2, a paragraph whose last line would hold one word takes the word before it down
    with it when both fit the width and the line above keeps two words (issues 28 and
    44: no word stranded on a last line); the default 1 wraps as before."""
    lines: list[str] = []
    space = text_width(" ", font, size)
    separated = listed(text)
    for paragraph in text.split("\n"):
        start = len(lines)
        line, line_w, held = "", indent if not lines else 0.0, indent > 0 and not lines
        whole_words: list[bool] = []  # per line of this paragraph: it ended at a space
        for word in words(paragraph):
            while word:
                gap = space if line else 0.0
                whole = _plain(word)
                w = text_width(whole, font, size)
                if line_w + gap + w <= width:
                    line, line_w, word = (
                        (f"{line} {whole}" if line else whole),
                        line_w + gap + w,
                        "",
                    )
                    continue
                if separated and line and (bare := SEPARATOR_END.sub("", whole)) != whole:
                    if line_w + gap + text_width(bare, font, size) <= width:
                        lines.append(f"{line} {bare}")  # the separator falls at the break
                        whole_words.append(True)
                        line, line_w, word, held = "", 0.0, "", False
                        continue
                head, word = _break_to_fit(word, width - line_w - gap, font, size)
                if head:
                    lines.append(f"{line} {head}" if line else head)
                elif not line and not held:
                    return None
                else:
                    lines.append(line)
                whole_words.append(not head)
                line, line_w, held = "", 0.0, False
        lines.append(line)
        if last_words > 1:
            lift_last_word(lines, start, whole_words, lambda t: text_width(t, font, size), width)
    return tuple(map(unseparated, lines)) if separated else tuple(lines)


# a heading breaks after a hyphen only between parts of three letters or more ("Wi-Fi" holds)
_HEADING_HYPHEN = re.compile(r"(?<=\w{3})-(?=\w{3})")

#: What a line break costs in `balanced_wrap`, as the room (a share of the width) that
#: would cost as much left empty at a line's end: a break inside a word; in a heading, a
#: line ending on a word that leads into the next ("Tax & / Benefits"), a last line of
#: one short word (SHORT_WORD characters or fewer) under others ("a remote-control /
#: car"). A heading's last line counts its room at LAST_LINE_WEIGHT (longer line first).
BREAK_IN_WORD_COST = 0.25
WEAK_END_COST = 0.5
LAST_LINE_WEIGHT = 0.8
SHORT_WORD = 4
LONE_WORD_COST = 0.4
WEAK_LINE_ENDS = frozenset({"&", "a", "an", "the", "of", "to", "and", "or", "in", "on", "for"})


def balanced_wrap(
    text: str, font: str, size: float, width: float, last_too: bool = False
) -> tuple[str, ...] | None:
    """`wrap`'s lines, as few, with the breaks moved so the lines are as even as they can
    be (the least sum of squared room left at their ends, each paragraph's last line
    counted only when `last_too`): a prompt whose words are bound to its blanks does not
    strand "hidden" on a line of its own, and a heading with `last_too` does not leave
    "car" alone under "a remote-control". Breaks at spaces and at `wrap`'s break points
    inside a word (a soft hyphen, a zero-width space), at the costs BREAK_IN_WORD_COST,
    WEAK_END_COST and LONE_WORD_COST say. None as `wrap`."""
    greedy = wrap(text, font, size, width)
    if greedy is None:
        return None
    separated = listed(text)
    lines: list[str] = []
    for paragraph in text.split("\n"):
        # pieces of words, each with what follows it: " " (a space), or a break point
        pieces: list[tuple[str, str]] = []
        for word in words(paragraph):
            parts = _split(word)
            pieces += [(parts[k], parts[k + 1]) for k in range(0, len(parts) - 1, 2)]
            pieces.append((parts[-1], " "))
        n = len(pieces)

        def line(i: int, j: int) -> str:
            inner = "".join(p + (" " if after == " " else "") for p, after in pieces[i:j])
            last, after = pieces[j]
            made = inner + last + ("" if after == " " else BREAKS[after])
            return unseparated(made) if separated else made

        def cost_of(i: int, j: int, room: float) -> float:
            if j == n - 1:  # the last line
                if not last_too:  # a lone word there costs as much as LONE_WORD_COST
                    return (width * LONE_WORD_COST) ** 2 if 0 < i == j else 0.0
                alone = (
                    i > 0
                    and len(pieces[j][0]) <= SHORT_WORD
                    and all(after != " " for _, after in pieces[i:j])
                )
                return room**2 * LAST_LINE_WEIGHT + (width * LONE_WORD_COST) ** 2 * alone
            cost = room**2
            if pieces[j][1] != " ":
                cost += (width * BREAK_IN_WORD_COST) ** 2
            elif last_too and pieces[j][0].lower() in WEAK_LINE_ENDS:
                cost += (width * WEAK_END_COST) ** 2
            return cost

        # best[i]: (lines, cost, where the line starting at piece i ends) for pieces i..n-1
        best: list[tuple[int, float, int]] = [(0, 0.0, n)] * (n + 1)
        for i in range(n - 1, -1, -1):
            choice = None
            for j in range(i, n):
                room = width - text_width(line(i, j), font, size)
                if room < -1e-9:
                    break
                after = best[j + 1]
                cost = after[1] + cost_of(i, j, room)
                option = (after[0] + 1, cost, j + 1)
                if choice is None or option[:2] < choice[:2]:
                    choice = option
            if choice is None:  # a piece wider than the width: wrap breaks it
                return greedy
            best[i] = choice
        i = 0
        while i < n:
            lines.append(line(i, best[i][2] - 1))
            i = best[i][2]
        if n == 0:
            lines.append("")
    return tuple(lines) if len(lines) <= len(greedy) else greedy


def _fits(
    text: str,
    font: str,
    size: float,
    width: float,
    height: float,
    max_lines: int | None,
    balanced: bool = False,
    last_too: bool = False,
) -> FittedText | None:
    if balanced:
        lines = balanced_wrap(text, font, size, width, last_too)
    else:
        lines = wrap(text, font, size, width, last_words=2)
    if lines is None or (max_lines is not None and len(lines) > max_lines):
        return None
    fitted = FittedText(font, size, size * LEADING, lines)
    return fitted if fitted.height <= height + 1e-6 else None


@lru_cache(maxsize=8192)
def fit_text(
    text: str,
    font: str,
    width: float,
    height: float,
    max_size: float,
    min_size: float,
    max_lines: int | None = None,
    blank_pt: float = 0.0,
    heading: bool = False,
) -> FittedText:
    """The largest size from `max_size` down to `min_size` (pt) at which `text` wraps
    into `width` x `height` pt (and at most `max_lines` lines).

    With `blank_pt` > 0 the text's blanks print as slots at least that long
    (`blank_text`), each bound to the word before it; blanks next to each other are
    kept on one line at any size where that fits, and only then allowed to part; the
    lines are balanced (`balanced_wrap`).

    A `heading` (a title, a Not a Hack card's text) may break after a hyphen inside a
    word, and its lines are balanced, its last line counted too: "a remote- / control
    car", not "a remote-control / car"; "an Internet- / connected toaster", not "an /
    Internet-connected / toaster" (issue 28: no word stranded).

    Raises TextDoesNotFit when even `min_size` overflows, saying by how much.
    """
    registered(font)
    if heading:
        text = _HEADING_HYPHEN.sub("-\u200b", text)
    passes = (True, False) if blank_pt > 0 and BLANK_RUN.search(text) else (None,)
    for together in passes:
        size = max_size
        while size >= min_size - 1e-9:
            shown = text if together is None else blank_text(text, font, size, blank_pt, together)
            balanced = together is not None or heading
            fitted = _fits(shown, font, size, width, height, max_lines, balanced, heading)
            if fitted is not None:
                return fitted
            size = round(size - STEP_PT, 4)
    if passes != (None,):
        text = blank_text(text, font, min_size, blank_pt, False)
    lines = wrap(text, font, min_size, width)
    if lines is None:
        longest = max(
            (_plain(w) for w in words(text.replace("\n", " "))),
            default="",
            key=lambda w: text_width(w, font, min_size),
        )
        shown = decoded(longest).replace("\u00a0", " ")
        raise TextDoesNotFit(
            f"the word {quoted(shown, 40)} is wider than the {width / 72 * 25.4:.1f} mm "
            f"text box even at {min_size} pt"
        )
    need = FittedText(font, min_size, min_size * LEADING, lines).height
    raise TextDoesNotFit(
        f"{plural(len(lines), 'line')} need {need / 72 * 25.4:.1f} mm at the {min_size} pt "
        f"floor; the box is {height / 72 * 25.4:.1f} mm tall"
    )


on_change(text_width.cache_clear)
on_change(fit_text.cache_clear)


class PlacedLine(NamedTuple):
    """One line of fitted text where it prints: its text (encoded rich text: pnp.layout.rich
    draws it run by run), font, size (pt), start x, baseline y and em box (pt). A named
    tuple: every line of every text is one, made at C speed."""

    text: str
    font: str
    size: float
    x: float
    baseline: float
    box: Rect

    @property
    def printed(self) -> str:
        """The characters the line prints: its text without markup's switches and icons."""
        return ENCODED.sub("", self.text)


def fit_block(block) -> FittedText:
    """Fit a text element (pnp.layout.face.Text) into its box, its markup encoded
    (pnp.data.markup), its blanks (if it sets `blank_mm`) as slots that long; raises
    TextDoesNotFit (also for markup that cannot print: validation says where)."""
    b = block.box
    blank_pt = mm_to_pt(getattr(block, "blank_mm", 0.0))
    try:
        text = encoded(block.text)
    except MarkupError as exc:
        raise TextDoesNotFit(f"its markup cannot print: {exc}") from None
    return fit_text(
        text,
        block.font,
        b.w,
        b.h,
        block.max_size,
        block.min_size,
        block.max_lines,
        blank_pt,
        getattr(block, "heading", False),
    )


def placed_lines(block) -> tuple[PlacedLine, ...]:
    """Where every line of a text element prints: the fitted block centred vertically in
    its box (at its top when the element's `valign` is "top"), each line aligned as the element says. The renderer draws exactly these and
    validation checks exactly these (through `Text.placed`, which keeps them with the
    element, so they are worked out once a face and freed with it). Raises
    TextDoesNotFit."""
    fitted = fit_block(block)
    b = block.box
    ascent, descent = metrics(fitted.font)
    top = b.top if getattr(block, "valign", "middle") == "top" else b.y + (b.h + fitted.height) / 2
    out = []
    for i, line in enumerate(fitted.lines):
        baseline = top - ascent * fitted.size - i * fitted.leading
        width = text_width(line, fitted.font, fitted.size)
        x = (
            b.x
            if block.align == "left"
            else b.x + b.w - width
            if block.align == "right"
            else b.x + (b.w - width) / 2
        )
        box = Rect(x, baseline + descent * fitted.size, width, (ascent - descent) * fitted.size)
        out.append(PlacedLine(line, fitted.font, fitted.size, x, baseline, box))
    return tuple(out)
