"""Player-aid faces, shared by every game: a caption, the aid's title, a rule and the
turn's steps laid out as an aid (pnp.layout.aid_text: numbered, bold leads, phases
apart); and the aid back, which tells
an aid from every deck and pile. Card-local points; positions designed on a poker card
in mm from the trim's top edge (pnp.layout.design.DesignGrid). Source: shared/DESIGN.md,
"Player aids"; the data is pnp.data.aid.
"""

from __future__ import annotations

from typing import Any

from pnp.core.units import mm_to_pt, pt_to_mm
from pnp.data.aid import AidCard
from pnp.data.models import Origin
from pnp.fonts import BOLD, REGULAR, metrics
from pnp.layout.aid_text import (
    AID_LINES,
    NUMBER_GAP,
    AidBlock,
    TooLong,
    body_box,
    fit_aid,
    lay_out,
    max_size,
)
from pnp.layout.card_frame import BODY_FLOOR_PT, CardFrame
from pnp.layout.design import DesignGrid, label, line_at, title
from pnp.layout.face import Face, Fill, Text
from pnp.layout.imposition import Rect
from pnp.layout.text import LEADING, text_width

#: The back id of player-aid cards (a key of every kit's backs when it prints aids).
AID_BACK = "aid"
CAPTION = "PLAYER AID"


def aid_face(card: AidCard, data: Any, frame: CardFrame) -> Face:
    """Every element of an aid's front: the caption, the title, a rule, and the steps
    laid out as an aid (pnp.layout.aid_text.fit_aid): phase headings in the game's back
    colour, each step's number and bold lead on its first line, its wrapped lines under
    its text. An aid that cannot print in AID_LINES lines has one TooLong element in
    their place, which validation reports."""
    g, src, colour = DesignGrid(frame), card.source, data.info.back.colour
    head = title(
        "name", card.name, g.box(7.5, 10.5), size=13.0, colour=colour, origin=src.at("name")
    )
    box = body_box(frame)
    block = fit_aid(card.phases, box, max_size(frame))
    steps = _step_texts(block, box, colour, src.at("lines")) if block else (_too_long(card, box),)
    return Face(
        elements=(label("kind", CAPTION, g.box(3.2, 3.5)), head, g.rule("rule", g.y(19.5)), *steps),
        source=src,
    )


def _step_texts(block: AidBlock, box: Rect, colour: str, origin: Origin) -> tuple[Text, ...]:
    """One Text per run of a line (number, lead, words) of `block`, at its place in
    `box` (pt): each set at the block's size, one line, left-aligned (numbers right)."""
    size, ascent = block.size, metrics(BOLD)[0]
    out: list[Text] = []
    right = box.x + box.w + 0.01  # a line the wrap measured fits: keep float noise out

    def run(key: str, text: str, font: str, x: float, top: float, **kw: Any) -> None:
        baseline = box.top - top - ascent * size
        h = size * LEADING
        y = baseline + ascent * size - (h + size) / 2  # centred: placed on `baseline`
        out.append(
            Text(
                key=key,
                text=text,
                font=font,
                box=Rect(x, y, kw.pop("w", right - x), h),
                max_size=size,
                min_size=size,
                max_lines=1,
                align=kw.pop("align", "left"),
                origin=origin,
                **kw,
            )
        )

    step = 0
    for i, line in enumerate(block.lines):
        if line.heading:
            run(f"phase-{i}", line.text, BOLD, box.x, line.top, colour=colour)
            continue
        x = box.x + block.indent
        if line.number:
            step += 1
            w = block.indent - NUMBER_GAP * size
            run(f"step-{step}-number", line.number, BOLD, box.x, line.top, w=w, align="right")
            run(f"step-{step}-lead", line.lead, BOLD, x, line.top)
            x += text_width(line.lead, BOLD, size) + text_width(" ", REGULAR, size)
        if line.text:
            run(f"step-{step}-line-{i}", line.text, REGULAR, x, line.top)
    return tuple(out)


def _too_long(card: AidCard, box: Rect) -> TooLong:
    """The element that says why `card`'s steps cannot print on one aid card."""
    block = lay_out(card.phases, BODY_FLOOR_PT, box.w)
    reason = (
        f"its steps need {len(block.lines)} lines at the {BODY_FLOOR_PT:g} pt floor "
        f"({len(block.lines) - AID_LINES} more than an aid card's {AID_LINES}) even "
        "split between steps: shorten its longest step"
        if block
        else f"a lead or word is wider than the {pt_to_mm(box.w):.1f} mm aid box"
    )
    return TooLong(
        key="lines",
        text="\n".join(card.lines),
        font=REGULAR,
        box=box,
        max_size=BODY_FLOOR_PT,
        origin=card.source.at("lines"),
        reason=reason,
    )


def aid_back(data: Any, frame: CardFrame) -> Face:
    """The aids' back: the game's title over "PLAYER AID" in the game's colour, centred
    on a pale ground that runs through the bleed, so an aid is never shuffled into a deck
    or pile; no frame, so duplex drift and miscuts do not show (issue 28 item 7)."""
    back, f = data.info.back, frame
    width = f.w - 2 * mm_to_pt(7.0)
    return Face(
        elements=(
            line_at(
                "title",
                back.title,
                BOLD,
                14,
                f.w / 2,
                f.h * 0.5 + mm_to_pt(1.0),
                width,
                min_size=11.0,
                colour=back.colour,
                origin=back.source.at("title"),
            ),
            line_at(
                "caption",
                CAPTION,
                BOLD,
                10,
                f.w / 2,
                f.h * 0.5 - mm_to_pt(5.0),
                width,
                colour=back.colour,
            ),
        ),
        ground=Fill(key="ground", rect=f.bleed_rect, colour=back.colour, strength=0.06),
        source=back.source,
        reuse=f"back-{AID_BACK}",
    )
